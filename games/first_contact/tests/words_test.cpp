// Words (docs/rules/first-contact.md "Terminal text"): every text a person
// reads comes from the message catalog in en/it/ko; no English leaks into an
// Italian or Korean screen; choices carry the board's own numbers and names;
// note pads can be edited without English ids.
#include <gtest/gtest.h>

#include <cctype>
#include <regex>
#include <set>
#include <string>

#include "core/rng.h"
#include "games/first_contact/tests/fixture.h"
#include "games/first_contact/words.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactWords, EveryMessageInEveryLanguage) {
  const auto problems = FirstContact::messages().check();
  for (const auto& p : problems) ADD_FAILURE() << p;
  EXPECT_GT(FirstContact::messages().keys().size(), 100u);
  for (int g = 0; g < kGlyphs; ++g)
    for (const char* lang : {"en", "it", "ko"})
      EXPECT_TRUE(FirstContact::messages().contains("glyph." + std::to_string(g))) << g << lang;
}

TEST(FirstContactWords, KoreanMetalIsCheol) {
  EXPECT_EQ(characteristic_name(kMetal, "ko"), "철");
}

// ASCII words of `text`, lowercased.
std::set<std::string> ascii_words(const std::string& text) {
  std::set<std::string> out;
  std::string w;
  for (char c : text + " ") {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      if (!w.empty()) out.insert(w);
      w.clear();
    }
  }
  return out;
}

// The words longer than 3 letters of the English catalog, placeholders left
// out, minus the few that Italian uses as they are ("round": the Italian
// rulebook's own word; "zero").
std::set<std::string> english_words() {
  std::set<std::string> out;
  const auto& m = FirstContact::messages();
  for (const auto& key : m.keys()) {
    const std::string text =
        std::regex_replace(m.text(key, "en"), std::regex(R"(\{[a-z_]+\})"), "");
    for (const auto& w : ascii_words(text))
      if (w.size() > 3) out.insert(w);
  }
  for (const char* same :
       {"round", "zero", "json", "null", "note", "characteristic", "glyph", "unknown"})
    out.erase(same);  // "round", "zero": Italian too; the rest: the action JSON's keys
  return out;
}

// Texts of a whole random game in `lang`: every seat's and the spectator's
// board, every choice and every event for every observer.
std::vector<std::string> game_texts(const Json& opts, int players, std::uint64_t seed,
                                    std::string_view lang) {
  std::vector<std::string> out;
  S g = fresh(players, opts);
  Rng rng(seed);
  while (!g.is_terminal()) {
    Seat actor = kChance;
    Action a = 0;
    if (g.is_chance()) {
      a = random_outcome(g, rng);
    } else {
      actor = g.to_act().lowest();
      ActionList l;
      g.search_actions(actor, l);
      for (Action x : l) out.push_back(g.describe_action(actor, x, lang));
      if (g.is_earthling(actor))  // one of each kind of note-pad edit
        for (Action x : {act::kNoteWrite + 30, act::kNoteClear + 2, act::kUnknownToggle + 5})
          out.push_back(g.describe_action(actor, x, lang));
      a = l[rng.below(static_cast<std::uint32_t>(l.size()))];
      if (rng.below(10) == 0 && g.is_earthling(actor) && g.note(actor - g.aliens(), 3) != 4)
        a = act::kNoteWrite + 3 * kGlyphs + 4;
    }
    for (Seat o = kSpectator; o < players; o = o == kSpectator ? 0 : o + 1) {
      out.push_back(g.text_view(o, lang));
      out.push_back(g.describe_event(o, actor, a, lang));
    }
    play(g, actor, a);
  }
  for (Seat o = kSpectator; o < players; o = o == kSpectator ? 0 : o + 1)
    out.push_back(g.text_view(o, lang));
  return out;
}

TEST(FirstContactWords, NoEnglishInItalianOrKoreanScreens) {
  const std::set<std::string> english = english_words();
  for (const Json& opts : {Json::object(), Json{{"edition", "en"}}, Json{{"zero_turn", "on"}},
                           Json{{"edition", "ko"}, {"custom_symbols", true}}}) {
    for (int players : {2, 5}) {
      for (const char* lang : {"it", "ko"}) {
        std::set<std::string> leaked;
        for (std::string t : game_texts(opts, players, 7, lang)) {
          // The note help shows the action's JSON form, whose keys are English.
          t = std::regex_replace(t, std::regex(R"(json \{[^\n]*?\}\}?)"), "");
          for (const auto& w : ascii_words(t))
            if (english.count(w)) leaked.insert(w);
          EXPECT_EQ(t.find("[ev."), std::string::npos) << t;  // a key missing from the catalog
        }
        std::string list;
        for (const auto& w : leaked) list += " " + w;
        EXPECT_TRUE(leaked.empty())
            << lang << " " << opts.dump() << " " << players << " players:" << list;
      }
    }
  }
}

TEST(FirstContactWords, ChoicesCarryTheBoardsNumbersAndNames) {
  S s = midgame();  // earthlings 1 and 2 must offer
  ActionList l;
  s.search_actions(3, l);
  ASSERT_FALSE(l.empty());
  for (const char* lang : {"en", "it", "ko"})
    for (Action a : l) {
      const int q = a - act::kSquare;
      const std::string w = s.describe_action(3, a, lang);
      EXPECT_NE(w.find(std::to_string(q)), std::string::npos) << w;
      EXPECT_NE(w.find(item_name(s.item_at(q), lang)), std::string::npos) << w;
    }
  EXPECT_EQ(s.describe_action(3, act::kSquare + 20, "en"),
            "offer square 20 (" + item_name(s.item_at(20), "en") + ")");
}

TEST(FirstContactWords, TheSeatIsToldWhyItIsAsked) {
  S s = midgame();
  EXPECT_NE(
      s.text_view(3, "en").find("You are asked: offer the square you think blue alien (seat 1)"),
      std::string::npos);
  EXPECT_EQ(s.text_view(2, "en").find("You are asked"), std::string::npos);  // it has offered
  for (const char* id :
       {"propose_glyph", "choose_target", "rotate_cards", "second_attempt", "(order)"})
    EXPECT_EQ(s.text_view(3, "en").find(id), std::string::npos) << "a phase id is shown";
}

TEST(FirstContactWords, NotesWithoutEnglishIds) {
  S s = midgame();
  const Action big3 = act::kNoteWrite + kBig * kGlyphs + 3;
  for (const char* name : {"big", "Big", "Grande", "grande", "큰"}) {
    auto a = s.action_from_json(3, {{"note", {{"characteristic", name}, {"glyph", 3}}}});
    ASSERT_TRUE(a) << name;
    EXPECT_EQ(*a, big3) << name;
  }
  // By the number printed on the earthling's own pad.
  const int n = [] {
    for (int i = 0; i < kCharacteristics; ++i)
      if (note_pad_order(1)[i] == kBig) return i + 1;
    return 0;
  }();
  auto by_number = s.action_from_json(3, {{"note", {{"characteristic", n}, {"glyph", 3}}}});
  ASSERT_TRUE(by_number);
  EXPECT_EQ(*by_number, big3);
  EXPECT_FALSE(s.action_from_json(3, {{"note", {{"characteristic", 26}, {"glyph", 3}}}}));
  auto korean = s.action_from_json(3, {{"note", {{"characteristic", "철"}, {"glyph", 3}}}});
  ASSERT_TRUE(korean);
  EXPECT_EQ(*korean, act::kNoteWrite + kMetal * kGlyphs + 3);
}

TEST(FirstContactWords, TheEndIsTold) {
  S s = fresh(4);
  setup(s);
  const auto red = bits(s.wanted(0));
  for (int r = 0; r < 3 && !s.is_terminal(); ++r) {
    skip_earthling_phase(s);
    if (r < 2) {
      const int q = red[static_cast<std::size_t>(r)];
      alien_turn(s, q, {1}, {q, q, q});
    } else {
      play(s, 0, act::kSquare + red[2]);
      play(s, 0, act::kGlyph + 1);
      play(s, 0, act::kSend);
      play(s, 1, act::kSquare + red[2]);
      play(s, 2, act::kSquare + red[2]);
      const std::string last = s.describe_event(kSpectator, 3, act::kSquare + red[2], "en");
      EXPECT_NE(last.find("red alien (seat 0) has their 3 items and wins for the aliens."),
                std::string::npos)
          << last;
      play(s, 3, act::kSquare + red[2]);
    }
  }
  ASSERT_TRUE(s.is_terminal());
  const std::string t = s.text_view(kSpectator, "it");
  EXPECT_NE(t.find("Risultato:"), std::string::npos) << t;
  EXPECT_NE(t.find("vince per gli Alieni"), std::string::npos) << t;
  const Json d = s.result_details();
  EXPECT_TRUE(d.contains("rounds"));
  EXPECT_TRUE(d.contains("teams"));
}

}  // namespace
}  // namespace meeple::first_contact
