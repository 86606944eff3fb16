// Earthling phase: questions (docs/rules/first-contact.md): the earthling
// secretly picks a characteristic and rotates 1-5 cards; every alien secretly
// proposes a glyph and the distinct proposals are the answer.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

void FirstContactState::choose_actions(ActionList& out) const {
  push_range(out, act::kCharacteristic, kCharacteristics);
}

void FirstContactState::rotate_actions(ActionList& out) const {
  const int n = count_bits(rotated_);
  if (n < kMaxRotated) push_bits(out, act::kSquare, kAllSquares & ~rotated_);
  if (n >= 1) out.push_back(act::kDone);
}

void FirstContactState::propose_actions(ActionList& out) const {
  push_range(out, act::kGlyph, kGlyphs);
}

void FirstContactState::apply_choose(Action a) {
  chosen_ = static_cast<std::int8_t>(a);
  chosen_ever_[turn_] |= bit<Mask>(a);
  rotated_ = 0;
  answer_.clear();
  asker_ = static_cast<std::int8_t>(turn_);
  phase_ = Phase::kRotate;
}

void FirstContactState::apply_rotate(Action a) {
  if (a != act::kDone) rotated_ |= bit<Mask>(a - act::kSquare);
  if (a == act::kDone || count_bits(rotated_) == kMaxRotated) {
    round_rotated_[turn_] = rotated_;
    phase_ = Phase::kPropose;
  }
}

void FirstContactState::apply_propose(Seat seat, Action a) {
  proposal_[seat] = static_cast<std::int8_t>(a - act::kGlyph);
  bool all = true;
  for (int i = 0; i < aliens_; ++i) all = all && proposal_[i] >= 0;
  if (all) reveal_answer();
}

void FirstContactState::reveal_answer() {
  // The answer lists the distinct proposals in alien colour order (rulings 1.4).
  answer_.clear();
  for (int a = 0; a < aliens_; ++a) {
    auto g = static_cast<std::uint8_t>(proposal_[a]);
    if (!answer_.contains(g)) answer_.push_back(g);
  }
  round_proposals_[turn_] = proposal_;
  proposal_.fill(-1);
  chosen_ = -1;
  next_earthling_turn();
}

}  // namespace meeple::first_contact
