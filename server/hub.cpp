#include "server/hub.h"

#include <sched.h>

#include <algorithm>

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

std::size_t table_threads(const ServerOptions& o, const store::Store& s) {
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
  // A table this node holds says how many watch it; another node's, as
  // read from the store, counts 0 here (spectators are counted per node).
  for (const store::TableSpec& spec : store.lobbies()) {
    if (auto held = find(spec.id); held && held->phase() == Phase::kLobby) {
      if (held->is_public()) list.push_back(held->summary());
    } else if (auto t = Table::from_lobby(*this, spec); t && (*t)->is_public()) {
      list.push_back((*t)->summary());
    }
  }
  for (const store::TableSummary& s : store.list(true)) {
    const Json plan = s.options.value("server", Json());
    if (!plan.is_object() || !plan.value("public", true)) continue;
    const AnyGame* game = find_game(s.game);
    if (game == nullptr) continue;
    if (auto held = find(s.id)) {
      list.push_back(held->summary());
      continue;
    }
    Json summary = summary_json(s.id, *game, s.players, Phase::kPlaying, 0, true);
    summary["rated"] = plan.value("rated", false);
    summary["play_now"] = plan.contains("play_now");
    summary["watching"] = 0;
    list.push_back(std::move(summary));
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

// GET .../review: the bot's review of one seat of a finished game
// (bots/review.h), made on the review thread once (server/review_queue.h)
// and kept in the store, so another node or a restart answers from there.
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
  gauge("meeple_connections", "Open WebSocket connections", m.connections.load());
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
  counter("meeple_reviews_made_total", "Reviews made (searched, or read from the store)",
          reviews.made());
  out += m.act_commit.render("meeple_act_commit_seconds",
                             "A person's action from receipt to durable and applied");
  out += m.bot_think.render("meeple_bot_think_seconds", "One bot decision");
  return out;
}

}  // namespace meeple::server
