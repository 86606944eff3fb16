// MemoryTableStore (store/memory_store.h), and what every table store shares.
#include <algorithm>

#include <fmt/format.h>

#include "store/memory_store.h"
#include "store/spec_json.h"

namespace meeple::store {

GameRecord to_game_record(const TableRecord& t) {
  GameRecord r;
  r.game = t.spec.game;
  r.params = t.spec.params;
  r.players = t.spec.players;
  r.seats = t.spec.seats;
  for (const Entry& e : t.entries)
    if (e.kind == "action")
      r.actions.push_back({e.seat, e.action, e.json});
    else if (e.kind == "undo")
      r.actions.push_back({.seat = e.seat, .undo = true});
    else if (e.kind == "hint")
      r.hints.push_back({.seat = e.seat, .at = r.actions.size()});
  r.result = t.result;
  return r;
}

MaybeError TableStore::probe() {
  if (auto r = load_review("", "probe"); !r) return r.error();
  return std::nullopt;
}

void TableStore::write_async(Write w, std::function<void(MaybeError)> done) {
  done(w.result.is_null() ? append(w.id, w.lease, w.entries)
                          : finish(w.id, w.lease, w.entries, w.result));
}

Expected<TableId> MemoryTableStore::create(const TableSpec& spec, const Lease& lease) {
  std::lock_guard lock(mutex_);
  if (!spec.id.empty()) {
    if (find(spec.id) != nullptr)
      return make_error(errc::kExists, fmt::format("table '{}' exists already", spec.id));
    if (auto e = check_lease(spec.id, lease)) return *e;
  }
  // A made id is new: nobody holds it, so there is no lease to check.
  TableRecord t;
  t.id = spec.id.empty() ? fmt::format("t{}", next_id_++) : spec.id;
  while (spec.id.empty() && find(t.id) != nullptr) t.id = fmt::format("t{}", next_id_++);
  t.spec = spec;
  t.spec.id = t.id;
  std::erase_if(lobbies_, [&](const TableSpec& l) { return l.id == t.id; });
  tables_.push_back(std::move(t));
  return tables_.back().id;
}

TableRecord* MemoryTableStore::find(const TableId& id) {
  for (TableRecord& t : tables_)
    if (t.id == id) return &t;
  return nullptr;
}

Lease MemoryTableStore::latest(const TableId& id) const {
  auto it = owners_.find(id);
  return it == owners_.end() ? Lease{} : it->second.lease;
}

MaybeError MemoryTableStore::check_lease(const TableId& id, const Lease& lease) const {
  const Lease l = latest(id);
  if (lease.owner != l.owner || lease.fencing != l.fencing)
    return make_error(errc::kFenced,
                      fmt::format("'{}' is held by {} (fencing {}), not {} (fencing {})", id,
                                  l.owner, l.fencing, lease.owner, lease.fencing));
  return std::nullopt;
}

MaybeError MemoryTableStore::check_write(const TableRecord* t, const TableId& id,
                                         const Lease& lease) const {
  if (t == nullptr) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  if (auto e = check_lease(id, lease)) return e;
  if (t->finished()) return make_error(errc::kFinished, fmt::format("table '{}' is finished", id));
  return std::nullopt;
}

MaybeError MemoryTableStore::append(const TableId& id, const Lease& lease,
                                    std::span<const Entry> entries) {
  std::lock_guard lock(mutex_);
  TableRecord* t = find(id);
  if (auto e = check_write(t, id, lease)) return e;
  t->entries.insert(t->entries.end(), entries.begin(), entries.end());
  return std::nullopt;
}

MaybeError MemoryTableStore::finish(const TableId& id, const Lease& lease,
                                    std::span<const Entry> last, const Json& result) {
  std::lock_guard lock(mutex_);
  TableRecord* t = find(id);
  if (auto e = check_write(t, id, lease)) return e;
  t->entries.insert(t->entries.end(), last.begin(), last.end());
  t->result = result;
  return std::nullopt;
}

Expected<TableRecord> MemoryTableStore::load(const TableId& id) const {
  std::lock_guard lock(mutex_);
  const TableRecord* t = const_cast<MemoryTableStore*>(this)->find(id);
  if (t == nullptr) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  return *t;
}

std::vector<TableSummary> MemoryTableStore::list(bool unfinished_only) const {
  std::lock_guard lock(mutex_);
  std::vector<TableSummary> out;
  for (const TableRecord& t : tables_) {
    if (unfinished_only && t.finished()) continue;
    out.push_back(
        {t.id, t.spec.game, t.spec.players, t.entries.size(), t.finished(), t.spec.options});
  }
  return out;
}

MaybeError MemoryTableStore::save_lobby(const TableSpec& spec, const Lease& lease) {
  if (spec.id.empty()) return make_error(errc::kUnknownTable, "a lobby is saved under its id");
  std::lock_guard lock(mutex_);
  if (auto e = check_lease(spec.id, lease)) return e;
  for (TableSpec& l : lobbies_)
    if (l.id == spec.id) {
      l = spec;
      return std::nullopt;
    }
  lobbies_.push_back(spec);
  return std::nullopt;
}

MaybeError MemoryTableStore::drop_lobby(const TableId& id, const Lease& lease) {
  std::lock_guard lock(mutex_);
  if (auto e = check_lease(id, lease)) return e;
  std::erase_if(lobbies_, [&](const TableSpec& l) { return l.id == id; });
  return std::nullopt;
}

std::vector<TableSpec> MemoryTableStore::lobbies() const {
  std::lock_guard lock(mutex_);
  return lobbies_;
}

Expected<Lease> MemoryTableStore::acquire(const TableId& id, const std::string& node,
                                          std::chrono::milliseconds ttl) {
  if (id.empty()) return make_error(errc::kUnknownTable, "acquire needs an id");
  std::lock_guard lock(mutex_);
  const Lease l{.owner = node, .fencing = latest(id).fencing + 1};
  owners_[id] = {l, std::chrono::system_clock::now() + ttl};
  return l;
}

Expected<std::vector<TableId>> MemoryTableStore::renew(const std::string& node,
                                                       std::span<const TableId> ids,
                                                       std::chrono::milliseconds ttl) {
  std::lock_guard lock(mutex_);
  const auto until = std::chrono::system_clock::now() + ttl;
  std::vector<TableId> lost;
  for (const TableId& id : ids) {
    auto it = owners_.find(id);
    if (it == owners_.end() || it->second.lease.owner != node)
      lost.push_back(id);
    else
      it->second.until = until;
  }
  return lost;
}

std::vector<TableId> MemoryTableStore::expired() const {
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::system_clock::now();
  std::vector<std::pair<std::chrono::system_clock::time_point, TableId>> out;
  for (const auto& entry : owners_) {
    const TableId& id = entry.first;
    const Owner& o = entry.second;
    if (o.until >= now) continue;
    const TableRecord* t = const_cast<MemoryTableStore*>(this)->find(id);
    const bool lobby = std::any_of(lobbies_.begin(), lobbies_.end(),
                                   [&](const TableSpec& l) { return l.id == id; });
    if ((t != nullptr && !t->finished()) || (t == nullptr && lobby)) out.emplace_back(o.until, id);
  }
  // Oldest first: the lease that ran out first.
  std::sort(out.begin(), out.end());
  std::vector<TableId> ids;
  for (auto& [until, id] : out) ids.push_back(std::move(id));
  return ids;
}

MaybeError MemoryTableStore::save_review(const TableId& id, const std::string& key,
                                         const Json& review) {
  std::lock_guard lock(mutex_);
  reviews_[{id, key}] = review;
  return std::nullopt;
}

Expected<Json> MemoryTableStore::load_review(const TableId& id, const std::string& key) const {
  std::lock_guard lock(mutex_);
  const auto it = reviews_.find({id, key});
  return it == reviews_.end() ? Json(nullptr) : it->second;
}

MaybeError MemoryTableStore::rename_seat(const TableId& table, int seat, const std::string& name) {
  std::lock_guard lock(mutex_);
  TableRecord* t = find(table);
  if (t == nullptr) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", table));
  rename_seat_in(t->spec, seat, name);
  return std::nullopt;
}

}  // namespace meeple::store
