#include "wasm/device_table.h"

#include <fmt/format.h>

#include "core/i18n.h"
#include "core/json_error.h"
#include "core/state_json.h"
#include "games/registry.h"

namespace meeple::wasm {

namespace {

constexpr const char* kNoTable = "engine/no_game";
constexpr const char* kUnknownCommand = "request/unknown_command";

Json failure(const Error& e) {
  return {{"ok", false}, {"error", {{"code", e.code}, {"message", e.message}}}};
}
Json bad_request(const std::string& what) {
  return failure(make_error(errc::kMalformedRequest, what));
}
Json ok(Json fields) {
  Json j = {{"ok", true}};
  for (auto& [k, v] : fields.items()) j[k] = std::move(v);
  return j;
}

std::string lang_of(const Json& req) {
  return req.contains("lang") && req["lang"].is_string() ? req["lang"].get<std::string>() : "en";
}

Error unknown_game(const std::string& name) {
  std::string names;
  for (const AnyGame* g : all_games())
    names += (names.empty() ? "" : ", ") + std::string(g->name());
  return make_error(errc::kUnknownGame, fmt::format("no game '{}' (games: {})", name, names));
}

// Every game with its description and its bots (the web's new-table form).
Json games_json() {
  Json list = Json::array();
  for (const AnyGame* g : all_games()) {
    Json d = g->describe();
    Json bots = Json::array();
    for (const BotEntry* e : game_bots(*g))
      bots.push_back({{"name", e->name}, {"description", e->description}});
    d["bots"] = std::move(bots);
    d["default_bot"] = default_bot(*g);
    list.push_back(std::move(d));
  }
  return ok({{"games", std::move(list)}});
}

// The table's generators from its seed, as `meeple engine`'s new draws them
// (the first split deals chance, the second feeds the bots), so a seed deals
// the same game here and there.
std::pair<Rng, Rng> generators(std::uint64_t seed) {
  Rng master(seed);
  Rng chance = master.split();
  Rng bot = master.split();
  return {chance, bot};
}

}  // namespace

std::string DeviceTables::handle_text(const std::string& line) {
  Json req;
  try {
    req = Json::parse(line);
  } catch (const Json::exception& e) {
    return bad_request(fmt::format("not a JSON request: {}", json_error_words(e))).dump();
  }
  return handle(req).dump();
}

Json DeviceTables::handle(const Json& req) {
  if (!req.is_object() || !req.contains("cmd") || !req["cmd"].is_string())
    return bad_request("a request is a JSON object with \"cmd\"");
  if (req.contains("lang") &&
      !(req["lang"].is_string() && is_language(req["lang"].get<std::string>())))
    return failure(make_error(errc::kBadParam, "lang must be en, it or ko"));
  try {
    return dispatch(req["cmd"].get<std::string>(), req);
  } catch (const std::exception& e) {
    return failure(make_error("engine/internal", e.what()));
  }
}

Json DeviceTables::dispatch(const std::string& cmd, const Json& req) {
  const std::string id = req.value("table", std::string("main"));
  if (cmd == "games") return games_json();
  if (cmd == "new") return fresh(id, req);
  if (cmd == "load") return load(id, req);
  auto at = tables_.find(id);
  if (at == tables_.end())
    return failure(
        make_error(kNoTable, fmt::format("no table '{}': start one with new or load", id)));
  Table& t = at->second;
  if (cmd == "close") {
    tables_.erase(at);
    return ok(Json::object());
  }
  if (cmd == "status") return ok(status(t));
  if (cmd == "legal") {
    std::optional<Seat> seat;
    if (req.contains("seat")) {
      auto p = parse_seat(t.state, req["seat"], false);
      if (!p) return failure(p.error());
      seat = *p;
    }
    auto j = legal_json(t.state, seat, lang_of(req), req.value("primary", Json(false)) == true);
    return j ? ok(std::move(*j)) : failure(j.error());
  }
  if (cmd == "apply") return apply(t, req);
  if (cmd == "view") return view(t, req);
  if (cmd == "bot") return bot(t, req);
  if (cmd == "result") {
    auto r = result_of(t.state);
    return r ? ok({{"result", std::move(*r)}}) : failure(r.error());
  }
  if (cmd == "record") {
    GameRecord r = t.record;
    if (t.state.is_terminal()) r.result = t.state.result_json();
    return ok({{"record", record_to_json(r)}});
  }
  return failure(make_error(kUnknownCommand, fmt::format("no command '{}'", cmd)));
}

Json DeviceTables::status(const Table& t) const {
  Json j = status_json(t.state);
  j["game"] = t.game->name();
  j["players"] = t.state.num_players();
  j["step"] = t.record.actions.size();
  return j;
}

// new: a game of "game" for "players" (default: the fewest), its "params",
// seat "names", "seed" and "chance" ("seed": drawn here; "explicit": given
// by apply with seat -1); answers its status and the chance drawn at once.
Json DeviceTables::fresh(const std::string& id, const Json& req) {
  if (!req.contains("game") || !req["game"].is_string()) return bad_request("new needs \"game\"");
  const AnyGame* g = find_game(req["game"].get<std::string>());
  if (!g) return failure(unknown_game(req["game"].get<std::string>()));
  const Json& n = req.value("players", Json(g->min_players()));
  if (!n.is_number_integer() || n.get<std::int64_t>() < 0 || n.get<std::int64_t>() > kMaxSeats)
    return failure(make_error(
        errc::kBadPlayers,
        fmt::format("{} is for {} to {} players", g->title(), g->min_players(), g->max_players())));
  const int players = n.get<int>();
  const Json params = req.value("params", Json::object());
  if (!params.is_object()) return bad_request("params is an object");
  const Json& seed = req.value("seed", Json(std::uint64_t{1}));
  if (!seed.is_number_unsigned()) return bad_request("seed is a number >= 0");
  auto st = g->new_game(params, players);
  if (!st) return failure(st.error());
  GameRecord r{.game = std::string(g->name()), .params = params, .players = players};
  r.seats.assign(static_cast<std::size_t>(players), "player");
  if (req.contains("names")) {
    const Json& names = req["names"];
    if (!names.is_array() || names.size() != r.seats.size())
      return bad_request(fmt::format("names is a list of {} strings", players));
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (!names[i].is_string()) return bad_request("names are strings");
      r.seats[i] = names[i].get<std::string>();
    }
  }
  r.seed = seed.get<std::uint64_t>();
  auto [chance, bot_rng] = generators(r.seed);
  Table& t =
      tables_
          .insert_or_assign(
              id, Table{.game = g,
                        .auto_chance = req.value("chance", std::string("seed")) != "explicit",
                        .state = std::move(*st),
                        .record = std::move(r),
                        .chance_rng = chance,
                        .bot_rng = bot_rng,
                        .bots = {}})
          .first->second;
  Json applied = resolve_chance(t, lang_of(req));
  Json j = status(t);
  j["applied"] = std::move(applied);
  return ok(std::move(j));
}

// load: a table from its record (a game kept on the device and reopened),
// every action replayed with checks (replay_record); chance from then on is
// drawn from the record's seed and length, so reopening the same record twice
// deals the same.
Json DeviceTables::load(const std::string& id, const Json& req) {
  if (!req.contains("record")) return bad_request("load needs \"record\"");
  auto rec = record_from_json(req["record"]);
  if (!rec) return failure(rec.error());
  const AnyGame* g = find_game(rec->game);
  if (!g) return failure(unknown_game(rec->game));
  auto st = replay_record(*g, *rec);
  if (!st) return failure(st.error());
  auto [chance, bot_rng] = generators(rec->seed + rec->actions.size());
  Table& t = tables_
                 .insert_or_assign(id, Table{.game = g,
                                             .auto_chance = true,
                                             .state = std::move(*st),
                                             .record = std::move(*rec),
                                             .chance_rng = chance,
                                             .bot_rng = bot_rng,
                                             .bots = {}})
                 .first->second;
  t.record.result = Json();
  Json applied = resolve_chance(t, lang_of(req));
  Json j = status(t);
  j["applied"] = std::move(applied);
  return ok(std::move(j));
}

// One applied action as every observer is told it: the actor's entry
// (action, JSON form, the actor's words) and "told", the words of each
// seat's and then the spectator's screen, so a shared device shows each
// person only what their seat may know.
Json DeviceTables::commit(Table& t, Seat seat, Action a, const std::string& lang) {
  Json e = action_entry(t.state, seat, a, lang);
  e["seat"] = seat;
  e.erase("weight");
  Json told = Json::array();
  for (Seat o = 0; o <= t.state.num_players(); ++o) {
    const Seat observer = o == t.state.num_players() ? kSpectator : o;
    told.push_back(t.state.has_events() ? t.state.describe_event(observer, seat, a, lang)
                                        : std::string());
  }
  e["told"] = std::move(told);
  t.record.actions.push_back({seat, a, t.state.action_to_json(seat, a)});
  t.state.apply(seat, a);
  for (auto& [bseat, b] : t.bots)
    if (b.second->observes()) b.second->observe(t.state.determinize(bseat, t.bot_rng), bseat);
  return e;
}

Json DeviceTables::resolve_chance(Table& t, const std::string& lang) {
  Json applied = Json::array();
  while (t.auto_chance && !t.state.is_terminal() && t.state.is_chance())
    applied.push_back(
        commit(t, kChance, sample_chance(t.state.chance_outcomes(), t.chance_rng), lang));
  return applied;
}

// apply: "action" (its number or JSON form) for "seat" (default: the one
// seat to act, or chance); a refused action changes nothing.
Json DeviceTables::apply(Table& t, const Json& req) {
  if (!req.contains("action")) return bad_request("apply needs \"action\"");
  auto m = parse_move(t.state, req.value("seat", Json()), req["action"]);
  if (!m) return failure(m.error());
  {
    AnyState probe = t.state;  // apply() refuses without change; the record must not grow
    if (auto e = probe.apply(m->seat, m->action)) return failure(*e);
  }
  const std::string lang = lang_of(req);
  Json applied = Json::array();
  applied.push_back(commit(t, m->seat, m->action, lang));
  for (auto& c : resolve_chance(t, lang)) applied.push_back(std::move(c));
  Json j = status(t);
  j["applied"] = std::move(applied);
  return ok(std::move(j));
}

Json DeviceTables::view(const Table& t, const Json& req) const {
  if (!req.contains("seat")) return bad_request("view needs \"seat\" (or \"spectator\")");
  auto seat = parse_seat(t.state, req["seat"], true);
  if (!seat) return failure(seat.error());
  if (*seat == kChance)
    return failure(make_error("seat/invalid", "chance has no view: give a seat or spectator"));
  Json j = {{"seat", *seat}, {"view", t.state.view(*seat)}};
  if (req.value("text", Json(false)) == true) j["text"] = t.state.text_view(*seat, lang_of(req));
  return ok(std::move(j));
}

// bot: the choice of "bot" (default: the game's own) for "seat" (default:
// the one to act), decided on what the seat knows (ask_bot), played with
// "apply". A seat's bot keeps its memory from one request to the next.
Json DeviceTables::bot(Table& t, const Json& req) {
  Seat seat = kChance;
  if (req.contains("seat")) {
    auto p = parse_seat(t.state, req["seat"], false);
    if (!p) return failure(p.error());
    seat = *p;
  } else if (!t.state.is_terminal() && !t.state.is_chance() && t.state.to_act().size() == 1) {
    seat = t.state.to_act().lowest();
  }
  if (t.state.is_terminal() || t.state.is_chance() || seat == kChance ||
      !t.state.to_act().contains(seat))
    return failure(make_error(errc::kNotYourTurn, "no seat of the request is to act"));
  const std::string spec = req.value("bot", default_bot(*t.game));
  auto& slot = t.bots[seat];
  if (!slot.second || slot.first != spec) {
    auto b = make_bot(*t.game, spec);
    if (!b) {
      t.bots.erase(seat);
      return failure(b.error());
    }
    slot = {spec, std::move(*b)};
  }
  const Action a = ask_bot(*slot.second, t.state, seat, t.bot_rng);
  Json choice = action_entry(t.state, seat, a, lang_of(req));
  choice["seat"] = seat;
  if (req.value("apply", Json(false)) != true) return ok({{"bot", spec}, {"choice", choice}});
  Json r = apply(t, {{"seat", seat}, {"action", a}, {"lang", lang_of(req)}});
  r["bot"] = spec;
  r["choice"] = std::move(choice);
  return r;
}

}  // namespace meeple::wasm
