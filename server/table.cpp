#include "server/table.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "games/registry.h"
#include "server/protocol.h"

namespace meeple::server {

using SteadyClock = std::chrono::steady_clock;

Json summary_json(const std::string& id, const AnyGame& game, int players, Phase phase,
                  int free_seats, bool is_public) {
  return {{"id", id},           {"game", game.name()},        {"title", game.title()},
          {"players", players}, {"phase", phase_name(phase)}, {"free_seats", free_seats},
          {"public", is_public}};
}

Table::Table(Hub& hub, const AnyGame& game, std::string id)
    : hub_(hub),
      id_(std::move(id)),
      timer_(hub.ioc_of(id_)),
      evict_timer_(hub.ioc_of(id_)),
      publisher_(hub.metrics) {
  lobby_.game = &game;
  lobby_.grace = hub.options.grace;
  hub_.metrics.lobby_tables.fetch_add(1);
}

Table::~Table() {
  if (phase_ == Phase::kLobby) hub_.metrics.lobby_tables.fetch_sub(1);
  if (phase_ == Phase::kPlaying) hub_.metrics.live_tables.fetch_sub(1);
  if (phase_ == Phase::kFinished) hub_.metrics.finished_tables.fetch_sub(1);
}

// A run of the strand as its executor holds it. One destroyed unrun (its
// executor stopped, at shutdown) drops the jobs, which may hold the table.
struct Table::Run {
  std::shared_ptr<Table> table;
  bool network;
  Run(std::shared_ptr<Table> t, bool n) : table(std::move(t)), network(n) {}
  Run(Run&& o) noexcept = default;
  Run& operator=(Run&&) = delete;
  ~Run() {
    if (table) table->drop_jobs();
  }
  void operator()() {
    const auto t = std::move(table);
    t->drain(network);
  }
};

void Table::enqueue(std::unique_ptr<Job> job) {
  {
    std::lock_guard lock(jobs_mutex_);
    jobs_.push_back(std::move(job));
    if (std::exchange(running_, true)) return;
  }
  schedule(on_network());
}

bool Table::on_network() const {
  return phase_ == Phase::kPlaying && hub_.store.writes_in_background();
}

void Table::schedule(bool network) {
  if (network)
    net::post(hub_.ioc_of(id_), Run(shared_from_this(), true));
  else
    net::post(hub_.table_pool, Run(shared_from_this(), false));
}

void Table::drain(bool network) {
  // A few jobs a run, then the executor's other work gets its turn.
  for (int n = 0; n < 32; ++n) {
    std::unique_ptr<Job> job;
    {
      std::lock_guard lock(jobs_mutex_);
      if (jobs_next_ == jobs_.size()) {
        jobs_.clear();
        jobs_next_ = 0;
        running_ = false;
        return;
      }
      job = std::move(jobs_[jobs_next_++]);
    }
    job->run();
    job.reset();
    if (on_network() != network) break;
  }
  {
    std::lock_guard lock(jobs_mutex_);
    jobs_.erase(jobs_.begin(), jobs_.begin() + static_cast<std::ptrdiff_t>(jobs_next_));
    jobs_next_ = 0;
  }
  schedule(on_network());
}

void Table::drop_jobs() {
  std::vector<std::unique_ptr<Job>> dropped;
  std::lock_guard lock(jobs_mutex_);
  dropped.swap(jobs_);
  jobs_next_ = 0;
  running_ = false;
}

MaybeError Table::admit_lobby(Hub& hub, const std::string& address) {
  std::size_t all = 0, mine = 0;
  for (const auto& t : hub.all())
    if (t->phase() == Phase::kLobby) {
      ++all;
      mine += t->address() == address;
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

Expected<std::shared_ptr<Table>> Table::create(Hub& hub, const Json& req, std::string& host_token,
                                               const std::string& address) {
  auto lobby = Lobby::from_request(hub.options, req, host_token);
  if (!lobby) return lobby.error();
  if (auto e = admit_lobby(hub, address)) return *e;
  auto t = std::make_shared<Table>(hub, *lobby->game, random_hex(8));
  t->lobby_ = std::move(*lobby);
  t->lobby_.address = address;
  t->free_seats_ = t->lobby_.free_seats();
  return t;
}

Expected<std::shared_ptr<Table>> Table::resume(Hub& hub, const store::TableRecord& rec,
                                               const store::Lease& lease) {
  const AnyGame* game = find_game(rec.spec.game);
  if (game == nullptr)
    return make_error(meeple::errc::kUnknownGame, fmt::format("no game '{}'", rec.spec.game));
  const Json& o = rec.spec.options;
  if (!o.contains("server")) return make_error(meeple::errc::kCorruptRecord, "not a server table");
  auto lobby = Lobby::from_stored(*game, rec.spec.players, rec.spec.params, o["server"]);
  if (!lobby)
    return make_error(lobby.error().code,
                      fmt::format("table {}: {}", rec.id, lobby.error().message));
  auto t = std::make_shared<Table>(hub, *game, rec.id);
  t->lease_ = lease;
  t->lobby_ = std::move(*lobby);
  std::vector<room::SeatConfig> seats;
  for (SeatPlan& p : t->lobby_.plan) {
    // A bot over this server's budget (seated before the limit was set, or
    // under a higher one) thinks as the game's default bot from now on.
    if (p.kind == room::SeatKind::kBot && t->lobby_.check_bot(hub.options, p.bot)) {
      spdlog::warn("table {}: bot '{}' is over this server's budget: the default bot plays", t->id_,
                   p.bot);
      p.bot = default_bot(*game);
    }
    seats.push_back({p.kind, p.name, p.bot});
  }
  // Seats the host changed during the game: the room replays them itself;
  // the plan learns who sits there now (and their token's hash).
  for (const store::Entry& e : rec.entries) {
    if (e.kind != "seat" || e.seat < 0 || e.seat >= static_cast<Seat>(t->lobby_.plan.size()))
      continue;
    auto kind = kind_from(e.json.value("kind", Json("bot")));
    if (!kind) return kind.error();
    SeatPlan& p = t->lobby_.plan[static_cast<std::size_t>(e.seat)];
    p.kind = *kind;
    p.name = e.json.value("name", "");
    p.bot = e.json.value("bot", "");
    p.token_hash = e.json.value("owner", Json::object()).value("token", "");
  }
  auto r =
      room::Room::resume(*game, rec, std::move(seats), t->lobby_.room_options(lease), &hub.store);
  if (!r) return r.error();
  t->room_ = std::move(*r);
  // Everyone is away until they reconnect; the grace period starts now.
  const auto now = SteadyClock::now();
  for (Seat i = 0; i < t->room_->num_players(); ++i) t->room_->set_connected(i, false, now);
  t->counted_version_ = t->room_->version();
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

Expected<std::shared_ptr<Table>> Table::from_lobby(Hub& hub, const store::TableSpec& spec,
                                                   const store::Lease& lease) {
  const AnyGame* game = find_game(spec.game);
  if (game == nullptr)
    return make_error(meeple::errc::kUnknownGame, fmt::format("no game '{}'", spec.game));
  if (!spec.options.contains("server"))
    return make_error(meeple::errc::kCorruptRecord, "not a server lobby");
  auto lobby = Lobby::from_stored(*game, spec.players, spec.params, spec.options["server"]);
  if (!lobby)
    return make_error(lobby.error().code,
                      fmt::format("lobby {}: {}", spec.id, lobby.error().message));
  auto t = std::make_shared<Table>(hub, *game, spec.id);
  t->lease_ = lease;
  t->lobby_ = std::move(*lobby);
  t->free_seats_ = t->lobby_.free_seats();
  return t;
}

Expected<Json> Table::open(const std::string& host_token) {
  // With several nodes, the new id is taken in the store for this node first.
  MaybeError e;
  if (hub_.shared()) {
    if (auto lease = hub_.store.acquire(id_, hub_.owner, hub_.options.lease)) {
      lease_ = *lease;
      spdlog::info("table {}: held here now (fencing {})", id_, lease_.fencing);
    } else {
      e = lease.error();
    }
  }
  if (!e) e = save_lobby();
  if (e) {
    hub_.remove(id_, this);
    return *e;
  }
  Json out = summary();
  if (!host_token.empty()) out["host_token"] = host_token;
  return out;
}

MaybeError Table::save_lobby() {
  if (phase_ != Phase::kLobby) return std::nullopt;
  std::vector<std::string> names;
  for (const SeatPlan& p : lobby_.plan)
    names.push_back(p.kind == room::SeatKind::kBot ? p.bot : p.name);
  MaybeError e = hub_.store.save_lobby({.id = id_,
                                        .game = std::string(lobby_.game->name()),
                                        .players = lobby_.players,
                                        .params = lobby_.params,
                                        .seats = std::move(names),
                                        .options = {{"server", lobby_.to_json()}}},
                                       lease_);
  if (e)
    store_refused(*e);
  else
    arm_lobby_expiry();
  return e;
}

void Table::arm_lobby_expiry() {
  if (phase_ != Phase::kLobby || hub_.stopping) return;
  // A play-now table waits at most 600 s, far less than any lobby's time.
  const bool fill = lobby_.play_now.has_value();
  const auto left = std::chrono::milliseconds(
      (fill ? lobby_.starts_at_ms() : lobby_.created_ms + hub_.options.lobby_ttl.count()) -
      epoch_ms(std::chrono::system_clock::now()));
  timer_.expires_after(std::max(left, std::chrono::milliseconds(0)));
  timer_.async_wait(
      on_strand([self = shared_from_this(), fill](const boost::system::error_code& ec) {
        if (ec) return;
        if (fill)
          self->fill_with_bots();
        else
          self->expire_lobby();
      }));
}

void Table::fill_with_bots() {
  if (phase_ != Phase::kLobby || lost_ || hub_.stopping) return;
  if (lobby_.free_seats() == lobby_.players) return expire_lobby();  // everyone left
  const std::vector<SeatPlan> before = lobby_.plan;
  for (SeatPlan& p : lobby_.plan)
    if (p.kind == room::SeatKind::kPerson && p.token_hash.empty())
      p = {.kind = room::SeatKind::kBot, .bot = lobby_.play_now->bot};
  if (auto e = start()) {
    lobby_.plan = before;
    if (lost_) return;  // the store refused it: the table is read again from there
    spdlog::warn("table {}: bots could not start the game: {}; trying again", id_, e->message);
    timer_.expires_after(std::chrono::seconds(5));
    timer_.async_wait(on_strand([self = shared_from_this()](const boost::system::error_code& ec) {
      if (!ec) self->fill_with_bots();
    }));
    return;
  }
  publish(true);
}

void Table::count_watching() {
  int n = 0;
  for (const auto& [p, c] : conns_) n += c.seat == kSpectator;
  watching_ = n;
}

void Table::expire_lobby() {
  if (phase_ != Phase::kLobby || lost_ || hub_.stopping) return;
  if (auto e = hub_.store.drop_lobby(id_, lease_)) {
    if (store_refused(*e)) return;
    spdlog::warn("lobby {}: not dropped: {}", id_, e->message);
    timer_.expires_after(std::chrono::minutes(1));
    timer_.async_wait(on_strand([self = shared_from_this()](const boost::system::error_code& ec) {
      if (!ec) self->expire_lobby();
    }));
    return;
  }
  spdlog::info("lobby {}: nobody started it in time: dropped", id_);
  // Gone from the hub before anyone is told: a client told it is gone and
  // asking again finds table/unknown, not the lobby.
  const auto keep = shared_from_this();  // the hub's may have been the last owner
  lost_ = true;
  hub_.remove(id_, this);
  for (auto& [p, c] : conns_)
    if (auto peer = c.peer.lock())
      peer->close(errc::kExpired, "nobody started this table in time: it is gone");
  conns_.clear();
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
  const Phase phase = phase_.load();
  Json out =
      summary_json(id_, *lobby_.game, lobby_.players, phase, free_seats_.load(), lobby_.is_public);
  out["rated"] = lobby_.rated;
  out["play_now"] = lobby_.play_now.has_value();
  if (lobby_.play_now && phase == Phase::kLobby) out["starts_at"] = lobby_.starts_at_ms();
  out["watching"] = watching_.load();
  return out;
}

bool Table::waits_for(const AnyGame& game, int players) const {
  // A few milliseconds before the bots come a seat is not offered: the
  // request would likely arrive after they did.
  constexpr std::int64_t kLate = 200;
  return lobby_.play_now && lobby_.is_public && lobby_.game == &game && lobby_.players == players &&
         phase_ == Phase::kLobby && free_seats_ - promised_ > 0 &&
         epoch_ms(std::chrono::system_clock::now()) + kLate < lobby_.starts_at_ms();
}

Json Table::status(const std::string& token) const {
  const std::string h = sha256_hex(token);
  Seat seat = lobby_.seat_of(h).value_or(kChance);
  const bool host = same_hash(lobby_.host_hash, h);
  if (seat == kChance && !host)
    return {{"table", id_},
            {"error",
             {{"code", errc::kBadToken}, {"message", "this token opens no seat at this table"}}}};
  if (seat == kChance) seat = kSpectator;
  Json names = Json::array();
  if (room_)
    for (const room::SeatInfo& i : room_->seats()) names.push_back(i.name);
  else
    for (const SeatPlan& p : lobby_.plan)
      names.push_back(p.kind == room::SeatKind::kBot ? p.bot : p.name);
  Json to_act = Json::array();
  Json out = {{"table", id_},
              {"game", lobby_.game->name()},
              {"title", lobby_.game->title()},
              {"phase", phase_name(phase_)},
              {"players", lobby_.players},
              {"seat", seat},
              {"host", host},
              {"seats", std::move(names)},
              {"turn_based", lobby_.turn_based},
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

Expected<Json> Table::join(const Json& body, const std::string& account) {
  if (phase_ != Phase::kLobby)
    return make_error(errc::kStarted, "the game has started: no seat is free");
  auto name = read_name(body);
  if (!name) return name.error();
  if (auto e = lobby_.check_account(account)) return *e;
  auto to_join = lobby_.seat_to_join(body);
  if (!to_join) return to_join.error();
  const std::size_t seat = *to_join;
  const std::string token = random_hex(16);
  const SeatPlan before = lobby_.plan[seat];
  lobby_.plan[seat].name = *name;
  lobby_.plan[seat].token_hash = sha256_hex(token);
  lobby_.plan[seat].account = account;
  free_seats_.fetch_sub(1);
  Json out = {{"table", id_}, {"seat", seat}, {"token", token}};
  // The token is handed out once the seat is durable (a restart keeps it).
  MaybeError e = lobby_.auto_start && free_seats_ == 0 ? start() : save_lobby();
  if (e) {
    lobby_.plan[seat] = before;
    free_seats_.fetch_add(1);
    return *e;
  }
  publish();
  return out;
}

Expected<Json> Table::join_promised(const Json& body, const std::string& account) {
  promised_.fetch_sub(1);
  auto out = join(body, account);
  if (out) (*out)["waiting_until"] = lobby_.starts_at_ms();
  return out;
}

Expected<Json> Table::host(const std::string& what, const Json& body) {
  if (auto e = lobby_.check_host(body)) return *e;
  if (phase_ == Phase::kPlaying && what == "seat") return replace_seat(body);
  if (phase_ != Phase::kLobby)
    return make_error(errc::kStarted, "the game has started: options are fixed");
  if (what == "start") {
    // Free seats would be played by the game's bot.
    if (lobby_.rated && lobby_.free_seats() > 0)
      return make_error(errc::kUnrated, "a rated table starts once every seat is taken");
    if (auto e = start()) return *e;
    return Json{{"table", id_}, {"phase", phase_name(phase_)}};
  }
  if (what == "options") {
    const Json params = body.value("params", Json::object());
    if (!params.is_object()) return make_error(errc::kMalformed, "params is an object");
    if (auto st = lobby_.game->new_game(params, lobby_.players); !st) return st.error();
    Json before = std::exchange(lobby_.params, params);
    if (auto e = save_lobby()) {
      lobby_.params = std::move(before);
      return *e;
    }
    publish(true);
    return Json{{"table", id_}, {"params", lobby_.params}};
  }
  if (what == "seat") {
    const auto seat = int_in(body.value("seat", Json()), 0, lobby_.players - 1);
    if (!seat) return make_error(room::errc::kBadSeat, "no such seat at this table");
    auto kind = kind_from(body.value("kind", Json()));
    if (!kind) return kind.error();
    SeatPlan& p = lobby_.plan[static_cast<std::size_t>(*seat)];
    // A seat a person has taken is theirs: the host changes only the
    // others (a person leaves a lobby by leaving it).
    if (!p.token_hash.empty())
      return make_error(errc::kSeatTaken, fmt::format("{} sits there: the seat is theirs", p.name));
    SeatPlan next;
    next.kind = *kind;
    if (lobby_.rated && next.kind != room::SeatKind::kPerson)
      return make_error(errc::kUnrated, "a rated table is for people only: no bot plays there");
    if (next.kind == room::SeatKind::kBot) {
      const Json bot = body.value("bot", Json(default_bot(*lobby_.game)));
      if (!bot.is_string()) return make_error(errc::kMalformed, "bot is a bot spec");
      if (auto e = lobby_.check_bot(hub_.options, bot.get<std::string>())) return *e;
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
    return Json{{"table", id_}, {"seats", publisher_.seats_json(shown(), conns_)}};
  }
  return make_error(errc::kNotFound, fmt::format("no host control '{}'", what));
}

// Seats belong to their people: the host may put a bot, or a person of
// their choosing, only in a seat a bot plays; a person's seat changes hands
// only by the stand-in rule (a bot plays for them while they are away, and
// they take it back by coming back), which the host may start at once for
// someone away, never to sit there themselves.
Expected<Json> Table::replace_seat(const Json& body) {
  const auto seat_n = int_in(body.value("seat", Json()), 0, lobby_.players - 1);
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
    return Json{{"table", id_}, {"seat", seat}, {"seats", publisher_.seats_json(shown(), conns_)}};
  }
  // A rated table's seats are its accounts' (a stand-in, above, plays for
  // one who is away): nobody is seated by the host.
  if (lobby_.rated) return make_error(errc::kUnrated, "a rated table's seats are its players' own");
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
    const Json bot = body.value("bot", Json(default_bot(*lobby_.game)));
    if (!bot.is_string()) return make_error(errc::kMalformed, "bot is a bot spec");
    next.bot = bot.get<std::string>();
    if (auto e = lobby_.check_bot(hub_.options, next.bot)) return *e;
  }
  if (auto e = hand_seat(static_cast<Seat>(seat), std::move(next))) return *e;
  Json out = {{"table", id_}, {"seat", seat}, {"seats", publisher_.seats_json(shown(), conns_)}};
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
  lobby_.plan[static_cast<std::size_t>(seat)] = std::move(next);
  // The connections of whoever sat there before become spectators.
  for (auto& [p, c] : conns_)
    if (c.seat == seat) {
      c.seat = kSpectator;
      c.sent = false;
    }
  count_watching();
  drive();
  return std::nullopt;
}

MaybeError Table::start() {
  room::RoomOptions ro = lobby_.room_options(lease_);
  ro.table_id = id_;
  ro.table_options = {{"server", lobby_.to_json()}};
  for (auto& s : ro.table_options["server"]["seats"])
    if (s["kind"] == "person" && s["token"] == "") s["kind"] = "empty";
  if (const auto& script = hub_.options.chance_script)
    ro.chance_script = [script, id = id_](std::uint64_t v) { return script(id, v); };
  auto r = room::Room::open(*lobby_.game, lobby_.params, lobby_.seats_at_start(), std::move(ro),
                            &hub_.store);
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
  spdlog::info("table {}: {} started", id_, lobby_.game->name());
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
  auto out = room::replay_json(*lobby_.game, *r, observer, lang, step);
  if (out) (*out)["table"] = id_;
  return out;
}

Expected<std::shared_ptr<Table>> Table::rematch(const Json& body, const std::string& address) {
  if (auto e = lobby_.check_host(body)) return *e;
  if (phase_ != Phase::kFinished)
    return make_error(room::errc::kUnfinished, "a rematch is for a game that is over");
  if (!rematch_id_.empty()) {
    if (auto t = hub_.find(rematch_id_)) return t;
  }
  if (auto e = admit_lobby(hub_, address)) return *e;
  auto t = std::make_shared<Table>(hub_, *lobby_.game, random_hex(8));
  t->lobby_ = lobby_;
  t->lobby_.address = address;
  t->lobby_.created_ms = epoch_ms(std::chrono::system_clock::now());
  t->free_seats_ = t->lobby_.free_seats();
  t->lobby_.rematch_of = id_;
  rematch_id_ = t->id();
  publish(true);
  return t;
}

bool Table::stored_elsewhere(const std::string& token_hash) const {
  if (auto rec = hub_.store.load(id_)) return true;  // its game started on another node
  auto spec = hub_.find_lobby(id_);
  if (!spec) return false;
  for (const Json& seat : spec->options.value("server", Json::object()).value("seats", Json()))
    if (seat.is_object() && same_hash(seat.value("token", ""), token_hash)) return true;
  return false;
}

void Table::maybe_evict() {
  if (phase_ != Phase::kFinished || !conns_.empty() || hub_.stopping) return;
  evict_timer_.expires_after(hub_.options.finished_ttl);
  evict_timer_.async_wait(
      on_strand([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec || !self->conns_.empty() || self->hub_.stopping) return;
        // Everything it holds is in the store: the next request loads it again.
        self->hub_.remove(self->id_, self.get());
        spdlog::debug("table {}: left memory", self->id_);
      }));
}

}  // namespace meeple::server
