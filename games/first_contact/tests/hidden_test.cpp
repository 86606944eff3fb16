// Hidden information (RULINGS 1.5) and determinization, JSON forms and the
// chat rule.
#include <gtest/gtest.h>

#include <set>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

TEST(FirstContactHidden, AnEarthlingSeesNoAlienSecretsAndNoOtherEarthlingsNotesOrOffers) {
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

TEST(FirstContactHidden, AnAlienSeesPadCardAndTargetButNoNotesOrPendingOffers) {
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

TEST(FirstContactHidden, SpectatorsSeeOnlyThePublicPart) {
  S s = midgame();
  Json v = s.view(kSpectator);
  for (const char* key : {"language_pad", "request_card", "target", "note_pad", "my_offer"})
    EXPECT_FALSE(v.contains(key)) << key;
  EXPECT_EQ(v["field"].size(), 25u);
  EXPECT_EQ(v["zero_turn"].size(), 3u);
}

TEST(FirstContactHidden, TheSecretCharacteristicIsShownOnlyAtTheEnd) {
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
  for (int i = 0; i < 20; ++i) changed |= s.determinize(2, rng).to_json()["chosen"] != kWeapon;
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
        if (s.covered_by(x) >= 0) c |= 1u << x;
      return c;
    }());
    alien_turn(s, q, {1}, {q, q, q});
    if (!s.is_terminal()) skip_earthling_phase(s);
  }
  Json d = s.view(kSpectator)["result"]["teams"]["earthlings"];
  EXPECT_EQ(d[0]["secret_characteristics"], Json({"alive", "weapon"}));
}

TEST(FirstContactHidden, DeterminizingForAnEarthlingKeepsWhatItObserved) {
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

TEST(FirstContactHidden, WithoutZeroTurnAnyLanguagePadMayBeSampled) {
  S s = fresh(4);
  setup(s, {}, 2);
  Rng rng(9);
  std::set<int> pads;
  for (int i = 0; i < 100; ++i) pads.insert(s.determinize(1, rng).pad_index());
  EXPECT_GT(pads.size(), 10u);
}

TEST(FirstContactHidden, DeterminizingForAnAlienKeepsPadAndCard) {
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

TEST(FirstContactHidden, BlackOfferPenaltiesConstrainTheSampledCard) {
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
    EXPECT_EQ(d.black(), 1u << black);
  }
}

TEST(FirstContactJson, StateAndActionsRoundTrip) {
  S s = midgame();
  auto back = FirstContactState::from_json(Json::parse(s.to_json().dump()));
  ASSERT_TRUE(back);
  EXPECT_TRUE(*back == s);
  for (Seat seat : {0, 1, 2, 3, 4}) {
    ActionList l;
    s.legal_actions(seat, l);
    for (Action a : l) {
      auto b = s.action_from_json(seat, s.action_to_json(seat, a));
      ASSERT_TRUE(b);
      EXPECT_EQ(*b, a);
    }
  }
  EXPECT_EQ(s.action_to_json(3, act::kSquare + 4), Json({{"offer", 4}}));
  EXPECT_EQ(s.action_to_json(3, act::kNoteWrite + kBig * kGlyphs + 2),
            Json({{"note", {{"characteristic", "big"}, {"glyph", 2}}}}));
}

TEST(FirstContactJson, BadInputIsRefused) {
  S s = midgame();
  EXPECT_EQ(s.action_from_json(3, Json::array()).error().code, errc::kMalformedAction);
  EXPECT_EQ(s.action_from_json(3, {{"offer", 99}}).error().code, errc::kMalformedAction);
  EXPECT_EQ(s.action_from_json(3, {{"characteristic", "sparkly"}}).error().code,
            errc::kMalformedAction);
  Json j = s.to_json();
  j["covered_by"][0] = 9;
  EXPECT_EQ(FirstContactState::from_json(j).error().code, errc::kCorruptState);
  j = s.to_json();
  j.erase("note");
  EXPECT_EQ(FirstContactState::from_json(j).error().code, errc::kCorruptState);
  // An alien cannot offer; an earthling cannot offer a covered square.
  S before = s;
  EXPECT_EQ(s.apply(0, act::kSquare + 3)->code, errc::kNotYourTurn);
  int covered = -1;
  for (int q = 0; q < kSquares; ++q)
    if (s.covered_by(q) >= 0) covered = q;
  ASSERT_GE(covered, 0);
  EXPECT_EQ(s.apply(3, act::kSquare + covered)->code, errc::kIllegal);
  EXPECT_TRUE(s == before);
}

TEST(FirstContactChat, NamingACharacteristicInAnyLanguageIsRefused) {
  auto e = check_chat_message("I think it's BIG!");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "chat/names_characteristic");
  EXPECT_NE(e->message.find("big"), std::string::npos);
  EXPECT_TRUE(check_chat_message("those are the biggest ones"));  // other form
  EXPECT_TRUE(check_chat_message("Credo stia indicando gli oggetti grandi"));
  EXPECT_TRUE(check_chat_message("Spero di aver spiegato Rotondo"));
  EXPECT_TRUE(check_chat_message("velocità"));
  EXPECT_TRUE(check_chat_message("저건 큰 거야"));
  EXPECT_TRUE(check_chat_message("무기인가?"));  // Korean: a name with an ending
  EXPECT_TRUE(check_chat_message("큰게 좋아"));
  EXPECT_TRUE(check_chat_message("힘이 세 보여"));
  EXPECT_TRUE(check_chat_message("살아 있는 거 같아"));  // a two-word name
  EXPECT_FALSE(check_chat_message("good move, well played"));
  EXPECT_FALSE(check_chat_message("ambiguous"));  // "big" only as a whole word
  EXPECT_FALSE(check_chat_message("Ottima mossa!"));
  EXPECT_FALSE(check_chat_message(""));
  // Korean words that merely begin like a name (힘, 긴, 옷, 철) pass.
  EXPECT_FALSE(check_chat_message("힘들다"));
  EXPECT_FALSE(check_chat_message("긴장된다"));
  EXPECT_FALSE(check_chat_message("옷장 같은 그림이네"));
  EXPECT_FALSE(check_chat_message("철수야 잘했어"));
}

}  // namespace
}  // namespace meeple::first_contact
