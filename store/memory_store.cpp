#include <fmt/format.h>

#include "store/store.h"

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
  r.result = t.result;
  return r;
}

Expected<TableId> MemoryStore::create(const TableSpec& spec) {
  Stored t;
  if (!spec.id.empty() && find(spec.id) != nullptr)
    return make_error(errc::kExists, fmt::format("table '{}' exists already", spec.id));
  t.record.id = spec.id.empty() ? fmt::format("t{}", next_id_++) : spec.id;
  t.record.spec = spec;
  t.fencing = 0;
  tables_.push_back(std::move(t));
  return tables_.back().record.id;
}

MemoryStore::Stored* MemoryStore::find(const TableId& id) {
  for (Stored& t : tables_)
    if (t.record.id == id) return &t;
  return nullptr;
}

const MemoryStore::Stored* MemoryStore::find(const TableId& id) const {
  return const_cast<MemoryStore*>(this)->find(id);
}

MaybeError MemoryStore::check_write(const Stored* t, const TableId& id, const Lease& lease) const {
  if (t == nullptr) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  if (lease.fencing < t->fencing)
    return make_error(errc::kFenced,
                      fmt::format("table '{}' belongs to a newer owner (fencing {} < {})", id,
                                  lease.fencing, t->fencing));
  if (t->record.finished())
    return make_error(errc::kFinished, fmt::format("table '{}' is finished", id));
  return std::nullopt;
}

MaybeError MemoryStore::append(const TableId& id, const Lease& lease,
                               std::span<const Entry> entries) {
  Stored* t = find(id);
  if (auto e = check_write(t, id, lease)) return e;
  t->fencing = lease.fencing;
  t->record.entries.insert(t->record.entries.end(), entries.begin(), entries.end());
  return std::nullopt;
}

MaybeError MemoryStore::finish(const TableId& id, const Lease& lease, const Json& result) {
  Stored* t = find(id);
  if (auto e = check_write(t, id, lease)) return e;
  t->fencing = lease.fencing;
  t->record.result = result;
  return std::nullopt;
}

MaybeError MemoryStore::take_over(const TableId& id, const Lease& lease) {
  Stored* t = find(id);
  if (t == nullptr) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  if (lease.fencing <= t->fencing)
    return make_error(errc::kFenced,
                      fmt::format("fencing {} is not newer than {}", lease.fencing, t->fencing));
  t->fencing = lease.fencing;
  return std::nullopt;
}

Expected<TableRecord> MemoryStore::load(const TableId& id) const {
  const Stored* t = find(id);
  if (t == nullptr) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  return t->record;
}

std::vector<TableSummary> MemoryStore::list(bool unfinished_only) const {
  std::vector<TableSummary> out;
  for (const Stored& t : tables_) {
    if (unfinished_only && t.record.finished()) continue;
    out.push_back({t.record.id, t.record.spec.game, t.record.spec.players, t.record.entries.size(),
                   t.record.finished()});
  }
  return out;
}

MaybeError MemoryStore::save_lobby(const TableSpec& spec) {
  if (spec.id.empty()) return make_error(errc::kUnknownTable, "a lobby is saved under its id");
  for (TableSpec& l : lobbies_)
    if (l.id == spec.id) {
      l = spec;
      return std::nullopt;
    }
  lobbies_.push_back(spec);
  return std::nullopt;
}

MaybeError MemoryStore::drop_lobby(const TableId& id) {
  std::erase_if(lobbies_, [&](const TableSpec& l) { return l.id == id; });
  return std::nullopt;
}

std::vector<TableSpec> MemoryStore::lobbies() const {
  return lobbies_;
}

}  // namespace meeple::store
