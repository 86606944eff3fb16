// Who sees what (docs/rules/first-contact.md, rulings 1.5): views and
// determinization.
#include <gtest/gtest.h>

#include <set>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactWhoSeesWhat, AnEarthlingSeesNoAlienSecretsAndNoOtherEarthlingsNotesOrOffers) {
  S s = midgame();
  Json v = s.view(3);  // earthling 1
  for (const char* key :
       {"language_pad", "request_card", "wanted", "black", "target", "my_proposal"})
    EXPECT_FALSE(v.contains(key)) << key;
  // Its own pad only: earthling 0's Big glyph is not in it.
  EXPECT_EQ(v["note_pad"]["pad"], 1);
  int written = 0;
  for (const auto& c : v["note_pad"]["cells"]) written += !c["glyph"].is_null();
  EXPECT_EQ(written, 1);
  // Earthling 0 has offered; earthling 1 sees only that it has decided.
  EXPECT_TRUE(v["my_offer"].is_null());
  EXPECT_EQ(v["decided"], Json({2}));
  EXPECT_EQ(s.view(2)["my_offer"], bits(s.wanted(1))[2]);
}

TEST(FirstContactWhoSeesWhat, AnAlienSeesPadCardAndTargetButNoNotesOrPendingOffers) {
  S s = midgame();
  Json v = s.view(1);
  EXPECT_EQ(v["language_pad"]["id"], 11);
  EXPECT_EQ(v["request_card"]["id"], 4);
  EXPECT_EQ(v["request_card"]["rotation"], 2);
  EXPECT_EQ(v["target"], bits(s.wanted(1))[1]);
  EXPECT_FALSE(v.contains("note_pad"));
  EXPECT_FALSE(v.contains("my_offer"));
  EXPECT_FALSE(v.contains("my_characteristics"));
}

TEST(FirstContactWhoSeesWhat, SpectatorsSeeOnlyThePublicPart) {
  S s = midgame();
  Json v = s.view(kSpectator);
  for (const char* key : {"language_pad", "request_card", "target", "note_pad", "my_offer"})
    EXPECT_FALSE(v.contains(key)) << key;
  EXPECT_EQ(v["field"].size(), 25u);
  EXPECT_EQ(v["zero_turn"].size(), 3u);
}

TEST(FirstContactWhoSeesWhat, TheSecretCharacteristicIsShownOnlyAtTheEnd) {
  S s = fresh(4);
  setup(s);
  play(s, 1, act::kCharacteristic + kWeapon);
  EXPECT_EQ(s.view(1)["my_characteristic"], "weapon");
  EXPECT_TRUE(s.view(2)["my_characteristic"].is_null());
  EXPECT_TRUE(s.view(2)["my_characteristics"].empty());
  EXPECT_FALSE(s.view(0).contains("my_characteristic"));
  EXPECT_FALSE(s.view(kSpectator).contains("my_characteristic"));
  // Determinizing for another seat re-samples it.
  Rng rng(1);
  bool changed = false;
  for (int i = 0; i < 20; ++i) changed |= s.determinize(2, rng).chosen() != kWeapon;
  EXPECT_TRUE(changed);
  // At the end every earthling's choices are shown.
  play(s, 1, act::kSquare + 0);
  play(s, 1, act::kDone);
  play(s, 0, act::kGlyph + 0);
  skip_earthling_phase(s);
  while (!s.is_terminal()) {
    const int q = first_bit(s.wanted(0) & ~[&] {
      std::uint32_t c = 0;
      for (int x = 0; x < kSquares; ++x)
        if (s.covered_by(x) >= 0) c |= bit<Mask>(x);
      return c;
    }());
    alien_turn(s, q, {1}, {q, q, q});
    if (!s.is_terminal()) skip_earthling_phase(s);
  }
  Json d = s.view(kSpectator)["result"]["teams"]["earthlings"];
  EXPECT_EQ(d[0]["secret_characteristics"], Json({"alive", "weapon"}));
}

TEST(FirstContactWhoSeesWhat, DeterminizingForAnEarthlingKeepsWhatItObserved) {
  S s = midgame();
  Rng rng(42);
  bool card_changed = false;
  for (int i = 0; i < 200; ++i) {
    S d = s.determinize(3, rng);
    EXPECT_EQ(d.view(3), s.view(3));
    // The pad agrees with the three glyphs the zero turn revealed.
    EXPECT_EQ(d.glyph_of(kBig), s.glyph_of(kBig));
    EXPECT_EQ(d.glyph_of(kFood), s.glyph_of(kFood));
    EXPECT_EQ(d.glyph_of(kTool), s.glyph_of(kTool));
    card_changed |= d.request_card() != s.request_card() || d.rotation() != s.rotation();
    // The card explains every covering and every refused offer.
    for (int q = 0; q < kSquares; ++q) {
      if (s.covered_by(q) >= 0) {
        EXPECT_TRUE((d.wanted(s.covered_by(q)) >> q) & 1u);
      }
    }
    for (int e = 0; e < 3; ++e) {
      const int off = s.revealed_offer(e, 0);
      if (off >= 0 && s.covered_by(off) < 0) {
        EXPECT_FALSE((d.wanted(0) >> off) & 1u);
      }
    }
    // Blue's target is one of blue's squares in the sampled card.
    EXPECT_TRUE((d.wanted(1) >> d.target()) & 1u);
    // Others' notes are re-sampled (cleared here); its own stay.
    EXPECT_EQ(d.note(1, kHeavy), 5);
    EXPECT_EQ(d.note(0, kBig), -1);
  }
  EXPECT_TRUE(card_changed);
}

TEST(FirstContactWhoSeesWhat, WithoutZeroTurnAnyLanguagePadMayBeSampled) {
  S s = fresh(4);
  setup(s, {}, 2);
  Rng rng(9);
  std::set<int> pads;
  for (int i = 0; i < 100; ++i) pads.insert(s.determinize(1, rng).pad_index());
  EXPECT_GT(pads.size(), 10u);
}

TEST(FirstContactWhoSeesWhat, DeterminizingForAnAlienKeepsPadAndCard) {
  S s = midgame();
  Rng rng(7);
  for (int i = 0; i < 20; ++i) {
    S d = s.determinize(0, rng);
    EXPECT_EQ(d.pad_index(), s.pad_index());
    EXPECT_EQ(d.request_card(), s.request_card());
    EXPECT_EQ(d.target(), s.target());
    EXPECT_EQ(d.note(0, kBig), -1);
    EXPECT_EQ(d.view(0), s.view(0));
  }
}

TEST(FirstContactWhoSeesWhat, BlackOfferPenaltiesConstrainTheSampledCard) {
  // 2 players, it: a round with one black offer costs two tokens, so every
  // determinization must make exactly one of the offered squares black.
  S s = fresh(2);
  setup(s, {}, 0, 6, 1);
  skip_earthling_phase(s);
  const int black = first_bit(s.black());
  const int green = first_bit(s.wanted(0));
  play(s, 0, act::kSquare + green);
  play(s, 0, act::kGlyph + 0);
  play(s, 0, act::kSend);
  play(s, 1, act::kSquare + black);
  play(s, 1, act::kPass);
  ASSERT_EQ(s.timer(), 7);
  Rng rng(5);
  for (int i = 0; i < 50; ++i) {
    S d = s.determinize(1, rng);
    EXPECT_EQ(d.black(), bit<Mask>(black));
  }
}

// The target kept from the last alien turn is that alien's: determinizing
// for an earthling draws it again among that alien's squares, in the next
// earthling phase too. (It took the alien from the turn counter, there an
// earthling's index: the fourth earthling's read past the aliens' squares,
// and drew the target among the black ones.)
TEST(FirstContactWhoSeesWhat, TheLastAliensTargetIsDrawnAmongItsSquaresInTheNextRound) {
  S s = fresh(5, {{"aliens", 1}});  // one alien, four earthlings
  setup(s);
  skip_earthling_phase(s);
  const int target = first_bit(s.wanted(0));
  alien_turn(s, target, {1}, {target, target, target, target});
  for (int e = 0; e < 3; ++e) earthling_turn(s, kAlive, {0}, {0});
  ASSERT_EQ(s.phase(), Phase::kChoose);
  ASSERT_EQ(s.current(), 3);
  ASSERT_EQ(s.target(), target);
  Rng rng(3);
  for (int i = 0; i < 50; ++i) {
    S d = s.determinize(1, rng);
    EXPECT_TRUE((d.wanted(0) >> d.target()) & 1u) << d.target();
  }
}

// The alien's screen says "your target" only while it is one: from the
// choice until its turn ends. (The target the state keeps into the next
// earthling phase, covered by then, showed as "Your target: square 7
// (Crown)" with Crown covered.)
TEST(FirstContactWhoSeesWhat, AnAliensTargetIsShownOnlyDuringItsTurn) {
  S s = fresh(4, {{"aliens", 1}});
  setup(s);
  skip_earthling_phase(s);
  EXPECT_TRUE(s.view(0)["target"].is_null());  // not chosen yet
  const int target = first_bit(s.wanted(0));
  alien_turn(s, target, {1}, {target, target, target});
  ASSERT_EQ(s.phase(), Phase::kChoose);
  ASSERT_EQ(s.target(), target);       // kept by the rules' state
  EXPECT_GE(s.covered_by(target), 0);  // the offers covered it
  EXPECT_TRUE(s.view(0)["target"].is_null());
}

}  // namespace
}  // namespace meeple::first_contact
