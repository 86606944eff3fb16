// Two and three players (docs/rules/first-contact.md, rulings 1.8).
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

// One alien turn of a 2-player game: target, one glyph, first offer, then a
// second offer or a pass (second < 0).
void two_attempts(S& s, int target, int first, int second) {
  ASSERT_EQ(s.phase(), Phase::kTarget);
  play(s, 0, act::kSquare + target);
  play(s, 0, act::kGlyph + 1);
  play(s, 0, act::kSend);
  play(s, 1, act::kSquare + first);
  if (s.is_terminal()) return;
  ASSERT_EQ(s.phase(), Phase::kSecondAttempt);
  play(s, 1, second < 0 ? act::kPass : act::kSquare + second);
}

struct FirstContactTwoThreePlayersIt : testing::Test {
  void SetUp() override {
    s = fresh(2);
    setup(s);
    green = squares_of(0, true, 0, Colour::kGreen);
    black = squares_of(0, true, 0, Colour::kBlack);
    red = squares_of(0, true, 0, Colour::kRed);
  }
  S s;
  std::vector<int> green, black, red;
};

TEST_F(FirstContactTwoThreePlayersIt, SideBTheAlienWantsTheEightGreenSquares) {
  EXPECT_EQ(s.aliens(), 1);
  EXPECT_EQ(s.wanted(0), mask(green));
  EXPECT_EQ(green.size(), 8u);
  EXPECT_EQ(s.black(), mask(black));
  EXPECT_EQ(black.size(), 1u);
  EXPECT_EQ(s.timer(), 9);
  EXPECT_EQ(s.goal(), 8);
}

TEST_F(FirstContactTwoThreePlayersIt, TheSecondAttemptIsOptionalAndComesAfterTheFirstIsResolved) {
  skip_earthling_phase(s);
  play(s, 0, act::kSquare + green[0]);
  play(s, 0, act::kGlyph + 1);
  play(s, 0, act::kSend);
  play(s, 1, act::kSquare + green[1]);
  // The first offer is already resolved when the second is asked for.
  EXPECT_EQ(s.covered_by(green[1]), 0);
  EXPECT_EQ(s.tokens_of(0), 1);
  ASSERT_EQ(s.phase(), Phase::kSecondAttempt);
  EXPECT_TRUE(legal(s, 1, act::kPass));
  EXPECT_FALSE(legal(s, 1, act::kSquare + green[1]));
  play(s, 1, act::kSquare + green[0]);
  EXPECT_EQ(s.items_of(0), 2);
  EXPECT_EQ(s.tokens_of(0), 2);
  Json offers = s.view(kSpectator)["revealed_offers"][0]["squares"];
  EXPECT_EQ(offers, Json({green[1], green[0]}));
  // End of the round: one timer token goes.
  EXPECT_EQ(s.timer(), 8);
  EXPECT_EQ(s.round(), 2);
  skip_earthling_phase(s);
  two_attempts(s, green[2], red[0], -1);
  EXPECT_EQ(s.timer(), 7);
}

TEST_F(FirstContactTwoThreePlayersIt, EveryBlackOfferCostsOneMoreTimerToken) {
  skip_earthling_phase(s);
  two_attempts(s, green[0], black[0], black[0]);
  EXPECT_EQ(s.timer(), 9 - 3);
}

TEST_F(FirstContactTwoThreePlayersIt, TheGameEndsWhenTheTimerMustBeDiscardedAndIsEmpty) {
  int rounds = 0;
  while (!s.is_terminal()) {
    skip_earthling_phase(s);
    two_attempts(s, green[0], red[0], -1);
    ++rounds;
  }
  EXPECT_EQ(rounds, 10);  // nine discards, then none left on the tenth
  Json d = s.result_details();
  EXPECT_EQ(d["timer_ran_out"], true);
  EXPECT_EQ(d["verdict"], 0);
  EXPECT_TRUE(s.result().winners.empty());
  // The result names the colours the table showed: the alien green, the
  // earthling's tokens blue in the Italian edition, as in the view.
  const Json v = s.view(kSpectator);
  EXPECT_EQ(d["teams"]["aliens"][0]["colour"], "green");
  EXPECT_EQ(d["teams"]["aliens"][0]["colour"], v["aliens"][0]["colour"]);
  EXPECT_EQ(d["teams"]["earthlings"][0]["tokens"], v["earthlings"][0]["tokens"]);
  EXPECT_TRUE(d["teams"]["earthlings"][0]["tokens"].contains("blue"));
}

TEST_F(FirstContactTwoThreePlayersIt, AllEightItemsEndTheGameWithTheBestVerdict) {
  for (int i = 0; i < 4; ++i) {
    skip_earthling_phase(s);
    two_attempts(s, green[2 * i], green[2 * i], green[2 * i + 1]);
  }
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.items_of(0), 8);
  EXPECT_EQ(s.verdict(), 3);
  // Two players win or lose together.
  EXPECT_EQ(s.result().winners, SeatSet::first(2));
}

TEST(FirstContactTwoThreePlayers, VerdictBands) {
  S s = fresh(2);
  setup(s);
  const auto green = squares_of(0, true, 0, Colour::kGreen);
  int expected[] = {0, 0, 0, 0, 1, 1, 2, 2, 3};
  for (int n = 0; n <= 8; ++n) {
    for (int q = 0; q < kSquares; ++q) TestAccess::covered_by(s)[q] = -1;
    for (int i = 0; i < n; ++i) TestAccess::covered_by(s)[green[i]] = 0;
    EXPECT_EQ(s.verdict(), expected[n]) << n;
  }
}

TEST(FirstContactTwoThreePlayers, ThreePlayersTheEarthlingWithMoreTokensAlsoWins) {
  S s = fresh(3, {{"edition", "ko"}});
  setup(s);
  const auto green = squares_of(0, true, 0, Colour::kGreen);
  const auto red = squares_of(0, true, 0, Colour::kRed);
  EXPECT_EQ(s.earthlings(), 2);
  int round = 0;
  while (!s.is_terminal()) {
    skip_earthling_phase(s);
    // Earthling 0 finds one green item in the first three rounds; earthling 1 never.
    const int offer0 = round < 3 ? green[round] : red[0];
    alien_turn(s, green[3], {2}, {offer0, red[1]});
    ++round;
  }
  EXPECT_EQ(round, 10);
  EXPECT_EQ(s.items_of(0), 3);
  EXPECT_EQ(s.verdict(), 0);
  GameResult r = s.result();
  EXPECT_FALSE(r.winners.contains(0));
  EXPECT_TRUE(r.winners.contains(1));
  EXPECT_FALSE(r.winners.contains(2));
}

struct FirstContactTwoThreePlayersEn : testing::Test {
  void SetUp() override {
    s = fresh(2, {{"edition", "en"}});
    setup(s);
    play(s, 1, act::kCharacteristic + kTool);  // en always has the zero turn
    coloured = s.wanted(0);
    black = squares_of(0, false, 0, Colour::kBlack);
  }
  S s;
  std::uint32_t coloured = 0;
  std::vector<int> black;
};

TEST_F(FirstContactTwoThreePlayersEn, SideAAllFifteenColouredSquaresAnyFiveWin) {
  EXPECT_EQ(count_bits(coloured), 15);
  EXPECT_EQ(s.black(), mask(black));
  EXPECT_EQ(s.timer(), 10);
  EXPECT_EQ(s.goal(), 5);
  const auto sq = bits(coloured);
  // A black offer in the first round lays out one more timer token.
  skip_earthling_phase(s);
  two_attempts(s, sq[0], black[0], -1);
  EXPECT_EQ(s.timer(), 8);
  skip_earthling_phase(s);
  two_attempts(s, sq[0], sq[0], sq[7]);  // any coloured square counts
  skip_earthling_phase(s);
  two_attempts(s, sq[1], sq[1], sq[14]);
  EXPECT_EQ(s.timer(), 6);
  skip_earthling_phase(s);
  two_attempts(s, sq[2], sq[2], -1);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.items_of(0), 5);
  EXPECT_EQ(s.alien_winner(), 0);
  EXPECT_TRUE(s.result().winners.contains(0));
  EXPECT_TRUE(s.result().winners.contains(1));  // the only earthling has the most tokens
}

TEST_F(FirstContactTwoThreePlayersEn, TheAlienLosesWhenItLaysOutItsLastTimerToken) {
  const auto sq = bits(coloured);
  int rounds = 0;
  while (!s.is_terminal()) {
    skip_earthling_phase(s);
    two_attempts(s, sq[0], black[0], black[1]);  // one extra token per round, not two
    ++rounds;
  }
  EXPECT_EQ(rounds, 5);
  EXPECT_EQ(s.timer(), 0);
  EXPECT_EQ(s.alien_winner(), -1);
  EXPECT_FALSE(s.result().winners.contains(0));
  EXPECT_EQ(s.result_details()["timer_ran_out"], true);
}

TEST(FirstContactTwoThreePlayers, EnThreePlayersOneAttemptEach) {
  S s = fresh(3, {{"edition", "en"}});
  setup(s);
  play(s, 1, act::kCharacteristic + kTool);
  play(s, 2, act::kCharacteristic + kBig);
  skip_earthling_phase(s);
  const auto sq = bits(s.wanted(0));
  alien_turn(s, sq[0], {1}, {sq[0], sq[0]});
  // No second attempt with three players: the round is over.
  EXPECT_EQ(s.phase(), Phase::kChoose);
  EXPECT_EQ(s.timer(), 9);
  EXPECT_EQ(s.tokens_of(0), 1);
  EXPECT_EQ(s.tokens_of(1), 1);
}

}  // namespace
}  // namespace meeple::first_contact
