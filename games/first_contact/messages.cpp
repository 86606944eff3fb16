// Alien phase: the message (docs/rules/first-contact.md): the alien secretly
// targets one of its wanted uncovered squares and writes 1-6 glyphs, each
// possibly negated where the negation rule is on.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

void FirstContactState::target_actions(ActionList& out) const {
  push_bits(out, act::kSquare, wanted_[turn_] & uncovered());
}

void FirstContactState::message_actions(ActionList& out) const {
  if (message_.size() < kMaxMessage) {
    push_range(out, act::kGlyph, kGlyphs);
    if (negation_rule()) push_range(out, act::kNotGlyph, kGlyphs);
  }
  if (!message_.empty()) out.push_back(act::kSend);
}

void FirstContactState::apply_target(Action a) {
  target_ = static_cast<std::int8_t>(a - act::kSquare);
  message_.clear();
  speaker_ = static_cast<std::int8_t>(turn_);
  phase_ = Phase::kMessage;
}

void FirstContactState::apply_message(Action a) {
  if (a != act::kSend)
    message_.push_back(a >= act::kNotGlyph ? static_cast<std::uint8_t>(0x80 | (a - act::kNotGlyph))
                                           : static_cast<std::uint8_t>(a - act::kGlyph));
  if (a == act::kSend || message_.size() == kMaxMessage) {
    round_message_[turn_] = message_;
    phase_ = Phase::kOffer;
    offer_.fill(-1);
  }
}

}  // namespace meeple::first_contact
