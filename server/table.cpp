#include "server/table.h"

#include <cmath>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "games/registry.h"
#include "room/replay.h"
#include "server/protocol.h"

namespace meeple::server {

using SteadyClock = std::chrono::steady_clock;

Json summary_json(const std::string& id, const AnyGame& game, int players, Phase phase,
                  int free_seats, bool is_public) {
  return {{"id", id},           {"game", game.name()},        {"title", game.title()},
          {"players", players}, {"phase", phase_name(phase)}, {"free_seats", free_seats},
          {"public", is_public}};
}

Table::Table(TableHost& hub, const AnyGame& game, std::string id)
    : hub_(hub),
      id_(std::move(id)),
      made_(hub.tables_made.fetch_add(1)),
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
    net::post(hub_.pool(), Run(shared_from_this(), false));
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

Expected<std::shared_ptr<Table>> Table::create(TableHost& hub, const Json& req,
                                               std::string& host_token, const Maker& maker) {
  auto lobby = Lobby::from_request(hub.options, req, host_token);
  if (!lobby) return lobby.error();
  // The host sits at their own table as their account (Lobby::check_audience).
  if (!lobby->audience.anyone() && maker.account.empty())
    return make_error(errc::kSignedOut,
                      "a table for some (a rating range, friends only) needs a signed-in host");
  auto t = std::make_shared<Table>(hub, *lobby->game, random_hex(8));
  t->lobby_ = std::move(*lobby);
  t->lobby_.address = maker.address;
  t->lobby_.host_account = maker.account;
  if (!maker.account.empty() && maker.rating)
    t->lobby_.host_rating = static_cast<int>(std::lround(*maker.rating));
  t->attended_ms_ = t->lobby_.created_ms;
  t->free_seats_ = t->lobby_.free_seats();
  return t;
}

namespace {

// A stored table's lobby, as it was created.
Expected<Lobby> stored_lobby(const store::TableRecord& rec) {
  const AnyGame* game = find_game(rec.spec.game);
  if (game == nullptr)
    return make_error(meeple::errc::kUnknownGame, fmt::format("no game '{}'", rec.spec.game));
  const Json& o = rec.spec.options;
  if (!o.contains("server")) return make_error(meeple::errc::kCorruptRecord, "not a server table");
  auto lobby = Lobby::from_stored(*game, rec.spec.players, rec.spec.params, o["server"]);
  if (!lobby)
    return make_error(lobby.error().code,
                      fmt::format("table {}: {}", rec.id, lobby.error().message));
  return lobby;
}

// The room of a stored table, every entry applied again; `lobby` (from
// stored_lobby) learns who sits at each seat now. What Table::resume and
// check_record share.
Expected<std::unique_ptr<room::Room>> replay_stored_room(const ServerOptions& options,
                                                         const store::TableRecord& rec,
                                                         Lobby& lobby, const store::Lease& lease,
                                                         store::TableStore* store) {
  const AnyGame& game = *lobby.game;
  std::vector<room::SeatConfig> seats;
  for (SeatPlan& p : lobby.plan) {
    // A bot over this server's budget (seated before the limit was set, or
    // under a higher one) thinks as the game's default bot from now on.
    if (p.kind == room::SeatKind::kBot && lobby.check_bot(options, p.bot)) {
      spdlog::warn("table {}: bot '{}' is over this server's budget: the default bot plays", rec.id,
                   p.bot);
      p.bot = default_bot(game);
    }
    seats.push_back({p.kind, p.name, p.bot});
  }
  // Seats the host changed during the game: the room replays them itself;
  // the plan learns who sits there now (and their token's hash).
  for (const store::Entry& e : rec.entries) {
    if (e.kind != "seat" || e.seat < 0 || e.seat >= static_cast<Seat>(lobby.plan.size())) continue;
    auto kind = kind_from(e.json.value("kind", Json("bot")));
    if (!kind) return kind.error();
    SeatPlan& p = lobby.plan[static_cast<std::size_t>(e.seat)];
    p.kind = *kind;
    p.name = e.json.value("name", "");
    p.bot = e.json.value("bot", "");
    const Json owner = e.json.value("owner", Json::object());
    p.token_hash = owner.value("token", "");
    // A person seated during the game is a newcomer, with their own account
    // (or none); a bot that takes a seat over keeps its account, as stored
    // from the start (entries stored before seats kept their account do not name it).
    if (p.kind == room::SeatKind::kPerson || owner.contains("account"))
      p.account = owner.value("account", "");
  }
  return room::Room::resume(game, rec, std::move(seats), lobby.room_options(lease), store);
}

}  // namespace

MaybeError check_record(const ServerOptions& options, const store::TableRecord& rec) {
  auto lobby = stored_lobby(rec);
  if (!lobby) return lobby.error();
  auto room = replay_stored_room(options, rec, *lobby, {}, nullptr);
  if (!room) return room.error();
  return std::nullopt;
}

Expected<std::shared_ptr<Table>> Table::resume(TableHost& hub, const store::TableRecord& rec,
                                               const store::Lease& lease) {
  auto lobby = stored_lobby(rec);
  if (!lobby) return lobby.error();
  auto t = std::make_shared<Table>(hub, *lobby->game, rec.id);
  t->lease_ = lease;
  t->lobby_ = std::move(*lobby);
  auto r = replay_stored_room(hub.options, rec, t->lobby_, lease, &hub.store);
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

Expected<std::shared_ptr<Table>> Table::from_lobby(TableHost& hub, const store::TableSpec& spec,
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
  // Nobody is at it yet: a guest's lobby nobody comes back to goes
  // lobby_idle_ttl after the restart (people who were at it reconnect).
  t->attended_ms_ = epoch_ms(std::chrono::system_clock::now());
  return t;
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
    if (e.code == store::errc::kUnavailable) hub_.store_failed(e);
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
  lost_code_ = code;
  lost_why_ = why;
  halted_ = true;
  // A store that cannot write is logged by the hub, once a second at most.
  if (code == store::errc::kUnavailable)
    spdlog::debug("table {}: left this node: {}", id_, why);
  else
    spdlog::info("table {}: left this node: {}", id_, why);
  timer_.cancel();
  evict_timer_.cancel();
  for (auto& [p, c] : conns_)
    if (auto peer = c.peer.lock()) peer->close(code, why);
  conns_.clear();
  attended_ = false;
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
    self->maybe_evict();
  });
}

void Table::restore_away(const std::vector<std::int64_t>& away_since) {
  if (!room_) return;
  for (std::size_t i = 0; i < away_since.size(); ++i)
    if (away_since[i] > 0)
      room_->set_away_since(static_cast<Seat>(i),
                            room::WallClock::time_point(std::chrono::milliseconds(away_since[i])));
}

Json Table::summary() const {
  const Phase phase = phase_.load();
  Json out =
      summary_json(id_, *lobby_.game, lobby_.players, phase, free_seats_.load(), lobby_.is_public);
  out["rated"] = lobby_.rated;
  out["play_now"] = lobby_.play_now.has_value();
  if (lobby_.play_now && phase == Phase::kLobby) out["starts_at"] = lobby_.starts_at_ms();
  // Whether the game starts by itself once every person's seat is taken
  // (else the host starts it): what the waiting room tells its people.
  if (phase == Phase::kLobby) out["auto_start"] = lobby_.auto_start;
  out["watching"] = watching_.load();
  lobby_.add_listing(out);
  return out;
}

bool Table::waits_for(const AnyGame& game, int players) const {
  // A few milliseconds before the bots come a seat is not offered: the
  // request would likely arrive after they did.
  constexpr std::int64_t kLate = 200;
  // A table for some only (its audience) is never one play now seats anyone at.
  return lobby_.play_now && lobby_.is_public && lobby_.audience.anyone() && lobby_.game == &game &&
         lobby_.players == players && phase_ == Phase::kLobby && free_seats_ - promised_ > 0 &&
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

void Table::maybe_evict() {
  if (phase_ == Phase::kLobby || !conns_.empty() || hub_.stopping || lost_ || resting_) return;
  evict_timer_.expires_after(phase_ == Phase::kFinished ? hub_.options.finished_ttl
                                                        : hub_.options.idle_table_ttl);
  evict_timer_.async_wait(
      on_strand([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec || !self->conns_.empty() || self->hub_.stopping || self->lost_) return;
        if (self->phase_ == Phase::kPlaying) return self->rest();
        // Everything it holds is in the store: the next request loads it again.
        self->hub_.remove(self->id_, self.get());
        spdlog::debug("table {}: left memory", self->id_);
      }));
}

void Table::rest() {
  if (phase_ != Phase::kPlaying || resting_ || !room_) return;
  const auto now = room::WallClock::now();
  // Its bots (or stand-ins) play, or chance is to be drawn: it plays on.
  bool busy = thinking_ || writing_ > 0 || !deferred_.empty() || halted_ ||
              (room_->to_act().empty() && !room_->finished());
  std::optional<room::WallClock::time_point> wake;
  auto sooner = [&](std::optional<room::WallClock::time_point> t) {
    if (t && (!wake || *t < *wake)) wake = t;
  };
  for (Seat s = 0; s < room_->num_players(); ++s) {
    if (!room_->must_act(s)) continue;
    const room::SeatInfo& seat = room_->seats()[static_cast<std::size_t>(s)];
    if (seat.kind != room::SeatKind::kPerson || seat.stand_in) busy = true;
    // A clock that runs out brings a stand-in or a takeover; at a table
    // that waits it only marks the person late, which the table tells
    // when it is read again.
    if (lobby_.stand_ins || lobby_.takeover) sooner(room_->deadline(s));
    sooner(room_->stand_in_at(s));
  }
  if (busy || (wake && *wake - now < hub_.options.idle_table_ttl)) return maybe_evict();
  TableHost::Resting r{.address = lobby_.address,
                       .account = lobby_.host_account,
                       .game = lobby_.game,
                       .players = lobby_.players,
                       .is_public = lobby_.is_public,
                       .rated = lobby_.rated,
                       .play_now = lobby_.play_now.has_value(),
                       .created_ms = lobby_.created_ms};
  if (wake) r.wake_ms = epoch_ms(*wake);
  for (Seat s = 0; s < room_->num_players(); ++s) {
    const auto since = room_->away_since(s);
    r.away_since.push_back(since ? epoch_ms(*since) : 0);
  }
  if (!hub_.rest(id_, this, std::move(r))) return;  // not the hub's table (lost)
  resting_ = true;
  timer_.cancel();
  spdlog::debug("table {}: nobody is connected: left memory", id_);
}

bool Table::awake() {
  if (!resting_) return true;
  if (!hub_.revive(shared_from_this())) return false;
  resting_ = false;
  spdlog::debug("table {}: back in memory", id_);
  arm_timer();
  drive();
  maybe_evict();  // a host's request connects nobody
  return true;
}

}  // namespace meeple::server
