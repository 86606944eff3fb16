// The stores that several server nodes share: both in one PostgreSQL
// database (store/table_store.h and store/account_store.h state the
// contracts), opened from a libpq URL (postgresql://user@host:port/db or
// postgres://...).
//
// Schema (version 6, in table schema_version, store/postgres_schema.cpp; migrations run at open, in
// one transaction under pg_advisory_xact_lock, so nodes starting at once apply each migration
// once):
//   tables(ord identity, id, game, players, spec JSON text, result JSON text
//          or NULL, entries, created)             listed by ord: oldest first
//   entries(table_id, seq, kind, seat, action, json, text, at)
//   lobbies(ord identity, id, spec JSON text, updated)
//   owners(id, owner, fencing, lease_until)
//   table_numbers: the sequence behind made ids (t1, t2, ...)
//   reviews (version 2); meeple_write_many (version 3);
//   accounts, sessions, recovery_codes, keyring, friends, invitations,
//   ratings (version 4); accounts' skeleton and friends_only, devices
//   (version 5); the leaderboards' index ratings_board (version 6);
//   tournaments(id, name, game, phase, starts, doc JSON text) (version 7)
// owners has a row for every id that was ever written or acquired, table or
// lobby (lease_until NULL: never acquired, the default Lease {local, 1}); the
// row stays when its lobby or table goes, so fencing numbers only grow.
//
// Fencing. Every write is one call of a PL/pgSQL function (meeple_append,
// meeple_finish, meeple_create, meeple_save_lobby, meeple_drop_lobby) run as
// one statement in its own transaction: one round trip. The function locks
// the id's owners row FOR SHARE and compares owner and fencing in that
// transaction; acquire() bumps the fencing with one INSERT ... ON CONFLICT DO
// UPDATE, which waits for those share locks. So a write either commits before
// the acquire does (and the new holder, loading after acquiring, sees it) or
// sees the new lease and is refused (store/fenced): a late writer never lands
// a write after another node acquired the id. Lease times are the database's
// clock (clock_timestamp()), one clock for every node.
//
// Group commit (store/postgres_commit.cpp): tables' writes (write_async)
// are queued and one thread
// writes all that are waiting with one call of meeple_write_many, which
// makes each write as meeple_append (and meeple_finish) do, fenced alike,
// in one transaction: one round trip and one commit for the batch. A write
// refused there (fenced, finished) changes nothing and the others land.
//
// Connections: a pool of `writers` connections (writes wait for a free one)
// and one for reads (load, list, lobbies, expired), each used by one thread at
// a time. Commits are durable on return (synchronous_commit on).
//
// The database down or restarted: a call retries connecting for up to
// `retry` (about 2 s) and then answers store/unavailable (reads: an error, or
// an empty list, logged). A broken connection is replaced on a later call. A
// write whose connection broke while it ran is not retried (it is not known
// whether it committed) and answers store/unavailable: a store never reports
// success for a write whose commit it did not see.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "store/store.h"

namespace meeple::store {

struct PostgresOptions {
  int writers = 4;                             // connections for writes
  std::chrono::milliseconds retry{2000};       // reconnecting within one call
  std::chrono::milliseconds retry_pause{100};  // between attempts
};

struct PostgresDatabase;  // the pool, the reader and the commit thread (postgres_database.h)

// The tables of the database (postgres_tables.cpp).
class PostgresTableStore final : public TableStore {
 public:
  explicit PostgresTableStore(PostgresDatabase& db) : db_(db) {}
  Expected<TableId> create(const TableSpec& spec, const Lease& lease) override;
  MaybeError append(const TableId& id, const Lease& lease, std::span<const Entry> entries) override;
  MaybeError finish(const TableId& id, const Lease& lease, std::span<const Entry> last,
                    const Json& result) override;
  // Group commit: queued, and written with the other queued writes in one
  // statement (meeple_write_many), one transaction; `done` runs on the
  // commit thread.
  void write_async(Write w, std::function<void(MaybeError)> done) override;
  bool writes_in_background() const override { return true; }
  StoreStats stats() const override;
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
  PostgresDatabase& db_;
};

// The accounts of the database (postgres_accounts.cpp): each call one
// statement (or one transaction of a few) with its parameters; no leases.
class PostgresAccountStore final : public AccountStore {
 public:
  explicit PostgresAccountStore(PostgresDatabase& db) : db_(db) {}
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
  PostgresDatabase& db_;
};

// One database: its connections and commit thread, and its two stores.
class PostgresStore final : public Store {
 public:
  // Connects to `url` (retrying for options.retry) and migrates the schema.
  // store/unavailable when the database cannot be reached; io/failed when the
  // schema is newer than this build's or a migration fails.
  static Expected<std::unique_ptr<PostgresStore>> open(const std::string& url,
                                                       PostgresOptions options = {});
  // Writes what is queued, then stops the commit thread.
  ~PostgresStore() override;
  PostgresStore(const PostgresStore&) = delete;
  PostgresStore& operator=(const PostgresStore&) = delete;

  PostgresTableStore& tables() override { return tables_; }
  PostgresAccountStore& accounts() override { return accounts_; }

  // How many migrations this open() applied (0 when another open had).
  int migrations_applied() const { return migrated_; }
  static constexpr int kSchemaVersion = 7;

 private:
  explicit PostgresStore(std::unique_ptr<PostgresDatabase> db);
  std::unique_ptr<PostgresDatabase> db_;
  PostgresTableStore tables_;
  PostgresAccountStore accounts_;
  int migrated_ = 0;
};

}  // namespace meeple::store
