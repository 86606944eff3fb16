// The commands for programs and people writing scripts: games, new, apply,
// legal, view and result (states as JSON in and out, docs/state-format.md).
#include "cli/commands.h"

#include <iostream>

#include <fmt/format.h>

#include "cli/command_helpers.h"
#include "cli/programs.h"
#include "cli/registry.h"
#include "core/record.h"
#include "games/registry.h"

namespace meeple::cli {

int fail(std::ostream& err, const Error& e, int code) {
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
  auto read = read_input(file, in);
  if (!read) return read.error();
  const std::string& text = *read;
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

namespace {

RunCommand add_games(CLI::App& app) {
  auto a = std::make_shared<GamesArgs>();
  auto* c = app.add_subcommand("games", "List the games, their player counts and parameters");
  c->add_flag("--json", a->json, "Print JSON");
  return
      [a](std::istream&, std::ostream& out, std::ostream& err) { return cmd_games(*a, out, err); };
}
const RegisterCommand kGamesCommand{{10, "games", add_games}};

RunCommand add_new(CLI::App& app) {
  auto a = std::make_shared<NewArgs>();
  auto* c = app.add_subcommand("new", "Print the initial state of a new game as JSON");
  c->add_option("game", a->game, "Game name (see meeple games)")->required();
  c->add_option("--players", a->players, "Number of players");
  c->add_option("--seed", a->seed, "Seed for chance (shuffles, dice)");
  c->add_option("--param", a->params, "Rule option key=value (repeatable)");
  c->add_flag("--stop-at-chance", a->stop_at_chance, "Do not resolve the opening chance");
  return [a](std::istream&, std::ostream& out, std::ostream& err) { return cmd_new(*a, out, err); };
}
const RegisterCommand kNewCommand{{20, "new", add_new}};

RunCommand add_apply(CLI::App& app) {
  auto a = std::make_shared<ApplyArgs>();
  auto* c = app.add_subcommand("apply", "Apply actions to a state JSON and print the new state");
  c->add_option("game", a->game, "Game name")->required();
  c->add_option("--state", a->state_file, "State file, or - for stdin")->required();
  c->add_option(
      "--action", a->actions,
      "Action: {\"seat\": S, \"action\": A} with A its number or JSON form (see meeple legal), "
      "or A alone for the one seat to act; seat -1 is chance (repeatable)");
  c->add_option("--seed", a->seed, "Draw chance with this seed before and after each action");
  c->add_option("--view", a->view, "Print this seat's view (or spectator's), not the state");
  return [a](std::istream& in, std::ostream& out, std::ostream& err) {
    return cmd_apply(*a, in, out, err);
  };
}
const RegisterCommand kApplyCommand{{30, "apply", add_apply}};

RunCommand add_legal(CLI::App& app) {
  auto a = std::make_shared<LegalArgs>();
  auto* c = app.add_subcommand(
      "legal", "List a state's legal actions (number, JSON form, words) or chance outcomes");
  c->add_option("game", a->game, "Game name")->required();
  c->add_option("--state", a->state_file, "State file, or - for stdin")->required();
  c->add_option("--seat", a->seat, "Only this seat (-1: chance); default every seat to act");
  c->add_option("--lang", a->lang, "Language of the words: en, it or ko");
  c->add_flag("--json", a->json, "Print JSON");
  c->add_flag("--primary", a->primary,
              "Leave out free actions that do not end a decision (First Contact's note pad)");
  return [a](std::istream& in, std::ostream& out, std::ostream& err) {
    return cmd_legal(*a, in, out, err);
  };
}
const RegisterCommand kLegalCommand{{40, "legal", add_legal}};

RunCommand add_view(CLI::App& app) {
  auto a = std::make_shared<ViewArgs>();
  auto* c = app.add_subcommand("view", "Print what one seat (or a spectator) sees of a state");
  c->add_option("game", a->game, "Game name")->required();
  c->add_option("--state", a->state_file, "State file, or - for stdin")->required();
  c->add_option("--seat", a->seat, "Seat 0.., or spectator")->required();
  c->add_flag("--text", a->text, "The board in words instead of JSON");
  c->add_option("--lang", a->lang, "Language of --text: en, it or ko");
  return [a](std::istream& in, std::ostream& out, std::ostream& err) {
    return cmd_view(*a, in, out, err);
  };
}
const RegisterCommand kViewCommand{{50, "view", add_view}};

RunCommand add_result(CLI::App& app) {
  auto a = std::make_shared<ResultArgs>();
  auto* c = app.add_subcommand("result", "Print the result of a finished game's state");
  c->add_option("game", a->game, "Game name")->required();
  c->add_option("--state", a->state_file, "State file, or - for stdin")->required();
  return [a](std::istream& in, std::ostream& out, std::ostream& err) {
    return cmd_result(*a, in, out, err);
  };
}
const RegisterCommand kResultCommand{{60, "result", add_result}};

}  // namespace

}  // namespace meeple::cli
