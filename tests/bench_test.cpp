// Smoke test of the benchmark machinery on the toy game: it runs and reports
// sensible figures. Speed itself is measured by `meeple bench`, not tested.
#include <gtest/gtest.h>

#include "cli/bench.h"
#include "tests/toy/high_card.h"

namespace meeple {
namespace {

TEST(Bench, ReportsEveryFigure) {
  auto r = bench::run<toy::HighCard>(Json::object(), 3, 0.15, 3);
  EXPECT_EQ(r.game, "high-card");
  EXPECT_GT(r.playouts_per_second, 0);
  EXPECT_GT(r.actions_per_second, 0);
  EXPECT_GT(r.ns_per_action, 0);
  EXPECT_GT(r.copy_ns, 0);
  EXPECT_EQ(r.state_bytes, sizeof(toy::HighCardState));
  EXPECT_GT(r.ismcts_iterations_per_second, 0);
  // The toy game's hot path does not allocate.
  EXPECT_EQ(r.allocations_per_action, 0);
  // 3 rounds x (3 cards + 3 bets).
  EXPECT_DOUBLE_EQ(r.mean_actions_per_game, 18);
  Json j = bench::to_json(r);
  for (const char* k :
       {"game", "players", "params", "playouts_per_second", "actions_per_second", "ns_per_action",
        "allocations_per_action", "copy_ns", "state_bytes", "ismcts_iterations_per_second"})
    EXPECT_TRUE(j.contains(k)) << k;
}

// The signature is a pure function of the rules: the same figures every run,
// every configuration and seed played.
TEST(Bench, SignatureIsTheSameEveryRun) {
  auto a = bench::signature<toy::HighCard>(4);
  auto b = bench::signature<toy::HighCard>(4);
  EXPECT_EQ(a.game, "high-card");
  EXPECT_EQ(a.hash, b.hash);
  EXPECT_EQ(a.actions, b.actions);
  EXPECT_EQ(a.games, 4u * static_cast<std::uint64_t>(a.configurations));
  EXPECT_EQ(a.configurations, (toy::HighCard::kMaxPlayers - toy::HighCard::kMinPlayers + 1) *
                                  static_cast<int>(toy::HighCard::param_variants().size()));
  EXPECT_NE(a.hash, bench::signature<toy::HighCard>(5).hash);
  // One line per game, and a total line only for several games.
  EXPECT_EQ(bench::signature_text({a}).find("total"), std::string::npos);
  EXPECT_NE(bench::signature_text({a, b}).find("total"), std::string::npos);
}

TEST(Bench, CountsHeapAllocations) {
  std::uint64_t before = heap_allocations();
  std::vector<int> v(100);
  v[static_cast<std::size_t>(before % 100)] = 1;
  EXPECT_GE(heap_allocations() - before, 1u);
  EXPECT_EQ(v[static_cast<std::size_t>(before % 100)], 1);
}

}  // namespace
}  // namespace meeple
