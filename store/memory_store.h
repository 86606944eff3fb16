// The stores in memory: for terminal play, tests and single runs.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <utility>

#include "store/store.h"

namespace meeple::store {

class MemoryTableStore final : public TableStore {
 public:
  bool writes_in_background() const override { return true; }
  Expected<TableId> create(const TableSpec& spec, const Lease& lease) override;
  MaybeError append(const TableId& id, const Lease& lease, std::span<const Entry> entries) override;
  MaybeError finish(const TableId& id, const Lease& lease, std::span<const Entry> last,
                    const Json& result) override;
  Expected<TableRecord> load(const TableId& id) const override;
  std::vector<TableSummary> list(bool unfinished_only) const override;
  MaybeError save_lobby(const TableSpec& spec, const Lease& lease) override;
  MaybeError drop_lobby(const TableId& id, const Lease& lease) override;
  std::vector<TableSpec> lobbies() const override;
  Expected<Lease> acquire(const TableId& id, const std::string& node,
                          std::chrono::milliseconds ttl) override;
  Expected<std::vector<TableId>> renew(const std::string& node, std::span<const TableId> ids,
                                       std::chrono::milliseconds ttl) override;
  std::vector<TableId> expired() const override;
  MaybeError save_review(const TableId& id, const std::string& key, const Json& review) override;
  Expected<Json> load_review(const TableId& id, const std::string& key) const override;
  MaybeError rename_seat(const TableId& table, int seat, const std::string& name) override;

 private:
  // The latest lease of an acquired id (ids never acquired: the default Lease).
  struct Owner {
    Lease lease;
    std::chrono::system_clock::time_point until;
  };
  TableRecord* find(const TableId& id);
  Lease latest(const TableId& id) const;
  MaybeError check_lease(const TableId& id, const Lease& lease) const;
  MaybeError check_write(const TableRecord* t, const TableId& id, const Lease& lease) const;
  // Guards everything below: the server calls the store from many threads.
  mutable std::mutex mutex_;
  std::vector<TableRecord> tables_;
  std::vector<TableSpec> lobbies_;
  std::map<TableId, Owner> owners_;
  std::map<std::pair<TableId, std::string>, Json> reviews_;
  std::uint64_t next_id_ = 1;
};

class MemoryAccountStore final : public AccountStore {
 public:
  MaybeError create_account(const Account& a) override;
  Expected<std::optional<Account>> account(const std::string& id) const override;
  Expected<std::optional<Account>> account_named(const std::string& folded) const override;
  MaybeError update_account(const Account& a) override;
  Expected<std::vector<Account>> accounts_without_skeleton(std::size_t limit) const override;
  MaybeError delete_account(const std::string& id) override;
  MaybeError add_device(const std::string& token_hash, const std::string& account,
                        std::int64_t at) override;
  Expected<bool> known_device(const std::string& token_hash,
                              const std::string& account) const override;
  MaybeError drop_devices(const std::string& account, const std::string& keep) override;
  Expected<bool> shared_device(const std::string& a, const std::string& b,
                               std::int64_t since) const override;
  MaybeError add_session(const std::string& token_hash, const std::string& account,
                         std::int64_t expires) override;
  Expected<std::optional<std::string>> session(const std::string& token_hash,
                                               std::int64_t now) const override;
  MaybeError drop_session(const std::string& token_hash) override;
  MaybeError drop_sessions(const std::string& account, const std::string& keep) override;
  MaybeError set_recovery_codes(const std::string& account,
                                const std::vector<std::string>& hashes) override;
  Expected<bool> use_recovery_code(const std::string& account, const std::string& hash) override;
  Expected<int> recovery_codes_left(const std::string& account) const override;
  MaybeError add_to_keyring(const std::string& account, const KeyringSeat& s) override;
  Expected<std::vector<KeyringSeat>> keyring(const std::string& account,
                                             std::size_t limit) const override;
  Expected<std::map<int, std::string>> accounts_at(const TableId& table) const override;
  MaybeError add_friend(const std::string& account, const std::string& friend_id) override;
  MaybeError remove_friend(const std::string& account, const std::string& friend_id) override;
  Expected<std::vector<std::string>> friends(const std::string& account) const override;
  MaybeError invite(const Invitation& i) override;
  MaybeError dismiss_invitation(const std::string& account, const TableId& table) override;
  Expected<std::vector<Invitation>> invitations(const std::string& account) const override;
  MaybeError save_rating(const std::string& account, const std::string& game,
                         const Rating& r) override;
  Expected<std::optional<Rating>> rating(const std::string& account,
                                         const std::string& game) const override;
  Expected<std::vector<BoardRow>> leaderboard(const std::string& game, std::size_t offset,
                                              std::size_t limit) const override;
  Expected<std::optional<std::int64_t>> board_place(const std::string& account,
                                                    const std::string& game) const override;
  MaybeError save_tournament(const TournamentRow& t) override;
  Expected<std::optional<TournamentRow>> tournament(const std::string& id) const override;
  Expected<std::vector<TournamentRow>> tournaments(const std::string& phase,
                                                   std::size_t limit) const override;

 private:
  // Guards everything below: the server calls the store from many threads.
  mutable std::mutex mutex_;
  // Accounts, by id; the others keyed as the interface says.
  std::map<std::string, Account> accounts_;
  struct SessionRow {
    std::string account;
    std::int64_t expires = 0;
  };
  std::map<std::string, SessionRow> sessions_;                           // by token hash
  std::map<std::pair<std::string, std::string>, std::int64_t> devices_;  // (hash, account): when
  std::map<std::string, std::vector<std::string>> recovery_;             // account -> code hashes
  std::vector<std::pair<std::string, KeyringSeat>> keyrings_;      // (account, seat), oldest first
  std::vector<std::pair<std::string, std::string>> friends_;       // (account, friend), in order
  std::vector<Invitation> invitations_;                            // oldest first
  std::map<std::pair<std::string, std::string>, Rating> ratings_;  // (account, game)
  std::map<std::string, TournamentRow> tournaments_;               // by id
  // Every row of a game's board, in order (mutex_ held).
  std::vector<BoardRow> board_rows(const std::string& game) const;
};

// Both, for open_store(":memory:").
class MemoryStore final : public Store {
 public:
  MemoryTableStore& tables() override { return tables_; }
  MemoryAccountStore& accounts() override { return accounts_; }

 private:
  MemoryTableStore tables_;
  MemoryAccountStore accounts_;
};

}  // namespace meeple::store
