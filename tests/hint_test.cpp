// Hints (bots/hint.h): a seat's hint depends only on what the seat could
// know, its top choice is one of the seat's legal actions, its words are in
// the asked language, and a person waits under 2 s for it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "bots/hint.h"
#include "games/registry.h"
#include "tests/resample.h"

namespace meeple {
namespace {

using test::Steps;

Json params_of(const AnyGame& game) {
  return game.name() == "ufo" ? Json{{"max_rounds", 3}} : game.param_variants().front();
}

// The states before each of `seat`'s decisions with two choices or more.
std::vector<AnyState> decisions_of(const AnyGame& game, const Json& params, int players,
                                   const Steps& steps, Seat seat) {
  std::vector<AnyState> out;
  AnyState s = *game.new_game(params, players);
  for (const auto& [who, a] : steps) {
    if (who == seat && s.primary_actions(seat).size() >= 2) out.push_back(s);
    EXPECT_FALSE(s.apply(who, a));
  }
  return out;
}

// The hint without its time (which no search repeats).
Json hint_json(const AnyState& s, Seat seat, const HintOptions& opt) {
  auto h = hint(s, seat, opt);
  EXPECT_TRUE(h) << h.error().code << ": " << h.error().message;
  if (!h) return {};
  Json j = h->to_json();
  j.erase("seconds");
  return j;
}

bool has_hangul(const std::string& s) {
  // U+AC00..U+D7A3 in UTF-8: a lead byte EA..ED.
  return std::any_of(s.begin(), s.end(), [](char c) {
    const auto b = static_cast<unsigned char>(c);
    return b >= 0xEA && b <= 0xED;
  });
}

class HintEveryGame : public testing::TestWithParam<std::string> {};

TEST_P(HintEveryGame, AHintDoesNotMoveWhenWhatTheSeatCannotSeeIsResampled) {
  // Another seat's hand, the deck's order, the tokens still face down: the
  // deals, draws and secret decisions the seat cannot tell apart
  // (tests/resample.h) are changed, and every hint the seat could ask for
  // along the game is the same, choice for choice and figure for figure.
  const AnyGame& game = *find_game(GetParam());
  const Json params = params_of(game);
  const int players = 3;
  Steps steps = test::random_game(game, params, players, 11);
  steps.pop_back();  // First Contact shows everything with its result
  for (Seat seat = 0; seat < players; ++seat) {
    SCOPED_TRACE("seat " + std::to_string(seat));
    int changes = 0;
    const Steps hidden = test::resample(game, params, players, steps, seat,
                                        static_cast<std::uint64_t>(seat + 40), 1000, changes);
    // Ufo! and First Giants keep no secret in the state: their deck order
    // and rolls are drawn as chance when they happen, so the seat's
    // determinization is the state itself and there is nothing to change.
    const bool hides = test::hides_something(game, params, players, steps, seat);
    EXPECT_EQ(hides, game.name() == "first-contact");
    if (hides) {
      EXPECT_GT(changes, 0) << "nothing hidden was changed";
    } else {
      EXPECT_EQ(changes, 0) << "a game that hides nothing has nothing to resample";
    }
    const auto a = decisions_of(game, params, players, steps, seat);
    const auto b = decisions_of(game, params, players, hidden, seat);
    ASSERT_EQ(a.size(), b.size());
    ASSERT_FALSE(a.empty());
    int differ = 0;
    // Up to 6 decisions spread along the game.
    const std::size_t step = std::max<std::size_t>(1, a.size() / 6);
    for (std::size_t i = 0; i < a.size(); i += step) {
      differ += !(a[i] == b[i]);
      const HintOptions opt{.iterations = 200, .seconds = 0, .seed = 9, .lang = "en"};
      EXPECT_EQ(hint_json(a[i], seat, opt), hint_json(b[i], seat, opt)) << "decision " << i;
    }
    if (seat == 0 && hides) {
      EXPECT_GT(differ, 0) << "no hinted position had a hidden change";
    }
  }
}

TEST_P(HintEveryGame, TheTopChoiceIsLegalAndTheWordsAreInTheAskedLanguage) {
  const AnyGame& game = *find_game(GetParam());
  const Json params = params_of(game);
  const Steps steps = test::random_game(game, params, 3, 5);
  const auto states = decisions_of(game, params, 3, steps, 1);
  ASSERT_GE(states.size(), 3u);
  for (std::size_t i : {std::size_t{0}, states.size() / 2, states.size() - 1}) {
    const AnyState& s = states[i];
    std::string en_why;
    for (const char* lang : {"en", "it", "ko"}) {
      SCOPED_TRACE(std::string(lang) + " decision " + std::to_string(i));
      auto h = hint(s, 1, {.iterations = 300, .seconds = 0, .seed = 4, .lang = lang});
      ASSERT_TRUE(h) << h.error().message;
      ASSERT_FALSE(h->choices.empty());
      EXPECT_LE(h->choices.size(), 3u);
      EXPECT_TRUE(s.legal_actions(1).contains(h->choices[0].action));
      for (const auto& c : h->choices) {
        EXPECT_EQ(c.words, s.describe_action(1, c.action, lang));
        EXPECT_FALSE(c.why.empty());
        EXPECT_EQ(c.why.find('['), std::string::npos) << "a missing message: " << c.why;
        EXPECT_TRUE(0 <= c.chance.low && c.chance.low <= c.chance.chance &&
                    c.chance.chance <= c.chance.high && c.chance.high <= 1);
        EXPECT_EQ(has_hangul(c.why), std::string(lang) == "ko") << c.why;
      }
      for (std::size_t k = 1; k < h->choices.size(); ++k)
        EXPECT_GE(h->choices[k - 1].chance.tries, h->choices[k].chance.tries);
      if (std::string(lang) == "en") en_why = h->choices[0].why;
      if (std::string(lang) == "it") {
        EXPECT_NE(h->choices[0].why, en_why);
      }
    }
  }
}

TEST_P(HintEveryGame, TheDefaultHintAnswersWithinTwoSeconds) {
  const AnyGame& game = *find_game(GetParam());
  const Json params = params_of(game);
  const auto states = decisions_of(game, params, 4, test::random_game(game, params, 4, 3), 0);
  ASSERT_FALSE(states.empty());
  const auto start = std::chrono::steady_clock::now();
  auto h = hint(states[states.size() / 2], 0, {.lang = "it"});
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(h);
  EXPECT_LT(took, 2.0);
  EXPECT_GT(h->iterations, 0);
}

INSTANTIATE_TEST_SUITE_P(Games, HintEveryGame,
                         testing::Values("ufo", "first-giants", "first-contact"),
                         [](const auto& p) {
                           std::string n = p.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

TEST(Hint, NoDecisionAForcedMoveAndAnUnknownLanguageAreRefused) {
  const AnyGame& game = *find_game("ufo");
  const AnyState s = *game.new_game(Json{{"max_rounds", 3}}, 2);
  AnyState after_chance = s;
  Rng rng(1);
  after_chance.resolve_chance(rng);
  for (Seat other = 0; other < 2; ++other)
    if (!after_chance.to_act().contains(other)) {
      EXPECT_EQ(hint(after_chance, other, {}).error().code, "hint/not_your_turn");
    }
  EXPECT_EQ(hint(after_chance, 7, {}).error().code, "hint/not_your_turn");
  Seat me = 0;
  while (!after_chance.to_act().contains(me)) ++me;
  EXPECT_EQ(hint(after_chance, me, {.lang = "fr"}).error().code, "hint/language");
}

}  // namespace
}  // namespace meeple
