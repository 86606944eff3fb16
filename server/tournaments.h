// Internal to server/: tournaments (docs/tournaments.md, the API in
// docs/protocol.md, "Tournaments"). A tournament is a stored JSON document
// (store::TournamentRow) that this node keeps in memory while it is open or
// playing: its settings (game, params, kind, rounds, table size, real-time
// or turn-based, the stand-ins' grace, start time), its entrants and each
// round's tables with their results. At the start time the server seeds
// the entrants by rating and makes round 1's tables (server/pairing.h),
// seating each entrant with their account (the seat joins their keyring,
// so the tables are on their "seats" list); a person who does not come is
// played for by the game's bot after the stand-in grace (room/room.h).
// When every table of a round has finished, the next round is made; after
// the last, the tournament is finished. Standings are worked out from the
// results whenever asked for.
//
// Everything runs on the hub's account thread (account_pool): the HTTP
// handlers post there, the start timer fires there, and a finished
// table's result is posted there (Hub::tournament_table_finished); so no
// lock. One node runs tournaments (with several nodes, the first node).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"
#include "server/accounts.h"

namespace meeple::server {

namespace errc {
inline constexpr const char* kUnknownTournament = "tournament/unknown";
// Joining, leaving or inviting to a tournament whose round 1 was made.
inline constexpr const char* kTournamentStarted = "tournament/started";
inline constexpr const char* kTournamentFull = "tournament/full";
// An invitation from someone who neither made nor entered the tournament.
inline constexpr const char* kNotEntrant = "tournament/not_entrant";
}  // namespace errc

// What a tournament asks of the server for a round: a table made and
// opened, its entrants seated with their accounts (each seat joining its
// account's keyring). The server's own is server/round_tables.h; this
// keeps tournaments free of the hub and its tables.
class RoundTables {
 public:
  virtual ~RoundTables() = default;
  // A table for `request` (as POST /api/tables' body) with `seated[s]`, an
  // (account id, account name), at seat s: its id, or why it was not made
  // (the store down, the server's lobbies full).
  virtual Expected<std::string> make(
      const Json& request, const std::vector<std::pair<std::string, std::string>>& seated) = 0;
};

class Tournaments {
 public:
  static constexpr int kMaxEntrants = 256;
  static constexpr int kMaxRounds = 20;
  static constexpr std::size_t kListLimit = 50;
  explicit Tournaments(Accounts& accounts) : accounts_(accounts) {}
  // Where rounds get their tables: set once, before load() and the first tick().
  void set_tables(std::unique_ptr<RoundTables> tables) { tables_ = std::move(tables); }

  // Reads the open and playing tournaments of the store (at the start).
  void load();
  // Starts the tournaments whose time came; makes the next round of those
  // whose round finished (a table that finished while the server was
  // down). The timer calls it every options.tournament_tick.
  void tick(std::int64_t now_ms);
  // A table finished with `result` (AnyState::result_json).
  void table_finished(const std::string& table, const Json& result);

  // The HTTP API (docs/protocol.md, "Tournaments").
  Accounts::Answer create(const std::string& session, const Json& body);
  Accounts::Answer list(const std::string& phase);
  Accounts::Answer get(const std::string& id);
  Accounts::Answer join(const std::string& id, const std::string& session);
  Accounts::Answer leave(const std::string& id, const std::string& session);
  // `open_table`: whether an invitation's table (or "tournament:" id) is
  // still open, as for Accounts::invite.
  Accounts::Answer invite(const std::string& id, const std::string& session, const Json& body,
                          const std::function<bool(const std::string&)>& open_table);
  // A tournament taking entrants (an invitation to it is shown).
  bool open(const std::string& id) const;
  // The tournaments an account entered, latest first: id, name, game,
  // phase, and its place and points (for its profile).
  Json of_account(const std::string& account) const;

 private:
  // The tournament in memory, or read from the store (a finished one).
  Expected<Json> find(const std::string& id) const;
  MaybeError save(const Json& t);
  void start(Json& t);
  void make_round(Json& t);
  Json with_standings(const Json& t) const;

  Accounts& accounts_;
  std::unique_ptr<RoundTables> tables_;
  std::map<std::string, Json> live_;             // open and playing, by id
  std::map<std::string, std::string> table_of_;  // a live table -> its tournament
};

}  // namespace meeple::server
