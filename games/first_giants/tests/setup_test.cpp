// First Giants rules tests, Setup: the deal, the starting amber and the set tokens by player count.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(FirstGiantsSetup, EightCardsAreDealtThenTheDecksTopCardTurnsUpAndSeatZeroStarts) {
  for (int players = 2; players <= 5; ++players) {
    auto s = FirstGiants::new_game(Json::object(), players).value();
    ChanceList o;
    s.chance_outcomes(o);
    EXPECT_EQ(o.size(), 60u);
    for (int i = 0; i < 9; ++i) {
      ASSERT_TRUE(s.is_chance());
      play(s, kChance, i * 7);
    }
    EXPECT_FALSE(s.is_chance());
    EXPECT_EQ(s.site_card(3, 1), 7 * 7);
    EXPECT_EQ(s.deck_top(), 8 * 7);  // the deck is face up
    EXPECT_EQ(s.to_act(), SeatSet::only(0));
    EXPECT_EQ(s.deck_count(), 52);
    for (int p = 0; p < players; ++p) {
      EXPECT_EQ(s.player(p).amber, 2);
      EXPECT_EQ(s.player(p).pawns_out, 0);
    }
    const int expected[] = {0, 0, 14, 20, 24, 24};
    EXPECT_EQ(s.reserve_tokens(), expected[players]);
    EXPECT_EQ(s.reserve_tokens() + s.box_tokens(), 24);
  }
}

TEST(FirstGiantsSetup, TheBoxHoldsTwentyFourSetTokensSoNoneWaitAtFourAndFivePlayers) {
  const int box[] = {0, 0, 10, 4, 0, 0};
  for (int players = 2; players <= 5; ++players)
    EXPECT_EQ(FirstGiantsState(players).box_tokens(), box[players]) << players << " players";
}

}  // namespace
}  // namespace meeple::first_giants
