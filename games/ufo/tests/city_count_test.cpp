// Rules tests for Ufo!, section "4. City count" (rulings 3.2): control and the
// new UFO.
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

using F = UfoFixture;

TEST(UfoCityCount, ControlNeedsARestaurantAndOnlyOwnRestaurants) {
  UfoFixture f(2);
  EXPECT_FALSE(f.s.controls(0, at("rome")));
  f.restaurant("rome", 0, 0);
  EXPECT_TRUE(f.s.controls(0, at("rome"))) << "an empty slot does not stop control";
  f.restaurant("rome", 1, 1);
  EXPECT_FALSE(f.s.controls(0, at("rome")));
  EXPECT_FALSE(f.s.controls(1, at("rome")));
}

TEST(UfoCityCount, NewUfoThenTheNextTurnIsSkipped) {
  UfoFixture f(2);
  f.restaurant("rome", 0, 0);
  f.restaurant("paris", 0, 0);
  const int roller = f.ufo(0, "london");
  f.ufo(0, "tivoli");
  f.ufo(1, "paris");
  f.ufo(1, "moscow");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  // Opening London's restaurant gains a third city this turn.
  f.play(0, F::deed(roller, "open-restaurant"));
  f.play(0, {{"roll", true}});
  f.die(12);
  ASSERT_TRUE(f.s.controls(0, at("london")));
  f.play(0, F::end_actions());
  ASSERT_EQ(f.s.phase(), Phase::kNewUfo);
  EXPECT_TRUE(f.legal(0, {{"new_ufo", {{"type", "bumper"}, {"city", "rome"}}}}));
  EXPECT_FALSE(f.legal(0, {{"new_ufo", {{"type", "bumper"}, {"city", "paris"}}}}))
      << "Paris holds another player's UFO";
  EXPECT_FALSE(f.legal(0, {{"new_ufo", {{"type", "bumper"}, {"city", "berlin"}}}}));
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
  // No city gained this turn: no new UFO.
  finish_turn(f);
  EXPECT_EQ(f.s.active(), 1);
}

TEST(UfoCityCount, ANewUfoOnlyAfterATurnThatGainedACity) {
  // rulings 3.2: two cities and two UFOs are not enough on their own: the
  // player must have gained control of a city in this turn.
  UfoFixture f(2);
  f.restaurant("rome", 0, 0);
  f.restaurant("paris", 0, 0);
  f.ufo(0, "rome");
  const int roller = f.ufo(0, "london");
  f.ufo(1, "giza");
  f.begin_turn(0);
  finish_turn(f);
  EXPECT_EQ(f.s.active(), 1) << "no city gained: no new UFO offered";
  EXPECT_EQ(f.s.ufos_in_play(0), 2);
  finish_turn(f);
  // A restaurant in a city the player already controls gains nothing either.
  f.play(0, F::end_movement());
  f.play(0, F::deed(0, "open-restaurant"));  // Rome's second slot
  f.play(0, {{"roll", true}});
  f.die(12);
  ASSERT_EQ(f.s.restaurant(at("rome"), 1), 0);
  f.play(0, F::end_actions());
  EXPECT_EQ(f.s.active(), 1) << "Rome was already seat 0's";
  finish_turn(f);
  // Gaining London does.
  f.play(0, F::end_movement());
  f.play(0, F::deed(roller, "open-restaurant"));
  f.play(0, {{"roll", true}});
  f.die(12);
  f.play(0, F::end_actions());
  EXPECT_EQ(f.s.phase(), Phase::kNewUfo);
  EXPECT_TRUE(f.s.view(1)["gained_city"].get<bool>());
}

TEST(UfoCityCount, NoNewUfoOnATurnThatEndsTheGame) {
  // rulings 3.2: with 2 players, controlling 5 cities ends the game; the
  // fifth city gained does not bring a new UFO first.
  UfoFixture f(2);
  for (const char* c : {"rome", "paris", "london", "berlin"}) f.restaurant(c, 0, 0);
  const int roller = f.ufo(0, "moscow");
  f.ufo(1, "giza");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::deed(roller, "open-restaurant"));
  f.play(0, {{"roll", true}});
  f.die(12);
  f.play(0, F::end_actions());
  EXPECT_TRUE(f.s.is_terminal());
  EXPECT_EQ(f.s.ufos_in_play(0), 1);
  EXPECT_EQ(f.s.result_details()["verdict"], "cities");
}

TEST(UfoCityCount, NoMoreThanTwentyUfosInPlay) {
  // Seat 0 gains a third city with three UFOs: it could take a fourth,
  // unless the other players already bring the total to 20.
  const char* homes[] = {"giza", "luxor", "suez", "tver", "tula"};
  for (int total : {20, 19}) {
    UfoFixture f(5);
    for (const char* c : {"rome", "paris"}) f.restaurant(c, 0, 0);
    f.token(at("london"), 1);      // one restaurant slot
    f.restaurant("london", 0, 1);  // taken over below: a city gained this turn
    add_many_ufos(f, 0, homes[0], 2);
    add_many_ufos(f, 1, homes[1], total == 20 ? 5 : 4);
    for (Seat p = 2; p < 5; ++p) add_many_ufos(f, p, homes[p], 4);
    const int spy = f.ufo(0, "london");
    ASSERT_EQ(static_cast<int>(f.s.ufos().size()), total);
    f.begin_turn(0);
    f.play(0, F::end_movement());
    f.play(0, F::deed(spy, "take-restaurant", 0));
    f.play(0, {{"roll", true}});
    f.die(12);
    f.play(0, F::end_actions());
    EXPECT_EQ(f.s.phase() == Phase::kNewUfo, total < 20) << total;
  }
}

}  // namespace
}  // namespace meeple::ufo
