// First Giants rules tests, Reclaim: per pawn 1 amber or 1 fossil exhibited, asked only while it is
// a choice.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

// The rulebook's example: Silvia reclaims her three pawns, gains 2 amber and exhibits 1
// fossil.
TEST(FirstGiantsReclaim, SilviaReclaimsThreePawnsForTwoAmberAndOneExhibit) {
  auto su = two_players();
  su.pawns_out[0] = 0b0111;
  su.amber[0] = 0;
  su.studio[0] = {kC + 4};  // a size-2 carnivore: she needs both amber first
  auto s = position(su);
  play(s, 0, act::kReclaim);
  EXPECT_EQ(s.player(0).pawns_out, 0);
  EXPECT_EQ(s.phase(), Phase::kReclaim);
  EXPECT_FALSE(legal(s, 0, exhibit(kC + 4)));  // 0 amber: not yet
  play(s, 0, act::kGainAmber);
  play(s, 0, act::kGainAmber);
  EXPECT_EQ(s.player(0).amber, 2);
  play(s, 0, exhibit(kC + 4));
  play(s, 0, act::kNewSet);
  EXPECT_EQ(s.player(0).amber, 0);
  EXPECT_EQ(s.player(0).studio, 0u);
  ASSERT_EQ(s.player(0).sets.size(), 1u);
  EXPECT_EQ(s.to_act(), SeatSet::only(1));  // no refill after a reclaim
  EXPECT_FALSE(s.is_chance());
}

TEST(FirstGiantsReclaim, ReclaimWithNothingExhibitableGivesAmberForEveryPawn) {
  auto su = two_players();
  su.pawns_out[0] = 0b0011;
  su.amber[0] = 0;
  su.studio[0] = {kC + 8};  // size 3: 0 amber + 1 other pawn cannot pay it
  auto s = position(su);
  play(s, 0, act::kReclaim);
  EXPECT_EQ(s.player(0).amber, 2);
  EXPECT_EQ(s.to_act(), SeatSet::only(1));
}

}  // namespace
}  // namespace meeple::first_giants
