// Terminal text for Ufo!: text_view shows only what view() holds (nothing is
// hidden, so every seat reads the same board) and every legal action has its
// own non-empty description.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/rng.h"
#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

using F = UfoFixture;

// text_view without the marks of the reading seat ("(you are seat k)", "k*").
std::string without_reader(std::string t, Seat seat) {
  const std::string you = " (you are seat " + std::to_string(seat) + ")";
  if (auto i = t.find(you); i != std::string::npos) t.erase(i, you.size());
  const std::string star = "\n" + std::to_string(seat) + "*";
  if (auto i = t.find(star); i != std::string::npos) t[i + star.size() - 1] = ' ';
  return t;
}

void expect_distinct_descriptions(const UfoState& s) {
  for (Seat p = 0; p < s.num_players(); ++p) {
    ActionList legal;
    s.legal_actions(p, legal);
    std::set<std::string> seen;
    for (Action a : legal) {
      const std::string d = s.describe_action(p, a, "en");
      EXPECT_FALSE(d.empty()) << a;
      EXPECT_TRUE(seen.insert(d).second) << "duplicate description: " << d;
    }
  }
}

TEST(Text, EverySeatReadsTheSameBoardAndNoUndrawnToken) {
  UfoState s = *Ufo::new_game({{"max_rounds", 60}}, 4);
  ChanceList out;
  s.chance_outcomes(out);
  ASSERT_FALSE(s.apply(kChance, out[3].action).has_value());  // first city's token only
  const std::string t0 = s.text_view(0, "en");
  EXPECT_NE(t0.find("no token yet"), std::string::npos) << t0;
  EXPECT_NE(t0.find("you are seat 0"), std::string::npos);
  for (Seat p = 1; p < 4; ++p)
    EXPECT_EQ(without_reader(s.text_view(p, "it"), p), without_reader(t0, 0));
}

TEST(Text, BumpInProgressIsShownAndDescribed) {
  UfoFixture f(4);
  f.ufo(1, "ostia");
  const int att = f.ufo(2, "tivoli");
  const int p3 = f.ufo(3, "rome");
  f.ufo(0, "frascati");
  f.ufo(2, "frascati");
  f.kiosk("ostia", 1);
  f.begin_turn(2);
  f.play(2, F::move(att, "ostia"));
  expect_distinct_descriptions(f.s);
  f.play(2, F::end_movement());
  expect_distinct_descriptions(f.s);
  f.play(2, {{"bump", {{"ufo", att}, {"defender", 1}}}});
  ASSERT_EQ(f.s.phase(), Phase::kSupport);
  const std::string t = f.s.text_view(3, "en");
  EXPECT_NE(t.find("Bump in Ostia"), std::string::npos) << t;
  EXPECT_NE(t.find("kiosk s1"), std::string::npos) << t;
  EXPECT_NE(t.find("turn of seat 2"), std::string::npos) << t;
  expect_distinct_descriptions(f.s);
  const Action help = *f.s.action_from_json(3, {{"support", "attacker"}});
  EXPECT_EQ(f.s.describe_action(3, help, "en"),
            "UFO #" + std::to_string(p3) + " (Standard) supports the attacker (seat 2)");
}

TEST(Text, RandomGamesDescribeEveryLegalActionDistinctly) {
  for (int players = 2; players <= 5; ++players) {
    Rng rng(static_cast<std::uint64_t>(players) * 7919);
    UfoState s = *Ufo::new_game({{"max_rounds", 8}}, players);
    for (int step = 0; step < 3000 && !s.is_terminal(); ++step) {
      if (s.is_chance()) {
        resolve_chance(s, rng);
        continue;
      }
      expect_distinct_descriptions(s);
      const std::string t0 = s.text_view(0, "ko");
      EXPECT_FALSE(t0.empty());
      EXPECT_EQ(without_reader(s.text_view(1, "en"), 1), without_reader(t0, 0));
      const Seat p = s.to_act().lowest();
      ActionList legal;
      s.legal_actions(p, legal);
      ASSERT_FALSE(legal.empty());
      s.apply_unchecked(p, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    EXPECT_NE(s.text_view(0, "en").find("game over"), std::string::npos);
  }
}

}  // namespace
}  // namespace meeple::ufo
