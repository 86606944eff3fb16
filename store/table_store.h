// The table store (store/store.h says where it sits): a game table's record
// and what keeps several nodes from writing one table at once. A table is
// stored as what it was created with (game, players, rule options, seats)
// plus an append-only list of entries (every action, chance outcomes
// included, and every chat line, every undo), never as state JSON: replaying
// the entries rebuilds the state exactly. Beside the tables: the lobbies
// (tables being set up), the leases on table ids, and the bot's reviews of
// finished tables.
//
// Several server nodes may share one store (PostgreSQL, store/postgres_store.h):
// each table id, lobby or game, is then written by one node at a time, the
// holder of its lease. Every write names a Lease (owner and fencing number);
// a write whose lease is not the id's latest is refused (store/fenced) in the
// same transaction as the write, so a node that was paused or cut off and
// comes back late cannot write into a table another node has taken over.
// Every table store implements the rule, so one contract suite tests them
// all (tests/store_test.cpp, TableStoreContract).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
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
// The database cannot be reached, or cannot write (a full disk, an I/O
// error), or failed mid-write: the outcome of a write so answered is
// unknown (it may have landed), so its writer reads the table again.
inline constexpr const char* kUnavailable = "store/unavailable";
// The database file is damaged (store/sqlite_file.h says what is looked
// at): a server does not serve it.
inline constexpr const char* kDamaged = "store/damaged";
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
// the seat from now on (json: kind, name, bot, owner's data). kind "hint":
// the seat's person was given a hint (bots/hint.h) at this point of the
// game; it changes nothing in the game, and marks the record (GameRecord::hints).
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
// (not null) the game's end with them (TableStore::finish), for write_async.
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

class TableStore {
 public:
  virtual ~TableStore() = default;
  virtual StoreStats stats() const { return {}; }
  // Whether the store can write now, for a server that saw its writes fail
  // (store/unavailable) and waits to resume: an error saying why not (a
  // full disk, the database out of reach). The default reads a review:
  // the store answers.
  virtual MaybeError probe();
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

}  // namespace meeple::store
