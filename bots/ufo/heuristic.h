// The Ufo! heuristic, shared by the "heuristic" bot and the ISMCTS rollout
// policy: a hand-made evaluation of positions and quick rules for each kind
// of decision (docs/bots.md).
#pragma once

#include <array>

#include "games/ufo/ufo.h"
#include "search/ismcts.h"

namespace meeple::ufo {

// A player's standing: score, controlled cities, UFOs in play and, for the
// active player, what its UFOs may still earn this turn.
using Standings = std::array<double, kMaxPlayers>;
void standings(const UfoState& s, Standings& out);
double standing(const UfoState& s, Seat p);
// `me`'s standing minus the rivals' average.
double evaluate(const UfoState& s, Seat me);

// The heuristic's choice among `legal` (the seat's legal actions, more than
// one). With `look_ahead`, moves also weigh the UFO's best next step.
Action heuristic_choice(const UfoState& s, Seat seat, const ActionList& legal, Rng& rng,
                        bool look_ahead);

// ISMCTS rollout policy: the heuristic's choices (moves one step ahead only),
// playouts cut after `max_decisions` decisions and scored by each seat's share
// of exp(standing / temperature), an estimate of its chance to win.
struct RolloutPolicy {
  int max_decisions = 24;
  double temperature = 4.0;
  Action operator()(const UfoState& s, Seat seat, const ActionList& legal, Rng& rng) const;
  void evaluate(const UfoState& s, search::Rewards& out) const;
};

}  // namespace meeple::ufo
