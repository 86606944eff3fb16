// The schema of an SQLite store's file (store/sqlite_store.h lists its
// versions), created or migrated when the file opens, and the opening.
#include <memory>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sqlite3.h>
#include <unistd.h>

#include "store/sqlite_database.h"
#include "store/sqlite_file.h"
#include "store/sqlite_store.h"
#include "store/wal_buffer.h"

namespace meeple::store {

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
  created INTEGER NOT NULL,
  skeleton TEXT,
  friends_only INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tournaments (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  game TEXT NOT NULL,
  phase TEXT NOT NULL,
  starts INTEGER NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_starts ON tournaments (starts);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY,
  account TEXT NOT NULL,
  expires INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account);
CREATE TABLE IF NOT EXISTS devices (
  token_hash TEXT NOT NULL,
  account TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (token_hash, account)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS devices_account ON devices (account);
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
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, rating DESC, account);
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

Expected<std::unique_ptr<SqliteDatabase>> SqliteDatabase::open(const std::string& path,
                                                               std::chrono::microseconds pace) {
  std::unique_ptr<SqliteDatabase> s(new SqliteDatabase());
  // A damaged file is not served (sqlite_file.h says what is looked at): it
  // would show tables missing, short or finished early without a word.
  if (path != ":memory:" && !path.empty())
    if (auto damage = sqlite_damage(path); !damage.empty()) {
      note_damage(path, damage);
      constexpr std::size_t kShown = 3;  // meeple check shows them all
      const std::size_t more = damage.size() > kShown ? damage.size() - kShown : 0;
      damage.resize(damage.size() - more);
      return make_error(
          errc::kDamaged,
          fmt::format("database '{}' is damaged: {}{}. It is not served: put a backup in its "
                      "place (meeple restore BACKUP --db {}), or see which tables still replay "
                      "(meeple check --db {}); docs/server.md, \"Backups\"",
                      path, fmt::join(damage, "; "),
                      more ? fmt::format(" (and {} more findings)", more) : "", path, path));
    }
  auto w = open_connection(path);
  if (!w) return w.error();
  s->writer_ = *w;
  // WAL: readers never block the writer; FULL: every commit is fsynced, so
  // an acknowledged action survives a crash of the machine, not only of the
  // process.
  for (const char* sql :
       {"PRAGMA journal_mode=WAL;", "PRAGMA synchronous=FULL;", "PRAGMA foreign_keys=ON;"})
    if (auto e = exec(s->writer_, sql)) return *e;
  if (path != ":memory:" && !path.empty()) s->hold_ = std::make_unique<FileHold>(path);
  if (auto e = exec(s->writer_, "BEGIN IMMEDIATE;")) return *e;
  if (auto e = s->write_schema(path)) return *e;
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
    sqlite3_wal_autocheckpoint(s->writer_, SqliteStore::kCheckpointPages);
  }
  s->committer_ = std::thread([p = s.get()] { p->commit_loop(); });
  return s;
}

Expected<std::unique_ptr<SqliteDatabase>> SqliteDatabase::open_to_read(const std::string& path) {
  std::unique_ptr<SqliteDatabase> s(new SqliteDatabase());
  if (::access(path.c_str(), F_OK) != 0)
    return make_error(meeple::errc::kIo, fmt::format("no database '{}'", path));
  if (sqlite3_open_v2(path.c_str(), &s->writer_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
    return make_error(meeple::errc::kIo,
                      fmt::format("cannot open database '{}': {}", path,
                                  s->writer_ ? sqlite3_errmsg(s->writer_) : "no memory"));
  sqlite3_db_config(s->writer_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  sqlite3_busy_timeout(s->writer_, 5000);
  // No commit thread: a write is refused at once (enqueue).
  s->stopping_ = true;
  return s;
}

SqliteStore::SqliteStore(std::unique_ptr<SqliteDatabase> db)
    : db_(std::move(db)), tables_(*db_), accounts_(*db_) {}

// The commit thread stops first: a write it runs may be the table store's.
SqliteStore::~SqliteStore() {
  db_->stop();
}

Expected<std::unique_ptr<SqliteStore>> SqliteStore::open(const std::string& path,
                                                         std::chrono::microseconds pace) {
  auto db = SqliteDatabase::open(path, pace);
  if (!db) return db.error();
  return std::unique_ptr<SqliteStore>(new SqliteStore(std::move(*db)));
}

Expected<std::unique_ptr<SqliteStore>> SqliteStore::open_to_read(const std::string& path) {
  auto db = SqliteDatabase::open_to_read(path);
  if (!db) return db.error();
  return std::unique_ptr<SqliteStore>(new SqliteStore(std::move(*db)));
}

MaybeError SqliteDatabase::write_schema(const std::string& path) {
  if (auto e = exec(writer_, kSchema)) return e;
  {
    Stmt v(writer_, "SELECT version FROM schema_version");
    if (v.step() == SQLITE_ROW) {
      const auto version = v.integer(0);
      if (version > SqliteStore::kSchemaVersion)
        return make_error(meeple::errc::kIo,
                          fmt::format("database '{}' has schema version {}, newer than {}", path,
                                      version, SqliteStore::kSchemaVersion));
      // Version 1 had no lobbies (the schema above added the table);
      // versions 1 and 2 had no time on entries.
      if (version < 3)
        if (auto e = exec(writer_, "ALTER TABLE entries ADD COLUMN at INTEGER NOT NULL DEFAULT 0;"))
          return e;
      // (Version 5 added the reviews table, version 6 the accounts' tables,
      // version 9 the tournaments: the schema above creates them.)
      // Versions 1 to 3 kept a table's owner and fencing number in its row
      // (written by every append; lobbies had none). Version 4 keeps every
      // id's in owners: a table whose latest lease is not the default one
      // moves there, its lease run out (its node is unknown).
      if (version < 4)
        if (auto e = exec(writer_,
                          "INSERT OR IGNORE INTO owners (id, owner, fencing, lease_until) "
                          "SELECT id, owner, fencing, 0 FROM tables WHERE owner <> '' AND "
                          "fencing > 0 AND NOT (owner = 'local' AND fencing = 1);"))
          return e;
      // Version 7 counts a table's entries in their key (check_write).
      if (version < 7)
        if (auto e = exec(writer_, "ALTER TABLE tables DROP COLUMN entries;")) return e;
      // Version 8 keeps each account's skeleton (NULL for the accounts made
      // before: the server computes theirs) and whether it takes
      // invitations from friends only, and its known devices (the schema
      // above). A file older than version 6 got the accounts table whole
      // from the schema above.
      bool old_accounts = false;
      if (version < 8) {
        Stmt has(writer_,
                 "SELECT COUNT(*) FROM pragma_table_info('accounts') WHERE name = 'skeleton'");
        old_accounts = has.step() == SQLITE_ROW && has.integer(0) == 0;
      }
      if (old_accounts)
        if (auto e = exec(writer_,
                          "ALTER TABLE accounts ADD COLUMN skeleton TEXT; ALTER TABLE accounts ADD "
                          "COLUMN friends_only INTEGER NOT NULL DEFAULT 0;"))
          return e;
      if (auto e = exec(writer_, fmt::format("UPDATE schema_version SET version = {};",
                                             SqliteStore::kSchemaVersion)
                                     .c_str()))
        return e;
    } else if (auto e = exec(writer_, fmt::format("INSERT INTO schema_version VALUES ({});",
                                                  SqliteStore::kSchemaVersion)
                                          .c_str())) {
      return e;
    }
    // Unique among the accounts that have one (NULLs are distinct).
    if (auto e = exec(
            writer_, "CREATE UNIQUE INDEX IF NOT EXISTS accounts_skeleton ON accounts (skeleton);"))
      return e;
    Stmt n(writer_, "SELECT COALESCE(MAX(rowid), 0) FROM tables");
    if (n.step() == SQLITE_ROW) last_table_number_ = static_cast<std::uint64_t>(n.integer(0));
  }
  return std::nullopt;
}

}  // namespace meeple::store
