// First Giants rules tests, A turn: play a pawn and take a card (then the refill), or reclaim.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(Turn, TakingACardPutsItInTheStudioAndTheSiteIsRefilledFromTheDeck) {
  auto s = position(two_players());
  const int deck_before = s.deck_count();
  play(s, 0, take(0, 0));  // carnivore size 1: once, gain 1 point
  EXPECT_TRUE(s.player(0).studio & (1ull << (kC + 1)));
  EXPECT_EQ(s.player(0).points, 1);
  EXPECT_EQ(s.player(0).pawns_out, 0b0001);
  ASSERT_TRUE(s.is_chance());
  ChanceList o;
  s.chance_outcomes(o);
  EXPECT_EQ(static_cast<int>(o.size()), deck_before);
  for (const auto& c : o) EXPECT_EQ(c.weight, 1u);
  play(s, kChance, kM + 9);
  EXPECT_EQ(s.site_card(0, 0), kM + 9);
  EXPECT_EQ(s.to_act(), SeatSet::only(1));
}

TEST(Turn, APawnCannotGoToASiteHoldingOneOfYourPawns) {
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  auto s = position(su);
  EXPECT_FALSE(legal(s, 0, take(0, 0)));
  EXPECT_FALSE(legal(s, 0, take(0, 1)));
  EXPECT_TRUE(legal(s, 0, take(1, 0)));
  EXPECT_EQ(s.apply(0, take(0, 1))->code, errc::kIllegal);
  EXPECT_TRUE(legal(s, 1, act::kReclaim) == false);  // not seat 1's turn
  EXPECT_EQ(s.apply(1, take(0, 1))->code, errc::kNotYourTurn);
}

TEST(Turn, ReclaimNeedsAPawnOnASiteAndIsForcedWithNoPawnInHand) {
  auto s = position(two_players());
  EXPECT_FALSE(legal(s, 0, act::kReclaim));
  auto su = two_players();
  su.pawns_out[0] = 0b1111;
  s = position(su);
  ActionList l;
  s.legal_actions(0, l);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0], act::kReclaim);
}

}  // namespace
}  // namespace meeple::first_giants
