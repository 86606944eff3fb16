// Internal to server/: ratings of rated tables (docs/ratings.md). The
// Glicko-2 system as Mark Glickman publishes it ("Example of the Glicko-2
// system", glicko.net/glicko/glicko2.pdf): one rating period updates a
// player's rating, rating deviation (RD) and volatility from the games of
// that period. One rated table is one period for its players; a
// multi-player result is split into pairwise results by rank. Plain maths
// over JSON: no store, no accounts (the caller reads and writes the rows).
#pragma once

#include <optional>
#include <vector>

#include "core/params.h"

namespace meeple::server::rating {

// The system's constants (the paper's symbols).
inline constexpr double kStartRating = 1500;  // r of an unrated player
inline constexpr double kStartRd = 350;       // RD of an unrated player
inline constexpr double kStartVolatility = 0.06;
inline constexpr double kTau = 0.5;           // τ: how fast the volatility may change
inline constexpr double kScale = 173.7178;    // Glicko to Glicko-2: μ = (r − 1500) / 173.7178
inline constexpr double kEpsilon = 0.000001;  // the volatility iteration's convergence

// One player's rating in one game, on the Glicko scale. The start values
// are an account's first rating in a game.
struct Rating {
  double rating = kStartRating;
  double rd = kStartRd;
  double volatility = kStartVolatility;
  int games = 0;  // rated tables that changed it
};

// One game of a rating period: the opponent's rating before the period and
// the player's score against them (1 won, 0.5 drawn, 0 lost), and how much
// it counts (docs/ratings.md, "Games that count": a pair's repeated games
// count less), from 0 (not at all) to 1 (a whole game, the paper's).
struct Outcome {
  Rating opponent;
  double score = 0;
  double weight = 1;
};

// One rating period (the paper's steps 1-8). With no games only the RD
// grows (step 6: φ* = √(φ² + σ²)); `games` counts one more when `games` is
// not empty. A game of weight w counts as w of a game in steps 3 and 4
// (its terms of v⁻¹ and of Δ's sum are multiplied by w): with every
// weight 1, the paper's system; games of weight 0 must be left out.
Rating update(const Rating& player, const std::vector<Outcome>& games, double tau = kTau);

// How much the n-th rated table of one pair of accounts in one game within
// the rating window counts (n = 1 for their first; docs/ratings.md): 1 for
// the first kFullPairGames, then half of the one before: 1, 1, 0.5, 0.25,
// ... so that however often two accounts play each other, their tables of
// one window count at most as kFullPairGames + 1 games.
inline constexpr int kFullPairGames = 2;
double pair_weight(int n);

// The pairwise results of a finished game's result (AnyState::result_json:
// {"rank": [...], "details": ...}), per seat: each opponent's seat and the
// score against them (1, 0.5, 0). Ahead by rank (1 is first) wins, the same
// rank draws. A result whose details hold "teams" (First Contact: the
// aliens and the earthlings, each team with its own winner) pairs each seat
// only with its own team's other seats: the teams do not play against each
// other. request/malformed for a result without one rank per seat.
struct Pairing {
  int opponent = 0;
  double score = 0;
};
Expected<std::vector<std::vector<Pairing>>> pairings(const Json& result);

// The new ratings after one rated table: `prior` holds each seat's rating
// before it (nullopt: a seat nobody rated plays at, a guest's or a bot's,
// which is neither updated nor counted as an opponent). Each rated seat
// with at least one rated opponent gets one period over all its pairings,
// against its opponents' ratings before the table; a rated seat without
// one (a one-player team of First Contact) keeps its rating unchanged; an
// unrated seat gets nullopt. request/malformed when the result's seats are
// not `prior`'s.
// `weight[a][b]`, when given (one row per seat, one weight per seat), is
// how much seat a's game against seat b counts (pair_weight; 0 for two
// accounts that shared an address lately): a pairing of weight 0 is left
// out, and a seat left with none keeps its rating unchanged.
Expected<std::vector<std::optional<Rating>>> rate_table(
    const Json& result, const std::vector<std::optional<Rating>>& prior,
    const std::vector<std::vector<double>>& weight = {});

}  // namespace meeple::server::rating
