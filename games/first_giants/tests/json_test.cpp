// First Giants rules tests, JSON codecs: actions and states round-trip; bad input is refused.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(Json, ActionsRoundTripAndBadShapesAreMalformed) {
  auto s = position(two_players());
  for (Action a : {take(2, 1), act::kReclaim, act::kDecline, act::kGainAmber, act::kGainPoint,
                   act::kAmberForPoints, act::kResolve + 7, exhibit(33), act::kNewSet, into(4)}) {
    auto back = s.action_from_json(0, s.action_to_json(0, a));
    ASSERT_TRUE(back) << a;
    EXPECT_EQ(*back, a);
  }
  EXPECT_EQ(s.action_to_json(0, take(2, 1)), Json({{"take", "right"}, {"site", 2}}));
  EXPECT_EQ(s.action_from_json(0, Json::array()).error().code, errc::kMalformedAction);
  EXPECT_EQ(s.action_from_json(0, {{"take", "up"}, {"site", 0}}).error().code,
            errc::kMalformedAction);
  EXPECT_EQ(s.action_from_json(0, {{"exhibit", 60}}).error().code, errc::kMalformedAction);
}

TEST(Json, StateRoundTripsAndCorruptStatesAreRefused) {
  auto su = two_players();
  su.sets[0] = {{kC + 2, kH + 2}};
  su.studio[1] = {kM + 10};
  auto s = position(su);
  auto back = FirstGiantsState::from_json(s.to_json());
  ASSERT_TRUE(back);
  EXPECT_TRUE(*back == s);
  Json j = s.to_json();
  j["areas"][1]["studio"].push_back(kC + 2);  // a card in two places
  EXPECT_EQ(FirstGiantsState::from_json(j).error().code, errc::kCorruptState);
  j = s.to_json();
  j["areas"][0]["sets"][0]["cards"] = {kC + 2, kC + 3};  // same family and size
  j["deck"].push_back(kH + 2);
  j["deck"].erase(std::find(j["deck"].begin(), j["deck"].end(), Json(kC + 3)));
  EXPECT_EQ(FirstGiantsState::from_json(j).error().code, errc::kCorruptState);
  j = s.to_json();
  j["players"] = 9;
  EXPECT_EQ(FirstGiantsState::from_json(j).error().code, errc::kCorruptState);
}

}  // namespace
}  // namespace meeple::first_giants
