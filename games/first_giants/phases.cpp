// Phases (docs/rules/first-giants.md "Phases and actions"): who decides in
// each phase, and the dispatch of legal_actions and apply to the phase's own
// functions, which live in the file of their rules section.
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

// Who decides in each phase: decider() in first_giants.h.

void FirstGiantsState::legal_actions(Seat seat, ActionList& out) const {
  if (seat != decider()) return;  // in chance phases and at the end, the switch lists nothing
  switch (phase_) {
    case Phase::kTurn:
      return legal_turn(area_[seat], out);  // turn.cpp
    case Phase::kOrder:
      return legal_order(out);  // effects.cpp
    case Phase::kEffect:
      return legal_effect(seat, out);  // effects.cpp
    case Phase::kTarget:
      return legal_target(area_[seat], out);  // exhibit.cpp
    case Phase::kReclaim:
      return legal_reclaim(seat, out);  // reclaim.cpp
    default:
      return;
  }
}

// Chance draws the next card from the face-down deck: every card left is
// one outcome of weight 1, for the deal and for the card turning up alike.
void FirstGiantsState::chance_outcomes(ChanceList& out) const {
  if (!is_chance()) return;
  // Two cards per round: the list's end is computed once for both (this loop
  // runs for every card left at each refill of a random playout).
  std::uint64_t m = deck_;
  for (; m & (m - 1); m &= m - 1) {
    const int c = lowest_bit(m);
    m &= m - 1;
    out.push_back({c, 1});
    out.push_back({lowest_bit(m), 1});
  }
  if (m) out.push_back({lowest_bit(m), 1});
}

MaybeError FirstGiantsState::apply(Seat seat, Action a) {
  if (auto err = validate_action(*this, seat, a)) return err;
  apply_unchecked(seat, a);
  return {};
}

void FirstGiantsState::apply_unchecked(Seat seat, Action a) {
  if (seat == kChance) {
    deck_ &= ~bit(a);
    if (phase_ == Phase::kDeal)
      deal(a);  // setup.cpp
    else
      turn_up(a);  // turn.cpp
    return;
  }
  switch (phase_) {
    case Phase::kTurn:
      return apply_turn(seat, a);  // turn.cpp
    case Phase::kOrder:
      return apply_order(a);  // effects.cpp
    case Phase::kEffect:
      return apply_effect(seat, a);  // effects.cpp
    case Phase::kTarget:
      return apply_target(seat, a);  // exhibit.cpp
    case Phase::kReclaim:
      return apply_reclaim(seat, a);  // reclaim.cpp
    default:
      return;
  }
}

}  // namespace meeple::first_giants
