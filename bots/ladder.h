// Strength ladder: a round-robin of bot configurations in one game, turned
// into Bradley-Terry ratings on the Elo scale with 95% intervals, and each
// configuration's time per decision.
//
// Seating. Every unordered pair of configurations (a, b) meets in
// games_per_pair games. At P players the seats alternate a, b, a, b, ...; odd
// games swap the two, so over an even number of games each configuration
// holds each seat equally often (first-player advantage cancels) and, at an
// odd P, both hold the same number of seats. Games 2k and 2k+1 share their
// chance seed (the same deal played from both sides), which takes the deal's
// luck out of the comparison.
//
// Outcome. A game scores for a the share of (a-seat, b-seat) pairs in which
// a's seat ranks better (ties count half), a number in [0, 1]; b gets the
// rest. One game is one observation, however many seats each side holds.
// A game a program forfeits (bots/program_bot.h) scores 0 for its side.
// In a cooperative game (First Contact at 2-3 players, where both sides win
// or lose together) every game is a tie and the ladder says nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bots/match.h"
#include "bots/program_bot.h"
#include "core/any_game.h"

namespace meeple {

// The pairwise record the fit reads: `score` is what i earned against j
// (wins + half the ties, fractional results allowed); `games[i][j]` the games
// between them (symmetric).
struct PairRecord {
  std::vector<std::string> names;
  std::vector<std::vector<double>> score;
  std::vector<std::vector<double>> games;
  explicit PairRecord(std::vector<std::string> n = {});
  void add(std::size_t i, std::size_t j, double score_i);  // one game: i scored score_i
};

struct Rating {
  std::string name;
  double elo = 0;               // 400 log10 of the strength; the anchor is 0
  double low = 0, high = 0;     // 95% interval
  double games = 0, score = 0;  // over all its pairs
};

// Fits Bradley-Terry strengths by maximum likelihood (minorize-maximize
// iterations) and reports them on the Elo scale with `anchor` at 0. The
// likelihood carries one virtual drawn game per pair, which keeps strengths
// finite when a configuration wins every game and moves them little
// otherwise. Intervals are 95% normal intervals of each rating's difference
// from the anchor, from the inverse of the observed Fisher information (the
// anchor's interval is [0, 0]). Deterministic; the record must be connected
// (a round-robin is).
std::vector<Rating> fit_bradley_terry(const PairRecord& record, std::size_t anchor = 0);

struct LadderOptions {
  int players = 2;
  int games_per_pair = 10;
  std::uint64_t seed = 1;
  Json params = Json::object();
  std::vector<std::string> bots;  // configurations (bot specs), at least two
  int threads = 1;                // games played at once; times per decision are truest at 1
  // A program bot's time per decision when its spec gives none
  // (cmd:COMMAND, bots/program_bot.h).
  double seconds_per_move = 10;
  // Bots of the caller's own beside the specs make_arena_bot knows (the
  // Python module's objects).
  OwnBots own_bots;
  std::function<void(int done, int total)> progress;
};

struct LadderEntry {
  Rating rating;
  // Time per decision (choose()): CPU time of one thread for a built-in bot,
  // wall time (the answer's wait) for a program.
  double median_ms = 0, p95_ms = 0;
  long decisions = 0;
};

struct LadderReport {
  std::string game;
  int players = 0;
  int games_per_pair = 0;
  int games = 0;
  std::uint64_t seed = 0;
  std::string anchor;
  std::vector<LadderEntry> entries;  // strongest first
  PairRecord record;
  std::vector<Error> errors;
  std::vector<Forfeit> forfeits;  // game numbers count every pair's games in turn, from 1
  double seconds = 0;
  Json to_json() const;
};

// The configurations a ladder of `game` compares when none are given:
// random, the game's own bot(s), and ismcts at 30, 100, 300 and 1000
// iterations.
std::vector<std::string> default_ladder_bots(const AnyGame& game);

Expected<LadderReport> run_ladder(const AnyGame& game, const LadderOptions& opt);

}  // namespace meeple
