// Custom symbols (docs/rules/first-contact.md "Custom symbols", ko only): the
// first alien assigns a glyph to each characteristic in the fixed order, or
// lets chance assign the rest.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

std::uint32_t FirstContactState::unassigned_glyphs() const {
  Mask used = 0;
  for (int k = 0; k < assigned_; ++k) used |= bit<Mask>(glyph_of_[k]);
  return kAllGlyphs & ~used;
}

void FirstContactState::custom_symbols_actions(ActionList& out) const {
  push_bits(out, act::kGlyph, unassigned_glyphs());
  out.push_back(act::kRandomize);
}

void FirstContactState::custom_symbols_outcomes(ChanceList& out) const {
  if (!random_fill_) return;
  for_each_bit(unassigned_glyphs(), [&](int g) { out.push_back({g, 1}); });
}

void FirstContactState::apply_custom_symbol(Action a) {
  if (a == act::kRandomize) {
    random_fill_ = true;
    return;
  }
  glyph_of_[assigned_++] = static_cast<std::uint8_t>(a - act::kGlyph);
  if (assigned_ == kCharacteristics) finish_custom_symbols();
}

void FirstContactState::apply_random_symbol(Action a) {
  glyph_of_[assigned_++] = static_cast<std::uint8_t>(a);
  if (assigned_ == kCharacteristics) finish_custom_symbols();
}

void FirstContactState::finish_custom_symbols() {
  after_setup();
}

}  // namespace meeple::first_contact
