// First Giants rules tests, A turn: play a pawn and take a card (then the refill takes the
// deck's face-up top card and the next card turns up), or reclaim.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(FirstGiantsTurn, TakingACardPutsItInTheStudioAndTheSiteTakesTheDecksTopCard) {
  auto su = two_players();
  su.top = kM + 9;  // face up on the deck: everyone sees it
  auto s = position(su);
  const int deck_before = s.deck_count();
  play(s, 0, take(0, 0));  // carnivore size 1: once, gain 1 point
  EXPECT_TRUE(s.player(0).studio & (1ull << (kC + 1)));
  EXPECT_EQ(s.player(0).points, 1);
  EXPECT_EQ(s.player(0).pawns_out, 0b0001);
  // The refill is no draw: the slot holds the card that was on top.
  EXPECT_EQ(s.site_card(0, 0), kM + 9);
  EXPECT_EQ(s.deck_count(), deck_before - 1);
  // The chance event is the next card turning up, one of the face-down cards.
  ASSERT_TRUE(s.is_chance());
  EXPECT_EQ(s.deck_top(), kNoCard);
  ChanceList o;
  s.chance_outcomes(o);
  EXPECT_EQ(static_cast<int>(o.size()), deck_before - 1);
  for (const auto& c : o) {
    EXPECT_EQ(c.weight, 1u);
    EXPECT_NE(c.action, kM + 9);
  }
  play(s, kChance, kH + 9);
  EXPECT_EQ(s.deck_top(), kH + 9);
  EXPECT_EQ(s.site_card(0, 0), kM + 9);
  EXPECT_EQ(s.to_act(), SeatSet::only(1));
}

TEST(FirstGiantsTurn, TheDecksTopCardAndSizeArePublicInEveryView) {
  auto su = two_players();
  su.top = kS + 8;
  auto s = position(su);
  for (Seat v : {Seat{0}, Seat{1}, kSpectator}) {
    const Json view = s.view(v);
    EXPECT_EQ(view["deck_top"]["id"], kS + 8);
    EXPECT_EQ(view["deck_count"], kCards - 8);
  }
  // A determinization keeps it: the top card is known to all.
  Rng rng(5);
  EXPECT_EQ(s.determinize(1, rng).deck_top(), kS + 8);
  EXPECT_NE(s.text_view(1, "en").find(s.describe_card(kS + 8, "en")), std::string::npos);
}

TEST(FirstGiantsTurn, TheDecksTopCardIsThereToTakeForTheNextPlayer) {
  // Seat 0 sees the card on top and knows a take puts it on the site for
  // seat 1: its refill is that card, whatever chance turns up next.
  auto su = two_players();
  su.top = kH + 10;
  auto s = position(su);
  play(s, 0, take(2, 0));
  ASSERT_TRUE(s.is_chance());
  play(s, kChance, kC + 0);
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  EXPECT_TRUE(legal(s, 1, take(2, 0)));
  EXPECT_EQ(s.site_card(2, 0), kH + 10);
  EXPECT_EQ(s.deck_top(), kC + 0);
}

TEST(FirstGiantsTurn, APawnCannotGoToASiteHoldingOneOfYourPawns) {
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

TEST(FirstGiantsTurn, ReclaimNeedsAPawnOnASiteAndIsForcedWithNoPawnInHand) {
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
