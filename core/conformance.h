// Game-agnostic checks of the game contract (core/game.h), written once
// against AnyState. The conformance test suite and `meeple selfplay` run them
// on every step of many random games of every registered game.
#pragma once

#include <string>
#include <vector>

#include "core/any_game.h"

namespace meeple {

struct ConformanceOptions {
  // Expensive checks (state JSON round trip, hidden-information views,
  // probing illegal actions, applying every legal action) run on every
  // `deep_every`-th step; cheap ones on all.
  int deep_every = 1;
  // How many legal actions to try applying on a deep step (0 = all).
  int max_legal_tries = 0;
  int determinize_samples = 2;
};

// Checks one state. Appends a readable line per problem found.
void check_state(const AnyState& s, Rng& rng, bool deep, const ConformanceOptions& opt,
                 std::vector<std::string>& problems);

// Checks a finished game's result: ranks, winners, player count.
void check_result(const AnyState& s, std::vector<std::string>& problems);

}  // namespace meeple
