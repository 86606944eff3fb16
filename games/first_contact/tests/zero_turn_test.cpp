// Zero turn (docs/rules/first-contact.md "Zero turn", rulings 1.7).
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

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

}  // namespace
}  // namespace meeple::first_contact
