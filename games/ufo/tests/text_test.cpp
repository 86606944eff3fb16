// Ufo! in words: the message catalog is complete in en/it/ko, text_view shows
// only what view() holds (nothing is hidden, so every seat reads the same
// board and every observer the same events), every legal action has its own
// description naming the board's things, events tell what a player at the
// table sees (setup, control rolls with their result, skipped turns, the
// end), and no English word leaks into an Italian or Korean screen.
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

#include "core/rng.h"
#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

using F = UfoFixture;

// text_view without the marks of the reading seat ("; you are seat k",
// "seat k (you)"), in English.
std::string without_reader(std::string t, Seat seat) {
  for (const std::string& mark :
       {"; you are seat " + std::to_string(seat), "seat " + std::to_string(seat) + " (you)"}) {
    if (auto i = t.find(mark); i != std::string::npos)
      t.replace(i, mark.size(), mark[0] == ';' ? "" : "seat " + std::to_string(seat));
  }
  return t;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

void expect_distinct_descriptions(const UfoState& s, std::string_view lang = "en") {
  for (Seat p = 0; p < s.num_players(); ++p) {
    ActionList legal;
    s.legal_actions(p, legal);
    std::set<std::string> seen;
    for (Action a : legal) {
      const std::string d = s.describe_action(p, a, lang);
      EXPECT_FALSE(d.empty()) << a;
      EXPECT_TRUE(seen.insert(d).second) << "duplicate description: " << d;
    }
  }
}

// English words of the game's own texts that must not show in Italian or
// Korean (place names are left out: "New York" is Italian too).
const std::set<std::string> kEnglish = {
    "the",      "and",        "seat",        "moves",    "ends",    "bumps",      "rolls",
    "takes",    "opens",      "tries",       "pushes",   "backs",   "nobody",     "attacker",
    "defender", "restaurant", "restaurants", "kiosk",    "kiosks",  "eyewitness", "eyewitnesses",
    "village",  "villages",   "cities",      "city",     "score",   "points",     "free",
    "control",  "die",        "helper",      "steps",    "winner",  "game",       "over",
    "players",  "supply",     "resistance",  "movement", "actions", "bump",       "decides",
    "you",      "are",        "turn",        "skips",    "success", "failed",     "standard",
    "bumper",   "sedator",    "place",       "take",     "end",     "push"};

// The words of a text that leak: English words of the game in Italian; any
// ASCII word but UFO, Ufo and d12 in Korean.
std::vector<std::string> leaks(const std::string& text, std::string_view lang) {
  std::vector<std::string> out;
  std::string w;
  auto check = [&] {
    if (w.empty()) return;
    std::string lower;
    for (char c : w) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool ascii_word =
        std::any_of(lower.begin(), lower.end(), [](char c) { return c >= 'a' && c <= 'z'; });
    if (lang == "it" && kEnglish.count(lower)) out.push_back(w);
    if (lang == "ko" && ascii_word && lower != "ufo" && lower != "d12") out.push_back(w);
    w.clear();
  };
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80 && std::isalnum(c)) {
      w += ch;
    } else {
      check();
    }
  }
  check();
  return out;
}

TEST(UfoText, TheCatalogIsCompleteInEveryLanguageAndNamesEveryPlace) {
  const Catalog& c = Ufo::messages();
  EXPECT_TRUE(c.check().empty()) << c.check().front();
  for (const Space& s : board().spaces) EXPECT_TRUE(c.contains("place." + s.key)) << s.key;
  for (const char* p : kPhaseNames) EXPECT_TRUE(c.contains(std::string("phase.") + p)) << p;
  for (const char* t : kTypeNames) EXPECT_TRUE(c.contains(std::string("type.") + t)) << t;
  for (const char* v : {"all-built", "cities", "round-limit"})
    EXPECT_TRUE(c.contains(std::string("verdict.") + v)) << v;
}

TEST(UfoText, EverySeatReadsTheSameBoardAndNoUndrawnToken) {
  UfoState s = *Ufo::new_game({{"max_rounds", 60}}, 4);
  ChanceList out;
  s.chance_outcomes(out);
  ASSERT_FALSE(s.apply(kChance, out[3].action).has_value());  // first city's token only
  const std::string t0 = s.text_view(0, "en");
  EXPECT_TRUE(contains(t0, "no city token yet")) << t0;
  EXPECT_TRUE(contains(t0, "you are seat 0"));
  for (Seat p = 1; p < 4; ++p)
    EXPECT_EQ(without_reader(s.text_view(p, "en"), p), without_reader(t0, 0));
}

TEST(UfoText, TheMapListsEverySpaceWithWhereItsLinesLead) {
  UfoFixture f(2);
  f.kiosk("tivoli", 1);
  f.ufo(0, "rome", UfoType::kBumper);
  f.begin_turn(0);
  const std::string t = f.s.text_view(0, "en");
  EXPECT_TRUE(
      contains(t, "Rome: resistance 3, restaurants: free, free; UFOs: UFO 0 (Bumper, seat 0) → "))
      << t;
  EXPECT_TRUE(contains(t, "  Tivoli: kiosk of seat 1 → Rome")) << t;
  EXPECT_TRUE(contains(t, "  Ostia → ")) << "empty villages are on the map too\n" << t;
  EXPECT_FALSE(contains(t, "Tokyo")) << "with 2 players only the marked half is in play";
  const std::string it = f.s.text_view(0, "it");
  EXPECT_TRUE(contains(it, "Roma: resistenza 3")) << it;
  const std::string ko = f.s.text_view(0, "ko");
  EXPECT_TRUE(contains(ko, "로마: 저항 3")) << ko;
}

// A screen's board: the villages above the mark, the cities after it (next to
// the prompt); compact, the cities without their lines. The full board (the
// line mode) has no mark.
TEST(UfoText, LessDetailPutsTheCitiesAfterTheMark) {
  UfoFixture f(2);
  f.kiosk("tivoli", 1);
  f.ufo(0, "rome", UfoType::kBumper);
  f.begin_turn(0);
  const std::string mark = std::string(kTextDecisionMark) + "\n";
  EXPECT_EQ(f.s.text_view(0, "en"), f.s.text_view(0, "en", kTextDetailFull));
  EXPECT_FALSE(contains(f.s.text_view(0, "en"), mark));
  for (int detail : {kTextDetailMarked, kTextDetailCompact}) {
    const std::string t = f.s.text_view(0, "en", detail);
    const auto at = t.find(mark);
    ASSERT_NE(at, std::string::npos) << t;
    const std::string above = t.substr(0, at), needed = t.substr(at);
    EXPECT_TRUE(contains(above, "  Tivoli: kiosk of seat 1 → Rome")) << t;
    EXPECT_TRUE(contains(needed,
                         "Rome: resistance 3, restaurants: free, free; UFOs: UFO 0 "
                         "(Bumper, seat 0)"))
        << t;
    EXPECT_FALSE(contains(needed, "\n  Tivoli")) << "the village is above the mark\n" << t;
    EXPECT_EQ(contains(needed, "(Bumper, seat 0) → "), detail == kTextDetailMarked) << t;
  }
}

TEST(UfoText, ABumpShowsTheUfosInRangeAndWhyAThirdPlayerIsAsked) {
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
  EXPECT_TRUE(contains(t, "Bump in Ostia: UFO 1 (Standard, seat 2) of seat 2 attacks seat 1")) << t;
  EXPECT_TRUE(contains(t, "UFO 1 (Standard, seat 2) attacks")) << t;
  EXPECT_TRUE(contains(t, "UFO 0 (Standard, seat 1) defends")) << t;
  EXPECT_TRUE(contains(t, "UFO 2 (Standard, seat 3): its owner decides")) << t;
  EXPECT_TRUE(contains(t, "seat 3 (you) is asked")) << t << "the observer's own seat, as elsewhere";
  EXPECT_TRUE(contains(f.s.text_view(1, "en"), "seat 3 is asked")) << "another seat";
  EXPECT_TRUE(contains(t, "from the attacker's left")) << t;
  EXPECT_TRUE(contains(t, "turn of seat 2")) << t;
  expect_distinct_descriptions(f.s);
  const Action help = *f.s.action_from_json(3, {{"support", "attacker"}});
  EXPECT_EQ(f.s.describe_action(3, help, "en"),
            "UFO " + std::to_string(p3) + " (Standard) in Rome backs the attacker, seat 2");
}

TEST(UfoText, SetupOfOthersReadsInTheThirdPerson) {
  UfoFixture f(3);
  const Action rome = act::kPlaceBase + at("rome");
  EXPECT_EQ(f.s.describe_action(0, rome, "en"), "place 2 Standard UFOs in Rome");
  EXPECT_EQ(f.s.describe_event(1, 0, rome, "en"), "seat 0 places 2 Standard UFOs in Rome");
  EXPECT_EQ(f.s.describe_event(1, 0, rome, "it"), "giocatore 0 mette 2 UFO Normale a Roma");
}

TEST(UfoText, AControlRollTellsDieModifiersTargetAndResult) {
  UfoFixture f(2);
  f.token(at("rome"), 17);  // resistance 12
  const int roller = f.ufo(0, "rome");
  const int helper = f.ufo(0, "tivoli");
  f.ufo(1, "giza");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::deed(roller, "open-restaurant"));
  f.play(0, {{"assist", helper}});
  f.play(0, {{"roll", true}});
  ASSERT_EQ(f.s.phase(), Phase::kControlDie);
  EXPECT_TRUE(
      contains(f.s.text_view(1, "en"), "resistance 12, modifiers +1 with 1 helper: 11 or more"));
  EXPECT_TRUE(contains(f.s.text_view(1, "it"), "modificatori +1 con 1 aiuto: riesce con 11 o più"));
  const std::string fail = f.s.describe_event(1, kChance, 9, "en");
  EXPECT_EQ(fail,
            "seat 0 rolls 9 on the control die, modifiers +1: 10 against resistance 12\n"
            "failed: no restaurant, and no other opening attempt in Rome this turn");
  const std::string ok = f.s.describe_event(1, kChance, 11, "en");
  EXPECT_TRUE(contains(ok, "12 against resistance 12\nsuccess: seat 0 opens a restaurant in Rome"))
      << ok;
  EXPECT_TRUE(contains(ok, "seat 0 now controls Rome")) << ok;
}

TEST(UfoText, SkippedTurnsAndTheNextTurnAreTold) {
  UfoFixture f(3);
  f.ufo(0, "giza");
  f.ufo(1, "suez");
  f.ufo(2, "luxor");
  f.skip_next_turn(1);
  f.begin_turn(0);
  f.play(0, F::end_movement());
  const Action end = act::kPass;
  const std::string e = f.s.describe_event(2, 0, end, "en");
  EXPECT_EQ(e,
            "seat 0 ends their actions\nseat 1 skips this turn (they took a new UFO)\n"
            "round 1: turn of seat 2");
}

TEST(UfoText, TheEndGivesEveryScoreItsFiguresAndTheCitiesControlled) {
  UfoFixture f(2);
  for (const char* c : {"rome", "paris", "london", "berlin"}) f.restaurant(c, 0, 0);
  const int roller = f.ufo(0, "moscow");
  f.ufo(1, "giza");
  f.kiosk("giza", 1);
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::deed(roller, "open-restaurant"));
  f.play(0, {{"roll", true}});
  f.die(12);
  const std::string e = f.s.describe_event(1, 0, act::kPass, "en");
  EXPECT_TRUE(contains(e, "the game is over: a player controls enough cities")) << e;
  f.play(0, F::end_actions());
  ASSERT_TRUE(f.s.is_terminal());
  const std::string t = f.s.text_view(1, "en");
  EXPECT_TRUE(contains(t, "Final scores (a player controls enough cities):")) << t;
  EXPECT_TRUE(contains(t, "5 cities controlled (winner)")) << t;
  EXPECT_TRUE(
      contains(t,
               "seat 1 (you): 1 point = restaurants 0 + kiosks 1 - 2 × 0 eyewitness tokens; "
               "0 cities controlled\n"))
      << t;
  const Json d = f.s.result_details();
  EXPECT_EQ(d["verdict"], "cities");
  EXPECT_TRUE(d.contains("rounds"));
}

// Whole random games in every language: every legal action described
// distinctly, the same board and events for every observer (nothing is
// hidden: determinize changes nothing), no English in Italian or Korean.
TEST(UfoText, RandomGamesInEveryLanguage) {
  for (int players = 2; players <= 5; ++players) {
    Rng rng(static_cast<std::uint64_t>(players) * 7919);
    UfoState s = *Ufo::new_game({{"max_rounds", 8}}, players);
    int step = 0;
    for (; step < 3000 && !s.is_terminal(); ++step) {
      const Seat p = s.is_chance() ? kChance : s.to_act().lowest();
      Action a;
      if (p == kChance) {
        ChanceList outcomes;
        s.chance_outcomes(outcomes);
        a = sample_chance(outcomes, rng);
      } else {
        ActionList legal;
        s.legal_actions(p, legal);
        ASSERT_FALSE(legal.empty());
        a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      }
      const bool look = step % 7 == 0;  // every text of every 7th step, all languages
      for (std::string_view lang : {"en", "it", "ko"}) {
        if (!look && lang != "ko") continue;
        const std::string ev = s.describe_event(kSpectator, p, a, lang);
        if (p != kChance) {
          EXPECT_FALSE(ev.empty());
        }
        Rng other(static_cast<std::uint64_t>(step));
        EXPECT_EQ(s.determinize(1, other), s) << "nothing is hidden";
        for (Seat o = 0; o < players && look; ++o)
          EXPECT_EQ(s.describe_event(o, p, a, lang), ev) << "every observer reads the same";
        std::string all = ev + "\n" + s.text_view(0, lang);
        if (p != kChance) {
          ActionList legal;
          s.legal_actions(p, legal);
          for (Action x : legal) all += "\n" + s.describe_action(p, x, lang);
          if (look) expect_distinct_descriptions(s, lang);
        }
        if (lang != "en")
          for (const auto& w : leaks(all, lang))
            ADD_FAILURE() << lang << " leaks '" << w << "' in:\n" << all;
      }
      s.apply_unchecked(p, a);
    }
    ASSERT_TRUE(s.is_terminal());
    for (std::string_view lang : {"it", "ko"}) {
      const std::string t = s.text_view(0, lang);
      for (const auto& w : leaks(t, lang))
        ADD_FAILURE() << lang << " leaks '" << w << "' in:\n" << t;
    }
    EXPECT_TRUE(contains(s.text_view(0, "en"), "Final scores")) << s.text_view(0, "en");
  }
}

}  // namespace
}  // namespace meeple::ufo
