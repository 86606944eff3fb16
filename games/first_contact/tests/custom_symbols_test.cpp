// Custom symbols (docs/rules/first-contact.md "Custom symbols", rulings 1.9).
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactCustomSymbols, TheFirstAlienAssignsEveryGlyph) {
  S s = fresh(4, {{"edition", "ko"}, {"custom_symbols", true}});
  setup(s);
  ASSERT_EQ(s.phase(), Phase::kCustomSymbols);
  EXPECT_EQ(s.to_act(), SeatSet::only(0));
  // Assign glyph 24 - k to characteristic k.
  for (int k = 0; k < kCharacteristics; ++k) {
    EXPECT_FALSE(k > 0 && legal(s, 0, act::kGlyph + 25 - k));  // used glyphs are gone
    play(s, 0, act::kGlyph + 24 - k);
  }
  EXPECT_EQ(s.phase(), Phase::kChoose);
  for (int k = 0; k < kCharacteristics; ++k) EXPECT_EQ(s.glyph_of(k), 24 - k);
  EXPECT_EQ(s.view(0)["language_pad"]["id"], "custom");
}

TEST(FirstContactCustomSymbols, RandomizeLetsChanceFillTheRest) {
  S s = fresh(4, {{"edition", "ko"}, {"custom_symbols", true}});
  setup(s);
  play(s, 0, act::kGlyph + 7);  // Alive = glyph 7
  play(s, 0, act::kRandomize);
  EXPECT_TRUE(s.is_chance());
  ChanceList outs;
  s.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 24u);
  Rng rng(3);
  resolve_chance(s, rng);
  EXPECT_EQ(s.phase(), Phase::kChoose);
  EXPECT_EQ(s.glyph_of(kAlive), 7);
  std::uint32_t seen = 0;
  for (int k = 0; k < kCharacteristics; ++k) seen |= bit<Mask>(s.glyph_of(k));
  EXPECT_EQ(seen, bit<Mask>(kGlyphs) - 1);
}

}  // namespace
}  // namespace meeple::first_contact
