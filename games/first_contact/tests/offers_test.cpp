// Alien phase: offers (docs/rules/first-contact.md): secret offers revealed
// together, covering, tokens and the end at the goal.
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

// The 5-player alien phase of fixture.h (AlienPhaseTest).
struct FirstContactOffers : AlienPhaseTest {};

TEST_F(FirstContactOffers, SeveralEarthlingsOfferTheTarget) {
  alien_turn(s, red[0], {1}, {red[0], red[0], blue[0]});
  EXPECT_EQ(s.covered_by(red[0]), 0);
  EXPECT_EQ(s.token_of(0, 0), 1);
  EXPECT_EQ(s.token_of(1, 0), 1);
  EXPECT_EQ(s.tokens_of(2), 0);
  // Offering blue's square in red's turn gives nothing.
  EXPECT_EQ(s.covered_by(blue[0]), -1);
  EXPECT_EQ(s.items_of(0), 1);
  // Offers are revealed together.
  Json offers = s.view(kSpectator)["revealed_offers"];
  EXPECT_EQ(offers[2]["squares"], Json({blue[0]}));
}

TEST_F(FirstContactOffers, AnotherWantedItemOfTheCurrentAlienIsTakenToo) {
  alien_turn(s, red[0], {1}, {red[1], red[2], black[0]});
  EXPECT_EQ(s.covered_by(red[0]), -1);  // the target was missed
  EXPECT_EQ(s.covered_by(red[1]), 0);
  EXPECT_EQ(s.covered_by(red[2]), 0);
  EXPECT_EQ(s.token_of(0, 0), 1);
  EXPECT_EQ(s.token_of(1, 0), 1);
  EXPECT_EQ(s.items_of(0), 2);
  // A black square gives nothing.
  EXPECT_EQ(s.covered_by(black[0]), -1);
  EXPECT_EQ(s.tokens_of(2), 0);
}

TEST_F(FirstContactOffers, AnItemOfAnotherAlienMustBeOfferedInItsOwnTurn) {
  alien_turn(s, red[0], {1}, {blue[0], blue[0], blue[0]});
  EXPECT_EQ(s.covered_by(blue[0]), -1);
  // Blue's turn: the same square now counts.
  ASSERT_EQ(s.phase(), Phase::kTarget);
  EXPECT_EQ(s.current(), 1);
  alien_turn(s, blue[1], {2}, {blue[0], red[0], black[0]});
  EXPECT_EQ(s.covered_by(blue[0]), 1);
  EXPECT_EQ(s.token_of(0, 1), 1);
  EXPECT_EQ(s.covered_by(red[0]), -1);
  // Then a new round begins with the earthlings.
  EXPECT_EQ(s.phase(), Phase::kChoose);
  EXPECT_EQ(s.round(), 2);
}

TEST_F(FirstContactOffers, CoveredSquaresCannotBeOfferedAndOffersAreSecret) {
  alien_turn(s, red[0], {1}, {red[0], red[0], red[0]});
  alien_turn(s, blue[0], {1}, {blue[0], black[0], black[1]});
  skip_earthling_phase(s);
  play(s, 0, act::kSquare + red[1]);
  EXPECT_FALSE(legal(s, 0, act::kSquare + red[0]));  // not a target either
  play(s, 0, act::kGlyph + 2);
  play(s, 0, act::kSend);
  const Seat e0 = s.earthling_seat(0);
  EXPECT_FALSE(legal(s, e0, act::kSquare + red[0]));
  play(s, e0, act::kSquare + red[3]);
  EXPECT_EQ(s.view(e0)["my_offer"], red[3]);
  EXPECT_TRUE(s.view(s.earthling_seat(1))["my_offer"].is_null());
  EXPECT_EQ(s.view(0).dump().find("\"my_offer\""), std::string::npos);
  EXPECT_EQ(s.view(kSpectator)["decided"], Json({e0}));
}

TEST_F(FirstContactOffers, TheGameEndsAtOnceWhenTheCurrentAlienHasThreeItems) {
  alien_turn(s, red[0], {1}, {red[0], red[1], red[1]});
  alien_turn(s, blue[0], {1}, {blue[0], red[2], red[2]});
  skip_earthling_phase(s);
  ASSERT_EQ(s.items_of(0), 2);
  alien_turn(s, red[2], {1}, {red[2], black[0], black[1]});
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.alien_winner(), 0);
  GameResult r = s.result();
  EXPECT_TRUE(r.winners.contains(0));
  EXPECT_FALSE(r.winners.contains(1));
  // Earthling 0 has 3 tokens (red x2, blue x1), the others 1 each.
  EXPECT_EQ(s.tokens_of(0), 3);
  EXPECT_TRUE(r.winners.contains(s.earthling_seat(0)));
  EXPECT_FALSE(r.winners.contains(s.earthling_seat(1)));
  Json d = s.result_details();
  EXPECT_EQ(d["alien_winner"], 0);
  EXPECT_EQ(d["teams"]["earthlings"][0]["total"], 3);
  EXPECT_EQ(d["teams"]["earthlings"][0]["secret_characteristics"], Json({"alive"}));
  ActionList none;
  s.legal_actions(s.earthling_seat(0), none);
  EXPECT_TRUE(none.empty());
}

}  // namespace
}  // namespace meeple::first_contact
