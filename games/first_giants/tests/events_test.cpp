// First Giants rules tests, Events in words: what every action does, told to
// each observer, never more than the observer may see; and the message
// catalog, complete in en/it/ko with no English left in an Italian or Korean
// screen.
#include <gtest/gtest.h>

#include <cctype>
#include <set>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(FirstGiantsEvents, ATakeTellsTheSiteTheCardTheEffectsTheRefillAndTheCardTurningUp) {
  auto su = two_players();
  su.studio[1] = {kC + 2};  // recurring, but only for its owner's takes
  su.top = kM + 9;
  auto s = position(su);
  const std::string take_words = s.describe_event(1, 0, take(0, 0), "en");
  EXPECT_EQ(take_words,
            "seat 0: plays a pawn on dig site 1 and takes Velociraptor (carnivore, size 1). "
            "Effects that fire: Velociraptor (carnivore, size 1) of seat 0 (Once this turn: gain "
            "1 point.). The deck's top card, Paraceratherium (mammal, size 3), fills the empty "
            "place on dig site 1. seat 0 gains points: +1 (1 now).");
  play(s, 0, take(0, 0));
  EXPECT_EQ(s.describe_event(0, kChance, kH + 9, "en"),
            "The next card of the deck turns up: Brachiosaurus (herbivore, size 3) (cards in the "
            "deck: 50). Now it is the turn of seat 1.");
}

TEST(FirstGiantsEvents, ExhibitsSetTokensAndNewsTokensAreTold) {
  Position su;
  su.players = 2;
  su.sites = two_players().sites;
  su.sets[0] = {{kC + 0}};
  su.studio[0] = {kC + 4};
  su.pawns_out[0] = 0b0001;
  auto s = position(su);
  play(s, 0, act::kReclaim);
  EXPECT_EQ(s.describe_event(1, 0, exhibit(kC + 4), "en"),
            "seat 0: chooses to exhibit Allosaurus (carnivore, size 2).");
  play(s, 0, exhibit(kC + 4));
  const std::string w = s.describe_event(1, 0, into(0), "en");
  EXPECT_TRUE(has(w,
                  "seat 0: exhibits Allosaurus (carnivore, size 2) into set 1, now a Family set "
                  "of carnivores"))
      << w;
  EXPECT_TRUE(has(w, "seat 0 pays amber: -2 (0 left).")) << w;
  EXPECT_TRUE(has(w, "seat 0 puts a set token on set 1 (13 left in the reserve).")) << w;
  EXPECT_TRUE(has(w, "seat 0 takes the News token for the largest Family set of carnivores")) << w;
  EXPECT_TRUE(has(s.describe_event(0, 0, into(0), "en"), "seat 0 (you): exhibits")) << w;
}

TEST(FirstGiantsEvents, TheEndIsToldWithItsCauseTheBoxAndTheWinners) {
  Position su;
  su.players = 3;
  su.active = 2;
  su.sites = two_players().sites;
  su.sets[2] = {{kC + 0}};
  su.studio[2] = {kC + 4};
  su.pawns_out[2] = 0b0001;
  su.reserve = 1;
  auto s = position(su);
  play(s, 2, act::kReclaim);
  play(s, 2, exhibit(kC + 4));
  const std::string w = s.describe_event(0, 2, into(0), "en");
  EXPECT_TRUE(has(w, "The last set token of the reserve is taken: the end is triggered.")) << w;
  EXPECT_TRUE(has(w, "Set tokens that come out of the box into the reserve: 23.")) << w;
  EXPECT_TRUE(has(w, "The game is over.")) << w;
  EXPECT_TRUE(has(w, "Winner: seat 2.")) << w;
}

// Plays random games and calls `check(state, seat, action)` before every action.
template <class Check>
void random_games(int games, std::uint64_t seed, Check&& check) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    FirstGiantsState s(2 + g % 4);
    while (!s.is_terminal()) {
      Seat seat = kChance;
      Action a;
      if (s.is_chance()) {
        ChanceList o;
        s.chance_outcomes(o);
        a = sample_chance(o, rng);
      } else {
        seat = s.to_act().lowest();
        ActionList l;
        s.legal_actions(seat, l);
        a = l[rng.below(static_cast<std::uint32_t>(l.size()))];
      }
      check(s, seat, a);
      s.apply_unchecked(seat, a);
    }
    check(s, kChance, -1);
  }
}

TEST(FirstGiantsEvents, EveryEventIsToldAndTellsNothingHiddenFromTheObserver) {
  Rng det(7);
  random_games(24, 3, [&](const FirstGiantsState& s, Seat seat, Action a) {
    if (a < 0) return;
    for (Seat o = kSpectator; o < s.num_players(); ++o) {
      const std::string w = s.describe_event(o, seat, a, "en");
      EXPECT_FALSE(w.empty());
      // The same words from a state re-sampled for what the observer knows.
      const FirstGiantsState other = s.determinize(o, det);
      EXPECT_EQ(other.describe_event(o, seat, a, "en"), w);
    }
  });
}

TEST(FirstGiantsEvents, AnActionThatCannotHappenNowIsToldAsNothing) {
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  auto s = position(su);
  EXPECT_EQ(s.describe_event(0, 0, take(0, 0), "en"), "");  // my pawn is there already
  EXPECT_EQ(s.describe_event(0, 1, take(1, 0), "en"), "");  // not seat 1's turn
  EXPECT_EQ(s.describe_event(0, kChance, 3, "en"), "");     // no chance pending
  EXPECT_EQ(s.describe_action(0, act::kIntoSet + 5, "en"), "-");
}

TEST(FirstGiantsMessages, TheCatalogHasEveryMessageInEveryLanguage) {
  const auto problems = FirstGiants::messages().check();
  EXPECT_TRUE(problems.empty()) << problems.front();
  for (int id = 0; id < kCards; ++id) {
    EXPECT_TRUE(FirstGiants::messages().contains("card." + std::to_string(id) + ".name"));
    EXPECT_TRUE(FirstGiants::messages().contains("card." + std::to_string(id) + ".text"));
  }
}

// Words of a text (ASCII letters only), lower-case.
std::set<std::string> latin_words(const std::string& text) {
  std::set<std::string> out;
  std::string w;
  for (char ch : text + " ") {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80 && std::isalpha(c)) {
      w += static_cast<char>(std::tolower(c));
    } else {
      if (w.size() >= 3) out.insert(w);
      w.clear();
    }
  }
  return out;
}

TEST(FirstGiantsMessages, NoEnglishWordLeaksIntoAnItalianOrKoreanGame) {
  // English words: those of the English messages that no Italian message uses
  // (card names are Latin in both).
  const Catalog& m = FirstGiants::messages();
  auto without_placeholders = [](std::string t) {
    for (std::size_t b; (b = t.find('{')) != std::string::npos;) t.erase(b, t.find('}', b) - b + 1);
    return t;
  };
  std::set<std::string> english, italian;
  for (const auto& key : m.keys()) {
    for (const auto& w : latin_words(without_placeholders(m.text(key, "en")))) english.insert(w);
    for (const auto& w : latin_words(without_placeholders(m.text(key, "it")))) italian.insert(w);
  }
  for (const auto& w : italian) english.erase(w);
  ASSERT_TRUE(english.count("take") && english.count("dig") && english.count("amber"));
  for (const char* lang : {"it", "ko"}) {
    random_games(6, 11, [&](const FirstGiantsState& s, Seat seat, Action a) {
      std::string texts = s.text_view(0, lang);
      if (a >= 0) {
        texts += s.describe_event(1, seat, a, lang);
        if (seat >= 0) texts += s.describe_action(seat, a, lang);
      }
      for (const auto& w : latin_words(texts))
        ASSERT_FALSE(english.count(w)) << lang << ": '" << w << "' in " << texts;
    });
  }
}

}  // namespace
}  // namespace meeple::first_giants
