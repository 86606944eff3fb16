// Rules tests for Ufo!, section "4. City count" (RULINGS 3.2): control and the
// new UFO.
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

using F = UfoFixture;

TEST(CityCount, ControlNeedsARestaurantAndOnlyOwnRestaurants) {
  UfoFixture f(2);
  EXPECT_FALSE(f.s.controls(0, at("rome")));
  f.restaurant("rome", 0, 0);
  EXPECT_TRUE(f.s.controls(0, at("rome"))) << "an empty slot does not stop control";
  f.restaurant("rome", 1, 1);
  EXPECT_FALSE(f.s.controls(0, at("rome")));
  EXPECT_FALSE(f.s.controls(1, at("rome")));
}

TEST(CityCount, NewUfoThenTheNextTurnIsSkipped) {
  UfoFixture f(2);
  f.restaurant("rome", 0, 0);
  f.restaurant("paris", 0, 0);
  f.ufo(0, "rome");
  f.ufo(0, "tivoli");
  f.ufo(1, "paris");
  f.ufo(1, "london");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::end_actions());
  ASSERT_EQ(f.s.phase(), Phase::kNewUfo);
  EXPECT_TRUE(f.legal(0, {{"new_ufo", {{"type", "bumper"}, {"city", "rome"}}}}));
  EXPECT_FALSE(f.legal(0, {{"new_ufo", {{"type", "bumper"}, {"city", "paris"}}}}))
      << "Paris holds another player's UFO";
  EXPECT_FALSE(f.legal(0, {{"new_ufo", {{"type", "bumper"}, {"city", "london"}}}}));
  f.play(0, {{"new_ufo", {{"type", "sedator"}, {"city", "rome"}}}});
  EXPECT_EQ(f.s.ufos_in_play(0), 3);
  EXPECT_EQ(f.s.ufo_supply(0, UfoType::kSedator), 2);
  EXPECT_TRUE(f.s.skips_next_turn(0));
  EXPECT_EQ(f.s.active(), 1);
  finish_turn(f);
  EXPECT_EQ(f.s.active(), 1) << "seat 0 sits its turn out";
  EXPECT_FALSE(f.s.skips_next_turn(0));
  finish_turn(f);
  EXPECT_EQ(f.s.active(), 0);
  // Two cities and three UFOs: no new UFO.
  finish_turn(f);
  EXPECT_EQ(f.s.active(), 1);
}

TEST(CityCount, NoMoreThanTwentyUfosInPlay) {
  // Seat 0 controls three cities with three UFOs: it could take a fourth,
  // unless the other players already bring the total to 20.
  const char* homes[] = {"giza", "luxor", "suez", "tver", "tula"};
  for (int total : {20, 19}) {
    UfoFixture f(5);
    for (const char* c : {"rome", "paris", "london"}) f.restaurant(c, 0, 0);
    add_many_ufos(f, 0, homes[0], 3);
    add_many_ufos(f, 1, homes[1], total == 20 ? 5 : 4);
    for (Seat p = 2; p < 5; ++p) add_many_ufos(f, p, homes[p], 4);
    ASSERT_EQ(static_cast<int>(f.s.ufos().size()), total);
    f.begin_turn(0);
    f.play(0, F::end_movement());
    f.play(0, F::end_actions());
    EXPECT_EQ(f.s.phase() == Phase::kNewUfo, total < 20) << total;
  }
}

}  // namespace
}  // namespace meeple::ufo
