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

// A hint the person asked for (the record's hint marks) shows at the
// decision it was asked at, and at no other; the mark survives the record's
// JSON form.
TEST_P(ReviewEveryGame, AHintMarkShowsAtTheDecisionItWasAskedAt) {
  const AnyGame& game = *find_game(GetParam());
  const Json params = GetParam() == "ufo" ? Json{{"max_rounds", 3}} : game.param_variants().front();
  const int players = 3;
  GameRecord rec = record_of(game, params, players, test::random_game(game, params, players, 7));
  auto plain = review_record(game, rec, 1, {.budget = "20", .seed = 5});
  ASSERT_TRUE(plain) << plain.error().message;
  ASSERT_GE(plain->decisions.size(), 3u);
  for (const auto& d : plain->decisions) EXPECT_FALSE(d.hinted);
  const std::size_t asked = plain->decisions[2].entry;
  rec.hints = {{.seat = 1, .at = asked}, {.seat = 0, .at = plain->decisions[1].entry}};
  auto back = record_from_json(record_to_json(rec));
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->hints, rec.hints);
  auto marked = review_record(game, *back, 1, {.budget = "20", .seed = 5});
  ASSERT_TRUE(marked);
  for (std::size_t i = 0; i < marked->decisions.size(); ++i)
    EXPECT_EQ(marked->decisions[i].hinted, i == 2) << "decision " << i;
  EXPECT_EQ(marked->to_json()["decisions"][2]["hinted"], true);
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

// `prefix`, then random decisions and chance to the game's end (a future
// other than the one the record holds).
Steps continued_randomly(const AnyGame& game, const Json& params, int players, const Steps& prefix,
                         std::uint64_t seed) {
  Rng rng(seed);
  auto s = game.new_game(params, players);
  EXPECT_TRUE(s);
  for (const auto& [seat, a] : prefix) EXPECT_FALSE(s->apply(seat, a));
  Steps out = prefix;
  while (!s->is_terminal() && out.size() < 20000) {
    Seat seat = kChance;
    Action a = -1;
    if (s->is_chance()) {
      a = sample_chance(s->chance_outcomes(), rng);
    } else {
      for (Seat i = 0; i < players && seat == kChance; ++i)
        if (s->to_act().contains(i)) seat = i;
      const ActionList primary = s->primary_actions(seat);
      a = primary[rng.below(static_cast<std::uint32_t>(primary.size()))];
    }
    EXPECT_FALSE(s->apply(seat, a));
    out.emplace_back(seat, a);
  }
  return out;
}

// The decisions of `review` made before entry `end`.
Json decisions_before(const Review& review, std::size_t end) {
  Json out = Json::array();
  const Json whole = review.to_json();
  for (const Json& d : whole["decisions"])
    if (d["entry"].get<std::size_t>() < end) out.push_back(d);
  return out;
}

TEST_P(ReviewEveryGame, ASeatsReviewDoesNotChangeWhenWhatItCouldNotSeeIsResampled) {
  // What a seat could not see when it decided: the game's future (every
  // game's: later draws and everyone's later decisions), and in a game that
  // hides something, the deals, draws and secret decisions it could not tell
  // apart (tests/resample.h). Either changed, its review of those decisions
  // is the same, number for number.
  const AnyGame& game = *find_game(GetParam());
  const Json params = GetParam() == "ufo" ? Json{{"max_rounds", 3}} : game.param_variants().front();
  const int players = 3;
  Steps steps = test::random_game(game, params, players, 11);
  // First Contact shows everything with its result: review the game but its
  // last step, whose hidden parts can be changed.
  steps.pop_back();
  const std::size_t cut = steps.size() / 2;
  const Steps other_future = continued_randomly(
      game, params, players, Steps(steps.begin(), steps.begin() + static_cast<std::ptrdiff_t>(cut)),
      99);
  ASSERT_NE(other_future, steps) << "the other future is another game";
  for (Seat seat = 0; seat < players; ++seat) {
    SCOPED_TRACE("seat " + std::to_string(seat));
    auto a = review_record(game, record_of(game, params, players, steps), seat,
                           {.budget = "40", .seed = 2});
    ASSERT_TRUE(a);
    auto future = review_record(game, record_of(game, params, players, other_future), seat,
                                {.budget = "40", .seed = 2});
    ASSERT_TRUE(future);
    const Json reviewed = decisions_before(*a, cut);
    EXPECT_FALSE(reviewed.empty()) << "the seat decided before the cut";
    EXPECT_EQ(reviewed, decisions_before(*future, cut)) << "the decisions before entry " << cut;
    int changes = 0;
    const Steps hidden = test::resample(game, params, players, steps, seat,
                                        static_cast<std::uint64_t>(seat + 40), 1000, changes);
    if (test::hides_something(game, params, players, steps, seat)) {
      EXPECT_GT(changes, 0);
    } else {
      EXPECT_EQ(changes, 0) << "a game that hides nothing from the seat has nothing to resample";
    }
    auto b = review_record(game, record_of(game, params, players, hidden), seat,
                           {.budget = "40", .seed = 2});
    ASSERT_TRUE(b);
    EXPECT_EQ(a->to_json(), b->to_json()) << changes << " steps changed";
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
