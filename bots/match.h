// Plays whole games between bots: used by selfplay, arena and tests.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "core/record.h"

namespace meeple {

struct MatchOptions {
  std::size_t max_actions = 200000;  // a game longer than this is an error
  // Called after every applied action (e.g. conformance checks).
  std::function<void(const AnyState&)> on_step;
};

// A seat that lost its game before the end: a program bot's illegal or
// malformed answer, timeout or end (bots/program_bot.h). The drivers count
// the game as lost by that seat and won by every other seat.
struct Forfeit {
  int game = 0;  // the driver's game number (from 1)
  Seat seat = 0;
  std::string bot;     // its spec
  std::string reason;  // for people
  Json to_json() const;
  std::string line() const;  // "game 3, seat 1 (cmd:...) forfeits: ..."
};

struct MatchOutcome {
  GameRecord record;          // complete, with result when the game ended
  std::vector<Error> errors;  // bots choosing illegal actions, endless games
  bool finished = false;
  std::optional<Forfeit> forfeit;  // not finished: a seat forfeited (seat, bot, reason)
};

// Plays one game from `start` (the new game's state). Chance is drawn from
// rng; each seat in to_act() is asked in seat order. bots[i] plays seat i.
MatchOutcome play_match(AnyState start, const std::vector<Bot*>& bots, Rng& rng,
                        const MatchOptions& opt = {});

}  // namespace meeple
