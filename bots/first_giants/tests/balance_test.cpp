// Deck balance measurement (not a rule test, so disabled by default). Run:
//   meeple_first_giants_tests --gtest_also_run_disabled_tests
//   --gtest_filter='*Balance*'
// Four heuristic bots play; for each kind of card, the share of games won by
// the players who took at least one card of that kind (ties share the win),
// against the 25% of an even seat. docs/rules/first-giants.md reports it.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>

#include "bots/bot.h"
#include "bots/match.h"
#include "core/bits.h"
#include "games/first_giants/first_giants.h"
#include "games/registry.h"

namespace meeple::first_giants {
namespace {

std::string kind_of(int id) {
  const Card& c = cards()[id];
  const int pos = id % 12;
  std::string name = std::to_string(pos) + " " + std::string(effect_name(c.effect));
  if (pos == 10) name += " (" + std::string(family_name(c.family)) + ")";
  return name;
}

TEST(FirstGiantsBalance, DISABLED_WinShareOfPlayersHoldingEachKindOfCard) {
  const AnyGame* game = find_game("first-giants");
  ASSERT_TRUE(game);
  const int games = 2000;
  std::map<std::string, std::pair<int, double>> held;  // holders, wins
  Rng rng(20261121);
  for (int g = 0; g < games; ++g) {
    auto start = game->new_game(Json::object(), 4);
    ASSERT_TRUE(start);
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> bots;
    for (int i = 0; i < 4; ++i) {
      auto bot = make_bot(*game, "heuristic");
      ASSERT_TRUE(bot);
      owned.push_back(std::move(bot.value()));
      bots.push_back(owned.back().get());
    }
    std::array<std::uint64_t, 4> taken{};
    GameResult r;
    MatchOptions opt;
    opt.on_step = [&](const AnyState& s) {
      const auto* st = GameAdapter<FirstGiants>::unwrap(s);
      for (int p = 0; p < 4; ++p) taken[p] |= st->player(p).studio;
      if (s.is_terminal()) r = s.result();
    };
    MatchOutcome m = play_match(*start, bots, rng, opt);
    ASSERT_TRUE(m.finished);
    const double share = 1.0 / std::max(1, r.winners.size());
    for (int p = 0; p < 4; ++p) {
      std::map<std::string, bool> kinds;
      for (std::uint64_t t = taken[p]; t; t &= t - 1) kinds[kind_of(lowest_bit(t))] = true;
      for (const auto& [k, _] : kinds) {
        held[k].first++;
        if (r.winners.contains(p)) held[k].second += share;
      }
    }
  }
  for (const auto& [k, v] : held)
    std::printf("| %s | %d | %.1f%% |\n", k.c_str(), v.first, 100.0 * v.second / v.first);
}

TEST(FirstGiantsBots, HeuristicBeatsThreeRandomBots) {
  const AnyGame* game = find_game("first-giants");
  ASSERT_TRUE(game);
  Rng rng(7);
  int wins = 0;
  const int games = 60;
  for (int g = 0; g < games; ++g) {
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> bots;
    for (const char* name : {"heuristic", "random", "random", "random"}) {
      auto bot = make_bot(*game, name);
      ASSERT_TRUE(bot);
      owned.push_back(std::move(bot.value()));
      bots.push_back(owned.back().get());
    }
    GameResult r;
    MatchOptions opt;
    opt.on_step = [&](const AnyState& s) {
      if (s.is_terminal()) r = s.result();
    };
    MatchOutcome m = play_match(*game->new_game(Json::object(), 4), bots, rng, opt);
    ASSERT_TRUE(m.finished);
    ASSERT_TRUE(m.errors.empty());
    if (r.winners.contains(0)) ++wins;
  }
  EXPECT_GT(wins, games / 2);  // an even seat would win a quarter
}

}  // namespace
}  // namespace meeple::first_giants
