// Rules tests for Ufo!, section "End and score" (rulings 3.3): when the game
// ends and how it is scored.
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

TEST(UfoScore, CitiesNeededDependOnThePlayerCount) {
  const char* cities[] = {"rome", "paris", "london", "berlin", "moscow"};
  for (int players = 2; players <= 5; ++players) {
    const int needed = (players == 3 || players == 5) ? 4 : 5;
    for (int owned : {needed - 1, needed}) {
      UfoFixture f(players);
      for (int i = 0; i < owned; ++i) f.restaurant(cities[i], 0, 0);
      add_many_ufos(f, 0, "cairo", 6);  // too many UFOs to get another
      f.ufo(1, "giza");
      f.begin_turn(0);
      finish_turn(f);
      EXPECT_EQ(f.s.is_terminal(), owned >= needed) << players << " players, " << owned;
    }
  }
}

TEST(UfoScore, EveryCityWithARestaurantEndsExceptWithThreePlayers) {
  for (int players = 2; players <= 4; ++players) {
    UfoFixture f(players);
    for (int c = 0; c < kNumCities; ++c)
      if (f.s.in_play(c)) f.restaurant(board().spaces[c].key, 0, c % players);
    add_many_ufos(f, 0, "giza", 5);
    f.begin_turn(0);
    finish_turn(f);
    EXPECT_EQ(f.s.is_terminal(), players != 3) << players;
  }
}

TEST(UfoScore, RoundLimitEndsAndScoresTheGame) {
  UfoFixture f(2, 1);
  f.ufo(0, "giza");
  f.ufo(1, "suez");
  f.set_turns(0);
  f.begin_turn(0);
  finish_turn(f);
  EXPECT_FALSE(f.s.is_terminal());
  finish_turn(f);
  EXPECT_TRUE(f.s.is_terminal());
}

TEST(UfoScore, ScoringRestaurantsKiosksAndEyewitnessesTiesShare) {
  UfoFixture f(3);
  f.token(at("rome"), 10);  // 8
  f.restaurant("rome", 0, 0);
  f.kiosk("tivoli", 0);
  f.kiosk("ostia", 0);
  f.eyewitnesses("paris", 0, 1);
  f.eyewitnesses("cairo", 0, 1);
  EXPECT_EQ(f.s.score(0), 8 + 2 - 4);
  f.token(at("berlin"), 8);  // 7
  f.restaurant("berlin", 0, 1);
  f.kiosk("giza", 1);
  f.eyewitnesses("moscow", 1, 1);
  EXPECT_EQ(f.s.score(1), 7 + 1 - 2);
  EXPECT_EQ(f.s.score(2), 0);
  GameResult r = f.s.result();
  EXPECT_EQ(r.rank[0], 1);
  EXPECT_EQ(r.rank[1], 1);
  EXPECT_EQ(r.rank[2], 3);
  EXPECT_TRUE(r.winners.contains(0));
  EXPECT_TRUE(r.winners.contains(1));
  EXPECT_FALSE(r.winners.contains(2));
}

TEST(UfoScore, ResultDetailsGiveEachScoreAndTheRoundsPlayed) {
  UfoFixture f(2);
  f.restaurant("rome", 0, 0);
  f.kiosk("tivoli", 1);
  f.set_turns(6);
  const Json d = f.s.result_details();
  EXPECT_EQ(d["rounds"], 3) << "the key every game uses (the arena reads it)";
  EXPECT_EQ(d["players"][0]["restaurant_points"], 3);
  EXPECT_EQ(d["players"][1]["kiosks"], 1);
}

}  // namespace
}  // namespace meeple::ufo
