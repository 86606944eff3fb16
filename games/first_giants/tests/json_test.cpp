// First Giants rules tests, JSON codecs: actions and states round-trip; bad input is refused.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(FirstGiantsJson, ActionsRoundTripAndBadShapesAreMalformed) {
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

TEST(FirstGiantsJson, StateRoundTripsAndCorruptStatesAreRefused) {
  auto su = two_players();
  su.sets[0] = {{kC + 2, kH + 2}};
  su.news = true;
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

// The reader refuses what play cannot reach where the rules rely on it
// (read, such a state would give a next state the reader refuses).
TEST(FirstGiantsJson, StatesPlayCannotReachAreRefused) {
  const auto s = position(two_players());
  auto refused = [](Json j) {
    auto back = FirstGiantsState::from_json(j);
    return !back && back.error().code == errc::kCorruptState;
  };
  ASSERT_FALSE(refused(s.to_json()));
  Json j = s.to_json();
  j["phase"] = static_cast<int>(Phase::kReclaim);  // a reclaim with no pawn left to reclaim
  EXPECT_TRUE(refused(j));
  j["reclaim_left"] = 1;
  EXPECT_FALSE(refused(j));
  j["reclaim_left"] = 5;
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["reclaim_left"] = 1;  // pawns to reclaim outside a reclaim
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["refill"][2] = true;  // a refill due with no take
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["pending"] = {{0, kC + 1}};  // an effect waiting outside a take
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["effect"][4] = 1;  // repetitions left of no effect
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["phase"] = static_cast<int>(Phase::kOver);  // over before the end was triggered
  EXPECT_TRUE(refused(j));
  j["end_triggered"] = true;
  j["box"] = 0;
  j["reserve"] = kTotalSetTokens;
  EXPECT_TRUE(refused(j));  // not after the last seat's turn
  j["active"] = 1;
  EXPECT_FALSE(refused(j));
  j = s.to_json();
  j["reserve"] = 0;  // the reserve empty before the end
  j["box"] = kTotalSetTokens;
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["news_holder"][0] = 1;  // a News token without its set
  EXPECT_TRUE(refused(j));
  // A News token nobody holds while a set of its kind is on show (such a
  // state loaded, and the next action wrote a state the reader refuses).
  auto su = two_players();
  su.sets[0] = {{kC + 2, kH + 2}};
  su.news = true;
  const Json shown = position(su).to_json();
  ASSERT_FALSE(refused(shown)) << FirstGiantsState::from_json(shown).error().message;
  const auto& holders = shown["news_holder"];
  const auto held = std::find(holders.begin(), holders.end(), 0);
  ASSERT_NE(held, holders.end()) << "seat 0's set of two holds its News token: " << holders;
  j = shown;
  j["news_holder"][held - holders.begin()] = -1;
  EXPECT_TRUE(refused(j));
  j = s.to_json();
  j["areas"][0]["amber"] = 32768;  // beyond 16 bits
  EXPECT_TRUE(refused(j));
  j["areas"][0]["amber"] = 32767;
  EXPECT_FALSE(refused(j));
}

// Gains stop at the largest amount the state holds, so a state the reader
// accepts plays on to states it accepts.
TEST(FirstGiantsJson, AmberAndPointsStopAtTheLargestAmount) {
  auto su = two_players();
  su.pawns_out[0] = 0b0011;
  su.amber[0] = 32766;
  auto s = position(su);
  play(s, 0, act::kReclaim);  // nothing to exhibit: 1 amber per pawn
  EXPECT_EQ(s.player(0).amber, 32767);
  EXPECT_TRUE(FirstGiantsState::from_json(s.to_json()));
}

}  // namespace
}  // namespace meeple::first_giants
