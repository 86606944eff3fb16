// The embedded default store: one SQLite file in WAL mode (store/store.h
// states the contract). Schema (version 7, in table schema_version):
//   tables(id, game, players, spec JSON, result JSON or NULL, owner, fencing,
//          created)                 (owner and fencing unused since version 4;
//                                    a count of entries until version 7)
//   entries(table_id, seq, kind, seat, action, json, text, at)  (at: version 3)
//   lobbies(id, spec JSON, updated)                             (version 2)
//   owners(id, owner, fencing, lease_until ms since 1970)       (version 4)
//   reviews(table_id, key, review JSON)                          (version 5)
//   accounts, sessions, recovery_codes, keyring, friends, invitations,
//   ratings (store.h, "Accounts")                                (version 6)
// owners holds the latest lease of every acquired id, table or lobby; an id
// without a row has the default Lease. Opening an older file migrates it in
// one transaction (version 4 moves the tables' owner and fencing to owners).
//
// Group commit: writes (create, append, finish, save_lobby, drop_lobby,
// acquire, renew) from any thread are queued; one commit thread takes
// everything pending and writes it in one transaction with one fsync
// (synchronous=FULL), then wakes each caller with
// its own outcome. One refused append (store/fenced, table/finished) does not
// undo the others of its batch: a refused write has changed nothing (its
// checks come first, and a failed statement undoes itself), and where one
// did change rows before its refusal, the batch is written again with each
// write in a savepoint. A write is durable when its call returns without an
// error, as the interface promises; many tables' actions thus share one
// fsync.
//
// The commit thread keeps what it knows of the tables it writes entries to
// (lease, entries, finished), so an action's write is one INSERT: what it
// knows holds while no other connection has written the file (PRAGMA
// data_version, read once per batch) and only entry writes have run since;
// any other write, or a failed one, forgets it.
//
// Pacing: while tables' writes come together (the last batch carried more
// than one write given by write_async), a commit begins at most once every
// 2 ms, so a busy server's fsyncs are shared by more writes: at 10,000
// actions/s a commit carries about 20 (10 at 1 ms, 2.5 unpaced). A commit
// costs about 100 µs of CPU besides its writes (the fsync, the wake-ups of
// the commit thread and of the network threads it answers): pacing at 1 ms
// saved a sixth of the CPU per action, 2 ms a further 6%, for at most 2 ms
// added to an action's wait (docs/benchmarks.md). A lone table, as in a
// quiet hour, commits at once: its batches carry one write each. A caller
// that waits for its write (append, save_lobby...) is not held back, nor is
// an in-memory database.
//
// Reads (load, list) use their own connection and see every committed write.
//
// Checkpoints (the WAL's pages copied into the database file, and its
// fsync) run on the commit thread, as SQLite runs them, but every
// kCheckpointPages pages of WAL rather than SQLite's 1,000: a busy server's
// commits dirty the same pages again and again (the last page of each live
// table's entries), which a checkpoint copies once, so checkpoints copy
// half as many pages per write (docs/benchmarks.md), and the writes queued
// behind one are held up a quarter as often.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "store/commit_counters.h"
#include "store/store.h"

struct sqlite3;

namespace meeple::store {

class Stmt;  // a prepared statement (sqlite_store.cpp)

// Figures of the commit thread, for /metrics.
class SqliteStore final : public Store {
 public:
  // Pacing (above) of a file's commits.
  static constexpr std::chrono::microseconds kPace{2000};
  // Opens (creating if needed) the database at `path` (":memory:" for a
  // private in-memory one). io/failed when it cannot be opened or its schema
  // is of a newer version.
  static Expected<std::unique_ptr<SqliteStore>> open(const std::string& path,
                                                     std::chrono::microseconds pace = kPace);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  Expected<TableId> create(const TableSpec& spec, const Lease& lease) override;
  MaybeError append(const TableId& id, const Lease& lease, std::span<const Entry> entries) override;
  MaybeError finish(const TableId& id, const Lease& lease, std::span<const Entry> last,
                    const Json& result) override;
  // Queued for the next group commit; `done` runs on the commit thread.
  void write_async(Write w, std::function<void(MaybeError)> done) override;
  bool writes_in_background() const override { return true; }
  Expected<TableRecord> load(const TableId& id) const override;
  std::vector<TableSummary> list(bool unfinished_only) const override;
  MaybeError save_lobby(const TableSpec& spec, const Lease& lease) override;
  MaybeError drop_lobby(const TableId& id, const Lease& lease) override;
  std::vector<TableSpec> lobbies() const override;
  Expected<Lease> acquire(const TableId& id, const std::string& node,
                          std::chrono::milliseconds ttl) override;
  Expected<std::vector<TableId>> renew(const std::string& node, std::span<const TableId> ids,
                                       std::chrono::milliseconds ttl) override;
  std::vector<TableId> expired() const override;
  MaybeError save_review(const TableId& id, const std::string& key, const Json& review) override;
  Expected<Json> load_review(const TableId& id, const std::string& key) const override;
  MaybeError create_account(const Account& a) override;
  Expected<std::optional<Account>> account(const std::string& id) const override;
  Expected<std::optional<Account>> account_named(const std::string& folded) const override;
  MaybeError update_account(const Account& a) override;
  MaybeError delete_account(const std::string& id) override;
  MaybeError add_session(const std::string& token_hash, const std::string& account,
                         std::int64_t expires) override;
  Expected<std::optional<std::string>> session(const std::string& token_hash,
                                               std::int64_t now) const override;
  MaybeError drop_session(const std::string& token_hash) override;
  MaybeError drop_sessions(const std::string& account, const std::string& keep) override;
  MaybeError set_recovery_codes(const std::string& account,
                                const std::vector<std::string>& hashes) override;
  Expected<bool> use_recovery_code(const std::string& account, const std::string& hash) override;
  Expected<int> recovery_codes_left(const std::string& account) const override;
  MaybeError add_to_keyring(const std::string& account, const KeyringSeat& s) override;
  Expected<std::vector<KeyringSeat>> keyring(const std::string& account,
                                             std::size_t limit) const override;
  Expected<std::map<int, std::string>> accounts_at(const TableId& table) const override;
  MaybeError add_friend(const std::string& account, const std::string& friend_id) override;
  MaybeError remove_friend(const std::string& account, const std::string& friend_id) override;
  Expected<std::vector<std::string>> friends(const std::string& account) const override;
  MaybeError invite(const Invitation& i) override;
  MaybeError dismiss_invitation(const std::string& account, const TableId& table) override;
  Expected<std::vector<Invitation>> invitations(const std::string& account) const override;
  MaybeError save_rating(const std::string& account, const std::string& game,
                         const Rating& r) override;
  Expected<std::optional<Rating>> rating(const std::string& account,
                                         const std::string& game) const override;
  MaybeError rename_seat(const TableId& table, int seat, const std::string& name) override;

  // Its group commit: transactions (one fsync each), the writes they
  // carried, time spent committing.
  StoreStats stats() const override;
  static constexpr int kSchemaVersion = 7;

 private:
  // A queued write: runs on the commit thread inside the batch's transaction.
  struct Queued {
    std::function<MaybeError(sqlite3*)> run;
    std::function<void(MaybeError)> done;  // the outcome, on the commit thread
    bool given = false;                    // by write_async: nobody waits for it
    bool entries_only = false;             // writes a table's entries (write_entries)
  };
  // What a write of entries checks of its table (read_known), kept by the
  // commit thread (the header says for how long).
  struct Known {
    Lease lease;
    std::int64_t entries = 0;
    bool finished = false;
  };
  static Expected<Known> read_known(sqlite3* db, const TableId& id);
  // Checks the table (unknown, fenced, finished) and appends its entries,
  // then its result if not null; on the commit thread.
  MaybeError write_entries(sqlite3* db, const TableId& id, const Lease& lease,
                           std::span<const Entry> entries, const Json& result);
  // Writes the batch in one transaction, each write's outcome in results.
  // False when a refused write had changed rows without savepoints: the
  // transaction is rolled back, and the batch is to be written again with
  // them.
  bool write_batch(const std::deque<Queued>& batch, std::vector<MaybeError>& results,
                   bool savepoints);
  SqliteStore() = default;
  // One statement, bound by `bind`, queued for the next group commit.
  MaybeError write_one(const char* sql, std::function<void(Stmt&)> bind);
  Expected<std::optional<Account>> read_account(const char* sql, const std::string& key) const;
  // Queues `run` for the next group commit and waits for its outcome.
  MaybeError submit(std::function<MaybeError(sqlite3*)> run, bool entries_only = false);
  // Queues `run`; `done` gets the outcome (false: the store is closing).
  // `given`: by write_async; otherwise a caller waits for `done`.
  bool enqueue(std::function<MaybeError(sqlite3*)> run, std::function<void(MaybeError)> done,
               bool given, bool entries_only = false);
  void commit_loop();

  sqlite3* writer_ = nullptr;
  sqlite3* reader_ = nullptr;
  mutable std::mutex read_mutex_;
  std::mutex queue_mutex_;
  std::condition_variable queue_cv_;
  std::deque<Queued> queue_;
  bool stopping_ = false;
  bool committer_idle_ = false;  // waiting for a write: a new one wakes it
  bool caller_waits_ = false;    // a queued write's caller waits for it
  // Pacing: a batch waits for the rest of pace_ since the last commit began,
  // or until kFullBatch writes are queued (which wakes the commit thread).
  static constexpr std::size_t kFullBatch = 256;
  std::chrono::microseconds pace_{0};
  std::thread committer_;
  std::uint64_t next_id_ = 0;                 // commit thread only
  std::unordered_map<TableId, Known> known_;  // commit thread only
  std::int64_t data_version_ = -1;            // the writer's, when known_ was last checked
  CommitCounters counters_;
  // About 16 MB of WAL at 4 KB pages.
  static constexpr int kCheckpointPages = 4000;
};

}  // namespace meeple::store
