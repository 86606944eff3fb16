// Ufo! turn dispatch (turn.cpp): illegal actions are refused with stable codes
// and leave the state unchanged.
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

TEST(UfoTurn, IllegalActionsAreRefusedWithStableCodes) {
  UfoFixture f(2);
  const int u = f.ufo(0, "rome");
  f.begin_turn(0);
  UfoState before = f.s;
  EXPECT_EQ(f.s.apply(1, act::kPass)->code, errc::kNotYourTurn);
  EXPECT_EQ(f.s.apply(0, act::kDeedBase + u * kNumDeeds)->code, errc::kIllegal);
  EXPECT_EQ(f.s, before);
  EXPECT_EQ(f.s.action_from_json(0, {{"move", {{"ufo", u}, {"to", "tokyo"}}}}).error().code,
            errc::kMalformedAction);
}

}  // namespace
}  // namespace meeple::ufo
