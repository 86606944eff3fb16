// Public history (docs/rules/first-contact.md "Public history", rulings 1.4):
// the current round in every seat's view, every public event in words for
// each observer, and nothing in those words that the observer may not see.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/rng.h"
#include "games/first_contact/tests/fixture.h"
#include "games/first_contact/words.h"

namespace meeple::first_contact {

namespace {

using namespace test;

bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

TEST(FirstContactHistory, TheRoundSoFarIsInEverySeatsView) {
  S s = midgame();  // round 1: three questions, red's message and offers, blue's offers pending
  const auto red = bits(s.wanted(0));
  const auto blue = bits(s.wanted(1));
  for (Seat seat : {Seat{0}, Seat{2}, Seat{3}, kSpectator}) {
    const Json r = s.view(seat)["this_round"];
    SCOPED_TRACE(r.dump());
    // Every earthling sees the answer to its own question and the others'.
    ASSERT_EQ(r["questions"].size(), 3u);
    for (int e = 0; e < 3; ++e) {
      EXPECT_EQ(r["questions"][e]["seat"], 2 + e);
      EXPECT_EQ(r["questions"][e]["rotated"], Json::array({0}));
      EXPECT_EQ(r["questions"][e]["answer"], Json::array({0}));
      // Who proposed what: the aliens only.
      EXPECT_EQ(r["questions"][e].contains("proposals"), s.is_alien(seat));
    }
    // Red's message and the offers made for it stay while blue plays.
    ASSERT_EQ(r["messages"].size(), 2u);
    const Json& m = r["messages"][0];
    EXPECT_EQ(m["seat"], 0);
    EXPECT_EQ(m["glyphs"].size(), 2u);
    ASSERT_EQ(m["offers"].size(), 3u);
    EXPECT_EQ(m["offers"][0]["square"], red[1]);
    EXPECT_EQ(m["offers"][0]["covered"], true);
    EXPECT_EQ(m["offers"][1]["square"], blue[0]);
    EXPECT_EQ(m["offers"][1]["covered"], false);
    // Blue's message is sent; its offers are still secret.
    EXPECT_EQ(r["messages"][1]["seat"], 1);
    EXPECT_TRUE(r["messages"][1]["offers"].empty());
  }
}

TEST(FirstContactHistory, AliensSeeEachOthersProposalsOnceRevealed) {
  S s = fresh(5, {{"aliens", 2}});
  setup(s);
  earthling_turn(s, kBig, {3}, {9, 4});
  const Json alien = s.view(1)["this_round"]["questions"][0];
  EXPECT_EQ(alien["answer"], Json::array({9, 4}));
  EXPECT_EQ(alien["proposals"], Json::parse(R"([{"seat":0,"glyph":9},{"seat":1,"glyph":4}])"));
  const Json earthling = s.view(2)["this_round"]["questions"][0];
  EXPECT_EQ(earthling["answer"], Json::array({9, 4}));
  EXPECT_FALSE(earthling.contains("proposals"));
}

TEST(FirstContactHistory, ANewRoundStartsAnEmptyHistory) {
  S s = fresh(4);
  setup(s);
  skip_earthling_phase(s);
  alien_turn(s, bits(s.wanted(0))[0], {1}, {0, 1, 2});
  ASSERT_EQ(s.round(), 2);
  const Json r = s.view(kSpectator)["this_round"];
  EXPECT_TRUE(r["questions"].empty());
  EXPECT_TRUE(r["messages"].empty());
}

// The words of every action, for each observer, in a whole random game.
std::vector<std::string> words_for(const S& s, Seat actor, Action a, Seat observer) {
  std::vector<std::string> out;
  for (const char* lang : {"en", "it", "ko"})
    out.push_back(s.describe_event(observer, actor, a, lang));
  return out;
}

TEST(FirstContactHistory, EventsTellAnEarthlingTheAnswerToItsQuestion) {
  S s = fresh(5, {{"aliens", 2}});
  setup(s);
  const Seat asker = 2;
  play(s, asker, act::kCharacteristic + kBig);
  play(s, asker, act::kSquare + 3);
  play(s, asker, act::kDone);
  play(s, 0, act::kGlyph + 9);
  const std::string own = s.describe_event(asker, 1, act::kGlyph + 4, "en");
  EXPECT_TRUE(has(own, "Answer to the question of earthling 1 (seat 2, you)")) << own;
  EXPECT_TRUE(has(own, "glyph 9 (eye), glyph 4 (triangle)")) << own;
  EXPECT_TRUE(has(own, "You asked about Big.")) << own;
  const std::string other = s.describe_event(3, 1, act::kGlyph + 4, "en");
  EXPECT_TRUE(has(other, "glyph 9 (eye), glyph 4 (triangle)")) << other;
  EXPECT_FALSE(has(other, "Big")) << other;
  EXPECT_FALSE(has(other, "Proposals")) << other;
  const std::string alien = s.describe_event(0, 1, act::kGlyph + 4, "en");
  EXPECT_TRUE(
      has(alien, "Proposals: red alien (seat 0, you) glyph 9 (eye), blue alien (seat 1) glyph 4"))
      << alien;
  // The pending proposal itself is told to its author only.
  EXPECT_TRUE(has(s.describe_event(1, 1, act::kGlyph + 4, "en"), "you propose glyph 4"));
}

TEST(FirstContactHistory, EventsTellEveryOfferAndWhatItWon) {
  S s = midgame();
  const auto blue = bits(s.wanted(1));
  play(s, 3, act::kSquare + blue[3]);
  // Earthling 3's offer closes blue's offers: everyone hears all three.
  for (Seat o : {Seat{0}, Seat{1}, Seat{2}, Seat{3}, Seat{4}, kSpectator}) {
    const std::string w = s.describe_event(o, 4, act::kSquare + 0, "en");
    SCOPED_TRACE(w);
    EXPECT_TRUE(has(w, "Offers for the message of blue alien (seat 1"));
    EXPECT_TRUE(has(w, "square " + std::to_string(blue[2]) + " ("));
    EXPECT_TRUE(has(w, "covered, 1 blue token"));
  }
}

TEST(FirstContactHistory, TwoPlayerScreensSayGreenAndBlue) {
  S s = fresh(2);
  setup(s);
  const Json v = s.view(0);
  EXPECT_EQ(v["aliens"][0]["colour"], "green");
  EXPECT_TRUE(v["wanted"].contains("green"));
  EXPECT_TRUE(v["earthlings"][0]["tokens"].contains("blue"));
  const std::string t = s.text_view(0, "en");
  EXPECT_TRUE(has(t, "wants the green squares")) << t;
  EXPECT_TRUE(has(t, "blue 0")) << t;
  for (const char* red : {" red ", "[red]", "(red", "red 0"}) EXPECT_FALSE(has(t, red)) << t;
  // English rules: green tokens for both.
  S en = fresh(2, {{"edition", "en"}});
  setup(en);
  EXPECT_TRUE(en.view(1)["earthlings"][0]["tokens"].contains("green"));
}

// No words tell an observer anything it may not see (rulings 1.5): the words
// for that observer are the same in every state it cannot tell apart from the
// true one, i.e. every determinization for it that leads, through the same
// action, to the same view. What the action itself reveals (the pending
// proposals or offers it completes) is kept from the true state, so the
// revealing events are compared too.
TEST(FirstContactHistory, WordsShowNothingHidden) {
  int compared = 0, events = 0;
  for (const Json& opts :
       {Json::object(), Json{{"aliens", 2}}, Json{{"zero_turn", "on"}, {"aliens", 3}},
        Json{{"edition", "en"}}, Json{{"edition", "ko"}, {"custom_symbols", true}}}) {
    for (int players : {2, 3, 5, 7}) {
      const int aliens = opts.value("aliens", 0);
      if (aliens && (players < 5 || players - aliens > 4)) continue;
      S g = fresh(players, opts);
      Rng rng(static_cast<std::uint64_t>(players) * 31 + opts.size());
      for (int step = 0; step < 250 && !g.is_terminal(); ++step) {
        Seat actor = kChance;
        Action a = 0;
        if (g.is_chance()) {
          a = random_outcome(g, rng);
        } else {
          actor = g.to_act().lowest();
          ActionList l;
          g.legal_actions(actor, l);  // note-pad edits included
          a = l[rng.below(static_cast<std::uint32_t>(l.size()))];
        }
        S after = g;
        play(after, actor, a);
        for (Seat o = kSpectator; o < players; o = o == kSpectator ? 0 : o + 1) {
          const auto truth = words_for(g, actor, a, o);
          ++events;
          for (const auto& w : truth) EXPECT_EQ(w.find('['), std::string::npos) << w;
          if (actor == kChance) continue;  // chance is not re-sampled by determinize
          for (int k = 0; k < 2; ++k) {
            S d = g.determinize(o, rng);
            TestAccess::copy_pending(d, g);
            S d_after = d;
            if (d_after.apply(actor, a)) continue;  // not possible there
            if (d_after.view(o) != after.view(o)) continue;
            ++compared;
            EXPECT_EQ(words_for(d, actor, a, o), truth)
                << "observer " << o << " actor " << actor << " action "
                << g.action_to_json(actor, a).dump();
          }
        }
        g = after;
      }
    }
  }
  EXPECT_GT(compared, events / 2);  // most events compared
}

TEST(FirstContactHistory, TheStateStaysASmallValue) {
  static_assert(std::is_trivially_copyable_v<S>);
  EXPECT_LE(sizeof(S), 512u);
}

}  // namespace
}  // namespace meeple::first_contact
