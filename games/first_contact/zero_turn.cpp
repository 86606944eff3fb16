// Zero turn (docs/rules/first-contact.md "Zero turn"): before round one each
// earthling names a characteristic and the engine shows its true glyph.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

void FirstContactState::zero_turn_actions(ActionList& out) const {
  push_range(out, act::kCharacteristic, kCharacteristics);
}

void FirstContactState::apply_zero_turn(Action a) {
  // The engine answers for the aliens, truthfully (rulings 1.7).
  zero_char_[turn_] = static_cast<std::int8_t>(a);
  zero_glyph_[turn_] = static_cast<std::int8_t>(glyph_of_[a]);
  if (++turn_ == earthlings()) start_round();
}

}  // namespace meeple::first_contact
