// Seats and teams, editions and options (docs/rules/first-contact.md).
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactSeats, AutomaticTeamsAndTheAliensOption) {
  EXPECT_EQ(fresh(2).aliens(), 1);
  EXPECT_EQ(fresh(3).aliens(), 1);
  EXPECT_EQ(fresh(4).aliens(), 1);
  EXPECT_EQ(fresh(5).aliens(), 2);
  EXPECT_EQ(fresh(6).aliens(), 2);
  EXPECT_EQ(fresh(7).aliens(), 3);
  EXPECT_EQ(fresh(4, {{"aliens", 3}}).aliens(), 3);
  EXPECT_EQ(fresh(5, {{"aliens", 1}}).earthlings(), 4);
  // Too many earthlings, or more than one alien with 2-3 players.
  EXPECT_FALSE(FirstContact::new_game(resolved({{"aliens", 1}}), 6));
  EXPECT_FALSE(FirstContact::new_game(resolved({{"aliens", 2}}), 3));
  // Seats: aliens first (red, blue, green), then the earthlings in turn order.
  S s = fresh(7);
  EXPECT_TRUE(s.is_alien(0) && s.is_alien(2) && s.is_earthling(3) && s.is_earthling(6));
  EXPECT_EQ(s.earthling_seat(0), 3);
}

TEST(FirstContactOptions, EditionOptionsTheRulesForbid) {
  auto err = FirstContact::new_game(resolved({{"edition", "en"}, {"mode", "advanced"}}), 4);
  ASSERT_FALSE(err);
  EXPECT_EQ(err.error().code, errc::kBadParam);
  err = FirstContact::new_game(resolved({{"edition", "en"}, {"zero_turn", "off"}}), 4);
  ASSERT_FALSE(err);
  EXPECT_EQ(err.error().code, errc::kBadParam);
  err = FirstContact::new_game(resolved({{"custom_symbols", true}}), 4);
  ASSERT_FALSE(err);
  EXPECT_EQ(err.error().code, errc::kBadParam);
  EXPECT_TRUE(FirstContact::new_game(resolved({{"edition", "ko"}, {"custom_symbols", true}}), 4));
}

TEST(FirstContactOptions, AdvancedModeUsesSideBAndNeedsFiveItems) {
  S s = fresh(4, {{"mode", "advanced"}});
  setup(s);
  const auto red = squares_of(0, true, 0, Colour::kRed);
  ASSERT_EQ(red.size(), 8u);
  EXPECT_EQ(s.wanted(0), mask(red));
  EXPECT_EQ(s.goal(), 5);
  for (int i = 0; i < 4; ++i) {
    skip_earthling_phase(s);
    alien_turn(s, red[i], {0}, {red[i], red[i], red[i]});
    EXPECT_FALSE(s.is_terminal());
  }
  skip_earthling_phase(s);
  alien_turn(s, red[4], {0}, {red[4], red[5], red[5]});
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.items_of(0), 6);
}

}  // namespace
}  // namespace meeple::first_contact
