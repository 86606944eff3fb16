// A table before its game starts (Table, table.h): made known and saved,
// joined, its host's controls, expired or dropped to make room, started; and
// a rematch's new lobby once the game is over.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server {

using SteadyClock = std::chrono::steady_clock;

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
  // Refused before the write, while the store cannot write: the caller
  // undoes the change and the lobby stays (Hub::store_writable).
  if (auto e = hub_.store_writable()) return e;
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

std::int64_t Table::lobby_deadline_ms() const {
  // A play-now table waits at most 600 s, far less than any lobby's time.
  if (lobby_.play_now) return lobby_.starts_at_ms();
  std::int64_t at = lobby_.created_ms + hub_.options.lobby_ttl.count();
  // A guest's lobby that nobody is at: a flood's lobbies, or a host gone.
  if (lobby_.host_account.empty() && conns_.empty())
    at = std::min(at, attended_ms_ + hub_.options.lobby_idle_ttl.count());
  return at;
}

void Table::arm_lobby_expiry() {
  if (phase_ != Phase::kLobby || hub_.stopping || lost_) return;
  const bool fill = lobby_.play_now.has_value();
  const auto left =
      std::chrono::milliseconds(lobby_deadline_ms() - epoch_ms(std::chrono::system_clock::now()));
  timer_.expires_after(std::max(left, std::chrono::milliseconds(0)));
  timer_.async_wait(
      on_strand([self = shared_from_this(), fill](const boost::system::error_code& ec) {
        if (ec) return;
        if (fill) return self->fill_with_bots();
        // Someone came meanwhile (the wait was armed again, but this one
        // had already fired): the deadline has moved.
        if (epoch_ms(std::chrono::system_clock::now()) < self->lobby_deadline_ms())
          return self->arm_lobby_expiry();
        self->expire_lobby(self->conns_.empty() ? "nobody was at this table for a while: it is gone"
                                                : "nobody started this table in time: it is gone");
      }));
}

void Table::fill_with_bots() {
  if (phase_ != Phase::kLobby || lost_ || hub_.stopping) return;
  if (lobby_.free_seats() == lobby_.players)  // everyone left
    return expire_lobby("nobody sits at this table any more: it is gone");
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

void Table::expire_lobby(const std::string& why) {
  if (phase_ != Phase::kLobby || lost_ || hub_.stopping) return;
  if (auto e = hub_.store.drop_lobby(id_, lease_)) {
    if (store_refused(*e)) return;
    spdlog::warn("lobby {}: not dropped: {}", id_, e->message);
    timer_.expires_after(std::chrono::minutes(1));
    timer_.async_wait(
        on_strand([self = shared_from_this(), why](const boost::system::error_code& ec) {
          if (!ec) self->expire_lobby(why);
        }));
    return;
  }
  spdlog::info("lobby {}: dropped: {}", id_, why);
  // Gone from the hub before anyone is told: a client told it is gone and
  // asking again finds table/unknown, not the lobby.
  const auto keep = shared_from_this();  // the hub's may have been the last owner
  lost_ = true;
  timer_.cancel();  // its wait holds the table
  hub_.remove(id_, this);
  for (auto& [p, c] : conns_)
    if (auto peer = c.peer.lock()) peer->close(errc::kExpired, why);
  conns_.clear();
  attended_ = false;
}

void Table::make_room() {
  if (phase_ != Phase::kLobby) {
    doomed_ = false;  // it started meanwhile: it is no lobby to drop
    return;
  }
  expire_lobby(
      "the server was full and this table had waited longest for players: it made room for "
      "another");
}

Expected<Json> Table::join(const Json& body, const std::string& account, const Joiner& who) {
  if (auto e = lobby_.check_audience({account, who.rating, who.host_friend})) return *e;
  if (phase_ == Phase::kPlaying) return join_playing(body, account, who);
  if (phase_ != Phase::kLobby)
    return make_error(errc::kStarted, "the game has started: no seat is free");
  if (auto e = lobby_.check_account(account)) return *e;
  // A rated seat is its account's, and shows its name: a name is no
  // way to pass for another account there.
  auto name = lobby_.rated && !who.account_name.empty() ? Expected<std::string>(who.account_name)
                                                        : read_name(body);
  if (!name) return name.error();
  auto to_join = lobby_.seat_to_join(body);
  if (!to_join) return to_join.error();
  const std::size_t seat = *to_join;
  const std::string token = random_hex(16);
  const SeatPlan before = lobby_.plan[seat];
  lobby_.plan[seat].name = lobby_.distinct_name(*name, seat);
  lobby_.plan[seat].token_hash = sha256_hex(token);
  lobby_.plan[seat].account = account;
  free_seats_.fetch_sub(1);
  const std::int64_t attended_before =
      std::exchange(attended_ms_, epoch_ms(std::chrono::system_clock::now()));
  // The name the seat got (distinct_name may have told it apart from another's).
  Json out = {{"table", id_}, {"seat", seat}, {"token", token}, {"name", lobby_.plan[seat].name}};
  // The token is handed out once the seat is durable (a restart keeps it).
  MaybeError e = lobby_.auto_start && free_seats_ == 0 ? start() : save_lobby();
  if (e) {
    lobby_.plan[seat] = before;
    free_seats_.fetch_add(1);
    attended_ms_ = attended_before;
    return *e;
  }
  note_address(static_cast<Seat>(seat), who.address);
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
  if (!awake())
    return make_error(errc::kMoved, "the table was read again from the store: try again");
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

MaybeError Table::start() {
  if (auto e = hub_.store_writable()) return e;
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
  maybe_evict();  // nobody may ever connect (made and joined over HTTP only)
  return std::nullopt;
}

Expected<std::shared_ptr<Table>> Table::rematch(const Json& body, const Maker& maker) {
  if (auto e = lobby_.check_host(body)) return *e;
  if (phase_ != Phase::kFinished)
    return make_error(room::errc::kUnfinished, "a rematch is for a game that is over");
  if (!rematch_id_.empty()) {
    if (auto t = hub_.find(rematch_id_)) return t;
  }
  auto t = std::make_shared<Table>(hub_, *lobby_.game, random_hex(8));
  t->lobby_ = lobby_;
  t->lobby_.address = maker.address;
  t->lobby_.host_account = maker.account;
  t->lobby_.created_ms = epoch_ms(std::chrono::system_clock::now());
  t->attended_ms_ = t->lobby_.created_ms;
  t->free_seats_ = t->lobby_.free_seats();
  t->lobby_.rematch_of = id_;
  if (auto e = hub_.admit(t)) return *e;
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

}  // namespace meeple::server
