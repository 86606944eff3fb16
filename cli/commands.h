// The meeple subcommands. Each returns the process exit code: 0 success,
// 1 a failed check (selfplay/replay found errors), 2 bad input.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace meeple::cli {

struct GamesArgs {
  bool json = false;
};
int cmd_games(const GamesArgs& a, std::ostream& out, std::ostream& err);

struct NewArgs {
  std::string game;
  int players = 0;  // 0: the game's minimum... see docs
  std::uint64_t seed = 1;
  std::vector<std::string> params;  // key=value
  bool stop_at_chance = false;
};
int cmd_new(const NewArgs& a, std::ostream& out, std::ostream& err);

struct ApplyArgs {
  std::string game;
  std::string state_file;            // "-" = stdin
  std::vector<std::string> actions;  // JSON: {"seat": S, "action": ...}
  // Resolve chance with this seed before and after each action (else chance
  // outcomes are given as actions of seat -1).
  std::optional<std::uint64_t> seed;
  std::string view;  // a seat (or "spectator"): print its view, not the state
};
int cmd_apply(const ApplyArgs& a, std::istream& in, std::ostream& out, std::ostream& err);

// A state's legal actions (each: number, JSON form, words) or chance outcomes
// (with weights), for programs and for people writing --action.
struct LegalArgs {
  std::string game;
  std::string state_file;   // "-" = stdin
  std::optional<int> seat;  // default: every seat to act (or chance)
  std::string lang = "en";
  bool json = false;
  bool primary = false;  // leave out free actions (First Contact's note pad)
};
int cmd_legal(const LegalArgs& a, std::istream& in, std::ostream& out, std::ostream& err);

struct ViewArgs {
  std::string game;
  std::string state_file;  // "-" = stdin
  std::string seat;        // 0.., or "spectator" (-2)
  bool text = false;       // the board in words instead of JSON
  std::string lang = "en";
};
int cmd_view(const ViewArgs& a, std::istream& in, std::ostream& out, std::ostream& err);

struct ResultArgs {
  std::string game;
  std::string state_file;  // "-" = stdin
};
int cmd_result(const ResultArgs& a, std::istream& in, std::ostream& out, std::ostream& err);

// `meeple engine` (docs/engine-protocol.md): JSON lines on in and out until
// the input ends or a quit command.
struct EngineArgs {
  // The most a bot or a go may search per decision ("Ns,N"); "": BudgetCap's default.
  std::string max_bot_budget;
};
int cmd_engine(const EngineArgs& a, std::istream& in, std::ostream& out, std::ostream& err);

struct SelfplayArgs {
  std::string game;
  int players = 0;
  int games = 1;
  std::uint64_t seed = 1;
  std::string bots;  // B1,B2,... (default random for every seat)
  std::vector<std::string> params;
  std::string record_dir;
  bool json = false;
  int check_every = 1;  // deep conformance checks on every Nth step
};
int cmd_selfplay(const SelfplayArgs& a, std::ostream& out, std::ostream& err);

struct ReplayArgs {
  std::string file;
  bool json = false;
};
int cmd_replay(const ReplayArgs& a, std::istream& in, std::ostream& out, std::ostream& err);

struct AnalyseArgs {
  std::string file;
  int seat = 0;
  std::string budget = "1000";
  std::uint64_t seed = 1;
  std::string lang = "en";
  bool json = false;
};
// `meeple analyse`: the bot's review of one seat's decisions (bots/review.h).
int cmd_analyse(const AnalyseArgs& a, std::istream& in, std::ostream& out, std::ostream& err);

struct ArenaArgs {
  std::string game;
  std::string bots;  // B1,B2,... cycled over the seats, rotated each game
  int games = 100;
  int players = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> params;
  bool json = false;
  bool progress = true;       // a progress bar when stderr is a terminal
  bool fixed_seats = false;   // bot i always plays seat i (one bot per seat)
  double time_per_move = 10;  // seconds per decision of a program bot (cmd:...)
};
int cmd_arena(const ArenaArgs& a, std::ostream& out, std::ostream& err);

// `meeple ladder` (bots/ladder.h): a round-robin of bot configurations,
// rated on the Elo scale with random at 0.
struct LadderArgs {
  std::string game;
  std::string bots;  // B1,B2,...; empty: default_ladder_bots()
  int players = 2;
  int games_per_pair = 10;
  std::uint64_t seed = 1;
  int threads = 1;
  std::vector<std::string> params;
  bool json = false;
  bool progress = true;       // a progress bar when stderr is a terminal
  double time_per_move = 10;  // seconds per decision of a program bot (cmd:...)
};
int cmd_ladder(const LadderArgs& a, std::ostream& out, std::ostream& err);

struct BenchArgs {
  double seconds = 3.0;  // per game configuration
  std::string game;      // empty: every game
  bool json = false;
  bool signature = false;  // print the bench signature instead of timing (bench.h)
};
int cmd_bench(const BenchArgs& a, std::ostream& out, std::ostream& err);

struct PlayArgs {
  std::string game;
  int seat = 0;
  std::vector<int> people;  // several people at one keyboard (overrides seat)
  int players = 0;
  std::string bots;  // for the other seats, cycled; default: heuristic if any
  std::vector<std::string> params;
  std::string lang;  // "": a resumed game's, else "en"
  std::uint64_t seed = 0;
  bool no_undo = false;  // people may not take back moves
  // `meeple learn`: the game's guided first game (room/guide.h): its table,
  // deal and bots, the guide's words before each decision and its
  // suggestion marked. `seed_given`: --seed replaces the guide's (for
  // authors trying deals); `show_json`: each choice's JSON form too.
  bool learn = false;
  bool seed_given = false;
  bool show_json = false;
  // One choice a line even on a terminal (screen readers); pipes and files
  // always get that.
  bool plain = false;
  std::string guide_file;  // another script than the game's (for authors)
  int part = 1;            // which part of the guide (1 first)
  // Games are kept, so a closed terminal loses nothing: every change is
  // written to `record_file` (a game record with the seats at this keyboard);
  // empty and `keep_by_default`: a new file in kept_games_folder(); with them the
  // language and --no-undo. `resume_file`: a kept game to go on with (its
  // game, table, seed, moves, language and --no-undo; --lang, --no-undo and
  // the record file may be given anew; a game named beside it must be the
  // kept one).
  std::string record_file;
  bool keep_by_default = false;
  std::string resume_file;
};
// Where games are kept unless --record says otherwise.
std::string kept_games_folder();
int cmd_play(const PlayArgs& a, std::istream& in, std::ostream& out, std::ostream& err);

// A SQLite store's file (cli/store_commands.cpp; docs/server.md, "Backups").
// check: what is damaged in the file and every table whose record does not
// replay (1 when any; the file is read, never changed). backup: `db`
// copied to the new file `file` while a server may be writing it. restore:
// the backup `file` checked (every table replays) and put in place of `db`,
// unless a server has `db` open.
struct StoreArgs {
  std::string db;
  std::string file;       // backup: the new backup; restore: the backup to put back
  bool thorough = false;  // check: integrity_check rather than quick_check
};
int cmd_check(const StoreArgs& a, std::ostream& out, std::ostream& err);
int cmd_backup(const StoreArgs& a, std::ostream& out, std::ostream& err);
int cmd_restore(const StoreArgs& a, std::ostream& out, std::ostream& err);

}  // namespace meeple::cli
