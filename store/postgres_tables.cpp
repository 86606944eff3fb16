// The table store of the PostgreSQL database (store/postgres_store.h):
// tables and their entries, lobbies, leases and reviews, each write one
// call of a fenced write function.
#include "store/postgres_database.h"
#include "store/spec_json.h"

namespace meeple::store {

namespace {

std::int64_t count(std::chrono::milliseconds ttl) {
  return static_cast<std::int64_t>(ttl.count());
}

// A write's outcome as a MaybeError.
MaybeError done(const Expected<bool>& r) {
  if (!r) return r.error();
  return std::nullopt;
}

}  // namespace

void PostgresTableStore::write_async(Write w, std::function<void(MaybeError)> done) {
  db_.enqueue(std::move(w), std::move(done));
}

StoreStats PostgresTableStore::stats() const {
  return db_.counters.stats();
}

Expected<TableId> PostgresTableStore::create(const TableSpec& spec, const Lease& lease) {
  return db_.write<TableId>("create", [&](pqxx::nontransaction& tx) -> Expected<TableId> {
    auto r =
        tx.exec_prepared("create", spec.id, lease.owner, static_cast<std::int64_t>(lease.fencing),
                         spec.game, spec.players, spec_to_json(spec).dump());
    const std::string answer = r[0][0].is_null() ? "" : r[0][0].as<std::string>();
    if (answer.starts_with("ok|")) return answer.substr(3);
    if (auto e = refusal(spec.id, lease, r[0][0])) return *e;
    return make_error(meeple::errc::kIo, "postgres: create answered nothing");
  });
}

MaybeError PostgresTableStore::append(const TableId& id, const Lease& lease,
                                      std::span<const Entry> entries) {
  auto r = db_.write<bool>("append", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    auto res = tx.exec_prepared("append", id, lease.owner, static_cast<std::int64_t>(lease.fencing),
                                entries_json(entries).dump());
    if (auto e = refusal(id, lease, res[0][0])) return *e;
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

MaybeError PostgresTableStore::finish(const TableId& id, const Lease& lease,
                                      std::span<const Entry> last, const Json& result) {
  auto r = db_.write<bool>("finish", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    auto res = tx.exec_prepared("finish", id, lease.owner, static_cast<std::int64_t>(lease.fencing),
                                entries_json(last).dump(), result.dump());
    if (auto e = refusal(id, lease, res[0][0])) return *e;
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

MaybeError PostgresTableStore::save_lobby(const TableSpec& spec, const Lease& lease) {
  if (spec.id.empty()) return make_error(errc::kUnknownTable, "a lobby is saved under its id");
  auto r = db_.write<bool>("save_lobby", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    auto res =
        tx.exec_prepared("save_lobby", spec.id, lease.owner,
                         static_cast<std::int64_t>(lease.fencing), spec_to_json(spec).dump());
    if (auto e = refusal(spec.id, lease, res[0][0])) return *e;
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

MaybeError PostgresTableStore::drop_lobby(const TableId& id, const Lease& lease) {
  auto r = db_.write<bool>("drop_lobby", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    auto res =
        tx.exec_prepared("drop_lobby", id, lease.owner, static_cast<std::int64_t>(lease.fencing));
    if (auto e = refusal(id, lease, res[0][0])) return *e;
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

Expected<Lease> PostgresTableStore::acquire(const TableId& id, const std::string& node,
                                            std::chrono::milliseconds ttl) {
  if (id.empty()) return make_error(errc::kUnknownTable, "acquire needs an id");
  return db_.write<Lease>("acquire", [&](pqxx::nontransaction& tx) -> Expected<Lease> {
    auto r = tx.exec_prepared("acquire", id, node, count(ttl));
    return Lease{.owner = node, .fencing = r[0][0].as<std::uint64_t>()};
  });
}

Expected<std::vector<TableId>> PostgresTableStore::renew(const std::string& node,
                                                         std::span<const TableId> ids,
                                                         std::chrono::milliseconds ttl) {
  const std::string list = Json(std::vector<TableId>(ids.begin(), ids.end())).dump();
  return db_.write<std::vector<TableId>>(
      "renew", [&](pqxx::nontransaction& tx) -> Expected<std::vector<TableId>> {
        auto r = tx.exec_prepared("renew", list, node, count(ttl));
        std::vector<TableId> kept;
        for (const auto& row : r) kept.push_back(row[0].as<std::string>());
        std::vector<TableId> lost;
        for (const TableId& id : ids)
          if (std::find(kept.begin(), kept.end(), id) == kept.end()) lost.push_back(id);
        return lost;
      });
}

Expected<TableRecord> PostgresTableStore::load(const TableId& id) const {
  return db_.read<TableRecord>("load", [&](pqxx::nontransaction& tx) -> Expected<TableRecord> {
    // One statement: the table and its entries as of one snapshot.
    auto r = tx.exec_prepared("load", id);
    if (r.empty()) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
    TableRecord t;
    t.id = id;
    auto spec = Json::parse(r[0][0].as<std::string>(), nullptr, false);
    auto result =
        r[0][1].is_null() ? Json() : Json::parse(r[0][1].as<std::string>(), nullptr, false);
    if (spec.is_discarded() || result.is_discarded())
      return make_error(meeple::errc::kCorruptRecord, fmt::format("table '{}' is corrupt", id));
    t.spec = spec_from_json(id, spec);
    t.result = result;
    for (const auto& row : r) {
      if (row[2].is_null()) break;  // no entries: the LEFT JOIN's one empty row
      Entry e;
      e.kind = row[2].as<std::string>();
      e.seat = static_cast<Seat>(row[3].as<int>());
      e.action = static_cast<Action>(row[4].as<std::int64_t>());
      if (!row[5].is_null()) {
        e.json = Json::parse(row[5].as<std::string>(), nullptr, false);
        if (e.json.is_discarded())
          return make_error(meeple::errc::kCorruptRecord, fmt::format("table '{}' is corrupt", id));
      }
      e.text = row[6].as<std::string>();
      e.at = row[7].as<std::int64_t>();
      t.entries.push_back(std::move(e));
    }
    return t;
  });
}

std::vector<TableSummary> PostgresTableStore::list(bool unfinished_only) const {
  auto r = db_.read<std::vector<TableSummary>>(
      "list", [&](pqxx::nontransaction& tx) -> Expected<std::vector<TableSummary>> {
        std::vector<TableSummary> out;
        for (const auto& row : tx.exec_prepared(unfinished_only ? "list_unfinished" : "list"))
          out.push_back({row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<int>(),
                         row[3].as<std::size_t>(), row[4].as<bool>(),
                         spec_options(row[5].as<std::string>())});
        return out;
      });
  return r ? std::move(*r) : std::vector<TableSummary>{};
}

std::vector<TableSpec> PostgresTableStore::lobbies() const {
  auto r = db_.read<std::vector<TableSpec>>(
      "lobbies", [&](pqxx::nontransaction& tx) -> Expected<std::vector<TableSpec>> {
        std::vector<TableSpec> out;
        for (const auto& row : tx.exec_prepared("lobbies")) {
          auto j = Json::parse(row[1].as<std::string>(), nullptr, false);
          if (j.is_discarded() || !j.is_object()) continue;  // unreadable: left out
          out.push_back(spec_from_json(row[0].as<std::string>(), j));
        }
        return out;
      });
  return r ? std::move(*r) : std::vector<TableSpec>{};
}

MaybeError PostgresTableStore::save_review(const TableId& id, const std::string& key,
                                           const Json& review) {
  auto r = db_.write<bool>("save_review", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec_prepared("save_review", id, key, review.dump());
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

Expected<Json> PostgresTableStore::load_review(const TableId& id, const std::string& key) const {
  return db_.read<Json>("load_review", [&](pqxx::nontransaction& tx) -> Expected<Json> {
    const auto res = tx.exec_prepared("load_review", id, key);
    if (res.empty()) return Json(nullptr);
    auto j = Json::parse(res[0][0].as<std::string>(), nullptr, false);
    return j.is_discarded() ? Json(nullptr) : j;  // unreadable: made again
  });
}

std::vector<TableId> PostgresTableStore::expired() const {
  auto r = db_.read<std::vector<TableId>>(
      "expired", [&](pqxx::nontransaction& tx) -> Expected<std::vector<TableId>> {
        std::vector<TableId> out;
        for (const auto& row : tx.exec_prepared("expired")) out.push_back(row[0].as<std::string>());
        return out;
      });
  return r ? std::move(*r) : std::vector<TableId>{};
}

MaybeError PostgresTableStore::rename_seat(const TableId& table, int seat,
                                           const std::string& name) {
  // Read and written in one transaction, the row locked meanwhile.
  return done(db_.write<bool>("rename_seat", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec("BEGIN");
    const auto r = tx.exec_params("SELECT spec FROM tables WHERE id = $1 FOR UPDATE", table);
    if (r.empty()) {
      tx.exec("ROLLBACK");
      return make_error(errc::kUnknownTable, fmt::format("no table '{}'", table));
    }
    auto j = Json::parse(r[0][0].as<std::string>(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      tx.exec("ROLLBACK");
      return make_error(meeple::errc::kCorruptRecord, fmt::format("table '{}' is corrupt", table));
    }
    TableSpec spec = spec_from_json(table, j);
    rename_seat_in(spec, seat, name);
    tx.exec_params("UPDATE tables SET spec = $1 WHERE id = $2", spec_to_json(spec).dump(), table);
    tx.exec("COMMIT");
    return true;
  }));
}

}  // namespace meeple::store
