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

struct GameRecord {
  std::string game;
  Json params = Json::object();
  int players = 0;
  std::vector<std::string> seats;  // who played each seat (bot name or player)
  std::uint64_t seed = 0;
  std::vector<RecordedAction> actions;
  Json result;  // null while the game is unfinished
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
