// The Ufo! search bot (ISMCTS with the heuristic's rollouts cut after a few
// decisions) and the evaluation its rollouts end with.
#include <gtest/gtest.h>

#include "bots/match.h"
#include "bots/ufo/bots.h"
#include "bots/ufo/heuristic.h"
#include "games/registry.h"
#include "search/ismcts.h"

namespace meeple::ufo {
namespace {

// A four-player position some way into a game of heuristic bots.
UfoState midgame(std::uint64_t seed, int actions) {
  UfoState s(4, 60);
  Rng rng(seed);
  ActionList legal;
  ChanceList outcomes;
  for (int i = 0; i < actions && !s.is_terminal(); ++i) {
    if (s.is_chance()) {
      outcomes.clear();
      s.chance_outcomes(outcomes);
      s.apply_unchecked(kChance, sample_chance(outcomes, rng));
      continue;
    }
    const Seat seat = s.to_act().lowest();
    legal.clear();
    s.legal_actions(seat, legal);
    s.apply_unchecked(seat,
                      legal.size() == 1 ? legal[0] : heuristic_choice(s, seat, legal, rng, true));
  }
  return s;
}

TEST(UfoSearch, StandingCountsPointsCitiesAndUfos) {
  for (int actions : {100, 300, 600}) {
    const UfoState s = midgame(3, actions);
    Standings st;
    standings(s, st);
    for (Seat p = 0; p < 4; ++p) {
      if (p == s.active()) continue;  // the active player's also counts its UFOs' prospects
      EXPECT_DOUBLE_EQ(st[p], s.score(p) + 2.5 * s.controlled_cities(p) + 1.5 * s.ufos_in_play(p))
          << "seat " << p << " after " << actions << " actions";
    }
  }
}

TEST(UfoSearch, RolloutEvaluationIsEachSeatsShareOfTheWin) {
  const UfoState s = midgame(4, 400);
  search::Rewards r{};
  RolloutPolicy{}.evaluate(s, r);
  Standings st;
  standings(s, st);
  float sum = 0;
  Seat leader = 0;
  for (Seat p = 0; p < 4; ++p) {
    sum += r[p];
    if (st[p] > st[leader]) leader = p;
  }
  EXPECT_NEAR(sum, 1.0f, 1e-5);
  for (Seat p = 0; p < 4; ++p) EXPECT_LE(r[p], r[leader]);
}

TEST(UfoSearch, FinishesLegalGamesAndOutscoresTheHeuristic) {
  const AnyGame* game = find_game("ufo");
  ASSERT_NE(game, nullptr);
  // Seats rotate between the search bot, the heuristic and two random bots.
  const std::vector<std::string> names = {"ismcts:200", "heuristic", "random", "random"};
  int search_points = 0, heuristic_points = 0;
  for (int g = 0; g < 8; ++g) {
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> bots;
    for (int k = 0; k < 4; ++k) {
      auto b = make_bot(*game, names[static_cast<std::size_t>((k + g) % 4)]);
      ASSERT_TRUE(b.ok());
      bots.push_back(b->get());
      owned.push_back(std::move(*b));
    }
    Rng rng(200 + static_cast<std::uint64_t>(g));
    MatchOutcome m = play_match(*game->new_game(Json::object(), 4), bots, rng);
    ASSERT_TRUE(m.errors.empty()) << m.errors[0].message;
    ASSERT_TRUE(m.finished);
    const Json& score = m.record.result.at("score");
    search_points += score[static_cast<std::size_t>((4 - g % 4) % 4)].get<int>();
    heuristic_points += score[static_cast<std::size_t>((5 - g % 4) % 4)].get<int>();
  }
  EXPECT_GT(search_points, heuristic_points);
}

}  // namespace
}  // namespace meeple::ufo
