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

}  // namespace
}  // namespace meeple::first_contact
