// Rules tests for Ufo!, section "2. Bumping" (rulings 3.2): the rulebook's worked
// example with forced dice, support, ties, displacement and eyewitnesses.
#include <gtest/gtest.h>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

using F = UfoFixture;

// The rulebook's example: Blue's Bumper attacks Yellow alone, no support anywhere.
// Blue rolls 5 (+1 attacker, +1 Bumper = 7), Yellow 6: Yellow moves 1 space.
TEST(UfoBump, RulebookExampleBumperSevenAgainstSix) {
  UfoFixture f(2);
  const int yellow = f.ufo(1, "ostia");
  const int blue = f.ufo(0, "tivoli", UfoType::kBumper);
  f.begin_turn(0);
  f.play(0, F::move(blue, "ostia"));
  f.play(0, F::end_movement());
  ASSERT_EQ(f.s.phase(), Phase::kBump);
  EXPECT_FALSE(f.legal(0, F::end_movement())) << "bumping is mandatory";
  f.play(0, {{"bump", {{"ufo", blue}, {"defender", 1}}}});
  EXPECT_EQ(f.s.attack_bonus(), 2);
  EXPECT_EQ(f.s.defence_bonus(), 0);
  ASSERT_TRUE(f.s.is_chance());
  f.die(5);
  f.die(6);
  ASSERT_EQ(f.s.phase(), Phase::kDisplace);
  EXPECT_EQ(f.s.bump_winner(), 0);
  EXPECT_EQ(f.s.steps_left(), 1);
  EXPECT_EQ(f.s.to_act(), SeatSet::only(0));
  f.play(0, F::push(yellow, "tivoli"));
  EXPECT_EQ(space_of(f.s, yellow), at("tivoli"));
  EXPECT_EQ(f.s.phase(), Phase::kActions) << "one step used, the bump is over";
  EXPECT_EQ(f.s.eyewitness_supply(1), kEyewitnessSupply) << "a village gets no eyewitness";
}

TEST(UfoBump, TiesAreRolledAgain) {
  UfoFixture f(2);
  f.ufo(1, "ostia");
  const int blue = f.ufo(0, "tivoli");
  f.begin_turn(0);
  f.play(0, F::move(blue, "ostia"));
  f.play(0, F::end_movement());
  f.play(0, {{"bump", {{"ufo", blue}, {"defender", 1}}}});
  f.die(2);  // 2 + 1 attacker = 3
  f.die(3);  // 3
  EXPECT_EQ(f.s.phase(), Phase::kAttackDie);
  f.die(6);
  f.die(1);
  EXPECT_EQ(f.s.phase(), Phase::kDisplace);
  EXPECT_EQ(f.s.steps_left(), 6);
}

TEST(UfoBump, ThirdPlayersDecideSupportFromTheAttackersLeft) {
  UfoFixture f(4);
  f.ufo(1, "ostia");                     // defender
  const int att = f.ufo(2, "tivoli");    // attacker, seat 2
  const int p3 = f.ufo(3, "rome");       // adjacent to Ostia
  const int p0 = f.ufo(0, "frascati");   // adjacent to Ostia
  f.ufo(3, "chartres");                  // too far to help
  const int own = f.ufo(2, "frascati");  // attacker's own UFO helps itself
  f.begin_turn(2);
  f.play(2, F::move(att, "ostia"));
  f.play(2, F::end_movement());
  // Frascati holds seats 0 and 2 too: that is a second bump to resolve.
  f.play(2, {{"bump", {{"ufo", att}, {"defender", 1}}}});
  EXPECT_EQ(f.s.attack_bonus(), 2);  // attacker + own UFO in Frascati
  EXPECT_EQ(f.s.defence_bonus(), 0);
  ASSERT_EQ(f.s.phase(), Phase::kSupport);
  EXPECT_EQ(f.s.to_act(), SeatSet::only(3)) << "seat 3 sits left of seat 2";
  EXPECT_EQ(f.s.supporter(), p3);
  f.play(3, {{"support", "attacker"}});
  EXPECT_EQ(f.s.to_act(), SeatSet::only(0));
  EXPECT_EQ(f.s.supporter(), p0);
  f.play(0, {{"support", "defender"}});
  EXPECT_TRUE(f.s.is_chance()) << "the UFO in Chartres is not asked";
  EXPECT_EQ(f.s.attack_bonus(), 3);
  EXPECT_EQ(f.s.defence_bonus(), 1);
  (void)own;
}

TEST(UfoBump, DisplacedUfoMayNotStopOnAnotherPlayersUfoAndLeavesEyewitnesses) {
  UfoFixture f(2);
  const int yellow = f.ufo(1, "ostia");
  const int blue = f.ufo(0, "tivoli", UfoType::kBumper);
  f.ufo(0, "rome");  // supports Blue (+1) and blocks Rome for Yellow
  f.begin_turn(0);
  f.play(0, F::move(blue, "ostia"));
  f.play(0, F::end_movement());
  f.play(0, {{"bump", {{"ufo", blue}, {"defender", 1}}}});
  EXPECT_EQ(f.s.attack_bonus(), 3);
  f.die(4);  // 7
  f.die(6);  // 6: one step
  f.play(0, F::push(yellow, "rome"));
  EXPECT_EQ(f.s.steps_left(), 0);
  EXPECT_EQ(f.s.phase(), Phase::kDisplace) << "Rome holds a Blue UFO: Yellow keeps moving";
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 1), 1) << "a city entered by displacement";
  EXPECT_FALSE(f.legal(0, F::push(yellow, "ostia"))) << "extra moves head for a free space";
  f.play(0, F::push(yellow, "tivoli"));
  EXPECT_EQ(f.s.phase(), Phase::kActions);
  EXPECT_EQ(space_of(f.s, yellow), at("tivoli"));
}

TEST(UfoBump, TheBumpsOwnSpaceGetsNoEyewitness) {
  UfoFixture f(2);
  const int yellow = f.ufo(1, "rome");
  const int blue = f.ufo(0, "tivoli", UfoType::kBumper);
  f.begin_turn(0);
  f.play(0, F::move(blue, "rome"));
  f.play(0, F::end_movement());
  f.play(0, {{"bump", {{"ufo", blue}, {"defender", 1}}}});
  f.die(4);  // 6
  f.die(3);  // 3: three steps
  f.play(0, F::push(yellow, "ostia"));
  f.play(0, F::push(yellow, "rome"));
  f.play(0, F::push(yellow, "frascati"));
  EXPECT_EQ(f.s.phase(), Phase::kActions);
  EXPECT_EQ(f.s.eyewitness_supply(1), kEyewitnessSupply);
}

TEST(UfoBump, WithAnEmptySupplyTheWinnerMovesAnEyewitnessFromAnotherCity) {
  UfoFixture f(2);
  f.eyewitnesses("cairo", 1, 10);
  f.eyewitnesses("paris", 1, 2);
  const int yellow = f.ufo(1, "ostia");
  const int blue = f.ufo(0, "tivoli", UfoType::kBumper);
  f.begin_turn(0);
  f.play(0, F::move(blue, "ostia"));
  f.play(0, F::end_movement());
  f.play(0, {{"bump", {{"ufo", blue}, {"defender", 1}}}});
  f.die(5);
  f.die(6);
  f.play(0, F::push(yellow, "rome"));
  ASSERT_EQ(f.s.phase(), Phase::kEyewitness);
  EXPECT_EQ(f.s.to_act(), SeatSet::only(0));
  EXPECT_TRUE(f.legal(0, {{"eyewitness_from", "cairo"}}));
  EXPECT_TRUE(f.legal(0, {{"eyewitness_from", "paris"}}));
  EXPECT_FALSE(f.legal(0, {{"eyewitness_from", "rome"}}));
  EXPECT_TRUE(f.legal(0, {{"decline", "eyewitness"}})) << "the winner may leave them";
  f.play(0, {{"eyewitness_from", "paris"}});
  EXPECT_EQ(f.s.eyewitnesses(at("paris"), 1), 1);
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 1), 1);
  EXPECT_EQ(f.s.phase(), Phase::kActions);
}

TEST(UfoBump, MovingAnEyewitnessIsTheWinnersChoiceEvenWhenTheDefenderWins) {
  // rulings 3.2: the winner "may" move a token; here the defender (seat 1)
  // wins, so seat 1 decides, and it leaves seat 0's tokens where they are.
  UfoFixture f(2);
  f.eyewitnesses("cairo", 0, 12);
  const int yellow = f.ufo(1, "ostia");
  const int blue = f.ufo(0, "tivoli");
  f.begin_turn(0);
  f.play(0, F::move(blue, "ostia"));
  f.play(0, F::end_movement());
  f.play(0, {{"bump", {{"ufo", blue}, {"defender", 1}}}});
  f.die(1);  // attacker 1 + 1
  f.die(6);  // defender 6 + 0: wins by 4
  (void)yellow;
  ASSERT_EQ(f.s.bump_winner(), 1);
  EXPECT_EQ(f.s.to_act(), SeatSet::only(1));
  f.play(1, F::push(blue, "rome"));
  ASSERT_EQ(f.s.phase(), Phase::kEyewitness);
  EXPECT_EQ(f.s.to_act(), SeatSet::only(1)) << "a decision of the winner, not the active seat";
  EXPECT_FALSE(f.legal(0, {{"decline", "eyewitness"}}));
  f.play(1, {{"decline", "eyewitness"}});
  EXPECT_EQ(f.s.eyewitnesses(at("cairo"), 0), 12);
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 0), 0);
  EXPECT_EQ(f.s.phase(), Phase::kDisplace) << "three steps are left to push";
}

TEST(UfoBump, SeveralLosersEachMoveAtLeastOneStep) {
  UfoFixture f(2);
  const int y1 = f.ufo(1, "ostia");
  const int y2 = f.ufo(1, "ostia");
  const int blue = f.ufo(0, "tivoli", UfoType::kBumper);
  f.begin_turn(0);
  f.play(0, F::move(blue, "ostia"));
  f.play(0, F::end_movement());
  f.play(0, {{"bump", {{"ufo", blue}, {"defender", 1}}}});
  EXPECT_EQ(f.s.defence_bonus(), 1) << "the second Yellow UFO supports its owner";
  f.die(6);  // 8
  f.die(6);  // 7: difference 1, but two UFOs move one step each
  EXPECT_EQ(f.s.steps_left(), 2);
  f.play(0, F::push(y1, "frascati"));
  EXPECT_FALSE(f.legal(0, F::push(y1, "luxor"))) << "the last step is kept for the other UFO";
  f.play(0, F::push(y2, "tivoli"));
  EXPECT_EQ(f.s.phase(), Phase::kActions);
}

TEST(UfoBump, AnAttackerWhoLosesTakesNoActions) {
  UfoFixture f(2);
  f.ufo(1, "ostia");
  const int blue = f.ufo(0, "tivoli");
  const int other = f.ufo(0, "versailles");  // could open a kiosk, but may not
  f.begin_turn(0);
  f.play(0, F::move(blue, "ostia"));
  f.play(0, F::end_movement());
  f.play(0, {{"bump", {{"ufo", blue}, {"defender", 1}}}});
  f.die(1);  // 2
  f.die(6);  // 6: four steps
  EXPECT_EQ(f.s.to_act(), SeatSet::only(1)) << "the defender moves the loser";
  f.play(1, F::push(blue, "rome"));
  f.play(1, F::push(blue, "tivoli"));
  f.play(1, F::push(blue, "chartres"));
  f.play(1, F::push(blue, "paris"));
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 0), 1);
  EXPECT_EQ(f.s.eyewitnesses(at("paris"), 0), 1);
  EXPECT_EQ(f.s.active(), 1) << "no action phase: the turn passed";
  EXPECT_EQ(f.s.phase(), Phase::kMove);
  EXPECT_EQ(f.s.kiosk(at("versailles")), kNone);
  (void)other;
}

}  // namespace
}  // namespace meeple::ufo
