// Two and three players (docs/rules/first-contact.md): one alien against a
// timer, a second attempt for a lone earthling, and in it/ko a verdict rated
// by the items the alien obtained.
#include <algorithm>

#include "games/first_contact/internal.h"
#include "games/first_contact/words.h"

namespace meeple::first_contact {

int timer_penalty(Edition edition, Mask black, const SmallRound& round) {
  int blacks = 0;
  for (int i = 0; i < round.offers; ++i)
    if (black & bit<Mask>(round.offer[i])) ++blacks;
  return edition == Edition::kEn ? (blacks > 0 ? 1 : 0) : blacks;
}

void FirstContactState::second_attempt_actions(ActionList& out) const {
  offer_actions(out);
  out.push_back(act::kPass);
}

void FirstContactState::apply_second_attempt(Action a) {
  if (a == act::kPass) {
    end_alien_turn();
  } else {
    offer_[0] = static_cast<std::int8_t>(a - act::kSquare);
    resolve_offers();
  }
}

bool FirstContactState::pay_timer() {
  // The timer (rulings 1.8): it/ko discard one token plus one per black
  // offer; en lays out one plus one if any black square was offered.
  SmallRound& r = small_rounds_.back();
  const int extra = timer_penalty(edition_, black_, r);
  r.penalty = static_cast<std::int8_t>(extra);
  const int need = 1 + extra;
  if (edition_ == Edition::kEn) {
    timer_ = static_cast<std::int8_t>(std::max(0, timer_ - need));
    if (timer_ == 0) {
      timer_ran_out_ = true;
      phase_ = Phase::kOver;
      return false;
    }
  } else {
    if (timer_ < need) {
      timer_ = 0;
      timer_ran_out_ = true;
      phase_ = Phase::kOver;
      return false;
    }
    timer_ = static_cast<std::int8_t>(timer_ - need);
  }
  return true;
}

int FirstContactState::verdict() const {
  int items = items_of(0);
  if (items >= 8) return 3;
  if (items >= 6) return 2;
  if (items >= 4) return 1;
  return 0;
}

std::string verdict_text(int verdict) {
  return say("verdict." + std::to_string(verdict), "en");
}

}  // namespace meeple::first_contact
