// Alien phase: the message (docs/rules/first-contact.md): target, 1-6 glyphs,
// the negation rule.
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

// The 5-player alien phase of fixture.h (AlienPhaseTest).
struct FirstContactMessages : AlienPhaseTest {};

TEST_F(FirstContactMessages, TheHammerDescribedByToolDangerMetal) {
  ASSERT_EQ(s.phase(), Phase::kTarget);
  EXPECT_EQ(s.to_act(), SeatSet::only(s.alien_seat(0)));  // red always first
  // Only red's own uncovered squares can be the target.
  for (int q = 0; q < kSquares; ++q)
    EXPECT_EQ(legal(s, 0, act::kSquare + q), std::find(red.begin(), red.end(), q) != red.end());
  play(s, 0, act::kSquare + red[0]);
  for (int ch : {kTool, kDanger, kMetal}) play(s, 0, act::kGlyph + s.glyph_of(ch));
  play(s, 0, act::kSend);
  EXPECT_EQ(s.phase(), Phase::kOffer);
  Json msg = s.view(s.earthling_seat(0))["message"];
  ASSERT_EQ(msg["glyphs"].size(), 3u);
  EXPECT_EQ(msg["glyphs"][0]["glyph"], s.glyph_of(kTool));
  EXPECT_EQ(msg["glyphs"][2]["negated"], false);
  EXPECT_EQ(msg["seat"], 0);
  EXPECT_EQ(catalog().items[s.item_at(red[0])].id, "hammer");
}

TEST_F(FirstContactMessages, MessagesHaveOneToSixGlyphs) {
  play(s, 0, act::kSquare + red[0]);
  EXPECT_FALSE(legal(s, 0, act::kSend));
  for (int i = 0; i < 5; ++i) play(s, 0, act::kGlyph + i);
  EXPECT_EQ(s.phase(), Phase::kMessage);
  play(s, 0, act::kGlyph + 5);
  EXPECT_EQ(s.phase(), Phase::kOffer);  // the sixth glyph sends it
}

TEST(FirstContactNegation, ThePharaohAsPowerAndNotBig) {
  // Max describes the Pharaoh: Power, then Big with a bar over it.
  S s = fresh(4);
  const auto red = squares_of(0, false, 0, Colour::kRed);
  setup(s, {{red[0], "pharaoh"}, {red[1], "pyramid"}});
  skip_earthling_phase(s);
  play(s, 0, act::kSquare + red[0]);
  play(s, 0, act::kGlyph + s.glyph_of(kPower));
  play(s, 0, act::kNotGlyph + s.glyph_of(kBig));
  play(s, 0, act::kSend);
  Json msg = s.view(s.earthling_seat(0))["message"]["glyphs"];
  EXPECT_EQ(msg[1]["glyph"], s.glyph_of(kBig));
  EXPECT_EQ(msg[1]["negated"], true);
  // The message fits the Pharaoh and not the Pyramid (both have Power).
  const Item& pharaoh = catalog().items[s.item_at(red[0])];
  const Item& pyramid = catalog().items[s.item_at(red[1])];
  EXPECT_TRUE((pharaoh.traits >> kPower) & 1u);
  EXPECT_FALSE((pharaoh.traits >> kBig) & 1u);
  EXPECT_TRUE((pyramid.traits >> kPower) & 1u);
  EXPECT_TRUE((pyramid.traits >> kBig) & 1u);
}

TEST(FirstContactNegation, OffOrInEnThereAreNoNegatedGlyphs) {
  for (Json p : {Json{{"negation", false}}, Json{{"edition", "en"}}}) {
    S s = fresh(4, p);
    setup(s);
    if (s.phase() == Phase::kZeroTurn)
      for (int e = 0; e < s.earthlings(); ++e)
        play(s, s.earthling_seat(e), act::kCharacteristic + kBig);
    skip_earthling_phase(s);
    play(s, 0, act::kSquare + first_bit(s.wanted(0)));
    EXPECT_TRUE(legal(s, 0, act::kGlyph + 3));
    EXPECT_FALSE(legal(s, 0, act::kNotGlyph + 3)) << p.dump();
  }
  S on = fresh(4, {{"edition", "ko"}});
  setup(on);
  skip_earthling_phase(on);
  play(on, 0, act::kSquare + first_bit(on.wanted(0)));
  EXPECT_TRUE(legal(on, 0, act::kNotGlyph + 3));
}

}  // namespace
}  // namespace meeple::first_contact
