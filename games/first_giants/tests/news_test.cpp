// First Giants rules tests, News tokens (rulings 2.2): taken, stolen by a strictly larger set, kept
// for good.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

// The rulebook: a News token stolen by a strictly larger set, then kept for good by
// the first player completing a set of that kind.
TEST(FirstGiantsNews, StolenByALargerSetThenKeptForGoodOnCompletion) {
  Position su;
  su.players = 2;
  su.sites = {{{kC + 1, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 3}, {kH + 3, kF + 3}}};
  su.sets[0] = {{kC + 0, kH + 0}};
  su.studio[0] = {kF + 0, kS + 0};
  su.sets[1] = {{kM + 0, kS + 2}};
  su.studio[1] = {kF + 2, kH + 2, kC + 2};
  su.amber = {5, 5, 5, 5, 5};
  su.pawns_out = {0b0001, 0b0011};
  auto s = position(su);
  // Seat 0 makes its size-1 set of three: it takes the unheld News token.
  play(s, 0, act::kReclaim);
  play(s, 0, exhibit(kF + 0));
  play(s, 0, into(0));
  EXPECT_EQ(s.news_holder(kFamilies), 0);
  // Seat 1 matches with three: not strictly larger, no steal.
  play(s, 1, act::kReclaim);
  play(s, 1, exhibit(kF + 2));
  play(s, 1, into(0));
  EXPECT_EQ(s.news_holder(kFamilies), 0);
  // ... then four: stolen.
  play(s, 1, exhibit(kH + 2));
  play(s, 1, into(0));
  EXPECT_EQ(s.news_holder(kFamilies), 1);
  EXPECT_FALSE(s.news_kept(kFamilies));
  // Seat 0 reaches four: equal, no steal back.
  auto s0 = s;
  ASSERT_EQ(s0.to_act(), SeatSet::only(0));
  play(s0, 0, take(0, 0));  // a carnivore card: nothing to decide
  turn_up(s0);
  // Seat 1 completes its Size set (five): it keeps the token for good.
  play(s0, 1, take(1, 0));
  if (s0.is_chance()) turn_up(s0);
  ASSERT_EQ(s0.to_act(), SeatSet::only(0));
  play(s0, 0, act::kReclaim);
  play(s0, 0, exhibit(kS + 0));
  play(s0, 0, into(0));
  EXPECT_EQ(s0.player(0).sets[0].n, 4);
  EXPECT_EQ(s0.news_holder(kFamilies), 1);
  ASSERT_EQ(s0.to_act(), SeatSet::only(1));
  play(s0, 1, act::kReclaim);
  play(s0, 1, exhibit(kC + 2));
  play(s0, 1, into(0));
  EXPECT_TRUE(s0.player(1).sets[0].complete());
  EXPECT_EQ(s0.news_holder(kFamilies), 1);
  EXPECT_TRUE(s0.news_kept(kFamilies));
  EXPECT_EQ(s0.score(1), 4 * 3 + 5 + 1);  // and the point of its flyer
}

TEST(FirstGiantsNews, FamilyTokensAreWorthThreeAndSizeTokensFive) {
  auto su = two_players();
  su.sets[0] = {{kC + 0, kC + 4}};
  su.sets[1] = {{kH + 4, kF + 4}};
  auto s = position(su);
  // position() places sets without News; build them through play instead.
  EXPECT_EQ(s.score(0), 2);
  auto su2 = two_players();
  su2.pawns_out = {0b0001, 0};
  su2.sets[0] = {{kC + 0}};
  su2.studio[0] = {kC + 4};
  auto t = position(su2);
  play(t, 0, act::kReclaim);
  play(t, 0, exhibit(kC + 4));
  play(t, 0, into(0));
  EXPECT_EQ(t.news_holder(0), 0);
  EXPECT_EQ(t.score(0), 2 + 3);
}

}  // namespace
}  // namespace meeple::first_giants
