// Rules tests for Ufo! fritti dallo spazio!: the seed's three worked examples
// with forced dice, then every rule of RULINGS.md section 3 on small boards.
#include <gtest/gtest.h>

#include <set>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

using F = UfoFixture;

int space_of(const UfoState& s, int u) {
  return s.ufos()[static_cast<std::size_t>(u)].space;
}

// Ends the active player's turn without doing anything more.
void finish_turn(UfoFixture& f) {
  const Seat p = f.s.active();
  if (f.s.phase() == Phase::kMove) f.play(p, F::end_movement());
  if (f.s.phase() == Phase::kActions) f.play(p, F::end_actions());
  if (f.s.phase() == Phase::kNewUfo) f.play(p, {{"decline", "new-ufo"}});
}

// Adds n UFOs of mixed types (Standard, Standard, Bumper, Bumper, Sedator...)
// within the supply of 3 per type.
void add_many_ufos(UfoFixture& f, Seat p, const char* where, int n) {
  for (int i = 0; i < n; ++i) f.ufo(p, where, UfoType(i / 2 % kNumUfoTypes));
}

// ------------------------------------------------------------------ map

TEST(UfoMap, ThirteenCitiesAndThirtyNineVillagesAllConnected) {
  int cities = 0, marked_cities = 0;
  for (const Space& s : board().spaces) {
    cities += s.city;
    marked_cities += s.city && s.marked;
    EXPECT_FALSE(s.lines.empty()) << s.key;
    EXPECT_FALSE(s.name.empty());
  }
  EXPECT_EQ(cities, 13);
  EXPECT_EQ(board().spaces.size() - static_cast<std::size_t>(cities), 39u);
  EXPECT_EQ(marked_cities, 7);
  // Both the whole map and the marked half are connected on their own.
  for (bool half : {false, true}) {
    std::set<int> seen = {0};
    std::vector<int> todo = {0};
    while (!todo.empty()) {
      const int x = todo.back();
      todo.pop_back();
      for (auto y : board().spaces[static_cast<std::size_t>(x)].lines)
        if ((!half || board().spaces[y].marked) && seen.insert(y).second) todo.push_back(y);
    }
    int expected = 0;
    for (const Space& s : board().spaces) expected += !half || s.marked;
    EXPECT_EQ(static_cast<int>(seen.size()), expected) << (half ? "marked half" : "whole map");
  }
  // Every village touches a city and another village.
  for (const Space& s : board().spaces) {
    if (s.city) continue;
    bool city = false, village = false;
    for (auto y : s.lines) (board().spaces[y].city ? city : village) = true;
    EXPECT_TRUE(city && village) << s.key;
  }
}

TEST(UfoMap, CityTokensCoverTheRulebookExamples) {
  auto has = [](int r, int slots) {
    for (const CityToken& t : board().tokens)
      if (t.resistance == r && (slots == 0 || t.restaurants == slots)) return true;
    return false;
  };
  EXPECT_EQ(board().tokens.size(), 18u);
  EXPECT_TRUE(has(3, 2));  // the takeover example: two rival restaurants
  EXPECT_TRUE(has(4, 2));
  EXPECT_TRUE(has(6, 1));
  EXPECT_TRUE(has(8, 0));
  for (const CityToken& t : board().tokens) {
    EXPECT_GE(t.resistance, 3);
    EXPECT_LE(t.resistance, 12);
    EXPECT_TRUE(t.restaurants == 1 || t.restaurants == 2);
  }
}

// ------------------------------------------------------------------ setup

TEST(UfoSetup, TokensAreChanceThenEachPlayerPlacesTwoStandardUfos) {
  auto st = Ufo::new_game({{"max_rounds", 60}}, 4);
  ASSERT_TRUE(st.ok());
  UfoState s = *st;
  for (int c = 0; c < kNumCities; ++c) {
    ASSERT_TRUE(s.is_chance());
    ChanceList out;
    s.chance_outcomes(out);
    EXPECT_EQ(static_cast<int>(out.size()), kNumTokens - c);  // tokens left face down
    ASSERT_FALSE(s.apply(kChance, out[0].action).has_value());
  }
  EXPECT_EQ(s.phase(), Phase::kSetup);
  EXPECT_EQ(s.to_act(), SeatSet::only(0));
  const Action rome = act::kPlaceBase + at("rome");
  ASSERT_FALSE(s.apply(0, rome).has_value());
  ActionList l;
  s.legal_actions(1, l);
  EXPECT_FALSE(l.contains(rome)) << "a city with another player's UFO is not offered";
  EXPECT_EQ(l.size(), 12u);
  for (Seat p = 1; p < 4; ++p)
    ASSERT_FALSE(s.apply(p, act::kPlaceBase + at("rome") + p).has_value());
  EXPECT_EQ(s.phase(), Phase::kMove);
  EXPECT_EQ(s.active(), 0);
  EXPECT_EQ(s.ufos().size(), 8u);
  for (Seat p = 0; p < 4; ++p) {
    EXPECT_EQ(s.ufos_in_play(p), 2);
    EXPECT_EQ(s.ufo_supply(p, UfoType::kStandard), 1);
  }
}

TEST(UfoSetup, TwoAndThreePlayersUseOnlyTheMarkedHalf) {
  for (int players : {2, 3}) {
    UfoState s = *Ufo::new_game({{"max_rounds", 60}}, players);
    int draws = 0;
    while (s.is_chance()) {
      ChanceList out;
      s.chance_outcomes(out);
      ASSERT_FALSE(s.apply(kChance, out.back().action).has_value());
      ++draws;
    }
    EXPECT_EQ(draws, 7);
    ActionList l;
    s.legal_actions(0, l);
    EXPECT_EQ(l.size(), 7u);
    for (int c = 0; c < kNumCities; ++c) EXPECT_EQ(s.in_play(c), board().spaces[c].marked);
  }
  // A UFO at Oxford may not fly over the Atlantic to Boston with 2 players.
  UfoFixture f(2);
  const int u = f.ufo(0, "oxford");
  f.begin_turn(0);
  EXPECT_FALSE(f.legal(0, F::move(u, "boston")));
  EXPECT_TRUE(f.legal(0, F::move(u, "london")));
  UfoFixture g(4);
  const int v = g.ufo(0, "oxford");
  g.begin_turn(0);
  EXPECT_TRUE(g.legal(0, F::move(v, "boston")));
}

// ------------------------------------------------------------------ movement

TEST(UfoMovement, PassesThroughOwnSpacesAndStopsOnEmptyOnes) {
  UfoFixture f(2);
  f.kiosk("tivoli", 0);
  f.kiosk("ostia", 0);
  const int u = f.ufo(0, "chartres");
  f.begin_turn(0);
  f.play(0, F::move(u, "tivoli"));
  EXPECT_FALSE(f.s.ufos()[u].stopped);
  f.play(0, F::move(u, "ostia"));
  EXPECT_FALSE(f.s.ufos()[u].stopped);
  f.play(0, F::move(u, "frascati"));  // no building: it stops
  EXPECT_TRUE(f.s.ufos()[u].stopped);
  EXPECT_FALSE(f.legal(0, F::move(u, "ostia")));
}

TEST(UfoMovement, StopsOnRivalBuildingsAndRivalUfos) {
  UfoFixture f(2);
  f.kiosk("tivoli", 1);
  f.kiosk("ostia", 0);
  f.restaurant("rome", 0, 0);
  f.restaurant("rome", 1, 1);  // a rival restaurant in the city
  const int a = f.ufo(0, "chartres");
  const int b = f.ufo(0, "frascati");
  const int c = f.ufo(0, "luxor");
  f.ufo(1, "ostia");
  f.begin_turn(0);
  f.play(0, F::move(a, "tivoli"));
  EXPECT_TRUE(f.s.ufos()[a].stopped) << "rival kiosk";
  f.play(0, F::move(b, "ostia"));
  EXPECT_TRUE(f.s.ufos()[b].stopped) << "own kiosk but a rival UFO";
  f.play(0, F::move(c, "frascati"));
  EXPECT_TRUE(f.s.ufos()[c].stopped) << "empty village";
  // A city with only the mover's restaurants lets it pass.
  UfoFixture g(2);
  g.restaurant("rome", 0, 0);
  const int d = g.ufo(0, "tivoli");
  g.begin_turn(0);
  g.play(0, F::move(d, "rome"));
  EXPECT_FALSE(g.s.ufos()[d].stopped);
  g.play(0, F::move(d, "frascati"));
  EXPECT_TRUE(g.s.ufos()[d].stopped);
}

TEST(UfoMovement, SedatorRemovesItsOwnersEyewitnessesLeavingAndEntering) {
  UfoFixture f(2);
  f.eyewitnesses("rome", 0, 2);
  f.eyewitnesses("rome", 1, 1);
  f.eyewitnesses("paris", 0, 3);
  const int sed = f.ufo(0, "rome", UfoType::kSedator);
  const int sed2 = f.ufo(0, "chartres", UfoType::kSedator);
  f.begin_turn(0);
  f.play(0, F::move(sed, "tivoli"));
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 0), 0);
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 1), 1) << "other players' tokens stay";
  f.play(0, F::move(sed2, "paris"));
  EXPECT_EQ(f.s.eyewitnesses(at("paris"), 0), 0);
  // A Standard UFO removes nothing.
  UfoFixture g(2);
  g.eyewitnesses("rome", 0, 2);
  const int s2 = g.ufo(0, "rome");
  g.begin_turn(0);
  g.play(0, F::move(s2, "tivoli"));
  EXPECT_EQ(g.s.eyewitnesses(at("rome"), 0), 2);
}

// ------------------------------------------------------------------ bumping

// Seed example: Blue's Bumper attacks Yellow alone, no support anywhere.
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
  f.play(0, {{"eyewitness_from", "paris"}});
  EXPECT_EQ(f.s.eyewitnesses(at("paris"), 1), 1);
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 1), 1);
  EXPECT_EQ(f.s.phase(), Phase::kActions);
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

// ------------------------------------------------------------------ actions

// Seed example: Green opens a restaurant in a resistance-8 city with 10 on the
// d12, +2 for two adjacent kiosks, -4 for two eyewitnesses: 8, a success that
// also clears Green's eyewitnesses there.
TEST(UfoActions, RulebookExampleRestaurantTenPlusTwoMinusFourAgainstEight) {
  UfoFixture f(2);
  f.token(at("berlin"), 10);  // resistance 8, one restaurant
  ASSERT_EQ(f.s.resistance(at("berlin")), 8);
  f.kiosk("potsdam", 0);
  f.kiosk("leipzig", 0);
  f.eyewitnesses("berlin", 0, 2);
  const int green = f.ufo(0, "berlin");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::deed(green, "open-restaurant"));
  EXPECT_EQ(f.s.control_modifier(green), -2);
  f.play(0, {{"roll", true}});
  UfoFixture fail = f;
  f.die(10);
  EXPECT_EQ(f.s.restaurant(at("berlin"), 0), 0);
  EXPECT_EQ(f.s.eyewitnesses(at("berlin"), 0), 0);
  EXPECT_EQ(f.s.phase(), Phase::kActions);
  fail.die(9);
  EXPECT_EQ(fail.s.restaurant(at("berlin"), 0), kNone);
  EXPECT_EQ(fail.s.eyewitnesses(at("berlin"), 0), 2);
}

// Seed example: Red holds both restaurants of a resistance-3 city; Green's
// UFO stayed there (infiltrating) and rolls 11, +1 kiosk, -4 eyewitnesses,
// -4 rival restaurants: 4 against 3 takes one over.
TEST(UfoActions, RulebookExampleTakeoverElevenPlusOneMinusFourMinusFourAgainstThree) {
  UfoFixture f(2);
  ASSERT_EQ(f.s.resistance(at("rome")), 3);
  ASSERT_EQ(f.s.slots(at("rome")), 2);
  f.restaurant("rome", 0, 1);
  f.restaurant("rome", 1, 1);
  f.kiosk("tivoli", 0);
  f.eyewitnesses("rome", 0, 2);
  const int green = f.ufo(0, "rome");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  EXPECT_FALSE(f.legal(0, F::deed(green, "open-restaurant"))) << "no free slot";
  f.play(0, F::deed(green, "take-restaurant", 0));
  EXPECT_EQ(f.s.control_modifier(green), 1 - 4 - 4);
  f.play(0, {{"roll", true}});
  UfoFixture fail = f;
  f.die(11);
  EXPECT_EQ(f.s.restaurant(at("rome"), 0), 0);
  EXPECT_EQ(f.s.restaurant(at("rome"), 1), 1);
  EXPECT_EQ(f.s.eyewitnesses(at("rome"), 0), 2) << "only opening clears eyewitnesses";
  fail.die(9);
  EXPECT_EQ(fail.s.restaurant(at("rome"), 0), 1);
}

TEST(UfoActions, RestaurantTakeoverNeedsAnInfiltratingUfo) {
  UfoFixture f(2);
  f.restaurant("rome", 0, 1);
  f.restaurant("rome", 1, 1);
  const int stayed = f.ufo(0, "rome");
  const int came = f.ufo(0, "tivoli");
  f.begin_turn(0);
  f.play(0, F::move(came, "rome"));
  f.play(0, F::end_movement());
  EXPECT_TRUE(f.legal(0, F::deed(stayed, "take-restaurant", 0)));
  EXPECT_TRUE(f.legal(0, F::deed(stayed, "take-restaurant", 1)));
  EXPECT_FALSE(f.legal(0, F::deed(came, "take-restaurant", 0)));
  // With a free slot the rival restaurant cannot be taken over.
  UfoFixture g(2);
  g.restaurant("rome", 0, 1);
  const int u = g.ufo(0, "rome");
  g.begin_turn(0);
  g.play(0, F::end_movement());
  EXPECT_FALSE(g.legal(0, F::deed(u, "take-restaurant", 0)));
  EXPECT_TRUE(g.legal(0, F::deed(u, "open-restaurant")));
}

TEST(UfoActions, KioskTakeoverNeedsAUfoThatMovedIn) {
  UfoFixture f(2);
  f.kiosk("tivoli", 1);
  const int stayed = f.ufo(0, "tivoli");
  const int came = f.ufo(0, "ostia");
  const int fresh = f.ufo(0, "frascati");
  f.begin_turn(0);
  f.play(0, F::move(came, "tivoli"));
  f.play(0, F::end_movement());
  EXPECT_FALSE(f.legal(0, F::deed(stayed, "take-kiosk")));
  EXPECT_FALSE(f.legal(0, F::deed(stayed, "open-kiosk"))) << "one kiosk per village";
  EXPECT_TRUE(f.legal(0, F::deed(fresh, "open-kiosk")));
  f.play(0, F::deed(came, "take-kiosk"));
  EXPECT_EQ(f.s.kiosk(at("tivoli")), 0);
  EXPECT_EQ(f.s.kiosk_supply(1), kKioskSupply);
  EXPECT_FALSE(f.legal(0, F::deed(came, "open-kiosk"))) << "one action per UFO";
}

TEST(UfoActions, AtMostOneRestaurantOpensPerCityPerTurn) {
  UfoFixture f(2);  // Rome: resistance 3, two restaurants
  const int a = f.ufo(0, "rome");
  const int b = f.ufo(0, "rome");
  const int c = f.ufo(0, "rome");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::deed(a, "open-restaurant"));
  f.play(0, {{"roll", true}});
  f.die(1);  // 1 < 3: failed; another UFO may still try
  EXPECT_TRUE(f.legal(0, F::deed(b, "open-restaurant")));
  f.play(0, F::deed(b, "open-restaurant"));
  f.play(0, {{"roll", true}});
  f.die(3);
  EXPECT_EQ(f.s.restaurant(at("rome"), 0), 0);
  EXPECT_FALSE(f.legal(0, F::deed(c, "open-restaurant"))) << "the second slot waits a turn";
}

TEST(UfoActions, AssistingUfosAddOneAndTakeNoOtherAction) {
  UfoFixture f(2);
  f.token(at("rome"), 17);  // resistance 12
  const int roller = f.ufo(0, "rome", UfoType::kBumper);
  const int near = f.ufo(0, "tivoli");
  const int same = f.ufo(0, "rome");
  const int far = f.ufo(0, "chartres");
  f.begin_turn(0);
  f.play(0, F::end_movement());
  f.play(0, F::deed(roller, "open-restaurant"));
  EXPECT_EQ(f.s.phase(), Phase::kAssist);
  EXPECT_TRUE(f.legal(0, {{"assist", near}}));
  EXPECT_TRUE(f.legal(0, {{"assist", same}}));
  EXPECT_FALSE(f.legal(0, {{"assist", far}}));
  f.play(0, {{"assist", near}});
  f.play(0, {{"assist", same}});
  EXPECT_EQ(f.s.assistants(), 2);
  EXPECT_EQ(f.s.control_modifier(roller), -1) << "a Bumper rolls at -1";
  f.play(0, {{"roll", true}});
  f.die(11);  // 11 - 1 + 2 = 12
  EXPECT_EQ(f.s.restaurant(at("rome"), 0), 0);
  EXPECT_FALSE(f.legal(0, F::deed(near, "open-kiosk")));
  EXPECT_TRUE(f.legal(0, F::deed(far, "open-kiosk")));
}

TEST(UfoActions, SedatorAlsoRollsAtMinusOneAndRivalRestaurantsCostTwo) {
  UfoFixture f(2);
  f.restaurant("rome", 0, 1);
  const int sed = f.ufo(0, "rome", UfoType::kSedator);
  EXPECT_EQ(f.s.control_modifier(sed), -3);
}

// ------------------------------------------------------------------ city count

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

TEST(UfoCityCount, NoMoreThanTwentyUfosInPlay) {
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

// ------------------------------------------------------------------ end

TEST(UfoEnd, CitiesNeededDependOnThePlayerCount) {
  const char* cities[] = {"rome", "paris", "london", "berlin", "moscow"};
  for (int players = 2; players <= 5; ++players) {
    const int needed = (players == 3 || players == 5) ? 4 : 5;
    for (int owned : {needed - 1, needed}) {
      UfoFixture f(players);
      for (int i = 0; i < owned; ++i) f.restaurant(cities[i], 0, 0);
      add_many_ufos(f, 0, "cairo", 6);  // too many UFOs to get another
      f.ufo(1, "giza");
      f.begin_turn(0);
      finish_turn(f);
      EXPECT_EQ(f.s.is_terminal(), owned >= needed) << players << " players, " << owned;
    }
  }
}

TEST(UfoEnd, EveryCityWithARestaurantEndsExceptWithThreePlayers) {
  for (int players = 2; players <= 4; ++players) {
    UfoFixture f(players);
    for (int c = 0; c < kNumCities; ++c)
      if (f.s.in_play(c)) f.restaurant(board().spaces[c].key, 0, c % players);
    add_many_ufos(f, 0, "giza", 5);
    f.begin_turn(0);
    finish_turn(f);
    EXPECT_EQ(f.s.is_terminal(), players != 3) << players;
  }
}

TEST(UfoEnd, RoundLimitEndsAndScoresTheGame) {
  UfoFixture f(2, 1);
  f.ufo(0, "giza");
  f.ufo(1, "suez");
  f.set_turns(0);
  f.begin_turn(0);
  finish_turn(f);
  EXPECT_FALSE(f.s.is_terminal());
  finish_turn(f);
  EXPECT_TRUE(f.s.is_terminal());
}

TEST(UfoEnd, ScoringRestaurantsKiosksAndEyewitnessesTiesShare) {
  UfoFixture f(3);
  f.token(at("rome"), 10);  // 8
  f.restaurant("rome", 0, 0);
  f.kiosk("tivoli", 0);
  f.kiosk("ostia", 0);
  f.eyewitnesses("paris", 0, 1);
  f.eyewitnesses("cairo", 0, 1);
  EXPECT_EQ(f.s.score(0), 8 + 2 - 4);
  f.token(at("berlin"), 8);  // 7
  f.restaurant("berlin", 0, 1);
  f.kiosk("giza", 1);
  f.eyewitnesses("moscow", 1, 1);
  EXPECT_EQ(f.s.score(1), 7 + 1 - 2);
  EXPECT_EQ(f.s.score(2), 0);
  GameResult r = f.s.result();
  EXPECT_EQ(r.rank[0], 1);
  EXPECT_EQ(r.rank[1], 1);
  EXPECT_EQ(r.rank[2], 3);
  EXPECT_TRUE(r.winners.contains(0));
  EXPECT_TRUE(r.winners.contains(1));
  EXPECT_FALSE(r.winners.contains(2));
}

// ------------------------------------------------------------------ contract

TEST(UfoContract, StateJsonRoundTripsAndCorruptionIsRefused) {
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

TEST(UfoContract, IllegalActionsAreRefusedWithStableCodes) {
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
