// `meeple engine`: one game at a time driven by another program over JSON
// lines (docs/engine-protocol.md), in the spirit of UCI and GTP. One request
// per input line, one response per request, in order; every error is a
// response with {"ok": false, "error": {"code", "message"}} and changes
// nothing. The true state is the engine's: programs ask for views, legal
// actions and results, as the room's clients do.
#include "cli/engine.h"

#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bots/bot.h"
#include "cli/commands.h"
#include "cli/programs.h"
#include "core/i18n.h"
#include "core/record.h"
#include "games/registry.h"

namespace meeple::cli {

namespace {

// Codes of the engine protocol (besides the game's and the record's).
constexpr const char* kUnknownCommand = "request/unknown_command";
constexpr const char* kNoGame = "engine/no_game";
constexpr const char* kNothingToUndo = "engine/nothing_to_undo";

Error bad_request(const std::string& what) {
  return make_error(errc::kMalformedRequest, what);
}

// One game and everything to drive it.
struct Session {
  const AnyGame* game = nullptr;
  bool auto_chance = true;  // chance drawn from `chance_rng` after every move
  AnyState state;
  GameRecord record;
  Rng chance_rng;
  Rng bot_rng;
  // Bots asked for moves keep their seat's memory (spec, bot) until an undo.
  std::map<Seat, std::pair<std::string, std::unique_ptr<Bot>>> bots;
  // Undo points: before each apply, the state, the record's length and the
  // chance generator.
  struct Point {
    AnyState state;
    std::size_t actions;
    Rng chance_rng;
  };
  std::vector<Point> undo;
};

class Protocol {
 public:
  // The response to one request (without "id", added by the caller).
  Json handle(const Json& req, bool& quit) {
    if (!req.is_object() || !req.contains("cmd") || !req["cmd"].is_string())
      return failure(bad_request("a request is a JSON object with \"cmd\""));
    const std::string cmd = req["cmd"].get<std::string>();
    // Words come in the languages meeple speaks; anything else is refused
    // (as the command line's --lang is), not answered in English.
    if (req.contains("lang") &&
        !(req["lang"].is_string() && is_language(req["lang"].get<std::string>())))
      return failure(make_error(errc::kBadParam, "lang must be en, it or ko"));
    if (cmd == "quit") {
      quit = true;
      return ok(Json::object());
    }
    if (cmd == "games") return games();
    if (cmd == "bots") return bots(req);
    if (cmd == "new") return fresh(req);
    if (cmd == "load") return load(req);
    static const char* kNeedGame[] = {"status", "legal", "apply", "view", "result",
                                      "state",  "undo",  "bot",   "save"};
    bool known = false;
    for (const char* c : kNeedGame) known = known || cmd == c;
    if (!known)
      return failure(make_error(kUnknownCommand,
                                fmt::format("no command '{}' (commands: games, bots, new, load, "
                                            "status, legal, apply, view, result, state, undo, "
                                            "bot, save, quit)",
                                            cmd)));
    if (!s_) return failure(make_error(kNoGame, "no game yet: start one with new or load"));
    if (cmd == "status") return ok(status());
    if (cmd == "legal") return legal(req);
    if (cmd == "apply") return apply(req);
    if (cmd == "view") return view(req);
    if (cmd == "result") return result();
    if (cmd == "state") return ok({{"state", s_->state.to_json()}});
    if (cmd == "undo") return undo(req);
    if (cmd == "bot") return bot(req);
    return save(req);
  }

  static Json failure(const Error& e) {
    return {{"ok", false}, {"error", {{"code", e.code}, {"message", e.message}}}};
  }

 private:
  static Json ok(Json fields) {
    Json j = {{"ok", true}};
    for (auto& [k, v] : fields.items()) j[k] = std::move(v);
    return j;
  }

  Json status() const {
    Json j = status_json(s_->state);
    j["game"] = s_->game->name();
    j["players"] = s_->state.num_players();
    j["step"] = s_->record.actions.size();
    return j;
  }

  Json games() const {
    Json list = Json::array();
    for (const AnyGame* g : all_games()) list.push_back(g->describe());
    return ok({{"games", list}});
  }

  Json bots(const Json& req) const {
    const AnyGame* g = s_ ? s_->game : nullptr;
    if (req.contains("game")) {
      if (!req["game"].is_string()) return failure(bad_request("game is a name"));
      g = find_game(req["game"].get<std::string>());
      if (!g) return failure(unknown_game(req["game"].get<std::string>()));
    }
    if (!g) return failure(bad_request("give \"game\" (no game yet)"));
    Json list = Json::array();
    for (const BotEntry* e : game_bots(*g))
      list.push_back({{"name", e->name}, {"description", e->description}});
    return ok({{"game", g->name()}, {"bots", list}, {"default", default_bot(*g)}});
  }

  static Error unknown_game(const std::string& name) {
    std::string names;
    for (const AnyGame* g : all_games())
      names += (names.empty() ? "" : ", ") + std::string(g->name());
    return make_error(errc::kUnknownGame, fmt::format("no game '{}' (games: {})", name, names));
  }

  // "seed" and "chance" of new and load.
  static MaybeError chance_options(const Json& req, std::uint64_t& seed, bool& auto_chance) {
    if (req.contains("seed")) {
      if (!req["seed"].is_number_unsigned()) return bad_request("seed is a number >= 0");
      seed = req["seed"].get<std::uint64_t>();
    }
    if (req.contains("chance")) {
      const Json& c = req["chance"];
      if (!c.is_string() || (c != "seed" && c != "explicit"))
        return bad_request("chance is \"seed\" (drawn by the engine) or \"explicit\" (given)");
      auto_chance = c == "seed";
    }
    return std::nullopt;
  }

  Json fresh(const Json& req) {
    if (!req.contains("game") || !req["game"].is_string())
      return failure(bad_request("new needs \"game\""));
    const AnyGame* g = find_game(req["game"].get<std::string>());
    if (!g) return failure(unknown_game(req["game"].get<std::string>()));
    int players = std::min(std::max(g->min_players(), 4), g->max_players());
    if (req.contains("players")) {
      if (!req["players"].is_number_integer()) return failure(bad_request("players is a number"));
      players = req["players"].get<int>();
    }
    Json params = req.value("params", Json::object());
    if (!params.is_object()) return failure(bad_request("params is an object"));
    std::uint64_t seed = 1;
    bool auto_chance = true;
    if (auto e = chance_options(req, seed, auto_chance)) return failure(*e);
    std::vector<std::string> names(static_cast<std::size_t>(std::max(players, 0)), "player");
    if (req.contains("names")) {
      const Json& n = req["names"];
      if (!n.is_array() || n.size() != names.size())
        return failure(bad_request(fmt::format("names is a list of {} strings", players)));
      for (std::size_t i = 0; i < names.size(); ++i) {
        if (!n[i].is_string()) return failure(bad_request("names are strings"));
        names[i] = n[i].get<std::string>();
      }
    }
    auto st = g->new_game(params, players);
    if (!st) return failure(st.error());
    GameRecord r;
    r.game = std::string(g->name());
    r.params = params;
    r.players = players;
    r.seats = names;
    r.seed = seed;
    start(g, std::move(*st), std::move(r), seed, auto_chance);
    Json applied = resolve_chance();
    Json j = status();
    j["applied"] = std::move(applied);
    return ok(std::move(j));
  }

  Json load(const Json& req) {
    Json rec_j;
    if (req.contains("record")) {
      rec_j = req["record"];
    } else if (req.contains("file") && req["file"].is_string()) {
      const std::string file = req["file"].get<std::string>();
      std::ifstream f(file);
      if (!f) return failure(make_error(errc::kIo, fmt::format("cannot read {}", file)));
      try {
        rec_j = Json::parse(f);
      } catch (const Json::exception& e) {
        return failure(
            make_error(errc::kCorruptRecord, fmt::format("{} is not JSON: {}", file, e.what())));
      }
    } else {
      return failure(bad_request("load needs \"record\" (a meeple-record/1 object) or \"file\""));
    }
    auto rec = record_from_json(rec_j);
    if (!rec) return failure(rec.error());
    const AnyGame* g = find_game(rec->game);
    if (!g) return failure(unknown_game(rec->game));
    std::uint64_t seed = rec->seed;
    bool auto_chance = true;
    if (auto e = chance_options(req, seed, auto_chance)) return failure(*e);
    auto st = replay_record(*g, *rec);
    if (!st) return failure(st.error());
    // The record as replayed (every action with its number and JSON form),
    // and an undo point before each decision (with chance drawn by the
    // engine, the outcomes after a decision go with it).
    auto fresh_state = g->new_game(rec->params, rec->players);
    AnyState walk = std::move(*fresh_state);
    std::vector<Session::Point> points;
    for (std::size_t i = 0; i < rec->actions.size(); ++i) {
      RecordedAction& ra = rec->actions[i];
      if (ra.action < 0) ra.action = *walk.action_from_json(ra.seat, ra.json);
      ra.json = walk.action_to_json(ra.seat, ra.action);
      if (ra.seat != kChance || !auto_chance) points.push_back({walk, i, Rng(seed)});
      walk.apply(ra.seat, ra.action);
    }
    rec->result = Json();
    start(g, std::move(*st), std::move(*rec), seed, auto_chance);
    s_->undo = std::move(points);
    for (auto& p : s_->undo) p.chance_rng = s_->chance_rng;
    Json applied = resolve_chance();
    Json j = status();
    j["applied"] = std::move(applied);
    return ok(std::move(j));
  }

  void start(const AnyGame* g, AnyState st, GameRecord r, std::uint64_t seed, bool auto_chance) {
    Rng master(seed);
    Rng chance = master.split();
    Rng bot = master.split();
    s_.emplace(Session{.game = g,
                       .auto_chance = auto_chance,
                       .state = std::move(st),
                       .record = std::move(r),
                       .chance_rng = chance,
                       .bot_rng = bot});
  }

  // Applies a checked-legal move: record, bots that observe.
  Json commit(Seat seat, Action a) {
    Session& s = *s_;
    Json e = action_entry(s.state, seat, a, "en");
    e["seat"] = seat;
    e.erase("weight");
    s.record.actions.push_back({seat, a, e["json"]});
    s.state.apply(seat, a);
    for (auto& [bseat, b] : s.bots)
      if (b.second->observes()) b.second->observe(s.state.determinize(bseat, s.bot_rng), bseat);
    return e;
  }

  // Draws chance while the game waits for it (when the engine draws chance).
  Json resolve_chance() {
    Json applied = Json::array();
    Session& s = *s_;
    while (s.auto_chance && !s.state.is_terminal() && s.state.is_chance())
      applied.push_back(commit(kChance, sample_chance(s.state.chance_outcomes(), s.chance_rng)));
    return applied;
  }

  static std::string lang_of(const Json& req) {
    return req.contains("lang") && req["lang"].is_string() ? req["lang"].get<std::string>() : "en";
  }

  Json legal(const Json& req) const {
    std::optional<Seat> seat;
    if (req.contains("seat")) {
      auto p = parse_seat(s_->state, req["seat"], false);
      if (!p) return failure(p.error());
      seat = *p;
    }
    auto j = legal_json(s_->state, seat, lang_of(req), req.value("primary", Json(false)) == true);
    if (!j) return failure(j.error());
    return ok(std::move(*j));
  }

  Json apply(const Json& req) {
    Session& s = *s_;
    if (!req.contains("action")) return failure(bad_request("apply needs \"action\""));
    auto m = parse_move(s.state, req.value("seat", Json()), req["action"]);
    if (!m) return failure(m.error());
    {
      AnyState probe = s.state;  // apply() refuses without change; the record must not grow
      if (auto e = probe.apply(m->seat, m->action)) return failure(*e);
    }
    s.undo.push_back({s.state, s.record.actions.size(), s.chance_rng});
    Json applied = Json::array();
    applied.push_back(commit(m->seat, m->action));
    for (auto& c : resolve_chance()) applied.push_back(std::move(c));
    Json j = status();
    j["applied"] = std::move(applied);
    return ok(std::move(j));
  }

  Json view(const Json& req) const {
    if (!req.contains("seat"))
      return failure(bad_request("view needs \"seat\" (or \"spectator\")"));
    auto seat = parse_seat(s_->state, req["seat"], true);
    if (!seat) return failure(seat.error());
    if (*seat == kChance)
      return failure(make_error("seat/invalid", "chance has no view: give a seat or spectator"));
    Json j = {{"seat", *seat}, {"view", s_->state.view(*seat)}};
    if (req.value("text", Json(false)) == true)
      j["text"] = s_->state.text_view(*seat, lang_of(req));
    return ok(std::move(j));
  }

  Json result() const {
    auto r = result_of(s_->state);
    if (!r) return failure(r.error());
    return ok({{"result", *r}});
  }

  Json undo(const Json& req) {
    Session& s = *s_;
    std::size_t steps = 1;
    if (req.contains("steps")) {
      if (!req["steps"].is_number_unsigned() || req["steps"].get<std::size_t>() < 1)
        return failure(bad_request("steps is a number >= 1"));
      steps = req["steps"].get<std::size_t>();
    }
    if (steps > s.undo.size())
      return failure(make_error(kNothingToUndo,
                                fmt::format("only {} applied moves to undo here", s.undo.size())));
    Session::Point p = s.undo[s.undo.size() - steps];
    s.undo.erase(s.undo.end() - static_cast<std::ptrdiff_t>(steps), s.undo.end());
    s.state = std::move(p.state);
    s.record.actions.resize(p.actions);
    s.chance_rng = p.chance_rng;
    s.bots.clear();  // a bot cannot unsee what it observed
    return ok(status());
  }

  Json bot(const Json& req) {
    Session& s = *s_;
    if (s.state.is_terminal()) return failure(make_error(errc::kGameOver, "the game is over"));
    if (s.state.is_chance())
      return failure(make_error(errc::kNotYourTurn,
                                "the game waits for chance: apply an outcome (see legal)"));
    Seat seat;
    if (req.contains("seat")) {
      auto p = parse_seat(s.state, req["seat"], false);
      if (!p) return failure(p.error());
      seat = *p;
      if (!s.state.to_act().contains(seat))
        return failure(make_error(errc::kNotYourTurn, fmt::format("seat {} is not to act", seat)));
    } else if (s.state.to_act().size() == 1) {
      seat = s.state.to_act().lowest();
    } else {
      return failure(bad_request("several seats decide at once: give \"seat\""));
    }
    std::string spec = default_bot(*s.game);
    if (req.contains("bot")) {
      if (!req["bot"].is_string()) return failure(bad_request("bot is a spec like ismcts:medium"));
      spec = req["bot"].get<std::string>();
    }
    // A budget in the request overrides the spec's.
    if (req.contains("iterations") || req.contains("ms")) {
      const std::string name = spec.substr(0, spec.find(':'));
      if (req.contains("iterations")) {
        if (!req["iterations"].is_number_unsigned())
          return failure(bad_request("iterations is a number >= 1"));
        spec = fmt::format("{}:{}", name, req["iterations"].get<std::uint64_t>());
      } else {
        if (!req["ms"].is_number() || req["ms"].get<double>() <= 0)
          return failure(bad_request("ms is a number > 0"));
        spec = fmt::format("{}:{}s", name, req["ms"].get<double>() / 1000.0);
      }
    }
    auto& slot = s.bots[seat];
    if (!slot.second || slot.first != spec) {
      auto b = make_bot(*s.game, spec);
      if (!b) {
        s.bots.erase(seat);
        return failure(b.error());
      }
      slot = {spec, std::move(*b)};
    }
    const Action a = ask_bot(*slot.second, s.state, seat, s.bot_rng);
    Json choice = action_entry(s.state, seat, a, lang_of(req));
    choice["seat"] = seat;
    Json j = {{"bot", spec}, {"choice", choice}};
    if (req.value("apply", Json(false)) == true) {
      Json r = apply({{"seat", seat}, {"action", a}});
      if (!r["ok"].get<bool>()) return r;
      r.erase("ok");
      for (auto& [k, v] : r.items()) j[k] = v;
    }
    return ok(std::move(j));
  }

  Json save(const Json& req) {
    GameRecord r = s_->record;
    if (s_->state.is_terminal()) r.result = s_->state.result_json();
    Json rec = record_to_json(r);
    if (req.contains("file")) {
      if (!req["file"].is_string()) return failure(bad_request("file is a path"));
      const std::string file = req["file"].get<std::string>();
      std::ofstream f(file);
      if (!f || !(f << rec.dump() << "\n"))
        return failure(make_error(errc::kIo, fmt::format("cannot write {}", file)));
      return ok({{"file", file}, {"actions", r.actions.size()}});
    }
    return ok({{"record", rec}});
  }

  std::optional<Session> s_;
};

}  // namespace

struct Engine::Impl {
  Protocol protocol;
};

Engine::Engine() : impl_(std::make_unique<Impl>()) {}
Engine::~Engine() = default;

std::string Engine::handle(const std::string& line, bool& quit) {
  Json req, resp;
  try {
    req = Json::parse(line);
  } catch (const Json::exception& e) {
    resp = Protocol::failure(bad_request(fmt::format("not a JSON line: {}", e.what())));
  }
  if (resp.is_null()) {
    try {
      resp = impl_->protocol.handle(req, quit);
    } catch (const std::exception& e) {
      resp = Protocol::failure(make_error("engine/internal", e.what()));
    }
    if (req.is_object() && req.contains("id")) resp["id"] = req["id"];
  }
  return resp.dump();
}

int cmd_engine(const EngineArgs&, std::istream& in, std::ostream& out, std::ostream&) {
  Engine engine;
  bool quit = false;
  for (std::string line; !quit && std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    out << engine.handle(line, quit) << "\n" << std::flush;
  }
  return 0;
}

}  // namespace meeple::cli
