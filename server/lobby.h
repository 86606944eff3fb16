// Internal to server/: what a table is set up with. Before the start the
// host changes it and people take seats (the lobby); at the start it makes
// the room's options and seats; it is stored with the table (its options'
// "server" member, token hashes included), so a restarted server or another
// node rebuilds the table from the store. No sockets, no store: plain data
// and the checks of the requests that make and change it (docs/protocol.md,
// POST /api/tables and the host controls).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "room/guide.h"
#include "room/room.h"
#include "server/options.h"

namespace meeple::server {

// A table's phase: a lobby (seats being taken, options changeable by the
// host), playing, or finished (it keeps the record).
enum class Phase { kLobby, kPlaying, kFinished };
const char* phase_name(Phase p);

// One seat as planned and as stored with the table.
struct SeatPlan {
  room::SeatKind kind = room::SeatKind::kPerson;
  std::string bot;         // kBot: the spec ("ismcts:medium", "heuristic")
  std::string name;        // a person's display name, once joined
  std::string token_hash;  // SHA-256 of the seat's token, once joined
  std::string account;     // the signed-in account seated here ("" for a guest)
};

// A play-now table (POST /api/play-now): the bot its free seats get once the
// wait since the table was made has passed.
struct PlayNow {
  std::string bot;
  std::chrono::milliseconds wait{0};
};

const char* kind_name(room::SeatKind k);
// "person", "bot" or "empty"; request/malformed otherwise.
Expected<room::SeatKind> kind_from(const Json& j);
// An integer of a request in [lo, hi], read as one only when it is one:
// nullopt for anything else (a float, a string, an integer out of range).
std::optional<int> int_in(const Json& j, int lo, int hi);
// A display name ("name", default "player"): 1 to 40 bytes of printable text.
Expected<std::string> read_name(const Json& body);

// The longest name a seat may have, in bytes.
inline constexpr std::size_t kMaxNameBytes = 40;
// Milliseconds since 1970 (UTC), as the protocol gives times.
std::int64_t epoch_ms(std::chrono::system_clock::time_point t);

// Who asks for a new table, for the limits on what one party holds
// (Hub::admit): the address_key of the client's address, and the signed-in
// account ("" for a guest).
struct Maker {
  std::string address;
  std::string account;
  // The signed-in maker's rating at the asked game (Viewer::rating): the
  // table's host_rating.
  std::optional<double> rating;
};

// Who a table is for (POST /api/tables's min_rating, max_rating and
// friends_only; docs/protocol.md, "Who a table is for"): fixed when the
// table is made, stored with it. A person outside it is refused every seat
// (table/not_for_you) and is not shown the table in GET /api/tables.
struct Audience {
  // The person's rating at the table's game, inclusive; none: any rating.
  std::optional<int> min_rating, max_rating;
  bool friends_only = false;  // the accounts the host added as friends
  bool anyone() const { return !min_rating && !max_rating && !friends_only; }
};
inline constexpr int kMaxRating = 4000;

// Where one person stands to a table's audience (Viewer::of reads it from
// the accounts' store, on the account thread).
struct Viewer {
  std::string account;  // "" for a guest
  // At the table's game: the account's rating, or 1500 (the first rating,
  // docs/ratings.md) while it has none; nullopt for a guest.
  std::optional<double> rating;
  bool host_friend = false;  // the table's host added this account as a friend
};

struct Lobby {
  const AnyGame* game = nullptr;
  int players = 0;
  Json params = Json::object();
  std::vector<SeatPlan> plan;
  std::string host_hash;  // SHA-256 of the host's token
  bool is_public = true;
  bool auto_start = true;  // the game starts when the last person's seat is taken
  std::chrono::milliseconds move_clock{0};
  std::chrono::milliseconds grace{60000};
  // Stand-ins play for people away longer than `grace` or out of time (the
  // table's choice: "after" grace, "now" with grace 0); false: the table
  // waits for them ("wait").
  bool stand_ins = true;
  bool undo = true;  // people may take back moves
  // People may ask for a hint at their decisions (bots/hint.h); the host's
  // choice, off by default, never at a rated table.
  bool hints = false;
  bool turn_based = false;  // played over days: a day's clock, and the table waits by default
  bool takeover = false;    // on_timeout "takeover": a bot takes the seat for good
  // A guided first game (room/guide.h): the game's script, whose seed deals.
  std::optional<room::GuideScript> guide;
  std::vector<std::string> languages = {"en", "it", "ko"};
  // Rated (docs/ratings.md): people only, no undo; each person's seat is an
  // account's, one seat each (check_account).
  bool rated = false;
  std::optional<PlayNow> play_now;
  std::string rematch_of;       // the finished table this lobby is the rematch of
  std::int64_t created_ms = 0;  // when the lobby was made (ms since 1970), for its expiry
  // Who made the table, for the limits on what one party holds (Hub::admit):
  // the address_key of its creator's address (not stored: the database
  // keeps no addresses, so a restart forgets it) and the signed-in account
  // that made it ("" for a guest; stored, and a signed-in host's lobby may
  // wait the whole lobby_ttl).
  std::string address;
  std::string host_account;
  Audience audience;
  // The host's rating at the game when the table was made (Viewer::rating
  // of a signed-in host, rounded); nullopt for a guest's table. Stored.
  std::optional<int> host_rating;

  // A new lobby from a POST /api/tables body, checked; `host_token`
  // receives the host's secret. game/unknown, game/players, params/*,
  // bot/unknown, bot/budget, guide/none, request/malformed.
  static Expected<Lobby> from_request(const ServerOptions& options, const Json& request,
                                      std::string& host_token);
  // The lobby stored as `server` in a table's options (record/corrupt).
  static Expected<Lobby> from_stored(const AnyGame& game, int players, const Json& params,
                                     const Json& server);
  // As stored: the inverse of from_stored.
  Json to_json() const;
  // The options people see: undo, clock, turn-based, on_timeout, stand_in, guide, hints.
  Json table_options() const;

  // A bot spec this server lets a table seat: one make_bot knows, searching
  // one tree, within the server's bot budget (bot/budget).
  MaybeError check_bot(const ServerOptions& options, const std::string& spec) const;
  // A rated table has only people's seats, no undo and no hints: table/unrated.
  MaybeError check_rated() const;
  // The hook of "a rated table's seats are joined only by signed-in
  // accounts, one seat each": `account` is the joining request's signed-in
  // account ("" for a guest).
  // At a rated table: auth/signed_out for a guest, seat/taken when the
  // account sits here already. Any other table takes everyone.
  // `name` made distinct from the names of the people already seated (other
  // than at `seat`): "Person", then "Person 2", "Person 3"... (two guests who
  // kept the default name, or two Annas, must be told apart in every seat's
  // words). Within a name's 40 bytes, never cutting a UTF-8 character.
  std::string distinct_name(const std::string& name, std::size_t seat) const;
  MaybeError check_account(const std::string& account) const;
  // Whether the audience takes `v` (the host's own account always):
  // table/not_for_you otherwise. A rating range is for signed-in accounts
  // only, friends_only for those the host added as friends.
  MaybeError check_audience(const Viewer& v) const;
  // What GET /api/tables adds to a table's summary: languages, turn_based,
  // audience ({min_rating, max_rating, friends_only}, null ends for none)
  // and host_rating (null for a guest's table).
  void add_listing(Json& summary) const;
  // When a play-now table's bots fill its free seats (ms since 1970).
  std::int64_t starts_at_ms() const;
  // The host's token; auth/host otherwise.
  MaybeError check_host(const Json& body) const;
  // The seat whose token hashes to `token_hash`, if any.
  std::optional<Seat> seat_of(const std::string& token_hash) const;
  // People's seats nobody took yet.
  int free_seats() const;
  // The seat a join asks for ("seat", or the first free person's seat):
  // seat/invalid, seat/taken, table/full.
  Expected<std::size_t> seat_to_join(const Json& body) const;

  // The room's options (its chance, languages, clocks, undo); every table
  // but a guided one draws chance from a fresh secret key.
  room::RoomOptions room_options(const store::Lease& lease) const;
  // The room's seats at the start: a person's seat nobody took is played by
  // the game's own bot.
  std::vector<room::SeatConfig> seats_at_start() const;
};

}  // namespace meeple::server
