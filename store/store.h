// Layer 5 (store/): game records behind one interface. A table is stored as
// what it was created with (game, players, rule options, seats) plus an
// append-only list of entries (every action, chance outcomes included, and
// every chat line, every undo), never as state JSON: replaying the entries
// rebuilds the state exactly.
//
// Several server nodes are planned (a PostgreSQL store): every write names
// the table's owner and a fencing number (a Lease). A store that supports
// ownership refuses a write whose fencing number is older than the table's
// (store/fenced); the memory store checks it too, so the rule is tested from
// the start.
#pragma once

#include <cstdint>
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
}  // namespace errc

using TableId = std::string;

// Who writes to a table: a node and its fencing number for that table.
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

struct TableSummary {
  TableId id;
  std::string game;
  int players = 0;
  std::size_t entries = 0;
  bool finished = false;
};

class Store {
 public:
  virtual ~Store() = default;
  // A new, empty table; its id is unique in this store.
  virtual Expected<TableId> create(const TableSpec& spec) = 0;
  // Appends entries in order, all or none, durable when it returns without an
  // error. Refused: table/unknown, table/finished, store/fenced.
  virtual MaybeError append(const TableId& id, const Lease& lease,
                            std::span<const Entry> entries) = 0;
  // Marks the table finished with its result (scores, ranks, winners, details).
  virtual MaybeError finish(const TableId& id, const Lease& lease, const Json& result) = 0;
  virtual Expected<TableRecord> load(const TableId& id) const = 0;
  // Every table, or only the unfinished ones (a restarted server resumes them).
  virtual std::vector<TableSummary> list(bool unfinished_only = false) const = 0;

  // --- Lobbies: tables being set up, before their game exists (people take
  // seats, the host changes options). Only the latest spec of each lobby is
  // kept (spec.id names it; spec.options holds the owner's seat plan, token
  // hashes included), so a restarted owner still lists it and knows its
  // people. Durable when the call returns without an error. A lobby is
  // dropped once its game is created with create(), under the same id.
  virtual MaybeError save_lobby(const TableSpec& spec) = 0;
  virtual MaybeError drop_lobby(const TableId& id) = 0;
  // Every saved lobby, oldest first.
  virtual std::vector<TableSpec> lobbies() const = 0;
};

// The meeple-record/1 form of a table: its actions in order (chat lines are
// left out: a record replays the game). `seed` is 0: chance outcomes are in
// the record, so a replay needs no generator.
GameRecord to_game_record(const TableRecord& t);

// A store in memory: for terminal play, tests and single runs.
class MemoryStore final : public Store {
 public:
  Expected<TableId> create(const TableSpec& spec) override;
  MaybeError append(const TableId& id, const Lease& lease, std::span<const Entry> entries) override;
  MaybeError finish(const TableId& id, const Lease& lease, const Json& result) override;
  Expected<TableRecord> load(const TableId& id) const override;
  std::vector<TableSummary> list(bool unfinished_only) const override;
  MaybeError save_lobby(const TableSpec& spec) override;
  MaybeError drop_lobby(const TableId& id) override;
  std::vector<TableSpec> lobbies() const override;
  // Takes a table over for another owner with a higher fencing number (what a
  // node does when it inherits a table); writes with older numbers are then
  // refused.
  MaybeError take_over(const TableId& id, const Lease& lease);

 private:
  struct Stored {
    TableRecord record;
    std::uint64_t fencing = 0;
  };
  Stored* find(const TableId& id);
  const Stored* find(const TableId& id) const;
  MaybeError check_write(const Stored* t, const TableId& id, const Lease& lease) const;
  std::vector<Stored> tables_;
  std::vector<TableSpec> lobbies_;
  std::uint64_t next_id_ = 1;
};

// A store in one SQLite file (store/sqlite_store.h) is the embedded default.

}  // namespace meeple::store
