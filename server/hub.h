// Internal to server/: the shared state of a server (the Hub): its tables,
// the pools they run and think on, the store, the reviews, the counters,
// and with several nodes the leases by which a node holds its tables
// (docs/scaling.md). Sessions find tables here; a table reaches the store,
// the bots and the reviews through it.
#pragma once

#include <boost/asio.hpp>

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/accounts.h"
#include "server/bot_scheduler.h"
#include "server/metrics.h"
#include "server/options.h"
#include "server/review_queue.h"
#include "store/store.h"

namespace meeple::server {

namespace net = boost::asio;

class Peer;
class Table;

// The shared state. Members are declared so that they are destroyed in a
// safe order: the tables first, then the I/O contexts (their pending
// handlers hold sessions and tables' runs, which hold tables, whose timers
// live on the I/O contexts), then the pools, and the counters last.
// The table pool's size: options.table_threads, or when 0 the store's
// choice (server/options.h): the cores this process may run on, or 32.
std::size_t table_threads(const ServerOptions& o, const store::Store& s);

// A network thread's I/O context. Its pending handlers can be destroyed
// (shut_down) while the other contexts are still whole: a handler of one may
// hold a connection or a table whose socket or timer is another's.
class IoContext : public net::io_context {
 public:
  IoContext() : net::io_context(1) {}  // one thread runs it
  void shut_down() { shutdown(); }
};

struct Hub {
  Hub(ServerOptions o, store::Store& s)
      : options(std::move(o)),
        store(s),
        table_pool(table_threads(options, s)),
        bots(options.bot_threads),
        reviews(options.max_queued_reviews),
        accounts(s, options) {
    // One I/O context per network thread, each run by its thread alone
    // (concurrency hint 1): a connection lives on one thread, so a message
    // for it wakes that thread only, never a second one through a shared
    // queue (docs/benchmarks.md, "One I/O context per network thread").
    for (int i = 0; i < std::max(1, options.threads); ++i)
      iocs.push_back(std::make_unique<IoContext>());
  }
  // Every context's pending handlers are destroyed before any context is.
  ~Hub();
  ServerOptions options;
  store::Store& store;
  Metrics metrics;
  std::atomic<bool> stopping{false};
  std::mutex peers_mutex;
  std::unordered_map<Peer*, std::weak_ptr<Peer>> peers;  // for shutdown
  net::thread_pool table_pool;
  // Account requests (Accounts: password hashes, the store's account rows)
  // run here, one at a time, so a hash (0.06 s to 0.3 s) never delays a table.
  net::thread_pool account_pool{1};
  BotScheduler bots;
  ReviewQueue reviews;  // GET .../review
  Accounts accounts;    // /api/account, /api/players (on account_pool: it blocks)
  std::vector<std::unique_ptr<IoContext>> iocs;
  // The first I/O context: the listener's and the shutdown's.
  net::io_context& ioc() { return *iocs.front(); }
  // The I/O context for a new connection: each in turn.
  net::io_context& next_ioc() { return *iocs[next_ioc_.fetch_add(1) % iocs.size()]; }
  // The I/O context of a table's WebSockets: all on one thread, so that
  // what the table tells its seats wakes one network thread, not several.
  net::io_context& ioc_of(const std::string& table) {
    return *iocs[std::hash<std::string>{}(table) % iocs.size()];
  }
  // Open connections per client address (max_connections_per_address).
  std::mutex address_mutex;
  std::unordered_map<std::string, std::size_t> connections_by_address;
  // One play-now match at a time (play_now.h): two people asking at once
  // meet at one table instead of each making one.
  std::mutex play_now_mutex;

  std::shared_ptr<Table> find(const std::string& id);
  void add(const std::shared_ptr<Table>& t);
  // Forgets the table `t` if it is still the one under `id`.
  void remove(const std::string& id, const Table* t);
  // The table, or a finished one loaded from the store if it left memory
  // (evicted, or finished before a restart); null if neither. With several
  // nodes (shared()) also an unfinished table or lobby this node does not
  // hold: the router sent its request here, so the node acquires it (its
  // former holder loses it) and rebuilds it from the store. Reads the store:
  // call it on the table pool, not on a network thread.
  // table/unknown when there is no such table; store/unavailable when the
  // store cannot tell.
  Expected<std::shared_ptr<Table>> find_or_load(const std::string& id);
  // The table as it is now, read-only, for "my tables": the one in memory,
  // or one rebuilt from the store without acquiring it (it is not
  // registered, runs no bot and writes nothing). Null if there is none.
  std::shared_ptr<Table> peek(const std::string& id);
  std::vector<std::shared_ptr<Table>> all();

  // --- Several nodes (docs/scaling.md).
  bool shared() const { return !options.node.empty(); }
  // This process's name in the store's leases: the node's name and a random
  // suffix, so that a restarted node is a new holder.
  std::string owner;
  // Renews the leases of the tables held here (those another node took are
  // closed with table/moved), takes over tables whose node is gone, and
  // runs again a third of a lease later. Until stopping.
  void keep_leases();
  // The ids of the tables and lobbies this node runs (not the finished ones).
  std::vector<store::TableId> held();
  // A table that left memory because the store failed a write: read again
  // from the store every 2 s until the store answers (its bots and clocks go
  // on then, whether or not anyone asks for it).
  void reload_later(const std::string& id);
  // The bot's review of one seat of a finished game's record (bots/review.h),
  // made once on the review thread (review_queue.h) and kept in the store, so
  // another node or a restart answers from there. review/seat, review/busy.
  void review(Expected<Json> record, const std::string& table, Seat seat, const std::string& lang,
              ReviewQueue::Reply reply);
  // GET /metrics: the counters, the store's, the queues', in Prometheus text.
  std::string metrics_text();
  void stop_reloads();
  // The lobby saved in the store under `id` (any node's), if any. Reads the store.
  std::optional<store::TableSpec> find_lobby(const std::string& id) const;
  std::unique_ptr<net::steady_timer> keeper;
  // The public tables not finished, lobbies first, as GET /api/tables lists
  // them, read from the store (every node's). Reads the store: on the pool.
  Json open_tables();

 private:
  // A table or lobby of the store, rebuilt; its writes name `lease`.
  std::shared_ptr<Table> rebuild(const std::string& id, const store::Lease& lease);
  void retry_reloads();
  std::mutex mutex_;
  std::unordered_set<std::string> reloads_;  // under mutex_
  std::unique_ptr<net::steady_timer> reload_timer_;
  std::atomic<std::size_t> next_ioc_{0};
  std::mutex load_mutex_;  // one load of a table at a time
  std::unordered_map<std::string, std::shared_ptr<Table>> tables_;
};

}  // namespace meeple::server
