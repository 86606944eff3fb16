// MemoryAccountStore (store/memory_store.h).
#include <algorithm>

#include <fmt/format.h>

#include "store/memory_store.h"

namespace meeple::store {

// --- Accounts.

MaybeError MemoryAccountStore::create_account(const Account& a) {
  std::lock_guard lock(mutex_);
  for (const auto& [id, other] : accounts_)
    if (other.folded == a.folded || id == a.id ||
        (!a.skeleton.empty() && other.skeleton == a.skeleton))
      return make_error(errc::kAccountExists, fmt::format("the name '{}' is taken", a.name));
  accounts_[a.id] = a;
  return std::nullopt;
}

Expected<std::optional<Account>> MemoryAccountStore::account(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = accounts_.find(id);
  if (it == accounts_.end()) return std::optional<Account>();
  return std::optional<Account>(it->second);
}

Expected<std::optional<Account>> MemoryAccountStore::account_named(
    const std::string& folded) const {
  std::lock_guard lock(mutex_);
  for (const auto& [id, a] : accounts_)
    if (a.folded == folded) return std::optional<Account>(a);
  return std::optional<Account>();
}

MaybeError MemoryAccountStore::update_account(const Account& a) {
  std::lock_guard lock(mutex_);
  const auto it = accounts_.find(a.id);
  if (it == accounts_.end()) return make_error(errc::kUnknownAccount, "no such account");
  if (!a.skeleton.empty())
    for (const auto& [id, other] : accounts_)
      if (id != a.id && other.skeleton == a.skeleton)
        return make_error(errc::kAccountExists, fmt::format("the name '{}' is taken", other.name));
  it->second.password_hash = a.password_hash;
  it->second.hidden = a.hidden;
  it->second.friends_only = a.friends_only;
  it->second.skeleton = a.skeleton;
  return std::nullopt;
}

Expected<std::vector<Account>> MemoryAccountStore::accounts_without_skeleton(
    std::size_t limit) const {
  std::lock_guard lock(mutex_);
  std::vector<Account> out;
  for (const auto& [id, a] : accounts_)
    if (a.skeleton.empty() && out.size() < limit) out.push_back(a);
  return out;
}

MaybeError MemoryAccountStore::delete_account(const std::string& id) {
  std::lock_guard lock(mutex_);
  accounts_.erase(id);
  std::erase_if(sessions_, [&](const auto& s) { return s.second.account == id; });
  std::erase_if(devices_, [&](const auto& d) { return d.first.second == id; });
  recovery_.erase(id);
  std::erase_if(keyrings_, [&](const auto& k) { return k.first == id; });
  std::erase_if(friends_, [&](const auto& f) { return f.first == id || f.second == id; });
  std::erase_if(invitations_, [&](const Invitation& i) { return i.account == id; });
  std::erase_if(ratings_, [&](const auto& r) { return r.first.first == id; });
  return std::nullopt;
}

MaybeError MemoryAccountStore::add_device(const std::string& token_hash, const std::string& account,
                                          std::int64_t at) {
  std::lock_guard lock(mutex_);
  devices_[{token_hash, account}] = at;
  return std::nullopt;
}

Expected<bool> MemoryAccountStore::known_device(const std::string& token_hash,
                                                const std::string& account) const {
  std::lock_guard lock(mutex_);
  return devices_.contains({token_hash, account});
}

Expected<bool> MemoryAccountStore::shared_device(const std::string& a, const std::string& b,
                                                 std::int64_t since) const {
  std::lock_guard lock(mutex_);
  for (const auto& [key, at] : devices_)
    if (key.second == a && at >= since)
      if (auto it = devices_.find({key.first, b}); it != devices_.end() && it->second >= since)
        return true;
  return false;
}

MaybeError MemoryAccountStore::drop_devices(const std::string& account, const std::string& keep) {
  std::lock_guard lock(mutex_);
  std::erase_if(devices_,
                [&](const auto& d) { return d.first.second == account && d.first.first != keep; });
  return std::nullopt;
}

MaybeError MemoryAccountStore::add_session(const std::string& token_hash,
                                           const std::string& account, std::int64_t expires) {
  std::lock_guard lock(mutex_);
  sessions_[token_hash] = {account, expires};
  return std::nullopt;
}

Expected<std::optional<std::string>> MemoryAccountStore::session(const std::string& token_hash,
                                                                 std::int64_t now) const {
  std::lock_guard lock(mutex_);
  const auto it = sessions_.find(token_hash);
  if (it == sessions_.end() || it->second.expires <= now) return std::optional<std::string>();
  return std::optional<std::string>(it->second.account);
}

MaybeError MemoryAccountStore::drop_session(const std::string& token_hash) {
  std::lock_guard lock(mutex_);
  sessions_.erase(token_hash);
  return std::nullopt;
}

MaybeError MemoryAccountStore::drop_sessions(const std::string& account, const std::string& keep) {
  std::lock_guard lock(mutex_);
  std::erase_if(sessions_,
                [&](const auto& s) { return s.second.account == account && s.first != keep; });
  return std::nullopt;
}

MaybeError MemoryAccountStore::set_recovery_codes(const std::string& account,
                                                  const std::vector<std::string>& hashes) {
  std::lock_guard lock(mutex_);
  recovery_[account] = hashes;
  return std::nullopt;
}

Expected<bool> MemoryAccountStore::use_recovery_code(const std::string& account,
                                                     const std::string& hash) {
  std::lock_guard lock(mutex_);
  auto& codes = recovery_[account];
  return std::erase(codes, hash) > 0;
}

Expected<int> MemoryAccountStore::recovery_codes_left(const std::string& account) const {
  std::lock_guard lock(mutex_);
  const auto it = recovery_.find(account);
  return it == recovery_.end() ? 0 : static_cast<int>(it->second.size());
}

MaybeError MemoryAccountStore::add_to_keyring(const std::string& account, const KeyringSeat& s) {
  std::lock_guard lock(mutex_);
  std::erase_if(keyrings_, [&](const auto& k) {
    return k.first == account && k.second.table == s.table && k.second.seat == s.seat;
  });
  keyrings_.emplace_back(account, s);
  return std::nullopt;
}

Expected<std::vector<KeyringSeat>> MemoryAccountStore::keyring(const std::string& account,
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

Expected<std::map<int, std::string>> MemoryAccountStore::accounts_at(const TableId& table) const {
  std::lock_guard lock(mutex_);
  std::map<int, std::string> out;
  for (const auto& [account, s] : keyrings_)
    if (s.table == table && s.seat >= 0) out[s.seat] = account;
  return out;
}

MaybeError MemoryAccountStore::add_friend(const std::string& account,
                                          const std::string& friend_id) {
  std::lock_guard lock(mutex_);
  const std::pair<std::string, std::string> f{account, friend_id};
  if (std::find(friends_.begin(), friends_.end(), f) == friends_.end()) friends_.push_back(f);
  return std::nullopt;
}

MaybeError MemoryAccountStore::remove_friend(const std::string& account,
                                             const std::string& friend_id) {
  std::lock_guard lock(mutex_);
  std::erase(friends_, std::pair<std::string, std::string>{account, friend_id});
  return std::nullopt;
}

Expected<std::vector<std::string>> MemoryAccountStore::friends(const std::string& account) const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [a, f] : friends_)
    if (a == account) out.push_back(f);
  return out;
}

MaybeError MemoryAccountStore::invite(const Invitation& i) {
  std::lock_guard lock(mutex_);
  std::erase_if(invitations_,
                [&](const Invitation& o) { return o.account == i.account && o.table == i.table; });
  invitations_.push_back(i);
  return std::nullopt;
}

MaybeError MemoryAccountStore::dismiss_invitation(const std::string& account,
                                                  const TableId& table) {
  std::lock_guard lock(mutex_);
  std::erase_if(invitations_,
                [&](const Invitation& o) { return o.account == account && o.table == table; });
  return std::nullopt;
}

Expected<std::vector<Invitation>> MemoryAccountStore::invitations(
    const std::string& account) const {
  std::lock_guard lock(mutex_);
  std::vector<Invitation> out;
  for (const Invitation& i : invitations_)
    if (i.account == account) out.push_back(i);
  return out;
}

MaybeError MemoryAccountStore::save_rating(const std::string& account, const std::string& game,
                                           const Rating& r) {
  std::lock_guard lock(mutex_);
  ratings_[{account, game}] = r;
  return std::nullopt;
}

Expected<std::optional<Rating>> MemoryAccountStore::rating(const std::string& account,
                                                           const std::string& game) const {
  std::lock_guard lock(mutex_);
  const auto it = ratings_.find({account, game});
  if (it == ratings_.end()) return std::optional<Rating>();
  return std::optional<Rating>(it->second);
}

// The board's order: rating, highest first, then id.
namespace {
bool board_before(const BoardRow& a, const BoardRow& b) {
  if (a.rating.rating != b.rating.rating) return a.rating.rating > b.rating.rating;
  return a.account < b.account;
}
}  // namespace

std::vector<BoardRow> MemoryAccountStore::board_rows(const std::string& game) const {
  std::vector<BoardRow> rows;
  for (const auto& [key, r] : ratings_) {
    if (key.second != game) continue;
    const auto a = accounts_.find(key.first);
    if (a == accounts_.end() || a->second.hidden) continue;
    rows.push_back({key.first, a->second.name, r, 0});
  }
  std::sort(rows.begin(), rows.end(), board_before);
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].place = static_cast<std::int64_t>(i);
  return rows;
}

Expected<std::vector<BoardRow>> MemoryAccountStore::leaderboard(const std::string& game,
                                                                std::size_t offset,
                                                                std::size_t limit) const {
  std::lock_guard lock(mutex_);
  std::vector<BoardRow> rows = board_rows(game);
  if (offset >= rows.size()) return std::vector<BoardRow>();
  const std::size_t end = std::min(rows.size(), offset + limit);
  return std::vector<BoardRow>(rows.begin() + static_cast<std::ptrdiff_t>(offset),
                               rows.begin() + static_cast<std::ptrdiff_t>(end));
}

Expected<std::optional<std::int64_t>> MemoryAccountStore::board_place(
    const std::string& account, const std::string& game) const {
  std::lock_guard lock(mutex_);
  for (const BoardRow& row : board_rows(game))
    if (row.account == account) return std::optional<std::int64_t>(row.place);
  return std::optional<std::int64_t>();
}

MaybeError MemoryAccountStore::save_tournament(const TournamentRow& t) {
  std::lock_guard lock(mutex_);
  tournaments_[t.id] = t;
  return std::nullopt;
}

Expected<std::optional<TournamentRow>> MemoryAccountStore::tournament(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = tournaments_.find(id);
  if (it == tournaments_.end()) return std::optional<TournamentRow>();
  return std::optional<TournamentRow>(it->second);
}

Expected<std::vector<TournamentRow>> MemoryAccountStore::tournaments(const std::string& phase,
                                                                     std::size_t limit) const {
  std::lock_guard lock(mutex_);
  std::vector<TournamentRow> out;
  for (const auto& [id, t] : tournaments_)
    if (phase.empty() || t.phase == phase) out.push_back(t);
  std::sort(out.begin(), out.end(), [](const TournamentRow& a, const TournamentRow& b) {
    return a.starts != b.starts ? a.starts > b.starts : a.id < b.id;
  });
  if (out.size() > limit) out.resize(limit);
  return out;
}

}  // namespace meeple::store
