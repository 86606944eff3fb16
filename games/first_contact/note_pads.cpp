// Note pads (docs/rules/first-contact.md "Note pads"): each earthling's private
// pad, edited by free actions at any moment outside chance.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

bool FirstContactState::earthlings_may_edit() const {
  return !is_terminal() && !is_chance() && phase_ >= Phase::kCustomSymbols;
}

void FirstContactState::note_pad_actions(Seat seat, ActionList& out) const {
  const auto& pad = note_[seat - aliens_];
  for (int k = 0; k < kCharacteristics; ++k)
    for (int g = 0; g < kGlyphs; ++g)
      if (pad[k] != g) out.push_back(act::kNoteWrite + k * kGlyphs + g);
  for (int k = 0; k < kCharacteristics; ++k)
    if (pad[k] >= 0) out.push_back(act::kNoteClear + k);
  push_range(out, act::kUnknownToggle, kGlyphs);
}

void FirstContactState::apply_note_pad(Seat seat, Action a) {
  const int e = seat - aliens_;
  if (a < act::kNoteClear) {
    const int x = a - act::kNoteWrite;
    note_[e][x / kGlyphs] = static_cast<std::int8_t>(x % kGlyphs);
  } else if (a < act::kUnknownToggle) {
    note_[e][a - act::kNoteClear] = -1;
  } else {
    unknown_[e] ^= bit<Mask>(a - act::kUnknownToggle);
  }
}

}  // namespace meeple::first_contact
