#include <algorithm>

#include <fmt/format.h>

#include "store/spec_json.h"
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

void Store::write_async(Write w, std::function<void(MaybeError)> done) {
  done(w.result.is_null() ? append(w.id, w.lease, w.entries)
                          : finish(w.id, w.lease, w.entries, w.result));
}

Expected<TableId> MemoryStore::create(const TableSpec& spec, const Lease& lease) {
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

TableRecord* MemoryStore::find(const TableId& id) {
  for (TableRecord& t : tables_)
    if (t.id == id) return &t;
  return nullptr;
}

Lease MemoryStore::latest(const TableId& id) const {
  auto it = owners_.find(id);
  return it == owners_.end() ? Lease{} : it->second.lease;
}

MaybeError MemoryStore::check_lease(const TableId& id, const Lease& lease) const {
  const Lease l = latest(id);
  if (lease.owner != l.owner || lease.fencing != l.fencing)
    return make_error(errc::kFenced,
                      fmt::format("'{}' is held by {} (fencing {}), not {} (fencing {})", id,
                                  l.owner, l.fencing, lease.owner, lease.fencing));
  return std::nullopt;
}

MaybeError MemoryStore::check_write(const TableRecord* t, const TableId& id,
                                    const Lease& lease) const {
  if (t == nullptr) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  if (auto e = check_lease(id, lease)) return e;
  if (t->finished()) return make_error(errc::kFinished, fmt::format("table '{}' is finished", id));
  return std::nullopt;
}

MaybeError MemoryStore::append(const TableId& id, const Lease& lease,
                               std::span<const Entry> entries) {
  std::lock_guard lock(mutex_);
  TableRecord* t = find(id);
  if (auto e = check_write(t, id, lease)) return e;
  t->entries.insert(t->entries.end(), entries.begin(), entries.end());
  return std::nullopt;
}

MaybeError MemoryStore::finish(const TableId& id, const Lease& lease, std::span<const Entry> last,
                               const Json& result) {
  std::lock_guard lock(mutex_);
  TableRecord* t = find(id);
  if (auto e = check_write(t, id, lease)) return e;
  t->entries.insert(t->entries.end(), last.begin(), last.end());
  t->result = result;
  return std::nullopt;
}

Expected<TableRecord> MemoryStore::load(const TableId& id) const {
  std::lock_guard lock(mutex_);
  const TableRecord* t = const_cast<MemoryStore*>(this)->find(id);
  if (t == nullptr) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  return *t;
}

std::vector<TableSummary> MemoryStore::list(bool unfinished_only) const {
  std::lock_guard lock(mutex_);
  std::vector<TableSummary> out;
  for (const TableRecord& t : tables_) {
    if (unfinished_only && t.finished()) continue;
    out.push_back(
        {t.id, t.spec.game, t.spec.players, t.entries.size(), t.finished(), t.spec.options});
  }
  return out;
}

MaybeError MemoryStore::save_lobby(const TableSpec& spec, const Lease& lease) {
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

MaybeError MemoryStore::drop_lobby(const TableId& id, const Lease& lease) {
  std::lock_guard lock(mutex_);
  if (auto e = check_lease(id, lease)) return e;
  std::erase_if(lobbies_, [&](const TableSpec& l) { return l.id == id; });
  return std::nullopt;
}

std::vector<TableSpec> MemoryStore::lobbies() const {
  std::lock_guard lock(mutex_);
  return lobbies_;
}

Expected<Lease> MemoryStore::acquire(const TableId& id, const std::string& node,
                                     std::chrono::milliseconds ttl) {
  if (id.empty()) return make_error(errc::kUnknownTable, "acquire needs an id");
  std::lock_guard lock(mutex_);
  const Lease l{.owner = node, .fencing = latest(id).fencing + 1};
  owners_[id] = {l, std::chrono::system_clock::now() + ttl};
  return l;
}

Expected<std::vector<TableId>> MemoryStore::renew(const std::string& node,
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

std::vector<TableId> MemoryStore::expired() const {
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::system_clock::now();
  std::vector<std::pair<std::chrono::system_clock::time_point, TableId>> out;
  for (const auto& entry : owners_) {
    const TableId& id = entry.first;
    const Owner& o = entry.second;
    if (o.until >= now) continue;
    const TableRecord* t = const_cast<MemoryStore*>(this)->find(id);
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

MaybeError MemoryStore::save_review(const TableId& id, const std::string& key, const Json& review) {
  std::lock_guard lock(mutex_);
  reviews_[{id, key}] = review;
  return std::nullopt;
}

Expected<Json> MemoryStore::load_review(const TableId& id, const std::string& key) const {
  std::lock_guard lock(mutex_);
  const auto it = reviews_.find({id, key});
  return it == reviews_.end() ? Json(nullptr) : it->second;
}

}  // namespace meeple::store

namespace meeple::store {

// --- Accounts.

MaybeError MemoryStore::create_account(const Account& a) {
  std::lock_guard lock(mutex_);
  for (const auto& [id, other] : accounts_)
    if (other.folded == a.folded || id == a.id)
      return make_error(errc::kAccountExists, fmt::format("the name '{}' is taken", a.name));
  accounts_[a.id] = a;
  return std::nullopt;
}

Expected<std::optional<Account>> MemoryStore::account(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = accounts_.find(id);
  if (it == accounts_.end()) return std::optional<Account>();
  return std::optional<Account>(it->second);
}

Expected<std::optional<Account>> MemoryStore::account_named(const std::string& folded) const {
  std::lock_guard lock(mutex_);
  for (const auto& [id, a] : accounts_)
    if (a.folded == folded) return std::optional<Account>(a);
  return std::optional<Account>();
}

MaybeError MemoryStore::update_account(const Account& a) {
  std::lock_guard lock(mutex_);
  const auto it = accounts_.find(a.id);
  if (it == accounts_.end()) return make_error(errc::kUnknownAccount, "no such account");
  it->second.password_hash = a.password_hash;
  it->second.hidden = a.hidden;
  return std::nullopt;
}

MaybeError MemoryStore::delete_account(const std::string& id) {
  std::lock_guard lock(mutex_);
  accounts_.erase(id);
  std::erase_if(sessions_, [&](const auto& s) { return s.second.account == id; });
  recovery_.erase(id);
  std::erase_if(keyrings_, [&](const auto& k) { return k.first == id; });
  std::erase_if(friends_, [&](const auto& f) { return f.first == id || f.second == id; });
  std::erase_if(invitations_, [&](const Invitation& i) { return i.account == id; });
  std::erase_if(ratings_, [&](const auto& r) { return r.first.first == id; });
  return std::nullopt;
}

MaybeError MemoryStore::add_session(const std::string& token_hash, const std::string& account,
                                    std::int64_t expires) {
  std::lock_guard lock(mutex_);
  sessions_[token_hash] = {account, expires};
  return std::nullopt;
}

Expected<std::optional<std::string>> MemoryStore::session(const std::string& token_hash,
                                                          std::int64_t now) const {
  std::lock_guard lock(mutex_);
  const auto it = sessions_.find(token_hash);
  if (it == sessions_.end() || it->second.expires <= now) return std::optional<std::string>();
  return std::optional<std::string>(it->second.account);
}

MaybeError MemoryStore::drop_session(const std::string& token_hash) {
  std::lock_guard lock(mutex_);
  sessions_.erase(token_hash);
  return std::nullopt;
}

MaybeError MemoryStore::drop_sessions(const std::string& account, const std::string& keep) {
  std::lock_guard lock(mutex_);
  std::erase_if(sessions_,
                [&](const auto& s) { return s.second.account == account && s.first != keep; });
  return std::nullopt;
}

MaybeError MemoryStore::set_recovery_codes(const std::string& account,
                                           const std::vector<std::string>& hashes) {
  std::lock_guard lock(mutex_);
  recovery_[account] = hashes;
  return std::nullopt;
}

Expected<bool> MemoryStore::use_recovery_code(const std::string& account, const std::string& hash) {
  std::lock_guard lock(mutex_);
  auto& codes = recovery_[account];
  return std::erase(codes, hash) > 0;
}

Expected<int> MemoryStore::recovery_codes_left(const std::string& account) const {
  std::lock_guard lock(mutex_);
  const auto it = recovery_.find(account);
  return it == recovery_.end() ? 0 : static_cast<int>(it->second.size());
}

MaybeError MemoryStore::add_to_keyring(const std::string& account, const KeyringSeat& s) {
  std::lock_guard lock(mutex_);
  std::erase_if(keyrings_, [&](const auto& k) {
    return k.first == account && k.second.table == s.table && k.second.seat == s.seat;
  });
  keyrings_.emplace_back(account, s);
  return std::nullopt;
}

Expected<std::vector<KeyringSeat>> MemoryStore::keyring(const std::string& account,
                                                        std::size_t limit) const {
  std::lock_guard lock(mutex_);
  std::vector<KeyringSeat> out;
  for (auto it = keyrings_.rbegin(); it != keyrings_.rend() && out.size() < limit; ++it)
    if (it->first == account) out.push_back(it->second);
  // Newest first: by time added, the later added first among equal times.
  std::stable_sort(out.begin(), out.end(),
                   [](const KeyringSeat& a, const KeyringSeat& b) { return a.added > b.added; });
  return out;
}

Expected<std::map<int, std::string>> MemoryStore::accounts_at(const TableId& table) const {
  std::lock_guard lock(mutex_);
  std::map<int, std::string> out;
  for (const auto& [account, s] : keyrings_)
    if (s.table == table && s.seat >= 0) out[s.seat] = account;
  return out;
}

MaybeError MemoryStore::add_friend(const std::string& account, const std::string& friend_id) {
  std::lock_guard lock(mutex_);
  const std::pair<std::string, std::string> f{account, friend_id};
  if (std::find(friends_.begin(), friends_.end(), f) == friends_.end()) friends_.push_back(f);
  return std::nullopt;
}

MaybeError MemoryStore::remove_friend(const std::string& account, const std::string& friend_id) {
  std::lock_guard lock(mutex_);
  std::erase(friends_, std::pair<std::string, std::string>{account, friend_id});
  return std::nullopt;
}

Expected<std::vector<std::string>> MemoryStore::friends(const std::string& account) const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [a, f] : friends_)
    if (a == account) out.push_back(f);
  return out;
}

MaybeError MemoryStore::invite(const Invitation& i) {
  std::lock_guard lock(mutex_);
  std::erase_if(invitations_,
                [&](const Invitation& o) { return o.account == i.account && o.table == i.table; });
  invitations_.push_back(i);
  return std::nullopt;
}

MaybeError MemoryStore::dismiss_invitation(const std::string& account, const TableId& table) {
  std::lock_guard lock(mutex_);
  std::erase_if(invitations_,
                [&](const Invitation& o) { return o.account == account && o.table == table; });
  return std::nullopt;
}

Expected<std::vector<Invitation>> MemoryStore::invitations(const std::string& account) const {
  std::lock_guard lock(mutex_);
  std::vector<Invitation> out;
  for (const Invitation& i : invitations_)
    if (i.account == account) out.push_back(i);
  return out;
}

MaybeError MemoryStore::save_rating(const std::string& account, const std::string& game,
                                    const Rating& r) {
  std::lock_guard lock(mutex_);
  ratings_[{account, game}] = r;
  return std::nullopt;
}

Expected<std::optional<Rating>> MemoryStore::rating(const std::string& account,
                                                    const std::string& game) const {
  std::lock_guard lock(mutex_);
  const auto it = ratings_.find({account, game});
  if (it == ratings_.end()) return std::optional<Rating>();
  return std::optional<Rating>(it->second);
}

MaybeError MemoryStore::rename_seat(const TableId& table, int seat, const std::string& name) {
  std::lock_guard lock(mutex_);
  TableRecord* t = find(table);
  if (t == nullptr) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", table));
  rename_seat_in(t->spec, seat, name);
  return std::nullopt;
}

MaybeError AccountsElsewhere::create_account(const Account& a) {
  return accounts_store().create_account(a);
}

Expected<std::optional<Account>> AccountsElsewhere::account(const std::string& id) const {
  return accounts_store().account(id);
}

Expected<std::optional<Account>> AccountsElsewhere::account_named(const std::string& folded) const {
  return accounts_store().account_named(folded);
}

MaybeError AccountsElsewhere::update_account(const Account& a) {
  return accounts_store().update_account(a);
}

MaybeError AccountsElsewhere::delete_account(const std::string& id) {
  return accounts_store().delete_account(id);
}

MaybeError AccountsElsewhere::add_session(const std::string& token_hash, const std::string& account,
                                          std::int64_t expires) {
  return accounts_store().add_session(token_hash, account, expires);
}

Expected<std::optional<std::string>> AccountsElsewhere::session(const std::string& token_hash,
                                                                std::int64_t now) const {
  return accounts_store().session(token_hash, now);
}

MaybeError AccountsElsewhere::drop_session(const std::string& token_hash) {
  return accounts_store().drop_session(token_hash);
}

MaybeError AccountsElsewhere::drop_sessions(const std::string& account, const std::string& keep) {
  return accounts_store().drop_sessions(account, keep);
}

MaybeError AccountsElsewhere::set_recovery_codes(const std::string& account,
                                                 const std::vector<std::string>& hashes) {
  return accounts_store().set_recovery_codes(account, hashes);
}

Expected<bool> AccountsElsewhere::use_recovery_code(const std::string& account,
                                                    const std::string& hash) {
  return accounts_store().use_recovery_code(account, hash);
}

Expected<int> AccountsElsewhere::recovery_codes_left(const std::string& account) const {
  return accounts_store().recovery_codes_left(account);
}

MaybeError AccountsElsewhere::add_to_keyring(const std::string& account, const KeyringSeat& s) {
  return accounts_store().add_to_keyring(account, s);
}

Expected<std::vector<KeyringSeat>> AccountsElsewhere::keyring(const std::string& account,
                                                              std::size_t limit) const {
  return accounts_store().keyring(account, limit);
}

Expected<std::map<int, std::string>> AccountsElsewhere::accounts_at(const TableId& table) const {
  return accounts_store().accounts_at(table);
}

MaybeError AccountsElsewhere::add_friend(const std::string& account, const std::string& friend_id) {
  return accounts_store().add_friend(account, friend_id);
}

MaybeError AccountsElsewhere::remove_friend(const std::string& account,
                                            const std::string& friend_id) {
  return accounts_store().remove_friend(account, friend_id);
}

Expected<std::vector<std::string>> AccountsElsewhere::friends(const std::string& account) const {
  return accounts_store().friends(account);
}

MaybeError AccountsElsewhere::invite(const Invitation& i) {
  return accounts_store().invite(i);
}

MaybeError AccountsElsewhere::dismiss_invitation(const std::string& account, const TableId& table) {
  return accounts_store().dismiss_invitation(account, table);
}

Expected<std::vector<Invitation>> AccountsElsewhere::invitations(const std::string& account) const {
  return accounts_store().invitations(account);
}

MaybeError AccountsElsewhere::save_rating(const std::string& account, const std::string& game,
                                          const Rating& r) {
  return accounts_store().save_rating(account, game, r);
}

Expected<std::optional<Rating>> AccountsElsewhere::rating(const std::string& account,
                                                          const std::string& game) const {
  return accounts_store().rating(account, game);
}

MaybeError AccountsElsewhere::rename_seat(const TableId& table, int seat, const std::string& name) {
  return accounts_store().rename_seat(table, seat, name);
}

}  // namespace meeple::store
