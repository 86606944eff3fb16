// One step of a random game, as the benches and tools that play fixed-seed
// random games take it: a chance outcome drawn by its odds, or a uniformly
// random legal action of the lowest seat to act. The same state and
// generator give the same step (the draws: one per step).
#pragma once

#include <cstdint>

#include "core/any_game.h"
#include "core/rng.h"

namespace meeple {

struct RandomStep {
  Seat seat = kChance;
  Action action = -1;
};

// `s` must not be terminal.
inline RandomStep random_step(const AnyState& s, Rng& rng) {
  if (s.is_chance()) return {kChance, sample_chance(s.chance_outcomes(), rng)};
  const Seat seat = s.to_act().lowest();
  const ActionList legal = s.legal_actions(seat);
  return {seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]};
}

}  // namespace meeple
