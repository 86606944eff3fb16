// Internal to store/: one SQLite file as both of its stores use it
// (store/sqlite_store.h describes the file, its group commit and its
// checkpoints): the writer connection and its commit thread
// (sqlite_commit.cpp), the reader connection, the schema (sqlite_schema.cpp),
// and the statements and errors every query uses (sqlite_stmt.cpp).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "store/commit_counters.h"
#include "store/store.h"

struct sqlite3;
struct sqlite3_stmt;

namespace meeple::store {

class FileHold;  // store/sqlite_file.h
struct Lent;     // a kept prepared statement (sqlite_stmt.cpp)

// The code of a failed statement: store/unavailable when the file cannot
// be written (the disk is full, an I/O error): the write's outcome is then
// unknown to the caller, and the server waits for the store to write again
// (TableStore::probe); io/failed otherwise.
const char* failure_code(sqlite3* db);
Error sql_error(sqlite3* db, std::string_view what);
// A read that failed: record/corrupt when SQLite found the file damaged
// there (the table's record cannot be read whole), else as sql_error.
Error read_error(sqlite3* db, const TableId& id, std::string_view what);
// SQL text without results, through sqlite3_exec (several statements).
MaybeError exec(sqlite3* db, const char* sql);
// One statement without results (BEGIN, SAVEPOINT, ...), through Stmt: kept
// prepared on a connection that keeps them.
MaybeError run(sqlite3* db, const char* sql);
std::int64_t now_millis();

// Statements are prepared once for the connections that keep them (the
// writer's: every write runs the same few statements, and parsing them took
// a large share of the commit thread's time), keyed by the connection and
// the statement's text.
void keep_prepared(sqlite3* db);
void drop_prepared(sqlite3* db);  // before the connection closes

// A prepared statement: the connection's kept one (lent to one Stmt at a
// time, reset after use) or one of its own (finalized).
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql);
  ~Stmt();
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  bool ok() const { return s_ != nullptr; }
  Stmt& bind(int i, std::string_view v);
  Stmt& bind(int i, std::int64_t v);
  Stmt& bind_real(int i, double v);
  Stmt& bind_null(int i);
  void reset();
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step();
  std::int64_t integer(int col) const;
  double real(int col) const;
  bool is_null(int col) const;
  std::string text(int col) const;
  sqlite3* db() const { return db_; }

 private:
  sqlite3* db_;
  sqlite3_stmt* s_ = nullptr;
  Lent* lent_ = nullptr;  // the connection's kept statement, if borrowed
};

class SqliteDatabase {
 public:
  // SqliteStore::open and open_to_read (sqlite_schema.cpp).
  static Expected<std::unique_ptr<SqliteDatabase>> open(const std::string& path,
                                                        std::chrono::microseconds pace);
  static Expected<std::unique_ptr<SqliteDatabase>> open_to_read(const std::string& path);
  ~SqliteDatabase();
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;
  // Writes what is queued, then stops the commit thread; later writes are
  // refused (io/failed).
  void stop();

  // Queues `run` for the next group commit and waits for its outcome.
  // `entries_only`: it writes a table's entries (SqliteTableStore's
  // write_entries), which keeps what the commit thread knows of tables.
  MaybeError submit(std::function<MaybeError(sqlite3*)> run, bool entries_only = false);
  // Queues `run`; `done` gets the outcome (false: the store is closing).
  // `given`: by write_async; otherwise a caller waits for `done`.
  bool enqueue(std::function<MaybeError(sqlite3*)> run, std::function<void(MaybeError)> done,
               bool given, bool entries_only = false);
  // One statement, bound by `bind`, through submit.
  MaybeError write_one(const char* sql, std::function<void(Stmt&)> bind);

  // The connection reads use, held for the reader while `lock` lives (the
  // writer's, for an in-memory database: it is private to its connection).
  struct Reader {
    std::unique_lock<std::mutex> lock;
    sqlite3* db;
  };
  Reader reader() const;

  // What a write of entries checks of its table, as the commit thread last
  // saw it (store/sqlite_store.h says for how long it holds); commit thread
  // only.
  struct Known {
    Lease lease;
    std::int64_t entries = 0;
    bool finished = false;
  };
  std::unordered_map<TableId, Known>& known() { return known_; }
  // The greatest rowid of tables when the file was opened (made ids count on).
  std::uint64_t last_table_number() const { return last_table_number_; }

  StoreStats stats() const { return counters_.stats(); }
  MaybeError probe();

 private:
  SqliteDatabase() = default;
  // A queued write: runs on the commit thread inside the batch's transaction.
  struct Queued {
    std::function<MaybeError(sqlite3*)> run;
    std::function<void(MaybeError)> done;  // the outcome, on the commit thread
    bool given = false;                    // by write_async: nobody waits for it
    bool entries_only = false;             // writes a table's entries
  };
  // The schema, created or migrated, in the open transaction (sqlite_schema.cpp).
  MaybeError write_schema(const std::string& path);
  // Writes the batch in one transaction, each write's outcome in results.
  // False when a refused write had changed rows without savepoints: the
  // transaction is rolled back, and the batch is to be written again with
  // them.
  bool write_batch(const std::deque<Queued>& batch, std::vector<MaybeError>& results,
                   bool savepoints);
  void commit_loop();
  // The checkpoint of an idle file, on the commit thread.
  void checkpoint_idle();

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
  std::uint64_t last_table_number_ = 0;
  std::unordered_map<TableId, Known> known_;  // commit thread only
  std::int64_t data_version_ = -1;            // the writer's, when known_ was last checked
  CommitCounters counters_;
  bool unchecked_ = false;  // commit thread only: written since the WAL was last checkpointed
  std::unique_ptr<FileHold> hold_;  // of a file's store (sqlite_restore looks for it)
};

}  // namespace meeple::store
