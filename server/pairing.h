// Internal to server/: a tournament's pairings and standings
// (docs/tournaments.md). Plain data in, plain data out: no store, no clock,
// no tables; the caller (server/tournaments.cpp) reads the entrants and the
// results and makes the tables this answers.
//
// Entrants are indices into the entrants' list the caller keeps (its order
// is the seeding: by rating at the start, the caller's job). A table holds
// table_size seats (fewer when the entrants do not fill whole tables); a
// finished table has each seat's rank (0 the best, ties equal), as a
// game's result gives it (AnyState::result_json's "rank").
//
// Points: a finished table gives each seat the share of the other seats it
// beat, a tie counting half: 1 for a win, 0.5 for a draw, 0 for a loss at a
// two-player table; at a table of four, 1, 2/3, 1/3 and 0 from the first
// to the last. A bye scores a win (1). Standings order: points, then
// Buchholz (the sum of the final points of every opponent met, once per
// table shared; a bye adds none), then rating, then the entrant's id.
//
// Swiss: each round orders the entrants by points, then rating (then id),
// gives the byes to the lowest of them that had none (or fewest), and fills
// tables in that order: the highest unseated opens a table and takes the
// next ones down with whom no one at the table has sat before (a search
// that backtracks, so that 1-2 3-4 becomes 1-3 2-4 when 1 and 2 met); when
// no seating without a repeat exists (or the search ran out of steps), the
// tables are filled taking, for each seat, the next one down with the
// fewest earlier meetings.
//
// Round robin: at two-player tables, the circle method (n-1 rounds, n when
// n is odd: the one left out of a round has the bye), so that every pair
// meets exactly once. At larger tables, each round seats first the entrants
// with the most others not yet met, each taking the next ones they have not
// met; rounds follow until every pair has met (round_robin_rounds).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace meeple::server::pairing {

enum class Kind { kSwiss, kRoundRobin };

struct Format {
  Kind kind = Kind::kSwiss;
  int table_size = 2;  // seats per table
  int min_table = 2;   // the game's fewest players: no table has fewer
};

struct Entrant {
  std::string id;  // the account's id: the last tie-break
  double rating = 1500;
};

struct Table {
  std::vector<int> seats;  // entrants, seat 0 first
  std::vector<int> ranks;  // per seat once the table finished; empty before
  bool finished() const { return !ranks.empty(); }
};

struct Round {
  std::vector<Table> tables;
  std::vector<int> byes;  // entrants sitting this round out (each scores a win)
  bool finished() const;
};

struct Standing {
  int entrant = 0;
  double points = 0;
  double buchholz = 0;
  int tables = 0;  // finished tables played
  int byes = 0;
  int place = 0;  // 0 for the first
};

// The points of `seat` at a finished table (see above).
double table_points(const std::vector<int>& ranks, std::size_t seat);

// How many seats each table of a round of n entrants has, and how many byes
// (left in *byes): ceil(n / table_size) tables as even as can be when none
// is then below min_table, else n / table_size full tables and the rest
// byes (at two-player tables: byes is n % 2).
std::vector<int> table_sizes(int n, const Format& f, int* byes);

// The next round after `played` (every round of it finished for Swiss; a
// round robin needs only who met whom). Swiss reads the results; a round
// robin at two-player tables follows the circle method by round number.
Round next_round(const Format& f, const std::vector<Entrant>& entrants,
                 const std::vector<Round>& played);

// The rounds of a round robin of n entrants (see above): n-1 or n at
// two-player tables; at larger tables, as many as its rounds take until
// every pair met.
int round_robin_rounds(const Format& f, int n);

// Standings after `rounds` (finished tables only; unfinished ones count
// nothing yet, their byes do), in standings order.
std::vector<Standing> standings(const std::vector<Entrant>& entrants,
                                const std::vector<Round>& rounds);

}  // namespace meeple::server::pairing
