// ISMCTS on the toy game: it must play better than random, be reproducible
// with an iteration budget, and never see hidden cards (it only gets a
// determinization of its seat's information).
#include <algorithm>

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
