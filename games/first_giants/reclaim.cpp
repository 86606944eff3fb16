// Reclaim (docs/rules/first-giants.md "Reclaim"): all my pawns come back; for
// each, 1 amber or exhibiting 1 fossil, in the order I like. The reclaim
// asks only while the choice is real: once no studio fossil could be
// exhibited, every pawn left gives its amber at once.
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

// Phase::kTurn, the reclaim action.
void FirstGiantsState::start_reclaim(Seat seat) {
  PlayerArea& me = area_[seat];
  reclaim_left_ = static_cast<std::uint8_t>(count_bits(std::uint32_t{me.pawns_out}));
  me.pawns_out = 0;
  continue_reclaim(seat);
}

// After each reclaimed pawn's choice: ask for the next one while it is a
// real choice, else give the amber of all the pawns left and end the turn.
void FirstGiantsState::continue_reclaim(Seat seat) {
  phase_ = Phase::kReclaim;
  if (reclaim_has_choice()) return;
  PlayerArea& me = area_[seat];
  gain(me.amber, reclaim_left_);
  reclaim_left_ = 0;
  end_turn();  // end.cpp
}

// Reclaiming is a real choice while some studio fossil could still be
// exhibited, counting the amber the other reclaimed pawns could bring first.
bool FirstGiantsState::reclaim_has_choice() const {
  const PlayerArea& a = area_[active_];
  if (reclaim_left_ == 0) return false;
  const std::uint64_t m = a.studio & affordable(catalog(), a.amber + reclaim_left_ - 1);
  if (m == 0 || a.sets.size() < kMaxSets) return m != 0;
  for (std::uint64_t s = m; s; s &= s - 1)
    if (fits_some_set(active_, lowest_bit(s))) return true;
  return false;
}

// Phase::kReclaim: 1 amber, or a fossil to exhibit (it then waits for its
// set in Phase::kTarget, exhibit.cpp, which comes back here).
void FirstGiantsState::legal_reclaim(Seat seat, ActionList& out) const {
  out.push_back(act::kGainAmber);
  exhibit_options(seat, out);
}

void FirstGiantsState::apply_reclaim(Seat seat, Action a) {
  if (a == act::kGainAmber) {
    gain(area_[seat].amber, 1);
    --reclaim_left_;
    return continue_reclaim(seat);
  }
  choose_fossil(seat, a - act::kExhibit, /*free=*/false, /*in_reclaim=*/true);
}

}  // namespace meeple::first_giants
