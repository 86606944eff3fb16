// Tournament pairings and standings (server/pairing.h,
// docs/tournaments.md): a whole Swiss tournament of nine accounts over
// three rounds against a table worked out by hand, round robins at two- and
// three-player tables, table sizes and points.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "server/pairing.h"

namespace meeple::server::pairing {
namespace {

// Nine accounts A..I rated 1900, 1850, ... 1500 (seeded in that order).
std::vector<Entrant> nine() {
  std::vector<Entrant> e;
  for (int i = 0; i < 9; ++i)
    e.push_back({.id = std::string(1, static_cast<char>('A' + i)), .rating = 1900.0 - 50 * i});
  return e;
}

int at(char c) {
  return c - 'A';
}

// A table's seats as letters, "AB".
std::string letters(const Table& t) {
  std::string s;
  for (int e : t.seats) s += static_cast<char>('A' + e);
  return s;
}

std::vector<std::string> tables_of(const Round& r) {
  std::vector<std::string> v;
  for (const auto& t : r.tables) v.push_back(letters(t));
  return v;
}

// Sets the result of the table where `first` sits: 'w' the first seat
// won, 'l' it lost, 'd' a draw.
void result(Round& r, const std::string& table, char how) {
  for (auto& t : r.tables) {
    if (letters(t) != table) continue;
    t.ranks = how == 'w'   ? std::vector<int>{0, 1}
              : how == 'l' ? std::vector<int>{1, 0}
                           : std::vector<int>{0, 0};
    return;
  }
  ADD_FAILURE() << "no table " << table;
}

// The hand-worked tournament (points before each round in brackets):
//
// Round 1: everyone on 0, so by rating A B C D E F G H I. The bye goes to
//   the lowest, I. Tables AB CD EF GH. Results: A beats B, D beats C, E
//   beats F, G and H draw. I scores 1 for the bye.
//   After: A 1, D 1, E 1, I 1, G ½, H ½, B 0, C 0, F 0.
// Round 2: order by points then rating: A D E I (1), G H (½), B C F (0).
//   Bye: the lowest without one: F. Pairing down the order: A-D, E-I, then
//   G-H met in round 1, so G takes the next one down, B, and H takes C.
//   Tables AD EI GB HC. Results: A beats D, I beats E, B beats G, H and C
//   draw.
//   After: A 2, I 2, B 1, D 1, E 1, F 1, H 1, C ½, G ½.
// Round 3: order A I (2), B D E F H (1, by rating), C G (½).
//   Bye: the lowest without one: G (I and F had theirs). Pairing: A-I,
//   B-D, E-F met in round 1 so E takes H, and F takes C.
//   Tables AI BD EH FC. Results: A and I draw, B beats D, H beats E, C
//   beats F.
// Final points: A 2½, I 2½, B 2, H 2, C 1½, G 1½, D 1, E 1, F 1 (sum 15:
//   12 tables and 3 byes).
// Buchholz (opponents' final points; byes add none):
//   A: B 2 + D 1 + I 2½ = 5½     I: E 1 + A 2½ = 3½
//   B: A 2½ + G 1½ + D 1 = 5     H: G 1½ + C 1½ + E 1 = 4
//   C: D 1 + H 2 + F 1 = 4       G: H 2 + B 2 = 4
//   D: C 1½ + A 2½ + B 2 = 6     E: F 1 + I 2½ + H 2 = 5½
//   F: E 1 + C 1½ = 2½
// Standings: A (2½, 5½), I (2½, 3½), B (2, 5), H (2, 4), C and G (1½, 4:
//   C by rating 1800 to 1600), D (1, 6), E (1, 5½), F (1, 2½).
TEST(Pairing, SwissOfNineOverThreeRounds) {
  const auto e = nine();
  const Format f{.kind = Kind::kSwiss, .table_size = 2, .min_table = 2};
  std::vector<Round> played;

  Round r1 = next_round(f, e, played);
  EXPECT_EQ(tables_of(r1), (std::vector<std::string>{"AB", "CD", "EF", "GH"}));
  EXPECT_EQ(r1.byes, (std::vector<int>{at('I')}));
  result(r1, "AB", 'w');
  result(r1, "CD", 'l');
  result(r1, "EF", 'w');
  result(r1, "GH", 'd');
  played.push_back(r1);

  Round r2 = next_round(f, e, played);
  EXPECT_EQ(tables_of(r2), (std::vector<std::string>{"AD", "EI", "GB", "HC"}));
  EXPECT_EQ(r2.byes, (std::vector<int>{at('F')}));
  result(r2, "AD", 'w');
  result(r2, "EI", 'l');
  result(r2, "GB", 'l');
  result(r2, "HC", 'd');
  played.push_back(r2);

  Round r3 = next_round(f, e, played);
  EXPECT_EQ(tables_of(r3), (std::vector<std::string>{"AI", "BD", "EH", "FC"}));
  EXPECT_EQ(r3.byes, (std::vector<int>{at('G')}));
  result(r3, "AI", 'd');
  result(r3, "BD", 'w');
  result(r3, "EH", 'l');
  result(r3, "FC", 'l');
  played.push_back(r3);

  struct Row {
    char who;
    double points;
    double buchholz;
  };
  const std::vector<Row> expected = {{'A', 2.5, 5.5}, {'I', 2.5, 3.5}, {'B', 2, 5},
                                     {'H', 2, 4},     {'C', 1.5, 4},   {'G', 1.5, 4},
                                     {'D', 1, 6},     {'E', 1, 5.5},   {'F', 1, 2.5}};
  const auto s = standings(e, played);
  ASSERT_EQ(s.size(), expected.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    SCOPED_TRACE(expected[i].who);
    EXPECT_EQ(s[i].entrant, at(expected[i].who));
    EXPECT_DOUBLE_EQ(s[i].points, expected[i].points);
    EXPECT_DOUBLE_EQ(s[i].buchholz, expected[i].buchholz);
    EXPECT_EQ(s[i].place, static_cast<int>(i));
  }
  // Byes: one each for I, F and G; everyone else played three tables.
  for (const auto& row : s) EXPECT_EQ(row.tables + row.byes, 3) << e[row.entrant].id;
}

// Four entrants who all met after three rounds: a fourth round has no
// seating without a repeat, and is still made (fewest repeats first).
TEST(Pairing, SwissRepeatsOnlyWhenUnavoidable) {
  std::vector<Entrant> e = {{"A", 1800}, {"B", 1700}, {"C", 1600}, {"D", 1500}};
  const Format f{.kind = Kind::kSwiss, .table_size = 2, .min_table = 2};
  std::vector<Round> played;
  std::set<std::pair<int, int>> met;
  for (int round = 0; round < 3; ++round) {
    Round r = next_round(f, e, played);
    ASSERT_EQ(r.tables.size(), 2u);
    for (auto& t : r.tables) {
      const auto pair = std::minmax(t.seats[0], t.seats[1]);
      EXPECT_TRUE(met.insert(pair).second) << "round " << round + 1 << " repeats " << letters(t);
      t.ranks = {0, 1};
    }
    played.push_back(r);
  }
  EXPECT_EQ(met.size(), 6u);
  const Round fourth = next_round(f, e, played);
  EXPECT_EQ(fourth.tables.size(), 2u);
  EXPECT_TRUE(fourth.byes.empty());
}

// Swiss at tables of three: eight entrants make tables of 3, 3 and 2 (the
// game plays with 2), grouped by points.
TEST(Pairing, SwissAtThreePlayerTablesGroupsByPoints) {
  std::vector<Entrant> e;
  for (int i = 0; i < 8; ++i)
    e.push_back({.id = std::string(1, static_cast<char>('A' + i)), .rating = 1900.0 - 50 * i});
  const Format f{.kind = Kind::kSwiss, .table_size = 3, .min_table = 2};
  Round r1 = next_round(f, e, {});
  EXPECT_EQ(tables_of(r1), (std::vector<std::string>{"ABC", "DEF", "GH"}));
  EXPECT_TRUE(r1.byes.empty());
  // The last seat of each table wins it: C, F and H lead on 1 point.
  for (auto& t : r1.tables) {
    t.ranks.assign(t.seats.size(), 1);
    t.ranks.back() = 0;
    if (t.seats.size() == 3) t.ranks[0] = 2;
  }
  const auto s1 = standings(e, {r1});
  EXPECT_EQ(s1[0].entrant, at('C'));
  EXPECT_DOUBLE_EQ(s1[0].points, 1);
  // Round 2 starts with the three winners at one table (none met).
  Round r2 = next_round(f, e, {r1});
  EXPECT_EQ(letters(r2.tables[0]), "CFH");
}

TEST(Pairing, TableSizesAndByes) {
  int byes = -1;
  EXPECT_EQ(table_sizes(9, {.table_size = 2, .min_table = 2}, &byes), (std::vector<int>(4, 2)));
  EXPECT_EQ(byes, 1);
  EXPECT_EQ(table_sizes(10, {.table_size = 4, .min_table = 2}, &byes), (std::vector<int>{4, 3, 3}));
  EXPECT_EQ(byes, 0);
  EXPECT_EQ(table_sizes(10, {.table_size = 3, .min_table = 3}, &byes), (std::vector<int>(3, 3)));
  EXPECT_EQ(byes, 1);
}

TEST(Pairing, TablePointsShareTheBeatenSeats) {
  EXPECT_DOUBLE_EQ(table_points({0, 1}, 0), 1);
  EXPECT_DOUBLE_EQ(table_points({0, 1}, 1), 0);
  EXPECT_DOUBLE_EQ(table_points({0, 0}, 1), 0.5);
  EXPECT_DOUBLE_EQ(table_points({2, 0, 1, 3}, 2), 2.0 / 3);
  EXPECT_DOUBLE_EQ(table_points({0, 1, 1}, 1), 0.25);
}

// Every pair of a two-player round robin meets exactly once; with an odd
// count everyone has exactly one bye; no one sits twice in a round.
void check_two_player_round_robin(int n) {
  SCOPED_TRACE(n);
  std::vector<Entrant> e;
  for (int i = 0; i < n; ++i) e.push_back({.id = std::to_string(100 + i), .rating = 1500});
  const Format f{.kind = Kind::kRoundRobin, .table_size = 2, .min_table = 2};
  const int rounds = round_robin_rounds(f, n);
  EXPECT_EQ(rounds, n % 2 == 0 ? n - 1 : n);
  std::vector<Round> played;
  std::map<std::pair<int, int>, int> met;
  std::vector<int> byes(n, 0);
  std::vector<int> first_seats(n, 0);
  for (int r = 0; r < rounds; ++r) {
    Round round = next_round(f, e, played);
    std::set<int> seated;
    for (auto& t : round.tables) {
      ASSERT_EQ(t.seats.size(), 2u);
      for (int s : t.seats) EXPECT_TRUE(seated.insert(s).second);
      ++met[std::minmax(t.seats[0], t.seats[1])];
      ++first_seats[t.seats[0]];
      t.ranks = {0, 1};
    }
    for (int b : round.byes) {
      EXPECT_TRUE(seated.insert(b).second);
      ++byes[b];
    }
    EXPECT_EQ(static_cast<int>(seated.size()), n);
    played.push_back(round);
  }
  EXPECT_EQ(static_cast<int>(met.size()), n * (n - 1) / 2);
  for (const auto& [pair, times] : met) EXPECT_EQ(times, 1);
  for (int b : byes) EXPECT_EQ(b, n % 2);
  // First seats shared out: no one has the first seat more than half the
  // rounds and one.
  for (int fs : first_seats) EXPECT_LE(fs, rounds / 2 + 1);
}

TEST(Pairing, RoundRobinTwoPlayerEveryPairOnce) {
  for (int n : {2, 4, 5, 6, 9}) check_two_player_round_robin(n);
}

// At three-player tables, the rounds go on until every pair met.
TEST(Pairing, RoundRobinThreePlayerEveryPairMeets) {
  for (int n : {6, 7, 9}) {
    SCOPED_TRACE(n);
    std::vector<Entrant> e;
    for (int i = 0; i < n; ++i) e.push_back({.id = std::to_string(100 + i), .rating = 1500});
    const Format f{.kind = Kind::kRoundRobin, .table_size = 3, .min_table = 3};
    const int rounds = round_robin_rounds(f, n);
    // Each table of three adds at most three pairs.
    EXPECT_GE(rounds * (n / 3) * 3, n * (n - 1) / 2);
    EXPECT_LE(rounds, n);
    std::vector<Round> played;
    std::set<std::pair<int, int>> met;
    for (int r = 0; r < rounds; ++r) {
      Round round = next_round(f, e, played);
      for (auto& t : round.tables) {
        EXPECT_EQ(t.seats.size(), 3u);
        for (int a : t.seats)
          for (int b : t.seats)
            if (a < b) met.insert({a, b});
        t.ranks = {0, 1, 2};
      }
      played.push_back(round);
    }
    EXPECT_EQ(static_cast<int>(met.size()), n * (n - 1) / 2);
  }
}

}  // namespace
}  // namespace meeple::server::pairing
