// A turn (docs/rules/first-giants.md "A turn"): play a pawn on a dig site and
// take one of its cards, or reclaim the pawns (reclaim.cpp); after a take and
// its effects (effects.cpp) the emptied slot takes the deck's face-up top
// card, and the next card turns up (a chance event).
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

// Phase::kTurn: a take from every site without one of my pawns (while I have
// a pawn in hand), and the reclaim.
void FirstGiantsState::legal_turn(const PlayerArea& a, ActionList& out) const {
  // A pawn in hand unless all four are out (bit s: a pawn on site s).
  if (a.pawns_out != (1 << kPawns) - 1)
    for (int s = 0; s < kSites; ++s)
      if (!(a.pawns_out & (1 << s)))
        for (int k = 0; k < 2; ++k)
          if (site_[s][k] != kNoCard) out.push_back(act::kTake + s * 2 + k);
  // Reclaiming needs a pawn on a site; with nothing else possible it is
  // also how a player with no card to take passes.
  if (a.pawns_out || out.empty()) out.push_back(act::kReclaim);
}

void FirstGiantsState::apply_turn(Seat seat, Action a) {
  if (a == act::kReclaim) return start_reclaim(seat);  // reclaim.cpp
  take_card(seat, (a - act::kTake) / 2, (a - act::kTake) % 2);
}

// The pawn goes to the site, the card to the studio; the slot waits for its
// refill until the effects this take triggers are resolved.
void FirstGiantsState::take_card(Seat seat, int s, int k) {
  PlayerArea& me = area_[seat];
  const int c = site_[s][k];
  const bool new_family = !(me.studio & catalog().of_family[card(c).family]);
  me.studio |= bit(c);
  me.pawns_out = static_cast<std::uint8_t>(me.pawns_out | (1 << s));
  site_[s][k] = kNoCard;
  refill_site_ = static_cast<std::uint8_t>(s);
  refill_slot_ = static_cast<std::uint8_t>(k);
  refill_due_ = true;
  trigger_effects(seat, c, new_family);  // effects.cpp
  resolve_pending();
}

// Called once no triggered effect is left: the refill (with the deck empty
// the slot stays empty, end.cpp).
void FirstGiantsState::finish_take() {
  if (refill_due_) return refill();
  end_turn();
}

// The emptied slot takes the deck's top card, which everyone saw; the card
// below it turns up next (Phase::kTurnUp, chance) unless that was the last.
void FirstGiantsState::refill() {
  site_[refill_site_][refill_slot_] = top_;
  top_ = kNoCard;
  if (deck_) {
    phase_ = Phase::kTurnUp;
    return;
  }
  end_dig_turn();  // end.cpp: the deck ran out
}

// Phase::kTurnUp: chance turned `c` up on the deck (apply_unchecked took it
// out of the face-down cards).
void FirstGiantsState::turn_up(int c) {
  top_ = static_cast<std::uint8_t>(c);
  end_dig_turn();  // end.cpp
}

}  // namespace meeple::first_giants
