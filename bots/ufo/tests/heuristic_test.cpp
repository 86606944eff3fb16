// The Ufo! heuristic bot plays only legal actions, finishes its games and
// beats random bots clearly (docs/bots.md has the 500-game figures).
#include <gtest/gtest.h>

#include "bots/match.h"
#include "bots/ufo/bots.h"
#include "games/registry.h"

namespace meeple::ufo {
namespace {

TEST(UfoHeuristic, FinishesLegalGamesAndBeatsRandomBots) {
  const AnyGame* game = find_game("ufo");
  ASSERT_NE(game, nullptr);
  auto heuristic = make_bot(*game, "heuristic");
  auto random = make_bot(*game, "random");
  ASSERT_TRUE(heuristic.ok());
  ASSERT_TRUE(random.ok());
  int wins = 0;
  const int games = 6;
  for (int g = 0; g < games; ++g) {
    auto start = game->new_game(Json::object(), 4);
    ASSERT_TRUE(start.ok());
    std::vector<Bot*> bots(4, random->get());
    const Seat seat = g % 4;
    bots[static_cast<std::size_t>(seat)] = heuristic->get();
    Rng rng(100 + static_cast<std::uint64_t>(g));
    MatchOutcome m = play_match(*start, bots, rng);
    ASSERT_TRUE(m.errors.empty()) << m.errors[0].message;
    ASSERT_TRUE(m.finished);
    for (const Json& w : m.record.result.at("winners")) wins += w.get<int>() == seat;
  }
  EXPECT_GE(wins, games - 1);
}

}  // namespace
}  // namespace meeple::ufo
