// First Giants rules tests, Terminal text: choices that name the board's own
// things (dig site numbers, card names, families, sizes and effects), the
// table as text with the deck's top card, why a seat is asked in another
// player's turn, the final scores, all from the message catalog in en/it/ko.
#include <gtest/gtest.h>

#include <set>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(FirstGiantsText, ATakeNamesTheDigSiteAndTheCardWithItsEffectInTheChosenLanguage) {
  auto s = position(two_players());  // dig site 1 (index 0) left: carnivore size 1, "+1 point"
  const std::string en = s.describe_action(0, take(0, 0), "en");
  EXPECT_TRUE(has(en, "dig site 1")) << en;
  EXPECT_TRUE(has(en, "Velociraptor (carnivore, size 1)")) << en;
  EXPECT_TRUE(has(en, "gain 1 point")) << en;
  const std::string it = s.describe_action(0, take(0, 0), "it");
  EXPECT_TRUE(has(it, "sito di scavo 1")) << it;
  EXPECT_TRUE(has(it, "carnivoro, taglia 1")) << it;
  EXPECT_TRUE(has(it, "ottieni 1 punto")) << it;
  const std::string ko = s.describe_action(0, take(0, 0), "ko");
  EXPECT_TRUE(has(ko, "발굴지 1")) << ko;
  EXPECT_TRUE(has(ko, "벨로키랍토르")) << ko;
  // Unknown languages fall back to English.
  EXPECT_EQ(s.describe_action(0, take(0, 0), "fr"), en);
}

TEST(FirstGiantsText, EveryChoiceHasItsOwnWords) {
  Rng rng(9);
  for (int game = 0; game < 20; ++game) {
    FirstGiantsState s(2 + game % 4);
    while (!s.is_terminal()) {
      if (s.is_chance()) {
        resolve_chance(s, rng);
        continue;
      }
      const Seat seat = s.to_act().lowest();
      ActionList l;
      s.legal_actions(seat, l);
      std::set<std::string> seen;
      for (Action a : l) {
        const std::string w = s.describe_action(seat, a, "en");
        EXPECT_FALSE(w.empty() || w == "-") << a;
        EXPECT_TRUE(seen.insert(w).second) << "two choices read the same: " << w;
      }
      s.apply_unchecked(seat, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    }
  }
}

TEST(FirstGiantsText, TheTableShowsTheDecksTopCardTheSitesAndWhoDecides) {
  auto su = two_players();
  su.top = kS + 8;
  auto s = position(su);
  const std::string t = s.text_view(0, "it");
  EXPECT_TRUE(has(t, "Mazzo (a faccia in su): carte rimaste 52")) << t;
  EXPECT_TRUE(has(t, s.describe_card(kS + 8, "it"))) << t;
  EXPECT_TRUE(has(t, "Sito di scavo 4")) << t;
  EXPECT_TRUE(has(t, "ottieni 1 punto")) << t;
  EXPECT_TRUE(has(t, "posto 0 (tu): prendi una carta")) << t;
  EXPECT_TRUE(has(s.text_view(1, "en"), "seat 0: take a card")) << s.text_view(1, "en");
}

// A screen's board: the seat's own area after the mark, next to why it is
// asked; the others, the sites and the news above. The full board has no mark.
TEST(FirstGiantsText, LessDetailPutsTheSeatsOwnAreaAfterTheMark) {
  auto s = position(two_players());
  const std::string mark = std::string(kTextDecisionMark) + "\n";
  EXPECT_EQ(s.text_view(1, "en"), s.text_view(1, "en", kTextDetailFull));
  EXPECT_FALSE(has(s.text_view(1, "en"), mark));
  const std::string t = s.text_view(1, "en", kTextDetailMarked);
  const auto at = t.find(mark);
  ASSERT_NE(at, std::string::npos) << t;
  const std::string above = t.substr(0, at), needed = t.substr(at);
  EXPECT_TRUE(has(needed, "seat 1 (you): amber")) << t;
  EXPECT_TRUE(has(needed, "seat 0: take a card")) << t;
  EXPECT_TRUE(has(above, "seat 0: amber")) << t;
  EXPECT_TRUE(has(above, "News tokens")) << t;
  EXPECT_FALSE(has(above, "seat 1 (you): amber")) << t;
  // A spectator's board has no area of its own: no mark.
  EXPECT_FALSE(has(s.text_view(kSpectator, "en", kTextDetailMarked), mark));
}

TEST(FirstGiantsText, AnEffectInAnotherPlayersTurnSaysWhichCardFiresAndWhatEachChoiceDoes) {
  auto su = two_players();
  su.studio[1] = {kC + 10};  // whenever any player takes a card: may spend 3 amber for 2 points
  su.amber[1] = 4;
  auto s = position(su);
  play(s, 0, take(0, 1));
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  const std::string t = s.text_view(1, "en");
  EXPECT_TRUE(has(t,
                  "seat 1 (you): the effect of Spinosaurus (carnivore, size 3), a card of seat 1 "
                  "(you), fires: Whenever any player takes a card: you may spend 3 amber for 2 "
                  "points."))
      << t;
  EXPECT_EQ(s.describe_action(1, act::kAmberForPoints, "en"),
            "spend 3 amber for 2 points (you have 4)");
  EXPECT_TRUE(has(s.describe_action(1, act::kDecline, "en"), "do not use it: Whenever"));
  for (const char* internal : {"(order)", "(effect)", "(target)", "phase", "kEffect"})
    EXPECT_FALSE(has(t, internal)) << internal;
}

TEST(FirstGiantsText, OrderingTwoEffectsNamesBothCardsAndWhatTheyDo) {
  auto su = two_players();
  su.studio[0] = {kH + 10};  // whenever any player takes a card: may exhibit 1 fossil
  su.sites[0][0] = kC + 4;   // once: may exhibit 1 fossil
  auto s = position(su);
  play(s, 0, take(0, 0));
  ASSERT_EQ(s.phase(), Phase::kOrder);
  EXPECT_TRUE(has(s.text_view(0, "en"), "choose the one that resolves first"));
  ActionList l;
  s.legal_actions(0, l);
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(s.describe_action(0, l[0], "en"),
            "resolve first Allosaurus (carnivore, size 2): Once this turn: you may exhibit 1 "
            "fossil.");
  EXPECT_TRUE(has(s.describe_action(0, l[1], "en"), "Diplodocus (herbivore, size 3): Whenever"));
}

TEST(FirstGiantsText, TheEndShowsEveryScoreWithItsPartsTheNewsTokensAndTheWinners) {
  Rng rng(4);
  FirstGiantsState s(3);
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      resolve_chance(s, rng);
      continue;
    }
    const Seat seat = s.to_act().lowest();
    ActionList l;
    s.legal_actions(seat, l);
    s.apply_unchecked(seat, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
  }
  const std::string t = s.text_view(2, "en");
  EXPECT_TRUE(has(t, "Final scores:")) << t;
  for (int p = 0; p < 3; ++p)
    EXPECT_TRUE(has(t, (p == 2 ? "seat 2 (you): " : "seat " + std::to_string(p) + ": ") +
                           std::to_string(s.score(p)) + " = "))
        << t;
  EXPECT_TRUE(has(t, "from News tokens")) << t;
  EXPECT_TRUE(has(t, s.result().winners.size() > 1 ? "Shared victory: " : "Winner: ")) << t;
  EXPECT_FALSE(has(t, "or reclaim your pawns")) << "no one decides any more";
  const Json d = s.result_details();
  EXPECT_EQ(d["rounds"], s.turns_played() / 3);
}

}  // namespace
}  // namespace meeple::first_giants
