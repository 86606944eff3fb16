#include "server/tournaments.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "games/registry.h"
#include "server/pairing.h"
#include "server/protocol.h"

namespace meeple::server {

namespace {

using Answer = Accounts::Answer;

constexpr std::int64_t kMaxAheadMs = 90LL * 24 * 3600 * 1000;  // a start at most 90 days ahead
constexpr std::size_t kMaxTournamentName = 60;

Answer tfail(Error e) {
  Answer a;
  a.body = std::move(e);
  return a;
}

Answer tanswer(Json body) {
  Answer a;
  a.body = std::move(body);
  return a;
}

std::int64_t tnow_ms() {
  return epoch_ms(std::chrono::system_clock::now());
}

Error tunknown(const std::string& id) {
  return make_error(errc::kUnknownTournament, fmt::format("no tournament '{}'", id));
}

store::TournamentRow tournament_row_of(const Json& t) {
  return {t["id"], t["name"], t["game"], t["phase"], t["starts"].get<std::int64_t>(), t.dump()};
}

pairing::Format format_of(const Json& t) {
  const AnyGame* game = find_game(t["game"].get<std::string>());
  return {.kind = t["kind"] == "round_robin" ? pairing::Kind::kRoundRobin : pairing::Kind::kSwiss,
          .table_size = t["table_size"].get<int>(),
          .min_table = game ? game->min_players() : 2};
}

std::vector<pairing::Entrant> entrants_of(const Json& t) {
  std::vector<pairing::Entrant> out;
  for (const Json& e : t["entrants"])
    out.push_back({.id = e["account"].get<std::string>(), .rating = e.value("rating", 1500.0)});
  return out;
}

std::vector<pairing::Round> rounds_of(const Json& t) {
  std::vector<pairing::Round> out;
  for (const Json& r : t["played"]) {
    pairing::Round round;
    for (const Json& table : r["tables"]) {
      pairing::Table pt;
      pt.seats = table["seats"].get<std::vector<int>>();
      if (table["ranks"].is_array()) pt.ranks = table["ranks"].get<std::vector<int>>();
      round.tables.push_back(std::move(pt));
    }
    round.byes = r["byes"].get<std::vector<int>>();
    out.push_back(std::move(round));
  }
  return out;
}

int tournament_entrant(const Json& t, const std::string& account) {
  for (std::size_t i = 0; i < t["entrants"].size(); ++i)
    if (t["entrants"][i]["account"] == account) return static_cast<int>(i);
  return -1;
}

// A create request's settings, checked (request/malformed, game/unknown,
// game/players, params/*): the tournament's document, not yet an id.
Expected<Json> read_tournament_settings(const Json& body) {
  const Json name = body.value("name", Json());
  if (!name.is_string() || name.get<std::string>().empty() ||
      name.get<std::string>().size() > kMaxTournamentName)
    return make_error(errc::kMalformed, "name is 1 to 60 bytes of text");
  const Json game_name = body.value("game", Json());
  if (!game_name.is_string()) return make_error(errc::kMalformed, "game is a game's name");
  const AnyGame* game = find_game(game_name.get<std::string>());
  if (!game)
    return make_error(meeple::errc::kUnknownGame,
                      fmt::format("no game '{}'", game_name.get<std::string>()));
  const Json params = body.value("params", Json::object());
  if (!params.is_object()) return make_error(errc::kMalformed, "params is an object");
  const Json kind = body.value("kind", Json("swiss"));
  if (kind != "swiss" && kind != "round_robin")
    return make_error(errc::kMalformed, "kind is \"swiss\" or \"round_robin\"");
  const auto size = int_in(body.value("table_size", Json(game->min_players())), game->min_players(),
                           game->max_players());
  if (!size)
    return make_error(meeple::errc::kBadPlayers,
                      fmt::format("{} is for {} to {} players", game->title(), game->min_players(),
                                  game->max_players()));
  if (auto st = game->new_game(params, *size); !st) return st.error();
  const auto rounds = int_in(body.value("rounds", Json(3)), 1, Tournaments::kMaxRounds);
  const auto grace = int_in(body.value("grace_seconds", Json(60)), 0, 86400);
  const Json turn_based = body.value("turn_based", Json(false));
  const Json rated = body.value("rated", Json(true));
  const Json starts = body.value("starts", Json(tnow_ms()));
  if (!rounds || !grace || !turn_based.is_boolean() || !rated.is_boolean() ||
      !starts.is_number_integer() || starts.get<std::int64_t>() > tnow_ms() + kMaxAheadMs)
    return make_error(errc::kMalformed,
                      fmt::format("rounds is 1 to {}, grace_seconds 0 to 86400, turn_based and "
                                  "rated true or false, starts a time (ms since 1970) within 90 "
                                  "days",
                                  Tournaments::kMaxRounds));
  return Json{{"name", name},
              {"game", game->name()},
              {"params", params},
              {"kind", kind},
              {"rounds", *rounds},
              {"table_size", *size},
              {"grace_seconds", *grace},
              {"turn_based", turn_based},
              {"rated", rated},
              {"starts", starts},
              {"phase", "open"},
              {"entrants", Json::array()},
              {"played", Json::array()}};
}

// The request that makes one tournament table (POST /api/tables's body):
// private, starting once every seat is taken, no undo; a person away longer
// than the tournament's grace is played for by a stand-in (a turn-based
// table: when their day's clock runs out).
Json tournament_table_request(const Json& t, std::size_t players) {
  Json req = {{"game", t["game"]},   {"players", players},           {"params", t["params"]},
              {"public", false},     {"auto_start", true},           {"undo", false},
              {"rated", t["rated"]}, {"turn_based", t["turn_based"]}};
  const int grace = t["grace_seconds"].get<int>();
  if (!t["turn_based"].get<bool>())
    req["stand_in"] =
        grace < 60 ? Json{{"mode", "now"}} : Json{{"mode", "after"}, {"seconds", grace}};
  return req;
}

}  // namespace

void Tournaments::load() {
  for (const char* phase : {"open", "playing"}) {
    auto rows = accounts_.store().tournaments(phase, kMaxEntrants * 64);
    if (!rows) {
      spdlog::error("tournaments not read: {}", rows.error().message);
      continue;
    }
    for (const auto& r : *rows) {
      Json t = Json::parse(r.doc, nullptr, false);
      if (t.is_discarded()) continue;
      for (const Json& round : t["played"])
        for (const Json& table : round["tables"])
          if (!table["ranks"].is_array()) table_of_[table["table"]] = r.id;
      live_[r.id] = std::move(t);
    }
  }
}

MaybeError Tournaments::save(const Json& t) {
  return accounts_.store().save_tournament(tournament_row_of(t));
}

Expected<Json> Tournaments::find(const std::string& id) const {
  if (auto it = live_.find(id); it != live_.end()) return it->second;
  auto row = accounts_.store().tournament(id);
  if (!row) return row.error();
  if (!row->has_value()) return tunknown(id);
  Json t = Json::parse((*row)->doc, nullptr, false);
  if (t.is_discarded()) return tunknown(id);
  return t;
}

bool Tournaments::open(const std::string& id) const {
  const auto it = live_.find(id);
  return it != live_.end() && it->second["phase"] == "open";
}

void Tournaments::tick(std::int64_t now) {
  std::vector<std::string> due;
  for (const auto& [id, t] : live_)
    if (t["phase"] == "open" && t["starts"].get<std::int64_t>() <= now) due.push_back(id);
  for (const auto& id : due) start(live_[id]);
}

// Seeds the entrants by their rating at the game (1500 for none), and
// makes round 1; too few entrants for a table: finished, cancelled.
void Tournaments::start(Json& t) {
  const std::string id = t["id"];
  const pairing::Format f = format_of(t);
  const int n = static_cast<int>(t["entrants"].size());
  if (n < std::max(2, f.min_table)) {
    t["phase"] = "finished";
    t["cancelled"] = true;
    if (auto e = save(t)) spdlog::error("tournament {}: not saved: {}", id, e->message);
    live_.erase(id);
    return;
  }
  for (Json& e : t["entrants"]) {
    auto r = accounts_.store().rating(e["account"], t["game"]);
    e["rating"] = r && r->has_value() ? (*r)->rating : 1500.0;
  }
  auto& list = t["entrants"];
  std::stable_sort(list.begin(), list.end(), [](const Json& a, const Json& b) {
    return a["rating"].get<double>() > b["rating"].get<double>();
  });
  if (f.kind == pairing::Kind::kRoundRobin) t["rounds"] = pairing::round_robin_rounds(f, n);
  t["phase"] = "playing";
  make_round(t);
}

// The next round's pairings, and a table for each (RoundTables): the
// entrants seated with their accounts. A table the server cannot make (the store down, the server's
// lobbies full) counts as drawn by all its seats.
void Tournaments::make_round(Json& t) {
  const std::string id = t["id"];
  const pairing::Round round = pairing::next_round(format_of(t), entrants_of(t), rounds_of(t));
  Json tables = Json::array();
  for (const pairing::Table& pt : round.tables) {
    std::vector<std::pair<std::string, std::string>> seated;  // account, name
    for (int s : pt.seats)
      seated.emplace_back(t["entrants"][s]["account"], t["entrants"][s]["name"]);
    auto table = tables_->make(tournament_table_request(t, pt.seats.size()), seated);
    if (!table) {
      spdlog::error("tournament {}: a table not made: {}", id, table.error().message);
      tables.push_back(
          {{"table", ""}, {"seats", pt.seats}, {"ranks", std::vector<int>(pt.seats.size(), 0)}});
      continue;
    }
    table_of_[*table] = id;
    tables.push_back({{"table", *table}, {"seats", pt.seats}, {"ranks", nullptr}});
  }
  t["played"].push_back({{"tables", tables}, {"byes", round.byes}});
  if (auto e = save(t)) spdlog::error("tournament {}: not saved: {}", id, e->message);
  spdlog::info("tournament {}: round {} made, {} tables", id, t["played"].size(), tables.size());
}

void Tournaments::table_finished(const std::string& table, const Json& result) {
  const auto at = table_of_.find(table);
  if (at == table_of_.end()) return;
  const std::string id = at->second;
  table_of_.erase(at);
  const auto it = live_.find(id);
  if (it == live_.end()) return;
  Json& t = it->second;
  Json& round = t["played"].back();
  for (Json& tj : round["tables"])
    if (tj["table"] == table) tj["ranks"] = result.value("rank", Json::array());
  const bool done = std::all_of(round["tables"].begin(), round["tables"].end(),
                                [](const Json& tj) { return tj["ranks"].is_array(); });
  if (!done) {
    if (auto e = save(t)) spdlog::error("tournament {}: not saved: {}", id, e->message);
    return;
  }
  if (t["played"].size() < t["rounds"].get<std::size_t>()) return make_round(t);
  t["phase"] = "finished";
  if (auto e = save(t)) spdlog::error("tournament {}: not saved: {}", id, e->message);
  spdlog::info("tournament {}: finished", id);
  live_.erase(it);
}

// What the API shows: names, not account ids; standings from the results.
Json Tournaments::with_standings(const Json& t) const {
  Json out = t;
  out.erase("host");
  Json names = Json::array();
  for (const Json& e : t["entrants"]) names.push_back(e["name"]);
  Json entrants = Json::array();
  for (const Json& e : t["entrants"])
    entrants.push_back({{"name", e["name"]}, {"rating", e.value("rating", Json())}});
  out["entrants"] = entrants;
  Json played = Json::array();
  for (const Json& r : t["played"]) {
    Json round = {{"tables", Json::array()}, {"byes", Json::array()}};
    for (const Json& table : r["tables"]) {
      Json seats = Json::array();
      for (int s : table["seats"]) seats.push_back(names[s]);
      round["tables"].push_back(
          {{"table", table["table"]}, {"seats", seats}, {"ranks", table["ranks"]}});
    }
    for (int b : r["byes"]) round["byes"].push_back(names[b]);
    played.push_back(round);
  }
  out["played"] = played;
  Json rows = Json::array();
  for (const auto& s : pairing::standings(entrants_of(t), rounds_of(t)))
    rows.push_back({{"place", s.place + 1},
                    {"name", names[s.entrant]},
                    {"points", s.points},
                    {"buchholz", s.buchholz},
                    {"tables", s.tables},
                    {"byes", s.byes}});
  out["standings"] = rows;
  return out;
}

Answer Tournaments::create(const std::string& session, const Json& body) {
  auto me = accounts_.signed_in(session);
  if (!me) return tfail(make_error(errc::kSignedOut, "sign in first"));
  auto t = read_tournament_settings(body);
  if (!t) return tfail(t.error());
  (*t)["id"] = "u" + random_hex(6);
  (*t)["host"] = me->id;
  (*t)["host_name"] = me->name;
  (*t)["created"] = tnow_ms();
  if (auto e = save(*t)) return tfail(*e);
  live_[(*t)["id"]] = *t;
  Answer a = tanswer(with_standings(*t));
  a.status = 201;
  return a;
}

Answer Tournaments::list(const std::string& phase) {
  auto rows = accounts_.store().tournaments(phase, kListLimit);
  if (!rows) return tfail(rows.error());
  Json out = Json::array();
  for (const auto& r : *rows) {
    Json t = Json::parse(r.doc, nullptr, false);
    if (t.is_discarded()) continue;
    out.push_back({{"id", r.id},
                   {"name", r.name},
                   {"game", r.game},
                   {"phase", r.phase},
                   {"starts", r.starts},
                   {"kind", t["kind"]},
                   {"rounds", t["rounds"]},
                   {"round", t["played"].size()},
                   {"turn_based", t["turn_based"]},
                   {"entrants", t["entrants"].size()},
                   {"host_name", t.value("host_name", "")}});
  }
  return tanswer(Json{{"tournaments", out}});
}

Answer Tournaments::get(const std::string& id) {
  auto t = find(id);
  if (!t) return tfail(t.error());
  return tanswer(with_standings(*t));
}

Answer Tournaments::join(const std::string& id, const std::string& session) {
  auto me = accounts_.signed_in(session);
  if (!me) return tfail(make_error(errc::kSignedOut, "sign in first"));
  const auto it = live_.find(id);
  if (it == live_.end() && !find(id)) return tfail(tunknown(id));
  if (it == live_.end() || it->second["phase"] != "open")
    return tfail(make_error(errc::kTournamentStarted, "the tournament has started"));
  Json& t = it->second;
  if (tournament_entrant(t, me->id) < 0) {
    if (t["entrants"].size() >= static_cast<std::size_t>(kMaxEntrants))
      return tfail(make_error(errc::kTournamentFull,
                              fmt::format("a tournament takes {} entrants", kMaxEntrants)));
    t["entrants"].push_back({{"account", me->id}, {"name", me->name}});
    if (auto e = save(t)) {
      t["entrants"].erase(t["entrants"].size() - 1);
      return tfail(*e);
    }
    (void)accounts_.store().dismiss_invitation(me->id, "tournament:" + id);
  }
  return tanswer(with_standings(t));
}

Answer Tournaments::leave(const std::string& id, const std::string& session) {
  auto me = accounts_.signed_in(session);
  if (!me) return tfail(make_error(errc::kSignedOut, "sign in first"));
  const auto it = live_.find(id);
  if (it == live_.end() && !find(id)) return tfail(tunknown(id));
  if (it == live_.end() || it->second["phase"] != "open")
    return tfail(make_error(errc::kTournamentStarted, "the tournament has started"));
  Json& t = it->second;
  if (const int i = tournament_entrant(t, me->id); i >= 0) {
    t["entrants"].erase(static_cast<std::size_t>(i));
    if (auto e = save(t)) return tfail(*e);
  }
  return tanswer(with_standings(t));
}

Answer Tournaments::invite(const std::string& id, const std::string& session, const Json& body,
                           const std::function<bool(const std::string&)>& open_table) {
  auto me = accounts_.signed_in(session);
  if (!me) return tfail(make_error(errc::kSignedOut, "sign in first"));
  const Json name = body.value("name", Json());
  if (!name.is_string()) return tfail(make_error(errc::kMalformed, "name is an account's name"));
  const auto it = live_.find(id);
  if (it == live_.end() && !find(id)) return tfail(tunknown(id));
  if (it == live_.end() || it->second["phase"] != "open")
    return tfail(make_error(errc::kTournamentStarted, "the tournament has started"));
  const Json& t = it->second;
  if (t["host"] != me->id && tournament_entrant(t, me->id) < 0)
    return tfail(make_error(errc::kNotEntrant, "only its maker and its entrants invite to it"));
  if (auto e = accounts_.invite(*me, name.get<std::string>(), "tournament:" + id, t["game"],
                                t["name"], open_table))
    return tfail(*e);
  return tanswer(Json::object());
}

Json Tournaments::of_account(const std::string& account) const {
  Json out = Json::array();
  auto rows = accounts_.store().tournaments("", kListLimit * 4);
  if (!rows) return out;
  for (const auto& r : *rows) {
    const auto live = live_.find(r.id);
    Json t = live != live_.end() ? live->second : Json::parse(r.doc, nullptr, false);
    if (t.is_discarded() || t.value("cancelled", false)) continue;
    const int me = tournament_entrant(t, account);
    if (me < 0) continue;
    Json row = {{"id", r.id}, {"name", r.name}, {"game", r.game}, {"phase", t["phase"]}};
    for (const auto& s : pairing::standings(entrants_of(t), rounds_of(t)))
      if (s.entrant == me) {
        row["place"] = s.place + 1;
        row["points"] = s.points;
      }
    row["entrants"] = t["entrants"].size();
    out.push_back(row);
  }
  return out;
}

}  // namespace meeple::server
