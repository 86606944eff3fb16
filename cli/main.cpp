// meeple: one binary, many subcommands (docs/architecture.md).
#include <algorithm>
#include <iostream>
#include <random>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "server/loadtest.h"
#include "server/server.h"

int main(int argc, char** argv) {
  using namespace meeple::cli;
  CLI::App app{"meeple: First Contact, First Giants and Ufo! fritti dallo spazio!"};
  app.require_subcommand(1);

  GamesArgs games;
  auto* c_games = app.add_subcommand("games", "List the games, their player counts and parameters");
  c_games->add_flag("--json", games.json, "Print JSON");

  NewArgs nw;
  auto* c_new = app.add_subcommand("new", "Print the initial state of a new game as JSON");
  c_new->add_option("game", nw.game, "Game name (see meeple games)")->required();
  c_new->add_option("--players", nw.players, "Number of players");
  c_new->add_option("--seed", nw.seed, "Seed for chance (shuffles, dice)");
  c_new->add_option("--param", nw.params, "Rule option key=value (repeatable)");
  c_new->add_flag("--stop-at-chance", nw.stop_at_chance, "Do not resolve the opening chance");

  ApplyArgs ap;
  auto* c_apply =
      app.add_subcommand("apply", "Apply actions to a state JSON and print the new state");
  c_apply->add_option("game", ap.game, "Game name")->required();
  c_apply->add_option("--state", ap.state_file, "State file, or - for stdin")->required();
  c_apply->add_option(
      "--action", ap.actions,
      "Action: {\"seat\": S, \"action\": A} with A its number or JSON form (see meeple legal), "
      "or A alone for the one seat to act; seat -1 is chance (repeatable)");
  c_apply->add_option("--seed", ap.seed, "Draw chance with this seed before and after each action");
  c_apply->add_option("--view", ap.view, "Print this seat's view (or spectator's), not the state");

  LegalArgs lg;
  auto* c_legal = app.add_subcommand(
      "legal", "List a state's legal actions (number, JSON form, words) or chance outcomes");
  c_legal->add_option("game", lg.game, "Game name")->required();
  c_legal->add_option("--state", lg.state_file, "State file, or - for stdin")->required();
  c_legal->add_option("--seat", lg.seat, "Only this seat (-1: chance); default every seat to act");
  c_legal->add_option("--lang", lg.lang, "Language of the words: en, it or ko");
  c_legal->add_flag("--json", lg.json, "Print JSON");
  c_legal->add_flag("--primary", lg.primary,
                    "Leave out free actions that do not end a decision (First Contact's note pad)");

  ViewArgs vw;
  auto* c_view = app.add_subcommand("view", "Print what one seat (or a spectator) sees of a state");
  c_view->add_option("game", vw.game, "Game name")->required();
  c_view->add_option("--state", vw.state_file, "State file, or - for stdin")->required();
  c_view->add_option("--seat", vw.seat, "Seat 0.., or spectator")->required();
  c_view->add_flag("--text", vw.text, "The board in words instead of JSON");
  c_view->add_option("--lang", vw.lang, "Language of --text: en, it or ko");

  ResultArgs rs;
  auto* c_result = app.add_subcommand("result", "Print the result of a finished game's state");
  c_result->add_option("game", rs.game, "Game name")->required();
  c_result->add_option("--state", rs.state_file, "State file, or - for stdin")->required();

  EngineArgs en;
  auto* c_engine = app.add_subcommand(
      "engine", "Speak JSON lines on stdin/stdout for programs (docs/engine-protocol.md)");

  SelfplayArgs sp;
  auto* c_self = app.add_subcommand("selfplay", "Play whole games with bots, checking every step");
  c_self->add_option("game", sp.game, "Game name")->required();
  c_self->add_option("--players", sp.players, "Number of players");
  c_self->add_option("--games", sp.games, "Number of games")->check(CLI::PositiveNumber);
  c_self->add_option("--seed", sp.seed, "Seed");
  c_self->add_option("--bots", sp.bots, "Bots, one per seat or one for all (B1,B2,...)");
  c_self->add_option("--param", sp.params, "Rule option key=value (repeatable)");
  c_self->add_option("--record", sp.record_dir, "Write each game's record into this folder");
  c_self->add_option("--check-every", sp.check_every,
                     "Deep conformance checks every N steps (default 1: every step, slow; 0: none, "
                     "hundreds of times faster)");
  c_self->add_flag("--json", sp.json, "Print one JSON object");

  ReplayArgs rp;
  auto* c_replay =
      app.add_subcommand("replay", "Replay a game record, checking every step and the result");
  c_replay->add_option("file", rp.file, "Record file, or - for stdin")->required();
  c_replay->add_flag("--json", rp.json, "Print JSON");

  AnalyseArgs an;
  auto* c_analyse = app.add_subcommand(
      "analyse",
      "The bot's review of a game record: for each decision of a seat, the search's estimate "
      "of its chance to win with the bot's choice and with the action taken, from what the seat "
      "knew then");
  c_analyse->add_option("file", an.file, "Record file, or - for stdin")->required();
  c_analyse->add_option("--seat", an.seat, "The seat whose decisions are reviewed")->required();
  c_analyse
      ->add_option("--budget", an.budget, "ISMCTS budget per decision (1000, 0.5s, hard, 1000x2)")
      ->capture_default_str();
  c_analyse->add_option("--seed", an.seed, "Seed of the searches")->capture_default_str();
  c_analyse->add_option("--lang", an.lang, "Language of the actions in words: en, it or ko")
      ->capture_default_str();
  c_analyse->add_flag("--json", an.json, "Print JSON");

  ArenaArgs ar;
  auto* c_arena = app.add_subcommand("arena", "Bot tournament with rotating seats");
  c_arena->add_option("game", ar.game, "Game name")->required();
  c_arena->add_option("--bots", ar.bots, "Bots B1,B2,... cycled over the seats")->required();
  c_arena->add_option("--games", ar.games, "Number of games")->check(CLI::PositiveNumber);
  c_arena->add_option("--players", ar.players, "Number of players");
  c_arena->add_option("--seed", ar.seed, "Seed");
  c_arena->add_option("--param", ar.params, "Rule option key=value (repeatable)");
  c_arena->add_flag("--json", ar.json, "Print one JSON object");
  c_arena->add_flag("--fixed-seats", ar.fixed_seats,
                    "Bot i always plays seat i (one bot per seat) instead of rotating");

  LadderArgs ld;
  auto* c_ladder = app.add_subcommand(
      "ladder", "Round-robin of bot configurations rated on the Elo scale (random = 0)");
  c_ladder->add_option("game", ld.game, "Game name")->required();
  c_ladder->add_option("--bots", ld.bots,
                       "Configurations B1,B2,... (default: random, the game's own bots, "
                       "ismcts:30,100,300,1000)");
  c_ladder->add_option("--players", ld.players, "Number of players")->capture_default_str();
  c_ladder
      ->add_option("--games-per-pair", ld.games_per_pair,
                   "Games for every pair (even: seats balance)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_ladder->add_option("--seed", ld.seed, "Seed")->capture_default_str();
  c_ladder->add_option("--threads", ld.threads, "Games played at once (times are truest at 1)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_ladder->add_option("--param", ld.params, "Rule option key=value (repeatable)");
  c_ladder->add_flag("--json", ld.json, "Print one JSON object");

  BenchArgs bn;
  auto* c_bench = app.add_subcommand("bench", "Measure engine speed for every game (medians)");
  c_bench->add_option("--seconds", bn.seconds, "Seconds per game configuration");
  c_bench->add_option("--game", bn.game, "Only this game");
  c_bench->add_flag("--json", bn.json, "Print JSON");
  c_bench->add_flag("--signature", bn.signature,
                    "Print the bench signature (actions and hash of fixed-seed random games), "
                    "checked against tests/bench_signature.txt");

  PlayArgs pl;
  pl.seed = static_cast<std::uint64_t>(std::random_device{}());
  auto* c_play = app.add_subcommand("play", "Play a game in the terminal against bots");
  pl.keep_by_default = true;
  c_play->add_option("game", pl.game, "Game name (not with --resume)");
  c_play->add_option("--seat", pl.seat, "Your seat (0 is first)");
  c_play
      ->add_option("--people", pl.people,
                   "Seats of several people sharing this keyboard (0,2): a curtain hides each "
                   "seat from the others between turns")
      ->delimiter(',');
  c_play->add_flag("--no-undo", pl.no_undo, "People may not take back moves");
  c_play->add_option("--players", pl.players, "Number of players");
  c_play->add_option("--bots", pl.bots,
                     "Bots for the other seats B1,B2,... (default: the game's own bot)");
  c_play->add_option("--param", pl.params, "Rule option key=value (repeatable)");
  c_play->add_option("--lang", pl.lang, "Language of the game texts: en, it or ko");
  c_play->add_option("--seed", pl.seed, "Seed (default: random)");
  c_play->add_option("--record", pl.record_file,
                     "Keep the game in this file (default: a new file in the folder below)");
  c_play->add_option("--resume", pl.resume_file, "Go on with a kept game");
  c_play->add_flag("--plain", pl.plain,
                   "Lines even on a terminal: no screen of panes, one choice a line (for "
                   "screen readers; pipes always)");
  c_play->footer("Every game is kept as it goes (quit and Ctrl-D included), by default in " +
                 (meeple::cli::kept_games_folder().empty()
                      ? std::string("$XDG_DATA_HOME/meeple/games or ~/.local/share/meeple/games")
                      : meeple::cli::kept_games_folder()) +
                 "; meeple play --resume FILE goes on with one, meeple analyse FILE reviews it.");

  PlayArgs lr;
  lr.learn = true;
  auto* c_learn = app.add_subcommand(
      "learn", "Learn a game: a guided first game against bots, the rule of each step explained");
  lr.keep_by_default = true;
  c_learn->add_option("game", lr.game, "Game name")->required();
  c_learn->add_option("--lang", lr.lang, "Language: en, it or ko");
  c_learn->add_option("--part", lr.part,
                      "Which part of the guide (First Contact: 1 as an earthling, 2 as the alien)");
  auto* learn_seed = c_learn->add_option("--seed", lr.seed, "Another deal (for guide authors)");
  c_learn->add_flag("--json", lr.show_json, "Show each choice's JSON form (for guide authors)");
  c_learn->add_option("--guide", lr.guide_file, "A guide script file instead of the game's own");
  c_learn->add_flag("--plain", lr.plain,
                    "Lines even on a terminal: no screen of panes, one choice a line");

  meeple::server::ServerOptions sv;
  auto* c_serve =
      app.add_subcommand("serve",
                         "Run the game server: HTTP + WebSocket, tables stored in SQLite "
                         "(or PostgreSQL, shared by several nodes)");
  c_serve->add_option("--bind", sv.bind, "Address to listen on")->capture_default_str();
  c_serve->add_option("--port", sv.port, "Port (0: any free port)")->capture_default_str();
  c_serve
      ->add_option("--store,--db", sv.db,
                   "Where tables are kept: an SQLite file, postgresql://... or :memory:")
      ->capture_default_str();
  c_serve->add_option("--node", sv.node,
                      "This node's name when several nodes share a PostgreSQL store behind a "
                      "router (docs/scaling.md)");
  double lease_seconds = 10;
  c_serve
      ->add_option("--lease", lease_seconds,
                   "Seconds a node holds its tables without renewing (with --node)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_serve->add_option("--web", sv.web_dir, "Serve static files (the web client) from this folder");
  c_serve
      ->add_option("--threads", sv.threads,
                   "Network I/O threads (with SQLite, games being played run on them too)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_serve
      ->add_option("--table-threads", sv.table_threads,
                   "Threads lobbies and finished tables run on, and with PostgreSQL every table "
                   "(0: one per core with SQLite, 32 with PostgreSQL, whose writes hold a thread)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  c_serve
      ->add_option("--bot-threads", sv.bot_threads,
                   "Threads bots think on (shared fairly: the table whose bots used least time "
                   "lately goes first)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_serve
      ->add_option("--malloc-arenas", sv.malloc_arenas,
                   "glibc malloc arenas (0: one per two cores; fewer arenas keep less freed "
                   "memory, more let more threads allocate at once)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  c_serve->add_option("--log-level", sv.log_level, "trace, debug, info, warn, error, off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->capture_default_str();
  c_serve
      ->add_option("--rate", sv.rate_per_second,
                   "Messages a second one connection may send, sustained (more are refused)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_serve->add_option("--burst", sv.rate_burst, "And at once")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  double grace_seconds = 60;
  c_serve
      ->add_option("--grace", grace_seconds,
                   "Seconds a person may be away before a stand-in bot plays")
      ->check(CLI::Range(0.0, 14 * 86400.0))
      ->capture_default_str();
  // Limits a stranger meets (docs/server.md, "Limits").
  c_serve
      ->add_option("--allow-origin", sv.allowed_origins,
                   "An origin (https://host[:port]) whose pages may use this server besides its "
                   "own, e.g. the public address behind a proxy that rewrites Host (repeatable)")
      ->take_all();
  c_serve
      ->add_option("--trusted-proxy", sv.trusted_proxies,
                   "A proxy's address (e.g. 127.0.0.1 for nginx here) whose X-Forwarded-For "
                   "names the client, for the limits per address (repeatable)")
      ->take_all();
  c_serve
      ->add_option("--max-connections-per-address", sv.max_connections_per_address,
                   "Connections one address may hold at once (0: no limit; meeple loadtest from "
                   "one address needs more than its connections)")
      ->capture_default_str();
  std::string max_bot_budget = "5s,100000";
  c_serve
      ->add_option("--max-bot-budget", max_bot_budget,
                   "The most a table's bot may think per decision: seconds (Ns) and search "
                   "iterations (N), e.g. 5s,100000 (bot/budget above)")
      ->capture_default_str();
  c_serve
      ->add_option("--max-queued-reviews", sv.max_queued_reviews,
                   "Reviews that may wait for the review thread (more: review/busy)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_serve
      ->add_option("--password-cost", sv.password_cost,
                   "Accounts' password hashes (Argon2id): interactive (libsodium's interactive "
                   "limits: 64 MiB, 0.06 s to 0.3 s a hash) or min (its minimum: tests only)")
      ->check(CLI::IsMember({"interactive", "min"}))
      ->capture_default_str();
  double lobby_ttl_seconds = 86400;
  c_serve
      ->add_option("--lobby-ttl", lobby_ttl_seconds,
                   "Seconds a table waits for players before it is dropped (table/expired)")
      ->check(CLI::Range(1.0, 365 * 86400.0))
      ->capture_default_str();
  c_serve
      ->add_option("--max-lobbies-per-address", sv.max_lobbies_per_address,
                   "Tables waiting for players that one address may have made (table/too_many)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_serve->add_option("--max-lobbies", sv.max_lobbies, "Tables waiting for players in all")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_serve
      ->add_option("--chat-per-minute", sv.chat_per_minute,
                   "Chat lines a seat may send a minute, sustained (chat/too_fast above)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_serve->add_option("--chat-burst", sv.chat_burst, "And at once")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_serve
      ->add_option("--max-chat-lines", sv.max_chat_lines,
                   "Chat lines a table keeps (chat/full after)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  double finished_ttl_seconds = 300;
  c_serve
      ->add_option("--finished-ttl", finished_ttl_seconds,
                   "Seconds a finished table stays in memory after its last connection closes "
                   "(then it is loaded from the database when asked for)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();

  meeple::server::LoadtestArgs lt;
  auto* c_load = app.add_subcommand(
      "loadtest", "Drive N tables of scripted players against a running server and measure");
  c_load->add_option("--url", lt.url, "Server address")->capture_default_str();
  c_load->add_option("--tables", lt.tables, "Tables")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c_load->add_option("--game", lt.game, "Game")->capture_default_str();
  c_load->add_option("--players", lt.players, "Scripted people per table")->capture_default_str();
  c_load->add_option("--seconds", lt.seconds, "Measured window")->capture_default_str();
  c_load
      ->add_option("--rate", lt.rate,
                   "Offered load in actions/s over all tables, each table's person acting at "
                   "its share of it (open loop); 0: every person acts as soon as asked "
                   "(closed loop, the maximum throughput)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  c_load->add_option("--server-pid", lt.server_pid, "The server's pid, for its resident memory");
  c_load->add_option("--param", lt.params, "Rule option key=value of every table (repeatable)");
  c_load->add_flag("--json", lt.json, "Print JSON");

  // Every refusal is one line, `error: <code>: <words>`, and exit status 2
  // (docs/architecture.md, Errors), the command line's own faults too:
  // usage/invalid instead of CLI11's exit codes 104-109.
  const auto usage = [](const std::string& why) {
    std::cerr << "error: " << meeple::errc::kUsage << ": " << why << " (meeple --help)\n";
    return 2;
  };
  for (CLI::App* sub : app.get_subcommands({}))
    for (CLI::Option* opt : sub->get_options()) {
      // Seeds are unsigned: "-5" would wrap around to 2^64 - 5.
      if (opt->check_lname("seed")) opt->check(CLI::NonNegativeNumber);
      if (opt->check_lname("lang")) opt->check(CLI::IsMember({"en", "it", "ko"}));
    }
  if (argc > 1 && argv[1][0] != '-') {
    const auto subs = app.get_subcommands({});
    if (std::none_of(subs.begin(), subs.end(), [&](CLI::App* c) { return c->check_name(argv[1]); }))
      return usage(fmt::format("no subcommand '{}'", argv[1]));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    return usage(e.what());
  }
  try {
    if (*c_games) return cmd_games(games, std::cout, std::cerr);
    if (*c_new) return cmd_new(nw, std::cout, std::cerr);
    if (*c_apply) return cmd_apply(ap, std::cin, std::cout, std::cerr);
    if (*c_legal) return cmd_legal(lg, std::cin, std::cout, std::cerr);
    if (*c_view) return cmd_view(vw, std::cin, std::cout, std::cerr);
    if (*c_result) return cmd_result(rs, std::cin, std::cout, std::cerr);
    if (*c_engine) return cmd_engine(en, std::cin, std::cout, std::cerr);
    if (*c_self) return cmd_selfplay(sp, std::cout, std::cerr);
    if (*c_replay) return cmd_replay(rp, std::cin, std::cout, std::cerr);
    if (*c_analyse) return cmd_analyse(an, std::cin, std::cout, std::cerr);
    if (*c_arena) return cmd_arena(ar, std::cout, std::cerr);
    if (*c_ladder) return cmd_ladder(ld, std::cout, std::cerr);
    if (*c_bench) return cmd_bench(bn, std::cout, std::cerr);
    if (*c_play) return cmd_play(pl, std::cin, std::cout, std::cerr);
    if (*c_learn) {
      lr.seed_given = learn_seed->count() > 0;
      return cmd_play(lr, std::cin, std::cout, std::cerr);
    }
    if (*c_serve) {
      sv.grace = std::chrono::milliseconds(static_cast<std::int64_t>(grace_seconds * 1000));
      sv.finished_ttl =
          std::chrono::milliseconds(static_cast<std::int64_t>(finished_ttl_seconds * 1000));
      sv.lease = std::chrono::milliseconds(static_cast<std::int64_t>(lease_seconds * 1000));
      sv.lobby_ttl = std::chrono::milliseconds(static_cast<std::int64_t>(lobby_ttl_seconds * 1000));
      if (!meeple::server::read_max_bot_budget(max_bot_budget, sv)) {
        std::cerr << "error: --max-bot-budget is seconds and iterations, e.g. 5s,100000\n";
        return 2;
      }
      return meeple::server::serve(sv, std::cout, std::cerr);
    }
    if (*c_load) return meeple::server::run_loadtest(lt, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "error: internal: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
