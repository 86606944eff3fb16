// Earthling phase: questions (docs/rules/first-contact.md, rulings 1.4).
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactQuestions, FiveBigItemsRotatedAndTheAliensAnswer) {
  // Enrico / John rotates the Pyramid, Horse, Hippo, House and Elephant to
  // learn the glyph for Big; the aliens draw it and he writes it down.
  S s = fresh(4);
  setup(s, {{0, "pyramid"}, {6, "horse"}, {12, "hippo"}, {18, "house"}, {24, "elephant"}}, 3);
  const Seat enrico = s.earthling_seat(0);
  play(s, enrico, act::kCharacteristic + kBig);
  for (int q : {0, 6, 12, 18}) play(s, enrico, act::kSquare + q);
  EXPECT_EQ(s.phase(), Phase::kRotate);
  play(s, enrico, act::kSquare + 24);
  // Five cards is the most: the aliens answer at once.
  EXPECT_EQ(s.phase(), Phase::kPropose);
  Json pub = s.view(kSpectator);
  EXPECT_EQ(pub["question"]["rotated"], Json({0, 6, 12, 18, 24}));
  const int big = s.glyph_of(kBig);
  play(s, s.alien_seat(0), act::kGlyph + big);
  EXPECT_EQ(s.answer().size(), 1u);
  EXPECT_EQ(s.answer()[0], big);
  EXPECT_EQ(s.view(s.earthling_seat(1))["question"]["answer"], Json({big}));
  // He records it on his note pad, privately.
  play(s, enrico, act::kNoteWrite + kBig * kGlyphs + big);
  EXPECT_EQ(s.note(0, kBig), big);
  EXPECT_EQ(s.pad_score(0), 1);
  // The next earthling's turn.
  EXPECT_EQ(s.phase(), Phase::kChoose);
  EXPECT_EQ(s.to_act(), SeatSet::only(s.earthling_seat(1)));
}

TEST(FirstContactQuestions, OneToFiveCardsCoveredOrNot) {
  S s = fresh(4);
  setup(s);
  const Seat e = s.earthling_seat(0);
  play(s, e, act::kCharacteristic + kFood);
  EXPECT_FALSE(legal(s, e, act::kDone));  // at least one card
  play(s, e, act::kSquare + 3);
  EXPECT_FALSE(legal(s, e, act::kSquare + 3));  // each card once
  EXPECT_TRUE(legal(s, e, act::kDone));
  play(s, e, act::kDone);
  EXPECT_EQ(s.phase(), Phase::kPropose);
  EXPECT_EQ(s.rotated(), bit<Mask>(3));
}

TEST(FirstContactQuestions, DisagreeingAliensShowEachDistinctGlyphInColourOrder) {
  S s = fresh(7);  // 3 aliens
  setup(s);
  earthling_turn(s, kRound, {1, 2}, {9, 4, 9});
  EXPECT_EQ(s.answer().size(), 2u);
  EXPECT_EQ(s.answer()[0], 9);
  EXPECT_EQ(s.answer()[1], 4);
  earthling_turn(s, kRound, {1}, {5, 5, 5});
  EXPECT_EQ(s.answer().size(), 1u);
}

TEST(FirstContactQuestions, ProposalsAreSecretUntilAllAreIn) {
  S s = fresh(6);  // 2 aliens
  setup(s);
  const Seat e = s.earthling_seat(0);
  play(s, e, act::kCharacteristic + kFast);
  play(s, e, act::kSquare + 0);
  play(s, e, act::kDone);
  play(s, s.alien_seat(1), act::kGlyph + 11);
  EXPECT_EQ(s.to_act(), SeatSet::only(s.alien_seat(0)));
  EXPECT_EQ(s.view(s.alien_seat(1))["my_proposal"], 11);
  EXPECT_TRUE(s.view(s.alien_seat(0))["my_proposal"].is_null());
  EXPECT_EQ(s.view(e).dump().find("\"my_proposal\""), std::string::npos);
  EXPECT_EQ(s.view(e)["decided"], Json({s.alien_seat(1)}));
}

}  // namespace
}  // namespace meeple::first_contact
