// ISMCTS on the toy game: it must play better than random, be reproducible
// with an iteration budget, and never see hidden cards (it only gets a
// determinization of its seat's information).
#include <algorithm>
#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "bots/ismcts_bot.h"
#include "bots/match.h"
#include "search/ismcts.h"
#include "tests/toy/high_card.h"

namespace meeple {
namespace {

const GameAdapter<toy::HighCard> kToy;

TEST(Ismcts, BetsWithHighCardsAndPassesWithLowOnes) {
  // Seat 0 holds a 6: betting can only gain. With a 1 it can only lose
  // (unless nobody else bets), so passing is right.
  search::Ismcts<toy::HighCardState> search;
  search::IsmctsOptions opt;
  opt.iterations = 3000;
  for (int card : {6, 1}) {
    toy::HighCardState s(2, 1);
    s.apply_unchecked(kChance, card - 1);
    s.apply_unchecked(kChance, 3);
    Rng rng(1);
    Action a = search.choose(s, 0, rng, opt);
    EXPECT_EQ(a, card == 6 ? 1 : 0) << "card " << card;
  }
}

TEST(Ismcts, SameSeedSameChoice) {
  search::Ismcts<toy::HighCardState> search;
  search::IsmctsOptions opt;
  opt.iterations = 500;
  toy::HighCardState s(3, 2);
  for (int i = 0; i < 3; ++i) s.apply_unchecked(kChance, 2 + i);
  Rng a(9), b(9);
  search::IsmctsStats sa, sb;
  Action x = search.choose(s, 1, a, opt, &sa);
  Action y = search.choose(s, 1, b, opt, &sb);
  EXPECT_EQ(x, y);
  EXPECT_EQ(sa.nodes, sb.nodes);
  EXPECT_EQ(sa.iterations, 500);
}

TEST(Ismcts, TreesSideBySideSearchTheWholeBudgetEachAndStayReproducible) {
  // Root parallelism: four trees of 500 iterations on four threads; the same
  // seed gives the same choice whatever the threads' timing, and the right
  // bet (hold a 6: bet; hold a 1: pass) as a single tree does.
  search::Ismcts<toy::HighCardState> search;
  search::IsmctsOptions opt;
  opt.iterations = 500;
  opt.trees = 4;
  for (int card : {6, 1}) {
    toy::HighCardState s(3, 2);
    s.apply_unchecked(kChance, card - 1);
    for (int i = 1; i < 3; ++i) s.apply_unchecked(kChance, 1 + i);
    std::vector<Action> choices;
    for (int run = 0; run < 5; ++run) {
      Rng rng(11);
      search::IsmctsStats st;
      choices.push_back(search.choose(s, 0, rng, opt, &st));
      EXPECT_EQ(st.iterations, 2000);
      EXPECT_GT(st.nodes, 4u);
    }
    EXPECT_EQ(std::count(choices.begin(), choices.end(), choices[0]), 5) << "card " << card;
    EXPECT_EQ(choices[0], card == 6 ? 1 : 0) << "card " << card;
  }
}

// `meeple engine`'s go: reports while it searches, the last with the whole
// budget and the choice first in its line; reports change nothing; a stop
// flag ends a search that has no budget.
TEST(Ismcts, ReportsItsProgressWithoutChangingTheChoice) {
  toy::HighCardState s(3, 2);
  for (int i = 0; i < 3; ++i) s.apply_unchecked(kChance, 2 + i);
  search::Ismcts<toy::HighCardState> search;
  search::IsmctsOptions opt;
  opt.iterations = 20000;
  Rng a(4), b(4);
  const Action quiet = search.choose(s, 0, a, opt);
  std::vector<search::IsmctsStats> reports;
  opt.report_seconds = 0.0;  // at every chance it gets (every 32 iterations)
  opt.report = [&](const search::IsmctsStats& st) { reports.push_back(st); };
  EXPECT_EQ(search.choose(s, 0, b, opt), quiet);
  ASSERT_GE(reports.size(), 3u);
  for (std::size_t i = 1; i < reports.size(); ++i)
    EXPECT_GE(reports[i].iterations, reports[i - 1].iterations);
  const auto& last = reports.back();
  EXPECT_EQ(last.iterations, 20000);
  ASSERT_FALSE(last.line.empty());
  EXPECT_EQ(last.line[0], std::make_pair(Seat{0}, quiet));
  std::uint64_t visits = 0;
  for (const auto& v : last.root) visits += v.visits;
  EXPECT_GT(visits, 19000u);
}

TEST(Ismcts, AStopFlagEndsASearchWithoutBudget) {
  toy::HighCardState s(3, 2);
  for (int i = 0; i < 3; ++i) s.apply_unchecked(kChance, 2 + i);
  search::Ismcts<toy::HighCardState> search;
  search::IsmctsOptions opt;
  opt.iterations = 0;
  std::atomic<bool> stop = false;
  opt.stop = &stop;
  int seen = 0;
  opt.report_seconds = 0.01;
  opt.report = [&](const search::IsmctsStats& st) { seen = st.iterations; };
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
  });
  Rng rng(1);
  search.choose(s, 0, rng, opt);
  stopper.join();
  EXPECT_GT(seen, 0);  // it searched until the flag, not zero iterations
  // Set before the search: it ends at once.
  Rng again(1);
  search.choose(s, 0, again, opt);
  EXPECT_EQ(seen, 0);
}

TEST(Ismcts, BeatsRandomOverManyGames) {
  auto entry = ismcts_entry<toy::HighCard>();
  auto ismcts = entry.make(BotBudget{.iterations = 200});
  RandomBot random;
  int ismcts_score = 0, random_score = 0;
  Rng rng(4);
  for (int g = 0; g < 200; ++g) {
    std::vector<Bot*> bots = {ismcts.get(), &random};
    if (g % 2) std::swap(bots[0], bots[1]);
    auto m = play_match(*kToy.new_game(Json::object(), 2), bots, rng);
    ASSERT_TRUE(m.finished);
    int mine = g % 2 ? 1 : 0;
    ismcts_score += m.record.result["score"][mine].get<int>();
    random_score += m.record.result["score"][1 - mine].get<int>();
  }
  EXPECT_GT(ismcts_score, random_score + 50);
}

// A rollout policy that cuts playouts after `max_decisions` decisions and
// scores the cut position as a sure win for seat 1.
struct CutAfter {
  int max_decisions;
  Action operator()(const toy::HighCardState&, Seat, const ActionList& actions, Rng&) const {
    return actions[0];  // pass
  }
  void evaluate(const toy::HighCardState&, search::Rewards& r) const {
    r = {};
    r[1] = 1.0f;
  }
};

TEST(Ismcts, PlayoutStopsAfterItsDecisionBudget) {
  // Two players, two rounds: a deal (2 chance outcomes) then 2 bets per round.
  toy::HighCardState s(2, 2);
  Rng rng(3);
  // Two decisions, then the next round's deal; the next decision is not taken.
  EXPECT_EQ(search::playout(s, rng, search::UniformRollout{}, 2), 6u);
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(search::playout(s, rng), 2u);  // the last two bets
  EXPECT_TRUE(s.is_terminal());
}

TEST(Ismcts, CutPlayoutsAreScoredByThePolicysEvaluation) {
  Rng rng(5);
  // Cut before the end: the evaluation decides.
  toy::HighCardState s(2, 2);
  const search::Rewards cut = search::rollout(s, rng, CutAfter{1});
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(cut[0], 0.0f);
  EXPECT_EQ(cut[1], 1.0f);
  // A budget longer than the game: the real result decides (everybody passes,
  // so nobody scores and both share the victory).
  toy::HighCardState t(2, 2);
  const search::Rewards end = search::rollout(t, rng, CutAfter{100});
  EXPECT_TRUE(t.is_terminal());
  EXPECT_EQ(end[0], 1.0f);
  EXPECT_EQ(end[1], 1.0f);
}

}  // namespace
}  // namespace meeple
