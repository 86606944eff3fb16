// Internal to server/: the shared state of a server (the Hub): its tables,
// the pools they run and think on, the store, the reviews, the counters,
// and with several nodes the leases by which a node holds its tables
// (docs/scaling.md). Sessions find tables here; a table reaches the store,
// the bots and the reviews through it.
#pragma once

#include <boost/asio.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/account_channels.h"
#include "server/accounts.h"
#include "server/address_budget.h"
#include "server/bot_scheduler.h"
#include "server/metrics.h"
#include "server/options.h"
#include "server/review_queue.h"
#include "server/routes.h"
#include "server/table_host.h"
#include "server/tournaments.h"
#include "store/store.h"

namespace meeple::server {

class Peer;

// The shared state. Members are declared so that they are destroyed in a
// safe order: the tables first, then the I/O contexts (their pending
// handlers hold sessions and tables' runs, which hold tables, whose timers
// live on the I/O contexts), then the pools, and the counters last (they
// are TableHost's, with the options and the store: destroyed after all of
// the Hub's own members).
// The table pool's size: options.table_threads, or when 0 the store's
// choice (server/options.h): the cores this process may run on, or 32.
std::size_t table_threads(const ServerOptions& o, const store::TableStore& s);

// A network thread's I/O context. Its pending handlers can be destroyed
// (shut_down) while the other contexts are still whole: a handler of one may
// hold a connection or a table whose socket or timer is another's.
class IoContext : public net::io_context {
 public:
  IoContext() : net::io_context(1) {}  // one thread runs it
  void shut_down() { shutdown(); }
};

struct Hub : TableHost {
  Hub(ServerOptions o, store::TableStore& tables, store::AccountStore& account_rows)
      : TableHost(std::move(o), tables),
        table_pool(table_threads(options, tables)),
        bots(options.bot_threads),
        reviews(options.max_queued_reviews),
        accounts(tables, account_rows, options) {
    // One I/O context per network thread, each run by its thread alone
    // (concurrency hint 1): a connection lives on one thread, so a message
    // for it wakes that thread only, never a second one through a shared
    // queue (docs/benchmarks-log.md, "A game on its connections' network thread").
    for (int i = 0; i < std::max(1, options.threads); ++i)
      iocs.push_back(std::make_unique<IoContext>());
    accounts.on_invited = [this](const std::string& account, const Json& invitation) {
      channels.tell_invitation(account, invitation);
    };
  }
  // Every context's pending handlers are destroyed before any context is.
  ~Hub() override;
  // Replays, records and my-tables per client address (ServerOptions::reads_*).
  AddressBudget reads{options.reads_per_minute, options.reads_burst};
  std::mutex peers_mutex;
  std::unordered_map<Peer*, std::weak_ptr<Peer>> peers;  // for shutdown
  net::thread_pool table_pool;
  // Account requests (Accounts: the store's account rows, session checks,
  // keyrings) run here, one at a time, never on a table's thread; password
  // hashes (0.06 s to 0.3 s each) never here: on `hashes`.
  net::thread_pool account_pool{1};
  HashPool hashes{options.hash_threads, options.max_queued_hashes, options.max_hashes_per_address,
                  options.max_hash_wait};
  BotScheduler bots;
  ReviewQueue reviews;  // GET .../review
  Accounts accounts;    // /api/account, /api/players (on account_pool: it blocks)
  // Signed-in people's open pages (/ws/account): told of their invitations.
  AccountChannels channels;
  // With several nodes (shared()), every second on account_pool: the
  // invitations of the accounts with a channel here, read from the store
  // (poll_account_channels, api.h).
  std::unique_ptr<net::steady_timer> channel_timer;
  // Tournaments (tournaments.h), on account_pool; the timer that starts
  // their rounds (tournament_tick), on account_pool too, run by a node
  // that shares its store with no other.
  Tournaments tournaments{accounts};
  std::unique_ptr<net::steady_timer> tournament_timer;
  void tournament_tick();
  std::vector<std::unique_ptr<IoContext>> iocs;
  // The first I/O context: the listener's and the shutdown's.
  net::io_context& ioc() { return *iocs.front(); }
  // The I/O context for a new connection: each in turn.
  net::io_context& next_ioc() { return *iocs[next_ioc_.fetch_add(1) % iocs.size()]; }
  // TableHost: a table's WebSockets' context, the pools.
  net::io_context& ioc_of(const std::string& table) override {
    return *iocs[std::hash<std::string>{}(table) % iocs.size()];
  }
  net::thread_pool& pool() override { return table_pool; }
  BotScheduler& bot_scheduler() override { return bots; }
  // Open connections per client address (max_connections_per_address).
  std::mutex address_mutex;
  std::unordered_map<std::string, std::size_t> connections_by_address;
  // One play-now match at a time (play_now.h): two people asking at once
  // meet at one table instead of each making one.
  std::mutex play_now_mutex;

  std::shared_ptr<Table> find(const std::string& id) override;
  // Registers `t` unless a table of its id is registered already; answers
  // the one registered.
  std::shared_ptr<Table> add(const std::shared_ptr<Table>& t);

  // --- What one party may hold (docs/server.md, "What a stranger may do").
  // A new lobby (made, a rematch, play now's) is checked and registered in
  // one step, for everyone at once: its maker's lobbies and unfinished
  // tables per address (an address_key) and per account
  // (max_lobbies_per_address, max_lobbies_per_account,
  // max_tables_per_address, max_tables_per_account), then the server's
  // lobbies (max_lobbies). At max_lobbies a newcomer still gets a table: the
  // oldest lobby of the address that holds the most lobbies, preferring one
  // nobody is connected to, is dropped to make room (Table::make_room), if
  // that address holds more lobbies than the newcomer's does; so no number
  // of addresses holding lobbies locks out one that holds fewer.
  // table/too_many otherwise.
  MaybeError admit(const std::shared_ptr<Table>& t) override;

  // --- Started tables out of memory (Table::rest): nobody is connected,
  // the store holds everything. The hub keeps what the limits and the
  // listing need of each, and reads the table again when it is asked for
  // (find_or_load), or at `wake_ms`, when its clock or a stand-in acts.
  // (TableHost::Resting: what the hub keeps of each.)
  // The table `t` leaves memory, kept as `r`; false (and nothing changes)
  // when `t` is not the table registered under `id`.
  bool rest(const std::string& id, const Table* t, Resting r) override;
  // A resting table reached on its way out takes its place again (awake):
  // false when another copy of it is registered.
  bool revive(const std::shared_ptr<Table>& t) override;
  std::size_t resting();
  // Forgets the table `t` if it is still the one under `id`.
  void remove(const std::string& id, const Table* t) override;
  // The table, or a finished one loaded from the store if it left memory
  // (evicted, or finished before a restart); null if neither. With several
  // nodes (shared()) also an unfinished table or lobby this node does not
  // hold: the router sent its request here, so the node acquires it (its
  // former holder loses it) and rebuilds it from the store. Reads the store:
  // call it on the table pool, not on a network thread.
  // table/unknown when there is no such table; store/unavailable when the
  // store cannot tell; table/damaged when its record cannot be read whole or
  // does not replay (note_damaged).
  Expected<std::shared_ptr<Table>> find_or_load(const std::string& id);
  // The table as it is now, read-only, for "my tables": the one in memory,
  // or one rebuilt from the store without acquiring it (it is not
  // registered, runs no bot and writes nothing). Null if there is none.
  std::shared_ptr<Table> peek(const std::string& id);
  std::vector<std::shared_ptr<Table>> all();
  // --- Damaged tables: stored, but their record cannot be read whole or
  // does not replay (`why`: the store's or the replay's error). Noted for
  // the table's players (table/damaged); the first finding of an id is
  // logged, once, and later asks are answered from here without reading the
  // store again (the file does not heal while the server runs). False for
  // an error that is no damage (the store cannot be read now, a game this
  // build lacks): nothing is noted then.
  bool note_damaged(const std::string& id, const Error& why);
  // table/damaged when `id` was found damaged.
  MaybeError damaged(const std::string& id);

  // --- Several nodes (docs/scaling.md; TableHost::shared, TableHost::owner).
  // Renews the leases of the tables held here (those another node took are
  // closed with table/moved), takes over tables whose node is gone, and
  // runs again a third of a lease later. Until stopping.
  void keep_leases();
  // The ids of the tables and lobbies this node runs (not the finished ones).
  std::vector<store::TableId> held();
  // A table that left memory because the store failed a write: read again
  // from the store every 2 s until the store answers (its bots and clocks go
  // on then, whether or not anyone asks for it), not before the store
  // writes again (store_writable).
  void reload_later(const std::string& id) override;

  // --- When the store cannot write (docs/server.md, "When the store cannot
  // write"). A write answered store/unavailable (a full disk, an I/O error,
  // the database out of reach) marks the store failing: GET /healthz
  // answers 503 with the reason, new tables and people's decisions are
  // refused at once (store/unavailable), tables that lost a write are not
  // read again, and the store is probed (TableStore::probe) every second until
  // it writes; then everything resumes by itself. Logged once a second at
  // most, whatever the number of refusals.
  void store_failed(const Error& e) override;
  // store/unavailable while the store cannot write (counted as a refusal).
  MaybeError store_writable() override;
  // Why the store cannot write, or nullopt while it can.
  std::optional<std::string> store_trouble() const;
  // The ratings and standings of a finished game (TableHost::table_finished).
  void table_finished(const std::string& id, const std::string& game,
                      std::vector<std::string> accounts, Json result,
                      std::vector<std::vector<std::string>> addresses) override;
  // The bot's review of one seat of a finished game's record (bots/review.h),
  // made once on the review thread (review_queue.h) and kept in the store, so
  // another node or a restart answers from there. review/seat, review/busy.
  void review(Expected<Json> record, const std::string& table, Seat seat, const std::string& lang,
              ReviewQueue::Reply reply);
  // GET /metrics: the counters, the store's, the queues', in Prometheus text.
  std::string metrics_text();
  // Stops reading tables again: those of reload_later and the resting ones due.
  void stop_reloads();
  // The lobby saved in the store under `id` (any node's), if any. Reads the store.
  std::optional<store::TableSpec> find_lobby(const std::string& id) const override;
  std::unique_ptr<net::steady_timer> keeper;
  // GET /api/tables (docs/protocol.md): one page of the public lobbies
  // with a free seat (`playing` false), or of the public games being
  // played, to watch (true); people waiting at a lobby first, then the
  // newest. With several nodes (shared()) read from the store, every
  // node's tables (on the pool: it blocks); else from this node's memory.
  // The lobbies pass ask's filters and sort by ask.sort; a lobby whose
  // audience is not everyone is listed only to those it takes: `viewer`
  // says where the asker stands to such a lobby (it may read the store; an
  // empty one: a guest).
  using ViewerOf = std::function<Viewer(const Lobby&)>;
  Json list_tables(const TableList& ask, const ViewerOf& viewer = {});

 private:
  // A table or lobby of the store, rebuilt; its writes name `lease`.
  std::shared_ptr<Table> rebuild(const std::string& id, const store::Lease& lease);
  void retry_reloads();
  // Probes the store once and again a second later while it fails.
  void probe_store();
  void arm_probe();
  std::atomic<bool> store_failing_{false};
  mutable std::mutex health_mutex_;
  std::string store_reason_;                             // under health_mutex_
  std::chrono::steady_clock::time_point failing_since_;  // under health_mutex_
  std::uint64_t refused_ = 0;  // refusals since the last line logged (under health_mutex_)
  std::unique_ptr<net::steady_timer> probe_timer_;  // under health_mutex_
  // Reads again the resting tables whose wake_ms has come, and waits for the next.
  void wake_resting();
  void arm_wakes();                                   // under mutex_
  std::mutex admit_mutex_;                            // one admit at a time
  std::unordered_map<std::string, Resting> resting_;  // under mutex_
  std::unique_ptr<net::steady_timer> wake_timer_;     // under mutex_
  std::optional<std::int64_t> wake_at_;               // when it fires (under mutex_)
  std::mutex mutex_;
  std::unordered_set<std::string> reloads_;  // under mutex_
  std::unique_ptr<net::steady_timer> reload_timer_;
  std::atomic<std::size_t> next_ioc_{0};
  std::mutex load_mutex_;  // one load of a table at a time
  std::unordered_map<std::string, std::shared_ptr<Table>> tables_;
  std::unordered_set<std::string> damaged_;  // under mutex_
};

}  // namespace meeple::server
