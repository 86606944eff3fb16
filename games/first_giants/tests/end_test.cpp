// First Giants rules tests, End of the game: the two triggers, the round played out, the score.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(FirstGiantsEnd, LastSetTokenTriggersTheEndAndTheRoundIsPlayedOut) {
  Position su;
  su.players = 3;
  su.active = 1;
  su.sites = {{{kC + 1, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 3}, {kH + 3, kF + 3}}};
  su.sets[1] = {{kC + 0}};
  su.studio[1] = {kC + 4};
  su.pawns_out[1] = 0b0001;
  su.reserve = 1;
  auto s = position(su);
  EXPECT_EQ(s.box_tokens(), 23);
  play(s, 1, act::kReclaim);
  play(s, 1, exhibit(kC + 4));
  play(s, 1, into(0));
  EXPECT_TRUE(s.end_triggered());
  EXPECT_EQ(s.reserve_tokens(), 23);  // the box's tokens join the reserve
  EXPECT_EQ(s.box_tokens(), 0);
  EXPECT_FALSE(s.is_terminal());
  ASSERT_EQ(s.to_act(), SeatSet::only(2));  // seat 2 still plays
  play(s, 2, take(0, 0));
  turn_up(s);
  EXPECT_TRUE(s.is_terminal());  // everyone has had the same number of turns
  GameResult r = s.result();
  EXPECT_EQ(r.score[1], 2 + 3);
}

TEST(FirstGiantsEnd, TheDeckRunningOutWhileRefillingTriggersTheEnd) {
  Position su;
  su.players = 2;
  su.sites = {{{kC + 1, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 3}, {kH + 3, kF + 3}}};
  // Every other card but three is already in a studio; one of the three is
  // face up on the deck.
  for (int c = 0; c < kCards; ++c) {
    bool on_site = false;
    for (const auto& site : su.sites) on_site |= site[0] == c || site[1] == c;
    if (!on_site && c != kM + 11 && c != kH + 10 && c != kF + 10) su.studio[c % 2].push_back(c);
  }
  su.top = kF + 10;
  auto s = position(su);
  EXPECT_EQ(s.deck_count(), 3);
  play(s, 0, take(0, 0));
  settle(s);
  EXPECT_EQ(s.site_card(0, 0), kF + 10);
  play(s, kChance, kM + 11);
  play(s, 1, take(0, 0));
  settle(s);
  play(s, kChance, kH + 10);  // the last card turns up
  EXPECT_EQ(s.deck_count(), 1);
  EXPECT_FALSE(s.end_triggered());
  play(s, 0, take(1, 0));  // the refill takes the last card: no card to turn up
  while (!s.is_chance() && s.phase() != Phase::kTurn) {  // effects: decline them
    const Seat seat = s.to_act().lowest();
    ActionList l;
    s.legal_actions(seat, l);
    play(s, seat, l.contains(act::kDecline) ? act::kDecline : l[0]);
  }
  EXPECT_EQ(s.site_card(1, 0), kH + 10);
  EXPECT_EQ(s.deck_count(), 0);
  EXPECT_TRUE(s.end_triggered());
  EXPECT_FALSE(s.is_terminal());  // seat 1 still has its turn
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  play(s, 1, take(1, 1));
  settle(s);
  EXPECT_TRUE(s.is_terminal());  // the site stays short: no card to refill it
  EXPECT_EQ(s.site_card(1, 1), kNoCard);
}

TEST(FirstGiantsEnd, AtFourAndFivePlayersTheBoxIsEmptySoSetsExpandedAfterTheTriggerGetNoToken) {
  for (int players : {4, 5}) {
    Position su;
    su.players = players;
    su.active = 1;
    su.sites = {{{kC + 1, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 3}, {kH + 3, kF + 3}}};
    su.sets[1] = {{kC + 0}};
    su.studio[1] = {kC + 4};
    su.pawns_out[1] = 0b0001;
    su.sets[2] = {{kH + 0}};
    su.studio[2] = {kH + 4};
    su.pawns_out[2] = 0b0001;
    // 23 of the 24 set tokens are on exhibited sets, one is left in the
    // reserve, and none waits in the box.
    su.sets[0] = {{kC + 2, kH + 2, kF + 2, kS + 2, kM + 2},
                  {kC + 5, kH + 5, kF + 5, kS + 5, kM + 5},
                  {kC + 6, kH + 6, kF + 6, kS + 6, kM + 6}};
    su.sets[3] = {{kC + 7, kH + 7, kF + 7, kS + 7, kM + 7},
                  {kC + 8, kH + 8, kF + 8, kS + 8, kM + 8},
                  {kC + 9, kH + 9, kF + 9},
                  {kC + 10, kH + 10}};
    auto s = position(su);
    ASSERT_EQ(s.reserve_tokens(), 1);
    ASSERT_EQ(s.box_tokens(), 0);
    play(s, 1, act::kReclaim);
    play(s, 1, exhibit(kC + 4));
    play(s, 1, into(0));
    EXPECT_TRUE(s.end_triggered());
    EXPECT_EQ(s.reserve_tokens(), 0);  // nothing came out of the box
    ASSERT_EQ(s.to_act(), SeatSet::only(2));
    play(s, 2, act::kReclaim);
    play(s, 2, exhibit(kH + 4));
    play(s, 2, into(0));
    EXPECT_EQ(s.player(2).sets[0].n, 2);
    EXPECT_EQ(s.player(2).sets[0].tokens, 0);  // expanded, but no token left
  }
}

TEST(FirstGiantsEnd, ScoreAddsPointsNewsAndSetTokensAndTiesShareTheVictory) {
  Position su;
  su.players = 3;
  su.sets[0] = {{kC + 0, kC + 4, kC + 8}};  // complete: 2 tokens x 3
  su.points = {0, 6, 2};
  su.sets[2] = {{kH + 0, kH + 4}};  // 1 token x 2
  auto s = position(su);
  EXPECT_EQ(s.score(0), 6);
  EXPECT_EQ(s.score(1), 6);
  EXPECT_EQ(s.score(2), 4);
  GameResult r = s.result();
  EXPECT_TRUE(r.winners.contains(0));
  EXPECT_TRUE(r.winners.contains(1));
  EXPECT_FALSE(r.winners.contains(2));
  EXPECT_EQ(r.rank[0], 1);
  EXPECT_EQ(r.rank[1], 1);
}

}  // namespace
}  // namespace meeple::first_giants
