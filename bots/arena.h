// Bot tournaments: N games of one game with seats rotating between bots (or
// fixed), reported per bot with 95% confidence intervals. A bot may be a
// program (cmd:COMMAND, bots/program_bot.h); a game a seat forfeits counts as
// lost by that seat and won by every other.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "bots/match.h"
#include "bots/program_bot.h"

namespace meeple {

struct ArenaOptions {
  int games = 100;
  int players = 0;
  std::uint64_t seed = 1;
  Json params = Json::object();
  std::vector<std::string> bots;  // cycled over the seats; rotated each game
  // A program bot's time per decision when its spec gives none
  // (cmd:COMMAND, bots/program_bot.h).
  double seconds_per_move = 10;
  // Bots keep their seats (bots[i] plays seat i in every game; one bot per
  // seat): for games whose seats differ in role, e.g. First Contact's alien.
  bool fixed_seats = false;
  // Bots of the caller's own beside the specs make_arena_bot knows (the
  // Python module's objects).
  OwnBots own_bots;
  std::function<void(int done, int total)> progress;
};

struct ArenaBotStats {
  std::string name;
  int games = 0;                // seat-games played
  std::vector<int> seat_games;  // of which in seat 0, 1, ...
  int wins = 0;
  int forfeits = 0;  // seat-games lost by forfeit (counted in games, not in scores)
  int scored = 0;    // seat-games played to the end: mean_score's
  double score_sum = 0;
};

struct ArenaReport {
  std::string game;
  int players = 0;
  int games = 0;
  bool fixed_seats = false;
  std::vector<ArenaBotStats> bots;
  std::vector<Error> errors;
  std::vector<Forfeit> forfeits;  // in game order
  Json extra = Json::object();    // game-specific figures (teams, rounds, verdicts)
  double seconds = 0;
  Json to_json() const;
};

// Wilson score interval for `wins` out of `n` at 95%.
std::pair<double, double> wilson95(int wins, int n);

Expected<ArenaReport> run_arena(const AnyGame& game, const ArenaOptions& opt);

}  // namespace meeple
