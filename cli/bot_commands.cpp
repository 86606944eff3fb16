// The commands that play and measure with bots: selfplay, replay, analyse,
// arena, ladder and bench.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include <fmt/format.h>

#include "bots/arena.h"
#include "bots/ladder.h"
#include "bots/match.h"
#include "bots/review.h"
#include "cli/bench.h"
#include "cli/command_helpers.h"
#include "cli/commands.h"
#include "cli/programs.h"
#include "cli/registry.h"
#include "core/conformance.h"
#include "core/record.h"
#include "games/registry.h"

namespace meeple::cli {

namespace {

// What selfplay's games came to, over all of them.
struct SelfplayTally {
  std::uint64_t total_actions = 0, longest = 0;
  std::vector<std::string> problems;  // the first 20, each with its game
  std::vector<int> wins;              // per seat
  int errors = 0, unfinished = 0;
};

// The bots of --bots: one for every seat, or one a seat (default random).
Expected<std::vector<std::string>> selfplay_bots(const std::string& list, int players) {
  std::vector<std::string> specs;
  std::stringstream ss(list);
  for (std::string b; std::getline(ss, b, ',');) specs.push_back(b);
  if (specs.empty()) specs.push_back("random");
  if (specs.size() != 1 && specs.size() != static_cast<std::size_t>(players))
    return make_error("bot/count",
                      fmt::format("give one bot or {} bots, not {}", players, specs.size()));
  return specs;
}

// Game `i` (from 0) played by `seats` from `start`, checked as --check-every
// says, its outcome added to `tally` and its record written to --record.
void selfplay_game(const SelfplayArgs& a, const AnyGame& game, const Json& params, int i,
                   const AnyState& start, const std::vector<Bot*>& seats, Rng& master,
                   SelfplayTally& tally) {
  ConformanceOptions copt;
  copt.max_legal_tries = 16;
  copt.determinize_samples = 1;
  Rng rng = master.split();
  Rng check_rng = master.split();
  std::size_t step = 0;
  std::vector<std::string> game_problems;
  MatchOptions mopt;
  mopt.on_step = [&](const AnyState& s) {
    ++step;
    bool deep = a.check_every > 0 && step % static_cast<std::size_t>(a.check_every) == 0;
    if (a.check_every > 0) check_state(s, check_rng, deep || s.is_terminal(), copt, game_problems);
  };
  if (a.check_every > 0) check_state(start, check_rng, true, copt, game_problems);
  MatchOutcome m = play_match(start, seats, rng, mopt);
  m.record.params = params;
  m.record.seed = a.seed;
  for (const auto& e : m.errors) game_problems.push_back(e.code + ": " + e.message);
  if (!m.finished) ++tally.unfinished;
  tally.total_actions += m.record.actions.size();
  tally.longest = std::max<std::uint64_t>(tally.longest, m.record.actions.size());
  if (m.finished) {
    for (const auto& w : m.record.result["winners"]) ++tally.wins[w.get<std::size_t>()];
  }
  if (!game_problems.empty()) {
    tally.errors += static_cast<int>(game_problems.size());
    for (const auto& p : game_problems)
      if (tally.problems.size() < 20)
        tally.problems.push_back(fmt::format("game {}: {}", i + 1, p));
  }
  if (!a.record_dir.empty()) {
    std::ofstream f(fmt::format("{}/{}-{:05}.json", a.record_dir, game.name(), i + 1));
    f << record_to_json(m.record).dump() << "\n";
  }
}

// What was checked, and what it costs: deep checks dominate the time.
std::string selfplay_checks(int check_every) {
  if (check_every <= 0)
    return "no conformance checks (--check-every 0): bot decisions and the rules only";
  if (check_every == 1)
    return "deep conformance checks on every step (state JSON round trip, hidden "
           "information in views, illegal actions refused, legal actions apply): "
           "--check-every N checks every Nth step, --check-every 0 none, "
           "hundreds of times faster";
  return fmt::format(
      "deep conformance checks on every {}th step, cheap ones on the others: "
      "--check-every 0 for none (fastest)",
      check_every);
}

// The summary: one JSON object, or lines with each seat's wins.
void print_selfplay(const SelfplayArgs& a, const AnyGame& game, const Json& params, int players,
                    const std::vector<std::string>& bot_specs, const std::vector<Bot*>& seats,
                    const SelfplayTally& t, double secs, std::ostream& out) {
  const std::string checks = selfplay_checks(a.check_every);
  const double per_second = secs > 0 ? static_cast<double>(t.total_actions) / secs : 0.0;
  if (a.json) {
    Json j = {{"game", game.name()},
              {"players", players},
              {"params", params},
              {"bots", bot_specs},
              {"games", a.games},
              {"actions", t.total_actions},
              {"seconds", secs},
              {"actions_per_second", per_second},
              {"errors", t.errors},
              {"unfinished", t.unfinished},
              {"longest_game_actions", t.longest},
              {"wins", t.wins},
              {"problems", t.problems},
              {"checks", checks}};
    out << j.dump(2) << "\n";
    return;
  }
  out << fmt::format(
      "{}: {} games, {} players, {} actions in {:.2f} s ({:.0f} actions/s), longest game {} "
      "actions\n",
      game.name(), a.games, players, t.total_actions, secs, per_second, t.longest);
  out << "checks: " << checks << "\n";
  for (int s = 0; s < players; ++s)
    out << fmt::format("  seat {} ({}): {} wins\n", s, seats[s]->name(), t.wins[s]);
  out << fmt::format("errors: {}\n", t.errors);
  for (const auto& p : t.problems) out << "  " << p << "\n";
}

}  // namespace

int cmd_selfplay(const SelfplayArgs& a, std::ostream& out, std::ostream& err) {
  auto g = lookup_game(a.game);
  if (!g) return fail(err, g.error());
  const AnyGame& game = **g;
  auto params = parse_params(game, a.params);
  if (!params) return fail(err, params.error());
  // Automated play states its own limits (the game's first variant, e.g. Ufo!'s max_rounds).
  const Json automated = game.param_variants().front();
  for (const auto& [k, v] : automated.items()) params->emplace(k, v);
  const int players = a.players ? a.players : default_players(game);
  auto probe = game.new_game(*params, players);
  if (!probe) return fail(err, probe.error());
  auto bot_specs = selfplay_bots(a.bots, players);
  if (!bot_specs) return fail(err, bot_specs.error());
  auto spec_of = [&](int seat) {
    return bot_specs->size() == 1 ? (*bot_specs)[0] : (*bot_specs)[seat];
  };
  std::vector<std::unique_ptr<Bot>> bots;
  for (int i = 0; i < players; ++i) {
    auto b = make_bot(game, spec_of(i));
    if (!b) return fail(err, b.error());
    bots.push_back(std::move(*b));
  }
  std::vector<Bot*> seats;
  for (auto& b : bots) seats.push_back(b.get());
  if (!a.record_dir.empty()) std::filesystem::create_directories(a.record_dir);

  Rng master(a.seed);
  SelfplayTally tally;
  tally.wins.assign(static_cast<std::size_t>(players), 0);
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < a.games; ++i) {
    // A bot plays one seat in one game: fresh objects for every game.
    if (i > 0)
      for (int s = 0; s < players; ++s) {
        auto b = make_bot(game, spec_of(s));  // known to work (made once above)
        bots[s] = std::move(*b);
        seats[s] = bots[s].get();
      }
    const AnyState start = *game.new_game(*params, players);
    selfplay_game(a, game, *params, i, start, seats, master, tally);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  print_selfplay(a, game, *params, players, *bot_specs, seats, tally, secs, out);
  return tally.errors ? 1 : 0;
}

// A record file (or stdin) and its game.
struct RecordAndGame {
  GameRecord record;
  const AnyGame* game = nullptr;
};
Expected<RecordAndGame> read_record(const std::string& file, std::istream& in) {
  auto j = read_json(file, in, errc::kCorruptRecord);
  if (!j) return j.error();
  auto rec = record_from_json(*j);
  if (!rec) return rec.error();
  auto g = lookup_game(rec->game);
  if (!g) return g.error();
  return RecordAndGame{std::move(*rec), *g};
}

int cmd_replay(const ReplayArgs& a, std::istream& in, std::ostream& out, std::ostream& err) {
  auto read = read_record(a.file, in);
  if (!read) return fail(err, read.error());
  const GameRecord& rec = read->record;
  const AnyGame& game = *read->game;
  std::vector<std::string> problems;
  Rng check_rng(rec.seed);
  ConformanceOptions copt;
  copt.max_legal_tries = 16;
  copt.determinize_samples = 1;
  auto s = replay_record(
      game, rec, [&](const AnyState& st) { check_state(st, check_rng, false, copt, problems); });
  if (!s) return fail(err, s.error());  // a record that does not replay is bad input: 2
  if (!problems.empty()) {
    for (const auto& p : problems) err << "check failed: " << p << "\n";
    return 1;
  }
  if (!s->is_terminal()) {
    out << fmt::format("replayed {} actions; the game is not over\n", rec.actions.size());
    return 0;
  }
  if (a.json) {
    out << Json{{"game", rec.game}, {"actions", rec.actions.size()}, {"result", s->result_json()}}
               .dump(2)
        << "\n";
  } else {
    GameResult r = s->result();
    out << fmt::format("{}: replayed {} actions, result matches the record\n", rec.game,
                       rec.actions.size());
    for (int i = 0; i < r.players; ++i)
      out << fmt::format("  seat {}{}: score {} rank {}{}\n", i,
                         i < static_cast<int>(rec.seats.size()) ? " (" + rec.seats[i] + ")" : "",
                         r.score[i], r.rank[i], r.winners.contains(i) ? " winner" : "");
  }
  return 0;
}

int cmd_analyse(const AnalyseArgs& a, std::istream& in, std::ostream& out, std::ostream& err) {
  auto read = read_record(a.file, in);
  if (!read) return fail(err, read.error());
  const GameRecord& rec = read->record;
  const AnyGame& game = *read->game;
  auto review =
      review_record(game, rec, a.seat, {.budget = a.budget, .seed = a.seed, .lang = a.lang});
  if (!review) return fail(err, review.error());
  if (a.json) {
    out << review->to_json().dump(2) << "\n";
    return 0;
  }
  const std::string who =
      a.seat < static_cast<int>(rec.seats.size()) ? " (" + rec.seats[a.seat] + ")" : "";
  out << fmt::format(
      "{}: seat {}{}, {} decisions reviewed with ismcts:{}, seed {}\n"
      "chance to win: with the bot's choice (before) and with the action taken (after), "
      "95% intervals\n",
      rec.game, a.seat, who, review->decisions.size(), a.budget, a.seed);
  auto pct = [](const Estimate& e) {
    return fmt::format("{:3.0f}% [{:3.0f}, {:3.0f}]", 100 * e.chance, 100 * e.low, 100 * e.high);
  };
  for (const auto& d : review->decisions) {
    out << fmt::format("{:4} (entry {:4})  {}  ->  {}  {}\n", d.number, d.entry, pct(d.before),
                       pct(d.after), d.taken_words);
    if (d.best != d.taken) out << fmt::format("{:40}the bot: {}\n", "", d.best_words);
  }
  const auto drops = review->largest_drops(5);
  if (!drops.empty()) out << "largest drops:\n";
  for (std::size_t i : drops) {
    const auto& d = review->decisions[i];
    out << fmt::format("  decision {} (entry {}): {:.0f}% -> {:.0f}%: {}; the bot: {}\n", d.number,
                       d.entry, 100 * d.before.chance, 100 * d.after.chance, d.taken_words,
                       d.best_words);
  }
  return 0;
}

int cmd_arena(const ArenaArgs& a, std::ostream& out, std::ostream& err) {
  auto g = lookup_game(a.game);
  if (!g) return fail(err, g.error());
  auto params = parse_params(**g, a.params);
  if (!params) return fail(err, params.error());
  const Json automated = (*g)->param_variants().front();  // as selfplay
  for (const auto& [k, v] : automated.items()) params->emplace(k, v);
  ArenaOptions opt;
  opt.games = a.games;
  opt.players = a.players;
  opt.seed = a.seed;
  opt.params = *params;
  opt.fixed_seats = a.fixed_seats;
  opt.seconds_per_move = a.time_per_move;
  std::stringstream ss(a.bots);
  for (std::string b; std::getline(ss, b, ',');) opt.bots.push_back(b);
  const bool bar = a.progress && &err == &std::cerr && isatty(STDERR_FILENO);
  if (bar) {
    opt.progress = [&](int done, int total) {
      const int width = 40;
      int filled = done * width / total;
      err << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
          << std::string(static_cast<std::size_t>(width - filled), ' ') << "] " << done << "/"
          << total << std::flush;
      if (done == total) err << "\n";
    };
  }
  auto rep = run_arena(**g, opt);
  if (!rep) return fail(err, rep.error());
  Json j = rep->to_json();
  if (a.json) {
    out << j.dump(2) << "\n";
  } else {
    out << fmt::format("{}: {} games, {} players, {:.1f} s\n", rep->game, rep->games, rep->players,
                       rep->seconds);
    out << fmt::format("  {:<16} {:>6} {:>6} {:>8}  {:<17} {:>10}\n", "bot", "games", "wins",
                       "win rate", "95% interval", "mean score");
    for (const auto& b : j["bots"])
      out << fmt::format("  {:<16} {:>6} {:>6} {:>7.1f}%  [{:5.1f}%, {:5.1f}%] {:>10.2f}\n",
                         b["name"].get<std::string>(), b["games"].get<int>(), b["wins"].get<int>(),
                         100 * b["win_rate"].get<double>(), 100 * b["ci95"][0].get<double>(),
                         100 * b["ci95"][1].get<double>(), b["mean_score"].get<double>());
    if (j.contains("mean_rounds"))
      out << fmt::format("  mean rounds {:.2f}  [{:.2f}, {:.2f}]\n", j["mean_rounds"].get<double>(),
                         j["mean_rounds_ci95"][0].get<double>(),
                         j["mean_rounds_ci95"][1].get<double>());
    if (j.contains("verdicts")) {
      out << "  verdicts:";
      for (const auto& [v, n] : j["verdicts"].items()) out << " " << v << ": " << n.get<int>();
      out << "\n";
    }
    if (j.contains("teams")) {
      auto row = [&](const std::string& label, const Json& t) {
        out << fmt::format("  {:<24} {:>6} {:>6} {:>7.1f}%  [{:5.1f}%, {:5.1f}%]\n", label,
                           t["games"].get<int>(), t["wins"].get<int>(),
                           100 * t["win_rate"].get<double>(), 100 * t["ci95"][0].get<double>(),
                           100 * t["ci95"][1].get<double>());
      };
      out << fmt::format("  {:<24} {:>6} {:>6} {:>8}  {:<17}\n", "team (bot)", "seats", "wins",
                         "win rate", "95% interval");
      for (const auto& [team, t] : j["teams"].items()) {
        row(team, t);
        for (const auto& [bot, b] : t["bots"].items()) row("  " + bot, b);
      }
    }
    if (!rep->errors.empty()) out << "errors: " << rep->errors.size() << "\n";
    for (const auto& f : rep->forfeits) out << "  " << f.line() << "\n";
  }
  for (std::size_t i = 0; i < rep->errors.size() && i < 5; ++i)
    err << "error: " << rep->errors[i].code << ": " << rep->errors[i].message << "\n";
  return rep->errors.empty() ? 0 : 1;
}

int cmd_ladder(const LadderArgs& a, std::ostream& out, std::ostream& err) {
  auto g = lookup_game(a.game);
  if (!g) return fail(err, g.error());
  auto params = parse_params(**g, a.params);
  if (!params) return fail(err, params.error());
  const Json automated = (*g)->param_variants().front();  // as selfplay and arena
  for (const auto& [k, v] : automated.items()) params->emplace(k, v);
  LadderOptions opt;
  opt.players = a.players;
  opt.games_per_pair = a.games_per_pair;
  opt.seed = a.seed;
  opt.threads = a.threads;
  opt.seconds_per_move = a.time_per_move;
  opt.params = *params;
  std::stringstream ss(a.bots);
  for (std::string b; std::getline(ss, b, ',');) opt.bots.push_back(b);
  if (opt.bots.empty()) opt.bots = default_ladder_bots(**g);
  if (a.progress && &err == &std::cerr && isatty(STDERR_FILENO))
    opt.progress = [&](int done, int total) {
      err << "\r" << done << "/" << total << " games" << (done == total ? "\n" : "") << std::flush;
    };
  auto rep = run_ladder(**g, opt);
  if (!rep) return fail(err, rep.error());
  if (a.json) {
    out << rep->to_json().dump(2) << "\n";
  } else {
    out << fmt::format("{}: {} players, {} games ({} per pair), seed {}, {:.1f} s\n", rep->game,
                       rep->players, rep->games, rep->games_per_pair, rep->seed, rep->seconds);
    out << fmt::format("  {:<16} {:>6} {:<17} {:>6} {:>6} {:>10} {:>10}\n", "bot", "Elo",
                       "95% interval", "games", "score", "median ms", "p95 ms");
    for (const auto& e : rep->entries)
      out << fmt::format(
          "  {:<16} {:>6.0f} [{:>6.0f}, {:>6.0f}] {:>6.0f} {:>5.1f}% {:>10.3f} {:>10.3f}\n",
          e.rating.name, e.rating.elo, e.rating.low, e.rating.high, e.rating.games,
          e.rating.games > 0 ? 100 * e.rating.score / e.rating.games : 0.0, e.median_ms, e.p95_ms);
    out << fmt::format(
        "  Bradley-Terry on the Elo scale, {} = 0; score: share of pairwise results "
        "(ties half)\n",
        rep->anchor);
    if (!rep->errors.empty()) out << "errors: " << rep->errors.size() << "\n";
    for (const auto& f : rep->forfeits) out << "  " << f.line() << "\n";
  }
  for (std::size_t i = 0; i < rep->errors.size() && i < 5; ++i)
    err << "error: " << rep->errors[i].code << ": " << rep->errors[i].message << "\n";
  return rep->errors.empty() ? 0 : 1;
}

int cmd_bench(const BenchArgs& a, std::ostream& out, std::ostream& err) {
  if (!a.game.empty()) {
    auto g = lookup_game(a.game);
    if (!g) return fail(err, g.error());
  }
  if (a.signature) {
    auto sigs = bench::signature_all(a.game);
    if (!sigs) return fail(err, sigs.error());
    out << bench::signature_text(*sigs);
    return 0;
  }
  if (a.seconds <= 0)
    return fail(err, make_error(errc::kMalformedRequest, "--seconds must be > 0"));
  auto results = bench::run_all(a.seconds, a.game);
  Json machine = bench::machine_description();
  if (a.json) {
    Json list = Json::array();
    for (const auto& r : results) list.push_back(bench::to_json(r));
    out << Json{{"machine", machine}, {"results", list}}.dump(2) << "\n";
    return 0;
  }
  out << fmt::format("machine: {}, {} cores, {}, {}\n", machine["cpu"].get<std::string>(),
                     machine["cores"].get<int>(), machine["compiler"].get<std::string>(),
                     machine["build"].get<std::string>());
  out << fmt::format("{:<14} {:>3} {:>12} {:>12} {:>8} {:>8} {:>8} {:>7} {:>12}\n", "game", "P",
                     "playouts/s", "actions/s", "ns/act", "alloc/a", "copy ns", "bytes",
                     "ismcts it/s");
  for (const auto& r : results)
    out << fmt::format(
        "{:<14} {:>3} {:>12.0f} {:>12.0f} {:>8.1f} {:>8.3f} {:>8.1f} {:>7} {:>12.0f}\n", r.game,
        r.players, r.playouts_per_second, r.actions_per_second, r.ns_per_action,
        r.allocations_per_action, r.copy_ns, r.state_bytes, r.ismcts_iterations_per_second);
  return 0;
}

namespace {

RunCommand add_selfplay(CLI::App& app) {
  auto a = std::make_shared<SelfplayArgs>();
  auto* c = app.add_subcommand("selfplay", "Play whole games with bots, checking every step");
  c->add_option("game", a->game, "Game name")->required();
  c->add_option("--players", a->players, "Number of players");
  c->add_option("--games", a->games, "Number of games")->check(CLI::PositiveNumber);
  c->add_option("--seed", a->seed, "Seed");
  c->add_option("--bots", a->bots, "Bots, one per seat or one for all (B1,B2,...)");
  c->add_option("--param", a->params, "Rule option key=value (repeatable)");
  c->add_option("--record", a->record_dir, "Write each game's record into this folder");
  c->add_option("--check-every", a->check_every,
                "Deep conformance checks every N steps (default 1: every step, slow; 0: none, "
                "hundreds of times faster)");
  c->add_flag("--json", a->json, "Print one JSON object");
  return [a](std::istream&, std::ostream& out, std::ostream& err) {
    return cmd_selfplay(*a, out, err);
  };
}
const RegisterCommand kSelfplayCommand{{80, "selfplay", add_selfplay}};

RunCommand add_replay(CLI::App& app) {
  auto a = std::make_shared<ReplayArgs>();
  auto* c =
      app.add_subcommand("replay", "Replay a game record, checking every step and the result");
  c->add_option("file", a->file, "Record file, or - for stdin")->required();
  c->add_flag("--json", a->json, "Print JSON");
  return [a](std::istream& in, std::ostream& out, std::ostream& err) {
    return cmd_replay(*a, in, out, err);
  };
}
const RegisterCommand kReplayCommand{{90, "replay", add_replay}};

RunCommand add_analyse(CLI::App& app) {
  auto a = std::make_shared<AnalyseArgs>();
  auto* c = app.add_subcommand(
      "analyse",
      "The bot's review of a game record: for each decision of a seat, the search's estimate "
      "of its chance to win with the bot's choice and with the action taken, from what the seat "
      "knew then");
  c->add_option("file", a->file, "Record file, or - for stdin")->required();
  c->add_option("--seat", a->seat, "The seat whose decisions are reviewed")->required();
  c->add_option("--budget", a->budget, "ISMCTS budget per decision (1000, 0.5s, hard, 1000x2)")
      ->capture_default_str();
  c->add_option("--seed", a->seed, "Seed of the searches")->capture_default_str();
  c->add_option("--lang", a->lang, "Language of the actions in words: en, it or ko")
      ->capture_default_str();
  c->add_flag("--json", a->json, "Print JSON");
  return [a](std::istream& in, std::ostream& out, std::ostream& err) {
    return cmd_analyse(*a, in, out, err);
  };
}
const RegisterCommand kAnalyseCommand{{100, "analyse", add_analyse}};

RunCommand add_arena(CLI::App& app) {
  auto a = std::make_shared<ArenaArgs>();
  auto* c = app.add_subcommand("arena", "Bot tournament with rotating seats");
  c->add_option("game", a->game, "Game name")->required();
  c->add_option("--bots", a->bots,
                "Bots B1,B2,... cycled over the seats; a program: 'cmd:COMMAND[@2s]'")
      ->required();
  c->add_option("--time-per-move", a->time_per_move,
                "Seconds a program bot (cmd:...) may take per decision")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--games", a->games, "Number of games")->check(CLI::PositiveNumber);
  c->add_option("--players", a->players, "Number of players");
  c->add_option("--seed", a->seed, "Seed");
  c->add_option("--param", a->params, "Rule option key=value (repeatable)");
  c->add_flag("--json", a->json, "Print one JSON object");
  c->add_flag("--fixed-seats", a->fixed_seats,
              "Bot i always plays seat i (one bot per seat) instead of rotating");
  return
      [a](std::istream&, std::ostream& out, std::ostream& err) { return cmd_arena(*a, out, err); };
}
const RegisterCommand kArenaCommand{{110, "arena", add_arena}};

RunCommand add_ladder(CLI::App& app) {
  auto a = std::make_shared<LadderArgs>();
  auto* c = app.add_subcommand(
      "ladder", "Round-robin of bot configurations rated on the Elo scale (random = 0)");
  c->add_option("game", a->game, "Game name")->required();
  c->add_option("--bots", a->bots,
                "Configurations B1,B2,... (default: random, the game's own bots, "
                "ismcts:30,100,300,1000); a program: 'cmd:COMMAND[@2s]'");
  c->add_option("--time-per-move", a->time_per_move,
                "Seconds a program bot (cmd:...) may take per decision")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--players", a->players, "Number of players")->capture_default_str();
  c->add_option("--games-per-pair", a->games_per_pair, "Games for every pair (even: seats balance)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--seed", a->seed, "Seed")->capture_default_str();
  c->add_option("--threads", a->threads, "Games played at once (times are truest at 1)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--param", a->params, "Rule option key=value (repeatable)");
  c->add_flag("--json", a->json, "Print one JSON object");
  return
      [a](std::istream&, std::ostream& out, std::ostream& err) { return cmd_ladder(*a, out, err); };
}
const RegisterCommand kLadderCommand{{120, "ladder", add_ladder}};

RunCommand add_bench(CLI::App& app) {
  auto a = std::make_shared<BenchArgs>();
  auto* c = app.add_subcommand("bench", "Measure engine speed for every game (medians)");
  c->add_option("--seconds", a->seconds, "Seconds per game configuration");
  c->add_option("--game", a->game, "Only this game");
  c->add_flag("--json", a->json, "Print JSON");
  c->add_flag("--signature", a->signature,
              "Print the bench signature (actions and hash of fixed-seed random games), "
              "checked against tests/bench_signature.txt");
  return
      [a](std::istream&, std::ostream& out, std::ostream& err) { return cmd_bench(*a, out, err); };
}
const RegisterCommand kBenchCommand{{130, "bench", add_bench}};

}  // namespace

}  // namespace meeple::cli
