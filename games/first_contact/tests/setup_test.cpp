// Setup (docs/rules/first-contact.md "Setup"): the field, the language pad
// and the request card are chance.
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactSetup, FieldPadAndRequestCardAreChance) {
  S s = fresh(4);
  EXPECT_TRUE(s.is_chance());
  ChanceList outs;
  s.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 120u);  // it: 60 cards x 2 faces
  setup(s);
  EXPECT_EQ(s.phase(), Phase::kChoose);  // it: no zero turn by default
  EXPECT_FALSE(s.is_chance());
  for (int q = 0; q < kSquares; ++q) EXPECT_GE(s.item_at(q), 0);
  EXPECT_EQ(s.pad_index(), 0);

  S en = fresh(4, {{"edition", "en"}});
  outs.clear();
  en.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 128u);  // en: 128 single-faced cards
  S ko = fresh(4, {{"edition", "ko"}});
  outs.clear();
  ko.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 160u);  // ko: 80 cards x 2 faces
}

TEST(FirstContactSetup, ACardLaidOnTheFieldLeavesTheDeck) {
  S s = fresh(4);
  play(s, kChance, lay_of(Edition::kIt, "pyramid"));
  ChanceList outs;
  s.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 118u);
  for (const auto& o : outs) EXPECT_NE(o.action / 2, lay_of(Edition::kIt, "pyramid") / 2);
  EXPECT_EQ(catalog().items[s.item_at(0)].id, "pyramid");
}

TEST(FirstContactSetup, RequestCardChanceCoversTwelveCardsInFourRotations) {
  S s = fresh(4);
  for (int q = 0; q < kSquares; ++q) {
    ChanceList outs;
    s.chance_outcomes(outs);
    play(s, kChance, outs[0].action);
  }
  ChanceList pads;
  s.chance_outcomes(pads);
  EXPECT_EQ(pads.size(), 24u);
  play(s, kChance, 5);
  ChanceList cards;
  s.chance_outcomes(cards);
  EXPECT_EQ(cards.size(), 48u);
}

}  // namespace
}  // namespace meeple::first_contact
