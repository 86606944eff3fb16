// Note pads (docs/rules/first-contact.md "Note pads"): free, private edits.
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactNotePads, EditsAreFreeAndPrivate) {
  S s = fresh(5);
  setup(s);
  const Seat other = s.earthling_seat(2);  // not the one to act
  EXPECT_FALSE(s.to_act().contains(other));
  play(s, other, act::kNoteWrite + kMetal * kGlyphs + 4);
  play(s, other, act::kNoteWrite + kMetal * kGlyphs + 6);  // changeable
  EXPECT_EQ(s.note(2, kMetal), 6);
  EXPECT_FALSE(legal(s, other, act::kNoteWrite + kMetal * kGlyphs + 6));  // already there
  play(s, other, act::kNoteClear + kMetal);
  EXPECT_EQ(s.note(2, kMetal), -1);
  play(s, other, act::kUnknownToggle + 17);
  EXPECT_EQ(s.unknown_area(2), bit<Mask>(17));
  // The same glyph may sit in several cells.
  play(s, other, act::kNoteWrite + kBig * kGlyphs + 3);
  play(s, other, act::kNoteWrite + kHeavy * kGlyphs + 3);
  // Aliens have no note pad; the turn did not move.
  EXPECT_FALSE(legal(s, s.alien_seat(0), act::kNoteWrite));
  EXPECT_EQ(s.phase(), Phase::kChoose);
  Json mine = s.view(other)["note_pad"];
  EXPECT_EQ(mine["unknown_symbols"], Json({17}));
  const Json first = s.view(s.earthling_seat(0));  // kept alive for the loop
  for (const auto& c : first["note_pad"]["cells"]) EXPECT_TRUE(c["glyph"].is_null());
}

}  // namespace
}  // namespace meeple::first_contact
