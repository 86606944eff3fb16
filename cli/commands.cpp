#include "cli/commands.h"

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
#include "cli/programs.h"
#include "core/conformance.h"
#include "core/record.h"
#include "games/registry.h"

namespace meeple::cli {

namespace {

int fail(std::ostream& err, const Error& e, int code = 2) {
  err << "error: " << e.code << ": " << e.message << "\n";
  return code;
}

Expected<const AnyGame*> lookup_game(const std::string& name) {
  if (const AnyGame* g = find_game(name)) return g;
  std::string names;
  for (const AnyGame* g : all_games())
    names += (names.empty() ? "" : ", ") + std::string(g->name());
  return make_error(errc::kUnknownGame, fmt::format("no game '{}' (games: {})", name, names));
}

Expected<Json> parse_params(const AnyGame& g, const std::vector<std::string>& kvs) {
  Json p = Json::object();
  for (const auto& kv : kvs) {
    auto parsed = parse_param_assignment(g.params_schema(), kv);
    if (!parsed) return parsed.error();
    p[parsed->first] = parsed->second;
  }
  return p;
}

int default_players(const AnyGame& g) {
  return std::min(std::max(g.min_players(), 4), g.max_players());
}

// A JSON file (or stdin); `corrupt` is the code when it is not JSON
// (state/corrupt for a state, record/corrupt for a record).
Expected<Json> read_json(const std::string& file, std::istream& in, const char* corrupt) {
  std::stringstream buf;
  if (file == "-") {
    buf << in.rdbuf();
  } else {
    std::ifstream f(file);
    if (!f) return make_error(errc::kIo, fmt::format("cannot read {}", file));
    buf << f.rdbuf();
  }
  const std::string text = buf.str();
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    const std::string where = file == "-" ? "the input" : file;
    if (e.byte >= text.size())
      return make_error(corrupt, fmt::format("{} is not valid JSON: it ends early (after {} bytes)",
                                             where, text.size()));
    return make_error(
        corrupt, fmt::format("{} is not valid JSON: unexpected text at byte {}", where, e.byte));
  } catch (const Json::exception&) {
    return make_error(corrupt,
                      fmt::format("{} is not valid JSON", file == "-" ? "the input" : file));
  }
}

}  // namespace

int cmd_games(const GamesArgs& a, std::ostream& out, std::ostream&) {
  if (a.json) {
    Json list = Json::array();
    for (const AnyGame* g : all_games()) list.push_back(g->describe());
    out << Json{{"games", list}}.dump(2) << "\n";
    return 0;
  }
  for (const AnyGame* g : all_games()) {
    out << fmt::format("{:<14} {} ({}-{} players)\n", g->name(), g->title(), g->min_players(),
                       g->max_players());
    for (const auto& p : g->params_schema()) {
      Json spec = param_spec_to_json(p);
      std::string allowed;
      if (spec.contains("allowed")) {
        for (const auto& v : spec["allowed"])
          allowed +=
              (allowed.empty() ? "" : "|") + (v.is_string() ? v.get<std::string>() : v.dump());
      } else if (spec.contains("min")) {
        allowed = fmt::format("{}..{}", spec["min"].dump(), spec["max"].dump());
      }
      out << fmt::format(
          "    --param {}=<{}> (default {}): {}\n", p.name, allowed,
          p.default_value.is_string() ? p.default_value.get<std::string>() : p.default_value.dump(),
          p.description);
    }
  }
  return 0;
}

int cmd_new(const NewArgs& a, std::ostream& out, std::ostream& err) {
  auto g = lookup_game(a.game);
  if (!g) return fail(err, g.error());
  auto params = parse_params(**g, a.params);
  if (!params) return fail(err, params.error());
  auto st = (*g)->new_game(*params, a.players ? a.players : default_players(**g));
  if (!st) return fail(err, st.error());
  if (!a.stop_at_chance) {
    Rng rng(a.seed);
    st->resolve_chance(rng);
  }
  out << st->to_json().dump() << "\n";
  return 0;
}

namespace {

// The game and a state of it from a file (or stdin).
Expected<AnyState> load_state(const std::string& game, const std::string& file, std::istream& in) {
  auto g = lookup_game(game);
  if (!g) return g.error();
  auto j = read_json(file, in, errc::kCorruptState);
  if (!j) return j.error();
  return (*g)->state_from_json(*j);
}

}  // namespace

int cmd_apply(const ApplyArgs& a, std::istream& in, std::ostream& out, std::ostream& err) {
  auto st = load_state(a.game, a.state_file, in);
  if (!st) return fail(err, st.error());
  AnyState s = std::move(*st);
  Seat view_seat = kChance;
  if (!a.view.empty()) {
    Json seat_j = a.view == "spectator" ? Json(a.view) : Json();
    if (seat_j.is_null()) {
      try {
        seat_j = Json::parse(a.view);
      } catch (const Json::exception&) {
      }
    }
    auto v = parse_seat(s, seat_j, true);
    if (!v || *v == kChance)
      return fail(err, make_error("seat/invalid", fmt::format("--view {}: give a seat 0 to {} or "
                                                              "spectator",
                                                              a.view, s.num_players() - 1)));
    view_seat = *v;
  }
  std::optional<Rng> rng;
  if (a.seed) rng.emplace(*a.seed);
  if (rng) s.resolve_chance(*rng);
  const std::size_t n = a.actions.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string& text = a.actions[i];
    // Which of the --actions was refused, for the message.
    auto refused = [&](const Error& e) {
      return fail(err, make_error(e.code, n == 1 ? fmt::format("--action {}: {}", text, e.message)
                                                 : fmt::format("--action {} of {} ({}): {}", i + 1,
                                                               n, text, e.message)));
    };
    Json act;
    try {
      act = Json::parse(text);
    } catch (const Json::exception&) {
      return refused(make_error(errc::kMalformedAction, "not JSON"));
    }
    // {"seat": S, "action": A}, or A alone (a number or the action's JSON form).
    Json seat_j, action_j = act;
    if (act.is_object() && act.contains("action")) {
      seat_j = act.value("seat", Json());
      action_j = act["action"];
    }
    auto m = parse_move(s, seat_j, action_j);
    if (!m) return refused(m.error());
    if (auto e = s.apply(m->seat, m->action)) return refused(*e);
    if (rng) s.resolve_chance(*rng);
  }
  if (!a.view.empty()) {
    out << s.view(view_seat).dump() << "\n";
  } else {
    out << s.to_json().dump() << "\n";
  }
  return 0;
}

int cmd_legal(const LegalArgs& a, std::istream& in, std::ostream& out, std::ostream& err) {
  auto st = load_state(a.game, a.state_file, in);
  if (!st) return fail(err, st.error());
  auto j = legal_json(*st, a.seat, a.lang, a.primary);
  if (!j) return fail(err, j.error());
  if (a.json) {
    out << j->dump(2) << "\n";
    return 0;
  }
  const Json& l = *j;
  if (l["terminal"].get<bool>()) out << "the game is over (meeple result)\n";
  if (l.contains("outcomes")) {
    const auto total = l["total_weight"].get<std::uint64_t>();
    out << fmt::format("chance (seat -1), {} outcomes:\n", l["outcomes"].size());
    for (const auto& o : l["outcomes"])
      out << fmt::format(
          "  {:>4}  {}  weight {}/{}{}\n", o["action"].get<int>(), o["json"].dump(),
          o["weight"].get<std::uint64_t>(), total,
          o["words"].get<std::string>().empty() ? "" : "  " + o["words"].get<std::string>());
  }
  if (l.contains("seats"))
    for (const auto& seat : l["seats"]) {
      out << fmt::format("seat {}: {} actions\n", seat["seat"].get<int>(), seat["actions"].size());
      for (const auto& o : seat["actions"])
        out << fmt::format(
            "  {:>4}  {}{}{}\n", o["action"].get<int>(), o["json"].dump(),
            o["words"].get<std::string>().empty() ? "" : "  " + o["words"].get<std::string>(),
            o.contains("free") ? "  (free: the decision goes on)" : "");
    }
  return 0;
}

int cmd_view(const ViewArgs& a, std::istream& in, std::ostream& out, std::ostream& err) {
  auto st = load_state(a.game, a.state_file, in);
  if (!st) return fail(err, st.error());
  Json seat_j = a.seat == "spectator" ? Json(a.seat) : Json();
  if (seat_j.is_null()) {
    try {
      seat_j = Json::parse(a.seat);
    } catch (const Json::exception&) {
      seat_j = a.seat;
    }
  }
  auto seat = parse_seat(*st, seat_j, true);
  if (!seat || *seat == kChance)
    return fail(
        err, make_error("seat/invalid", fmt::format("--seat {}: give a seat 0 to {} or spectator",
                                                    a.seat, st->num_players() - 1)));
  if (a.text) {
    const std::string text = st->text_view(*seat, a.lang);
    out << text << (text.empty() || text.back() != '\n' ? "\n" : "");
    return 0;
  }
  out << st->view(*seat).dump(2) << "\n";
  return 0;
}

int cmd_result(const ResultArgs& a, std::istream& in, std::ostream& out, std::ostream& err) {
  auto st = load_state(a.game, a.state_file, in);
  if (!st) return fail(err, st.error());
  auto r = result_of(*st);
  if (!r) return fail(err, r.error());
  out << r->dump(2) << "\n";
  return 0;
}

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

  std::vector<std::string> bot_specs;
  std::stringstream ss(a.bots);
  for (std::string b; std::getline(ss, b, ',');) bot_specs.push_back(b);
  if (bot_specs.empty()) bot_specs.push_back("random");
  if (bot_specs.size() != 1 && bot_specs.size() != static_cast<std::size_t>(players))
    return fail(err, make_error("bot/count", fmt::format("give one bot or {} bots, not {}", players,
                                                         bot_specs.size())));
  auto spec_of = [&](int seat) { return bot_specs.size() == 1 ? bot_specs[0] : bot_specs[seat]; };
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
  ConformanceOptions copt;
  copt.max_legal_tries = 16;
  copt.determinize_samples = 1;
  std::uint64_t total_actions = 0, longest = 0;
  std::vector<std::string> problems;
  std::vector<int> wins(static_cast<std::size_t>(players), 0);
  int errors = 0, unfinished = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < a.games; ++i) {
    // A bot plays one seat in one game: fresh objects for every game.
    if (i > 0)
      for (int s = 0; s < players; ++s) {
        auto b = make_bot(game, spec_of(s));  // known to work (made once above)
        bots[s] = std::move(*b);
        seats[s] = bots[s].get();
      }
    Rng rng = master.split();
    Rng check_rng = master.split();
    AnyState start = *game.new_game(*params, players);
    std::size_t step = 0;
    std::vector<std::string> game_problems;
    MatchOptions mopt;
    mopt.on_step = [&](const AnyState& s) {
      ++step;
      bool deep = a.check_every > 0 && step % static_cast<std::size_t>(a.check_every) == 0;
      if (a.check_every > 0)
        check_state(s, check_rng, deep || s.is_terminal(), copt, game_problems);
    };
    if (a.check_every > 0) check_state(start, check_rng, true, copt, game_problems);
    MatchOutcome m = play_match(start, seats, rng, mopt);
    m.record.params = *params;
    m.record.seed = a.seed;
    for (const auto& e : m.errors) game_problems.push_back(e.code + ": " + e.message);
    if (!m.finished) ++unfinished;
    total_actions += m.record.actions.size();
    longest = std::max<std::uint64_t>(longest, m.record.actions.size());
    if (m.finished) {
      for (const auto& w : m.record.result["winners"]) ++wins[w.get<std::size_t>()];
    }
    if (!game_problems.empty()) {
      errors += static_cast<int>(game_problems.size());
      for (const auto& p : game_problems)
        if (problems.size() < 20) problems.push_back(fmt::format("game {}: {}", i + 1, p));
    }
    if (!a.record_dir.empty()) {
      std::ofstream f(fmt::format("{}/{}-{:05}.json", a.record_dir, game.name(), i + 1));
      f << record_to_json(m.record).dump() << "\n";
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // What was checked, and what it costs: deep checks dominate the time.
  const std::string checks =
      a.check_every <= 0
          ? "no conformance checks (--check-every 0): bot decisions and the rules only"
      : a.check_every == 1
          ? "deep conformance checks on every step (state JSON round trip, hidden "
            "information in views, illegal actions refused, legal actions apply): "
            "--check-every N checks every Nth step, --check-every 0 none, "
            "hundreds of times faster"
          : fmt::format(
                "deep conformance checks on every {}th step, cheap ones on the others: "
                "--check-every 0 for none (fastest)",
                a.check_every);
  if (a.json) {
    Json j = {{"game", game.name()},
              {"players", players},
              {"params", *params},
              {"bots", bot_specs},
              {"games", a.games},
              {"actions", total_actions},
              {"seconds", secs},
              {"actions_per_second", secs > 0 ? static_cast<double>(total_actions) / secs : 0.0},
              {"errors", errors},
              {"unfinished", unfinished},
              {"longest_game_actions", longest},
              {"wins", wins},
              {"problems", problems},
              {"checks", checks}};
    out << j.dump(2) << "\n";
  } else {
    out << fmt::format(
        "{}: {} games, {} players, {} actions in {:.2f} s ({:.0f} actions/s), longest game {} "
        "actions\n",
        game.name(), a.games, players, total_actions, secs,
        secs > 0 ? static_cast<double>(total_actions) / secs : 0.0, longest);
    out << "checks: " << checks << "\n";
    for (int s = 0; s < players; ++s)
      out << fmt::format("  seat {} ({}): {} wins\n", s, seats[s]->name(), wins[s]);
    out << fmt::format("errors: {}\n", errors);
    for (const auto& p : problems) out << "  " << p << "\n";
  }
  return errors ? 1 : 0;
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

}  // namespace meeple::cli
