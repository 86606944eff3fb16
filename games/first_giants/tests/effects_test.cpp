// First Giants rules tests, Card effects: triggers, repetitions, "may" decisions, the order of
// effects triggering together, each opponent applying an effect.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(FirstGiantsEffects, ARecurringEffectTriggersWhenItsCardIsTaken) {
  auto su = two_players();
  su.sites[0][0] = kC + 2;  // whenever you take a carnivore card: 1 amber
  auto s = position(su);
  play(s, 0, take(0, 0));
  EXPECT_EQ(s.player(0).amber, 3);
  turn_up(s);
  play(s, 1, take(1, 0));  // seat 1's take does not trigger seat 0's card
  EXPECT_EQ(s.player(0).amber, 3);
  turn_up(s);
  play(s, 0, take(2, 1));  // carnivore size 1 (+0): and again
  EXPECT_GE(s.player(0).amber, 4);
}

TEST(FirstGiantsEffects, NewFamilyTriggerNeedsAFamilyAbsentFromTheStudio) {
  Position su;
  su.players = 2;
  // H+6: whenever you take a card of a family not in your studio, 1 amber.
  su.sites = {{{kH + 6, kM + 1}, {kH + 1, kS + 1}, {kF + 1, kC + 1}, {kM + 5, kC + 5}}};
  auto s = position(su);
  play(s, 0, take(0, 0));
  EXPECT_EQ(s.player(0).amber, 3);  // itself: herbivores were absent
  turn_up(s);
  play(s, 1, take(3, 0));
  turn_up(s);
  play(s, 0, take(1, 0));  // herbivore again: no amber
  EXPECT_EQ(s.player(0).amber, 3);
  EXPECT_EQ(s.player(0).points, 1);
  turn_up(s);
  play(s, 1, take(0, 1));
  turn_up(s);
  play(s, 0, take(2, 0));  // a flyer: new family
  EXPECT_EQ(s.player(0).amber, 4);
}

TEST(FirstGiantsEffects, AnyPlayerTakingACardTriggersEveryOwner) {
  auto su = two_players();
  su.studio[1] = {kC + 10};  // whenever any player takes a card: may spend 3 amber for 2 points
  su.amber[1] = 4;
  auto s = position(su);
  play(s, 0, take(0, 1));
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  play(s, 1, act::kAmberForPoints);
  EXPECT_EQ(s.player(1).points, 2);
  EXPECT_EQ(s.player(1).amber, 1);
}

TEST(FirstGiantsEffects, ASingleUseEffectResolvesOnlyTheTurnTheCardIsTaken) {
  auto s = position(two_players());
  play(s, 0, take(0, 0));  // +1 point
  turn_up(s);
  play(s, 1, take(1, 0));
  turn_up(s);
  play(s, 0, take(1, 1));  // another "+1 point" card
  EXPECT_EQ(s.player(0).points, 2);
}

TEST(FirstGiantsEffects, MultipliersCountTheOwnersStudio) {
  auto su = two_players();
  su.studio[0] = {kC + 4, kH + 4, kF + 8};
  su.sites[0][0] = kS + 5;  // 1 amber per different family: 4 with itself
  auto s = position(su);
  play(s, 0, take(0, 0));
  EXPECT_EQ(s.player(0).amber, 2 + 4);
  auto su2 = two_players();
  su2.studio[0] = {kC + 4, kH + 4, kF + 8, kS + 9, kM + 9};
  su2.sites[0][0] = kS + 0;  // 1 amber per pair: 6 cards with itself, 3 pairs
  auto t = position(su2);
  play(t, 0, take(0, 0));
  EXPECT_EQ(t.player(0).amber, 2 + 3);
}

TEST(FirstGiantsEffects, SpendingThreeAmberForTwoPointsNeedsThreeAmberAndIsAChoice) {
  auto su = two_players();
  su.studio[0] = {kC + 4};
  su.amber[0] = 7;
  su.sites[0][0] = kC + 7;  // may spend 3 amber for 2 points, per carnivore: twice
  auto s = position(su);
  play(s, 0, take(0, 0));
  ASSERT_EQ(s.phase(), Phase::kEffect);
  EXPECT_TRUE(legal(s, 0, act::kDecline));
  play(s, 0, act::kAmberForPoints);
  play(s, 0, act::kAmberForPoints);
  EXPECT_EQ(s.player(0).amber, 1);
  EXPECT_EQ(s.player(0).points, 4);
  EXPECT_TRUE(s.is_chance());
  auto su2 = su;
  su2.amber[0] = 2;
  auto t = position(su2);
  play(t, 0, take(0, 0));
  EXPECT_TRUE(t.is_chance());  // too little amber: nothing to decide
  EXPECT_EQ(t.player(0).points, 0);
}

TEST(FirstGiantsEffects, ExhibitOrPointOffersBoth) {
  auto su = two_players();
  su.studio[0] = {kH + 4};
  su.sites[0][0] = kC + 3;
  auto s = position(su);
  play(s, 0, take(0, 0));
  EXPECT_TRUE(legal(s, 0, act::kGainPoint));
  EXPECT_TRUE(legal(s, 0, exhibit(kH + 4)));
  EXPECT_TRUE(legal(s, 0, exhibit(kC + 3)));  // the card itself is in the studio now
  play(s, 0, act::kGainPoint);
  EXPECT_EQ(s.player(0).points, 1);
}

TEST(FirstGiantsEffects, UpToTwoFossilsOfDifferentFamiliesOrOfTheSameFamily) {
  auto su = two_players();
  su.studio[0] = {kC + 0, kC + 4, kH + 0};
  su.amber[0] = 9;
  su.sites[0][0] = kF + 9;  // up to 2 of different families
  auto s = position(su);
  play(s, 0, take(0, 0));
  play(s, 0, exhibit(kC + 0));
  play(s, 0, act::kNewSet);
  EXPECT_FALSE(legal(s, 0, exhibit(kC + 4)));
  EXPECT_TRUE(legal(s, 0, exhibit(kH + 0)));
  play(s, 0, exhibit(kH + 0));
  play(s, 0, into(0));
  EXPECT_TRUE(s.is_chance());
  EXPECT_EQ(s.player(0).amber, 9 - 2);

  su.sites[0][0] = kF + 11;  // the flyer egg: up to 2 of the same family
  auto t = position(su);
  play(t, 0, take(0, 0));
  play(t, 0, exhibit(kC + 0));
  play(t, 0, act::kNewSet);
  EXPECT_TRUE(legal(t, 0, exhibit(kC + 4)));
  EXPECT_FALSE(legal(t, 0, exhibit(kH + 0)));
  play(t, 0, act::kDecline);  // stopping after one is allowed
  EXPECT_TRUE(t.is_chance());
}

// The rulebook: effects of one player triggering together are ordered by their owner.
TEST(FirstGiantsEffects, TheOwnerOrdersItsEffectsThatTriggerTogether) {
  auto su = two_players();
  su.amber[0] = 1;
  su.studio[0] = {kC + 2, kH + 4};  // carnivore taken: +1 amber
  su.sites[0][0] = kC + 4;          // may exhibit 1 fossil
  auto s = position(su);
  play(s, 0, take(0, 0));
  ASSERT_EQ(s.phase(), Phase::kOrder);
  EXPECT_TRUE(legal(s, 0, act::kResolve + kC + 2));
  EXPECT_TRUE(legal(s, 0, act::kResolve + kC + 4));
  // Amber first, so the 2-amber herbivore can then be paid.
  play(s, 0, act::kResolve + kC + 2);
  EXPECT_EQ(s.player(0).amber, 2);
  ASSERT_EQ(s.phase(), Phase::kEffect);
  play(s, 0, exhibit(kH + 4));
  play(s, 0, act::kNewSet);
  EXPECT_EQ(s.player(0).amber, 0);
  // The other order: exhibiting first leaves only a 1-amber fossil possible.
  auto t = position(su);
  play(t, 0, take(0, 0));
  play(t, 0, act::kResolve + kC + 4);
  EXPECT_FALSE(legal(t, 0, exhibit(kH + 4)));
}

// The rulebook: effects of several players resolve from the active player clockwise.
TEST(FirstGiantsEffects, SeveralPlayersResolveFromTheActivePlayerClockwise) {
  Position su;
  su.players = 3;
  su.active = 1;
  su.sites = {{{kC + 4, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 0}, {kH + 0, kF + 0}}};
  su.studio[0] = {kH + 10, kM + 4};  // any player takes: may exhibit 1 fossil
  su.studio[2] = {kC + 10};          // any player takes: may spend 3 amber for 2 points
  su.amber[2] = 3;
  auto s = position(su);
  play(s, 1, take(0, 0));  // seat 1's own "may exhibit" comes first
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  play(s, 1, act::kDecline);
  ASSERT_EQ(s.to_act(), SeatSet::only(2));  // then seat 2
  play(s, 2, act::kAmberForPoints);
  EXPECT_EQ(s.player(2).points, 2);
  ASSERT_EQ(s.to_act(), SeatSet::only(0));  // then seat 0
  EXPECT_TRUE(legal(s, 0, exhibit(kM + 4)));
  play(s, 0, act::kDecline);
  EXPECT_TRUE(s.is_chance());
}

// An effect that each opponent applies is each opponent's own decision.
TEST(FirstGiantsEffects, EachOpponentDecidesItsOwnMay) {
  Position su;
  su.players = 3;
  su.sites = {{{kF + 10, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 5}, {kH + 5, kF + 5}}};
  su.studio[1] = {kC + 0};
  su.studio[2] = {kH + 0};
  auto s = position(su);
  play(s, 0, take(0, 0));  // flyer: each opponent may exhibit 1 fossil
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  EXPECT_TRUE(legal(s, 1, act::kDecline));
  EXPECT_FALSE(legal(s, 0, act::kDecline));
  play(s, 1, exhibit(kC + 0));
  play(s, 1, act::kNewSet);
  ASSERT_EQ(s.to_act(), SeatSet::only(2));
  play(s, 2, act::kDecline);
  EXPECT_EQ(s.player(1).sets.size(), 1u);
  EXPECT_EQ(s.player(2).sets.size(), 0u);
  EXPECT_EQ(s.player(0).sets.size(), 0u);
  EXPECT_TRUE(s.is_chance());
}

TEST(FirstGiantsEffects, AnExhibitedFossilLosesItsEffects) {
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  su.studio[0] = {kC + 10};  // any player takes: may spend 3 amber for 2 points
  su.amber[0] = 6;
  auto s = position(su);
  play(s, 0, act::kReclaim);
  play(s, 0, exhibit(kC + 10));
  play(s, 0, act::kNewSet);
  play(s, 1, take(0, 0));
  EXPECT_TRUE(s.is_chance());  // seat 0 is not asked any more
  EXPECT_EQ(s.player(0).amber, 3);
}

}  // namespace
}  // namespace meeple::first_giants
