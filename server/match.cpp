// The game as played at a table (Table, table.h):
// connections and their messages, people's decisions, bots, clocks, and
// what the connections are told after each change.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "games/registry.h"
#include "server/bot_scheduler.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server {

using SteadyClock = std::chrono::steady_clock;

void Table::attach(const std::shared_ptr<Peer>& peer, const Json& hello,
                   SteadyClock::time_point received) {
  if (lost_) {
    // The hello was on its way when the table left memory (lose): what this
    // copy holds may not be stored, so none of it is shown.
    peer->close(lost_code_, lost_why_);
    return;
  }
  if (!awake()) {
    peer->close(errc::kMoved, "the table was read again from the store: reconnect");
    return;
  }
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
    for (std::size_t i = 0; i < lobby_.plan.size(); ++i)
      if (!lobby_.plan[i].token_hash.empty() && same_hash(lobby_.plan[i].token_hash, h)) {
        c.seat = static_cast<Seat>(i);
        found = true;
      }
    if (!found && same_hash(lobby_.host_hash, h)) {
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
  if (c.seat >= 0) note_address(c.seat, address_key(peer->address()));
  c.lang = lobby_.languages.front();
  Conn& stored = conns_[peer.get()] = std::move(c);
  count_watching();
  if (!attended_.exchange(true)) arm_lobby_expiry();  // somebody is at it: no idle expiry
  if (room_ && stored.seat >= 0 && phase_ == Phase::kPlaying)
    room_->set_connected(stored.seat, true, SteadyClock::now());
  on_message(peer.get(), hello, received);  // its language, and the whole picture
  publish();  // the picture in the table's first language when the hello's was refused
}

void Table::detach(Peer* peer) {
  auto it = conns_.find(peer);
  if (it == conns_.end()) return;
  const Seat seat = it->second.seat;
  conns_.erase(it);
  count_watching();
  if (conns_.empty()) {
    attended_ = false;
    attended_ms_ = epoch_ms(std::chrono::system_clock::now());
    arm_lobby_expiry();
  }
  // What waits for it goes nowhere (a later connection may get its address).
  std::erase_if(replies_waiting_, [peer](const auto& r) { return r.first == peer; });
  for (auto* acts : {&acts_kept_, &acts_writing_})
    for (auto& act : *acts)
      if (act.first == peer) act.first = nullptr;
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
  attended_ = false;
}

void Table::send_error(Conn& c, const Error& e) {
  hub_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
  reply(c, error_json(e));
}

void Table::reply(Conn& c, Json msg) {
  if (writing_ == 0) return publisher_.send(c, msg);
  for (auto& [p, conn] : conns_)
    if (&conn == &c) replies_waiting_.emplace_back(p, std::move(msg));
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
    if (!lang.is_string() || std::find(lobby_.languages.begin(), lobby_.languages.end(),
                                       lang.get<std::string>()) == lobby_.languages.end())
      return send_error(
          c, make_error(errc::kMalformed, fmt::format("lang is one of the table's: {}",
                                                      fmt::join(lobby_.languages, ", "))));
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
  if (t == "hint") return ask_hint(c, peer);
  if (t == "vote") return vote(c, msg);
  if (t == "leave") return leave(c);
  if (t == "chat_page") {
    // Earlier chat than the messages carried: the page before line `before`.
    const Json before = msg.value("before", Json());
    if (!before.is_number_unsigned())
      return send_error(c, make_error(errc::kMalformed, "chat_page needs before, a line number"));
    // A private table's chat is for the people seated there.
    const bool may_read = lobby_.is_public || c.seat >= 0;
    const auto lines = room_ && may_read
                           ? room_->chat_before(before.get<std::size_t>(), hub_.options.chat_page)
                           : std::vector<room::ChatLine>();
    return reply(c, {{"type", "chat_page"}, {"lines", chat_json(lines)}});
  }
  if (t == "ping") return reply(c, {{"type", "pong"}});
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
    const SeatPlan before = lobby_.plan[i];
    lobby_.plan[i].name.clear();
    lobby_.plan[i].token_hash.clear();
    lobby_.plan[i].account.clear();
    if (auto e = save_lobby()) {
      lobby_.plan[i] = before;
      return send_error(c, *e);
    }
    free_seats_.fetch_add(1);
  } else {
    if (thinking_)
      return send_error(
          c, make_error(errc::kBusy, "a bot is deciding at this table: try again in a moment"));
    SeatPlan bot;
    bot.kind = room::SeatKind::kBot;
    bot.bot = default_bot(*lobby_.game);
    // A rated seat stays its account's for the rating (as stored at the
    // start): leaving is no way out of a lost game.
    bot.account = lobby_.plan[i].account;
    if (auto e = hand_seat(seat, std::move(bot))) return send_error(c, *e);
  }
  for (auto& [p, other] : conns_)
    if (other.seat == seat) {
      other.seat = kSpectator;
      other.sent = false;
    }
  count_watching();
  spdlog::info("table {}: seat {} left", id_, seat);
  publish(true);
}

void Table::chat(Conn& c, const Json& msg, SteadyClock::time_point received) {
  const Json text = msg.value("text", Json());
  if (!text.is_string()) return send_error(c, make_error(errc::kMalformed, "chat needs a text"));
  if (c.seat < 0) return send_error(c, make_error(errc::kBadToken, "spectators cannot chat"));
  if (!room_ || phase_ != Phase::kPlaying)
    return send_error(c, make_error(errc::kNotStarted, "chat opens when the game starts"));
  if (auto e = hub_.store_writable()) return send_error(c, *e);
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
  // Refused before it is applied: its write would fail (Hub::store_writable).
  if (auto e = hub_.store_writable()) return send_error(c, *e);
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
  acts_kept_.emplace_back(peer, received);
  drive();
}

void Table::undo(Conn& c, std::uint64_t version) {
  if (c.seat < 0) return send_error(c, make_error(errc::kBadToken, "spectators cannot undo"));
  if (!room_ || phase_ == Phase::kLobby)
    return send_error(c, make_error(errc::kNotStarted, "the game has not started"));
  if (halted_) return send_error(c, make_error(meeple::errc::kIo, "the table is halted"));
  if (auto e = hub_.store_writable()) return send_error(c, *e);
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

void Table::drive() {
  // A stopping server starts no bot turn (its pools are being joined); a
  // restart takes the table up where it is. A bot decides only once what it
  // follows is durable (on_written drives again), so its table's writes
  // stay one step behind at most.
  if (!room_ || thinking_ || halted_ || hub_.stopping || writing_ > 0) return publish();
  auto turn = room_->next_bot_turn();
  if (!turn) {
    // A chance draw the store could not take is no halt: the table is read
    // again from the store once it answers (store_refused).
    if (store_refused(turn.error())) return;
    halted_ = true;
    spdlog::error("table {}: halted: {}", id_, turn.error().message);
  } else if (turn->has_value()) {
    thinking_ = true;
    auto shared = std::make_shared<room::BotTurn>(std::move(**turn));
    // A bot seat's own spec tells how long it thinks (a stand-in is the
    // game's default bot, a quick one).
    const SeatPlan& p = lobby_.plan[static_cast<std::size_t>(shared->seat)];
    bool heavy = false;
    if (const auto colon = p.bot.find(':');
        p.kind == room::SeatKind::kBot && colon != std::string::npos)
      if (auto b = parse_budget(std::string_view(p.bot).substr(colon + 1), lobby_.game->name()))
        heavy = heavy_budget(b->seconds, b->iterations);
    hub_.bot_scheduler().submit(
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
  std::vector<Deferred> pending;
  pending.swap(deferred_);
  for (const Deferred& d : pending) {
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
    acts_kept_.emplace_back(d.peer, d.received);
  }
  drive();
}

void Table::arm_timer() {
  // A table out of memory (or lost) ticks no more: its wait would hold it.
  if (hub_.stopping || resting_ || lost_) return;
  timer_.expires_after(hub_.options.tick);
  timer_.async_wait(on_strand([self = shared_from_this()](const boost::system::error_code& ec) {
    // A tick already due when the table left memory finds resting_ set.
    if (ec || self->hub_.stopping || self->phase_ != Phase::kPlaying || self->resting_ ||
        self->lost_)
      return;
    if (self->lobby_.takeover) self->take_over_overdue();
    if (self->room_->tick(SteadyClock::now())) self->drive();
    self->arm_timer();
  }));
}

void Table::take_over_overdue() {
  if (thinking_) return;  // the next tick tries again
  for (Seat s : room_->overdue(SteadyClock::now())) {
    SeatPlan bot;
    bot.kind = room::SeatKind::kBot;
    bot.bot = default_bot(*lobby_.game);
    if (auto e = hand_seat(s, std::move(bot))) {
      spdlog::warn("table {}: seat {} not taken over: {}", id_, s, e->message);
      return;
    }
    spdlog::info("table {}: seat {} ran out of time and is a bot's now", id_, s);
    if (thinking_ || lost_) return;
  }
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
    offer_.reset();
    offer_text_.clear();
    spdlog::info("table {}: finished", id_);
    // Its accounts' ratings (a rated table's), queued before anyone is told
    // of the end, with where each seat's connections came from
    // (docs/ratings.md, "Games that count"); then a tournament's standings.
    std::vector<std::string> accounts;
    auto addresses = seat_addresses_;
    if (lobby_.rated) {
      for (const SeatPlan& p : lobby_.plan) accounts.push_back(p.account);
      addresses.resize(accounts.size());
    } else {
      addresses.clear();
    }
    hub_.table_finished(id_, std::string(lobby_.game->name()), std::move(accounts),
                        room_->result_json(), std::move(addresses));
    maybe_evict();
  }
}

Shown Table::shown() const {
  return {.id = id_,
          .lobby = lobby_,
          .phase = phase_.load(),
          .room = room_.get(),
          .rematch_id = rematch_id_,
          .chat_page = hub_.options.chat_page,
          .seat_offer = offer_text_};
}

void Table::publish(bool force) {
  // One write out at a time: a later write must not land when an earlier one
  // did not (the store would hold a game with a gap). What the room does
  // meanwhile stays kept and goes once the write out is durable.
  if (room_ && !lost_ && writing_ == 0) {
    store::Write w = room_->take_writes();
    if (!w.empty()) {
      ++writing_;
      acts_writing_.insert(acts_writing_.end(), acts_kept_.begin(), acts_kept_.end());
      acts_kept_.clear();
      hub_.store.write_async(std::move(w), [self = shared_from_this()](MaybeError e) {
        self->post([self, e = std::move(e)]() mutable { self->on_written(std::move(e)); });
      });
    }
  }
  if (writing_ > 0) {
    force_waiting_ = force_waiting_ || force;
    return;
  }
  after_change();
  publisher_.publish(shown(), conns_, std::exchange(force_waiting_, false) || force);
  for (auto& [peer, msg] : std::exchange(replies_waiting_, {}))
    if (auto it = conns_.find(peer); it != conns_.end()) publisher_.send(it->second, msg);
}

void Table::on_written(MaybeError e) {
  --writing_;
  if (lost_) return;
  if (e) {
    // Nothing of it was told: the people whose decisions it held are told
    // they were refused, and the table is read again from the store.
    for (const auto& [peer, received] : std::exchange(acts_writing_, {}))
      if (auto it = conns_.find(peer); it != conns_.end()) {
        hub_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
        publisher_.send(it->second, error_json(*e));
      }
    if (!store_refused(*e)) {
      halted_ = true;
      spdlog::error("table {}: halted: {}", id_, e->message);
    }
    return;
  }
  const auto now = SteadyClock::now();
  for (const auto& [peer, received] : acts_writing_)
    hub_.metrics.act_commit.observe(now - received);
  acts_writing_.clear();
  // What waited for the writes: bots decide, the connections are told.
  drive();
}

}  // namespace meeple::server
