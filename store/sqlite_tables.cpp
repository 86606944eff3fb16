// The table store of an SQLite file (store/sqlite_store.h): tables and
// their entries, lobbies, leases and reviews. Every write goes through the
// file's commit thread (sqlite_commit.cpp); reads use the reader connection.
#include <memory>

#include <fmt/format.h>
#include <sqlite3.h>

#include "store/spec_json.h"
#include "store/sqlite_database.h"
#include "store/sqlite_store.h"

namespace meeple::store {

namespace {

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

// A table's row as a write to it checks it (in the write's own transaction):
// its latest lease, whether it is finished, and its count of entries, the
// next one's number (they are numbered from 0 without a gap), read from the
// entries' key. (Before version 7 the table's row kept the count, and every
// append wrote it: a second page of the database written per action.)
Expected<SqliteDatabase::Known> read_known(sqlite3* db, const TableId& id) {
  Stmt q(db,
         "SELECT t.result IS NOT NULL, (SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE "
         "table_id = t.id), COALESCE(o.owner, 'local'), "
         "COALESCE(o.fencing, 1) FROM tables t LEFT JOIN owners o ON o.id = t.id WHERE t.id = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  if (rc != SQLITE_ROW) return sql_error(db, "read table");
  return SqliteDatabase::Known{.lease = {q.text(2), static_cast<std::uint64_t>(q.integer(3))},
                               .entries = q.integer(1),
                               .finished = q.integer(0) != 0};
}

}  // namespace

SqliteTableStore::SqliteTableStore(SqliteDatabase& db)
    : db_(db), next_id_(db.last_table_number()) {}

Expected<TableId> SqliteTableStore::create(const TableSpec& spec, const Lease& lease) {
  TableId id;
  auto e = db_.submit([&](sqlite3* db) -> MaybeError {
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

MaybeError SqliteTableStore::write_entries(sqlite3* db, const TableId& id, const Lease& lease,
                                           std::span<const Entry> entries, const Json& result) {
  // The checks every write to an existing table makes (as MemoryStore's):
  // unknown, fenced, finished.
  auto& known = db_.known();
  auto k = known.find(id);
  if (k == known.end()) {
    auto read = read_known(db, id);
    if (!read) return read.error();
    k = known.emplace(id, std::move(*read)).first;
  }
  const SqliteDatabase::Known& was = k->second;
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
    known.erase(k);
  return std::nullopt;
}

MaybeError SqliteTableStore::append(const TableId& id, const Lease& lease,
                                    std::span<const Entry> entries) {
  return db_.submit([&](sqlite3* db) { return write_entries(db, id, lease, entries, Json()); },
                    true);
}

void SqliteTableStore::write_async(Write w, std::function<void(MaybeError)> done) {
  auto run = [this, write = std::make_shared<Write>(std::move(w))](sqlite3* db) {
    return write_entries(db, write->id, write->lease, write->entries, write->result);
  };
  if (!db_.enqueue(std::move(run), done, true, true))
    done(make_error(meeple::errc::kIo, "the store is closing"));
}

MaybeError SqliteTableStore::finish(const TableId& id, const Lease& lease,
                                    std::span<const Entry> last, const Json& result) {
  // One write: its statements commit together or not at all (write_batch).
  return db_.submit([&](sqlite3* db) { return write_entries(db, id, lease, last, result); }, true);
}

Expected<TableRecord> SqliteTableStore::load(const TableId& id) const {
  auto [lock, db] = db_.reader();
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
  if (rc != SQLITE_ROW) return read_error(db, id, "load");
  TableRecord t;
  t.id = id;
  auto spec = Json::parse(q.text(0), nullptr, false);
  auto result = q.is_null(1) ? Json() : Json::parse(q.text(1), nullptr, false);
  if (spec.is_discarded() || result.is_discarded())
    return make_error(meeple::errc::kCorruptRecord,
                      fmt::format("table '{}' cannot be read: its {} is not JSON", id,
                                  spec.is_discarded() ? "spec" : "result"));
  t.spec = spec_from_json(id, spec);
  t.result = result;
  Stmt en(db,
          "SELECT kind, seat, action, json, text, at, seq FROM entries WHERE table_id = ? ORDER "
          "BY seq");
  en.bind(1, id);
  int r;
  while ((r = en.step()) == SQLITE_ROW) {
    // Entries are numbered from 0 without a gap: a gap is a part of the
    // record the file lost.
    if (en.integer(6) != static_cast<std::int64_t>(t.entries.size()))
      return make_error(
          meeple::errc::kCorruptRecord,
          fmt::format("table '{}' cannot be read: its entry {} is missing", id, t.entries.size()));
    Entry e;
    e.kind = en.text(0);
    e.seat = static_cast<Seat>(en.integer(1));
    e.action = static_cast<Action>(en.integer(2));
    if (!en.is_null(3)) {
      e.json = Json::parse(en.text(3), nullptr, false);
      if (e.json.is_discarded())
        return make_error(meeple::errc::kCorruptRecord,
                          fmt::format("table '{}' cannot be read: its entry {} is not JSON", id,
                                      t.entries.size()));
    }
    e.text = en.text(4);
    e.at = en.integer(5);
    t.entries.push_back(std::move(e));
  }
  if (r != SQLITE_DONE) return read_error(db, id, "load entries");
  return t;
}

std::vector<TableSummary> SqliteTableStore::list(bool unfinished_only) const {
  auto [lock, db] = db_.reader();
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

MaybeError SqliteTableStore::save_lobby(const TableSpec& spec, const Lease& lease) {
  if (spec.id.empty()) return make_error(errc::kUnknownTable, "a lobby is saved under its id");
  return db_.submit([&](sqlite3* db) -> MaybeError {
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

MaybeError SqliteTableStore::drop_lobby(const TableId& id, const Lease& lease) {
  return db_.submit([&](sqlite3* db) -> MaybeError {
    if (auto e = check_lease(db, id, lease)) return e;
    Stmt q(db, "DELETE FROM lobbies WHERE id = ?");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, id);
    if (q.step() != SQLITE_DONE) return sql_error(db, "drop lobby");
    return std::nullopt;
  });
}

MaybeError SqliteTableStore::save_review(const TableId& id, const std::string& key,
                                         const Json& review) {
  const std::string text = review.dump();
  return db_.submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db, "INSERT OR REPLACE INTO reviews (table_id, key, review) VALUES (?, ?, ?)");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, id);
    q.bind(2, key);
    q.bind(3, text);
    if (q.step() != SQLITE_DONE) return sql_error(db, "save review");
    return std::nullopt;
  });
}

Expected<Json> SqliteTableStore::load_review(const TableId& id, const std::string& key) const {
  auto [lock, db] = db_.reader();
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

std::vector<TableSpec> SqliteTableStore::lobbies() const {
  auto [lock, db] = db_.reader();
  std::vector<TableSpec> out;
  Stmt q(db, "SELECT id, spec FROM lobbies ORDER BY rowid");
  while (q.step() == SQLITE_ROW) {
    auto j = Json::parse(q.text(1), nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;  // unreadable: left out
    out.push_back(spec_from_json(q.text(0), j));
  }
  return out;
}

Expected<Lease> SqliteTableStore::acquire(const TableId& id, const std::string& node,
                                          std::chrono::milliseconds ttl) {
  if (id.empty()) return make_error(errc::kUnknownTable, "acquire needs an id");
  Lease out;
  auto e = db_.submit([&](sqlite3* db) -> MaybeError {
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

Expected<std::vector<TableId>> SqliteTableStore::renew(const std::string& node,
                                                       std::span<const TableId> ids,
                                                       std::chrono::milliseconds ttl) {
  std::vector<TableId> lost;
  auto e = db_.submit([&](sqlite3* db) -> MaybeError {
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

std::vector<TableId> SqliteTableStore::expired() const {
  auto [lock, db] = db_.reader();
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

StoreStats SqliteTableStore::stats() const {
  return db_.stats();
}

MaybeError SqliteTableStore::probe() {
  return db_.probe();
}

MaybeError SqliteTableStore::rename_seat(const TableId& table, int seat, const std::string& name) {
  return db_.submit([&](sqlite3* db) -> MaybeError {
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
