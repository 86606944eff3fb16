// Ufo! state JSON: it round-trips and corrupt input is refused.
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

TEST(UfoJson, StateJsonRoundTripsAndCorruptionIsRefused) {
  UfoFixture f(3);
  f.ufo(0, "rome");
  f.restaurant("rome", 0, 2);
  f.begin_turn(0);
  auto back = UfoState::from_json(f.s.to_json());
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(*back, f.s);
  Json bad = f.s.to_json();
  bad["restaurants"][0][0] = 7;
  EXPECT_EQ(UfoState::from_json(bad).error().code, errc::kCorruptState);
  Json out = f.s.to_json();
  out["ufos"][0][2] = at("boston");  // not in play with 3 players
  EXPECT_FALSE(UfoState::from_json(out).ok());
}

// The reader refuses what play cannot reach where the rules rely on it.
TEST(UfoJson, StatesPlayCannotReachAreRefused) {
  UfoFixture f(3);
  const int u = f.ufo(0, "rome");
  f.ufo(1, "tivoli");
  f.begin_turn(0);
  auto refused = [](const Json& j) {
    auto back = UfoState::from_json(j);
    return !back && back.error().code == errc::kCorruptState;
  };
  ASSERT_FALSE(refused(f.s.to_json()));
  // A control roll to open a restaurant in Rome (token 0 of the fixture: two
  // slots): accepted while a slot is free, refused once both are taken (the
  // roll wrote its restaurant outside the city's slots).
  Json j = f.s.to_json();
  j["phase"] = static_cast<int>(Phase::kControlDie);
  j["roll"] = {u, static_cast<int>(Deed::kOpenRestaurant), 0};
  j["ufos"][u][5] = true;
  j["opened"] = 1 << at("rome");
  EXPECT_FALSE(refused(j));
  j["restaurants"][at("rome")] = {1, 2};
  EXPECT_TRUE(refused(j));
  j["roll"][1] = static_cast<int>(Deed::kTakeRestaurant1);  // a take-over is possible
  EXPECT_FALSE(refused(j));
  j["restaurants"][at("rome")] = {1, 0};  // but not of its own restaurant
  EXPECT_TRUE(refused(j));
  // A new UFO for a turn that gained no city.
  j = f.s.to_json();
  j["phase"] = static_cast<int>(Phase::kNewUfo);
  EXPECT_TRUE(refused(j));
  // A turn beyond the round limit.
  j = f.s.to_json();
  j["turns"] = 60 * 3 + 1;
  EXPECT_TRUE(refused(j));
  j["max_rounds"] = 0;  // none: any number of turns
  j["turns"] = 65535;
  EXPECT_FALSE(refused(j));
  // The next city token drawn for a city out of play.
  UfoState fresh(3, 60);
  j = fresh.to_json();
  ASSERT_FALSE(refused(j));
  int out_of_play = 0;
  while (fresh.in_play(out_of_play)) ++out_of_play;
  j["next_token_city"] = out_of_play;
  EXPECT_TRUE(refused(j));
}

}  // namespace
}  // namespace meeple::ufo
