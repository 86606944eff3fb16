// Rules tests for Ufo!, section "1. Movement" (rulings 3.2): where a UFO stops
// and what a Sedator clears.
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

using F = UfoFixture;

TEST(UfoMovement, PassesThroughOwnSpacesAndStopsOnEmptyOnes) {
  UfoFixture f(2);
  f.kiosk("tivoli", 0);
  f.kiosk("ostia", 0);
  const int u = f.ufo(0, "chartres");
  f.begin_turn(0);
  f.play(0, F::move(u, "tivoli"));
  EXPECT_FALSE(f.s.ufos()[u].stopped);
  f.play(0, F::move(u, "ostia"));
  EXPECT_FALSE(f.s.ufos()[u].stopped);
  f.play(0, F::move(u, "frascati"));  // no building: it stops
  EXPECT_TRUE(f.s.ufos()[u].stopped);
  EXPECT_FALSE(f.legal(0, F::move(u, "ostia")));
}

TEST(UfoMovement, StopsOnRivalBuildingsAndRivalUfos) {
  UfoFixture f(2);
  f.kiosk("tivoli", 1);
  f.kiosk("ostia", 0);
  f.restaurant("rome", 0, 0);
  f.restaurant("rome", 1, 1);  // a rival restaurant in the city
  const int a = f.ufo(0, "chartres");
  const int b = f.ufo(0, "frascati");
  const int c = f.ufo(0, "luxor");
  f.ufo(1, "ostia");
  f.begin_turn(0);
  f.play(0, F::move(a, "tivoli"));
  EXPECT_TRUE(f.s.ufos()[a].stopped) << "rival kiosk";
  f.play(0, F::move(b, "ostia"));
  EXPECT_TRUE(f.s.ufos()[b].stopped) << "own kiosk but a rival UFO";
  f.play(0, F::move(c, "frascati"));
  EXPECT_TRUE(f.s.ufos()[c].stopped) << "empty village";
  // A city with only the mover's restaurants lets it pass.
  UfoFixture g(2);
  g.restaurant("rome", 0, 0);
  const int d = g.ufo(0, "tivoli");
  g.begin_turn(0);
  g.play(0, F::move(d, "rome"));
  EXPECT_FALSE(g.s.ufos()[d].stopped);
  g.play(0, F::move(d, "frascati"));
  EXPECT_TRUE(g.s.ufos()[d].stopped);
}

TEST(UfoMovement, SedatorRemovesItsOwnersEyewitnessesLeavingAndEntering) {
  UfoFixture f(2);
  f.eyewitnesses("rome", 0, 2);
  f.eyewitnesses("rome", 1, 1);
  f.eyewitnesses("paris", 0, 3);
  const int sed = f.ufo(0, "rome", UfoType::kSedator);
  const int sed2 = f.ufo(0, "chartres", UfoType::kSedator);
  f.begin_turn(0);
  f.play(0, F::move(sed, "tivoli"));
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 0), 0);
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 1), 1) << "other players' tokens stay";
  f.play(0, F::move(sed2, "paris"));
  EXPECT_EQ(f.s.eyewitnesses(at("paris"), 0), 0);
  // A Standard UFO removes nothing.
  UfoFixture g(2);
  g.eyewitnesses("rome", 0, 2);
  const int s2 = g.ufo(0, "rome");
  g.begin_turn(0);
  g.play(0, F::move(s2, "tivoli"));
  EXPECT_EQ(g.s.eyewitnesses(at("rome"), 0), 2);
}

}  // namespace
}  // namespace meeple::ufo
