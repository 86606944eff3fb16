// Rules tests for Ufo!, section "3. Actions" (rulings 3.2): the rulebook's two
// worked control rolls with forced dice, kiosks, restaurants and assistants.
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

using F = UfoFixture;

// The rulebook's example: Green opens a restaurant in a resistance-8 city with 10 on the
// d12, +2 for two adjacent kiosks, -4 for two eyewitnesses: 8, a success that
// also clears Green's eyewitnesses there.
TEST(UfoActions, RulebookExampleRestaurantTenPlusTwoMinusFourAgainstEight) {
  UfoFixture f(2);
  f.token(at("berlin"), 10);  // resistance 8, one restaurant
  ASSERT_EQ(f.s.resistance(at("berlin")), 8);
  f.kiosk("potsdam", 0);
  f.kiosk("leipzig", 0);
  f.eyewitnesses("berlin", 0, 2);
  const int green = f.ufo(0, "berlin");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::deed(green, "open-restaurant"));
  EXPECT_EQ(f.s.control_modifier(green), -2);
  f.play(0, {{"roll", true}});
  UfoFixture fail = f;
  f.die(10);
  EXPECT_EQ(f.s.restaurant(at("berlin"), 0), 0);
  EXPECT_EQ(f.s.eyewitnesses(at("berlin"), 0), 0);
  EXPECT_EQ(f.s.phase(), Phase::kActions);
  fail.die(9);
  EXPECT_EQ(fail.s.restaurant(at("berlin"), 0), kNone);
  EXPECT_EQ(fail.s.eyewitnesses(at("berlin"), 0), 2);
}

// The rulebook's example: Red holds both restaurants of a resistance-3 city; Green's
// UFO stayed there (infiltrating) and rolls 11, +1 kiosk, -4 eyewitnesses,
// -4 rival restaurants: 4 against 3 takes one over.
TEST(UfoActions, RulebookExampleTakeoverElevenPlusOneMinusFourMinusFourAgainstThree) {
  UfoFixture f(2);
  ASSERT_EQ(f.s.resistance(at("rome")), 3);
  ASSERT_EQ(f.s.slots(at("rome")), 2);
  f.restaurant("rome", 0, 1);
  f.restaurant("rome", 1, 1);
  f.kiosk("tivoli", 0);
  f.eyewitnesses("rome", 0, 2);
  const int green = f.ufo(0, "rome");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  EXPECT_FALSE(f.legal(0, F::deed(green, "open-restaurant"))) << "no free slot";
  f.play(0, F::deed(green, "take-restaurant", 0));
  EXPECT_EQ(f.s.control_modifier(green), 1 - 4 - 4);
  f.play(0, {{"roll", true}});
  UfoFixture fail = f;
  f.die(11);
  EXPECT_EQ(f.s.restaurant(at("rome"), 0), 0);
  EXPECT_EQ(f.s.restaurant(at("rome"), 1), 1);
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 0), 2) << "only opening clears eyewitnesses";
  fail.die(9);
  EXPECT_EQ(fail.s.restaurant(at("rome"), 0), 1);
}

TEST(UfoActions, RestaurantTakeoverNeedsAnInfiltratingUfo) {
  UfoFixture f(2);
  f.restaurant("rome", 0, 1);
  f.restaurant("rome", 1, 1);
  const int stayed = f.ufo(0, "rome");
  const int came = f.ufo(0, "tivoli");
  f.begin_turn(0);
  f.play(0, F::move(came, "rome"));
  f.play(0, F::end_movement());
  EXPECT_TRUE(f.legal(0, F::deed(stayed, "take-restaurant", 0)));
  EXPECT_TRUE(f.legal(0, F::deed(stayed, "take-restaurant", 1)));
  EXPECT_FALSE(f.legal(0, F::deed(came, "take-restaurant", 0)));
  // With a free slot the rival restaurant cannot be taken over.
  UfoFixture g(2);
  g.restaurant("rome", 0, 1);
  const int u = g.ufo(0, "rome");
  g.begin_turn(0);
  g.play(0, F::end_movement());
  EXPECT_FALSE(g.legal(0, F::deed(u, "take-restaurant", 0)));
  EXPECT_TRUE(g.legal(0, F::deed(u, "open-restaurant")));
}

TEST(UfoActions, KioskTakeoverByAUfoThatMovedInOrOneThatStayedOnIt) {
  // rulings 3.2: a UFO that moved into the village this turn, or one that
  // stayed on the rival kiosk (infiltrating it), may take it over.
  UfoFixture f(2);
  f.kiosk("tivoli", 1);
  f.kiosk("ostia", 1);
  const int stayed = f.ufo(0, "tivoli");
  const int came = f.ufo(0, "frascati");
  const int fresh = f.ufo(0, "versailles");
  f.begin_turn(0);
  f.play(0, F::move(came, "ostia"));
  f.play(0, F::end_movement());
  EXPECT_TRUE(f.legal(0, F::deed(stayed, "take-kiosk"))) << "infiltration";
  EXPECT_FALSE(f.legal(0, F::deed(stayed, "open-kiosk"))) << "one kiosk per village";
  EXPECT_TRUE(f.legal(0, F::deed(fresh, "open-kiosk")));
  f.play(0, F::deed(came, "take-kiosk"));
  f.play(0, F::deed(stayed, "take-kiosk"));
  EXPECT_EQ(f.s.kiosk(at("tivoli")), 0);
  EXPECT_EQ(f.s.kiosk(at("ostia")), 0);
  EXPECT_EQ(f.s.kiosk_supply(1), kKioskSupply);
  EXPECT_EQ(f.s.kiosk_supply(0), kKioskSupply - 2);
  EXPECT_FALSE(f.legal(0, F::deed(came, "open-kiosk"))) << "one action per UFO";
}

TEST(UfoActions, OneOpeningAttemptPerCityPerTurnAndAFailedRollUsesItUp) {
  // rulings 3.2: at most one opening attempt per city per turn; a failed
  // roll uses it up too (the other UFOs there may only assist that roll).
  UfoFixture f(2);  // Rome: resistance 3, two restaurants
  const int a = f.ufo(0, "rome");
  const int b = f.ufo(0, "rome");
  f.ufo(0, "paris");
  const int d = f.ufo(0, "paris");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::deed(a, "open-restaurant"));
  f.play(0, {{"roll", true}});
  f.die(1);  // 1 < 3: failed
  EXPECT_EQ(f.s.restaurant(at("rome"), 0), kNone);
  EXPECT_FALSE(f.legal(0, F::deed(b, "open-restaurant"))) << "the attempt in Rome is used up";
  EXPECT_TRUE(f.view_tried("rome"));
  // Paris still has its attempt, and a success uses it up as well.
  f.play(0, F::deed(d, "open-restaurant"));
  f.play(0, {{"roll", true}});
  f.die(12);
  EXPECT_EQ(f.s.restaurant(at("paris"), 0), 0);
  EXPECT_EQ(f.s.phase(), Phase::kActions);
  ActionList legal;
  f.s.legal_actions(0, legal);
  for (Action x : legal)
    EXPECT_EQ(f.s.action_to_json(0, x).value("deed", Json::object()).value("do", ""), "")
        << "no UFO may still open a restaurant: " << f.s.action_to_json(0, x).dump();
  // Next turn, Rome may be tried again.
  finish_turn(f);
  finish_turn(f);
  f.play(0, F::end_movement());
  EXPECT_TRUE(f.legal(0, F::deed(b, "open-restaurant")));
}

TEST(UfoActions, AssistingUfosAddOneAndTakeNoOtherAction) {
  UfoFixture f(2);
  f.token(at("rome"), 17);  // resistance 12
  const int roller = f.ufo(0, "rome", UfoType::kBumper);
  const int near = f.ufo(0, "tivoli");
  const int same = f.ufo(0, "rome");
  const int far = f.ufo(0, "chartres");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::deed(roller, "open-restaurant"));
  EXPECT_EQ(f.s.phase(), Phase::kAssist);
  EXPECT_TRUE(f.legal(0, {{"assist", near}}));
  EXPECT_TRUE(f.legal(0, {{"assist", same}}));
  EXPECT_FALSE(f.legal(0, {{"assist", far}}));
  f.play(0, {{"assist", near}});
  f.play(0, {{"assist", same}});
  EXPECT_EQ(f.s.assistants(), 2);
  EXPECT_EQ(f.s.control_modifier(roller), -1) << "a Bumper rolls at -1";
  f.play(0, {{"roll", true}});
  f.die(11);  // 11 - 1 + 2 = 12
  EXPECT_EQ(f.s.restaurant(at("rome"), 0), 0);
  EXPECT_FALSE(f.legal(0, F::deed(near, "open-kiosk")));
  EXPECT_TRUE(f.legal(0, F::deed(far, "open-kiosk")));
}

TEST(UfoActions, SedatorAlsoRollsAtMinusOneAndRivalRestaurantsCostTwo) {
  UfoFixture f(2);
  f.restaurant("rome", 0, 1);
  const int sed = f.ufo(0, "rome", UfoType::kSedator);
  EXPECT_EQ(f.s.control_modifier(sed), -3);
}

}  // namespace
}  // namespace meeple::ufo
