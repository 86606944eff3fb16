#include "server/table.h"

#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "core/json_writer.h"
#include "games/registry.h"
#include "server/json_patch.h"

namespace meeple::server {

namespace {

using SteadyClock = std::chrono::steady_clock;

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

// An integer of a request in [lo, hi], read as one only when it is one:
// nullopt for anything else (a float, a string, an integer out of range).
std::optional<int> int_in(const Json& j, int lo, int hi) {
  if (!j.is_number_integer()) return std::nullopt;
  const auto v =
      j.is_number_unsigned()
          ? static_cast<std::int64_t>(std::min<std::uint64_t>(j.get<std::uint64_t>(), INT64_MAX))
          : j.get<std::int64_t>();
  if (v < lo || v > hi) return std::nullopt;
  return static_cast<int>(v);
}

// Seconds of a request in [0, max], as milliseconds; nullopt for anything
// else (checked before the conversion, which is undefined out of range).
std::optional<std::chrono::milliseconds> seconds_in(const Json& j, double max) {
  if (!j.is_number()) return std::nullopt;
  const double v = j.get<double>();
  if (!(v >= 0 && v <= max)) return std::nullopt;  // NaN too
  return std::chrono::milliseconds(static_cast<std::int64_t>(v * 1000));
}

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

const std::vector<std::string> kLanguages = {"en", "it", "ko"};
// Milliseconds since 1970 (UTC), as the protocol gives times.
std::int64_t epoch_ms(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

constexpr double kDay = 86400;        // seconds
constexpr double kMaxClockDays = 14;  // the longest clock (and grace) a table may have
// A friends' table (private, with people) gives someone who steps away this
// long before a stand-in plays for them: friends do not expect a bot after a
// minute (issue 29).
constexpr double kFriendsGraceSeconds = 300;

// A table as GET /api/tables lists it.
Json summary_json(const std::string& id, const AnyGame& game, int players, Phase phase,
                  int free_seats, bool is_public) {
  return {{"id", id},           {"game", game.name()},        {"title", game.title()},
          {"players", players}, {"phase", phase_name(phase)}, {"free_seats", free_seats},
          {"public", is_public}};
}

// Chat lines as messages carry them (docs/protocol.md): [{n, seat, text}].
Json chat_json(const std::vector<room::ChatLine>& lines) {
  Json out = Json::array();
  for (const room::ChatLine& l : lines)
    out.push_back({{"n", l.number}, {"seat", l.seat}, {"text", l.text}});
  return out;
}

// A display name: 1 to 40 bytes of printable text.
Expected<std::string> read_name(const Json& body) {
  const Json n = body.value("name", Json("player"));
  if (!n.is_string()) return make_error(errc::kMalformed, "name is a string");
  auto s = n.get<std::string>();
  if (s.empty() || s.size() > 40) return make_error(errc::kMalformed, "a name has 1 to 40 bytes");
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return make_error(errc::kMalformed, "a name is printable text");
  return s;
}

}  // namespace

// --- Hub

std::shared_ptr<Table> Hub::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second;
}

void Hub::add(const std::shared_ptr<Table>& t) {
  std::lock_guard lock(mutex_);
  tables_[t->id()] = t;
}

void Hub::remove(const std::string& id, const Table* t) {
  std::lock_guard lock(mutex_);
  if (auto it = tables_.find(id); it != tables_.end() && it->second.get() == t) tables_.erase(it);
}

Expected<std::shared_ptr<Table>> Hub::find_or_load(const std::string& id) {
  if (auto t = find(id)) return t;
  std::lock_guard load(load_mutex_);
  if (auto t = find(id)) return t;
  const Error unknown = make_error(errc::kUnknownTable, "no such table");
  auto rec = store.load(id);
  if (!rec && rec.error().code == store::errc::kUnavailable) return rec.error();
  std::shared_ptr<Table> t;
  if (rec && rec->finished()) {
    // Finished: nobody writes to it any more, so no node needs to hold it.
    auto r = Table::resume(*this, *rec);
    if (!r) {
      spdlog::error("table {}: cannot load: {}", id, r.error().message);
      return unknown;
    }
    t = std::move(*r);
    // Its rematch, if one was asked for and is still here.
    for (const auto& other : all())
      if (other->rematch_of() == id) t->rematch_id_ = other->id();
  } else {
    // Unfinished, or a lobby: only the node that holds it may run it. With
    // one node, it was resumed at the start, and is resumed again after it
    // left memory because the store failed (store_refused); with several,
    // the router sent its request here, so this node takes it.
    if (!rec && (!shared() || !find_lobby(id))) return unknown;
    if (!shared()) {
      if (!rec) return rec.error();
      auto r = Table::resume(*this, *rec);
      if (!r) {
        spdlog::error("table {}: cannot load: {}", id, r.error().message);
        return unknown;
      }
      add(*r);
      (*r)->begin();
      return *r;
    }
    auto lease = store.acquire(id, owner, options.lease);
    if (!lease) {
      spdlog::error("table {}: cannot take it: {}", id, lease.error().message);
      return lease.error();
    }
    // Read again after acquiring: every write of the former holder is in
    // (acquiring waits for a write in flight).
    t = rebuild(id, *lease);
    if (!t) return make_error(store::errc::kUnavailable, "the table cannot be read from the store");
    spdlog::info("table {}: held here now (fencing {})", id, lease->fencing);
  }
  add(t);
  t->begin();
  t->post([t] { t->maybe_evict(); });
  return t;
}

std::shared_ptr<Table> Hub::peek(const std::string& id) {
  if (!shared()) {
    auto t = find_or_load(id);
    return t ? *t : nullptr;
  }
  if (auto t = find(id)) return t;
  return rebuild(id, {});
}

std::optional<store::TableSpec> Hub::find_lobby(const std::string& id) const {
  for (store::TableSpec& spec : store.lobbies())
    if (spec.id == id) return std::move(spec);
  return std::nullopt;
}

std::shared_ptr<Table> Hub::rebuild(const std::string& id, const store::Lease& lease) {
  if (auto rec = store.load(id)) {
    auto t = Table::resume(*this, *rec, lease);
    if (t) return *t;
    spdlog::error("table {}: cannot load: {}", id, t.error().message);
  } else if (auto spec = find_lobby(id)) {
    auto t = Table::from_lobby(*this, *spec, lease);
    if (t) return *t;
    spdlog::error("lobby {}: cannot restore: {}", id, t.error().message);
  }
  return nullptr;
}

Json Hub::open_tables() {
  Json list = Json::array();
  for (const store::TableSpec& spec : store.lobbies())
    if (auto t = Table::from_lobby(*this, spec); t && (*t)->is_public())
      list.push_back((*t)->summary());
  for (const store::TableSummary& s : store.list(true)) {
    const Json plan = s.options.value("server", Json());
    if (!plan.is_object() || !plan.value("public", true)) continue;
    const AnyGame* game = find_game(s.game);
    if (game == nullptr) continue;
    list.push_back(summary_json(s.id, *game, s.players, Phase::kPlaying, 0, true));
  }
  return list;
}

std::vector<store::TableId> Hub::held() {
  // A halted table is not held on: its lease runs out, so that it is read
  // again (here or by another node) rather than kept frozen.
  std::vector<store::TableId> ids;
  for (const auto& t : all())
    if (t->phase() != Phase::kFinished && !t->halted()) ids.push_back(t->id());
  return ids;
}

void Hub::reload_later(const std::string& id) {
  {
    std::lock_guard lock(mutex_);
    reloads_.insert(id);
  }
  net::post(table_pool, [this] { retry_reloads(); });
}

void Hub::stop_reloads() {
  std::lock_guard lock(mutex_);
  if (reload_timer_)
    net::post(reload_timer_->get_executor(), [this] {
      std::lock_guard inner(mutex_);
      reload_timer_->cancel();
    });
}

void Hub::retry_reloads() {
  if (stopping) return;
  std::vector<std::string> ids;
  {
    std::lock_guard lock(mutex_);
    ids.assign(reloads_.begin(), reloads_.end());
  }
  for (const std::string& id : ids) {
    auto t = find_or_load(id);
    // Back (in memory, or another node holds it now), or gone for good.
    if (t || t.error().code != store::errc::kUnavailable) {
      std::lock_guard lock(mutex_);
      reloads_.erase(id);
      if (t) spdlog::info("table {}: read again from the store", id);
    }
  }
  std::lock_guard lock(mutex_);
  if (reloads_.empty() || stopping) return;
  if (!reload_timer_) reload_timer_ = std::make_unique<net::steady_timer>(table_pool);
  reload_timer_->expires_after(std::chrono::seconds(2));
  reload_timer_->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) retry_reloads();
  });
}

void Hub::keep_leases() {
  if (stopping) return;
  if (auto lost = store.renew(owner, held(), options.lease); !lost) {
    spdlog::warn("leases not renewed: {}", lost.error().message);
  } else {
    for (const auto& id : *lost)
      if (auto t = find(id))
        t->post([t] { t->lose(errc::kMoved, "another server has taken the table: reconnect"); });
  }
  // Tables and lobbies whose node is gone: taken here, so that their bots
  // and clocks go on before anyone asks for them (when someone does, the
  // router's node takes them from here).
  for (const auto& id : store.expired())
    if (!find(id) && find_or_load(id)) spdlog::info("table {}: its node was gone", id);
  if (stopping) return;
  keeper->expires_after(options.lease / 3);
  keeper->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) keep_leases();
  });
}

std::vector<std::shared_ptr<Table>> Hub::all() {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Table>> out;
  out.reserve(tables_.size());
  for (auto& [id, t] : tables_) out.push_back(t);
  return out;
}

// --- Creating and resuming

Table::Table(Hub& hub, const AnyGame& game, std::string id)
    : hub_(hub),
      game_(&game),
      id_(std::move(id)),
      strand_(net::make_strand(hub.table_pool.get_executor())),
      timer_(strand_),
      evict_timer_(strand_),
      grace_(hub.options.grace) {
  hub_.metrics.lobby_tables.fetch_add(1);
}

Table::~Table() {
  if (phase_ == Phase::kLobby) hub_.metrics.lobby_tables.fetch_sub(1);
  if (phase_ == Phase::kPlaying) hub_.metrics.live_tables.fetch_sub(1);
  if (phase_ == Phase::kFinished) hub_.metrics.finished_tables.fetch_sub(1);
}

MaybeError Table::admit_lobby(Hub& hub, const std::string& address) {
  std::size_t all = 0, mine = 0;
  for (const auto& t : hub.all())
    if (t->phase() == Phase::kLobby) {
      ++all;
      mine += t->address_ == address;
    }
  if (all >= hub.options.max_lobbies)
    return make_error(errc::kTooManyLobbies,
                      "the server has as many tables waiting for players as it can hold: join one "
                      "or try again later");
  if (mine >= hub.options.max_lobbies_per_address)
    return make_error(errc::kTooManyLobbies,
                      fmt::format("{} tables made from your address wait for players already: "
                                  "start or leave one first",
                                  mine));
  return std::nullopt;
}

MaybeError Table::check_bot(const std::string& spec) const {
  if (auto b = make_bot(*game_, spec); !b) return b.error();
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return std::nullopt;
  auto budget = parse_budget(std::string_view(spec).substr(colon + 1), game_->name());
  if (!budget) return budget.error();
  // Root parallel trees would think on threads of their own; a server's
  // bots think on its bot threads, which are its parallelism.
  if (budget->trees > 1)
    return make_error(errc::kBotBudget,
                      fmt::format("'{}': a table's bots search one tree (no 'x')", spec));
  const ServerOptions& o = hub_.options;
  if (budget->seconds > o.max_bot_seconds || budget->iterations > o.max_bot_iterations)
    return make_error(errc::kBotBudget,
                      fmt::format("'{}': this server's bots think at most {} s and {} iterations "
                                  "a decision",
                                  spec, o.max_bot_seconds, o.max_bot_iterations));
  return std::nullopt;
}

Expected<std::shared_ptr<Table>> Table::create(Hub& hub, const Json& req, std::string& host_token,
                                               const std::string& address) {
  if (!req.is_object()) return make_error(errc::kMalformed, "the body is a JSON object");
  const Json game_name = req.value("game", Json());
  if (!game_name.is_string()) return make_error(errc::kMalformed, "game is a game's name");
  const AnyGame* game = find_game(game_name.get<std::string>());
  if (game == nullptr)
    return make_error(meeple::errc::kUnknownGame, fmt::format("no game '{}' (see GET /api/games)",
                                                              game_name.get<std::string>()));
  const Json guide = req.value("guide", Json(false));
  if (!guide.is_boolean()) return make_error(errc::kMalformed, "guide is true or false");
  if (guide.get<bool>()) {
    // The guide's own table: its players, options and bots, private, no
    // clock; the person's seat is the one to join.
    const auto part = int_in(req.value("guide_part", Json(0)), 0, 100);
    if (!part) return make_error(errc::kMalformed, "guide_part is a part's number");
    auto script = room::GuideScript::of(*game, *part);
    if (!script) return script.error();
    Json seats = Json::array();
    for (const room::SeatConfig& s : script->seats(*game, ""))
      seats.push_back(s.kind == room::SeatKind::kPerson ? Json{{"kind", "person"}}
                                                        : Json{{"kind", "bot"}, {"bot", s.bot}});
    Json made = {
        {"game", game->name()},     {"players", script->players},
        {"params", script->params}, {"seats", seats},
        {"public", false},          {"languages", req.value("languages", Json(kLanguages))}};
    auto t = create(hub, made, host_token, address);
    if (t) (*t)->guide_ = std::move(*script);
    return t;
  }
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

  if (auto e = admit_lobby(hub, address)) return *e;
  auto t = std::make_shared<Table>(hub, *game, random_hex(8));
  t->address_ = address;
  t->created_ms_ = epoch_ms(std::chrono::system_clock::now());
  t->players_ = players;
  t->params_ = params;
  t->public_ = req.value("public", Json(true)).is_boolean() ? req.value("public", true) : true;
  t->auto_start_ =
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
  if (!undo.is_boolean() || !turn_based.is_boolean())
    return make_error(errc::kMalformed, "undo and turn_based are true or false");
  if (on_timeout != "bot" && on_timeout != "takeover")
    return make_error(errc::kMalformed, "on_timeout is \"bot\" or \"takeover\"");
  t->undo_ = undo.get<bool>();
  t->turn_based_ = turn_based.get<bool>();
  t->takeover_ = on_timeout == "takeover";
  t->move_clock_ = *clock;
  if (t->turn_based_ && t->move_clock_.count() == 0)
    t->move_clock_ = std::chrono::milliseconds(static_cast<std::int64_t>(kDay * 1000));
  // The languages the table tells its events and choices in (each costs
  // words for every observer after every action): a subset of en, it, ko.
  const Json langs = req.value("languages", Json(kLanguages));
  if (!langs.is_array() || langs.empty())
    return make_error(errc::kMalformed, "languages is a list of en, it, ko");
  t->languages_.clear();
  for (const Json& l : langs) {
    if (!l.is_string() ||
        std::find(kLanguages.begin(), kLanguages.end(), l.get<std::string>()) == kLanguages.end())
      return make_error(errc::kMalformed, "languages is a list of en, it, ko");
    if (std::find(t->languages_.begin(), t->languages_.end(), l.get<std::string>()) !=
        t->languages_.end())
      return make_error(errc::kMalformed, "languages names each language once");
    t->languages_.push_back(l.get<std::string>());
  }
  t->plan_.resize(static_cast<std::size_t>(players));
  if (seats.is_array()) {
    if (static_cast<int>(seats.size()) != players)
      return make_error(meeple::errc::kBadPlayers, "give one seat per player");
    for (std::size_t i = 0; i < seats.size(); ++i) {
      const Json& s = seats[i];
      if (!s.is_object()) return make_error(errc::kMalformed, "a seat is an object");
      auto kind = kind_from(s.value("kind", Json("person")));
      if (!kind) return kind.error();
      SeatPlan& p = t->plan_[i];
      p.kind = *kind;
      if (p.kind == room::SeatKind::kBot) {
        const Json bot = s.value("bot", Json(default_bot(*game)));
        if (!bot.is_string()) return make_error(errc::kMalformed, "a seat's bot is a bot spec");
        p.bot = bot.get<std::string>();
        if (auto e = t->check_bot(p.bot)) return *e;
      }
    }
  } else if (!seats.is_null()) {
    return make_error(errc::kMalformed, "seats is an array");
  }
  int free = 0;
  for (const auto& p : t->plan_) free += p.kind == room::SeatKind::kPerson;
  t->free_seats_ = free;
  // What happens when a person is away or out of time: the host's choice
  // ({"mode": "wait" | "after" | "now", "seconds"}); else a turn-based
  // table waits; else grace_seconds; else a friends' table (private, with
  // people) gives five minutes, and any other the server's grace.
  const Json stand_in = req.value("stand_in", Json());
  if (stand_in.is_object()) {
    const Json mode = stand_in.value("mode", Json());
    if (mode == "wait") {
      t->stand_ins_ = false;
    } else if (mode == "now") {
      t->grace_ = std::chrono::milliseconds(0);
    } else if (mode == "after") {
      const auto after = seconds_in(stand_in.value("seconds", Json()), kDay);
      if (!after || *after < std::chrono::minutes(1))
        return make_error(errc::kMalformed, "a stand-in comes after 60 to 86400 seconds");
      t->grace_ = *after;
    } else {
      return make_error(errc::kMalformed, "stand_in's mode is \"wait\", \"after\" or \"now\"");
    }
  } else if (!stand_in.is_null()) {
    return make_error(errc::kMalformed, "stand_in is {\"mode\": ..., \"seconds\": ...}");
  } else if (t->turn_based_) {
    t->stand_ins_ = false;
  } else if (req.contains("grace_seconds")) {
    t->grace_ = *grace;
  } else if (!t->public_ && free > 0) {
    t->grace_ = std::chrono::milliseconds(static_cast<std::int64_t>(kFriendsGraceSeconds * 1000));
  }
  host_token = random_hex(16);
  t->host_hash_ = sha256_hex(host_token);
  return t;
}

Expected<std::shared_ptr<Table>> Table::resume(Hub& hub, const store::TableRecord& rec,
                                               const store::Lease& lease) {
  const AnyGame* game = find_game(rec.spec.game);
  if (game == nullptr)
    return make_error(meeple::errc::kUnknownGame, fmt::format("no game '{}'", rec.spec.game));
  const Json& o = rec.spec.options;
  if (!o.contains("server")) return make_error(meeple::errc::kCorruptRecord, "not a server table");
  auto t = std::make_shared<Table>(hub, *game, rec.id);
  t->lease_ = lease;
  t->players_ = rec.spec.players;
  t->params_ = rec.spec.params;
  if (auto e = t->read_plan(o["server"])) return *e;
  std::vector<room::SeatConfig> seats;
  for (SeatPlan& p : t->plan_) {
    // A bot over this server's budget (seated before the limit was set, or
    // under a higher one) thinks as the game's default bot from now on.
    if (p.kind == room::SeatKind::kBot && t->check_bot(p.bot)) {
      spdlog::warn("table {}: bot '{}' is over this server's budget: the default bot plays", t->id_,
                   p.bot);
      p.bot = default_bot(*game);
    }
    seats.push_back({p.kind, p.name, p.bot});
  }
  // Seats the host changed during the game: the room replays them itself;
  // the plan learns who sits there now (and their token's hash).
  for (const store::Entry& e : rec.entries) {
    if (e.kind != "seat" || e.seat < 0 || e.seat >= static_cast<Seat>(t->plan_.size())) continue;
    auto kind = kind_from(e.json.value("kind", Json("bot")));
    if (!kind) return kind.error();
    SeatPlan& p = t->plan_[static_cast<std::size_t>(e.seat)];
    p.kind = *kind;
    p.name = e.json.value("name", "");
    p.bot = e.json.value("bot", "");
    p.token_hash = e.json.value("owner", Json::object()).value("token", "");
  }
  auto r = room::Room::resume(*game, rec, std::move(seats), t->room_options(lease), &hub.store);
  if (!r) return r.error();
  t->room_ = std::move(*r);
  // Everyone is away until they reconnect; the grace period starts now.
  const auto now = SteadyClock::now();
  for (Seat i = 0; i < t->room_->num_players(); ++i) t->room_->set_connected(i, false, now);
  t->counted_version_ = t->room_->version();
  t->seats_text_ = t->seats_text();
  hub.metrics.lobby_tables.fetch_sub(1);
  if (t->room_->finished()) {
    hub.metrics.finished_tables.fetch_add(1);
    t->phase_ = Phase::kFinished;
  } else {
    hub.metrics.live_tables.fetch_add(1);
    t->phase_ = Phase::kPlaying;
  }
  return t;
}

MaybeError Table::read_plan(const Json& s) {
  try {
    public_ = s.at("public").get<bool>();
    host_hash_ = s.at("host").get<std::string>();
    move_clock_ = std::chrono::milliseconds(s.at("clock_ms").get<std::int64_t>());
    grace_ = std::chrono::milliseconds(s.at("grace_ms").get<std::int64_t>());
    languages_ = s.value("languages", kLanguages);
    auto_start_ = s.value("auto_start", true);
    undo_ = s.value("undo", true);
    turn_based_ = s.value("turn_based", false);
    // Tables stored before the choice: turn-based ones never brought a
    // stand-in for being away.
    stand_ins_ = s.value("stand_ins", !turn_based_);
    takeover_ = s.value("on_timeout", "bot") == "takeover";
    rematch_of_ = s.value("rematch_of", "");
    // Lobbies saved before lobbies expired: their time runs from now.
    created_ms_ = s.value("created_ms", epoch_ms(std::chrono::system_clock::now()));
    if (s.contains("guide_part")) {
      auto script = room::GuideScript::of(*game_, s.at("guide_part").get<int>());
      if (!script) return script.error();
      guide_ = std::move(*script);
    }
    plan_.clear();
    for (const Json& p : s.at("seats")) {
      SeatPlan sp;
      auto kind = kind_from(p.at("kind"));
      if (!kind) return kind.error();
      sp.kind = *kind;
      sp.bot = p.value("bot", "");
      sp.name = p.value("name", "");
      sp.token_hash = p.value("token", "");
      plan_.push_back(std::move(sp));
    }
  } catch (const Json::exception& e) {
    return make_error(meeple::errc::kCorruptRecord, fmt::format("table {}: {}", id_, e.what()));
  }
  if (static_cast<int>(plan_.size()) != players_)
    return make_error(meeple::errc::kCorruptRecord, fmt::format("table {}: {} seats for {} players",
                                                                id_, plan_.size(), players_));
  return std::nullopt;
}

Expected<std::shared_ptr<Table>> Table::from_lobby(Hub& hub, const store::TableSpec& spec,
                                                   const store::Lease& lease) {
  const AnyGame* game = find_game(spec.game);
  if (game == nullptr)
    return make_error(meeple::errc::kUnknownGame, fmt::format("no game '{}'", spec.game));
  if (!spec.options.contains("server"))
    return make_error(meeple::errc::kCorruptRecord, "not a server lobby");
  auto t = std::make_shared<Table>(hub, *game, spec.id);
  t->lease_ = lease;
  t->players_ = spec.players;
  t->params_ = spec.params;
  if (auto e = t->read_plan(spec.options["server"])) return *e;
  int free = 0;
  for (const auto& p : t->plan_) free += p.kind == room::SeatKind::kPerson && p.token_hash.empty();
  t->free_seats_ = free;
  return t;
}

MaybeError Table::claim() {
  if (!hub_.shared()) return std::nullopt;
  auto lease = hub_.store.acquire(id_, hub_.owner, hub_.options.lease);
  if (!lease) return lease.error();
  lease_ = *lease;
  spdlog::info("table {}: held here now (fencing {})", id_, lease_.fencing);
  return std::nullopt;
}

MaybeError Table::save_lobby() {
  if (phase_ != Phase::kLobby) return std::nullopt;
  std::vector<std::string> names;
  for (const SeatPlan& p : plan_) names.push_back(p.kind == room::SeatKind::kBot ? p.bot : p.name);
  MaybeError e = hub_.store.save_lobby({.id = id_,
                                        .game = std::string(game_->name()),
                                        .players = players_,
                                        .params = params_,
                                        .seats = std::move(names),
                                        .options = {{"server", seat_plan_json()}}},
                                       lease_);
  if (e)
    store_refused(*e);
  else
    arm_lobby_expiry();
  return e;
}

void Table::arm_lobby_expiry() {
  if (phase_ != Phase::kLobby || hub_.stopping) return;
  const auto left = std::chrono::milliseconds(created_ms_ + hub_.options.lobby_ttl.count() -
                                              epoch_ms(std::chrono::system_clock::now()));
  timer_.expires_after(std::max(left, std::chrono::milliseconds(0)));
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->expire_lobby();
  });
}

void Table::expire_lobby() {
  if (phase_ != Phase::kLobby || lost_ || hub_.stopping) return;
  if (auto e = hub_.store.drop_lobby(id_, lease_)) {
    if (store_refused(*e)) return;
    spdlog::warn("lobby {}: not dropped: {}", id_, e->message);
    timer_.expires_after(std::chrono::minutes(1));
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
      if (!ec) self->expire_lobby();
    });
    return;
  }
  spdlog::info("lobby {}: nobody started it in time: dropped", id_);
  for (auto& [p, c] : conns_)
    if (auto peer = c.peer.lock())
      peer->close(errc::kExpired, "nobody started this table in time: it is gone");
  conns_.clear();
  lost_ = true;
  hub_.remove(id_, this);
}

bool Table::store_refused(const Error& e) {
  if (e.code == store::errc::kFenced) {
    lose(errc::kMoved, "the table has moved to another server: reconnect");
    return true;
  }
  if (e.code == store::errc::kUnavailable || e.code == meeple::errc::kIo) {
    // The database did not confirm the write, which may still have landed:
    // what is in memory may not be what is stored. The table leaves memory
    // and is read again from the store when next asked for, or by the hub's
    // retries once the store answers (Hub::reload_later; with several
    // nodes, once this node has acquired it again, which waits for any write
    // still in flight). A bot's decision or a chance draw is made again then.
    lose(store::errc::kUnavailable,
         "the database did not confirm the last write: reconnect to see the table as stored");
    if (phase_ != Phase::kLobby) hub_.reload_later(id_);
    return true;
  }
  return false;
}

void Table::lose(const std::string& code, const std::string& why) {
  if (lost_) return;
  lost_ = true;
  halted_ = true;
  spdlog::info("table {}: left this node: {}", id_, why);
  timer_.cancel();
  evict_timer_.cancel();
  for (auto& [p, c] : conns_)
    if (auto peer = c.peer.lock()) peer->close(code, why);
  conns_.clear();
  hub_.remove(id_, this);
}

void Table::begin() {
  post([self = shared_from_this()] {
    if (self->phase_ == Phase::kPlaying) {
      self->arm_timer();
      self->drive();
    } else if (self->phase_ == Phase::kLobby) {
      self->arm_lobby_expiry();
    }
  });
}

Json Table::summary() const {
  return summary_json(id_, *game_, players_, phase_.load(), free_seats_.load(), public_);
}

// --- Lobby and host controls

Json Table::seat_plan_json() const {
  Json seats = Json::array();
  for (const SeatPlan& p : plan_)
    seats.push_back(
        {{"kind", kind_name(p.kind)}, {"bot", p.bot}, {"name", p.name}, {"token", p.token_hash}});
  Json plan = {{"public", public_},
               {"host", host_hash_},
               {"clock_ms", move_clock_.count()},
               {"grace_ms", grace_.count()},
               {"languages", languages_},
               {"auto_start", auto_start_},
               {"undo", undo_},
               {"turn_based", turn_based_},
               {"stand_ins", stand_ins_},
               {"on_timeout", takeover_ ? "takeover" : "bot"},
               {"seats", seats}};
  if (!rematch_of_.empty()) plan["rematch_of"] = rematch_of_;
  if (guide_) plan["guide_part"] = guide_->part;
  if (created_ms_ > 0) plan["created_ms"] = created_ms_;
  return plan;
}

Json Table::table_options() const {
  return {{"undo", undo_},
          {"clock_seconds", move_clock_.count() % 1000 == 0
                                ? Json(move_clock_.count() / 1000)
                                : Json(static_cast<double>(move_clock_.count()) / 1000)},
          {"turn_based", turn_based_},
          {"on_timeout", takeover_ ? "takeover" : "bot"},
          {"stand_in",
           {{"mode", !stand_ins_           ? "wait"
                     : grace_.count() == 0 ? "now"
                                           : "after"},
            {"seconds", grace_.count() / 1000}}},
          {"guide", guide_.has_value()}};
}

Json Table::status(const std::string& token) const {
  const std::string h = sha256_hex(token);
  Seat seat = kChance;
  for (std::size_t i = 0; i < plan_.size(); ++i)
    if (!plan_[i].token_hash.empty() && same_hash(plan_[i].token_hash, h))
      seat = static_cast<Seat>(i);
  const bool host = same_hash(host_hash_, h);
  if (seat == kChance && !host)
    return {{"table", id_},
            {"error",
             {{"code", errc::kBadToken}, {"message", "this token opens no seat at this table"}}}};
  if (seat == kChance) seat = kSpectator;
  Json names = Json::array();
  if (room_)
    for (const room::SeatInfo& i : room_->seats()) names.push_back(i.name);
  else
    for (const SeatPlan& p : plan_)
      names.push_back(p.kind == room::SeatKind::kBot ? p.bot : p.name);
  Json to_act = Json::array();
  Json out = {{"table", id_},
              {"game", game_->name()},
              {"title", game_->title()},
              {"phase", phase_name(phase_)},
              {"players", players_},
              {"seat", seat},
              {"host", host},
              {"seats", std::move(names)},
              {"turn_based", turn_based_},
              {"since", nullptr},
              {"deadline", nullptr}};
  bool mine = false;
  if (room_ && phase_ == Phase::kPlaying) {
    for (Seat s = 0; s < room_->num_players(); ++s)
      if (room_->must_act(s)) to_act.push_back(s);
    mine = seat >= 0 && room_->must_act(seat);
    out["since"] = epoch_ms(room_->moved_at());
    if (const auto d = mine ? room_->deadline(seat) : std::nullopt) out["deadline"] = epoch_ms(*d);
  }
  out["to_act"] = std::move(to_act);
  out["my_turn"] = mine;
  if (room_ && room_->finished()) out["result"] = room_->result_json();
  return out;
}

MaybeError Table::check_host(const Json& body) const {
  const Json tok = body.is_object() ? body.value("host_token", Json()) : Json();
  if (!tok.is_string() || !same_hash(sha256_hex(tok.get<std::string>()), host_hash_))
    return make_error(errc::kNotHost, "only the table's host may do this (host_token)");
  return std::nullopt;
}

Expected<Json> Table::join(const Json& body) {
  if (phase_ != Phase::kLobby)
    return make_error(errc::kStarted, "the game has started: no seat is free");
  auto name = read_name(body);
  if (!name) return name.error();
  const Json seat_j = body.value("seat", Json());
  std::size_t seat = plan_.size();
  if (seat_j.is_null()) {
    for (std::size_t i = 0; i < plan_.size() && seat == plan_.size(); ++i)
      if (plan_[i].kind == room::SeatKind::kPerson && plan_[i].token_hash.empty()) seat = i;
    if (seat == plan_.size()) return make_error(errc::kFull, "every person's seat is taken");
  } else {
    const auto asked = int_in(seat_j, 0, players_ - 1);
    if (!asked) return make_error(room::errc::kBadSeat, "no such seat at this table");
    seat = static_cast<std::size_t>(*asked);
    if (plan_[seat].kind != room::SeatKind::kPerson)
      return make_error(room::errc::kBadSeat, "that seat is a bot's");
    if (!plan_[seat].token_hash.empty())
      return make_error(errc::kSeatTaken, "someone sits there already");
  }
  const std::string token = random_hex(16);
  const SeatPlan before = plan_[seat];
  plan_[seat].name = *name;
  plan_[seat].token_hash = sha256_hex(token);
  free_seats_.fetch_sub(1);
  Json out = {{"table", id_}, {"seat", seat}, {"token", token}};
  // The token is handed out once the seat is durable (a restart keeps it).
  MaybeError e = auto_start_ && free_seats_ == 0 ? start() : save_lobby();
  if (e) {
    plan_[seat] = before;
    free_seats_.fetch_add(1);
    return *e;
  }
  publish();
  return out;
}

Expected<Json> Table::host(const std::string& what, const Json& body) {
  if (auto e = check_host(body)) return *e;
  if (phase_ == Phase::kPlaying && what == "seat") return replace_seat(body);
  if (phase_ != Phase::kLobby)
    return make_error(errc::kStarted, "the game has started: options are fixed");
  if (what == "start") {
    if (auto e = start()) return *e;
    return Json{{"table", id_}, {"phase", phase_name(phase_)}};
  }
  if (what == "options") {
    const Json params = body.value("params", Json::object());
    if (!params.is_object()) return make_error(errc::kMalformed, "params is an object");
    if (auto st = game_->new_game(params, players_); !st) return st.error();
    Json before = std::exchange(params_, params);
    if (auto e = save_lobby()) {
      params_ = std::move(before);
      return *e;
    }
    publish(true);
    return Json{{"table", id_}, {"params", params_}};
  }
  if (what == "seat") {
    const auto seat = int_in(body.value("seat", Json()), 0, players_ - 1);
    if (!seat) return make_error(room::errc::kBadSeat, "no such seat at this table");
    auto kind = kind_from(body.value("kind", Json()));
    if (!kind) return kind.error();
    SeatPlan& p = plan_[static_cast<std::size_t>(*seat)];
    // A seat a person has taken is theirs: the host changes only the
    // others (a person leaves a lobby by leaving it).
    if (!p.token_hash.empty())
      return make_error(errc::kSeatTaken, fmt::format("{} sits there: the seat is theirs", p.name));
    SeatPlan next;
    next.kind = *kind;
    if (next.kind == room::SeatKind::kBot) {
      const Json bot = body.value("bot", Json(default_bot(*game_)));
      if (!bot.is_string()) return make_error(errc::kMalformed, "bot is a bot spec");
      if (auto e = check_bot(bot.get<std::string>())) return *e;
      next.bot = bot.get<std::string>();
    }
    const bool was_free = p.kind == room::SeatKind::kPerson && p.token_hash.empty();
    const bool is_free = next.kind == room::SeatKind::kPerson;
    SeatPlan before = std::exchange(p, next);
    if (auto e = save_lobby()) {
      p = std::move(before);
      return *e;
    }
    free_seats_.fetch_add(int(is_free) - int(was_free));
    publish(true);
    return Json{{"table", id_}, {"seats", seats_json()}};
  }
  return make_error(errc::kNotFound, fmt::format("no host control '{}'", what));
}

// Seats belong to their people: the host may put a bot, or a person of
// their choosing, only in a seat a bot plays; a person's seat changes hands
// only by the stand-in rule (a bot plays for them while they are away, and
// they take it back by coming back), which the host may start at once for
// someone away, never to sit there themselves.
Expected<Json> Table::replace_seat(const Json& body) {
  const auto seat_n = int_in(body.value("seat", Json()), 0, players_ - 1);
  if (!seat_n) return make_error(room::errc::kBadSeat, "no such seat at this table");
  const auto seat = static_cast<std::size_t>(*seat_n);
  auto kind = kind_from(body.value("kind", Json()));
  if (!kind) return kind.error();
  if (thinking_)
    return make_error(errc::kBusy, "a bot is deciding at this table: try again in a moment");
  const room::SeatInfo& now = room_->seats()[seat];
  if (now.kind == room::SeatKind::kPerson) {
    if (*kind != room::SeatKind::kBot)
      return make_error(errc::kSeatTaken,
                        fmt::format("{} sits there: the seat is theirs", now.name));
    if (auto e = room_->stand_in(static_cast<Seat>(seat))) return *e;
    drive();
    return Json{{"table", id_}, {"seat", seat}, {"seats", seats_json()}};
  }
  SeatPlan next;
  next.kind = *kind;
  std::string token;
  if (next.kind == room::SeatKind::kPerson) {
    auto name = read_name(body);
    if (!name) return name.error();
    next.name = *name;
    token = random_hex(16);
    next.token_hash = sha256_hex(token);
  } else {
    const Json bot = body.value("bot", Json(default_bot(*game_)));
    if (!bot.is_string()) return make_error(errc::kMalformed, "bot is a bot spec");
    next.bot = bot.get<std::string>();
    if (auto e = check_bot(next.bot)) return *e;
  }
  if (auto e = hand_seat(static_cast<Seat>(seat), std::move(next))) return *e;
  Json out = {{"table", id_}, {"seat", seat}, {"seats", seats_json()}};
  if (!token.empty()) out["token"] = token;  // for the person who takes the seat
  return out;
}

MaybeError Table::hand_seat(Seat seat, SeatPlan next) {
  Json owner = Json::object();
  if (!next.token_hash.empty()) owner["token"] = next.token_hash;
  if (auto e = room_->replace_seat(seat, {next.kind, next.name, next.bot}, owner)) {
    store_refused(*e);
    return e;
  }
  plan_[static_cast<std::size_t>(seat)] = std::move(next);
  // The connections of whoever sat there before become spectators.
  for (auto& [p, c] : conns_)
    if (c.seat == seat) {
      c.seat = kSpectator;
      c.sent = false;
    }
  drive();
  return std::nullopt;
}

room::RoomOptions Table::room_options(const store::Lease& lease) const {
  // A guided table deals its script's game from the script's seed; every
  // other table draws chance from a secret key of its own, new at each start
  // and resume (docs/server.md, "Chance"), which makes the seed unused.
  return {.seed = guide_ ? guide_->seed : room::RoomOptions{}.seed,
          .chance_key = guide_ ? std::nullopt : std::optional(secure_chance_key()),
          .languages = languages_,
          .move_clock = move_clock_,
          .grace = grace_,
          .stand_ins = stand_ins_,
          .undo = undo_,
          .lease = lease};
}

MaybeError Table::start() {
  std::vector<room::SeatConfig> seats;
  for (const SeatPlan& p : plan_) {
    // A person's seat nobody took is played by the game's own bot.
    const bool taken = p.kind != room::SeatKind::kPerson || !p.token_hash.empty();
    seats.push_back({taken ? p.kind : room::SeatKind::kEmpty, p.name, p.bot});
  }
  room::RoomOptions ro = room_options(lease_);
  ro.table_id = id_;
  ro.table_options = {{"server", seat_plan_json()}};
  for (auto& s : ro.table_options["server"]["seats"])
    if (s["kind"] == "person" && s["token"] == "") s["kind"] = "empty";
  if (const auto& script = hub_.options.chance_script)
    ro.chance_script = [script, id = id_](std::uint64_t v) { return script(id, v); };
  auto r = room::Room::open(*game_, params_, std::move(seats), std::move(ro), &hub_.store);
  if (!r) {
    store_refused(r.error());
    return r.error();
  }
  room_ = std::move(*r);
  // The table is in the store now; its lobby is not needed any more (a
  // restart between the two finds both and keeps the table).
  if (auto e = hub_.store.drop_lobby(id_, lease_))
    spdlog::warn("table {}: lobby not dropped: {}", id_, e->message);
  const auto now = SteadyClock::now();
  for (Seat i = 0; i < room_->num_players(); ++i) {
    bool connected = false;
    for (const auto& [p, c] : conns_) connected |= c.seat == i;
    room_->set_connected(i, connected, now);
  }
  free_seats_ = 0;
  phase_ = Phase::kPlaying;
  hub_.metrics.lobby_tables.fetch_sub(1);
  hub_.metrics.live_tables.fetch_add(1);
  spdlog::info("table {}: {} started", id_, game_->name());
  arm_timer();
  drive();
  return std::nullopt;
}

Expected<Json> Table::record() const {
  if (phase_ != Phase::kFinished || !room_)
    return make_error(room::errc::kUnfinished,
                      "the record holds hidden information: it is shown once the game is over");
  auto r = room_->record();
  if (!r) return r.error();
  return record_to_json(*r);
}

Expected<Json> Table::replay(Seat observer, const std::string& lang,
                             std::optional<std::size_t> step) const {
  if (phase_ != Phase::kFinished || !room_)
    return make_error(room::errc::kUnfinished,
                      "a game is replayed once it is over (the record holds hidden information)");
  auto r = room_->record();
  if (!r) return r.error();
  auto out = room::replay_json(*game_, *r, observer, lang, step);
  if (out) (*out)["table"] = id_;
  return out;
}

Expected<std::shared_ptr<Table>> Table::rematch(const Json& body, const std::string& address) {
  if (auto e = check_host(body)) return *e;
  if (phase_ != Phase::kFinished)
    return make_error(room::errc::kUnfinished, "a rematch is for a game that is over");
  if (!rematch_id_.empty()) {
    if (auto t = hub_.find(rematch_id_)) return t;
  }
  if (auto e = admit_lobby(hub_, address)) return *e;
  auto t = std::make_shared<Table>(hub_, *game_, random_hex(8));
  t->address_ = address;
  t->created_ms_ = epoch_ms(std::chrono::system_clock::now());
  t->players_ = players_;
  t->params_ = params_;
  t->public_ = public_;
  t->auto_start_ = auto_start_;
  t->move_clock_ = move_clock_;
  t->grace_ = grace_;
  t->stand_ins_ = stand_ins_;
  t->languages_ = languages_;
  t->host_hash_ = host_hash_;
  t->plan_ = plan_;
  t->undo_ = undo_;
  t->turn_based_ = turn_based_;
  t->takeover_ = takeover_;
  int free = 0;
  for (const SeatPlan& p : t->plan_)
    free += p.kind == room::SeatKind::kPerson && p.token_hash.empty();
  t->free_seats_ = free;
  t->rematch_of_ = id_;
  rematch_id_ = t->id();
  publish(true);
  return t;
}

// --- Connections

void Table::attach(const std::shared_ptr<Peer>& peer, const Json& hello,
                   SteadyClock::time_point received) {
  Conn c;
  c.peer = peer;
  const Json token_j = hello.value("token", Json(""));
  if (!token_j.is_string()) {
    hub_.metrics.errors_total.fetch_add(1);
    peer->close(errc::kMalformed, "token is the seat's (or the host's) token, a string");
    return;
  }
  const std::string token = token_j.get<std::string>();
  if (!token.empty()) {
    const std::string h = sha256_hex(token);
    bool found = false;
    for (std::size_t i = 0; i < plan_.size(); ++i)
      if (!plan_[i].token_hash.empty() && same_hash(plan_[i].token_hash, h)) {
        c.seat = static_cast<Seat>(i);
        found = true;
      }
    if (!found && same_hash(host_hash_, h)) {
      c.host = true;
      found = true;
    }
    if (!found && hub_.shared() && phase_ == Phase::kLobby && stored_elsewhere(h)) {
      // This lobby copy is stale: another node has taken the table since
      // (and seated this token, or started the game). The client reconnects
      // and the router's node reads the table as stored.
      lose(errc::kMoved, "another server has taken the table: reconnect");
      peer->close(errc::kMoved, "another server has taken the table: reconnect");
      return;
    }
    if (!found) {
      hub_.metrics.errors_total.fetch_add(1);
      peer->close(errc::kBadToken, "this token opens no seat at this table");
      return;
    }
  }
  evict_timer_.cancel();
  c.lang = languages_.front();
  Conn& stored = conns_[peer.get()] = std::move(c);
  if (room_ && stored.seat >= 0 && phase_ == Phase::kPlaying)
    room_->set_connected(stored.seat, true, SteadyClock::now());
  on_message(peer.get(), hello, received);  // its language, and the whole picture
  publish();  // the picture in the table's first language when the hello's was refused
}

bool Table::stored_elsewhere(const std::string& token_hash) const {
  if (auto rec = hub_.store.load(id_)) return true;  // its game started on another node
  auto spec = hub_.find_lobby(id_);
  if (!spec) return false;
  for (const Json& seat : spec->options.value("server", Json::object()).value("seats", Json()))
    if (seat.is_object() && same_hash(seat.value("token", ""), token_hash)) return true;
  return false;
}

void Table::detach(Peer* peer) {
  auto it = conns_.find(peer);
  if (it == conns_.end()) return;
  const Seat seat = it->second.seat;
  conns_.erase(it);
  maybe_evict();
  if (!room_ || seat < 0 || phase_ != Phase::kPlaying) return;
  for (const auto& [p, c] : conns_)
    if (c.seat == seat) return;  // another connection still holds the seat
  room_->set_connected(seat, false, SteadyClock::now());
  publish();
}

void Table::close_all(const std::string& reason) {
  timer_.cancel();
  evict_timer_.cancel();
  for (auto& [p, c] : conns_)
    if (auto peer = c.peer.lock()) peer->close(errc::kShutdown, reason);
  conns_.clear();
}

void Table::send(Conn& c, const Json& msg) {
  auto peer = c.peer.lock();
  if (!peer) return;
  auto text = std::make_shared<const std::string>(msg.dump());
  hub_.metrics.bytes_out.fetch_add(text->size(), std::memory_order_relaxed);
  peer->send(std::move(text));
}

void Table::send_error(Conn& c, const Error& e) {
  hub_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
  send(c, error_json(e));
}

void Table::on_message(Peer* peer, const Json& msg, SteadyClock::time_point received) {
  auto it = conns_.find(peer);
  if (it == conns_.end()) return;
  Conn& c = it->second;
  hub_.metrics.messages_in.fetch_add(1, std::memory_order_relaxed);
  const Json type = msg.is_object() ? msg.value("type", Json()) : Json();
  if (!type.is_string())
    return send_error(c, make_error(errc::kMalformed, "a message is an object with a type"));
  const std::string t = type.get<std::string>();
  // A person whose stand-in plays (their clock ran out, or the host started
  // it) is back as soon as they act, say hello, or say they are back.
  if ((t == "act" || t == "hello" || t == "back") && c.seat >= 0 && room_ &&
      phase_ == Phase::kPlaying && room_->seats()[static_cast<std::size_t>(c.seat)].stand_in) {
    room_->set_connected(c.seat, true, received);
    publish();
  }
  if (t == "back") {
    if (c.seat < 0) return send_error(c, make_error(errc::kBadToken, "spectators hold no seat"));
    return publish(true);
  }
  if (t == "hello") {
    const Json lang = msg.value("lang", Json("en"));
    if (!lang.is_string() || std::find(languages_.begin(), languages_.end(),
                                       lang.get<std::string>()) == languages_.end())
      return send_error(c,
                        make_error(errc::kMalformed, fmt::format("lang is one of the table's: {}",
                                                                 fmt::join(languages_, ", "))));
    c.lang = lang.get<std::string>();
    c.sent = false;  // the whole picture again, in the new language
    c.events_from = 0;
    publish();
    return;
  }
  if (t == "act") {
    const Json v = msg.value("version", Json());
    if (!v.is_number_unsigned() || !msg.contains("action"))
      return send_error(c, make_error(errc::kMalformed, "act needs a version and an action"));
    return act(c, peer, v.get<std::uint64_t>(), msg["action"], received);
  }
  if (t == "undo") {
    const Json v = msg.value("version", Json());
    if (!v.is_number_unsigned())
      return send_error(c, make_error(errc::kMalformed, "undo needs a version"));
    return undo(c, v.get<std::uint64_t>());
  }
  if (t == "chat") return chat(c, msg, received);
  if (t == "leave") return leave(c);
  if (t == "chat_page") {
    // Earlier chat than the messages carried: the page before line `before`.
    const Json before = msg.value("before", Json());
    if (!before.is_number_unsigned())
      return send_error(c, make_error(errc::kMalformed, "chat_page needs before, a line number"));
    const auto lines = room_ ? room_->chat_before(before.get<std::size_t>(), hub_.options.chat_page)
                             : std::vector<room::ChatLine>();
    return send(c, {{"type", "chat_page"}, {"lines", chat_json(lines)}});
  }
  if (t == "ping") return send(c, {{"type", "pong"}});
  send_error(c, make_error(errc::kMalformed, fmt::format("no message type '{}'", t)));
}

void Table::leave(Conn& c) {
  if (c.seat < 0) return send_error(c, make_error(errc::kBadToken, "spectators hold no seat"));
  const Seat seat = c.seat;
  const auto i = static_cast<std::size_t>(seat);
  if (phase_ == Phase::kFinished)
    return send_error(c, make_error(meeple::errc::kGameOver, "the game is over"));
  if (phase_ == Phase::kLobby) {
    // The seat is free to join again; the token opens nothing any more.
    const SeatPlan before = plan_[i];
    plan_[i].name.clear();
    plan_[i].token_hash.clear();
    if (auto e = save_lobby()) {
      plan_[i] = before;
      return send_error(c, *e);
    }
    free_seats_.fetch_add(1);
  } else {
    if (thinking_)
      return send_error(
          c, make_error(errc::kBusy, "a bot is deciding at this table: try again in a moment"));
    SeatPlan bot;
    bot.kind = room::SeatKind::kBot;
    bot.bot = default_bot(*game_);
    if (auto e = hand_seat(seat, std::move(bot))) return send_error(c, *e);
  }
  for (auto& [p, other] : conns_)
    if (other.seat == seat) {
      other.seat = kSpectator;
      other.sent = false;
    }
  spdlog::info("table {}: seat {} left", id_, seat);
  publish(true);
}

void Table::chat(Conn& c, const Json& msg, SteadyClock::time_point received) {
  const Json text = msg.value("text", Json());
  if (!text.is_string()) return send_error(c, make_error(errc::kMalformed, "chat needs a text"));
  if (c.seat < 0) return send_error(c, make_error(errc::kBadToken, "spectators cannot chat"));
  if (!room_ || phase_ != Phase::kPlaying)
    return send_error(c, make_error(errc::kNotStarted, "chat opens when the game starts"));
  if (room_->chat_count() >= hub_.options.max_chat_lines)
    return send_error(
        c, make_error(errc::kChatFull, fmt::format("the table's chat holds {} lines: it is full",
                                                   hub_.options.max_chat_lines)));
  // The seat's allowance: chat_burst lines at once, chat_per_minute after.
  const ServerOptions& o = hub_.options;
  chat_allowance_.resize(static_cast<std::size_t>(room_->num_players()),
                         {o.chat_burst, SteadyClock::time_point{}});
  ChatAllowance& a = chat_allowance_[static_cast<std::size_t>(c.seat)];
  const double minutes = std::chrono::duration<double>(received - a.at).count() / 60;
  a.lines = std::min(o.chat_burst, a.lines + minutes * o.chat_per_minute);
  a.at = received;
  if (a.lines < 1)
    return send_error(c, make_error(errc::kChatTooFast,
                                    "you are writing faster than the table can read: wait a "
                                    "moment"));
  if (auto e = room_->chat(c.seat, text.get<std::string>())) {
    send_error(c, *e);
    store_refused(*e);
    return;
  }
  a.lines -= 1;
  publish();
}

void Table::act(Conn& c, Peer* peer, std::uint64_t version, const Json& action,
                SteadyClock::time_point received) {
  if (c.seat < 0) return send_error(c, make_error(errc::kBadToken, "spectators cannot act"));
  if (!room_ || phase_ == Phase::kLobby)
    return send_error(c, make_error(errc::kNotStarted, "the game has not started"));
  if (halted_) return send_error(c, make_error(meeple::errc::kIo, "the table is halted"));
  if (thinking_) {
    if (version != room_->version())
      return send_error(c, make_error(room::errc::kStale,
                                      fmt::format("the table has moved on (version {}, not {})",
                                                  room_->version(), version)));
    if (!room_->must_act(c.seat))
      return send_error(
          c, make_error(meeple::errc::kNotYourTurn, fmt::format("seat {} is not to act", c.seat)));
    // A bot is deciding now; this decision was made at the same version, so
    // both were asked at once (a simultaneous decision): it is applied once
    // the bot's is in.
    deferred_.push_back({peer, version, action, received});
    return;
  }
  MaybeError e = action.is_number_integer() ? room_->act(c.seat, version, action.get<Action>())
                                            : room_->act_json(c.seat, version, action);
  if (e) {
    send_error(c, *e);
    store_refused(*e);
    return;
  }
  hub_.metrics.act_commit.observe(SteadyClock::now() - received);
  drive();
}

void Table::undo(Conn& c, std::uint64_t version) {
  if (c.seat < 0) return send_error(c, make_error(errc::kBadToken, "spectators cannot undo"));
  if (!room_ || phase_ == Phase::kLobby)
    return send_error(c, make_error(errc::kNotStarted, "the game has not started"));
  if (halted_) return send_error(c, make_error(meeple::errc::kIo, "the table is halted"));
  // A bot deciding now would have to decide again: its turn came after the
  // decision, which then is no longer the latest one of the table.
  if (thinking_)
    return send_error(c, make_error(room::errc::kNothingToUndo,
                                    "nothing to take back: another seat is deciding"));
  if (auto e = room_->undo(c.seat, version)) {
    send_error(c, *e);
    store_refused(*e);
    return;
  }
  drive();
}

// --- Bots, clocks and publishing

void Table::drive() {
  // A stopping server starts no bot turn (its pools are being joined); a
  // restart takes the table up where it is.
  if (!room_ || thinking_ || halted_ || hub_.stopping) return publish();
  auto turn = room_->next_bot_turn();
  if (!turn) {
    // A chance draw the store could not take is no halt: the table is read
    // again from the store once it answers (store_refused).
    if (store_refused(turn.error())) return;
    halted_ = true;
    spdlog::error("table {}: halted: {}", id_, turn.error().message);
  } else if (turn->has_value()) {
    thinking_ = true;
    thinking_version_ = (*turn)->version;
    auto shared = std::make_shared<room::BotTurn>(std::move(**turn));
    // A bot seat's own spec tells how long it thinks (a stand-in is the
    // game's default bot, a quick one).
    const SeatPlan& p = plan_[static_cast<std::size_t>(shared->seat)];
    bool heavy = false;
    if (const auto colon = p.bot.find(':');
        p.kind == room::SeatKind::kBot && colon != std::string::npos)
      if (auto b = parse_budget(std::string_view(p.bot).substr(colon + 1), game_->name()))
        heavy = heavy_budget(b->seconds, b->iterations);
    hub_.bots.submit(
        id_,
        [self = shared_from_this(), shared] {
          const auto t0 = SteadyClock::now();
          const Action a = room::think(*shared);
          self->hub_.metrics.bot_think.observe(SteadyClock::now() - t0);
          self->post([self, shared, a] { self->on_bot(shared, a); });
        },
        heavy);
  }
  publish();
}

void Table::on_bot(std::shared_ptr<room::BotTurn> turn, Action a) {
  thinking_ = false;
  if (auto e = room_->apply_bot_turn(*turn, a)) {
    if (store_refused(*e)) return;
    halted_ = true;
    spdlog::error("table {}: halted: {}", id_, e->message);
    return publish();
  }
  // Decisions people made meanwhile, at the bot's version (simultaneous).
  std::deque<Deferred> pending;
  pending.swap(deferred_);
  while (!pending.empty()) {
    Deferred d = std::move(pending.front());
    pending.pop_front();
    auto it = conns_.find(d.peer);
    if (it == conns_.end()) continue;
    // Another seat's decision made at the bot's version (a simultaneous
    // one) still counts; a decision of the seat the bot has just played
    // for (a stand-in beat its person to it) is stale.
    const std::uint64_t v = d.version == turn->version && it->second.seat != turn->seat &&
                                    room_->must_act(it->second.seat)
                                ? room_->version()
                                : d.version;
    if (thinking_) {
      deferred_.push_back(d);
      continue;
    }
    MaybeError e = d.action.is_number_integer()
                       ? room_->act(it->second.seat, v, d.action.get<Action>())
                       : room_->act_json(it->second.seat, v, d.action);
    if (e) {
      send_error(it->second, *e);
      continue;
    }
    hub_.metrics.act_commit.observe(SteadyClock::now() - d.received);
  }
  drive();
}

void Table::arm_timer() {
  if (hub_.stopping) return;
  timer_.expires_after(hub_.options.tick);
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec || self->hub_.stopping || self->phase_ != Phase::kPlaying) return;
    if (self->takeover_) self->take_over_overdue();
    if (self->room_->tick(SteadyClock::now())) self->drive();
    self->arm_timer();
  });
}

void Table::take_over_overdue() {
  if (thinking_) return;  // the next tick tries again
  for (Seat s : room_->overdue(SteadyClock::now())) {
    SeatPlan bot;
    bot.kind = room::SeatKind::kBot;
    bot.bot = default_bot(*game_);
    if (auto e = hand_seat(s, std::move(bot))) {
      spdlog::warn("table {}: seat {} not taken over: {}", id_, s, e->message);
      return;
    }
    spdlog::info("table {}: seat {} ran out of time and is a bot's now", id_, s);
    if (thinking_ || lost_) return;
  }
}

Json Table::seats_json() const {
  Json seats = Json::array();
  if (room_) {
    for (Seat i = 0; i < room_->num_players(); ++i) {
      const room::SeatInfo& s = room_->seats()[static_cast<std::size_t>(i)];
      Json seat = {{"kind", kind_name(s.kind)},
                   {"name", s.name},
                   {"stand_in", s.stand_in},
                   {"connected", s.connected}};
      if (s.kind == room::SeatKind::kPerson) {
        // The countdown everyone sees before a stand-in plays for someone away.
        const auto at = room_->stand_in_at(i);
        seat["stand_in_at"] = at ? Json(epoch_ms(*at)) : Json(nullptr);
        seat["late"] = s.late;
      }
      seats.push_back(std::move(seat));
    }
  } else {
    for (std::size_t i = 0; i < plan_.size(); ++i) {
      const SeatPlan& p = plan_[i];
      bool connected = false;
      for (const auto& [peer, c] : conns_) connected |= c.seat == static_cast<Seat>(i);
      seats.push_back({{"kind", kind_name(p.kind)},
                       {"name", p.kind == room::SeatKind::kBot ? p.bot : p.name},
                       {"taken", !p.token_hash.empty()},
                       {"connected", connected}});
    }
  }
  return seats;
}

// --- State messages
//
// A state message is written as text, its keys in the order Json::dump()
// gives them, so it is byte for byte what building it as a Json and
// dumping it gave. What several connections share is built once per
// publish: each observer's view (and its patch) once per version, shared by
// observers whose views are equal (every seat's and the spectator's in a
// game without hidden information); the events and choices once per seat,
// language and starting point; whole messages once per kind of connection.

// What one publish() has built so far.
struct Table::Publication {
  std::uint64_t version = 0;
  std::string head;    // "phase" .. "result" members
  std::string seats;   // "seats" .. "table" members
  std::string to_act;  // "to_act" and "type"
  std::string tail;    // "version"
  // Per observer ([0] spectator, [1 + seat]): the view before this publish
  // computed a new one (the patch's base), and the patch, once made.
  std::vector<std::shared_ptr<const ViewText>> before;
  std::vector<std::shared_ptr<const std::string>> patch;  // "" when none can be made
  JsonTape from_tape, to_tape;                            // reused
  struct Words {
    Seat seat;
    std::size_t from;  // events: the first one; choices: SIZE_MAX
    std::string lang;
    std::string text;
  };
  std::vector<Words> words;
  struct Message {
    Seat seat;
    bool host;
    std::string lang;
    int view_kind;  // 0 whole view, 1 patch, 2 empty patch
    std::size_t events_from;
    std::shared_ptr<const std::string> text;
  };
  std::vector<Message> messages;

  const std::string& cached_words(Seat seat, std::size_t from, const std::string& lang,
                                  const std::function<std::string()>& make) {
    for (const Words& w : words)
      if (w.seat == seat && w.from == from && w.lang == lang) return w.text;
    words.push_back({seat, from, lang, make()});
    return words.back().text;
  }
};

namespace {
std::size_t observer_slot(Seat observer) {
  return observer == kSpectator ? 0 : static_cast<std::size_t>(observer) + 1;
}
}  // namespace

const Table::ViewText& Table::view_now(Publication& pub, Seat observer) {
  const std::size_t slot = observer_slot(observer);
  auto& now = views_[slot];
  if (now && now->version == pub.version) return *now;
  pub.before[slot] = std::move(now);
  auto v = std::make_shared<ViewText>();
  v->version = pub.version;
  v->text = room_->view_text(observer);
  // An observer whose view equals one already made for this version shares it.
  for (const auto& other : views_)
    if (other && other->version == pub.version && other->text == v->text) {
      now = other;
      return *now;
    }
  v->text.shrink_to_fit();
  now = std::move(v);
  return *now;
}

// The patch from the observer's view before this publish to its view now;
// null when one of them is not JSON this server reads (then the whole view
// goes).
const std::string* Table::view_patch(Publication& pub, std::size_t slot) {
  auto& patch = pub.patch[slot];
  if (patch) return patch->empty() ? nullptr : patch.get();
  const ViewText* before = pub.before[slot].get();
  const ViewText* now = views_[slot].get();
  // Observers with the same views before and now share the patch.
  for (std::size_t k = 0; k < views_.size(); ++k)
    if (pub.patch[k] && pub.before[k].get() == before && views_[k].get() == now) {
      patch = pub.patch[k];
      return patch->empty() ? nullptr : patch.get();
    }
  auto p = std::make_shared<std::string>();
  if (pub.from_tape.read(before->text) && pub.to_tape.read(now->text))
    append_patch(before->text, pub.from_tape, now->text, pub.to_tape, *p);
  patch = std::move(p);
  return patch->empty() ? nullptr : patch.get();
}

std::shared_ptr<const std::string> Table::state_message(Publication& pub, Conn& c) {
  const std::size_t slot = observer_slot(c.seat);
  const ViewText& view = view_now(pub, c.seat);
  const ViewText* before = pub.before[slot].get();
  // 0: the whole view; 1: the patch from the view before; 2: no change.
  int view_kind = 0;
  const std::string* patch = nullptr;
  if (c.sent && c.has_view) {
    if (c.version == view.version) {
      view_kind = 2;
    } else if (before && c.version == before->version) {
      patch = view_patch(pub, slot);
      view_kind = patch ? 1 : 0;
    }
  }
  std::shared_ptr<const std::string> text;
  for (const auto& m : pub.messages)
    if (m.seat == c.seat && m.host == c.host && m.lang == c.lang && m.view_kind == view_kind &&
        m.events_from == c.events_from)
      text = m.text;
  if (!text) {
    std::string out;
    out.reserve(256 + (view_kind == 0 ? view.text.size() : patch ? patch->size() : 0));
    out += '{';
    if (c.seat >= 0 && room_->must_act(c.seat)) {
      if (const auto d = room_->deadline(c.seat)) {
        out += "\"deadline\":";
        out += std::to_string(epoch_ms(*d));
        out += ',';
      }
      out += pub.cached_words(c.seat, SIZE_MAX, c.lang, [&] {
        std::string t = "\"choices\":";
        JsonWriter cw(t);
        cw.begin_array();
        for (const room::Choice& ch : room_->choices(c.seat, c.lang)) {
          cw.begin_object();
          cw.field("action", ch.action);
          cw.field("json", ch.json);
          cw.field("words", ch.words);
          cw.end_object();
        }
        cw.end_array();
        t += ',';
        return t;
      });
    }
    // Chat apart from the events: what people said is never told as
    // something that happened. A first message carries the last page of it.
    const std::size_t chat_limit = c.events_from == 0 ? hub_.options.chat_page : SIZE_MAX;
    out += pub.cached_words(kChance, c.events_from, "", [&] {
      const auto lines = room_->chat_lines(c.events_from, room_->event_count(), chat_limit);
      return lines.empty() ? std::string() : "\"chat\":" + chat_json(lines).dump() + ",";
    });
    out += pub.cached_words(c.seat, c.events_from, c.lang, [&] {
      std::string t = "\"events\":";
      JsonWriter ew(t);
      ew.begin_array();
      for (const std::string& e : room_->events_for(c.seat, c.events_from, c.lang)) ew.value(e);
      ew.end_array();
      return t;
    });
    out += ",\"game\":";
    JsonWriter::append_string(out, game_->name());
    if (guide_ && c.seat == guide_->seat) {
      out += ",\"guide\":";
      out += room::guide_note(*guide_, *room_, c.lang).to_json().dump();
    }
    if (c.host) out += ",\"host\":true";
    out += pub.head;
    out += ",\"seat\":";
    out += std::to_string(c.seat);
    out += pub.seats;
    if (view_kind == 0) {
      out += ",\"table_options\":";
      out += table_options().dump();
    }
    out += pub.to_act;
    if (c.seat >= 0 && undo_) {
      out += ",\"undo\":";
      out += std::to_string(room_->undo_available(c.seat));
    }
    out += pub.tail;
    if (view_kind == 0) {
      out += ",\"view\":";
      out += view.text;
    } else {
      out += ",\"view_patch\":";
      out += view_kind == 1 ? *patch : std::string("[]");
    }
    out += '}';
    text = std::make_shared<const std::string>(std::move(out));
    pub.messages.push_back({c.seat, c.host, c.lang, view_kind, c.events_from, text});
  }
  c.events_from = room_->event_count();
  c.has_view = true;
  return text;
}

std::shared_ptr<const std::string> Table::lobby_message(const Conn& c) const {
  Json m = {{"type", "state"},
            {"protocol", kProtocol},
            {"table", id_},
            {"game", game_->name()},
            {"phase", phase_name(phase_)},
            {"seat", c.seat},
            {"seats", Json::parse(seats_text_)}};
  if (c.host) m["host"] = true;
  m["version"] = 0;
  m["params"] = params_;
  m["table_options"] = table_options();
  return std::make_shared<const std::string>(m.dump());
}

std::string Table::seats_text() const {
  return seats_json().dump();
}

void Table::after_change() {
  if (!room_) return;
  const std::uint64_t v = room_->version();
  if (v > counted_version_) {
    hub_.metrics.actions_total.fetch_add(v - counted_version_, std::memory_order_relaxed);
    counted_version_ = v;
  }
  if (phase_ == Phase::kPlaying && room_->finished()) {
    phase_ = Phase::kFinished;
    hub_.metrics.live_tables.fetch_sub(1);
    hub_.metrics.finished_tables.fetch_add(1);
    timer_.cancel();
    spdlog::info("table {}: finished", id_);
    maybe_evict();
  }
}

void Table::maybe_evict() {
  if (phase_ != Phase::kFinished || !conns_.empty() || hub_.stopping) return;
  evict_timer_.expires_after(hub_.options.finished_ttl);
  evict_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec || !self->conns_.empty() || self->hub_.stopping) return;
    // Everything it holds is in the store: the next request loads it again.
    self->hub_.remove(self->id_, self.get());
    spdlog::debug("table {}: left memory", self->id_);
  });
}

// Sends each connection what changed for it: nothing when nothing did.
void Table::publish(bool force) {
  after_change();
  std::string seats = seats_text();
  const bool seats_changed = seats != seats_text_;
  if (seats_changed) seats_text_ = std::move(seats);
  const std::uint64_t version = room_ ? room_->version() : 0;
  const std::size_t events = room_ ? room_->event_count() : 0;
  std::optional<Publication> pub;
  for (auto& [peer, c] : conns_) {
    if (c.sent && !force && !seats_changed && c.version == version && c.events_from == events)
      continue;
    std::shared_ptr<const std::string> text;
    if (!room_) {
      text = lobby_message(c);
    } else {
      if (!pub) {
        // What every connection's message has in common, once.
        pub.emplace();
        pub->version = version;
        const std::size_t slots = static_cast<std::size_t>(room_->num_players()) + 1;
        views_.resize(slots);
        pub->before.resize(slots);
        pub->patch.resize(slots);
        JsonWriter h(pub->head);
        h.begin_object();  // only to place the commas; the braces are dropped
        h.field("phase", phase_name(phase_));
        h.field("protocol", kProtocol);
        if (!rematch_id_.empty()) h.field("rematch", rematch_id_);
        if (room_->finished()) h.key("result").value(room_->result_json());
        pub->head.erase(0, 1);
        pub->head.insert(0, ",");
        pub->seats = ",\"seats\":" + seats_text_;
        if (!room_->finished())
          pub->seats += ",\"since\":" + std::to_string(epoch_ms(room_->moved_at()));
        pub->seats += ",\"table\":";
        JsonWriter::append_string(pub->seats, id_);
        pub->to_act = ",\"to_act\":[";
        bool first = true;
        for (Seat s = 0; s < room_->num_players(); ++s)
          if (room_->must_act(s)) {
            if (!first) pub->to_act += ',';
            first = false;
            pub->to_act += std::to_string(s);
          }
        pub->to_act += "],\"type\":\"state\"";
        pub->tail = ",\"version\":" + std::to_string(version);
      }
      text = state_message(*pub, c);
    }
    c.sent = true;
    c.version = version;
    deliver(c, std::move(text));
  }
}

void Table::deliver(Conn& c, std::shared_ptr<const std::string> text) {
  auto peer = c.peer.lock();
  if (!peer) return;
  hub_.metrics.bytes_out.fetch_add(text->size(), std::memory_order_relaxed);
  peer->send(std::move(text));
}

}  // namespace meeple::server
