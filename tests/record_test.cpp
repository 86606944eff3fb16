#include <gtest/gtest.h>

#include "core/record.h"
#include "tests/toy/high_card.h"

namespace meeple {
namespace {

const GameAdapter<toy::HighCard> kHighCard;

GameRecord play_one() {
  GameRecord r;
  r.game = "high-card";
  r.params = {{"rounds", 1}};
  r.players = 2;
  AnyState s = *kHighCard.new_game(r.params, 2);
  auto step = [&](Seat seat, Action a) {
    r.actions.push_back({seat, a, s.action_to_json(seat, a)});
    EXPECT_FALSE(s.apply(seat, a));
  };
  step(kChance, 5);
  step(kChance, 0);
  step(0, 1);
  step(1, 1);
  r.result = s.result_json();
  return r;
}

TEST(Record, JsonRoundTripAndReplayGiveTheSameResult) {
  GameRecord r = play_one();
  Json j = record_to_json(r);
  EXPECT_EQ(j["format"], "meeple-record/1");
  auto back = record_from_json(Json::parse(j.dump()));
  ASSERT_TRUE(back);
  EXPECT_EQ(record_to_json(*back), j);
  auto s = replay_record(kHighCard, *back);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->result_json(), r.result);
}

TEST(Record, ActionsGivenOnlyAsJsonAreParsed) {
  GameRecord r = play_one();
  for (auto& a : r.actions) a.action = -1;
  auto s = replay_record(kHighCard, r);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->result_json(), r.result);
}

TEST(Record, TamperedRecordsAreDetected) {
  GameRecord r = play_one();
  r.result["score"][0] = 99;
  auto s = replay_record(kHighCard, r);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, "record/mismatch");

  GameRecord wrong_json = play_one();
  wrong_json.actions[2].json = {{"bet", false}};
  s = replay_record(kHighCard, wrong_json);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, "record/mismatch");

  GameRecord illegal = play_one();
  illegal.actions[2].seat = 1;
  illegal.actions[3].seat = 1;
  s = replay_record(kHighCard, illegal);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, "action/not_your_turn");
}

TEST(Record, CorruptJsonIsRefused) {
  EXPECT_EQ(record_from_json(Json::array()).error().code, "record/corrupt");
  EXPECT_EQ(record_from_json({{"format", "other"}}).error().code, "record/corrupt");
  EXPECT_EQ(record_from_json({{"format", "meeple-record/1"}, {"game", 3}}).error().code,
            "record/corrupt");
  Json j = record_to_json(play_one());
  j["actions"][0] = {{"seat", -1}};
  EXPECT_EQ(record_from_json(j).error().code, "record/corrupt");
}

}  // namespace
}  // namespace meeple
