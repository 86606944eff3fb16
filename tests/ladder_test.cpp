// The strength ladder (bots/ladder.h): the Bradley-Terry fit on synthetic
// records of known strengths, and whole ladders on a real game.
#include <cmath>

#include <gtest/gtest.h>

#include "bots/ladder.h"
#include "games/registry.h"

namespace meeple {
namespace {

// Games between configurations of the given true Elo ratings, each pair
// playing `games` games won with the Bradley-Terry probability (no ties).
PairRecord simulate(const std::vector<double>& elo, int games, Rng& rng) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < elo.size(); ++i) names.push_back("bot" + std::to_string(i));
  PairRecord r(names);
  for (std::size_t i = 0; i < elo.size(); ++i)
    for (std::size_t j = i + 1; j < elo.size(); ++j) {
      const double p = 1.0 / (1.0 + std::pow(10.0, (elo[j] - elo[i]) / 400.0));
      for (int g = 0; g < games; ++g) r.add(i, j, rng.uniform01() < p ? 1.0 : 0.0);
    }
  return r;
}

const std::vector<double> kTruth = {0, 150, 300, 500};

TEST(Ladder, FitRecoversTheOrderOfKnownStrengths) {
  Rng rng(7);
  const auto ratings = fit_bradley_terry(simulate(kTruth, 400, rng), 0);
  ASSERT_EQ(ratings.size(), kTruth.size());
  EXPECT_EQ(ratings[0].elo, 0.0);
  EXPECT_EQ(ratings[0].low, 0.0);
  EXPECT_EQ(ratings[0].high, 0.0);
  for (std::size_t i = 1; i < kTruth.size(); ++i) {
    EXPECT_GT(ratings[i].elo, ratings[i - 1].elo) << i;
    EXPECT_LT(ratings[i].low, ratings[i].elo);
    EXPECT_GT(ratings[i].high, ratings[i].elo);
    EXPECT_NEAR(ratings[i].elo, kTruth[i], 60) << i;
  }
}

TEST(Ladder, IntervalsCoverTheTruthAboutNineteenTimesInTwenty) {
  Rng rng(11);
  int covered = 0, intervals = 0;
  for (int rep = 0; rep < 200; ++rep) {
    const auto ratings = fit_bradley_terry(simulate(kTruth, 60, rng), 0);
    for (std::size_t i = 1; i < kTruth.size(); ++i, ++intervals)
      covered += ratings[i].low <= kTruth[i] && kTruth[i] <= ratings[i].high;
  }
  const double rate = static_cast<double>(covered) / intervals;
  // The virtual drawn game per pair pulls ratings slightly together, so a
  // little under 95% is expected; far under would mean intervals too narrow.
  EXPECT_GT(rate, 0.88) << covered << " of " << intervals;
  EXPECT_LT(rate, 0.995) << covered << " of " << intervals;
}

TEST(Ladder, AnEvenRecordGivesEqualRatings) {
  PairRecord r({"a", "b", "c"});
  for (int g = 0; g < 10; ++g) {
    r.add(0, 1, g % 2 ? 1.0 : 0.0);
    r.add(1, 2, 0.5);
    r.add(0, 2, g % 2 ? 0.0 : 1.0);
  }
  const auto ratings = fit_bradley_terry(r, 0);
  for (const auto& x : ratings) EXPECT_NEAR(x.elo, 0.0, 1e-6) << x.name;
  EXPECT_NEAR(ratings[1].high - ratings[1].elo, ratings[2].high - ratings[2].elo, 1e-6);
}

TEST(Ladder, AConfigurationThatWinsEveryGameStaysFinite) {
  PairRecord r({"random", "strong"});
  for (int g = 0; g < 20; ++g) r.add(1, 0, 1.0);
  const auto ratings = fit_bradley_terry(r, 0);
  EXPECT_TRUE(std::isfinite(ratings[1].elo));
  EXPECT_GT(ratings[1].elo, 400);
  EXPECT_TRUE(std::isfinite(ratings[1].high));
}

TEST(Ladder, RunsARoundRobinDeterministicallyForASeed) {
  const AnyGame* game = find_game("first-giants");
  if (game == nullptr) GTEST_SKIP() << "first-giants is not built";
  LadderOptions opt;
  opt.players = 2;
  opt.games_per_pair = 2;
  opt.seed = 5;
  opt.bots = {"random", "heuristic", "ismcts:5"};
  auto a = run_ladder(*game, opt);
  ASSERT_TRUE(a.ok()) << a.error().message;
  opt.threads = 2;
  auto b = run_ladder(*game, opt);
  ASSERT_TRUE(b.ok());
  EXPECT_TRUE(a->errors.empty());
  EXPECT_EQ(a->games, 6);
  EXPECT_EQ(a->anchor, "random");
  ASSERT_EQ(a->entries.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(a->entries[i].rating.name, b->entries[i].rating.name);
    EXPECT_EQ(a->entries[i].rating.elo, b->entries[i].rating.elo);
    EXPECT_EQ(a->entries[i].rating.score, b->entries[i].rating.score);
    EXPECT_EQ(a->entries[i].rating.games, 4);
    EXPECT_GT(a->entries[i].decisions, 0);
    EXPECT_LE(a->entries[i].median_ms, a->entries[i].p95_ms);
  }
  EXPECT_EQ(a->to_json()["pairs"], b->to_json()["pairs"]);
  opt.seed = 6;
  auto c = run_ladder(*game, opt);
  ASSERT_TRUE(c.ok());
  long decisions_a = 0, decisions_c = 0;
  for (const auto& e : a->entries) decisions_a += e.decisions;
  for (const auto& e : c->entries) decisions_c += e.decisions;
  EXPECT_NE(decisions_a, decisions_c);  // other deals, other games
}

TEST(Ladder, RejectsTooFewOrRepeatedConfigurations) {
  const AnyGame* game = find_game("first-giants");
  if (game == nullptr) GTEST_SKIP() << "first-giants is not built";
  LadderOptions opt;
  opt.bots = {"random"};
  EXPECT_FALSE(run_ladder(*game, opt).ok());
  opt.bots = {"random", "random"};
  EXPECT_FALSE(run_ladder(*game, opt).ok());
  opt.bots = {"random", "nosuchbot"};
  EXPECT_FALSE(run_ladder(*game, opt).ok());
}

}  // namespace
}  // namespace meeple
