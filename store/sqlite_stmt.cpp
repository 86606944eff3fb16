// The statements and errors every query of an SQLite store uses
// (store/sqlite_database.h).
#include <chrono>
#include <map>
#include <mutex>

#include <fmt/format.h>
#include <sqlite3.h>

#include "store/sqlite_database.h"

namespace meeple::store {

const char* failure_code(sqlite3* db) {
  const int rc = sqlite3_errcode(db) & 0xff;
  return rc == SQLITE_FULL || rc == SQLITE_IOERR ? errc::kUnavailable : meeple::errc::kIo;
}

Error sql_error(sqlite3* db, std::string_view what) {
  return make_error(failure_code(db), fmt::format("sqlite: {}: {}", what, sqlite3_errmsg(db)));
}

Error read_error(sqlite3* db, const TableId& id, std::string_view what) {
  const int rc = sqlite3_errcode(db);
  if (rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB)
    return make_error(
        meeple::errc::kCorruptRecord,
        fmt::format("table '{}' cannot be read: sqlite: {}: {}", id, what, sqlite3_errmsg(db)));
  return sql_error(db, what);
}

MaybeError exec(sqlite3* db, const char* sql) {
  char* msg = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
    Error e = make_error(failure_code(db), fmt::format("sqlite: {}: {}", sql, msg ? msg : "?"));
    sqlite3_free(msg);
    return e;
  }
  return std::nullopt;
}

MaybeError run(sqlite3* db, const char* sql) {
  Stmt q(db, sql);
  if (!q.ok() || q.step() != SQLITE_DONE)
    return make_error(failure_code(db), fmt::format("sqlite: {}: {}", sql, sqlite3_errmsg(db)));
  return std::nullopt;
}

std::int64_t now_millis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A kept statement; lent to one Stmt at a time (a second Stmt of the same
// text meanwhile prepares its own).
struct Lent {
  sqlite3_stmt* stmt = nullptr;
  bool in_use = false;
};

namespace {
std::mutex prepared_mutex;
std::map<sqlite3*, std::map<std::string, Lent, std::less<>>> prepared;
}  // namespace

void keep_prepared(sqlite3* db) {
  std::lock_guard lock(prepared_mutex);
  prepared[db];
}

void drop_prepared(sqlite3* db) {
  std::lock_guard lock(prepared_mutex);
  auto it = prepared.find(db);
  if (it == prepared.end()) return;
  for (auto& [sql, lent] : it->second) sqlite3_finalize(lent.stmt);
  prepared.erase(it);
}

Stmt::Stmt(sqlite3* db, const char* sql) : db_(db) {
  {
    std::lock_guard lock(prepared_mutex);
    if (auto it = prepared.find(db); it != prepared.end()) {
      auto& stmts = it->second;
      auto s = stmts.find(std::string_view(sql));
      if (s == stmts.end()) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr) != SQLITE_OK) {
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

Stmt::~Stmt() {
  if (!lent_) {
    sqlite3_finalize(s_);
    return;
  }
  sqlite3_reset(s_);
  sqlite3_clear_bindings(s_);
  std::lock_guard lock(prepared_mutex);
  lent_->in_use = false;
}

Stmt& Stmt::bind(int i, std::string_view v) {
  sqlite3_bind_text(s_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  return *this;
}

Stmt& Stmt::bind(int i, std::int64_t v) {
  sqlite3_bind_int64(s_, i, v);
  return *this;
}

Stmt& Stmt::bind_real(int i, double v) {
  sqlite3_bind_double(s_, i, v);
  return *this;
}

Stmt& Stmt::bind_null(int i) {
  sqlite3_bind_null(s_, i);
  return *this;
}

void Stmt::reset() {
  sqlite3_reset(s_);
  sqlite3_clear_bindings(s_);
}

int Stmt::step() {
  return sqlite3_step(s_);
}

std::int64_t Stmt::integer(int col) const {
  return sqlite3_column_int64(s_, col);
}

double Stmt::real(int col) const {
  return sqlite3_column_double(s_, col);
}

bool Stmt::is_null(int col) const {
  return sqlite3_column_type(s_, col) == SQLITE_NULL;
}

std::string Stmt::text(int col) const {
  const auto* p = sqlite3_column_text(s_, col);
  return p ? std::string(reinterpret_cast<const char*>(p),
                         static_cast<std::size_t>(sqlite3_column_bytes(s_, col)))
           : std::string();
}

}  // namespace meeple::store
