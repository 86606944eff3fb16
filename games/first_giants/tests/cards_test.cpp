// First Giants rules tests, The cards: the deck as the data file describes it, shown with its text.
#include <gtest/gtest.h>

#include <set>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(FirstGiantsCards, EachFamilyHasFourSmallFourMediumThreeLargeAndOneEgg) {
  std::array<std::array<int, 4>, kFamilies> count{};
  for (const Card& c : cards()) ++count[c.family][c.size];
  for (int f = 0; f < kFamilies; ++f) {
    EXPECT_EQ(count[f][1], 4) << family_name(f);
    EXPECT_EQ(count[f][2], 4) << family_name(f);
    EXPECT_EQ(count[f][3], 3) << family_name(f);
    EXPECT_EQ(count[f][0], 1) << family_name(f);
  }
}

TEST(FirstGiantsCards, EveryTriggerConditionAndEffectOfTheSymbolPageAppears) {
  std::set<int> triggers, effects, multipliers, take_family;
  bool opponent = false;
  for (const Card& c : cards()) {
    triggers.insert(static_cast<int>(c.trigger));
    effects.insert(static_cast<int>(c.effect));
    multipliers.insert(static_cast<int>(c.multiplier));
    if (c.trigger == Trigger::kYouTakeFamily) take_family.insert(c.condition_family);
    opponent |= c.each_opponent;
  }
  EXPECT_EQ(triggers.size(), 4u);     // once, any player takes, you take <family>, new family
  EXPECT_EQ(multipliers.size(), 4u);  // one, per <family> card, per family, per pair
  EXPECT_TRUE(opponent);              // each opponent applies this effect
  EXPECT_EQ(effects.size(), 8u);
  EXPECT_EQ(take_family.size(), 5u);  // "whenever you take a <family> card" for every family
}

TEST(FirstGiantsCards, CardTextInThreeLanguagesIsInTheView) {
  auto s = position(two_players());
  Json v = s.view(kSpectator);
  const Json& card = v["sites"][0]["left"];
  EXPECT_EQ(card["id"], kC + 1);
  for (const char* lang : {"en", "it", "ko"})
    EXPECT_FALSE(card["text"][lang].get<std::string>().empty()) << lang;
  EXPECT_EQ(card["text"]["it"], "Una volta durante questo turno: ottieni 1 punto.");
}

}  // namespace
}  // namespace meeple::first_giants
