// Rules tests for Ufo!, section "Setup": city tokens by chance, then two
// Standard UFOs per player; the marked half with 2 and 3 players (rulings 3.1).
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

using F = UfoFixture;

TEST(UfoSetup, TokensAreChanceThenEachPlayerPlacesTwoStandardUfos) {
  auto st = Ufo::new_game({{"max_rounds", 60}}, 4);
  ASSERT_TRUE(st.ok());
  UfoState s = *st;
  for (int c = 0; c < kNumCities; ++c) {
    ASSERT_TRUE(s.is_chance());
    ChanceList out;
    s.chance_outcomes(out);
    EXPECT_EQ(static_cast<int>(out.size()), kNumTokens - c);  // tokens left face down
    ASSERT_FALSE(s.apply(kChance, out[0].action).has_value());
  }
  EXPECT_EQ(s.phase(), Phase::kSetup);
  EXPECT_EQ(s.to_act(), SeatSet::only(0));
  const Action rome = act::kPlaceBase + at("rome");
  ASSERT_FALSE(s.apply(0, rome).has_value());
  ActionList l;
  s.legal_actions(1, l);
  EXPECT_FALSE(l.contains(rome)) << "a city with another player's UFO is not offered";
  EXPECT_EQ(l.size(), 12u);
  for (Seat p = 1; p < 4; ++p)
    ASSERT_FALSE(s.apply(p, act::kPlaceBase + at("rome") + p).has_value());
  EXPECT_EQ(s.phase(), Phase::kMove);
  EXPECT_EQ(s.active(), 0);
  EXPECT_EQ(s.ufos().size(), 8u);
  for (Seat p = 0; p < 4; ++p) {
    EXPECT_EQ(s.ufos_in_play(p), 2);
    EXPECT_EQ(s.ufo_supply(p, UfoType::kStandard), 1);
  }
}

TEST(UfoSetup, TwoAndThreePlayersUseOnlyTheMarkedHalf) {
  for (int players : {2, 3}) {
    UfoState s = *Ufo::new_game({{"max_rounds", 60}}, players);
    int draws = 0;
    while (s.is_chance()) {
      ChanceList out;
      s.chance_outcomes(out);
      ASSERT_FALSE(s.apply(kChance, out.back().action).has_value());
      ++draws;
    }
    EXPECT_EQ(draws, 7);
    ActionList l;
    s.legal_actions(0, l);
    EXPECT_EQ(l.size(), 7u);
    for (int c = 0; c < kNumCities; ++c) EXPECT_EQ(s.in_play(c), board().spaces[c].marked);
  }
  // A UFO at Oxford may not fly over the Atlantic to Boston with 2 players.
  UfoFixture f(2);
  const int u = f.ufo(0, "oxford");
  f.begin_turn(0);
  EXPECT_FALSE(f.legal(0, F::move(u, "boston")));
  EXPECT_TRUE(f.legal(0, F::move(u, "london")));
  UfoFixture g(4);
  const int v = g.ufo(0, "oxford");
  g.begin_turn(0);
  EXPECT_TRUE(g.legal(0, F::move(v, "boston")));
}

}  // namespace
}  // namespace meeple::ufo
