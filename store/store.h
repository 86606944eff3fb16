// Layer 5 (store/): game records behind one interface. A table is stored as
// what it was created with (game, players, rule options, seats) plus an
// append-only list of entries (every action, chance outcomes included, and
// every chat line, every undo), never as state JSON: replaying the entries
// rebuilds the state exactly.
//
// Several server nodes may share one store (PostgreSQL, store/postgres_store.h):
// each table id, lobby or game, is then written by one node at a time, the
// holder of its lease. Every write names a Lease (owner and fencing number);
// a write whose lease is not the id's latest is refused (store/fenced) in the
// same transaction as the write, so a node that was paused or cut off and
// comes back late cannot write into a table another node has taken over.
// Every store implements the rule, so one contract suite tests them all.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/record.h"

namespace meeple::store {

namespace errc {
inline constexpr const char* kUnknownTable = "table/unknown";
inline constexpr const char* kFenced = "store/fenced";
inline constexpr const char* kFinished = "table/finished";
inline constexpr const char* kExists = "table/exists";
// The database cannot be reached (or failed mid-write): nothing was written.
inline constexpr const char* kUnavailable = "store/unavailable";
}  // namespace errc

using TableId = std::string;

// Who writes to a table: a node and its fencing number for that table. The
// default lease is the single node's: with one node nothing acquires, and
// every id's latest fencing number is 1.
struct Lease {
  std::string owner = "local";
  std::uint64_t fencing = 1;
};

// What a table is created with.
struct TableSpec {
  // The id wanted for the table (the server's unguessable table id); empty:
  // the store makes one. An id already in use is refused (table/exists).
  TableId id;
  std::string game;
  int players = 0;
  Json params = Json::object();
  std::vector<std::string> seats;  // who plays each seat: a person's name or a bot spec
  Json options = Json::object();   // table options (clock, visibility, ...)
};

// One entry of a table's log. kind "action": seat (kChance for chance), the
// action's integer and JSON forms, and text "bot" when a bot decided it (no
// person may take it back). kind "undo": the seat took back its latest
// decision (core/undo.h). kind "chat": seat and text. kind "seat": who plays
// the seat from now on (json: kind, name, bot, owner's data).
struct Entry {
  std::string kind = "action";
  Seat seat = kChance;
  Action action = -1;
  Json json;         // the action's JSON form
  std::string text;  // a chat line
  // When it was appended (milliseconds since 1970, UTC; 0: unknown): the
  // clocks of a table played over days go on from there after a restart.
  std::int64_t at = 0;
};

struct TableRecord {
  TableId id;
  TableSpec spec;
  std::vector<Entry> entries;
  Json result;  // null while unfinished
  bool finished() const { return !result.is_null(); }
};

// Entries to append to one table in order, all or none, and with a result
// (not null) the game's end with them (Store::finish), for write_async.
struct Write {
  TableId id;
  Lease lease;
  std::vector<Entry> entries;
  Json result;  // null: append only
  bool empty() const { return entries.empty() && result.is_null(); }
};

struct TableSummary {
  TableId id;
  std::string game;
  int players = 0;
  std::size_t entries = 0;
  bool finished = false;
  Json options = Json::object();  // the spec's options (a listing reads them without a load)
};

// What a store's writes cost, for /metrics: transactions (each one fsync),
// the writes they carried, time spent committing. Zeros for a store that
// does not count (memory, PostgreSQL).
struct StoreStats {
  std::uint64_t commits = 0;
  std::uint64_t writes = 0;
  std::uint64_t commit_micros = 0;
};

// --- Accounts (issue 34; server/accounts.h says what the server does with
// them). Account data is not leased: any node may write it.
struct Account {
  std::string id;             // the store's key, made by the server (random)
  std::string name;           // as the person wrote it
  std::string folded;         // the name folded for uniqueness (case ignored): unique
  std::string password_hash;  // crypto_pwhash_str's string (Argon2id)
  bool hidden = false;        // the profile is shown to its owner only
  std::int64_t created = 0;   // ms since 1970
};

// One seat token an account holds (its "keyring"): what lets the account's
// other devices play that seat. seat: the seat, or kSpectator (-2) for a
// table's host token. Kept as the token itself, not its hash.
struct KeyringSeat {
  std::string table;
  int seat = -2;
  std::string token;
  std::int64_t added = 0;  // ms since 1970
};

// An invitation to a table, for the invitee's account.
struct Invitation {
  std::string account;  // the invitee's id
  std::string table;
  std::string game;
  std::string title;
  std::string from;  // the inviter's name
  std::int64_t at = 0;
};

// One account's rating at one game (Glicko-2; the maths is server/'s).
struct Rating {
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
  int games = 0;
};

namespace errc {
inline constexpr const char* kAccountExists = "account/exists";  // the folded name is taken
inline constexpr const char* kUnknownAccount = "account/unknown";
}  // namespace errc

class Store {
 public:
  virtual ~Store() = default;
  virtual StoreStats stats() const { return {}; }
  // A new, empty table; its id is unique in this store. When spec.id names a
  // lobby or an acquired id, `lease` must be its latest (store/fenced).
  virtual Expected<TableId> create(const TableSpec& spec, const Lease& lease) = 0;
  // Appends entries in order, all or none, durable when it returns without an
  // error. Refused: table/unknown, table/finished, store/fenced.
  virtual MaybeError append(const TableId& id, const Lease& lease,
                            std::span<const Entry> entries) = 0;
  // Appends the game's last entries (`last`, often its last move) and marks
  // the table finished with its result (scores, ranks, winners, details), all
  // or nothing: a store never holds a game's end without its result, nor a
  // result without the end. Refused as append is.
  virtual MaybeError finish(const TableId& id, const Lease& lease, std::span<const Entry> last,
                            const Json& result) = 0;
  // append (result null) or finish, without waiting: `done` is called with
  // the outcome once the write is durable or refused, on a thread of the
  // store's (it must not block, nor call the store). A table's writes land
  // in the order they were made. The default writes before it returns and
  // calls `done` on the caller's thread; a store with a commit thread queues
  // the write for its next group commit, so no thread waits on the fsync.
  virtual void write_async(Write w, std::function<void(MaybeError)> done);
  // Whether write_async returns at once (a commit thread of its own, or
  // nothing to wait for) rather than after the write.
  virtual bool writes_in_background() const { return false; }
  virtual Expected<TableRecord> load(const TableId& id) const = 0;
  // Every table, or only the unfinished ones (a restarted server resumes them).
  virtual std::vector<TableSummary> list(bool unfinished_only = false) const = 0;

  // --- Lobbies: tables being set up, before their game exists (people take
  // seats, the host changes options). Only the latest spec of each lobby is
  // kept (spec.id names it; spec.options holds the owner's seat plan, token
  // hashes included), so a restarted owner still lists it and knows its
  // people. Durable when the call returns without an error. A lobby is
  // dropped once its game is created with create(), under the same id.
  virtual MaybeError save_lobby(const TableSpec& spec, const Lease& lease) = 0;
  virtual MaybeError drop_lobby(const TableId& id, const Lease& lease) = 0;
  // Every saved lobby, oldest first.
  virtual std::vector<TableSpec> lobbies() const = 0;

  // --- Ownership, for nodes sharing the store. Ids that were never acquired
  // have fencing number 1, held by the default Lease.
  //
  // Takes `id` (a table, a lobby, or an id not used yet) for `node`: answers
  // a lease whose fencing number is one more than the id's latest, valid for
  // `ttl`. It succeeds whoever held the id, whether that lease ran out or not:
  // the node that the router sends the id's requests to takes it; the former
  // holder's later writes are refused (store/fenced) and its next renew()
  // tells it the id is gone.
  virtual Expected<Lease> acquire(const TableId& id, const std::string& node,
                                  std::chrono::milliseconds ttl) = 0;
  // Extends, to now + ttl, the leases `node` holds on `ids`. Answers the ids
  // of `ids` that `node` no longer holds (acquired by another node since).
  virtual Expected<std::vector<TableId>> renew(const std::string& node,
                                               std::span<const TableId> ids,
                                               std::chrono::milliseconds ttl) = 0;
  // Unfinished tables and lobbies whose lease has run out (their node is
  // gone or cut off), oldest first. Ids never acquired are not listed.
  virtual std::vector<TableId> expired() const = 0;

  // --- The bot's reviews of finished tables (GET .../review), kept so that
  // each is made once, whichever node is asked. `key` names what was
  // reviewed (seat, language, budget); saving it again replaces it. Any node
  // may write one (no lease: a review is derived from the finished record).
  // load_review answers null when there is none.
  virtual MaybeError save_review(const TableId& id, const std::string& key, const Json& review) = 0;
  virtual Expected<Json> load_review(const TableId& id, const std::string& key) const = 0;

  // --- Accounts. Each call is durable when it returns without an error.
  // create_account: account/exists when another account has its folded name.
  virtual MaybeError create_account(const Account& a) = 0;
  // By id, or by folded name: nullopt when there is none.
  virtual Expected<std::optional<Account>> account(const std::string& id) const = 0;
  virtual Expected<std::optional<Account>> account_named(const std::string& folded) const = 0;
  // Writes the password hash and hidden of the account `a.id` (account/unknown).
  virtual MaybeError update_account(const Account& a) = 0;
  // The account and everything of it: sessions, recovery codes, keyring,
  // friends (both ways), invitations (to it), ratings.
  virtual MaybeError delete_account(const std::string& id) = 0;
  // Sessions: a token's hash, its account, when it expires (ms since 1970).
  virtual MaybeError add_session(const std::string& token_hash, const std::string& account,
                                 std::int64_t expires) = 0;
  // The account of a session not expired at `now`; nullopt otherwise.
  virtual Expected<std::optional<std::string>> session(const std::string& token_hash,
                                                       std::int64_t now) const = 0;
  virtual MaybeError drop_session(const std::string& token_hash) = 0;
  // Every session of the account but `keep` (a token hash, or "").
  virtual MaybeError drop_sessions(const std::string& account, const std::string& keep) = 0;
  // Recovery codes, hashed: set replaces them all; use removes one and
  // answers whether it was there (a code works once).
  virtual MaybeError set_recovery_codes(const std::string& account,
                                        const std::vector<std::string>& hashes) = 0;
  virtual Expected<bool> use_recovery_code(const std::string& account, const std::string& hash) = 0;
  virtual Expected<int> recovery_codes_left(const std::string& account) const = 0;
  // The keyring: add keeps one row per (account, table, seat), the token
  // and time replaced; listed newest first, at most `limit`.
  virtual MaybeError add_to_keyring(const std::string& account, const KeyringSeat& s) = 0;
  virtual Expected<std::vector<KeyringSeat>> keyring(const std::string& account,
                                                     std::size_t limit) const = 0;
  // The accounts holding seats (not host tokens) of one table: seat -> account.
  virtual Expected<std::map<int, std::string>> accounts_at(const TableId& table) const = 0;
  // Friends: one way (account lists friend), added once; friends(account)
  // in the order added.
  virtual MaybeError add_friend(const std::string& account, const std::string& friend_id) = 0;
  virtual MaybeError remove_friend(const std::string& account, const std::string& friend_id) = 0;
  virtual Expected<std::vector<std::string>> friends(const std::string& account) const = 0;
  // Invitations: one per (invitee, table), a later one replacing it; listed
  // oldest first.
  virtual MaybeError invite(const Invitation& i) = 0;
  virtual MaybeError dismiss_invitation(const std::string& account, const TableId& table) = 0;
  virtual Expected<std::vector<Invitation>> invitations(const std::string& account) const = 0;
  // Ratings per (account, game): nullopt when the account has none there.
  virtual MaybeError save_rating(const std::string& account, const std::string& game,
                                 const Rating& r) = 0;
  virtual Expected<std::optional<Rating>> rating(const std::string& account,
                                                 const std::string& game) const = 0;
  // A stored table's seat gets another name (a deleted account's becomes "a
  // former player"): spec.seats[seat], and the seat plan the server keeps in
  // spec.options ("server": {"seats": [{"name"}]}) when there is one. The
  // game's entries are untouched, so the record replays as before.
  // table/unknown; a seat out of range changes nothing.
  virtual MaybeError rename_seat(const TableId& table, int seat, const std::string& name) = 0;
};

// The meeple-record/1 form of a table: its actions in order (chat lines are
// left out: a record replays the game). `seed` is 0: chance outcomes are in
// the record, so a replay needs no generator.
GameRecord to_game_record(const TableRecord& t);

// A store in memory: for terminal play, tests and single runs.
class MemoryStore final : public Store {
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
  MaybeError create_account(const Account& a) override;
  Expected<std::optional<Account>> account(const std::string& id) const override;
  Expected<std::optional<Account>> account_named(const std::string& folded) const override;
  MaybeError update_account(const Account& a) override;
  MaybeError delete_account(const std::string& id) override;
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
  // Accounts, by id; the others keyed as the interface says.
  std::map<std::string, Account> accounts_;
  struct SessionRow {
    std::string account;
    std::int64_t expires = 0;
  };
  std::map<std::string, SessionRow> sessions_;                     // by token hash
  std::map<std::string, std::vector<std::string>> recovery_;       // account -> code hashes
  std::vector<std::pair<std::string, KeyringSeat>> keyrings_;      // (account, seat), oldest first
  std::vector<std::pair<std::string, std::string>> friends_;       // (account, friend), in order
  std::vector<Invitation> invitations_;                            // oldest first
  std::map<std::pair<std::string, std::string>, Rating> ratings_;  // (account, game)
  std::uint64_t next_id_ = 1;
};

// A store that keeps its accounts in another store (accounts_store()): for
// stores that wrap another one, tests' among them, so that each forwards
// the accounts' calls in one place.
class AccountsElsewhere : public Store {
 public:
  MaybeError create_account(const Account& a) override;
  Expected<std::optional<Account>> account(const std::string& id) const override;
  Expected<std::optional<Account>> account_named(const std::string& folded) const override;
  MaybeError update_account(const Account& a) override;
  MaybeError delete_account(const std::string& id) override;
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
  MaybeError rename_seat(const TableId& table, int seat, const std::string& name) override;

 protected:
  virtual Store& accounts_store() const = 0;
};

// A store in one SQLite file (store/sqlite_store.h) is the embedded default.

}  // namespace meeple::store
