// Alien phase: offers (docs/rules/first-contact.md): every earthling secretly
// offers an uncovered square; once all are in, each offered square the current
// alien wants is covered and rewarded, and the alien may have reached its goal.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

void FirstContactState::offer_actions(ActionList& out) const {
  push_bits(out, act::kSquare, uncovered());
}

void FirstContactState::apply_offer(Seat seat, Action a) {
  offer_[seat - aliens_] = static_cast<std::int8_t>(a - act::kSquare);
  bool all = true;
  for (int e = 0; e < earthlings(); ++e) all = all && offer_[e] >= 0;
  if (all) resolve_offers();
}

void FirstContactState::resolve_offers() {
  const int alien = turn_;
  if (attempt_ == 0)
    for (auto& l : last_offer_) l.fill(-1);
  // Each offered square the current alien wants is covered and every earthling
  // who offered it gets a token of that alien's colour, target or not; any
  // other square gives nothing (rulings 1.4 step 4).
  for (int e = 0; e < earthlings(); ++e) {
    const int s = offer_[e];
    if (s < 0) continue;
    last_offer_[e][attempt_] = static_cast<std::int8_t>(s);
    round_offer_[alien][e][attempt_] = static_cast<std::int8_t>(s);
    if (small_game()) {
      SmallRound& r = small_rounds_.back();
      if (r.offers < 2) r.offer[r.offers++] = static_cast<std::int8_t>(s);
    }
    if ((wanted_[alien] & bit<Mask>(s)) && (covered_by_[s] < 0 || covered_by_[s] == alien)) {
      covered_by_[s] = static_cast<std::int8_t>(alien);
      ++tokens_[e][alien];
    } else {
      refused_[alien] |= bit<Mask>(s);
    }
  }
  offer_.fill(-1);
  if (items_of(alien) >= goal()) {
    alien_winner_ = static_cast<std::int8_t>(alien);
    phase_ = Phase::kOver;
    return;
  }
  // Two players: the earthling may offer once more (two_three_players.cpp).
  if (players_ == 2 && attempt_ == 0) {
    attempt_ = 1;
    phase_ = Phase::kSecondAttempt;
    return;
  }
  end_alien_turn();
}

}  // namespace meeple::first_contact
