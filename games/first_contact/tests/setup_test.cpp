// Setup (docs/rules/first-contact.md "Setup"): the field, the language pad
// and the request card are chance.
#include <set>

#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactSetup, FieldPadAndRequestCardAreChance) {
  S s = fresh(4);
  EXPECT_TRUE(s.is_chance());
  ChanceList outs;
  s.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 120u);  // it: 60 cards x 2 faces
  setup(s);
  EXPECT_EQ(s.phase(), Phase::kChoose);  // it: no zero turn by default
  EXPECT_FALSE(s.is_chance());
  for (int q = 0; q < kSquares; ++q) EXPECT_GE(s.item_at(q), 0);
  EXPECT_EQ(s.pad_index(), 0);

  S en = fresh(4, {{"edition", "en"}});
  outs.clear();
  en.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 128u);  // en: 128 single-faced cards
  S ko = fresh(4, {{"edition", "ko"}});
  outs.clear();
  ko.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 160u);  // ko: 80 cards x 2 faces
}

TEST(FirstContactSetup, ACardLaidOnTheFieldLeavesTheDeck) {
  S s = fresh(4);
  play(s, kChance, lay_of(Edition::kIt, "pyramid"));
  ChanceList outs;
  s.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 118u);
  for (const auto& o : outs) EXPECT_NE(o.action / 2, lay_of(Edition::kIt, "pyramid") / 2);
  EXPECT_EQ(catalog().items[s.item_at(0)].id, "pyramid");
}

TEST(FirstContactSetup, RequestCardChanceCoversTwelveCardsInFourRotations) {
  S s = fresh(4);
  for (int q = 0; q < kSquares; ++q) {
    ChanceList outs;
    s.chance_outcomes(outs);
    play(s, kChance, outs[0].action);
  }
  ChanceList pads;
  s.chance_outcomes(pads);
  EXPECT_EQ(pads.size(), 24u);
  play(s, kChance, 5);
  ChanceList cards;
  s.chance_outcomes(cards);
  EXPECT_EQ(cards.size(), 48u);
}

// What each edition deals from is its own box, as its rulebook's contents
// list counts it (rulings 1.1): the item cards and their faces, the printed
// language pads, the request cards (each laid one of four ways round).
struct Box {
  int item_cards, item_faces, pads, request_cards;
};

// The chance outcomes of each setup draw: items (distinct cards and faces)
// on the first square, then, with the field laid, the pad and the card.
Box dealt_from(const Json& params, int players) {
  S s = fresh(players, params);
  Box box{};
  ChanceList outs;
  s.chance_outcomes(outs);
  std::set<int> cards;
  for (const auto& o : outs) cards.insert(static_cast<int>(o.action / 2));
  box.item_cards = static_cast<int>(cards.size());
  box.item_faces = static_cast<int>(outs.size());
  for (int q = 0; q < kSquares; ++q) {
    outs.clear();
    s.chance_outcomes(outs);
    play(s, kChance, outs[static_cast<std::size_t>(q) % outs.size()].action);
  }
  outs.clear();
  if (s.phase() == Phase::kDrawPad) {
    s.chance_outcomes(outs);
    box.pads = static_cast<int>(outs.size());
    play(s, kChance, outs.back().action);
    outs.clear();
  }
  EXPECT_EQ(s.phase(), Phase::kDrawRequest);
  s.chance_outcomes(outs);
  EXPECT_EQ(outs.size() % kRotations, 0u);
  box.request_cards = static_cast<int>(outs.size()) / kRotations;
  return box;
}

// Primo Contatto (000), "Componenti": 60 double-faced item cards, 12
// double-sided language sheets (24 pads), 12 double-sided request cards.
TEST(FirstContactSetup, TheItalianEditionDealsFromItsBox) {
  for (int players : {2, 4, 7}) {
    const Box box = dealt_from({{"edition", "it"}}, players);
    EXPECT_EQ(box.item_cards, 60) << players;
    EXPECT_EQ(box.item_faces, 120) << players;
    EXPECT_EQ(box.pads, 24) << players;
    EXPECT_EQ(box.request_cards, 12) << players;
  }
}

// First Contact (001), "Content": 128 item cards (one item each), 24 alien
// language pads, 24 assignment cards (counted by side, as its 24 pads are:
// 12 cards with sides A and B).
TEST(FirstContactSetup, TheEnglishEditionDealsFromItsBox) {
  for (int players : {2, 4, 7}) {
    const Box box = dealt_from({{"edition", "en"}}, players);
    EXPECT_EQ(box.item_cards, 128) << players;
    EXPECT_EQ(box.item_faces, 128) << players;
    EXPECT_EQ(box.pads, 24) << players;
    EXPECT_EQ(box.request_cards, 12) << players;
  }
}

// 퍼스트 컨택트 (002), "게임 구성품": 80 double-faced item cards, 16
// language pads of which one has no symbols (only for the custom-symbols
// variant), 12 double-sided request cards. A game without custom symbols
// draws among the 15 printed pads; with them nothing is drawn and the team
// fills the blank one.
TEST(FirstContactSetup, TheKoreanEditionDealsFromItsBox) {
  for (int players : {2, 5, 7}) {
    const Box box = dealt_from({{"edition", "ko"}, {"aliens", players == 5 ? 2 : 0}}, players);
    EXPECT_EQ(box.item_cards, 80) << players;
    EXPECT_EQ(box.item_faces, 160) << players;
    EXPECT_EQ(box.pads, 15) << players;
    EXPECT_EQ(box.request_cards, 12) << players;
  }
  const Box custom = dealt_from({{"edition", "ko"}, {"custom_symbols", true}}, 5);
  EXPECT_EQ(custom.pads, 0) << "the blank pad is the team's own, never drawn";
  EXPECT_EQ(custom.request_cards, 12);
}

}  // namespace
}  // namespace meeple::first_contact
