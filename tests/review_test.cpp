// The bot's review of a finished game (bots/review.h, `meeple analyse`): a
// clear mistake shows as a drop with the bot's better choice, the numbers are
// the same for the same record, seat, budget and seed, and a seat's review
// depends only on what the seat could know.
#include <gtest/gtest.h>

#include "bots/ismcts_bot.h"
#include "bots/match.h"
#include "bots/review.h"
#include "games/registry.h"
#include "tests/resample.h"
#include "tests/toy/high_card.h"

namespace meeple {
namespace {

using test::Steps;

GameRecord record_of(const AnyGame& game, const Json& params, int players, const Steps& steps) {
  GameRecord r;
  r.game = std::string(game.name());
  r.params = params;
  r.players = players;
  r.seats.assign(static_cast<std::size_t>(players), "random");
  AnyState s = *game.new_game(params, players);
  for (const auto& [seat, a] : steps) {
    r.actions.push_back({seat, a, s.action_to_json(seat, a), false});
    EXPECT_FALSE(s.apply(seat, a));
  }
  if (s.is_terminal()) r.result = s.result_json();
  return r;
}

TEST(Review, PassingWithTheBestCardIsADropAndTheBotWouldHaveBet) {
  // High Card, one round: seat 0 holds a 6 and passes, seat 1 holds a 4 and
  // bets. Betting with a 6 cannot lose.
  const GameAdapter<toy::HighCard> toy;
  const Json params = {{"rounds", 1}};
  const GameRecord rec = record_of(toy, params, 2, {{kChance, 5}, {kChance, 3}, {0, 0}, {1, 1}});
  auto reviewer = ismcts_entry<toy::HighCard>().make(BotBudget{.iterations = 2000});
  auto review = review_record(toy, rec, 0, {.budget = "2000", .seed = 3}, *reviewer);
  ASSERT_TRUE(review) << review.error().message;
  ASSERT_EQ(review->decisions.size(), 1u);
  const ReviewedDecision& d = review->decisions[0];
  EXPECT_EQ(d.entry, 2u);
  EXPECT_EQ(d.taken, 0);  // pass
  EXPECT_EQ(d.best, 1);   // bet
  EXPECT_GT(d.before.chance, 0.9);
  EXPECT_LT(d.after.chance, 0.7);
  EXPECT_GT(d.drop(), 0.2);
  EXPECT_LE(d.before.low, d.before.chance);
  EXPECT_GE(d.before.high, d.before.chance);
  EXPECT_EQ(review->largest_drops(5), (std::vector<std::size_t>{0}));
  // Seat 1's bet with a 4 (not knowing seat 0's card) was its best choice.
  auto other = review_record(toy, rec, 1, {.budget = "2000", .seed = 3}, *reviewer);
  ASSERT_TRUE(other);
  ASSERT_EQ(other->decisions.size(), 1u);
  EXPECT_EQ(other->decisions[0].best, other->decisions[0].taken);
  EXPECT_DOUBLE_EQ(other->decisions[0].drop(), 0.0);
}

class ReviewEveryGame : public testing::TestWithParam<std::string> {};

TEST_P(ReviewEveryGame, TheSameRecordSeatBudgetAndSeedGiveTheSameNumbers) {
  const AnyGame& game = *find_game(GetParam());
  const Json params = GetParam() == "ufo" ? Json{{"max_rounds", 3}} : game.param_variants().front();
  const int players = 3;
  const Steps steps = test::random_game(game, params, players, 7);
  const GameRecord rec = record_of(game, params, players, steps);
  for (Seat seat = 0; seat < players; ++seat) {
    auto a = review_record(game, rec, seat, {.budget = "60", .seed = 5});
    auto b = review_record(game, rec, seat, {.budget = "60", .seed = 5});
    ASSERT_TRUE(a && b) << (a ? b.error().message : a.error().message);
    EXPECT_EQ(a->to_json(), b->to_json());
    ASSERT_FALSE(a->decisions.empty()) << "seat " << seat;
    int seen = 0;
    for (const auto& d : a->decisions) {
      ASSERT_LT(d.entry, rec.actions.size());
      EXPECT_EQ(rec.actions[d.entry].seat, seat);
      EXPECT_GE(d.before.tries, d.after.tries);
      EXPECT_TRUE(0 <= d.after.low && d.after.low <= d.after.high && d.after.high <= 1);
      if (d.best == d.taken) {
        EXPECT_EQ(d.before.chance, d.after.chance);
      } else {
        EXPECT_FALSE(d.best_words.empty());
      }
      EXPECT_FALSE(d.taken_words.empty());
      EXPECT_EQ(d.number, ++seen);
    }
  }
}

// A stopping server does not wait for a whole game's review.
TEST_P(ReviewEveryGame, AStopFlagEndsTheReviewBeforeItsNextDecision) {
  const AnyGame& game = *find_game(GetParam());
  const Json params = GetParam() == "ufo" ? Json{{"max_rounds", 3}} : game.param_variants().front();
  const GameRecord rec = record_of(game, params, 3, test::random_game(game, params, 3, 7));
  std::atomic<bool> stop{true};
  auto r = review_record(game, rec, 0, {.budget = "60", .seed = 5, .stop = &stop});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, "review/stopped");
  stop = false;
  EXPECT_TRUE(review_record(game, rec, 0, {.budget = "60", .seed = 5, .stop = &stop}));
}

TEST_P(ReviewEveryGame, ASeatsReviewDoesNotChangeWhenWhatItCouldNotSeeIsResampled) {
  // The same game with other hidden information (deals, draws and secret
  // decisions the seat could not tell apart, tests/resample.h): the seat's
  // review is the same, number for number. Ufo! and First Giants hide
  // nothing, so only First Contact's games change.
  const AnyGame& game = *find_game(GetParam());
  const Json params = GetParam() == "ufo" ? Json{{"max_rounds", 3}} : game.param_variants().front();
  const int players = 3;
  Steps steps = test::random_game(game, params, players, 11);
  // First Contact shows everything with its result: review the game but its
  // last step, whose hidden parts can be changed.
  steps.pop_back();
  for (Seat seat = 0; seat < players; ++seat) {
    int changes = 0;
    const Steps other = test::resample(game, params, players, steps, seat,
                                       static_cast<std::uint64_t>(seat + 40), 1000, changes);
    if (GetParam() == "first-contact") {
      EXPECT_GT(changes, 0) << "seat " << seat;
    }
    auto a = review_record(game, record_of(game, params, players, steps), seat,
                           {.budget = "40", .seed = 2});
    auto b = review_record(game, record_of(game, params, players, other), seat,
                           {.budget = "40", .seed = 2});
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->to_json(), b->to_json()) << "seat " << seat << ", " << changes << " steps changed";
  }
}

INSTANTIATE_TEST_SUITE_P(Games, ReviewEveryGame,
                         testing::Values("ufo", "first-giants", "first-contact"),
                         [](const auto& p) {
                           std::string n = p.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

TEST(Review, BadSeatsBudgetsAndRecordsAreRefused) {
  const AnyGame& game = *find_game("first-giants");
  const Json params = game.param_variants().front();
  const GameRecord rec = record_of(game, params, 2, test::random_game(game, params, 2, 3));
  auto seat = review_record(game, rec, 2, {});
  ASSERT_FALSE(seat);
  EXPECT_EQ(seat.error().code, "review/seat");
  auto budget = review_record(game, rec, 0, {.budget = "lots"});
  ASSERT_FALSE(budget);
  EXPECT_EQ(budget.error().code, "bot/unknown");
  GameRecord broken = rec;
  broken.actions[broken.actions.size() / 2].action = 999;
  auto corrupt = review_record(game, broken, 0, {.budget = "10"});
  ASSERT_FALSE(corrupt);
  EXPECT_EQ(corrupt.error().code, "action/illegal");
}

}  // namespace
}  // namespace meeple
