// Actions (JSON) and the state JSON (docs/rules/first-contact.md).
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

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

// The reader refuses what play cannot reach where the rules rely on it.
TEST(FirstContactJson, StatesPlayCannotReachAreRefused) {
  const S s = midgame();  // blue's offers: earthling 0's made, the others pending
  auto refused = [](const Json& j) {
    auto back = FirstContactState::from_json(j);
    return !back && back.error().code == errc::kCorruptState;
  };
  ASSERT_FALSE(refused(s.to_json()));
  Json j = s.to_json();
  j["offer"][1] = j["offer"][2] = j["offer"][0];  // every offer made: nobody acts
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["zero_glyph"][0] = (s.glyph_of(kBig) + 1) % kGlyphs;  // an untrue answer
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["glyph_of"][0] = (s.glyph_of(0) + 1) % kGlyphs;  // not the drawn pad
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  int unwanted = 0;
  while ((s.wanted(0) >> unwanted) & 1u) ++unwanted;
  j["covered_by"][unwanted] = 0;  // red covers a square it does not want
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["tokens"][1][0] = 5;  // more red tokens than red's items
  EXPECT_TRUE(refused(j));
  // Three players have one alien.
  j = fresh(3).to_json();
  ASSERT_FALSE(refused(j));
  j["aliens"] = 2;
  EXPECT_TRUE(refused(j));
  // The en edition has no advanced mode.
  j = fresh(5, {{"edition", "en"}}).to_json();
  ASSERT_FALSE(refused(j));
  j["advanced"] = true;
  EXPECT_TRUE(refused(j));
}

}  // namespace
}  // namespace meeple::first_contact
