// `meeple engine`: games driven by another program over JSON lines
// (docs/engine-protocol.md), in the spirit of UCI and GTP. One request per
// input line, one response per request, in order (a `go` streams `info`
// lines before its response); every error is a response with
// {"ok": false, "error": {"code", "message"}} and changes nothing. The true
// states are the engine's: programs ask for views, legal actions and
// results, as the room's clients do. Several games live side by side, each
// under a game id; requests without one address the game "main".
#include "cli/engine.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "bots/bot.h"
#include "bots/hint.h"
#include "cli/commands.h"
#include "cli/game_facts.h"
#include "cli/programs.h"
#include "cli/registry.h"
#include "core/i18n.h"
#include "core/json_error.h"
#include "core/record.h"
#include "games/registry.h"

namespace meeple::cli {

namespace {

// Codes of the engine protocol (besides the game's and the record's).
constexpr const char* kUnknownCommand = "request/unknown_command";
constexpr const char* kNoGame = "engine/no_game";
constexpr const char* kNothingToUndo = "engine/nothing_to_undo";
constexpr const char* kTooManyGames = "engine/too_many_games";
constexpr const char* kHidden = "engine/hidden";
constexpr const char* kNoRecord = "engine/no_record";

// The protocol's version (hello): 2 added game ids, fork, load of a state,
// history, hide, go/stop and hello itself; version 1 clients never send them.
constexpr int kProtocolVersion = 2;
// Games one engine holds at once (new, load and fork refuse more).
constexpr std::size_t kMaxGames = 32;
constexpr const char* kMainGame = "main";

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
  // Where the game began in this engine (a new game, or the loaded state),
  // and whether that is the game's start: record.actions lead from `origin`
  // to `state`, and are a whole record only from the start.
  AnyState origin;
  bool from_start = true;
  // The one seat whose view is all the program sees (hide), if any.
  std::optional<Seat> hidden;
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

  // A copy under another id: the same game, the same generators and undo
  // points; bots start afresh (a bot's memory is not copied).
  Session fork() const {
    return Session{.game = game,
                   .auto_chance = auto_chance,
                   .state = state,
                   .record = record,
                   .chance_rng = chance_rng,
                   .bot_rng = bot_rng,
                   .origin = origin,
                   .from_start = from_start,
                   .hidden = hidden,
                   .bots = {},
                   .undo = undo};
  }
};

class Protocol {
 public:
  // Writes one streamed line (a go's info) to the program.
  using Emit = std::function<void(Json)>;

  // `cap`: the most a bot or a go may search per decision (bot/budget over it).
  explicit Protocol(BudgetCap cap) : cap_(cap) {}

  // The response to one request (without "id", added by the caller). `emit`
  // streams a go's info lines; `stop` ends a go early (null: no stop can
  // come, so a go needs a budget). The checks, in order: the request's
  // form, its fields, then (but for quit) "lang" and "game_id", the
  // command, and the game it addresses.
  Json handle(const Json& req, bool& quit, const Emit& emit, const std::atomic<bool>* stop) {
    if (!req.is_object() || !req.contains("cmd") || !req["cmd"].is_string())
      return failure(bad_request("a request is a JSON object with \"cmd\""));
    const std::string cmd = req["cmd"].get<std::string>();
    const Request* r = find_request(cmd);
    if (r)
      if (auto e = unknown_field(*r, req)) return failure(*e);
    const Call call{.req = req, .emit = emit, .stop = stop, .quit = quit};
    if (r && r->scope == Scope::kFirst) return r->handler(*this, call);
    // Words come in the languages meeple speaks; anything else is refused
    // (as the command line's --lang is), not answered in English.
    if (req.contains("lang") &&
        !(req["lang"].is_string() && is_language(req["lang"].get<std::string>())))
      return failure(make_error(errc::kBadParam, "lang must be en, it or ko"));
    if (req.contains("game_id") && !valid_id(req["game_id"]))
      return failure(bad_request("game_id is a name of 1 to 40 letters, digits, '-' or '_'"));
    if (!r) {
      std::string names;
      for (const Request& known : requests())
        names += (names.empty() ? "" : ", ") + std::string(known.cmd);
      return failure(
          make_error(kUnknownCommand, fmt::format("no command '{}' (commands: {})", cmd, names)));
    }
    if (r->scope == Scope::kEngine) return r->handler(*this, call);
    if (r->scope == Scope::kGame) {
      const std::string id = id_of(req);
      auto at = games_.find(id);
      if (at == games_.end()) {
        if (games_.empty())
          return failure(make_error(kNoGame, "no game yet: start one with new or load"));
        return failure(make_error(kNoGame, fmt::format("no game '{}' (games: {})", id, ids())));
      }
      s_ = &at->second;
    }
    return named(req, r->handler(*this, call));
  }

  static Json failure(const Error& e) {
    return {{"ok", false}, {"error", {{"code", e.code}, {"message", e.message}}}};
  }

 private:
  BudgetCap cap_;

  // One request as its handler gets it.
  struct Call {
    const Json& req;
    const Emit& emit;
    const std::atomic<bool>* stop;
    bool& quit;
  };

  // What a request needs before its handler runs.
  enum class Scope {
    kFirst,    // nothing: answered before "lang" and "game_id" are checked (quit)
    kEngine,   // no game: about the engine; the answer names no game
    kNewGame,  // makes a game under the request's game_id (or "main"), named in the answer
    kGame,     // the game the request names (or "main"), which must exist: s_ points at it
  };

  // One request of the protocol (docs/engine-protocol.md): its "cmd", the
  // fields it reads besides "cmd", "id", "game_id" and "lang" (any other is
  // refused, so that a mistyped one ("seeed") is not silently left out),
  // what it needs, and its handler.
  struct Request {
    const char* cmd;
    std::vector<const char*> fields;
    Scope scope;
    Json (*handler)(Protocol& p, const Call& c);
  };

  // Every request, in the order hello lists them.
  static const std::vector<Request>& requests() {
    using enum Scope;
    using P = Protocol;
    using C = const Call&;
    static const std::vector<Request> kRequests = {
        {"hello", {}, kEngine, [](P& p, C) { return p.hello(); }},
        {"games", {}, kEngine, [](P& p, C) { return p.games(); }},
        {"bots", {"game"}, kEngine, [](P& p, C c) { return p.bots(c.req); }},
        {"new",
         {"game", "players", "params", "names", "seed", "chance", "hide"},
         kNewGame,
         [](P& p, C c) { return p.fresh(c.req); }},
        {"load",
         {"record", "file", "state", "state_file", "game", "seed", "chance", "hide"},
         kNewGame,
         [](P& p, C c) { return p.load(c.req); }},
        {"fork", {"as"}, kGame, [](P& p, C c) { return p.fork(c.req); }},
        {"close", {}, kGame, [](P& p, C c) { return p.close(c.req); }},
        {"list", {}, kEngine, [](P& p, C) { return p.list(); }},
        {"status", {}, kGame, [](P& p, C) { return ok(p.status()); }},
        {"legal", {"seat", "primary"}, kGame, [](P& p, C c) { return p.legal(c.req); }},
        {"apply", {"seat", "action"}, kGame, [](P& p, C c) { return p.apply(c.req); }},
        {"view", {"seat", "text"}, kGame, [](P& p, C c) { return p.view(c.req); }},
        {"history", {"seat", "views", "from"}, kGame, [](P& p, C c) { return p.history(c.req); }},
        {"hide", {"seat"}, kGame, [](P& p, C c) { return p.hide(c.req); }},
        {"result", {}, kGame, [](P& p, C) { return p.result(); }},
        {"state", {}, kGame, [](P& p, C) { return p.state(); }},
        {"undo", {"steps"}, kGame, [](P& p, C c) { return p.undo(c.req); }},
        {"bot",
         {"seat", "bot", "iterations", "ms", "apply"},
         kGame,
         [](P& p, C c) { return p.bot(c.req); }},
        {"go",
         {"seat", "bot", "iterations", "ms", "apply", "infinite", "info_ms"},
         kGame,
         [](P& p, C c) { return p.go(c.req, c.emit, c.stop); }},
        {"hint",
         {"seat", "iterations", "ms", "seed", "top"},
         kGame,
         [](P& p, C c) { return p.hint_for(c.req, c.stop); }},
        // A go in progress has stopped already (the reader stops it).
        {"stop", {}, kEngine, [](P&, C) { return ok(Json::object()); }},
        {"save", {"file"}, kGame, [](P& p, C c) { return p.save(c.req); }},
        {"observation", {"seat"}, kGame, [](P& p, C c) { return p.observation(c.req); }},
        // Any quit ends the engine (its reader stops reading after it).
        {"quit",
         {},
         kFirst,
         [](P&, C c) {
           c.quit = true;
           return ok(Json::object());
         }},
    };
    return kRequests;
  }

  static const Request* find_request(const std::string& cmd) {
    for (const Request& r : requests())
      if (cmd == r.cmd) return &r;
    return nullptr;
  }

  // A field the request does not read, named with those it does.
  static MaybeError unknown_field(const Request& r, const Json& req) {
    for (const auto& [key, value] : req.items()) {
      if (key == "cmd" || key == "id" || key == "game_id" || key == "lang") continue;
      bool known = false;
      for (const char* f : r.fields) known = known || key == f;
      if (known) continue;
      std::string names;
      for (const char* f : r.fields) names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", f);
      return bad_request(
          fmt::format("{} has no field \"{}\" ({})", r.cmd, key,
                      r.fields.empty() ? "it takes none" : fmt::format("it takes {}", names)));
    }
    return std::nullopt;
  }

  // A game named in the request is named in the answer (the main game's
  // answers stay as they were before game ids; fork names its copy).
  static Json named(const Json& req, Json resp) {
    if (resp["ok"] == true && req.contains("game_id") && !resp.contains("game_id"))
      resp["game_id"] = req["game_id"];
    return resp;
  }

  static Json ok(Json fields) {
    Json j = {{"ok", true}};
    for (auto& [k, v] : fields.items()) j[k] = std::move(v);
    return j;
  }

  static bool valid_id(const Json& j) {
    if (!j.is_string()) return false;
    const auto& v = j.get_ref<const std::string&>();
    if (v.empty() || v.size() > 40) return false;
    for (char c : v)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
    return true;
  }
  static std::string id_of(const Json& req) {
    return req.contains("game_id") ? req["game_id"].get<std::string>() : kMainGame;
  }
  std::string ids() const {
    std::string names;
    for (const auto& [id, g] : games_) names += (names.empty() ? "" : ", ") + id;
    return names;
  }
  // Room for one more game under `id` (replacing a game of that id is fine).
  MaybeError room_for(const std::string& id) const {
    if (games_.size() >= kMaxGames && !games_.contains(id))
      return make_error(kTooManyGames, fmt::format("this engine holds at most {} games ({} now): "
                                                   "close one first",
                                                   kMaxGames, games_.size()));
    return std::nullopt;
  }

  // The addressed game's status (status_json: terminal, chance, to_act) with its
  // game, players and step (actions applied since it began here).
  Json status() const {
    Json j = status_json(s_->state);
    j["game"] = s_->game->name();
    j["players"] = s_->state.num_players();
    j["step"] = s_->record.actions.size();
    return j;
  }

  // hello: the engine, the protocol's version, every request, the most games
  // and the most a search may take.
  Json hello() const {
    Json commands = Json::array();
    for (const Request& r : requests()) commands.push_back(r.cmd);
    return ok(
        {{"engine", "meeple"},
         {"protocol", kProtocolVersion},
         {"commands", std::move(commands)},
         {"max_games", kMaxGames},
         {"max_budget",
          {{"seconds", cap_.seconds}, {"iterations", cap_.iterations}, {"trees", cap_.trees}}}});
  }

  // games: every game's description and facts (as `meeple games --json`).
  Json games() const {
    Json list = Json::array();
    for (const AnyGame* g : all_games()) {
      Json d = g->describe();
      d["facts"] = game_facts(*g);
      list.push_back(std::move(d));
    }
    return ok({{"games", list}});
  }

  // list: every game held, by id, with its status (and hidden seat).
  Json list() const {
    Json list = Json::array();
    for (const auto& [id, g] : games_) {
      Json e = status_json(g.state);
      e["game_id"] = id;
      e["game"] = g.game->name();
      e["step"] = g.record.actions.size();
      if (g.hidden) e["hidden"] = *g.hidden;
      list.push_back(std::move(e));
    }
    return ok({{"games", std::move(list)}, {"max_games", kMaxGames}});
  }

  // bots: the bots of "game" (default: the addressed game's) and its default.
  Json bots(const Json& req) const {
    const AnyGame* g = nullptr;  // default: the game the request names (or "main")
    if (auto at = games_.find(id_of(req)); at != games_.end()) g = at->second.game;
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

  // "seed", "chance" and "hide" of new and load.
  struct Options {
    std::uint64_t seed = 1;
    bool auto_chance = true;
    Json hide;  // null: every seat is seen
  };
  static MaybeError options(const Json& req, Options& o) {
    if (req.contains("seed")) {
      if (!req["seed"].is_number_unsigned()) return bad_request("seed is a number >= 0");
      o.seed = req["seed"].get<std::uint64_t>();
    }
    if (req.contains("chance")) {
      const Json& c = req["chance"];
      if (!c.is_string() || (c != "seed" && c != "explicit"))
        return bad_request("chance is \"seed\" (drawn by the engine) or \"explicit\" (given)");
      o.auto_chance = c == "seed";
    }
    if (req.contains("hide")) o.hide = req["hide"];
    return std::nullopt;
  }

  // The seat of a "hide" (a seat of the table) for `state`.
  static Expected<std::optional<Seat>> hidden_seat(const AnyState& state, const Json& hide) {
    if (hide.is_null()) return std::optional<Seat>();
    if (!hide.is_number_integer() || hide.get<std::int64_t>() < 0 ||
        hide.get<std::int64_t>() >= state.num_players())
      return make_error("seat/invalid", fmt::format("hide takes a seat, 0 to {}, not {}",
                                                    state.num_players() - 1, hide.dump()));
    return std::optional<Seat>(hide.get<Seat>());
  }

  // new: a new game of "game" under the request's id (replacing one of that
  // id), its players, params, seat names, seed, chance and hide checked
  // first; answers as started().
  Json fresh(const Json& req) {
    if (!req.contains("game") || !req["game"].is_string())
      return failure(bad_request("new needs \"game\""));
    const std::string id = id_of(req);
    if (auto e = room_for(id)) return failure(*e);
    const AnyGame* g = find_game(req["game"].get<std::string>());
    if (!g) return failure(unknown_game(req["game"].get<std::string>()));
    int players = std::min(std::max(g->min_players(), 4), g->max_players());
    if (req.contains("players")) {
      const Json& n = req["players"];
      if (!n.is_number_integer()) return failure(bad_request("players is a number"));
      // Range-checked before it becomes an int: 2^31 was told as -2^31.
      const bool in_range =
          n.is_number_unsigned() ? n.get<std::uint64_t>() <= kMaxSeats : n.get<std::int64_t>() >= 0;
      if (!in_range)
        return failure(make_error(errc::kBadPlayers,
                                  fmt::format("{} is for {} to {} players, not {}", g->title(),
                                              g->min_players(), g->max_players(), n.dump())));
      players = n.get<int>();
    }
    Json params = req.value("params", Json::object());
    if (!params.is_object()) return failure(bad_request("params is an object"));
    Options o;
    if (auto e = options(req, o)) return failure(*e);
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
    auto hidden = hidden_seat(*st, o.hide);
    if (!hidden) return failure(hidden.error());
    GameRecord r;
    r.game = std::string(g->name());
    r.params = params;
    r.players = players;
    r.seats = names;
    r.seed = o.seed;
    start(id, g, std::move(*st), std::move(r), o, *hidden);
    return started();
  }

  // The answer to new and load: the status and the chance drawn at once.
  Json started() {
    Json applied = resolve_chance();
    Json j = status();
    j["applied"] = std::move(applied);
    if (s_->hidden) j["hidden"] = *s_->hidden;
    return ok(std::move(j));
  }

  // load: a game from a record ("record" or "file") or a state ("state" or
  // "state_file", with "game") under the request's id; answers as started().
  Json load(const Json& req) {
    const std::string id = id_of(req);
    if (auto e = room_for(id)) return failure(*e);
    if (req.contains("state") || req.contains("state_file")) return load_state(req, id);
    Json rec_j;
    if (req.contains("record")) {
      rec_j = req["record"];
    } else if (req.contains("file") && req["file"].is_string()) {
      const std::string file = req["file"].get<std::string>();
      auto text = read_file(file);
      if (!text) return failure(text.error());
      try {
        rec_j = Json::parse(*text);
      } catch (const Json::exception& e) {
        return failure(make_error(errc::kCorruptRecord,
                                  fmt::format("{} is not JSON: {}", file, json_error_words(e))));
      }
    } else {
      return failure(bad_request(
          "load needs \"record\" (a meeple-record/1 object), \"file\" (its path) or \"state\" "
          "with \"game\""));
    }
    auto rec = record_from_json(rec_j);
    if (!rec) return failure(rec.error());
    const AnyGame* g = find_game(rec->game);
    if (!g) return failure(unknown_game(rec->game));
    Options o{.seed = rec->seed};
    if (auto e = options(req, o)) return failure(*e);
    auto st = replay_record(*g, *rec);
    if (!st) return failure(st.error());
    auto hidden = hidden_seat(*st, o.hide);
    if (!hidden) return failure(hidden.error());
    // The record as replayed (every action with its number and JSON form),
    // and an undo point before each decision (with chance drawn by the
    // engine, the outcomes after a decision go with it). An undo entry
    // takes back the seat's latest decision, which replay_record found to
    // be the last action kept (nothing became known since): the session's
    // record is the game it became, as after the engine's own undo.
    auto fresh_state = g->new_game(rec->params, rec->players);
    AnyState walk = *fresh_state;
    std::vector<Session::Point> points;
    std::vector<RecordedAction> kept;
    for (RecordedAction& ra : rec->actions) {
      if (ra.undo) {
        walk = std::move(points.back().state);
        kept.resize(points.back().actions);
        points.pop_back();
        continue;
      }
      if (ra.action < 0) ra.action = *walk.action_from_json(ra.seat, ra.json);
      ra.json = walk.action_to_json(ra.seat, ra.action);
      if (ra.seat != kChance || !o.auto_chance) points.push_back({walk, kept.size(), Rng(o.seed)});
      walk.apply(ra.seat, ra.action);
      kept.push_back(std::move(ra));
    }
    rec->actions = std::move(kept);
    rec->result = Json();
    start(id, g, std::move(*st), std::move(*rec), o, *hidden);
    s_->origin = std::move(*fresh_state);
    s_->undo = std::move(points);
    for (auto& p : s_->undo) p.chance_rng = s_->chance_rng;
    return started();
  }

  // A position: the whole state (as `meeple new` prints it and `state`
  // answers) of a named game. Its moves before are unknown, so the game has
  // no record to save; history begins here.
  Json load_state(const Json& req, const std::string& id) {
    if (!req.contains("game") || !req["game"].is_string())
      return failure(bad_request("load of a state needs \"game\" (a state does not name it)"));
    const AnyGame* g = find_game(req["game"].get<std::string>());
    if (!g) return failure(unknown_game(req["game"].get<std::string>()));
    Json state;
    if (req.contains("state")) {
      state = req["state"];
    } else {
      if (!req["state_file"].is_string()) return failure(bad_request("state_file is a path"));
      const std::string file = req["state_file"].get<std::string>();
      auto text = read_file(file);
      if (!text) return failure(text.error());
      try {
        state = Json::parse(*text);
      } catch (const Json::exception& e) {
        return failure(make_error(errc::kCorruptState, fmt::format("{} is not valid JSON: {}", file,
                                                                   json_error_words(e))));
      }
    }
    if (!state.is_object())
      return failure(make_error(errc::kCorruptState, "a state is a JSON object"));
    Options o;
    if (auto e = options(req, o)) return failure(*e);
    auto st = g->state_from_json(state);
    if (!st) return failure(st.error());
    auto hidden = hidden_seat(*st, o.hide);
    if (!hidden) return failure(hidden.error());
    GameRecord r;
    r.game = std::string(g->name());
    r.players = st->num_players();
    r.seats.assign(static_cast<std::size_t>(r.players), "player");
    r.seed = o.seed;
    start(id, g, std::move(*st), std::move(r), o, *hidden);
    s_->from_start = false;
    return started();
  }

  void start(const std::string& id, const AnyGame* g, AnyState st, GameRecord r, const Options& o,
             std::optional<Seat> hidden) {
    Rng master(o.seed);
    Rng chance = master.split();
    Rng bot = master.split();
    AnyState origin = st;
    games_.erase(id);
    s_ = &games_
              .emplace(id, Session{.game = g,
                                   .auto_chance = o.auto_chance,
                                   .state = std::move(st),
                                   .record = std::move(r),
                                   .chance_rng = chance,
                                   .bot_rng = bot,
                                   .origin = std::move(origin),
                                   .from_start = true,
                                   .hidden = hidden})
              .first->second;
  }

  // fork: a copy of the addressed game under "as" (default fork-1, fork-2,
  // ...): its status, with that game_id.
  Json fork(const Json& req) {
    std::string to;
    if (req.contains("as")) {
      if (!valid_id(req["as"]))
        return failure(bad_request("as is a name of 1 to 40 letters, digits, '-' or '_'"));
      to = req["as"].get<std::string>();
    } else {
      for (int n = 1; to.empty() || games_.contains(to); ++n) to = fmt::format("fork-{}", n);
    }
    if (auto e = room_for(to)) return failure(*e);
    Session copy = s_->fork();
    games_.erase(to);
    s_ = &games_.emplace(to, std::move(copy)).first->second;
    Json j = status();
    j["game_id"] = to;
    return ok(std::move(j));
  }

  // close: the addressed game dropped; how many games are left.
  Json close(const Json& req) {
    games_.erase(id_of(req));
    s_ = nullptr;
    return ok({{"games", games_.size()}});
  }

  // The entry for one applied action as the program may see it: everything
  // (seat, action, JSON form, words), or, when the game is hidden for
  // another seat, only what that seat is told of it.
  Json told(const AnyState& before, Seat seat, Action a) const {
    if (s_->hidden && seat != *s_->hidden) {
      const std::string words =
          before.has_events() ? before.describe_event(*s_->hidden, seat, a, "en") : std::string();
      return {{"seat", seat}, {"hidden", true}, {"words", words}};
    }
    Json e = action_entry(before, seat, a, "en");
    e["seat"] = seat;
    e.erase("weight");
    return e;
  }

  // Applies a checked-legal move: record, bots that observe.
  Json commit(Seat seat, Action a) {
    Session& s = *s_;
    Json e = told(s.state, seat, a);
    s.record.actions.push_back({seat, a, s.state.action_to_json(seat, a)});
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

  // hide: a seat whose requests and answers are all the program sees.
  Error hidden_from(const std::string& what) const {
    return make_error(kHidden,
                      fmt::format("this game shows only seat {}'s view: {}", *s_->hidden, what));
  }

  // legal: the legal actions of "seat" (default: the hidden seat, else every
  // seat to act) or the chance outcomes; never another seat's when hidden.
  Json legal(const Json& req) const {
    std::optional<Seat> seat = s_->hidden;
    if (req.contains("seat")) {
      auto p = parse_seat(s_->state, req["seat"], false);
      if (!p) return failure(p.error());
      seat = *p;
    }
    if (s_->hidden && seat != s_->hidden)
      return failure(hidden_from(fmt::format("seat {}'s actions are not shown", *seat)));
    if (s_->hidden && !s_->state.is_terminal() && s_->state.is_chance())
      return failure(hidden_from("the chance outcomes are not shown"));
    auto j = legal_json(s_->state, seat, lang_of(req), req.value("primary", Json(false)) == true);
    if (!j) return failure(j.error());
    return ok(std::move(*j));
  }

  // apply: "action" for "seat" (default: the one seat to act), checked legal
  // first (a refused action changes nothing), then chance drawn if the engine
  // draws it; the status with every action applied, as the program may see it.
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

  // view: what "seat" (or spectator) sees, and its board in words with
  // "text"; of a hidden game only its seat's and the spectator's.
  Json view(const Json& req) const {
    if (!req.contains("seat"))
      return failure(bad_request("view needs \"seat\" (or \"spectator\")"));
    auto seat = parse_seat(s_->state, req["seat"], true);
    if (!seat) return failure(seat.error());
    if (*seat == kChance)
      return failure(make_error("seat/invalid", "chance has no view: give a seat or spectator"));
    if (s_->hidden && *seat != *s_->hidden && *seat != kSpectator)
      return failure(hidden_from(fmt::format("seat {}'s view is not shown", *seat)));
    Json j = {{"seat", *seat}, {"view", s_->state.view(*seat)}};
    if (req.value("text", Json(false)) == true)
      j["text"] = s_->state.text_view(*seat, lang_of(req));
    return ok(std::move(j));
  }

  // The seat's observation tensor and legal-action mask (core/any_game.h),
  // as numbers: what a learning program reads instead of the view.
  Json observation(const Json& req) const {
    if (!req.contains("seat")) return failure(bad_request("observation needs \"seat\""));
    auto seat = parse_seat(s_->state, req["seat"], false);
    if (!seat) return failure(seat.error());
    if (*seat == kChance)
      return failure(make_error("seat/invalid", "chance has no observation: give a seat"));
    if (s_->hidden && *seat != *s_->hidden)
      return failure(hidden_from(fmt::format("seat {}'s observation is not shown", *seat)));
    const AnyState& st = s_->state;
    const std::vector<int> shape = st.observation_shape();
    std::vector<float> values(shape.empty() ? 0 : static_cast<std::size_t>(shape[0]));
    if (auto e = st.observation(*seat, values)) return failure(*e);
    std::vector<float> mask(static_cast<std::size_t>(st.num_distinct_actions()));
    if (auto e = st.legal_mask(*seat, mask)) return failure(*e);
    Json m = Json::array();
    for (float v : mask) m.push_back(static_cast<int>(v));
    return ok({{"seat", *seat}, {"shape", shape}, {"values", values}, {"mask", std::move(m)}});
  }

  // What one seat saw, in order (its information state): its view where
  // this engine's game began, then for each action since, what the seat was
  // told of it (the game's event words, as the table tells it), the action
  // itself when it was the seat's own, and its view after it.
  Json history(const Json& req) const {
    const Session& s = *s_;
    if (!req.contains("seat") && !s.hidden)
      return failure(bad_request("history needs \"seat\" (or \"spectator\")"));
    Seat seat = s.hidden.value_or(kSpectator);
    if (req.contains("seat")) {
      auto p = parse_seat(s.state, req["seat"], true);
      if (!p) return failure(p.error());
      if (*p == kChance)
        return failure(make_error("seat/invalid", "chance has no view: give a seat or spectator"));
      seat = *p;
    }
    if (s.hidden && seat != *s.hidden && seat != kSpectator)
      return failure(hidden_from(fmt::format("seat {}'s history is not shown", seat)));
    const bool views = req.value("views", Json(true)) != false;
    std::size_t from = 0;
    if (req.contains("from")) {
      if (!req["from"].is_number_unsigned()) return failure(bad_request("from is a step >= 0"));
      from = req["from"].get<std::size_t>();
    }
    const std::string lang = lang_of(req);
    Json steps = Json::array();
    AnyState walk = s.origin;
    auto entry = [&](std::size_t step) {
      Json e = {{"step", step}};
      if (views) e["view"] = walk.view(seat);
      return e;
    };
    if (from == 0) steps.push_back(entry(0));
    for (std::size_t i = 0; i < s.record.actions.size(); ++i) {
      const RecordedAction& ra = s.record.actions[i];
      Json e;
      if (i + 1 >= from) {
        e = {{"actor", ra.seat},
             {"words", walk.has_events() ? walk.describe_event(seat, ra.seat, ra.action, lang)
                                         : std::string()}};
        if (ra.seat == seat) e["action"] = walk.action_to_json(ra.seat, ra.action);
      }
      walk.apply(ra.seat, ra.action);
      if (i + 1 < from) continue;
      Json after = entry(i + 1);
      for (auto& [k, v] : e.items()) after[k] = std::move(v);
      steps.push_back(std::move(after));
    }
    return ok({{"seat", seat}, {"steps", std::move(steps)}});
  }

  // hide: from now on the program sees only "seat"'s view (for good: a
  // hidden game stays hidden for its seat); the status.
  Json hide(const Json& req) {
    if (!req.contains("seat")) return failure(bad_request("hide needs \"seat\""));
    auto seat = hidden_seat(s_->state, req["seat"]);
    if (!seat) return failure(seat.error());
    if (s_->hidden && *seat != s_->hidden)
      return failure(hidden_from("a hidden game stays hidden for its seat (fork keeps it too)"));
    s_->hidden = *seat;
    Json j = status();
    j["hidden"] = *s_->hidden;
    return ok(std::move(j));
  }

  // state: the whole state (of a hidden game: its seat's view).
  Json state() const {
    if (s_->hidden) return ok({{"hidden", *s_->hidden}, {"view", s_->state.view(*s_->hidden)}});
    return ok({{"state", s_->state.to_json()}});
  }

  // result: the finished game's result (game/not_over before the end).
  Json result() const {
    auto r = result_of(s_->state);
    if (!r) return failure(r.error());
    return ok({{"result", *r}});
  }

  // undo: the last "steps" (default 1) applies taken back, with the chance
  // they drew; bots forget what they saw. The status.
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

  // The seat a bot or a go decides for: "seat", else the one seat to act.
  Expected<Seat> deciding_seat(const Json& req) const {
    const Session& s = *s_;
    if (s.state.is_terminal()) return make_error(errc::kGameOver, "the game is over");
    if (s.state.is_chance())
      return make_error(errc::kNotYourTurn,
                        "the game waits for chance: apply an outcome (see legal)");
    if (req.contains("seat")) {
      auto p = parse_seat(s.state, req["seat"], false);
      if (!p) return p.error();
      if (!s.state.to_act().contains(*p))
        return make_error(errc::kNotYourTurn, fmt::format("seat {} is not to act", *p));
      return *p;
    }
    if (s.state.to_act().size() == 1) return s.state.to_act().lowest();
    return bad_request("several seats decide at once: give \"seat\"");
  }

  // A bot spec from "bot" (default `fallback`), with "iterations" or "ms"
  // replacing its budget.
  static Expected<std::string> spec_of(const Json& req, std::string fallback) {
    std::string spec = std::move(fallback);
    if (req.contains("bot")) {
      if (!req["bot"].is_string()) return bad_request("bot is a spec like ismcts:medium");
      spec = req["bot"].get<std::string>();
    }
    if (req.contains("iterations") || req.contains("ms")) {
      const std::string name = spec.substr(0, spec.find(':'));
      if (req.contains("iterations")) {
        if (!req["iterations"].is_number_unsigned() || req["iterations"].get<std::uint64_t>() < 1)
          return bad_request("iterations is a number >= 1");
        spec = fmt::format("{}:{}", name, req["iterations"].get<std::uint64_t>());
      } else {
        if (!req["ms"].is_number() || req["ms"].get<double>() <= 0)
          return bad_request("ms is a number > 0");
        spec = fmt::format("{}:{}s", name, req["ms"].get<double>() / 1000.0);
      }
    }
    return spec;
  }

  // Plays `a` for `seat` (a bot's or a go's choice) into the answer `j`.
  Json play_into(Json j, Seat seat, Action a) {
    Json r = apply({{"seat", seat}, {"action", a}});
    if (!r["ok"].get<bool>()) return r;
    r.erase("ok");
    for (auto& [k, v] : r.items()) j[k] = v;
    return ok(std::move(j));
  }

  // bot: the choice of a bot ("bot", default the game's own; "iterations"
  // or "ms" its budget) for "seat" (default the one to act), played with
  // "apply". A bot keeps its seat's memory across requests until an undo.
  Json bot(const Json& req) {
    Session& s = *s_;
    auto seat = deciding_seat(req);
    if (!seat) return failure(seat.error());
    const bool play = req.value("apply", Json(false)) == true;
    // A bot's advice for another seat would tell what that seat knows.
    if (s.hidden && *seat != *s.hidden && !play)
      return failure(hidden_from("a bot may play another seat (apply), not advise it"));
    auto spec = spec_of(req, default_bot(*s.game));
    if (!spec) return failure(spec.error());
    auto& slot = s.bots[*seat];
    if (!slot.second || slot.first != *spec) {
      auto b = make_bot(*s.game, *spec, cap_);
      if (!b) {
        s.bots.erase(*seat);
        return failure(b.error());
      }
      slot = {*spec, std::move(*b)};
    }
    const Action a = ask_bot(*slot.second, s.state, *seat, s.bot_rng);
    Json j = {{"bot", *spec}};
    if (!s.hidden || *seat == *s.hidden) {
      Json choice = action_entry(s.state, *seat, a, lang_of(req));
      choice["seat"] = *seat;
      j["choice"] = std::move(choice);
    }
    return play ? play_into(std::move(j), *seat, a) : ok(std::move(j));
  }

  // Thinks as a UCI engine does: a searching bot for the seat, streaming
  // info lines, until its budget is spent or a stop comes; then its choice
  // (the "bestmove").
  Json go(const Json& req, const Emit& emit, const std::atomic<bool>* stop) {
    Session& s = *s_;
    auto seat = deciding_seat(req);
    if (!seat) return failure(seat.error());
    if (s.hidden && *seat != *s.hidden)
      return failure(hidden_from(fmt::format("go searches for seat {} only", *s.hidden)));
    const bool infinite = req.value("infinite", Json(false)) == true;
    if (infinite == (req.contains("iterations") || req.contains("ms")))
      return failure(
          bad_request("go needs one budget: \"iterations\", \"ms\" or \"infinite\": true"));
    if (infinite && !stop)
      return failure(bad_request("infinite needs a stop, and this engine reads no input"));
    double every = 250;
    if (req.contains("info_ms")) {
      if (!req["info_ms"].is_number() || req["info_ms"].get<double>() < 10)
        return failure(bad_request("info_ms is a number >= 10"));
      every = req["info_ms"].get<double>();
    }
    auto spec = spec_of(req, "ismcts");
    if (!spec) return failure(spec.error());
    auto b = make_bot(*s.game, *spec, cap_);
    if (!b) return failure(b.error());
    if (!(*b)->thinks())
      return failure(make_error("bot/unknown", fmt::format("{} does not search: go needs a "
                                                           "searching bot (ismcts)",
                                                           *spec)));
    auto budget =
        parse_budget(spec->substr(std::min(spec->size(), spec->find(':') + 1)), s.game->name());
    Bot::Thinking how{.stop = stop, .report_seconds = every / 1000.0};
    // A search without an iteration budget (by time, or until stopped) ends
    // at the cap's iterations: its tree's memory is bounded.
    how.iterations = cap_.iterations / (budget ? budget->trees : 1);
    if (!infinite && budget) {
      if (budget->iterations > 0) how.iterations = budget->iterations;
      how.seconds = budget->seconds;
    }
    const AnyState& truth = s.state;
    Bot::Progress last;
    how.report = [&](const Bot::Progress& p) {
      last = p;
      if (emit) emit({{"info", progress_json(truth, *seat, p)}});
    };
    const AnyState info = truth.determinize(*seat, s.bot_rng);
    const Action a = (*b)->think(info, *seat, s.bot_rng, how);
    Json choice = action_entry(truth, *seat, a, lang_of(req));
    choice["seat"] = *seat;
    Json j = {{"bot", *spec},
              {"bestmove", std::move(choice)},
              {"iterations", last.iterations},
              {"stopped", stop && stop->load()}};
    return req.value("apply", Json(false)) == true ? play_into(std::move(j), *seat, a)
                                                   : ok(std::move(j));
  }

  // hint: the search's top choices for the seat to act (bots/hint.h), from
  // that seat's information only, each with its chance to win and why.
  Json hint_for(const Json& req, const std::atomic<bool>* stop) {
    Session& s = *s_;
    auto seat = deciding_seat(req);
    if (!seat) return failure(seat.error());
    if (s.hidden && *seat != *s.hidden)
      return failure(hidden_from(fmt::format("hints are for seat {} only", *s.hidden)));
    HintOptions opt{.lang = lang_of(req), .stop = stop};
    auto number = [&](const char* key, double least) -> std::optional<double> {
      if (!req.contains(key)) return std::nullopt;
      if (!req[key].is_number() || req[key].get<double>() < least) return -1.0;
      return req[key].get<double>();
    };
    const auto iterations = number("iterations", 1), ms = number("ms", 1), seed = number("seed", 0),
               top = number("top", 1);
    for (const auto& [v, name] : {std::pair{iterations, "iterations >= 1"},
                                  {ms, "ms >= 1"},
                                  {seed, "seed >= 0"},
                                  {top, "top >= 1"}})
      if (v && *v < 0) return failure(bad_request(fmt::format("{} is a number", name)));
    if (iterations) opt.iterations = static_cast<int>(std::min(*iterations, 1e9));
    if (ms) opt.seconds = *ms / 1000.0;
    if (seed) opt.seed = static_cast<std::uint64_t>(*seed);
    if (top) opt.top = static_cast<std::size_t>(std::min(*top, 10.0));
    if (opt.iterations > cap_.iterations || opt.seconds > cap_.seconds)
      return failure(
          make_error(kBotBudgetCode, "the hint's budget is over the engine's max_budget"));
    auto h = meeple::hint(s.state, *seat, opt);
    if (!h) return failure(h.error());
    Json j = h->to_json();
    for (std::size_t i = 0; i < h->choices.size(); ++i)
      j["choices"][i]["json"] = s.state.action_to_json(*seat, h->choices[i].action);
    j["ms"] = static_cast<std::int64_t>(h->seconds * 1000);
    j.erase("seconds");
    return ok(std::move(j));
  }

  // An info line's figures: iterations, nodes, ms, the seat's ten most
  // visited actions with their win estimates, and the best line.
  static Json progress_json(const AnyState& s, Seat seat, const Bot::Progress& p) {
    std::vector<Bot::ActionValue> root = p.root;
    std::stable_sort(root.begin(), root.end(),
                     [](const auto& x, const auto& y) { return x.visits > y.visits; });
    if (root.size() > 10) root.resize(10);
    Json values = Json::array();
    for (const auto& v : root)
      values.push_back({{"action", v.action},
                        {"json", s.action_to_json(seat, v.action)},
                        {"visits", v.visits},
                        {"win", std::round(v.mean * 1000) / 1000}});
    Json line = Json::array();
    for (const auto& [who, a] : p.line) line.push_back({{"seat", who}, {"action", a}});
    return {{"seat", seat},
            {"iterations", p.iterations},
            {"nodes", p.nodes},
            {"ms", static_cast<std::int64_t>(p.seconds * 1000)},
            {"root", std::move(values)},
            {"line", std::move(line)}};
  }

  // save: the game's record (of a game from its start, not hidden), or
  // written to "file".
  Json save(const Json& req) {
    if (s_->hidden) return failure(hidden_from("a record holds every seat's moves"));
    if (!s_->from_start)
      return failure(make_error(kNoRecord,
                                "this game was loaded from a state: its moves before are unknown, "
                                "so it has no record (ask for its state instead)"));
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

  std::map<std::string, Session> games_;
  Session* s_ = nullptr;  // the game the request addresses
};

}  // namespace

struct Engine::Impl {
  Protocol protocol;
};

Engine::Engine(BudgetCap cap) : impl_(std::make_unique<Impl>(Impl{Protocol(cap)})) {}
Engine::~Engine() = default;

std::string Engine::handle(const std::string& line, bool& quit,
                           const std::function<void(const std::string&)>& emit,
                           const std::atomic<bool>* stop) {
  Json req, resp;
  try {
    req = Json::parse(line);
  } catch (const Json::exception& e) {
    resp = Protocol::failure(bad_request(fmt::format("not a JSON line: {}", json_error_words(e))));
  }
  if (resp.is_null()) {
    const Json id = req.is_object() && req.contains("id") ? req["id"] : Json();
    Protocol::Emit streamed;
    if (emit)
      streamed = [&](Json j) {
        if (!id.is_null()) j["id"] = id;
        emit(j.dump());
      };
    try {
      resp = impl_->protocol.handle(req, quit, streamed, stop);
    } catch (const std::exception& e) {
      resp = Protocol::failure(make_error("engine/internal", e.what()));
    }
    if (!id.is_null()) resp["id"] = id;
  }
  return resp.dump();
}

namespace {

// The request lines, read on their own thread so that a stop (or a quit, or
// the end of the input) reaches a go while it searches: each go line gets a
// stop flag, which the next stop or quit line sets (and the end of the
// input, for a go without end).
class Reader {
 public:
  struct Line {
    std::string text;
    std::shared_ptr<std::atomic<bool>> stop;  // a go's
  };

  explicit Reader(std::istream& in) : thread_([this, &in] { run(in); }) {}
  ~Reader() { thread_.join(); }

  // The next line; nullopt at the end of the input.
  std::optional<Line> next() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !lines_.empty() || done_; });
    if (lines_.empty()) return std::nullopt;
    Line l = std::move(lines_.front());
    lines_.pop_front();
    return l;
  }

 private:
  // The request's cmd ("" when it has none), and whether it is a go
  // without end.
  static std::string cmd_of(const std::string& text, bool& infinite) {
    try {
      const Json j = Json::parse(text);
      if (j.is_object() && j.contains("cmd") && j["cmd"].is_string()) {
        infinite = j.value("infinite", Json(false)) == true;
        return j["cmd"].get<std::string>();
      }
    } catch (const Json::exception&) {
    }
    return {};
  }

  // Reads until the input ends or a quit (after which the engine ends, so
  // nothing more is read from a stream its caller may close).
  // The end of the input stops a go without end (one with a budget runs
  // it out: `echo '{"cmd": "go", "ms": 500}' | meeple engine` answers).
  void run(std::istream& in) {
    std::shared_ptr<std::atomic<bool>> go;
    bool go_infinite = false;
    for (std::string text; std::getline(in, text);) {
      if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
      bool infinite = false;
      const std::string cmd = cmd_of(text, infinite);
      Line line{.text = text, .stop = nullptr};
      if (cmd == "go") {
        go = line.stop = std::make_shared<std::atomic<bool>>(false);
        go_infinite = infinite;
      }
      if ((cmd == "stop" || cmd == "quit") && go) go->store(true);
      {
        std::lock_guard lock(mutex_);
        lines_.push_back(std::move(line));
      }
      ready_.notify_one();
      if (cmd == "quit") break;
    }
    if (go && go_infinite) go->store(true);
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    ready_.notify_one();
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Line> lines_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace

int cmd_engine(const EngineArgs& a, std::istream& in, std::ostream& out, std::ostream& err) {
  BudgetCap cap;
  if (!a.max_bot_budget.empty()) {
    auto read = read_budget_cap(a.max_bot_budget);
    if (!read) {
      err << "error: " << errc::kUsage
          << ": --max-bot-budget is seconds (Ns) and iterations (N), as in 600s,5000000\n";
      return 2;
    }
    cap = *read;
  }
  Engine engine(cap);
  // std::cin flushes std::cout before it reads: from the reader's thread,
  // that would race with this one's writes. Every line is flushed anyway.
  in.tie(nullptr);
  Reader reader(in);
  bool quit = false;
  auto emit = [&out](const std::string& line) { out << line << "\n" << std::flush; };
  while (!quit) {
    auto line = reader.next();
    if (!line) break;
    out << engine.handle(line->text, quit, emit, line->stop.get()) << "\n" << std::flush;
  }
  return 0;
}

namespace {

RunCommand add_engine(CLI::App& app) {
  auto a = std::make_shared<EngineArgs>();
  auto* c = app.add_subcommand(
      "engine", "Speak JSON lines on stdin/stdout for programs (docs/engine-protocol.md)");
  c->add_option("--max-bot-budget", a->max_bot_budget,
                "The most a bot or a go may search a decision: seconds (Ns) and "
                "iterations in all (N), as in 600s,5000000 (the default)");
  return [a](std::istream& in, std::ostream& out, std::ostream& err) {
    return cmd_engine(*a, in, out, err);
  };
}
const RegisterCommand kEngineCommand{{70, "engine", add_engine}};

}  // namespace

}  // namespace meeple::cli
