// Golden playthroughs (DESIGN.md "Tests, in layers", 3): a few recorded games
// per game are checked in under tests/golden/. The test replays each one and
// compares, step by step, a fingerprint of every seat's view and the
// spectator's, plus the final state JSON, so any change in what a player sees
// is caught. When a rule changes on purpose, regenerate them with
//   scripts/regen-golden
// and review the diff.
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "bots/match.h"
#include "games/registry.h"

namespace meeple {
namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(MEEPLE_SOURCE_DIR) / "tests" / "golden";

std::uint64_t fnv1a(std::string_view text, std::uint64_t h = 14695981039346656037ULL) {
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

// Fingerprint of what every seat and a spectator see in this state.
std::string views_fingerprint(const AnyState& s) {
  std::uint64_t h = fnv1a(s.view(kSpectator).dump());
  for (Seat seat = 0; seat < s.num_players(); ++seat) h = fnv1a(s.view(seat).dump(), h);
  return fmt::format("{:016x}", h);
}

Json golden_from_record(const AnyGame& game, const GameRecord& rec) {
  Json views = Json::array();
  AnyState s = *game.new_game(rec.params, rec.players);
  views.push_back(views_fingerprint(s));
  for (const auto& a : rec.actions) {
    EXPECT_FALSE(s.apply(a.seat, a.action));
    views.push_back(views_fingerprint(s));
  }
  return {{"record", record_to_json(rec)}, {"views", views}, {"final_state", s.to_json()}};
}

TEST(Golden, RegenerateWhenAsked) {
  if (!std::getenv("MEEPLE_REGEN_GOLDEN")) GTEST_SKIP() << "set MEEPLE_REGEN_GOLDEN=1 to rewrite";
  fs::create_directories(kDir);
  for (const AnyGame* game : all_games()) {
    int n = 0;
    for (int players : {game->min_players(), std::min(4, game->max_players())}) {
      for (std::uint64_t seed : {1u, 2u}) {
        auto bot = make_bot(*game, "random");
        std::vector<Bot*> bots(static_cast<std::size_t>(players), bot->get());
        Rng rng(seed);
        auto m = play_match(*game->new_game(Json::object(), players), bots, rng);
        ASSERT_TRUE(m.finished);
        m.record.seed = seed;
        std::ofstream f(kDir / fmt::format("{}-{}.json", game->name(), ++n));
        f << golden_from_record(*game, m.record).dump(1) << "\n";
      }
    }
  }
}

TEST(Golden, EveryRecordedGameReplaysWithTheSameViews) {
  int files = 0;
  for (const auto& entry : fs::directory_iterator(kDir)) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream f(entry.path());
    Json golden = Json::parse(f);
    auto rec = record_from_json(golden["record"]);
    ASSERT_TRUE(rec) << entry.path();
    const AnyGame* game = find_game(rec->game);
    if (!game) continue;  // a game not built in this configuration
    ++files;
    AnyState s = *game->new_game(rec->params, rec->players);
    const Json& views = golden["views"];
    ASSERT_EQ(views.size(), rec->actions.size() + 1) << entry.path();
    ASSERT_EQ(views[0], views_fingerprint(s)) << entry.path() << ": initial views differ";
    for (std::size_t i = 0; i < rec->actions.size(); ++i) {
      const auto& a = rec->actions[i];
      ASSERT_EQ(s.action_to_json(a.seat, a.action), a.json) << entry.path() << " step " << i + 1;
      ASSERT_FALSE(s.apply(a.seat, a.action)) << entry.path() << " step " << i + 1;
      ASSERT_EQ(views[i + 1], views_fingerprint(s))
          << entry.path() << ": views differ after step " << i + 1 << " " << a.json.dump();
    }
    EXPECT_EQ(s.to_json(), golden["final_state"]) << entry.path();
    EXPECT_EQ(s.result_json(), rec->result) << entry.path();
  }
  if (files == 0) GTEST_SKIP() << "no golden files for the games built";
}

}  // namespace
}  // namespace meeple
