// The embedded default: both stores in one SQLite file in WAL mode
// (store/table_store.h and store/account_store.h state the contracts).
// Schema (version 9, in table schema_version; store/sqlite_schema.cpp):
//   tables(id, game, players, spec JSON, result JSON or NULL, owner, fencing,
//          created)                 (owner and fencing unused since version 4;
//                                    a count of entries until version 7)
//   entries(table_id, seq, kind, seat, action, json, text, at)  (at: version 3)
//   lobbies(id, spec JSON, updated)                             (version 2)
//   owners(id, owner, fencing, lease_until ms since 1970)       (version 4)
//   reviews(table_id, key, review JSON)                          (version 5)
//   accounts, sessions, recovery_codes, keyring, friends, invitations,
//   ratings (version 6); accounts' skeleton and friends_only, devices
//   (version 8); tournaments(id, name, game, phase, starts, doc JSON) (version 9)
// owners holds the latest lease of every acquired id, table or lobby; an id
// without a row has the default Lease. Opening an older file migrates it in
// one transaction (version 4 moves the tables' owner and fencing to owners).
//
// Group commit (store/sqlite_commit.cpp): every write of either store
// (create, append, finish, save_lobby, drop_lobby, acquire, renew, an
// account's rows) from any thread is queued; one commit thread takes
// everything pending and writes it in one transaction with one fsync
// (synchronous=FULL), then wakes each caller with its own outcome. One
// refused append (store/fenced, table/finished) does not undo the others of
// its batch: a refused write has changed nothing (its checks come first,
// and a failed statement undoes itself), and where one did change rows
// before its refusal, the batch is written again with each write in a
// savepoint. A write is durable when its call returns without an error, as
// the interfaces promise; many tables' actions thus share one fsync.
//
// The commit thread keeps what it knows of the tables it writes entries to
// (lease, entries, finished), so an action's write is one INSERT: what it
// knows holds while no other connection has written the file (PRAGMA
// data_version, read once per batch) and only entry writes have run since;
// any other write, or a failed one, forgets it.
//
// Pacing: while tables' writes come together (the last batch carried more
// than one write given by write_async), a commit begins at most once every
// kPace, so a busy server's fsyncs are shared by more writes; each commit
// saved is worth the CPU of an fsync and of the wake-ups of the commit
// thread and of the network threads it answers, for at most kPace added to
// an action's wait (docs/benchmarks.md has the figures). A lone table, as
// in a quiet hour, commits at once: its batches carry one write each. A
// caller that waits for its write (append, save_lobby, an account's...) is
// not held back, nor is an in-memory database.
//
// Reads (load, list, an account's rows) use their own connection and see
// every committed write.
//
// Checkpoints (the WAL's pages copied into the database file, and its
// fsync) run on the commit thread, as SQLite runs them, but every
// kCheckpointPages pages of WAL rather than SQLite's 1,000: a busy server's
// commits dirty the same pages again and again (the last page of each live
// table's entries), which a checkpoint copies once, so fewer copies per
// write, and the writes queued behind one are held up less often
// (docs/benchmarks.md). And once the file has taken no write for
// kIdleCheckpoint, the commit thread checkpoints what the WAL holds, so
// that the database file itself holds the games (a copy of the file alone,
// or a lost WAL, then misses nothing of a quiet server's).
//
// Opening a file checks it first (store/sqlite_file.h, sqlite_damage): a
// damaged one is refused (store/damaged) with what was found and the way
// out. A table whose record cannot be read whole (SQLite finds its pages
// damaged, or an entry is missing) loads as record/corrupt.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "store/store.h"

struct sqlite3;

namespace meeple::store {

class SqliteDatabase;  // the file's connections and commit thread (sqlite_database.h)

// The tables of one file (sqlite_tables.cpp).
class SqliteTableStore final : public TableStore {
 public:
  explicit SqliteTableStore(SqliteDatabase& db);
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
  MaybeError rename_seat(const TableId& table, int seat, const std::string& name) override;
  // The file's group commit: transactions (one fsync each), the writes they
  // carried (both stores'), time spent committing.
  StoreStats stats() const override;
  // A write through the commit thread, once the file's disk has
  // SqliteStore::kProbeFreeBytes free.
  MaybeError probe() override;

 private:
  // Checks the table (unknown, fenced, finished) and appends its entries,
  // then its result if not null; on the commit thread.
  MaybeError write_entries(sqlite3* db, const TableId& id, const Lease& lease,
                           std::span<const Entry> entries, const Json& result);
  SqliteDatabase& db_;
  std::uint64_t next_id_ = 0;  // the last made id's number (t1, t2...); commit thread only
};

// The accounts of one file (sqlite_accounts.cpp): each write one queued
// statement or a few, each read on the reader connection.
class SqliteAccountStore final : public AccountStore {
 public:
  explicit SqliteAccountStore(SqliteDatabase& db) : db_(db) {}
  MaybeError create_account(const Account& a) override;
  Expected<std::optional<Account>> account(const std::string& id) const override;
  Expected<std::optional<Account>> account_named(const std::string& folded) const override;
  MaybeError update_account(const Account& a) override;
  Expected<std::vector<Account>> accounts_without_skeleton(std::size_t limit) const override;
  MaybeError delete_account(const std::string& id) override;
  MaybeError add_device(const std::string& token_hash, const std::string& account,
                        std::int64_t at) override;
  Expected<bool> known_device(const std::string& token_hash,
                              const std::string& account) const override;
  MaybeError drop_devices(const std::string& account, const std::string& keep) override;
  Expected<bool> shared_device(const std::string& a, const std::string& b,
                               std::int64_t since) const override;
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
  Expected<std::vector<BoardRow>> leaderboard(const std::string& game, std::size_t offset,
                                              std::size_t limit) const override;
  Expected<std::optional<std::int64_t>> board_place(const std::string& account,
                                                    const std::string& game) const override;
  MaybeError save_tournament(const TournamentRow& t) override;
  Expected<std::optional<TournamentRow>> tournament(const std::string& id) const override;
  Expected<std::vector<TournamentRow>> tournaments(const std::string& phase,
                                                   std::size_t limit) const override;

 private:
  Expected<std::optional<Account>> read_account(const char* where, const std::string& key) const;
  SqliteDatabase& db_;
};

// One file: its connections and commit thread, and its two stores.
class SqliteStore final : public Store {
 public:
  // Pacing (above) of a file's commits.
  static constexpr std::chrono::microseconds kPace{2000};
  static constexpr std::uint64_t kProbeFreeBytes = 256 << 10;
  static constexpr int kSchemaVersion = 9;
  // About 16 MB of WAL at 4 KB pages.
  static constexpr int kCheckpointPages = 4000;
  static constexpr std::chrono::seconds kIdleCheckpoint{2};

  // Opens (creating if needed) the database at `path` (":memory:" for a
  // private in-memory one). io/failed when it cannot be opened or its schema
  // is of a newer version.
  static Expected<std::unique_ptr<SqliteStore>> open(const std::string& path,
                                                     std::chrono::microseconds pace = kPace);
  // Opens the file at `path` to read it as it is, damaged or not (`meeple
  // check`): read-only, no schema written, no checkpoint; every write is
  // refused (io/failed). io/failed when there is no such file.
  static Expected<std::unique_ptr<SqliteStore>> open_to_read(const std::string& path);
  // Writes what is queued, then stops the commit thread and closes the file.
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  SqliteTableStore& tables() override { return tables_; }
  SqliteAccountStore& accounts() override { return accounts_; }

 private:
  explicit SqliteStore(std::unique_ptr<SqliteDatabase> db);
  std::unique_ptr<SqliteDatabase> db_;
  SqliteTableStore tables_;
  SqliteAccountStore accounts_;
};

}  // namespace meeple::store
