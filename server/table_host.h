// Internal to server/: what a Table needs of its owner (the Hub), and no
// more: the options, the store, the counters, where it runs and thinks, and
// the registry of tables it joins, leaves and rests in. The Hub is the one
// host (server/hub.h); a table includes this header, never the hub's, so
// that the hub (which makes and finds tables) and the table do not include
// each other.
#pragma once

#include <boost/asio.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/metrics.h"
#include "server/options.h"
#include "store/store.h"

namespace meeple::server {

namespace net = boost::asio;

class BotScheduler;
class Table;

class TableHost {
 public:
  TableHost(ServerOptions o, store::TableStore& tables) : options(std::move(o)), store(tables) {}
  virtual ~TableHost() = default;
  TableHost(const TableHost&) = delete;
  TableHost& operator=(const TableHost&) = delete;

  ServerOptions options;
  store::TableStore& store;  // the tables, lobbies, leases and reviews (accounts: Hub::accounts)
  // Destroyed after everything of the host that derives from it: the
  // counters last.
  Metrics metrics;
  std::atomic<bool> stopping{false};
  std::atomic<std::uint64_t> tables_made{0};  // Table::made
  // This process's name in the store's leases: the node's name and a random
  // suffix, so that a restarted node is a new holder.
  std::string owner;
  // With several nodes (docs/scaling.md).
  bool shared() const { return !options.node.empty(); }

  // --- Where a table runs (Table::schedule) and its bots think.
  // The I/O context of a table's WebSockets: all on one thread, so that
  // what the table tells its seats wakes one network thread, not several.
  virtual net::io_context& ioc_of(const std::string& table) = 0;
  // The table pool: where a table runs unless its game is being played on
  // a store that commits on a thread of its own (the lobby, a finished table).
  virtual net::thread_pool& pool() = 0;
  // The bot threads (bots' turns, hints).
  virtual BotScheduler& bot_scheduler() = 0;

  // --- The registry of tables (the Hub's, server/hub.h, says more).
  virtual std::shared_ptr<Table> find(const std::string& id) = 0;
  // The limits of what one party may hold, and registers `t` (table/too_many).
  virtual MaybeError admit(const std::shared_ptr<Table>& t) = 0;
  // A started table out of memory (Table::rest): what the limits and the
  // listing need of it, and when to read it again.
  struct Resting {
    std::string address, account;  // who made it (Lobby::address, host_account)
    const AnyGame* game = nullptr;
    int players = 0;
    bool is_public = true, rated = false, play_now = false;
    std::int64_t created_ms = 0;
    std::optional<std::int64_t> wake_ms;  // ms since 1970
    // Per seat, since when its person has been away (ms since 1970; 0: none).
    std::vector<std::int64_t> away_since;
  };
  // The table `t` leaves memory, kept as `r`; false (and nothing changes)
  // when `t` is not the table registered under `id`.
  virtual bool rest(const std::string& id, const Table* t, Resting r) = 0;
  // A resting table reached on its way out takes its place again (awake):
  // false when another copy of it is registered.
  virtual bool revive(const std::shared_ptr<Table>& t) = 0;
  // Forgets the table `t` if it is still the one under `id`.
  virtual void remove(const std::string& id, const Table* t) = 0;
  // The lobby saved in the store under `id` (any node's), if any. Reads the store.
  virtual std::optional<store::TableSpec> find_lobby(const std::string& id) const = 0;
  // A table that left memory because the store failed a write: read again
  // from the store until it answers.
  virtual void reload_later(const std::string& id) = 0;

  // --- When the store cannot write (Hub::store_failed says more).
  virtual void store_failed(const Error& e) = 0;
  // store/unavailable while the store cannot write (counted as a refusal).
  virtual MaybeError store_writable() = 0;

  // --- A game ended at table `id` (of `game`, with `result`): a rated
  // table's ratings (`accounts` per seat, not empty then, with the
  // addresses each seat's connections came from) and then a tournament's
  // standings are updated, on the account thread (they read and write the
  // store), queued before anyone is told of the end.
  virtual void table_finished(const std::string& id, const std::string& game,
                              std::vector<std::string> accounts, Json result,
                              std::vector<std::vector<std::string>> addresses) = 0;
};

}  // namespace meeple::server
