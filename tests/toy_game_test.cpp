// The core contract exercised through the toy game: chance, simultaneous
// secret decisions, error codes, views.
#include <gtest/gtest.h>

#include "core/any_game.h"
#include "tests/toy/high_card.h"

namespace meeple {
namespace {

const GameAdapter<toy::HighCard> kGame;

AnyState dealt(int c0, int c1) {
  AnyState s = *kGame.new_game(Json::object(), 2);
  EXPECT_TRUE(s.is_chance());
  EXPECT_FALSE(s.apply(kChance, c0 - 1));
  EXPECT_FALSE(s.apply(kChance, c1 - 1));
  return s;
}

TEST(ToyGame, BothSeatsDecideAtOnceAndBetsStayHiddenUntilAllAreIn) {
  AnyState s = dealt(5, 2);
  EXPECT_EQ(s.to_act(), SeatSet::first(2));
  ASSERT_FALSE(s.apply_json(0, {{"bet", true}}));
  // Seat 1 sees that seat 0 decided, not what.
  Json v1 = s.view(1);
  EXPECT_EQ(v1["decided"][0], true);
  EXPECT_FALSE(v1.contains("my_card") && v1["my_card"] == 5);
  EXPECT_EQ(v1.dump().find("\"my_bet\":1"), std::string::npos);
  EXPECT_EQ(s.to_act(), SeatSet::only(1));
  ASSERT_FALSE(s.apply_json(1, {{"bet", true}}));
  Json v = s.view(kSpectator);
  EXPECT_EQ(v["score"][0], 2);
  EXPECT_EQ(v["score"][1], -1);
  EXPECT_EQ(v["last_cards"][0], 5);
}

TEST(ToyGame, ErrorsHaveStableCodesAndLeaveTheStateAlone) {
  AnyState s = dealt(3, 4);
  AnyState before = s;
  auto e = s.apply(kChance, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "action/not_your_turn");
  e = s.apply(0, 5);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "action/illegal");
  e = s.apply(7, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "action/not_your_turn");
  e = s.apply_json(0, {{"bet", "maybe"}});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "action/malformed");
  e = s.apply_json(0, Json::array());
  ASSERT_TRUE(e);
  EXPECT_TRUE(s == before);
  ASSERT_FALSE(s.apply(0, 0));
  e = s.apply(0, 1);  // already decided this round
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "action/not_your_turn");
}

TEST(ToyGame, GameEndsWithSharedVictoryOnTies) {
  AnyState s = *kGame.new_game({{"rounds", 1}}, 3);
  for (int i = 0; i < 3; ++i) ASSERT_FALSE(s.apply(kChance, 3));
  for (int i = 0; i < 3; ++i) ASSERT_FALSE(s.apply(i, 0));
  ASSERT_TRUE(s.is_terminal());
  GameResult r = s.result();
  EXPECT_EQ(r.winners, SeatSet::first(3));
  EXPECT_EQ(r.rank[2], 1);
  auto e = s.apply(0, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, "action/game_over");
}

TEST(ToyGame, BadPlayerCountAndCorruptStateAreRefused) {
  auto st = kGame.new_game(Json::object(), 9);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, "game/players");
  auto bad = kGame.state_from_json({{"players", "two"}});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, "state/corrupt");
  Json j = dealt(1, 1).to_json();
  j["players"] = 40;
  auto out_of_range = kGame.state_from_json(j);
  ASSERT_FALSE(out_of_range);
  EXPECT_EQ(out_of_range.error().code, "state/corrupt");
}

}  // namespace
}  // namespace meeple
