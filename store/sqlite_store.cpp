#include "store/sqlite_store.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>

#include <fmt/format.h>
#include <pthread.h>
#include <sqlite3.h>

#include "store/spec_json.h"
#include "store/wal_buffer.h"

namespace meeple::store {

namespace {

Error sql_error(sqlite3* db, std::string_view what) {
  return make_error(meeple::errc::kIo, fmt::format("sqlite: {}: {}", what, sqlite3_errmsg(db)));
}

MaybeError exec(sqlite3* db, const char* sql) {
  char* msg = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
    Error e = make_error(meeple::errc::kIo, fmt::format("sqlite: {}: {}", sql, msg ? msg : "?"));
    sqlite3_free(msg);
    return e;
  }
  return std::nullopt;
}

// Statements prepared once, for the connections that ask (the writer's:
// every write runs the same few statements, and parsing them took a large
// share of the commit thread's time). Keyed by the connection and the
// statement's text; a statement is lent to one Stmt at a time (a second Stmt
// of the same text meanwhile prepares its own).
struct Lent {
  sqlite3_stmt* stmt = nullptr;
  bool in_use = false;
};
std::mutex prepared_mutex;
std::map<sqlite3*, std::map<std::string, Lent, std::less<>>> prepared;

void keep_prepared(sqlite3* db) {
  std::lock_guard lock(prepared_mutex);
  prepared[db];
}

// Before the connection closes.
void drop_prepared(sqlite3* db) {
  std::lock_guard lock(prepared_mutex);
  auto it = prepared.find(db);
  if (it == prepared.end()) return;
  for (auto& [sql, lent] : it->second) sqlite3_finalize(lent.stmt);
  prepared.erase(it);
}

// A prepared statement: the connection's kept one (reset after use) or one
// of its own (finalized). Outside the unnamed namespace: SqliteStore's
// private helpers name it.
}  // namespace

class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    {
      std::lock_guard lock(prepared_mutex);
      if (auto it = prepared.find(db); it != prepared.end()) {
        auto& stmts = it->second;
        auto s = stmts.find(std::string_view(sql));
        if (s == stmts.end()) {
          sqlite3_stmt* st = nullptr;
          if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr) !=
              SQLITE_OK) {
            sqlite3_finalize(st);
            return;
          }
          s = stmts.emplace(sql, Lent{st, false}).first;
        }
        if (!s->second.in_use) {
          s->second.in_use = true;
          lent_ = &s->second;
          s_ = s->second.stmt;
          return;
        }
      }
    }
    if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK) {
      sqlite3_finalize(s_);
      s_ = nullptr;
    }
  }
  ~Stmt() {
    if (!lent_) {
      sqlite3_finalize(s_);
      return;
    }
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
    std::lock_guard lock(prepared_mutex);
    lent_->in_use = false;
  }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  bool ok() const { return s_ != nullptr; }
  Stmt& bind(int i, std::string_view v) {
    sqlite3_bind_text(s_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  Stmt& bind_real(int i, double v) {
    sqlite3_bind_double(s_, i, v);
    return *this;
  }
  double real(int col) const { return sqlite3_column_double(s_, col); }
  Stmt& bind_null(int i) {
    sqlite3_bind_null(s_, i);
    return *this;
  }
  void reset() {
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
  }
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return sqlite3_step(s_); }
  std::int64_t integer(int col) const { return sqlite3_column_int64(s_, col); }
  bool is_null(int col) const { return sqlite3_column_type(s_, col) == SQLITE_NULL; }
  std::string text(int col) const {
    const auto* p = sqlite3_column_text(s_, col);
    return p ? std::string(reinterpret_cast<const char*>(p),
                           static_cast<std::size_t>(sqlite3_column_bytes(s_, col)))
             : std::string();
  }
  sqlite3* db() const { return db_; }

 private:
  sqlite3* db_;
  sqlite3_stmt* s_ = nullptr;
  Lent* lent_ = nullptr;  // the connection's kept statement, if borrowed
};

namespace {

// One statement without results (BEGIN, SAVEPOINT, ...), through Stmt: kept
// prepared on a connection that keeps them.
MaybeError run(sqlite3* db, const char* sql) {
  Stmt q(db, sql);
  if (!q.ok() || q.step() != SQLITE_DONE)
    return make_error(meeple::errc::kIo, fmt::format("sqlite: {}: {}", sql, sqlite3_errmsg(db)));
  return std::nullopt;
}

std::int64_t now_millis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

MaybeError fenced(const TableId& id, const Lease& latest, const Lease& lease) {
  return make_error(errc::kFenced,
                    fmt::format("'{}' is held by {} (fencing {}), not {} (fencing {})", id,
                                latest.owner, latest.fencing, lease.owner, lease.fencing));
}

// The id's latest lease: its owners row, or the default Lease when it was
// never acquired.
Expected<Lease> latest_lease(sqlite3* db, const TableId& id) {
  Stmt q(db, "SELECT owner, fencing FROM owners WHERE id = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return Lease{};
  if (rc != SQLITE_ROW) return sql_error(db, "read owner");
  return Lease{q.text(0), static_cast<std::uint64_t>(q.integer(1))};
}

MaybeError check_lease(sqlite3* db, const TableId& id, const Lease& lease) {
  auto l = latest_lease(db, id);
  if (!l) return l.error();
  if (l->owner != lease.owner || l->fencing != lease.fencing) return fenced(id, *l, lease);
  return std::nullopt;
}

}  // namespace

// A table's row as a write to it checks it (in the write's own transaction):
// its latest lease, whether it is finished, and its count of entries, the
// next one's number (they are numbered from 0 without a gap), read from the
// entries' key. (Before version 7 the table's row kept the count, and every
// append wrote it: a second page of the database written per action.)
Expected<SqliteStore::Known> SqliteStore::read_known(sqlite3* db, const TableId& id) {
  Stmt q(db,
         "SELECT t.result IS NOT NULL, (SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE "
         "table_id = t.id), COALESCE(o.owner, 'local'), "
         "COALESCE(o.fencing, 1) FROM tables t LEFT JOIN owners o ON o.id = t.id WHERE t.id = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  if (rc != SQLITE_ROW) return sql_error(db, "read table");
  return Known{.lease = {q.text(2), static_cast<std::uint64_t>(q.integer(3))},
               .entries = q.integer(1),
               .finished = q.integer(0) != 0};
}

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  players INTEGER NOT NULL,
  spec TEXT NOT NULL,
  result TEXT,
  owner TEXT NOT NULL DEFAULT '',
  fencing INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
  table_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  seat INTEGER NOT NULL,
  action INTEGER NOT NULL,
  json TEXT,
  text TEXT,
  at INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lobbies (
  id TEXT PRIMARY KEY,
  spec TEXT NOT NULL,
  updated INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS owners (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  fencing INTEGER NOT NULL,
  lease_until INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
  table_id TEXT NOT NULL,
  key TEXT NOT NULL,
  review TEXT NOT NULL,
  PRIMARY KEY (table_id, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  folded TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  hidden INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY,
  account TEXT NOT NULL,
  expires INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account);
CREATE TABLE IF NOT EXISTS recovery_codes (
  account TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  PRIMARY KEY (account, code_hash)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS keyring (
  account TEXT NOT NULL,
  table_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  token TEXT NOT NULL,
  added INTEGER NOT NULL,
  PRIMARY KEY (account, table_id, seat)
);
CREATE INDEX IF NOT EXISTS keyring_table ON keyring (table_id);
CREATE TABLE IF NOT EXISTS friends (
  account TEXT NOT NULL,
  friend TEXT NOT NULL,
  PRIMARY KEY (account, friend)
);
CREATE TABLE IF NOT EXISTS invitations (
  account TEXT NOT NULL,
  table_id TEXT NOT NULL,
  game TEXT NOT NULL,
  title TEXT NOT NULL,
  sender TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (account, table_id)
);
CREATE TABLE IF NOT EXISTS ratings (
  account TEXT NOT NULL,
  game TEXT NOT NULL,
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL,
  PRIMARY KEY (account, game)
) WITHOUT ROWID;
)sql";

Expected<sqlite3*> open_connection(const std::string& path) {
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  // The VFS that writes a commit's WAL frames in one call (wal_buffer.h).
  if (sqlite3_open_v2(path.c_str(), &db, flags, wal_buffer_vfs()) != SQLITE_OK) {
    Error e = make_error(meeple::errc::kIo, fmt::format("cannot open database '{}': {}", path,
                                                        db ? sqlite3_errmsg(db) : "no memory"));
    sqlite3_close(db);
    return e;
  }
  sqlite3_busy_timeout(db, 5000);
  return db;
}

}  // namespace

Expected<std::unique_ptr<SqliteStore>> SqliteStore::open(const std::string& path,
                                                         std::chrono::microseconds pace) {
  std::unique_ptr<SqliteStore> s(new SqliteStore());
  auto w = open_connection(path);
  if (!w) return w.error();
  s->writer_ = *w;
  // WAL: readers never block the writer; FULL: every commit is fsynced, so
  // an acknowledged action survives a crash of the machine, not only of the
  // process.
  for (const char* sql :
       {"PRAGMA journal_mode=WAL;", "PRAGMA synchronous=FULL;", "PRAGMA foreign_keys=ON;"})
    if (auto e = exec(s->writer_, sql)) return *e;
  if (auto e = exec(s->writer_, "BEGIN IMMEDIATE;")) return *e;
  if (auto e = exec(s->writer_, kSchema)) return *e;
  {
    Stmt v(s->writer_, "SELECT version FROM schema_version");
    if (v.step() == SQLITE_ROW) {
      const auto version = v.integer(0);
      if (version > kSchemaVersion)
        return make_error(meeple::errc::kIo,
                          fmt::format("database '{}' has schema version {}, newer than {}", path,
                                      version, kSchemaVersion));
      // Version 1 had no lobbies (the schema above added the table);
      // versions 1 and 2 had no time on entries.
      if (version < 3)
        if (auto e =
                exec(s->writer_, "ALTER TABLE entries ADD COLUMN at INTEGER NOT NULL DEFAULT 0;"))
          return *e;
      // (Version 5 added the reviews table, version 6 the accounts' tables:
      // the schema above creates them.)
      // Versions 1 to 3 kept a table's owner and fencing number in its row
      // (written by every append; lobbies had none). Version 4 keeps every
      // id's in owners: a table whose latest lease is not the default one
      // moves there, its lease run out (its node is unknown).
      if (version < 4)
        if (auto e = exec(s->writer_,
                          "INSERT OR IGNORE INTO owners (id, owner, fencing, lease_until) "
                          "SELECT id, owner, fencing, 0 FROM tables WHERE owner <> '' AND "
                          "fencing > 0 AND NOT (owner = 'local' AND fencing = 1);"))
          return *e;
      // Version 7 counts a table's entries in their key (check_write).
      if (version < 7)
        if (auto e = exec(s->writer_, "ALTER TABLE tables DROP COLUMN entries;")) return *e;
      if (auto e =
              exec(s->writer_,
                   fmt::format("UPDATE schema_version SET version = {};", kSchemaVersion).c_str()))
        return *e;
    } else if (auto e = exec(s->writer_,
                             fmt::format("INSERT INTO schema_version VALUES ({});", kSchemaVersion)
                                 .c_str())) {
      return *e;
    }
    Stmt n(s->writer_, "SELECT COALESCE(MAX(rowid), 0) FROM tables");
    if (n.step() == SQLITE_ROW) s->next_id_ = static_cast<std::uint64_t>(n.integer(0));
  }
  if (auto e = exec(s->writer_, "COMMIT;")) return *e;
  // An in-memory database is private to its connection: read through the writer.
  if (path != ":memory:" && !path.empty()) {
    auto r = open_connection(path);
    if (!r) return r.error();
    s->reader_ = *r;
  }
  keep_prepared(s->writer_);
  // An in-memory database has no fsync to share: it commits at once; nor a
  // WAL to checkpoint.
  if (s->reader_ != nullptr) {
    s->pace_ = pace;
    sqlite3_wal_autocheckpoint(s->writer_, kCheckpointPages);
  }
  s->committer_ = std::thread([p = s.get()] { p->commit_loop(); });
  return s;
}

SqliteStore::~SqliteStore() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_cv_.notify_all();
  if (committer_.joinable()) committer_.join();
  sqlite3_close(reader_);
  drop_prepared(writer_);
  sqlite3_close(writer_);
}

bool SqliteStore::enqueue(std::function<MaybeError(sqlite3*)> run,
                          std::function<void(MaybeError)> done, bool given, bool entries_only) {
  bool wake = false;
  {
    std::lock_guard lock(queue_mutex_);
    if (stopping_) return false;
    queue_.push_back({std::move(run), std::move(done), given, entries_only});
    caller_waits_ = caller_waits_ || !given;
    wake = committer_idle_ || !given || queue_.size() == kFullBatch;
  }
  if (wake) queue_cv_.notify_one();
  return true;
}

MaybeError SqliteStore::submit(std::function<MaybeError(sqlite3*)> run, bool entries_only) {
  std::promise<MaybeError> outcome;
  std::future<MaybeError> f = outcome.get_future();
  if (!enqueue(
          std::move(run), [&outcome](MaybeError e) { outcome.set_value(std::move(e)); }, false,
          entries_only))
    return make_error(meeple::errc::kIo, "the store is closing");
  return f.get();
}

bool SqliteStore::write_batch(const std::deque<Queued>& batch, std::vector<MaybeError>& results,
                              bool savepoints) {
  MaybeError failed = run(writer_, "BEGIN IMMEDIATE");
  // What the commit thread knows of its tables holds while no other
  // connection has written the file since it last looked.
  if (!failed) {
    Stmt v(writer_, "PRAGMA data_version");
    if (v.step() != SQLITE_ROW) {
      failed = sql_error(writer_, "data_version");
    } else if (v.integer(0) != data_version_) {
      known_.clear();
      data_version_ = v.integer(0);
    }
  }
  for (std::size_t i = 0; i < batch.size() && !failed; ++i) {
    // Only entry writes keep what is known (any other may change a lease).
    if (!batch[i].entries_only) known_.clear();
    if (savepoints && (failed = run(writer_, "SAVEPOINT w"))) break;
    const std::int64_t changes = sqlite3_total_changes64(writer_);
    results[i] = batch[i].run(writer_);
    if (results[i]) known_.clear();
    if (savepoints) {
      if (results[i]) failed = run(writer_, "ROLLBACK TO w");
      if (!failed) failed = run(writer_, "RELEASE w");
    } else if (results[i] &&
               (sqlite3_total_changes64(writer_) != changes || sqlite3_get_autocommit(writer_))) {
      // The refused write changed rows before its refusal (or the
      // transaction is gone): the batch is written again, each write in a
      // savepoint.
      exec(writer_, "ROLLBACK;");
      return false;
    }
  }
  if (!failed) failed = run(writer_, "COMMIT");
  if (failed) {
    exec(writer_, "ROLLBACK;");
    known_.clear();
    for (auto& r : results) r = *failed;
  }
  return true;
}

void SqliteStore::commit_loop() {
  // Named, so that top, perf and /proc/PID/task/*/comm tell it from the
  // network threads (`meeple loadtest` measures its CPU per action so).
  pthread_setname_np(pthread_self(), "meeple-commit");
  // When the last commit began, and whether it carried more than one write
  // given without waiting.
  std::chrono::steady_clock::time_point last{};
  bool shared = false;
  for (;;) {
    std::deque<Queued> batch;
    {
      std::unique_lock lock(queue_mutex_);
      committer_idle_ = true;
      queue_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      committer_idle_ = false;
      if (queue_.empty()) return;  // stopping, and everything is written
      // Pacing (the header says why and when).
      if (shared && pace_ > std::chrono::microseconds::zero())
        queue_cv_.wait_until(lock, last + pace_, [&] {
          return stopping_ || caller_waits_ || queue_.size() >= kFullBatch;
        });
      batch.swap(queue_);
      caller_waits_ = false;
    }
    const auto t0 = std::chrono::steady_clock::now();
    last = t0;
    shared = std::count_if(batch.begin(), batch.end(), [](const Queued& q) { return q.given; }) > 1;
    std::vector<MaybeError> results(batch.size());
    // The writer is also the reader of an in-memory database.
    std::unique_lock db_lock(read_mutex_, std::defer_lock);
    if (reader_ == nullptr) db_lock.lock();
    if (!write_batch(batch, results, false)) write_batch(batch, results, true);
    // Counted before any writer is told, so a writer sees its commit in stats().
    counters_.add(batch.size(), std::chrono::steady_clock::now() - t0);
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i].done(std::move(results[i]));
  }
}

Expected<TableId> SqliteStore::create(const TableSpec& spec, const Lease& lease) {
  TableId id;
  auto e = submit([&](sqlite3* db) -> MaybeError {
    if (!spec.id.empty()) {
      Stmt q(db, "SELECT 1 FROM tables WHERE id = ?");
      if (!q.ok()) return sql_error(db, "prepare");
      q.bind(1, spec.id);
      if (q.step() == SQLITE_ROW)
        return make_error(errc::kExists, fmt::format("table '{}' exists already", spec.id));
      // A named id may be a lobby's or an acquired one: its lease must be the latest.
      if (auto err = check_lease(db, spec.id, lease)) return err;
    }
    // A made id is new (nobody holds it): no lease to check.
    for (;;) {
      id = spec.id.empty() ? fmt::format("t{}", ++next_id_) : spec.id;
      Stmt q(db,
             "INSERT INTO tables (id, game, players, spec, created) "
             "VALUES (?, ?, ?, ?, strftime('%s','now'))");
      if (!q.ok()) return sql_error(db, "prepare");
      q.bind(1, id).bind(2, spec.game).bind(3, spec.players).bind(4, spec_to_json(spec).dump());
      const int rc = q.step();
      if (rc == SQLITE_CONSTRAINT && spec.id.empty()) continue;  // a chosen id took that name
      if (rc == SQLITE_CONSTRAINT)
        return make_error(errc::kExists, fmt::format("table '{}' exists already", id));
      if (rc != SQLITE_DONE) return sql_error(db, "create table");
      break;
    }
    Stmt d(db, "DELETE FROM lobbies WHERE id = ?");
    if (!d.ok()) return sql_error(db, "prepare");
    d.bind(1, id);
    if (d.step() != SQLITE_DONE) return sql_error(db, "drop lobby");
    return std::nullopt;
  });
  if (e) return *e;
  return id;
}

namespace {
// Appends entries to a table checked by write_entries, whose count of
// entries is `seq` (inside a write's transaction).
MaybeError insert_entries(sqlite3* db, const TableId& id, std::int64_t seq,
                          std::span<const Entry> entries) {
  Stmt ins(db,
           "INSERT INTO entries (table_id, seq, kind, seat, action, json, text, at) "
           "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  if (!ins.ok()) return sql_error(db, "prepare");
  for (const Entry& en : entries) {
    ins.reset();
    ins.bind(1, id).bind(2, seq++).bind(3, en.kind).bind(4, en.seat).bind(5, en.action);
    if (en.json.is_null())
      ins.bind_null(6);
    else
      ins.bind(6, en.json.dump());
    ins.bind(7, en.text).bind(8, en.at);
    if (ins.step() != SQLITE_DONE) return sql_error(db, "append");
  }
  return std::nullopt;
}

// Marks the table finished with its result (inside a write's transaction).
MaybeError set_result(sqlite3* db, const TableId& id, const Json& result) {
  Stmt u(db, "UPDATE tables SET result = ? WHERE id = ?");
  u.bind(1, result.dump()).bind(2, id);
  if (u.step() != SQLITE_DONE) return sql_error(db, "finish");
  return std::nullopt;
}
}  // namespace

MaybeError SqliteStore::write_entries(sqlite3* db, const TableId& id, const Lease& lease,
                                      std::span<const Entry> entries, const Json& result) {
  // The checks every write to an existing table makes (as MemoryStore's):
  // unknown, fenced, finished.
  auto k = known_.find(id);
  if (k == known_.end()) {
    auto read = read_known(db, id);
    if (!read) return read.error();
    k = known_.emplace(id, std::move(*read)).first;
  }
  const Known& was = k->second;
  if (was.lease.owner != lease.owner || was.lease.fencing != lease.fencing)
    return fenced(id, was.lease, lease);
  if (was.finished) return make_error(errc::kFinished, fmt::format("table '{}' is finished", id));
  if (auto e = insert_entries(db, id, was.entries, entries)) return e;
  if (!result.is_null())
    if (auto e = set_result(db, id, result)) return e;
  // Known as this write leaves it (forgotten by write_batch if the batch
  // does not commit); a finished table takes no more writes, and is
  // forgotten (one that is written to again reads its row: finished).
  if (result.is_null())
    k->second.entries += static_cast<std::int64_t>(entries.size());
  else
    known_.erase(k);
  return std::nullopt;
}

MaybeError SqliteStore::append(const TableId& id, const Lease& lease,
                               std::span<const Entry> entries) {
  return submit([&](sqlite3* db) { return write_entries(db, id, lease, entries, Json()); }, true);
}

void SqliteStore::write_async(Write w, std::function<void(MaybeError)> done) {
  auto run = [this, write = std::make_shared<Write>(std::move(w))](sqlite3* db) {
    return write_entries(db, write->id, write->lease, write->entries, write->result);
  };
  if (!enqueue(std::move(run), done, true, true))
    done(make_error(meeple::errc::kIo, "the store is closing"));
}

MaybeError SqliteStore::finish(const TableId& id, const Lease& lease, std::span<const Entry> last,
                               const Json& result) {
  // One write: its statements commit together or not at all (write_batch).
  return submit([&](sqlite3* db) { return write_entries(db, id, lease, last, result); }, true);
}

Expected<TableRecord> SqliteStore::load(const TableId& id) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  // One read transaction: the table and its entries as of one commit.
  if (auto e = exec(db, "BEGIN;")) return *e;
  struct End {
    sqlite3* db;
    ~End() { exec(db, "COMMIT;"); }
  } end{db};
  Stmt q(db, "SELECT spec, result FROM tables WHERE id = ?");
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  if (rc != SQLITE_ROW) return sql_error(db, "load");
  TableRecord t;
  t.id = id;
  auto spec = Json::parse(q.text(0), nullptr, false);
  auto result = q.is_null(1) ? Json() : Json::parse(q.text(1), nullptr, false);
  if (spec.is_discarded() || result.is_discarded())
    return make_error(meeple::errc::kCorruptRecord, fmt::format("table '{}' is corrupt", id));
  t.spec = spec_from_json(id, spec);
  t.result = result;
  Stmt en(db,
          "SELECT kind, seat, action, json, text, at FROM entries WHERE table_id = ? ORDER BY seq");
  en.bind(1, id);
  int r;
  while ((r = en.step()) == SQLITE_ROW) {
    Entry e;
    e.kind = en.text(0);
    e.seat = static_cast<Seat>(en.integer(1));
    e.action = static_cast<Action>(en.integer(2));
    if (!en.is_null(3)) {
      e.json = Json::parse(en.text(3), nullptr, false);
      if (e.json.is_discarded())
        return make_error(meeple::errc::kCorruptRecord, fmt::format("table '{}' is corrupt", id));
    }
    e.text = en.text(4);
    e.at = en.integer(5);
    t.entries.push_back(std::move(e));
  }
  if (r != SQLITE_DONE) return sql_error(db, "load entries");
  return t;
}

std::vector<TableSummary> SqliteStore::list(bool unfinished_only) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  std::vector<TableSummary> out;
  Stmt q(db, unfinished_only
                 ? "SELECT id, game, players, (SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE "
                   "table_id = tables.id), 0, spec FROM tables WHERE result IS NULL ORDER BY rowid"
                 : "SELECT id, game, players, (SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE "
                   "table_id = tables.id), result IS NOT NULL, spec FROM tables ORDER BY rowid");
  while (q.step() == SQLITE_ROW)
    out.push_back({q.text(0), q.text(1), static_cast<int>(q.integer(2)),
                   static_cast<std::size_t>(q.integer(3)), q.integer(4) != 0,
                   spec_options(q.text(5))});
  return out;
}

MaybeError SqliteStore::save_lobby(const TableSpec& spec, const Lease& lease) {
  if (spec.id.empty()) return make_error(errc::kUnknownTable, "a lobby is saved under its id");
  return submit([&](sqlite3* db) -> MaybeError {
    if (auto e = check_lease(db, spec.id, lease)) return e;
    Stmt q(db,
           "INSERT INTO lobbies (id, spec, updated) VALUES (?, ?, strftime('%s','now')) "
           "ON CONFLICT(id) DO UPDATE SET spec = excluded.spec, updated = excluded.updated");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, spec.id).bind(2, spec_to_json(spec).dump());
    if (q.step() != SQLITE_DONE) return sql_error(db, "save lobby");
    return std::nullopt;
  });
}

MaybeError SqliteStore::drop_lobby(const TableId& id, const Lease& lease) {
  return submit([&](sqlite3* db) -> MaybeError {
    if (auto e = check_lease(db, id, lease)) return e;
    Stmt q(db, "DELETE FROM lobbies WHERE id = ?");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, id);
    if (q.step() != SQLITE_DONE) return sql_error(db, "drop lobby");
    return std::nullopt;
  });
}

MaybeError SqliteStore::save_review(const TableId& id, const std::string& key, const Json& review) {
  const std::string text = review.dump();
  return submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db, "INSERT OR REPLACE INTO reviews (table_id, key, review) VALUES (?, ?, ?)");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, id);
    q.bind(2, key);
    q.bind(3, text);
    if (q.step() != SQLITE_DONE) return sql_error(db, "save review");
    return std::nullopt;
  });
}

Expected<Json> SqliteStore::load_review(const TableId& id, const std::string& key) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  Stmt q(db, "SELECT review FROM reviews WHERE table_id = ? AND key = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, id);
  q.bind(2, key);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return Json(nullptr);
  if (rc != SQLITE_ROW) return sql_error(db, "load review");
  auto j = Json::parse(q.text(0), nullptr, false);
  if (j.is_discarded()) return Json(nullptr);  // unreadable: made again
  return j;
}

std::vector<TableSpec> SqliteStore::lobbies() const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  std::vector<TableSpec> out;
  Stmt q(db, "SELECT id, spec FROM lobbies ORDER BY rowid");
  while (q.step() == SQLITE_ROW) {
    auto j = Json::parse(q.text(1), nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;  // unreadable: left out
    out.push_back(spec_from_json(q.text(0), j));
  }
  return out;
}

Expected<Lease> SqliteStore::acquire(const TableId& id, const std::string& node,
                                     std::chrono::milliseconds ttl) {
  if (id.empty()) return make_error(errc::kUnknownTable, "acquire needs an id");
  Lease out;
  auto e = submit([&](sqlite3* db) -> MaybeError {
    auto l = latest_lease(db, id);
    if (!l) return l.error();
    out = {.owner = node, .fencing = l->fencing + 1};
    Stmt q(db,
           "INSERT INTO owners (id, owner, fencing, lease_until) VALUES (?, ?, ?, ?) "
           "ON CONFLICT(id) DO UPDATE SET owner = excluded.owner, fencing = excluded.fencing, "
           "lease_until = excluded.lease_until");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, id)
        .bind(2, node)
        .bind(3, static_cast<std::int64_t>(out.fencing))
        .bind(4, now_millis() + ttl.count());
    if (q.step() != SQLITE_DONE) return sql_error(db, "acquire");
    return std::nullopt;
  });
  if (e) return *e;
  return out;
}

Expected<std::vector<TableId>> SqliteStore::renew(const std::string& node,
                                                  std::span<const TableId> ids,
                                                  std::chrono::milliseconds ttl) {
  std::vector<TableId> lost;
  auto e = submit([&](sqlite3* db) -> MaybeError {
    lost.clear();
    Stmt q(db, "UPDATE owners SET lease_until = ? WHERE id = ? AND owner = ?");
    if (!q.ok()) return sql_error(db, "prepare");
    const std::int64_t until = now_millis() + ttl.count();
    for (const TableId& id : ids) {
      q.reset();
      q.bind(1, until).bind(2, id).bind(3, node);
      if (q.step() != SQLITE_DONE) return sql_error(db, "renew");
      if (sqlite3_changes(db) == 0) lost.push_back(id);
    }
    return std::nullopt;
  });
  if (e) return *e;
  return lost;
}

std::vector<TableId> SqliteStore::expired() const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  std::vector<TableId> out;
  // Oldest first: the lease that ran out first.
  Stmt q(db,
         "SELECT o.id FROM owners o LEFT JOIN tables t ON t.id = o.id "
         "WHERE o.lease_until < ? AND (t.id IS NOT NULL AND t.result IS NULL OR "
         "t.id IS NULL AND EXISTS (SELECT 1 FROM lobbies l WHERE l.id = o.id)) "
         "ORDER BY o.lease_until, o.id");
  q.bind(1, now_millis());
  while (q.step() == SQLITE_ROW) out.push_back(q.text(0));
  return out;
}

StoreStats SqliteStore::stats() const {
  return counters_.stats();
}

// --- Accounts: each write one queued statement or a few (submit), each
// read on the reader connection.

namespace {
// Binds the texts in order (1, 2, ...).
template <class... T>
void bind_texts(Stmt& q, const T&... v) {
  int i = 0;
  (q.bind(++i, std::string_view(v)), ...);
}

Account account_row(const Stmt& q) {
  return {.id = q.text(0),
          .name = q.text(1),
          .folded = q.text(2),
          .password_hash = q.text(3),
          .hidden = q.integer(4) != 0,
          .created = q.integer(5)};
}
}  // namespace

MaybeError SqliteStore::write_one(const char* sql, std::function<void(Stmt&)> bind) {
  return submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db, sql);
    if (!q.ok()) return sql_error(db, "prepare");
    bind(q);
    if (q.step() != SQLITE_DONE) return sql_error(db, "write");
    return std::nullopt;
  });
}

MaybeError SqliteStore::create_account(const Account& a) {
  return submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db,
           "INSERT INTO accounts (id, name, folded, password_hash, hidden, created) "
           "VALUES (?, ?, ?, ?, ?, ?)");
    if (!q.ok()) return sql_error(db, "prepare");
    bind_texts(q, a.id, a.name, a.folded, a.password_hash);
    q.bind(5, std::int64_t{a.hidden}).bind(6, a.created);
    const int rc = q.step();
    if (rc == SQLITE_CONSTRAINT)
      return make_error(errc::kAccountExists, fmt::format("the name '{}' is taken", a.name));
    if (rc != SQLITE_DONE) return sql_error(db, "create account");
    return std::nullopt;
  });
}

Expected<std::optional<Account>> SqliteStore::account(const std::string& id) const {
  return read_account(
      "SELECT id, name, folded, password_hash, hidden, created FROM accounts "
      "WHERE id = ?",
      id);
}

Expected<std::optional<Account>> SqliteStore::account_named(const std::string& folded) const {
  return read_account(
      "SELECT id, name, folded, password_hash, hidden, created FROM accounts "
      "WHERE folded = ?",
      folded);
}

Expected<std::optional<Account>> SqliteStore::read_account(const char* sql,
                                                           const std::string& key) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  Stmt q(db, sql);
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, key);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<Account>();
  if (rc != SQLITE_ROW) return sql_error(db, "read account");
  return std::optional<Account>(account_row(q));
}

MaybeError SqliteStore::update_account(const Account& a) {
  return submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db, "UPDATE accounts SET password_hash = ?, hidden = ? WHERE id = ?");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, a.password_hash).bind(2, std::int64_t{a.hidden}).bind(3, a.id);
    if (q.step() != SQLITE_DONE) return sql_error(db, "update account");
    if (sqlite3_changes(db) == 0) return make_error(errc::kUnknownAccount, "no such account");
    return std::nullopt;
  });
}

MaybeError SqliteStore::delete_account(const std::string& id) {
  return submit([&](sqlite3* db) -> MaybeError {
    for (const char* sql :
         {"DELETE FROM accounts WHERE id = ?1", "DELETE FROM sessions WHERE account = ?1",
          "DELETE FROM recovery_codes WHERE account = ?1", "DELETE FROM keyring WHERE account = ?1",
          "DELETE FROM friends WHERE account = ?1 OR friend = ?1",
          "DELETE FROM invitations WHERE account = ?1", "DELETE FROM ratings WHERE account = ?1"}) {
      Stmt q(db, sql);
      if (!q.ok()) return sql_error(db, "prepare");
      q.bind(1, id);
      if (q.step() != SQLITE_DONE) return sql_error(db, "delete account");
    }
    return std::nullopt;
  });
}

MaybeError SqliteStore::add_session(const std::string& token_hash, const std::string& account,
                                    std::int64_t expires) {
  return write_one(
      "INSERT OR REPLACE INTO sessions (token_hash, account, expires) VALUES (?, ?, ?)",
      [&](Stmt& q) { q.bind(1, token_hash).bind(2, account).bind(3, expires); });
}

Expected<std::optional<std::string>> SqliteStore::session(const std::string& token_hash,
                                                          std::int64_t now) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  Stmt q(db, "SELECT account FROM sessions WHERE token_hash = ? AND expires > ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, token_hash).bind(2, now);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<std::string>();
  if (rc != SQLITE_ROW) return sql_error(db, "read session");
  return std::optional<std::string>(q.text(0));
}

MaybeError SqliteStore::drop_session(const std::string& token_hash) {
  return write_one("DELETE FROM sessions WHERE token_hash = ?",
                   [&](Stmt& q) { q.bind(1, token_hash); });
}

MaybeError SqliteStore::drop_sessions(const std::string& account, const std::string& keep) {
  return write_one("DELETE FROM sessions WHERE account = ? AND token_hash <> ?",
                   [&](Stmt& q) { q.bind(1, account).bind(2, keep); });
}

MaybeError SqliteStore::set_recovery_codes(const std::string& account,
                                           const std::vector<std::string>& hashes) {
  return submit([&](sqlite3* db) -> MaybeError {
    Stmt d(db, "DELETE FROM recovery_codes WHERE account = ?");
    if (!d.ok()) return sql_error(db, "prepare");
    d.bind(1, account);
    if (d.step() != SQLITE_DONE) return sql_error(db, "recovery codes");
    Stmt q(db, "INSERT OR IGNORE INTO recovery_codes (account, code_hash) VALUES (?, ?)");
    if (!q.ok()) return sql_error(db, "prepare");
    for (const std::string& h : hashes) {
      q.reset();
      q.bind(1, account).bind(2, h);
      if (q.step() != SQLITE_DONE) return sql_error(db, "recovery codes");
    }
    return std::nullopt;
  });
}

Expected<bool> SqliteStore::use_recovery_code(const std::string& account, const std::string& hash) {
  bool used = false;
  auto e = submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db, "DELETE FROM recovery_codes WHERE account = ? AND code_hash = ?");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, account).bind(2, hash);
    if (q.step() != SQLITE_DONE) return sql_error(db, "use recovery code");
    used = sqlite3_changes(db) > 0;
    return std::nullopt;
  });
  if (e) return *e;
  return used;
}

Expected<int> SqliteStore::recovery_codes_left(const std::string& account) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  Stmt q(db, "SELECT COUNT(*) FROM recovery_codes WHERE account = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account);
  if (q.step() != SQLITE_ROW) return sql_error(db, "recovery codes");
  return static_cast<int>(q.integer(0));
}

MaybeError SqliteStore::add_to_keyring(const std::string& account, const KeyringSeat& s) {
  return write_one(
      "INSERT OR REPLACE INTO keyring (account, table_id, seat, token, added) VALUES (?, ?, ?, ?, "
      "?)",
      [&](Stmt& q) {
        q.bind(1, account).bind(2, s.table).bind(3, std::int64_t{s.seat}).bind(4, s.token);
        q.bind(5, s.added);
      });
}

Expected<std::vector<KeyringSeat>> SqliteStore::keyring(const std::string& account,
                                                        std::size_t limit) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  Stmt q(db,
         "SELECT table_id, seat, token, added FROM keyring WHERE account = ? "
         "ORDER BY added DESC, rowid DESC LIMIT ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account).bind(2, static_cast<std::int64_t>(limit));
  std::vector<KeyringSeat> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW)
    out.push_back({q.text(0), static_cast<int>(q.integer(1)), q.text(2), q.integer(3)});
  if (rc != SQLITE_DONE) return sql_error(db, "keyring");
  return out;
}

Expected<std::map<int, std::string>> SqliteStore::accounts_at(const TableId& table) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  Stmt q(db, "SELECT seat, account FROM keyring WHERE table_id = ? AND seat >= 0");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, table);
  std::map<int, std::string> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out[static_cast<int>(q.integer(0))] = q.text(1);
  if (rc != SQLITE_DONE) return sql_error(db, "accounts at");
  return out;
}

MaybeError SqliteStore::add_friend(const std::string& account, const std::string& friend_id) {
  return write_one("INSERT OR IGNORE INTO friends (account, friend) VALUES (?, ?)",
                   [&](Stmt& q) { q.bind(1, account).bind(2, friend_id); });
}

MaybeError SqliteStore::remove_friend(const std::string& account, const std::string& friend_id) {
  return write_one("DELETE FROM friends WHERE account = ? AND friend = ?",
                   [&](Stmt& q) { q.bind(1, account).bind(2, friend_id); });
}

Expected<std::vector<std::string>> SqliteStore::friends(const std::string& account) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  Stmt q(db, "SELECT friend FROM friends WHERE account = ? ORDER BY rowid");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account);
  std::vector<std::string> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(q.text(0));
  if (rc != SQLITE_DONE) return sql_error(db, "friends");
  return out;
}

MaybeError SqliteStore::invite(const Invitation& i) {
  return submit([&](sqlite3* db) -> MaybeError {
    // Replaced: deleted and inserted again, so it lists as the newest.
    Stmt d(db, "DELETE FROM invitations WHERE account = ? AND table_id = ?");
    if (!d.ok()) return sql_error(db, "prepare");
    d.bind(1, i.account).bind(2, i.table);
    if (d.step() != SQLITE_DONE) return sql_error(db, "invite");
    Stmt q(db,
           "INSERT INTO invitations (account, table_id, game, title, sender, at) "
           "VALUES (?, ?, ?, ?, ?, ?)");
    if (!q.ok()) return sql_error(db, "prepare");
    bind_texts(q, i.account, i.table, i.game, i.title, i.from);
    q.bind(6, i.at);
    if (q.step() != SQLITE_DONE) return sql_error(db, "invite");
    return std::nullopt;
  });
}

MaybeError SqliteStore::dismiss_invitation(const std::string& account, const TableId& table) {
  return write_one("DELETE FROM invitations WHERE account = ? AND table_id = ?",
                   [&](Stmt& q) { q.bind(1, account).bind(2, table); });
}

Expected<std::vector<Invitation>> SqliteStore::invitations(const std::string& account) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  Stmt q(db,
         "SELECT table_id, game, title, sender, at FROM invitations WHERE account = ? "
         "ORDER BY rowid");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account);
  std::vector<Invitation> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW)
    out.push_back({account, q.text(0), q.text(1), q.text(2), q.text(3), q.integer(4)});
  if (rc != SQLITE_DONE) return sql_error(db, "invitations");
  return out;
}

MaybeError SqliteStore::save_rating(const std::string& account, const std::string& game,
                                    const Rating& r) {
  return write_one(
      "INSERT OR REPLACE INTO ratings (account, game, rating, rd, volatility, games) "
      "VALUES (?, ?, ?, ?, ?, ?)",
      [&](Stmt& q) {
        q.bind(1, account).bind(2, game).bind_real(3, r.rating).bind_real(4, r.rd);
        q.bind_real(5, r.volatility).bind(6, std::int64_t{r.games});
      });
}

Expected<std::optional<Rating>> SqliteStore::rating(const std::string& account,
                                                    const std::string& game) const {
  std::lock_guard lock(read_mutex_);
  sqlite3* db = reader_ ? reader_ : writer_;
  Stmt q(db, "SELECT rating, rd, volatility, games FROM ratings WHERE account = ? AND game = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account).bind(2, game);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<Rating>();
  if (rc != SQLITE_ROW) return sql_error(db, "rating");
  return std::optional<Rating>(
      Rating{q.real(0), q.real(1), q.real(2), static_cast<int>(q.integer(3))});
}

MaybeError SqliteStore::rename_seat(const TableId& table, int seat, const std::string& name) {
  return submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db, "SELECT spec FROM tables WHERE id = ?");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, table);
    const int rc = q.step();
    if (rc == SQLITE_DONE)
      return make_error(errc::kUnknownTable, fmt::format("no table '{}'", table));
    if (rc != SQLITE_ROW) return sql_error(db, "rename seat");
    auto j = Json::parse(q.text(0), nullptr, false);
    if (j.is_discarded() || !j.is_object())
      return make_error(meeple::errc::kCorruptRecord, fmt::format("table '{}' is corrupt", table));
    TableSpec spec = spec_from_json(table, j);
    rename_seat_in(spec, seat, name);
    Stmt u(db, "UPDATE tables SET spec = ? WHERE id = ?");
    if (!u.ok()) return sql_error(db, "prepare");
    u.bind(1, spec_to_json(spec).dump()).bind(2, table);
    if (u.step() != SQLITE_DONE) return sql_error(db, "rename seat");
    return std::nullopt;
  });
}

}  // namespace meeple::store
