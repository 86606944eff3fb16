// Terminal play: text_view shows a seat nothing it may not know, and every
// legal action has its own description.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/rng.h"
#include "games/first_contact/tests/fixture.h"
#include "games/first_contact/words.h"

namespace meeple::first_contact {
namespace {

using namespace test;

bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

// The start of a catalog message, up to its first placeholder.
std::string head(std::string_view key, std::string_view lang) {
  const std::string& t = FirstContact::messages().text(key, lang);
  return t.substr(0, t.find('{'));
}

TEST(FirstContactText, AnEarthlingsTextHasNoPadCardTargetOrOtherNotes) {
  S s = midgame();
  const int blue_target = bits(s.wanted(1))[1];
  for (const char* lang : {"en", "it", "ko"}) {
    const std::string t = s.text_view(3, lang);
    SCOPED_TRACE(t);
    for (const char* secret : {"pad_heading", "card_heading", "your_target", "your_proposal"})
      EXPECT_FALSE(has(t, head(secret, lang))) << secret;
    EXPECT_FALSE(has(t, square_words(s, blue_target, lang) + "\n")) << "the target";
    // Its own pad: Heavy = glyph 5; earthling 0's Big entry is not there.
    EXPECT_TRUE(has(t, head("note_heading", lang)));
    EXPECT_TRUE(has(t, characteristic_name(kHeavy, lang) + " = " + glyph_words(5, lang)));
    EXPECT_TRUE(has(t, characteristic_name(kBig, lang) + " = -"));
    EXPECT_FALSE(has(t, head("my_offer", lang)));  // it has not offered yet
    EXPECT_TRUE(has(t, head("typed_forms", lang))) << "how to write the pad, in words";
  }
  // Earthling 0 sees its own note and offer.
  const std::string t0 = s.text_view(2, "en");
  EXPECT_TRUE(has(t0, "Big = " + glyph_words(s.glyph_of(kBig), "en")));
  EXPECT_TRUE(has(t0, "Your offer: square " + std::to_string(bits(s.wanted(1))[2]) + " ("));
  EXPECT_FALSE(has(t0, "language pad"));
  // The blue alien sees its secrets and its own target, and no note pad.
  const std::string a = s.text_view(1, "en");
  EXPECT_TRUE(has(a, "language pad"));
  EXPECT_TRUE(has(a, "Request card 4"));
  EXPECT_TRUE(has(a, "Your target: square " + std::to_string(blue_target) + " ("));
  EXPECT_FALSE(has(a, "note pad"));
  // The red alien sees blue's target as blue's, not as its own.
  const std::string r = s.text_view(0, "en");
  EXPECT_TRUE(has(r, "Target of blue alien (seat 1): square " + std::to_string(blue_target)));
  EXPECT_FALSE(has(r, "Your target"));
  // Spectators: the public part only.
  const std::string p = s.text_view(kSpectator, "en");
  EXPECT_FALSE(has(p, "language pad"));
  EXPECT_FALSE(has(p, "note pad"));
  EXPECT_FALSE(has(p, "arget"));
}

// A screen's board (kTextDetailMarked, kTextDetailCompact): the status above
// one mark line, and after it the field, the round, the pad and the prompt;
// the full board (the line mode) is what it always was, without a mark.
TEST(FirstContactText, LessDetailKeepsWhatTheOfferNeedsAfterTheMark) {
  S s = midgame();  // earthling 3 (seat 3) is asked to offer
  const std::string mark = std::string(kTextDecisionMark) + "\n";
  for (const char* lang : {"en", "it", "ko"}) {
    SCOPED_TRACE(lang);
    const std::string full = s.text_view(3, lang);
    EXPECT_EQ(full, s.text_view(3, lang, kTextDetailFull));
    EXPECT_FALSE(has(full, mark));
    for (int detail : {kTextDetailMarked, kTextDetailCompact}) {
      const std::string t = s.text_view(3, lang, detail);
      SCOPED_TRACE(t);
      const auto at = t.find(mark);
      ASSERT_NE(at, std::string::npos);
      EXPECT_EQ(t.find(mark, at + 1), std::string::npos) << "one mark";
      const std::string above = t.substr(0, at), needed = t.substr(at);
      EXPECT_TRUE(has(above, head("goal", lang)));
      EXPECT_FALSE(has(needed, head("goal", lang)));
      // Every square with its item, the message, the pad's 25 cells, the prompt.
      for (int q = 0; q < kSquares; ++q)
        EXPECT_TRUE(has(needed, " " + std::to_string(q) + " " + item_name(s.item_at(q), lang)))
            << q;
      EXPECT_TRUE(has(needed, head("message_line", lang)));
      for (int k = 0; k < kCharacteristics; ++k)
        EXPECT_TRUE(has(
            needed, characteristic_name(k, lang) + (detail == kTextDetailCompact ? "=" : " = ")))
            << k;
      EXPECT_TRUE(has(needed, head("prompt.offer", lang)));
      EXPECT_FALSE(has(t, head("typed_forms", lang))) << "left to help";
    }
    // Compact: the noted glyph by its number, the question in one short line.
    const std::string c = s.text_view(3, lang, kTextDetailCompact);
    EXPECT_TRUE(has(c, characteristic_name(kHeavy, lang) + "=5"));
    EXPECT_FALSE(has(c, head("this_round", lang)));
    EXPECT_LT(c.size(), s.text_view(3, lang, kTextDetailMarked).size());
  }
}

void expect_described(const S& s, Seat seat) {
  ActionList l;
  s.legal_actions(seat, l);
  std::set<std::string> seen;
  for (Action a : l) {
    const std::string d = s.describe_action(seat, a, "en");
    EXPECT_FALSE(d.empty()) << a;
    EXPECT_TRUE(seen.insert(d).second) << "duplicate description: " << d;
    EXPECT_FALSE(s.describe_action(seat, a, "ko").empty());
  }
}

TEST(FirstContactText, EveryLegalActionHasItsOwnDescription) {
  S s = midgame();
  for (Seat seat = 0; seat < s.num_players(); ++seat) expect_described(s, seat);
  EXPECT_EQ(s.describe_action(3, act::kSquare + 7, "en").rfind("offer square 7 (", 0), 0u);

  // Every phase of random games, with the negation rule and custom symbols.
  for (const Json& opts : {Json::object(), Json{{"zero_turn", "on"}, {"aliens", 3}},
                           Json{{"edition", "ko"}, {"custom_symbols", true}}}) {
    for (int players : {2, 4, 7}) {
      if (opts.contains("aliens") && players < 5) continue;
      S g = fresh(players, opts);
      Rng rng(static_cast<std::uint64_t>(players));
      for (int step = 0; step < 150 && !g.is_terminal(); ++step) {
        if (g.is_chance()) {
          ChanceList outs;
          g.chance_outcomes(outs);
          play(g, kChance, outs[rng.below(static_cast<std::uint32_t>(outs.size()))].action);
          continue;
        }
        for (Seat seat = 0; seat < g.num_players(); ++seat) expect_described(g, seat);
        EXPECT_FALSE(g.text_view(g.to_act().lowest(), "it").empty());
        const Seat seat = g.to_act().lowest();
        ActionList l;
        g.search_actions(seat, l);
        play(g, seat, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
      }
    }
  }
}

}  // namespace
}  // namespace meeple::first_contact
