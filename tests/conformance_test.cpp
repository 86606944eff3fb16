// The conformance suite (DESIGN.md "Tests, in layers", 1): written once
// against AnyGame and run over every registered game, every player count,
// every parameter variant the game names, and several seeds. Every step of a
// random game is checked with core/conformance.h, then the game's record is
// replayed and must reproduce the same final state byte for byte.
//
// MEEPLE_CONFORMANCE_SEEDS sets the number of seeds per case (default 4, or
// the build's MEEPLE_CONFORMANCE_DEFAULT_SEEDS: 1 in the asan preset, where a
// case takes 20 s; every case still runs).
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bots/match.h"
#include "core/conformance.h"
#include "games/first_giants/first_giants.h"
#include "games/registry.h"
#include "tests/toy/high_card.h"

namespace meeple {
namespace {

const GameAdapter<toy::HighCard> kToy;

struct Case {
  const AnyGame* game;
  int players;
  Json params;
  std::uint64_t seed;
};

// Keeps ctest's listing readable (gtest would print the raw bytes).
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.game->name() << " " << c.players << "p " << c.params.dump() << " seed " << c.seed;
}

std::vector<Case> all_cases() {
  int seeds = MEEPLE_CONFORMANCE_DEFAULT_SEEDS;
  if (const char* e = std::getenv("MEEPLE_CONFORMANCE_SEEDS")) seeds = std::max(1, std::atoi(e));
  std::vector<const AnyGame*> games(all_games().begin(), all_games().end());
  games.push_back(&kToy);
  std::vector<Case> cases;
  for (const AnyGame* g : games)
    for (int p = g->min_players(); p <= g->max_players(); ++p)
      for (const Json& params : g->param_variants())
        for (int s = 1; s <= seeds; ++s) {
          if (!g->new_game(params, p)) continue;  // combination the rules forbid
          cases.push_back({g, p, params, static_cast<std::uint64_t>(s)});
        }
  return cases;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
  std::string n = std::string(info.param.game->name()) + "_p" + std::to_string(info.param.players);
  for (const auto& [k, v] : info.param.params.items())
    n += "_" + k + "_" + (v.is_string() ? v.get<std::string>() : v.dump());
  n += "_seed" + std::to_string(info.param.seed);
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

class Conformance : public testing::TestWithParam<Case> {};

TEST_P(Conformance, RandomGameSatisfiesTheContractAndReplaysExactly) {
  const Case& c = GetParam();
  auto start = c.game->new_game(c.params, c.players);
  ASSERT_TRUE(start) << start.error().message;
  Rng rng(c.seed), check_rng(c.seed ^ 0x5eed);
  ConformanceOptions opt;
  opt.max_legal_tries = 48;
  std::vector<std::string> problems;
  check_state(*start, check_rng, true, opt, problems);
  // The game's "random" bot (a game may narrow it, e.g. to leave out free
  // note-pad edits that would make random games endless).
  auto bot = make_bot(*c.game, "random");
  ASSERT_TRUE(bot);
  std::vector<Bot*> bots(static_cast<std::size_t>(c.players), bot->get());
  MatchOptions mopt;
  mopt.on_step = [&](const AnyState& s) {
    if (problems.size() < 20) check_state(s, check_rng, true, opt, problems);
  };
  MatchOutcome m = play_match(*start, bots, rng, mopt);
  for (const auto& e : m.errors) problems.push_back(e.code + ": " + e.message);
  ASSERT_TRUE(m.finished) << "the random game did not end";
  for (const auto& p : problems) ADD_FAILURE() << p;
  m.record.params = c.params;

  // Determinism: the record alone (no rng) replays to the same final state.
  AnyState fresh = *c.game->new_game(c.params, c.players);
  auto replayed = replay_record(*c.game, m.record);
  ASSERT_TRUE(replayed) << replayed.error().message;
  AnyState direct = fresh;
  for (const auto& a : m.record.actions) ASSERT_FALSE(direct.apply(a.seat, a.action));
  EXPECT_TRUE(*replayed == direct);
  EXPECT_EQ(replayed->to_json().dump(), direct.to_json().dump());
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, testing::ValuesIn(all_cases()), case_name);

// Game G whose state claims what `Claim` says (kViewsPublic or kWordsPublic)
// and is otherwise G's: for showing that the suite catches a false claim.
template <class G, class Claim>
struct Claiming : G {
  struct State : G::State, Claim {
    State() = default;
    explicit State(const typename G::State& s) : G::State(s) {}
    State determinize(Seat seat, Rng& rng) const { return State(G::State::determinize(seat, rng)); }
  };
  static Expected<State> new_game(const Json& params, int players) {
    return State(*G::new_game(params, players));
  }
  static Expected<State> state_from_json(const Json& j) {
    auto s = G::state_from_json(j);
    if (!s) return s.error();
    return State(*s);
  }
};
struct ClaimViewsPublic {
  static constexpr bool kViewsPublic = true;
};
struct ClaimWordsPublic {
  static constexpr bool kWordsPublic = true;
};

// High Card, saying it hides nothing (kViewsPublic) while each seat's card is
// its own: the server would send every seat one view, so the suite must
// catch the lie.
using PublicHighCard = Claiming<toy::HighCard, ClaimViewsPublic>;

TEST(ConformanceChecks, AGameThatSaysItHidesNothingMustShowEverySeatTheSameView) {
  const GameAdapter<PublicHighCard> lying;
  AnyState s = *lying.new_game(Json{{"rounds", 3}}, 2);
  ASSERT_TRUE(s.views_public());
  Rng rng(1);
  std::vector<std::string> problems;
  ASSERT_FALSE(s.apply(kChance, 5));  // seat 0's card, seen by seat 0 alone
  check_state(s, rng, true, ConformanceOptions{}, problems);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("said to be public"), std::string::npos) << problems[0];
  // The real High Card does not say it; Ufo! does (it hides nothing), and
  // so does First Giants, whose words are not public (they say "you").
  EXPECT_FALSE(kToy.new_game(Json{{"rounds", 3}}, 2)->views_public());
  EXPECT_TRUE(find_game("ufo")->new_game(Json::object(), 2)->views_public());
  EXPECT_TRUE(find_game("ufo")->new_game(Json::object(), 2)->words_public());
  EXPECT_TRUE(find_game("first-giants")->new_game(Json::object(), 2)->views_public());
  EXPECT_FALSE(find_game("first-giants")->new_game(Json::object(), 2)->words_public());
}

// First Giants, saying its words are public while it tells each seat its
// own actions as "you": the server would tell every seat the spectator's
// words, so the suite must catch the lie.
using PublicWordsFirstGiants = Claiming<first_giants::FirstGiants, ClaimWordsPublic>;

TEST(ConformanceChecks, AGameThatSaysItsWordsArePublicMustTellEverySeatTheSame) {
  const GameAdapter<PublicWordsFirstGiants> lying;
  AnyState s = *lying.new_game(Json::object(), 2);
  ASSERT_TRUE(s.words_public());
  Rng rng(1);
  while (s.is_chance()) ASSERT_FALSE(s.apply(kChance, sample_chance(s.chance_outcomes(), rng)));
  std::vector<std::string> problems;
  check_state(s, rng, true, ConformanceOptions{}, problems);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("words are said to be public"), std::string::npos) << problems[0];
}

}  // namespace
}  // namespace meeple
