#include "server/lobby.h"

#include <algorithm>

#include <fmt/format.h>

#include "games/registry.h"
#include "server/protocol.h"

namespace meeple::server {

namespace {

const std::vector<std::string> kLanguages = {"en", "it", "ko"};
constexpr double kDay = 86400;        // seconds
constexpr double kMaxClockDays = 14;  // the longest clock (and grace) a table may have
// A friends' table (private, with people) gives someone who steps away this
// long before a stand-in plays for them: friends do not expect a bot after a
// minute.
constexpr double kFriendsGraceSeconds = 300;

// Seconds of a request in [0, max], as milliseconds; nullopt for anything
// else (checked before the conversion, which is undefined out of range).
std::optional<std::chrono::milliseconds> seconds_in(const Json& j, double max) {
  if (!j.is_number()) return std::nullopt;
  const double v = j.get<double>();
  if (!(v >= 0 && v <= max)) return std::nullopt;  // NaN too
  return std::chrono::milliseconds(static_cast<std::int64_t>(v * 1000));
}

// The languages the table tells its events and choices in (each costs
// words for every observer after every action): a subset of en, it, ko,
// each named once (request/malformed).
Expected<std::vector<std::string>> languages_of(const Json& req) {
  const Json langs = req.value("languages", Json(kLanguages));
  if (!langs.is_array() || langs.empty())
    return make_error(errc::kMalformed, "languages is a list of en, it, ko");
  std::vector<std::string> out;
  for (const Json& lang : langs) {
    if (!lang.is_string() || std::find(kLanguages.begin(), kLanguages.end(),
                                       lang.get<std::string>()) == kLanguages.end())
      return make_error(errc::kMalformed, "languages is a list of en, it, ko");
    if (std::find(out.begin(), out.end(), lang.get<std::string>()) != out.end())
      return make_error(errc::kMalformed, "languages names each language once");
    out.push_back(lang.get<std::string>());
  }
  return out;
}

// The table's own guided first game: its players, options and bots,
// private, no clock; the person's seat is the one to join.
Expected<Lobby> guided(const ServerOptions& options, const AnyGame& game, const Json& req,
                       std::string& host_token) {
  const auto part = int_in(req.value("guide_part", Json(0)), 0, 100);
  if (!part) return make_error(errc::kMalformed, "guide_part is a part's number");
  auto script = room::GuideScript::of(game, *part);
  if (!script) return script.error();
  Json seats = Json::array();
  for (const room::SeatConfig& s : script->seats(game, ""))
    seats.push_back(s.kind == room::SeatKind::kPerson ? Json{{"kind", "person"}}
                                                      : Json{{"kind", "bot"}, {"bot", s.bot}});
  const Json made = {
      {"game", game.name()},      {"players", script->players},
      {"params", script->params}, {"seats", seats},
      {"public", false},          {"languages", req.value("languages", Json(kLanguages))}};
  auto lobby = Lobby::from_request(options, made, host_token);
  if (lobby) lobby->guide = std::move(*script);
  return lobby;
}

}  // namespace

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kLobby:
      return "lobby";
    case Phase::kPlaying:
      return "playing";
    case Phase::kFinished:
      return "finished";
  }
  return "lobby";
}

const char* kind_name(room::SeatKind k) {
  switch (k) {
    case room::SeatKind::kPerson:
      return "person";
    case room::SeatKind::kBot:
      return "bot";
    case room::SeatKind::kEmpty:
      return "empty";
  }
  return "empty";
}

Expected<room::SeatKind> kind_from(const Json& j) {
  if (!j.is_string()) return make_error(errc::kMalformed, "a seat's kind is person or bot");
  const auto s = j.get<std::string>();
  if (s == "person") return room::SeatKind::kPerson;
  if (s == "bot") return room::SeatKind::kBot;
  if (s == "empty") return room::SeatKind::kEmpty;
  return make_error(errc::kMalformed, fmt::format("a seat's kind is person or bot, not '{}'", s));
}

std::optional<int> int_in(const Json& j, int lo, int hi) {
  if (!j.is_number_integer()) return std::nullopt;
  const auto v =
      j.is_number_unsigned()
          ? static_cast<std::int64_t>(std::min<std::uint64_t>(j.get<std::uint64_t>(), INT64_MAX))
          : j.get<std::int64_t>();
  if (v < lo || v > hi) return std::nullopt;
  return static_cast<int>(v);
}

Expected<std::string> read_name(const Json& body) {
  const Json n = body.value("name", Json("player"));
  if (!n.is_string()) return make_error(errc::kMalformed, "name is a string");
  auto s = n.get<std::string>();
  if (s.empty() || s.size() > kMaxNameBytes)
    return make_error(errc::kMalformed, "a name has 1 to 40 bytes");
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return make_error(errc::kMalformed, "a name is printable text");
  return s;
}

std::int64_t epoch_ms(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

namespace {

// POST /api/tables's min_rating, max_rating and friends_only into `a`.
MaybeError read_audience(const Json& req, Audience& a) {
  for (auto [key, end] : {std::pair{"min_rating", &a.min_rating}, {"max_rating", &a.max_rating}}) {
    const Json v = req.value(key, Json());
    if (v.is_null()) continue;
    *end = int_in(v, 0, kMaxRating);
    if (!*end)
      return make_error(errc::kMalformed,
                        fmt::format("{} is a whole rating from 0 to {}", key, kMaxRating));
  }
  if (a.min_rating && a.max_rating && *a.min_rating > *a.max_rating)
    return make_error(errc::kMalformed, "min_rating is at most max_rating");
  const Json friends = req.value("friends_only", Json(false));
  if (!friends.is_boolean()) return make_error(errc::kMalformed, "friends_only is true or false");
  a.friends_only = friends.get<bool>();
  return std::nullopt;
}

}  // namespace

Expected<Lobby> Lobby::from_request(const ServerOptions& options, const Json& req,
                                    std::string& host_token) {
  if (!req.is_object()) return make_error(errc::kMalformed, "the body is a JSON object");
  const Json game_name = req.value("game", Json());
  if (!game_name.is_string()) return make_error(errc::kMalformed, "game is a game's name");
  const AnyGame* game = find_game(game_name.get<std::string>());
  if (game == nullptr)
    return make_error(meeple::errc::kUnknownGame, fmt::format("no game '{}' (see GET /api/games)",
                                                              game_name.get<std::string>()));
  const Json guide = req.value("guide", Json(false));
  const Json rated = req.value("rated", Json(false));
  if (!guide.is_boolean() || !rated.is_boolean())
    return make_error(errc::kMalformed, "guide and rated are true or false");
  if (guide.get<bool>() && rated.get<bool>())
    return make_error(errc::kUnrated, "a guided game has bots: it is not rated");
  if (guide.get<bool>()) return guided(options, *game, req, host_token);
  const Json seats = req.value("seats", Json());
  const Json players_j = req.value("players", seats.is_array() ? Json(seats.size()) : Json());
  if (!players_j.is_number_integer())
    return make_error(errc::kMalformed, "players is a number (or give seats)");
  const int players = int_in(players_j, 0, 1000).value_or(-1);
  if (players < game->min_players() || players > game->max_players())
    return make_error(meeple::errc::kBadPlayers,
                      fmt::format("{} is for {} to {} players", game->title(), game->min_players(),
                                  game->max_players()));
  const Json params = req.value("params", Json::object());
  if (!params.is_object()) return make_error(errc::kMalformed, "params is an object");
  // The rule options are checked by making the game once.
  if (auto st = game->new_game(params, players); !st) return st.error();

  Lobby l;
  l.game = game;
  l.created_ms = epoch_ms(std::chrono::system_clock::now());
  l.players = players;
  l.params = params;
  l.is_public = req.value("public", Json(true)).is_boolean() ? req.value("public", true) : true;
  l.auto_start =
      req.value("auto_start", Json(true)).is_boolean() ? req.value("auto_start", true) : true;
  const auto clock = seconds_in(req.value("clock_seconds", Json(0)), kMaxClockDays * kDay);
  const auto grace = seconds_in(req.value("grace_seconds", Json(0)), kMaxClockDays * kDay);
  if (!clock || !grace)
    return make_error(errc::kMalformed,
                      fmt::format("clock_seconds and grace_seconds are numbers of seconds from 0 "
                                  "to {} days",
                                  kMaxClockDays));
  const Json undo = req.value("undo", Json(true));
  const Json turn_based = req.value("turn_based", Json(false));
  const Json on_timeout = req.value("on_timeout", Json("bot"));
  const Json hints = req.value("hints", Json(false));
  if (!undo.is_boolean() || !turn_based.is_boolean() || !hints.is_boolean())
    return make_error(errc::kMalformed, "undo, turn_based and hints are true or false");
  l.hints = hints.get<bool>();
  if (on_timeout != "bot" && on_timeout != "takeover")
    return make_error(errc::kMalformed, "on_timeout is \"bot\" or \"takeover\"");
  l.undo = undo.get<bool>();
  l.turn_based = turn_based.get<bool>();
  l.takeover = on_timeout == "takeover";
  l.move_clock = *clock;
  if (l.turn_based && l.move_clock.count() == 0)
    l.move_clock = std::chrono::milliseconds(static_cast<std::int64_t>(kDay * 1000));
  auto langs = languages_of(req);
  if (!langs) return langs.error();
  l.languages = std::move(*langs);
  l.plan.resize(static_cast<std::size_t>(players));
  if (seats.is_array()) {
    if (static_cast<int>(seats.size()) != players)
      return make_error(meeple::errc::kBadPlayers, "give one seat per player");
    for (std::size_t i = 0; i < seats.size(); ++i) {
      const Json& s = seats[i];
      if (!s.is_object()) return make_error(errc::kMalformed, "a seat is an object");
      auto kind = kind_from(s.value("kind", Json("person")));
      if (!kind) return kind.error();
      SeatPlan& p = l.plan[i];
      p.kind = *kind;
      if (p.kind == room::SeatKind::kBot) {
        const Json bot = s.value("bot", Json(default_bot(*game)));
        if (!bot.is_string()) return make_error(errc::kMalformed, "a seat's bot is a bot spec");
        p.bot = bot.get<std::string>();
        if (auto e = l.check_bot(options, p.bot)) return *e;
      }
    }
  } else if (!seats.is_null()) {
    return make_error(errc::kMalformed, "seats is an array");
  }
  l.grace = options.grace;
  // What happens when a person is away or out of time: the host's choice
  // ({"mode": "wait" | "after" | "now", "seconds"}); else a turn-based
  // table waits; else grace_seconds; else a friends' table (private, with
  // people) gives five minutes, and any other the server's grace.
  const Json stand_in = req.value("stand_in", Json());
  if (stand_in.is_object()) {
    const Json mode = stand_in.value("mode", Json());
    if (mode == "wait") {
      l.stand_ins = false;
    } else if (mode == "now") {
      l.grace = std::chrono::milliseconds(0);
    } else if (mode == "after") {
      const auto after = seconds_in(stand_in.value("seconds", Json()), kDay);
      if (!after || *after < std::chrono::minutes(1))
        return make_error(errc::kMalformed, "a stand-in comes after 60 to 86400 seconds");
      l.grace = *after;
    } else {
      return make_error(errc::kMalformed, "stand_in's mode is \"wait\", \"after\" or \"now\"");
    }
  } else if (!stand_in.is_null()) {
    return make_error(errc::kMalformed, "stand_in is {\"mode\": ..., \"seconds\": ...}");
  } else if (l.turn_based) {
    l.stand_ins = false;
  } else if (req.contains("grace_seconds")) {
    l.grace = *grace;
  } else if (!l.is_public && l.free_seats() > 0) {
    l.grace = std::chrono::milliseconds(static_cast<std::int64_t>(kFriendsGraceSeconds * 1000));
  }
  l.rated = rated.get<bool>();
  if (auto e = l.check_rated()) return *e;
  if (auto e = read_audience(req, l.audience)) return *e;
  l.host_hash = sha256_hex(host_token = random_hex(16));
  return l;
}

Expected<Lobby> Lobby::from_stored(const AnyGame& game, int players, const Json& params,
                                   const Json& s) {
  Lobby l;
  l.game = &game;
  l.players = players;
  l.params = params;
  try {
    l.is_public = s.at("public").get<bool>();
    l.host_hash = s.at("host").get<std::string>();
    l.move_clock = std::chrono::milliseconds(s.at("clock_ms").get<std::int64_t>());
    l.grace = std::chrono::milliseconds(s.at("grace_ms").get<std::int64_t>());
    l.languages = s.value("languages", kLanguages);
    l.auto_start = s.value("auto_start", true);
    l.undo = s.value("undo", true);
    l.hints = s.value("hints", false);
    l.turn_based = s.value("turn_based", false);
    // Tables stored before the choice: turn-based ones never brought a
    // stand-in for being away.
    l.stand_ins = s.value("stand_ins", !l.turn_based);
    l.takeover = s.value("on_timeout", "bot") == "takeover";
    l.rematch_of = s.value("rematch_of", "");
    l.host_account = s.value("host_account", "");
    l.rated = s.value("rated", false);
    if (const Json& a = s.value("audience", Json::object()); a.is_object()) {
      if (a.contains("min_rating")) l.audience.min_rating = a.at("min_rating").get<int>();
      if (a.contains("max_rating")) l.audience.max_rating = a.at("max_rating").get<int>();
      l.audience.friends_only = a.value("friends_only", false);
    }
    if (s.contains("host_rating")) l.host_rating = s.at("host_rating").get<int>();
    if (s.contains("play_now"))
      l.play_now = PlayNow{
          .bot = s.at("play_now").at("bot").get<std::string>(),
          .wait = std::chrono::milliseconds(s.at("play_now").at("wait_ms").get<std::int64_t>())};
    // Lobbies saved before lobbies expired: their time runs from now.
    l.created_ms = s.value("created_ms", epoch_ms(std::chrono::system_clock::now()));
    if (s.contains("guide_part")) {
      auto script = room::GuideScript::of(game, s.at("guide_part").get<int>());
      if (!script) return script.error();
      l.guide = std::move(*script);
    }
    for (const Json& p : s.at("seats")) {
      SeatPlan sp;
      auto kind = kind_from(p.at("kind"));
      if (!kind) return kind.error();
      sp.kind = *kind;
      sp.bot = p.value("bot", "");
      sp.name = p.value("name", "");
      sp.token_hash = p.value("token", "");
      sp.account = p.value("account", "");
      l.plan.push_back(std::move(sp));
    }
  } catch (const Json::exception& e) {
    return make_error(meeple::errc::kCorruptRecord, e.what());
  }
  if (static_cast<int>(l.plan.size()) != players)
    return make_error(meeple::errc::kCorruptRecord,
                      fmt::format("{} seats for {} players", l.plan.size(), players));
  return l;
}

Json Lobby::to_json() const {
  Json seats = Json::array();
  for (const SeatPlan& p : plan) {
    seats.push_back(
        {{"kind", kind_name(p.kind)}, {"bot", p.bot}, {"name", p.name}, {"token", p.token_hash}});
    if (!p.account.empty()) seats.back()["account"] = p.account;
  }
  Json out = {{"public", is_public},
              {"host", host_hash},
              {"clock_ms", move_clock.count()},
              {"grace_ms", grace.count()},
              {"languages", languages},
              {"auto_start", auto_start},
              {"undo", undo},
              {"turn_based", turn_based},
              {"stand_ins", stand_ins},
              {"on_timeout", takeover ? "takeover" : "bot"},
              {"seats", seats}};
  if (!rematch_of.empty()) out["rematch_of"] = rematch_of;
  if (!host_account.empty()) out["host_account"] = host_account;
  if (guide) out["guide_part"] = guide->part;
  if (created_ms > 0) out["created_ms"] = created_ms;
  if (rated) out["rated"] = true;
  if (hints) out["hints"] = true;
  if (!audience.anyone()) {
    Json& a = out["audience"] = {{"friends_only", audience.friends_only}};
    if (audience.min_rating) a["min_rating"] = *audience.min_rating;
    if (audience.max_rating) a["max_rating"] = *audience.max_rating;
  }
  if (host_rating) out["host_rating"] = *host_rating;
  if (play_now) out["play_now"] = {{"bot", play_now->bot}, {"wait_ms", play_now->wait.count()}};
  return out;
}

Json Lobby::table_options() const {
  return {{"undo", undo},
          {"clock_seconds", move_clock.count() % 1000 == 0
                                ? Json(move_clock.count() / 1000)
                                : Json(static_cast<double>(move_clock.count()) / 1000)},
          {"turn_based", turn_based},
          {"on_timeout", takeover ? "takeover" : "bot"},
          {"stand_in",
           {{"mode", !stand_ins           ? "wait"
                     : grace.count() == 0 ? "now"
                                          : "after"},
            {"seconds", grace.count() / 1000}}},
          {"guide", guide.has_value()},
          {"hints", hints}};
}

MaybeError Lobby::check_bot(const ServerOptions& o, const std::string& spec) const {
  if (auto b = make_bot(*game, spec); !b) return b.error();
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return std::nullopt;
  auto budget = parse_budget(std::string_view(spec).substr(colon + 1), game->name());
  if (!budget) return budget.error();
  // Root parallel trees would think on threads of their own; a server's
  // bots think on its bot threads, which are its parallelism.
  if (budget->trees > 1)
    return make_error(errc::kBotBudget,
                      fmt::format("'{}': a table's bots search one tree (no 'x')", spec));
  if (budget->seconds > o.max_bot_seconds || budget->iterations > o.max_bot_iterations)
    return make_error(errc::kBotBudget,
                      fmt::format("'{}': this server's bots think at most {} s and {} iterations "
                                  "a decision",
                                  spec, o.max_bot_seconds, o.max_bot_iterations));
  return std::nullopt;
}

std::string Lobby::distinct_name(const std::string& name, std::size_t seat) const {
  auto used = [&](const std::string& n) {
    for (std::size_t i = 0; i < plan.size(); ++i)
      if (i != seat && plan[i].kind == room::SeatKind::kPerson && !plan[i].token_hash.empty() &&
          plan[i].name == n)
        return true;
    return false;
  };
  if (!used(name)) return name;
  for (std::size_t k = 2;; ++k) {
    const std::string tail = " " + std::to_string(k);
    std::string base = name.substr(0, std::min(name.size(), kMaxNameBytes - tail.size()));
    // Back to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
    while (base.size() < name.size() && !base.empty() &&
           (static_cast<unsigned char>(name[base.size()]) & 0xC0) == 0x80)
      base.pop_back();
    if (!used(base + tail)) return base + tail;
  }
}

MaybeError Lobby::check_rated() const {
  if (!rated) return std::nullopt;
  if (undo) return make_error(errc::kUnrated, "a rated table has no undo: give \"undo\": false");
  if (hints) return make_error(errc::kUnrated, "a rated table gives no hints: each plays alone");
  if (guide) return make_error(errc::kUnrated, "a guided game has bots: it is not rated");
  for (const SeatPlan& p : plan)
    if (p.kind != room::SeatKind::kPerson)
      return make_error(errc::kUnrated, "a rated table is for people only: no bot plays there");
  return std::nullopt;
}

MaybeError Lobby::check_account(const std::string& account) const {
  if (!rated) return std::nullopt;
  if (account.empty())
    return make_error(errc::kSignedOut, "a rated table's seats are for signed-in players");
  for (const SeatPlan& p : plan)
    if (p.account == account)
      return make_error(errc::kSeatTaken, "you sit at this rated table already: one seat each");
  return std::nullopt;
}

MaybeError Lobby::check_audience(const Viewer& v) const {
  if (audience.anyone() || (!v.account.empty() && v.account == host_account)) return std::nullopt;
  if (audience.friends_only && !v.host_friend)
    return make_error(errc::kNotForYou, "this table is for the host's friends");
  if (!audience.min_rating && !audience.max_rating) return std::nullopt;
  const auto range = fmt::format("{} to {}", audience.min_rating.value_or(0),
                                 audience.max_rating.value_or(kMaxRating));
  if (!v.rating)
    return make_error(errc::kNotForYou,
                      fmt::format("this table is for signed-in players rated {}", range));
  if (*v.rating < audience.min_rating.value_or(0) ||
      *v.rating > audience.max_rating.value_or(kMaxRating))
    return make_error(errc::kNotForYou, fmt::format("this table is for players rated {}", range));
  return std::nullopt;
}

void Lobby::add_listing(Json& summary) const {
  summary["languages"] = languages;
  summary["turn_based"] = turn_based;
  summary["audience"] = {{"min_rating", audience.min_rating ? Json(*audience.min_rating) : Json()},
                         {"max_rating", audience.max_rating ? Json(*audience.max_rating) : Json()},
                         {"friends_only", audience.friends_only}};
  summary["host_rating"] = host_rating ? Json(*host_rating) : Json();
}

std::int64_t Lobby::starts_at_ms() const {
  return created_ms + (play_now ? play_now->wait.count() : 0);
}

MaybeError Lobby::check_host(const Json& body) const {
  const Json tok = body.is_object() ? body.value("host_token", Json()) : Json();
  if (!tok.is_string() || !same_hash(sha256_hex(tok.get<std::string>()), host_hash))
    return make_error(errc::kNotHost, "only the table's host may do this (host_token)");
  return std::nullopt;
}

std::optional<Seat> Lobby::seat_of(const std::string& token_hash) const {
  for (std::size_t i = 0; i < plan.size(); ++i)
    if (!plan[i].token_hash.empty() && same_hash(plan[i].token_hash, token_hash))
      return static_cast<Seat>(i);
  return std::nullopt;
}

int Lobby::free_seats() const {
  int free = 0;
  for (const SeatPlan& p : plan) free += p.kind == room::SeatKind::kPerson && p.token_hash.empty();
  return free;
}

Expected<std::size_t> Lobby::seat_to_join(const Json& body) const {
  const Json seat_j = body.value("seat", Json());
  if (seat_j.is_null()) {
    for (std::size_t i = 0; i < plan.size(); ++i)
      if (plan[i].kind == room::SeatKind::kPerson && plan[i].token_hash.empty()) return i;
    return make_error(errc::kFull, "every person's seat is taken");
  }
  const auto asked = int_in(seat_j, 0, players - 1);
  if (!asked) return make_error(room::errc::kBadSeat, "no such seat at this table");
  const auto seat = static_cast<std::size_t>(*asked);
  if (plan[seat].kind != room::SeatKind::kPerson)
    return make_error(room::errc::kBadSeat, "that seat is a bot's");
  if (!plan[seat].token_hash.empty())
    return make_error(errc::kSeatTaken, "someone sits there already");
  return seat;
}

room::RoomOptions Lobby::room_options(const store::Lease& lease) const {
  // A guided table deals its script's game from the script's seed; every
  // other table draws chance from a secret key of its own, new at each start
  // and resume (docs/server.md, "Chance"), which makes the seed unused.
  return {.seed = guide ? guide->seed : room::RoomOptions{}.seed,
          .chance_key = guide ? std::nullopt : std::optional(secure_chance_key()),
          .languages = languages,
          .move_clock = move_clock,
          .grace = grace,
          .stand_ins = stand_ins,
          .undo = undo,
          .lease = lease,
          // The table tells nobody of a change before it is durable (Table::publish).
          .write_behind = true};
}

std::vector<room::SeatConfig> Lobby::seats_at_start() const {
  std::vector<room::SeatConfig> seats;
  for (const SeatPlan& p : plan) {
    const bool taken = p.kind != room::SeatKind::kPerson || !p.token_hash.empty();
    seats.push_back({taken ? p.kind : room::SeatKind::kEmpty, p.name, p.bot});
  }
  return seats;
}

}  // namespace meeple::server
