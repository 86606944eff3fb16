// The engine protocol's requests about games (cli/engine_protocol.h): hello,
// games, bots, list, status, new, load, fork, close, save, state and result.
#include "cli/engine_protocol.h"

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

namespace meeple::cli::engine_protocol {

Json Protocol::status() const {
  Json j = status_json(s_->state);
  j["game"] = s_->game->name();
  j["players"] = s_->state.num_players();
  j["step"] = s_->record.actions.size();
  return j;
}

Json Protocol::hello() const {
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

Json Protocol::games() const {
  Json list = Json::array();
  for (const AnyGame* g : all_games()) {
    Json d = g->describe();
    d["facts"] = game_facts(*g);
    list.push_back(std::move(d));
  }
  return ok({{"games", list}});
}

Json Protocol::list() const {
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

Json Protocol::bots(const Json& req) const {
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

Error Protocol::unknown_game(const std::string& name) {
  std::string names;
  for (const AnyGame* g : all_games())
    names += (names.empty() ? "" : ", ") + std::string(g->name());
  return make_error(errc::kUnknownGame, fmt::format("no game '{}' (games: {})", name, names));
}

MaybeError Protocol::options(const Json& req, Options& o) {
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

Expected<std::optional<Seat>> Protocol::hidden_seat(const AnyState& state, const Json& hide) {
  if (hide.is_null()) return std::optional<Seat>();
  if (!hide.is_number_integer() || hide.get<std::int64_t>() < 0 ||
      hide.get<std::int64_t>() >= state.num_players())
    return make_error("seat/invalid", fmt::format("hide takes a seat, 0 to {}, not {}",
                                                  state.num_players() - 1, hide.dump()));
  return std::optional<Seat>(hide.get<Seat>());
}

Json Protocol::fresh(const Json& req) {
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

Json Protocol::started() {
  Json applied = resolve_chance();
  Json j = status();
  j["applied"] = std::move(applied);
  if (s_->hidden) j["hidden"] = *s_->hidden;
  return ok(std::move(j));
}

Json Protocol::load(const Json& req) {
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

Json Protocol::load_state(const Json& req, const std::string& id) {
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
      return failure(make_error(
          errc::kCorruptState, fmt::format("{} is not valid JSON: {}", file, json_error_words(e))));
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

void Protocol::start(const std::string& id, const AnyGame* g, AnyState st, GameRecord r,
                     const Options& o, std::optional<Seat> hidden) {
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

Json Protocol::fork(const Json& req) {
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

Json Protocol::close(const Json& req) {
  games_.erase(id_of(req));
  s_ = nullptr;
  return ok({{"games", games_.size()}});
}

Json Protocol::state() const {
  if (s_->hidden) return ok({{"hidden", *s_->hidden}, {"view", s_->state.view(*s_->hidden)}});
  return ok({{"state", s_->state.to_json()}});
}

Json Protocol::result() const {
  auto r = result_of(s_->state);
  if (!r) return failure(r.error());
  return ok({{"result", *r}});
}

Json Protocol::save(const Json& req) {
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

}  // namespace meeple::cli::engine_protocol
