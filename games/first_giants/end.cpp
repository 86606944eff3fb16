// End of the game (docs/rules/first-giants.md "End of the game"): the two
// triggers (the last set token of the reserve, sets.cpp; the deck running
// out at a refill, below), the box's tokens joining the reserve, the round
// played out to the player before seat 0, and the final score.
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

void FirstGiantsState::trigger_end() {
  if (end_triggered_) return;
  end_triggered_ = true;
  // The rest of the set tokens come out of the box (the rulebook, end of the game).
  reserve_ = static_cast<std::uint8_t>(reserve_ + box_);
  box_ = 0;
}

// A take's turn ends after its refill (and the next card turning up), or
// without one when the deck is empty: either way an empty deck triggers the
// end (a refill took its last card, or found none and the slot stays empty).
void FirstGiantsState::end_dig_turn() {
  refill_due_ = false;
  if (!deck_ && top_ == kNoCard) trigger_end();
  end_turn();
}

// Every turn ends here: once the end is triggered, the game is over after
// the last seat's turn, so that everyone has had the same number of turns.
void FirstGiantsState::end_turn() {
  cur_card_ = kNoCard;
  chosen_card_ = kNoCard;
  ++turn_;
  if (end_triggered_ && active_ == players_ - 1) {
    phase_ = Phase::kOver;
    return;
  }
  active_ = static_cast<std::uint8_t>((active_ + 1) % players_);
  phase_ = Phase::kTurn;
}

// Points + News tokens + set tokens (2 each, 3 on a completed set).
int FirstGiantsState::score(int p) const {
  return area_[p].points + news_score(p) + set_token_score(p);
}

int FirstGiantsState::news_score(int p) const {
  int total = 0;
  for (int n = 0; n < kNews; ++n)
    if (news_holder_[n] == p) total += news_points(n);
  return total;
}

int FirstGiantsState::set_token_score(int p) const {
  int total = 0;
  for (const auto& s : area_[p].sets) total += s.tokens * (s.complete() ? 3 : 2);
  return total;
}

}  // namespace meeple::first_giants
