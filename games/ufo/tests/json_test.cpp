// Ufo! state JSON: it round-trips and corrupt input is refused.
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

TEST(Json, StateJsonRoundTripsAndCorruptionIsRefused) {
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

}  // namespace
}  // namespace meeple::ufo
