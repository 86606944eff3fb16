// The game record: everything needed to replay a game exactly. Format
// "meeple-record/1" (docs/architecture.md):
//   {"format": "meeple-record/1", "game": "first-giants", "params": {...},
//    "players": 4, "seats": ["heuristic", "random", ...], "seed": 1,
//    "actions": [{"seat": -1, "action": 17, "json": {...}}, ...],
//    "result": {"score": [...], "rank": [...], "winners": [...], "details": {...}}}
// seat -1 is chance. "json" is the action's readable form, checked on replay;
// an entry may carry "json" alone (hand-written records), which is parsed.
// {"seat": 2, "undo": true} is seat 2 taking back its latest decision
// (core/undo.h): the game goes back to the state before it.
// "hints": [{"seat": 1, "at": 12}] (only when some were asked): seat 1 asked
// for a hint (bots/hint.h) before the record's action 12, i.e. at replay
// step 12. A mark changes nothing in the game.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/any_game.h"
#include "core/undo.h"

namespace meeple {

inline constexpr const char* kRecordFormat = "meeple-record/1";

struct RecordedAction {
  Seat seat = kChance;
  Action action = -1;  // -1: not given, parse `json`
  Json json;
  bool undo = false;  // the seat takes back its latest decision (no action)
};

// A person asked for a hint at a decision: which seat, and before which of
// the record's actions (its index; the replay's step).
struct HintMark {
  Seat seat = kChance;
  std::size_t at = 0;
  bool operator==(const HintMark&) const = default;
};

struct GameRecord {
  std::string game;
  Json params = Json::object();
  int players = 0;
  std::vector<std::string> seats;  // who played each seat (bot name or player)
  std::uint64_t seed = 0;
  std::vector<RecordedAction> actions;
  Json result;                  // null while the game is unfinished
  std::vector<HintMark> hints;  // in the order asked
};

Json record_to_json(const GameRecord& r);
// Checks the shape; gives record/corrupt with the reason.
Expected<GameRecord> record_from_json(const Json& j);

// Replays a record from its parameters, applying every action with checks and
// comparing each action's JSON form and the final result with the record. An
// undo entry must follow the rule of core/undo.h (record/corrupt if not).
// `on_step`, if set, sees the state after each action (for extra checks).
Expected<AnyState> replay_record(const AnyGame& game, const GameRecord& r,
                                 const std::function<void(const AnyState&)>& on_step = {});

}  // namespace meeple
