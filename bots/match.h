// Plays whole games between bots: used by selfplay, arena and tests.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "bots/bot.h"
#include "core/record.h"

namespace meeple {

struct MatchOptions {
  std::size_t max_actions = 200000;  // a game longer than this is an error
  // Called after every applied action (e.g. conformance checks).
  std::function<void(const AnyState&)> on_step;
};

struct MatchOutcome {
  GameRecord record;          // complete, with result when the game ended
  std::vector<Error> errors;  // bots choosing illegal actions, endless games
  bool finished = false;
};

// Plays one game from `start` (the new game's state). Chance is drawn from
// rng; each seat in to_act() is asked in seat order. bots[i] plays seat i.
MatchOutcome play_match(AnyState start, const std::vector<Bot*>& bots, Rng& rng,
                        const MatchOptions& opt = {});

}  // namespace meeple
