#include "server/hub.h"

#include <sched.h>

#include <algorithm>
#include <limits>
#include <tuple>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "bots/review.h"
#include "games/registry.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server {

namespace {
// The search budget of a review's every decision, whatever the game: 1000
// iterations take 2-10 ms a decision (docs/bots.md, ladders), so a seat's
// whole game takes about a second.
constexpr std::string_view kReviewBudget = "1000";
}  // namespace

std::size_t table_threads(const ServerOptions& o, const store::TableStore& s) {
  if (o.table_threads > 0) return static_cast<std::size_t>(o.table_threads);
  if (!s.writes_in_background()) return 32;
  cpu_set_t cpus;
  if (sched_getaffinity(0, sizeof cpus, &cpus) != 0) return 2;
  return static_cast<std::size_t>(std::max(1, CPU_COUNT(&cpus)));
}

Hub::~Hub() {
  for (auto& c : iocs) c->shut_down();
}

std::shared_ptr<Table> Hub::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second;
}

std::shared_ptr<Table> Hub::add(const std::shared_ptr<Table>& t) {
  std::lock_guard lock(mutex_);
  return tables_.try_emplace(t->id(), t).first->second;
}

MaybeError Hub::admit(const std::shared_ptr<Table>& t) {
  const std::string& address = t->address();
  const std::string& account = t->host_account();
  // A party's holdings: lobbies, and tables not finished (lobbies included).
  struct Held {
    std::size_t lobbies = 0, tables = 0;
  } by_address, by_account;
  if (auto e = store_writable()) return e;
  std::lock_guard admitting(admit_mutex_);
  std::size_t lobbies = 0;
  // Lobbies per address, for the fair share; a lobby whose maker's address
  // is unknown (restored after a restart) counts alone.
  std::unordered_map<std::string, std::size_t> held_by;
  auto holder = [](const Table& l) { return l.address().empty() ? "#" + l.id() : l.address(); };
  const auto tables = all();
  for (const auto& other : tables) {
    const Phase phase = other->phase();
    if (phase == Phase::kFinished || (phase == Phase::kLobby && other->doomed())) continue;
    const bool lobby = phase == Phase::kLobby;
    if (!address.empty() && other->address() == address) {
      ++by_address.tables;
      by_address.lobbies += lobby;
    }
    if (!account.empty() && other->host_account() == account) {
      ++by_account.tables;
      by_account.lobbies += lobby;
    }
    if (lobby) {
      ++lobbies;
      ++held_by[holder(*other)];
    }
  }
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, r] : resting_) {
      by_address.tables += !address.empty() && r.address == address;
      by_account.tables += !account.empty() && r.account == account;
    }
  }
  const ServerOptions& o = options;
  if (!address.empty() && by_address.lobbies >= o.max_lobbies_per_address)
    return make_error(errc::kTooManyLobbies,
                      fmt::format("{} tables made from your address wait for players already: "
                                  "start or leave one first",
                                  by_address.lobbies));
  if (!account.empty() && by_account.lobbies >= o.max_lobbies_per_account)
    return make_error(errc::kTooManyLobbies,
                      fmt::format("{} tables you made wait for players already: start or leave "
                                  "one first",
                                  by_account.lobbies));
  if (!address.empty() && o.max_tables_per_address > 0 &&
      by_address.tables >= o.max_tables_per_address)
    return make_error(errc::kTooManyLobbies,
                      fmt::format("{} tables made from your address are not finished: finish "
                                  "or leave one before you make another",
                                  by_address.tables));
  if (!account.empty() && o.max_tables_per_account > 0 &&
      by_account.tables >= o.max_tables_per_account)
    return make_error(errc::kTooManyLobbies,
                      fmt::format("{} tables you made are not finished: finish or leave one "
                                  "before you make another",
                                  by_account.tables));
  if (lobbies >= o.max_lobbies) {
    // Room is made by the address holding the most lobbies (more than the
    // newcomer's), from its lobby nobody is at, else its oldest.
    const std::size_t mine = address.empty() ? 0 : by_address.lobbies;
    std::shared_ptr<Table> drop;
    auto rank = [&](const Table& l) {
      return std::tuple(held_by[holder(l)], !l.attended(), -l.created_ms(),
                        std::numeric_limits<std::uint64_t>::max() - l.made());
    };
    for (const auto& other : tables)
      if (other->phase() == Phase::kLobby && !other->doomed() && held_by[holder(*other)] > mine &&
          (!drop || rank(*other) > rank(*drop)))
        drop = other;
    if (!drop)
      return make_error(errc::kTooManyLobbies,
                        "the server has as many tables waiting for players as it can hold: join "
                        "one or try again later");
    drop->doom();
    drop->post([drop] { drop->make_room(); });
  }
  add(t);
  return std::nullopt;
}

bool Hub::rest(const std::string& id, const Table* t, Resting r) {
  std::lock_guard lock(mutex_);
  if (auto it = tables_.find(id); it == tables_.end() || it->second.get() != t) return false;
  tables_.erase(id);
  const auto wake = r.wake_ms;
  resting_[id] = std::move(r);
  if (wake && (!wake_at_ || *wake < *wake_at_)) arm_wakes();
  return true;
}

bool Hub::revive(const std::shared_ptr<Table>& t) {
  std::lock_guard lock(mutex_);
  auto [it, added] = tables_.try_emplace(t->id(), t);
  if (added) resting_.erase(t->id());
  return it->second == t;
}

std::size_t Hub::resting() {
  std::lock_guard lock(mutex_);
  return resting_.size();
}

void Hub::arm_wakes() {
  std::optional<std::int64_t> next;
  for (const auto& [id, r] : resting_)
    if (r.wake_ms && (!next || *r.wake_ms < *next)) next = r.wake_ms;
  wake_at_ = next;
  if (!next || stopping) return;
  if (!wake_timer_) wake_timer_ = std::make_unique<net::steady_timer>(table_pool);
  const auto in = std::chrono::milliseconds(*next - epoch_ms(std::chrono::system_clock::now()));
  wake_timer_->expires_after(std::max(in, std::chrono::milliseconds(0)));
  wake_timer_->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) wake_resting();
  });
}

void Hub::wake_resting() {
  if (stopping) return;
  std::vector<std::string> due;
  {
    std::lock_guard lock(mutex_);
    const std::int64_t now = epoch_ms(std::chrono::system_clock::now());
    for (const auto& [id, r] : resting_)
      if (r.wake_ms && *r.wake_ms <= now) due.push_back(id);
  }
  for (const std::string& id : due) {
    // Read again: its clock or stand-in acts once it is in memory.
    auto t = find_or_load(id);
    std::lock_guard lock(mutex_);
    if (auto it = resting_.find(id); it != resting_.end()) {
      if (!t && t.error().code == store::errc::kUnavailable)
        it->second.wake_ms = epoch_ms(std::chrono::system_clock::now()) + 2000;  // again soon
      else
        resting_.erase(it);  // gone from the store (or held elsewhere now)
    }
  }
  std::lock_guard lock(mutex_);
  arm_wakes();
}

void Hub::remove(const std::string& id, const Table* t) {
  std::lock_guard lock(mutex_);
  if (auto it = tables_.find(id); it != tables_.end() && it->second.get() == t) tables_.erase(it);
}

bool Hub::note_damaged(const std::string& id, const Error& why) {
  // A load's record/corrupt, or any refusal of the replay but a game this
  // build lacks; not the store's failures to answer now.
  if (why.code == meeple::errc::kUnknownGame || why.code == meeple::errc::kIo ||
      why.code == store::errc::kUnavailable || why.code == store::errc::kUnknownTable ||
      why.code == store::errc::kFenced)
    return false;
  bool first = false;
  {
    std::lock_guard lock(mutex_);
    first = damaged_.insert(id).second;
  }
  if (first)
    spdlog::error("table {}: damaged, not served (its players are told table/damaged): {}", id,
                  why.message);
  return true;
}

MaybeError Hub::damaged(const std::string& id) {
  std::lock_guard lock(mutex_);
  if (!damaged_.contains(id)) return std::nullopt;
  return make_error(errc::kDamaged,
                    "this table's record is damaged on the server: it cannot be played or shown "
                    "until the server's operator restores it");
}

Expected<std::shared_ptr<Table>> Hub::find_or_load(const std::string& id) {
  if (auto t = find(id)) return t;
  if (auto d = damaged(id)) return *d;
  std::lock_guard load(load_mutex_);
  if (auto t = find(id)) return t;
  if (store_trouble()) {
    // A table that lost a write, or that left memory unfinished, is not
    // read while the store cannot write: its next write would fail too.
    std::lock_guard lock(mutex_);
    if (reloads_.count(id) || resting_.count(id))
      return make_error(store::errc::kUnavailable,
                        "the server cannot store this table's moves now: reconnect in a moment");
  }
  const Error unknown = make_error(errc::kUnknownTable, "no such table");
  auto rec = store.load(id);
  if (!rec && rec.error().code == store::errc::kUnavailable) return rec.error();
  if (!rec && note_damaged(id, rec.error())) return *damaged(id);
  if (!rec && rec.error().code == meeple::errc::kIo) return rec.error();
  std::shared_ptr<Table> t;
  if (rec && rec->finished()) {
    // Finished: nobody writes to it any more, so no node needs to hold it.
    auto r = Table::resume(*this, *rec);
    if (!r) {
      if (note_damaged(id, r.error())) return *damaged(id);
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
    // left memory (nobody was connected: Table::rest; or the store failed:
    // store_refused); with several, the router sent its request here, so
    // this node takes it.
    if (!rec && (!shared() || !find_lobby(id))) return unknown;
    if (auto e = store_writable()) return *e;
    if (!shared()) {
      if (!rec) return rec.error();
      auto r = Table::resume(*this, *rec);
      if (!r) {
        if (note_damaged(id, r.error())) return *damaged(id);
        spdlog::error("table {}: cannot load: {}", id, r.error().message);
        return unknown;
      }
      t = std::move(*r);
    } else {
      auto lease = store.acquire(id, owner, options.lease);
      if (!lease) {
        spdlog::error("table {}: cannot take it: {}", id, lease.error().message);
        return lease.error();
      }
      // Read again after acquiring: every write of the former holder is in
      // (acquiring waits for a write in flight).
      t = rebuild(id, *lease);
      if (!t) {
        if (auto d = damaged(id)) return *d;
        return make_error(store::errc::kUnavailable, "the table cannot be read from the store");
      }
      spdlog::info("table {}: held here now (fencing {})", id, lease->fencing);
    }
    // Back from rest: the people away then have been away since.
    std::optional<Resting> was;
    {
      std::lock_guard lock(mutex_);
      if (auto it = resting_.find(id); it != resting_.end()) {
        was = std::move(it->second);
        resting_.erase(it);
      }
    }
    if (was) t->restore_away(was->away_since);
  }
  // A copy that left memory may have taken its place again meanwhile (awake).
  if (auto held = add(t); held != t) return held;
  t->begin();
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
    if (!note_damaged(id, t.error()))
      spdlog::error("table {}: cannot load: {}", id, t.error().message);
  } else if (note_damaged(id, rec.error())) {
    return nullptr;
  } else if (auto spec = find_lobby(id)) {
    auto t = Table::from_lobby(*this, *spec, lease);
    if (t) return *t;
    spdlog::error("lobby {}: cannot restore: {}", id, t.error().message);
  }
  return nullptr;
}

void Hub::tournament_tick() {
  if (stopping) return;
  tournaments.tick(epoch_ms(std::chrono::system_clock::now()));
  tournament_timer->expires_after(options.tick);
  tournament_timer->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) tournament_tick();
  });
}

std::vector<std::shared_ptr<Table>> Hub::all() {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Table>> out;
  out.reserve(tables_.size());
  for (auto& [id, t] : tables_) out.push_back(t);
  return out;
}

// GET .../review: the bot's review of one seat of a finished game
// (bots/review.h), made on the review thread once (server/review_queue.h)
// and kept in the store, so another node or a restart answers from there.
void Hub::table_finished(const std::string& id, const std::string& game,
                         std::vector<std::string> rated_accounts, Json result,
                         std::vector<std::vector<std::string>> addresses) {
  if (!rated_accounts.empty())
    net::post(account_pool, [this, id, game, rated = std::move(rated_accounts), result,
                             addresses = std::move(addresses)] {
      accounts.rate(id, game, rated, result, addresses);
    });
  // A tournament's table counts in its standings (tournaments.h), after
  // its ratings.
  net::post(account_pool,
            [this, id, result = std::move(result)] { tournaments.table_finished(id, result); });
}

void Hub::review(Expected<Json> record, const std::string& table, Seat seat,
                 const std::string& lang, ReviewQueue::Reply reply) {
  if (!record) return reply(record.error());
  auto parsed = record_from_json(*record);
  if (!parsed) return reply(parsed.error());
  if (seat >= parsed->players)
    return reply(make_error("review/seat", fmt::format("there is no seat {}", seat)));
  const std::string stored_key = fmt::format("{}|{}|{}", seat, lang, kReviewBudget);
  auto make = [&store = store, &stop = reviews.stopping(), rec = std::move(*parsed), table, seat,
               lang, stored_key]() -> Expected<Json> {
    // Made before, by this node or another: the store keeps every review.
    if (auto stored = store.load_review(table, stored_key); stored && !stored->is_null())
      return std::move(*stored);
    else if (!stored)
      spdlog::warn("table {}: review not read from the store: {}", table, stored.error().message);
    const AnyGame* game = find_game(rec.game);
    if (game == nullptr) return make_error(errc::kMalformed, "no such game");
    auto made = review_record(
        *game, rec, seat,
        {.budget = std::string(kReviewBudget), .seed = 1, .lang = lang, .stop = &stop});
    if (!made) return made.error();
    Json out = made->to_json();
    out["table"] = table;
    // Not kept in the store: still answered, and made again next time.
    if (auto e = store.save_review(table, stored_key, out))
      spdlog::warn("table {}: review not kept in the store: {}", table, e->message);
    return out;
  };
  reviews.ask(table + "|" + stored_key, std::move(make), std::move(reply));
}

std::string Hub::metrics_text() {
  const Metrics& m = metrics;
  std::string out;
  auto gauge = [&](const char* name, const char* help, auto v) {
    out += fmt::format("# HELP {} {}\n# TYPE {} gauge\n{} {}\n", name, help, name, name, v);
  };
  auto counter = [&](const char* name, const char* help, auto v) {
    out += fmt::format("# HELP {} {}\n# TYPE {} counter\n{} {}\n", name, help, name, name, v);
  };
  gauge("meeple_live_tables", "Tables in play", m.live_tables.load());
  gauge("meeple_lobby_tables", "Tables waiting for players", m.lobby_tables.load());
  gauge("meeple_finished_tables", "Finished tables held in memory", m.finished_tables.load());
  gauge("meeple_resting_tables",
        "Started tables out of memory (nobody connected), read again when asked for", resting());
  gauge("meeple_connections", "Open WebSocket connections", m.connections.load());
  gauge("meeple_store_failing", "1 while the store cannot write (GET /healthz answers 503)",
        store_failing_.load() ? 1 : 0);
  counter("meeple_actions_total", "Actions applied (people, bots, chance)", m.actions_total.load());
  counter("meeple_messages_in_total", "WebSocket messages received", m.messages_in.load());
  counter("meeple_bytes_out_total", "WebSocket bytes sent by tables", m.bytes_out.load());
  counter("meeple_errors_total", "Error replies", m.errors_total.load());
  const store::StoreStats st = store.stats();
  counter("meeple_store_commits_total", "Store transactions (one fsync each)", st.commits);
  counter("meeple_store_writes_total", "Store writes carried by them", st.writes);
  counter("meeple_store_commit_seconds_total", "Time spent committing",
          static_cast<double>(st.commit_micros) * 1e-6);
  gauge("meeple_bot_decisions_queued", "Bot decisions waiting for a bot thread", bots.queued());
  gauge("meeple_reviews_queued", "Reviews waiting for the review thread", reviews.queued());
  gauge("meeple_password_hashes_queued",
        "Requests that hash a password, waiting for the hashing threads or running",
        hashes.queued());
  counter("meeple_reviews_made_total", "Reviews made (searched, or read from the store)",
          reviews.made());
  out += m.act_commit.render("meeple_act_commit_seconds",
                             "A person's action from receipt to durable and applied");
  out += m.bot_think.render("meeple_bot_think_seconds", "One bot decision");
  return out;
}

}  // namespace meeple::server
