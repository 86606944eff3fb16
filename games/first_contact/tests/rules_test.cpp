// First Contact rules (RULINGS.md section 1), from the rulebooks' examples and
// each ruling.
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

// ------------------------------------------------------------ setup, seats

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

TEST(FirstContactSeats, AutomaticTeamsAndTheAliensOption) {
  EXPECT_EQ(fresh(2).aliens(), 1);
  EXPECT_EQ(fresh(3).aliens(), 1);
  EXPECT_EQ(fresh(4).aliens(), 1);
  EXPECT_EQ(fresh(5).aliens(), 2);
  EXPECT_EQ(fresh(6).aliens(), 2);
  EXPECT_EQ(fresh(7).aliens(), 3);
  EXPECT_EQ(fresh(4, {{"aliens", 3}}).aliens(), 3);
  EXPECT_EQ(fresh(5, {{"aliens", 1}}).earthlings(), 4);
  // Too many earthlings, or more than one alien with 2-3 players.
  EXPECT_FALSE(FirstContact::new_game(resolved({{"aliens", 1}}), 6));
  EXPECT_FALSE(FirstContact::new_game(resolved({{"aliens", 2}}), 3));
  // Seats: aliens first (red, blue, green), then the earthlings in turn order.
  S s = fresh(7);
  EXPECT_TRUE(s.is_alien(0) && s.is_alien(2) && s.is_earthling(3) && s.is_earthling(6));
  EXPECT_EQ(s.earthling_seat(0), 3);
}

TEST(FirstContactSeats, EditionOptionsTheRulesForbid) {
  auto err = FirstContact::new_game(resolved({{"edition", "en"}, {"mode", "advanced"}}), 4);
  ASSERT_FALSE(err);
  EXPECT_EQ(err.error().code, errc::kBadParam);
  err = FirstContact::new_game(resolved({{"edition", "en"}, {"zero_turn", "off"}}), 4);
  ASSERT_FALSE(err);
  EXPECT_EQ(err.error().code, errc::kBadParam);
  err = FirstContact::new_game(resolved({{"custom_symbols", true}}), 4);
  ASSERT_FALSE(err);
  EXPECT_EQ(err.error().code, errc::kBadParam);
  EXPECT_TRUE(FirstContact::new_game(resolved({{"edition", "ko"}, {"custom_symbols", true}}), 4));
}

// ------------------------------------------------------------ zero turn

TEST(FirstContactZeroTurn, EachEarthlingAsksAndTheEngineShowsTheTrueGlyph) {
  S s = fresh(5, {{"zero_turn", "on"}});  // 2 aliens, 3 earthlings
  setup(s, {}, 7);
  ASSERT_EQ(s.phase(), Phase::kZeroTurn);
  EXPECT_EQ(s.to_act(), SeatSet::only(s.earthling_seat(0)));
  // The rulebook's example: Tool, then Alive, then Valuable.
  play(s, s.earthling_seat(0), act::kCharacteristic + kTool);
  play(s, s.earthling_seat(1), act::kCharacteristic + kAlive);
  play(s, s.earthling_seat(2), act::kCharacteristic + kValuable);
  EXPECT_EQ(s.phase(), Phase::kChoose);
  EXPECT_EQ(s.round(), 1);
  Json v = s.view(s.earthling_seat(2));
  ASSERT_EQ(v["zero_turn"].size(), 3u);
  EXPECT_EQ(v["zero_turn"][0]["characteristic"], "tool");
  EXPECT_EQ(v["zero_turn"][0]["glyph"], catalog().pads[7][kTool]);
  EXPECT_EQ(v["zero_turn"][2]["glyph"], catalog().pads[7][kValuable]);
}

TEST(FirstContactZeroTurn, EnAlwaysPlaysItAndItKoOnlyOnRequest) {
  S en = fresh(4, {{"edition", "en"}});
  setup(en);
  EXPECT_EQ(en.phase(), Phase::kZeroTurn);
  S ko = fresh(4, {{"edition", "ko"}});
  setup(ko);
  EXPECT_EQ(ko.phase(), Phase::kChoose);
  S ko_on = fresh(4, {{"edition", "ko"}, {"zero_turn", "on"}});
  setup(ko_on);
  EXPECT_EQ(ko_on.phase(), Phase::kZeroTurn);
}

// ------------------------------------------------------------ earthling phase

TEST(FirstContactEarthlingPhase, FiveBigItemsRotatedAndTheAliensAnswer) {
  // Enrico / John rotates the Pyramid, Horse, Hippo, House and Elephant to
  // learn the glyph for Big; the aliens draw it and he writes it down.
  S s = fresh(4);
  setup(s, {{0, "pyramid"}, {6, "horse"}, {12, "hippo"}, {18, "house"}, {24, "elephant"}}, 3);
  const Seat enrico = s.earthling_seat(0);
  play(s, enrico, act::kCharacteristic + kBig);
  for (int q : {0, 6, 12, 18}) play(s, enrico, act::kSquare + q);
  EXPECT_EQ(s.phase(), Phase::kRotate);
  play(s, enrico, act::kSquare + 24);
  // Five cards is the most: the aliens answer at once.
  EXPECT_EQ(s.phase(), Phase::kPropose);
  Json pub = s.view(kSpectator);
  EXPECT_EQ(pub["question"]["rotated"], Json({0, 6, 12, 18, 24}));
  const int big = s.glyph_of(kBig);
  play(s, s.alien_seat(0), act::kGlyph + big);
  EXPECT_EQ(s.answer().size(), 1u);
  EXPECT_EQ(s.answer()[0], big);
  EXPECT_EQ(s.view(s.earthling_seat(1))["question"]["answer"], Json({big}));
  // He records it on his note pad, privately.
  play(s, enrico, act::kNoteWrite + kBig * kGlyphs + big);
  EXPECT_EQ(s.note(0, kBig), big);
  EXPECT_EQ(s.pad_score(0), 1);
  // The next earthling's turn.
  EXPECT_EQ(s.phase(), Phase::kChoose);
  EXPECT_EQ(s.to_act(), SeatSet::only(s.earthling_seat(1)));
}

TEST(FirstContactEarthlingPhase, OneToFiveCardsCoveredOrNot) {
  S s = fresh(4);
  setup(s);
  const Seat e = s.earthling_seat(0);
  play(s, e, act::kCharacteristic + kFood);
  EXPECT_FALSE(legal(s, e, act::kDone));  // at least one card
  play(s, e, act::kSquare + 3);
  EXPECT_FALSE(legal(s, e, act::kSquare + 3));  // each card once
  EXPECT_TRUE(legal(s, e, act::kDone));
  play(s, e, act::kDone);
  EXPECT_EQ(s.phase(), Phase::kPropose);
  EXPECT_EQ(s.rotated(), 1u << 3);
}

TEST(FirstContactEarthlingPhase, DisagreeingAliensShowEachDistinctGlyphInColourOrder) {
  S s = fresh(7);  // 3 aliens
  setup(s);
  earthling_turn(s, kRound, {1, 2}, {9, 4, 9});
  EXPECT_EQ(s.answer().size(), 2u);
  EXPECT_EQ(s.answer()[0], 9);
  EXPECT_EQ(s.answer()[1], 4);
  earthling_turn(s, kRound, {1}, {5, 5, 5});
  EXPECT_EQ(s.answer().size(), 1u);
}

TEST(FirstContactEarthlingPhase, ProposalsAreSecretUntilAllAreIn) {
  S s = fresh(6);  // 2 aliens
  setup(s);
  const Seat e = s.earthling_seat(0);
  play(s, e, act::kCharacteristic + kFast);
  play(s, e, act::kSquare + 0);
  play(s, e, act::kDone);
  play(s, s.alien_seat(1), act::kGlyph + 11);
  EXPECT_EQ(s.to_act(), SeatSet::only(s.alien_seat(0)));
  EXPECT_EQ(s.view(s.alien_seat(1))["my_proposal"], 11);
  EXPECT_TRUE(s.view(s.alien_seat(0))["my_proposal"].is_null());
  EXPECT_EQ(s.view(e).dump().find("\"my_proposal\""), std::string::npos);
  EXPECT_EQ(s.view(e)["decided"], Json({s.alien_seat(1)}));
}

TEST(FirstContactEarthlingPhase, NotePadEditsAreFreeAndPrivate) {
  S s = fresh(5);
  setup(s);
  const Seat other = s.earthling_seat(2);  // not the one to act
  EXPECT_FALSE(s.to_act().contains(other));
  play(s, other, act::kNoteWrite + kMetal * kGlyphs + 4);
  play(s, other, act::kNoteWrite + kMetal * kGlyphs + 6);  // changeable
  EXPECT_EQ(s.note(2, kMetal), 6);
  EXPECT_FALSE(legal(s, other, act::kNoteWrite + kMetal * kGlyphs + 6));  // already there
  play(s, other, act::kNoteClear + kMetal);
  EXPECT_EQ(s.note(2, kMetal), -1);
  play(s, other, act::kUnknownToggle + 17);
  EXPECT_EQ(s.unknown_area(2), 1u << 17);
  // The same glyph may sit in several cells.
  play(s, other, act::kNoteWrite + kBig * kGlyphs + 3);
  play(s, other, act::kNoteWrite + kHeavy * kGlyphs + 3);
  // Aliens have no note pad; the turn did not move.
  EXPECT_FALSE(legal(s, s.alien_seat(0), act::kNoteWrite));
  EXPECT_EQ(s.phase(), Phase::kChoose);
  Json mine = s.view(other)["note_pad"];
  EXPECT_EQ(mine["unknown_symbols"], Json({17}));
  const Json first = s.view(s.earthling_seat(0));  // kept alive for the loop
  for (const auto& c : first["note_pad"]["cells"]) EXPECT_TRUE(c["glyph"].is_null());
}

// ------------------------------------------------------------ alien phase

// A 5-player game (red and blue aliens, 3 earthlings) on request card 0 side A
// unrotated,
// with the Hammer on red's first square.
struct AlienPhase : testing::Test {
  void SetUp() override {
    red = squares_of(0, false, 0, Colour::kRed);
    blue = squares_of(0, false, 0, Colour::kBlue);
    black = squares_of(0, false, 0, Colour::kBlack);
    s = fresh(5, {{"aliens", 2}});  // red and blue, 3 earthlings
    setup(s, {{red[0], "hammer"}});
    skip_earthling_phase(s);
  }
  std::vector<int> red, blue, black;
  S s;
};

TEST_F(AlienPhase, TheHammerDescribedByToolDangerMetal) {
  ASSERT_EQ(s.phase(), Phase::kTarget);
  EXPECT_EQ(s.to_act(), SeatSet::only(s.alien_seat(0)));  // red always first
  // Only red's own uncovered squares can be the target.
  for (int q = 0; q < kSquares; ++q)
    EXPECT_EQ(legal(s, 0, act::kSquare + q), std::find(red.begin(), red.end(), q) != red.end());
  play(s, 0, act::kSquare + red[0]);
  for (int ch : {kTool, kDanger, kMetal}) play(s, 0, act::kGlyph + s.glyph_of(ch));
  play(s, 0, act::kSend);
  EXPECT_EQ(s.phase(), Phase::kOffer);
  Json msg = s.view(s.earthling_seat(0))["message"];
  ASSERT_EQ(msg["glyphs"].size(), 3u);
  EXPECT_EQ(msg["glyphs"][0]["glyph"], s.glyph_of(kTool));
  EXPECT_EQ(msg["glyphs"][2]["negated"], false);
  EXPECT_EQ(msg["seat"], 0);
  EXPECT_EQ(catalog().items[s.item_at(red[0])].id, "hammer");
}

TEST_F(AlienPhase, MessagesHaveOneToSixGlyphs) {
  play(s, 0, act::kSquare + red[0]);
  EXPECT_FALSE(legal(s, 0, act::kSend));
  for (int i = 0; i < 5; ++i) play(s, 0, act::kGlyph + i);
  EXPECT_EQ(s.phase(), Phase::kMessage);
  play(s, 0, act::kGlyph + 5);
  EXPECT_EQ(s.phase(), Phase::kOffer);  // the sixth glyph sends it
}

TEST_F(AlienPhase, SeveralEarthlingsOfferTheTarget) {
  alien_turn(s, red[0], {1}, {red[0], red[0], blue[0]});
  EXPECT_EQ(s.covered_by(red[0]), 0);
  EXPECT_EQ(s.token_of(0, 0), 1);
  EXPECT_EQ(s.token_of(1, 0), 1);
  EXPECT_EQ(s.tokens_of(2), 0);
  // Offering blue's square in red's turn gives nothing.
  EXPECT_EQ(s.covered_by(blue[0]), -1);
  EXPECT_EQ(s.items_of(0), 1);
  // Offers are revealed together.
  Json offers = s.view(kSpectator)["revealed_offers"];
  EXPECT_EQ(offers[2]["squares"], Json({blue[0]}));
}

TEST_F(AlienPhase, AnotherWantedItemOfTheCurrentAlienIsTakenToo) {
  alien_turn(s, red[0], {1}, {red[1], red[2], black[0]});
  EXPECT_EQ(s.covered_by(red[0]), -1);  // the target was missed
  EXPECT_EQ(s.covered_by(red[1]), 0);
  EXPECT_EQ(s.covered_by(red[2]), 0);
  EXPECT_EQ(s.token_of(0, 0), 1);
  EXPECT_EQ(s.token_of(1, 0), 1);
  EXPECT_EQ(s.items_of(0), 2);
  // A black square gives nothing.
  EXPECT_EQ(s.covered_by(black[0]), -1);
  EXPECT_EQ(s.tokens_of(2), 0);
}

TEST_F(AlienPhase, AnItemOfAnotherAlienMustBeOfferedInItsOwnTurn) {
  alien_turn(s, red[0], {1}, {blue[0], blue[0], blue[0]});
  EXPECT_EQ(s.covered_by(blue[0]), -1);
  // Blue's turn: the same square now counts.
  ASSERT_EQ(s.phase(), Phase::kTarget);
  EXPECT_EQ(s.current(), 1);
  alien_turn(s, blue[1], {2}, {blue[0], red[0], black[0]});
  EXPECT_EQ(s.covered_by(blue[0]), 1);
  EXPECT_EQ(s.token_of(0, 1), 1);
  EXPECT_EQ(s.covered_by(red[0]), -1);
  // Then a new round begins with the earthlings.
  EXPECT_EQ(s.phase(), Phase::kChoose);
  EXPECT_EQ(s.round(), 2);
}

TEST_F(AlienPhase, CoveredSquaresCannotBeOfferedAndOffersAreSecret) {
  alien_turn(s, red[0], {1}, {red[0], red[0], red[0]});
  alien_turn(s, blue[0], {1}, {blue[0], black[0], black[1]});
  skip_earthling_phase(s);
  play(s, 0, act::kSquare + red[1]);
  EXPECT_FALSE(legal(s, 0, act::kSquare + red[0]));  // not a target either
  play(s, 0, act::kGlyph + 2);
  play(s, 0, act::kSend);
  const Seat e0 = s.earthling_seat(0);
  EXPECT_FALSE(legal(s, e0, act::kSquare + red[0]));
  play(s, e0, act::kSquare + red[3]);
  EXPECT_EQ(s.view(e0)["my_offer"], red[3]);
  EXPECT_TRUE(s.view(s.earthling_seat(1))["my_offer"].is_null());
  EXPECT_EQ(s.view(0).dump().find("\"my_offer\""), std::string::npos);
  EXPECT_EQ(s.view(kSpectator)["decided"], Json({e0}));
}

TEST_F(AlienPhase, TheGameEndsAtOnceWhenTheCurrentAlienHasThreeItems) {
  alien_turn(s, red[0], {1}, {red[0], red[1], red[1]});
  alien_turn(s, blue[0], {1}, {blue[0], red[2], red[2]});
  skip_earthling_phase(s);
  ASSERT_EQ(s.items_of(0), 2);
  alien_turn(s, red[2], {1}, {red[2], black[0], black[1]});
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.alien_winner(), 0);
  GameResult r = s.result();
  EXPECT_TRUE(r.winners.contains(0));
  EXPECT_FALSE(r.winners.contains(1));
  // Earthling 0 has 3 tokens (red x2, blue x1), the others 1 each.
  EXPECT_EQ(s.tokens_of(0), 3);
  EXPECT_TRUE(r.winners.contains(s.earthling_seat(0)));
  EXPECT_FALSE(r.winners.contains(s.earthling_seat(1)));
  Json d = s.result_details();
  EXPECT_EQ(d["alien_winner"], 0);
  EXPECT_EQ(d["teams"]["earthlings"][0]["total"], 3);
  EXPECT_EQ(d["teams"]["earthlings"][0]["secret_characteristics"], Json({"alive"}));
  ActionList none;
  s.legal_actions(s.earthling_seat(0), none);
  EXPECT_TRUE(none.empty());
}

TEST(FirstContactAlienPhase, AdvancedModeUsesSideBAndNeedsFiveItems) {
  S s = fresh(4, {{"mode", "advanced"}});
  setup(s);
  const auto red = squares_of(0, true, 0, Colour::kRed);
  ASSERT_EQ(red.size(), 8u);
  EXPECT_EQ(s.wanted(0), [&] {
    std::uint32_t m = 0;
    for (int q : red) m |= 1u << q;
    return m;
  }());
  EXPECT_EQ(s.goal(), 5);
  for (int i = 0; i < 4; ++i) {
    skip_earthling_phase(s);
    alien_turn(s, red[i], {0}, {red[i], red[i], red[i]});
    EXPECT_FALSE(s.is_terminal());
  }
  skip_earthling_phase(s);
  alien_turn(s, red[4], {0}, {red[4], red[5], red[5]});
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.items_of(0), 6);
}

// ------------------------------------------------------------ negation

TEST(FirstContactNegation, ThePharaohAsPowerAndNotBig) {
  // Max describes the Pharaoh: Power, then Big with a bar over it.
  S s = fresh(4);
  const auto red = squares_of(0, false, 0, Colour::kRed);
  setup(s, {{red[0], "pharaoh"}, {red[1], "pyramid"}});
  skip_earthling_phase(s);
  play(s, 0, act::kSquare + red[0]);
  play(s, 0, act::kGlyph + s.glyph_of(kPower));
  play(s, 0, act::kNotGlyph + s.glyph_of(kBig));
  play(s, 0, act::kSend);
  Json msg = s.view(s.earthling_seat(0))["message"]["glyphs"];
  EXPECT_EQ(msg[1]["glyph"], s.glyph_of(kBig));
  EXPECT_EQ(msg[1]["negated"], true);
  // The message fits the Pharaoh and not the Pyramid (both have Power).
  const Item& pharaoh = catalog().items[s.item_at(red[0])];
  const Item& pyramid = catalog().items[s.item_at(red[1])];
  EXPECT_TRUE((pharaoh.traits >> kPower) & 1u);
  EXPECT_FALSE((pharaoh.traits >> kBig) & 1u);
  EXPECT_TRUE((pyramid.traits >> kPower) & 1u);
  EXPECT_TRUE((pyramid.traits >> kBig) & 1u);
}

TEST(FirstContactNegation, OffOrInEnThereAreNoNegatedGlyphs) {
  for (Json p : {Json{{"negation", false}}, Json{{"edition", "en"}}}) {
    S s = fresh(4, p);
    setup(s);
    if (s.phase() == Phase::kZeroTurn)
      for (int e = 0; e < s.earthlings(); ++e)
        play(s, s.earthling_seat(e), act::kCharacteristic + kBig);
    skip_earthling_phase(s);
    play(s, 0, act::kSquare + first_bit(s.wanted(0)));
    EXPECT_TRUE(legal(s, 0, act::kGlyph + 3));
    EXPECT_FALSE(legal(s, 0, act::kNotGlyph + 3)) << p.dump();
  }
  S on = fresh(4, {{"edition", "ko"}});
  setup(on);
  skip_earthling_phase(on);
  play(on, 0, act::kSquare + first_bit(on.wanted(0)));
  EXPECT_TRUE(legal(on, 0, act::kNotGlyph + 3));
}

// ------------------------------------------------------------ tie-breaks

S finished_tie(Json params) {
  S s = fresh(5, params);  // 2 aliens, 3 earthlings
  setup(s, {}, 0);
  TestAccess::tokens(s)[0] = {2, 1, 0};
  TestAccess::tokens(s)[1] = {1, 2, 0};
  TestAccess::tokens(s)[2] = {1, 0, 0};
  TestAccess::covered_by(s)[0] = 0;
  TestAccess::alien_winner(s) = 0;
  TestAccess::phase(s) = Phase::kOver;
  return s;
}

TEST(FirstContactEnd, ItAndKoBreakTokenTiesWithTheNotePads) {
  for (const char* ed : {"it", "ko"}) {
    S s = finished_tie({{"edition", ed}});
    // Earthling 1: two correct cells and one wrong (wrong costs nothing).
    TestAccess::note(s)[1][kBig] = static_cast<std::int8_t>(s.glyph_of(kBig));
    TestAccess::note(s)[1][kFood] = static_cast<std::int8_t>(s.glyph_of(kFood));
    TestAccess::note(s)[1][kTool] = static_cast<std::int8_t>(s.glyph_of(kBig));
    TestAccess::note(s)[0][kFood] = static_cast<std::int8_t>(s.glyph_of(kFood));
    EXPECT_EQ(s.pad_score(0), 1);
    EXPECT_EQ(s.pad_score(1), 2);
    GameResult r = s.result();
    EXPECT_FALSE(r.winners.contains(s.earthling_seat(0))) << ed;
    EXPECT_TRUE(r.winners.contains(s.earthling_seat(1))) << ed;
    EXPECT_FALSE(r.winners.contains(s.earthling_seat(2))) << ed;
    Json pad = s.result_details()["teams"]["earthlings"][1]["note_pad"];
    ASSERT_EQ(pad.size(), 3u);
    int right = 0;
    for (const auto& c : pad) right += c["correct"].get<bool>();
    EXPECT_EQ(right, 2);
  }
}

TEST(FirstContactEnd, TheRulebookPadComparisonFourRightTwoWrongAgainstSixRightOneWrong) {
  S s = finished_tie(Json::object());
  auto write = [&](int e, int k, bool right) {
    const int g = s.glyph_of(k);
    TestAccess::note(s)[e][k] = static_cast<std::int8_t>(right ? g : (g + 1) % kGlyphs);
  };
  for (int k : {kAlive, kBig, kFood, kDanger}) write(0, k, true);
  for (int k : {kRound, kSolid}) write(0, k, false);
  for (int k : {kAlive, kBig, kFood, kDanger, kRound, kSolid}) write(1, k, true);
  write(1, kLiquid, false);
  EXPECT_EQ(s.pad_score(0), 4);
  EXPECT_EQ(s.pad_score(1), 6);
  GameResult r = s.result();
  EXPECT_FALSE(r.winners.contains(s.earthling_seat(0)));
  EXPECT_TRUE(r.winners.contains(s.earthling_seat(1)));
  Json d = s.result_details()["teams"]["earthlings"];
  EXPECT_EQ(d[0]["pad_score"], 4);
  EXPECT_EQ(d[0]["note_pad"].size(), 6u);
  EXPECT_EQ(d[1]["pad_score"], 6);
}

TEST(FirstContactEnd, StillTiedOrEnTheEarthlingsShare) {
  S it = finished_tie(Json::object());
  GameResult r = it.result();
  EXPECT_TRUE(r.winners.contains(it.earthling_seat(0)));
  EXPECT_TRUE(r.winners.contains(it.earthling_seat(1)));
  EXPECT_FALSE(r.winners.contains(it.earthling_seat(2)));
  S en = fresh(5, {{"edition", "en"}});
  setup(en);
  TestAccess::tokens(en)[0] = {2, 1, 0};
  TestAccess::tokens(en)[1] = {1, 2, 0};
  TestAccess::note(en)[1][kBig] = static_cast<std::int8_t>(en.glyph_of(kBig));  // ignored in en
  TestAccess::alien_winner(en) = 1;
  TestAccess::phase(en) = Phase::kOver;
  r = en.result();
  EXPECT_TRUE(r.winners.contains(en.earthling_seat(0)));
  EXPECT_TRUE(r.winners.contains(en.earthling_seat(1)));
  EXPECT_TRUE(r.winners.contains(1));
  EXPECT_FALSE(r.winners.contains(0));
}

// ------------------------------------------------------------ custom symbols

TEST(FirstContactCustomSymbols, TheFirstAlienAssignsEveryGlyph) {
  S s = fresh(4, {{"edition", "ko"}, {"custom_symbols", true}});
  setup(s);
  ASSERT_EQ(s.phase(), Phase::kCustomSymbols);
  EXPECT_EQ(s.to_act(), SeatSet::only(0));
  // Assign glyph 24 - k to characteristic k.
  for (int k = 0; k < kCharacteristics; ++k) {
    EXPECT_FALSE(k > 0 && legal(s, 0, act::kGlyph + 25 - k));  // used glyphs are gone
    play(s, 0, act::kGlyph + 24 - k);
  }
  EXPECT_EQ(s.phase(), Phase::kChoose);
  for (int k = 0; k < kCharacteristics; ++k) EXPECT_EQ(s.glyph_of(k), 24 - k);
  EXPECT_EQ(s.view(0)["language_pad"]["id"], "custom");
}

TEST(FirstContactCustomSymbols, RandomizeLetsChanceFillTheRest) {
  S s = fresh(4, {{"edition", "ko"}, {"custom_symbols", true}});
  setup(s);
  play(s, 0, act::kGlyph + 7);  // Alive = glyph 7
  play(s, 0, act::kRandomize);
  EXPECT_TRUE(s.is_chance());
  ChanceList outs;
  s.chance_outcomes(outs);
  EXPECT_EQ(outs.size(), 24u);
  Rng rng(3);
  resolve_chance(s, rng);
  EXPECT_EQ(s.phase(), Phase::kChoose);
  EXPECT_EQ(s.glyph_of(kAlive), 7);
  std::uint32_t seen = 0;
  for (int k = 0; k < kCharacteristics; ++k) seen |= 1u << s.glyph_of(k);
  EXPECT_EQ(seen, (1u << 25) - 1);
}

// ------------------------------------------------------------ fast paths

// The lists a playout builds come from bitsets (deck cards, uncovered squares)
// and search_actions() skips the note-pad edits instead of dropping them.
// Checked here against the plain definitions, at every step of random games
// in every edition variant and player count.
TEST(FirstContactLists, FastListsEqualThePlainDefinitions) {
  Rng rng(11);
  for (const Json& params : FirstContact::param_variants())
    for (int players = FirstContact::kMinPlayers; players <= FirstContact::kMaxPlayers; ++players) {
      auto made = FirstContact::new_game(resolved(params), players);
      if (!made) continue;  // e.g. three aliens need enough players
      S s = *made;
      const auto& deck = catalog().decks[static_cast<int>(s.edition())];
      std::vector<bool> laid(deck.size());
      while (!s.is_terminal()) {
        if (s.is_chance()) {
          ChanceList outs;
          s.chance_outcomes(outs);
          if (s.phase() == Phase::kLayField) {
            ChanceList plain;
            for (std::size_t c = 0; c < deck.size(); ++c)
              if (!laid[c])
                for (int f = 0; f < deck[c].faces(); ++f)
                  plain.push_back({static_cast<Action>(2 * c) + f, 1});
            ASSERT_EQ(outs, plain);
          }
          const Action a = sample_chance(outs, rng);
          if (s.phase() == Phase::kLayField) laid[static_cast<std::size_t>(a / 2)] = true;
          s.apply_unchecked(kChance, a);
          continue;
        }
        for (Seat seat = 0; seat < players; ++seat) {
          ActionList legal, search;
          s.legal_actions(seat, legal);
          s.search_actions(seat, search);
          ActionList decisions;
          for (Action a : legal)
            if (a < act::kNoteWrite) decisions.push_back(a);
          ASSERT_EQ(search, decisions);
          if (s.to_act().contains(seat) &&
              (s.phase() == Phase::kOffer || s.phase() == Phase::kSecondAttempt)) {
            ActionList open;
            for (int q = 0; q < kSquares; ++q)
              if (s.covered_by(q) < 0) open.push_back(act::kSquare + q);
            if (s.phase() == Phase::kSecondAttempt) open.push_back(act::kPass);
            ASSERT_EQ(search, open);
          }
        }
        const Seat seat = s.to_act().lowest();
        ActionList actions;
        s.search_actions(seat, actions);
        s.apply_unchecked(seat, actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
      }
    }
}

}  // namespace
}  // namespace meeple::first_contact
