// Internal to server/: the HTTP routes of `meeple serve` (docs/protocol.md)
// as a pure function of a request's method and target, so the router is
// tested and fuzzed (tests/fuzz/http_route_fuzz.cpp) without sockets. The
// route table (routes.cpp, kRoutes) names each route's handler (api.h); the
// HTTP session (http_session.cpp) calls the handler route_http chose.
#pragma once

#include <ostream>  // before Beast's verb.hpp, whose string_view needs it

#include <boost/beast/http/verb.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/params.h"
#include "core/types.h"

namespace meeple::server {

// Splits "/api/tables/ab12/join?x=1" into its non-empty path segments.
std::vector<std::string> split_path(std::string_view target);
// The value of `key` in the target's query ("" when absent).
std::string query_param(std::string_view target, std::string_view key);
// Whether the target's query has a key "token" in any spelling (any case,
// percent-encoded, with or without a value, after other keys): a seat's
// token never travels in an address, which proxies and histories keep.
bool names_token(std::string_view target);
// An integer query parameter; `fallback` when absent, nullopt when not an
// integer in [-1000000, 1000000000].
std::optional<long long> int_query(std::string_view target, std::string_view key,
                                   long long fallback);

// What a request asks for (tests and the fuzz target name routes by it).
enum class RouteKind {
  kHealth,       // GET /healthz
  kMetrics,      // GET /metrics
  kStaticFile,   // GET of a file of the web client (only when it is served)
  kGames,        // GET /api/games
  kListTables,   // GET /api/tables[?phase=lobby|playing&page=P&limit=L]: `list`
  kCreateTable,  // POST /api/tables
  kMyTables,     // POST /api/my-tables
  kPlayNow,      // POST /api/play-now
  kTable,        // /api/tables/{id}[/...]: see TableRoute, once the table is found
  kAccount,      // /api/account[/...]: `what` is the rest ("", "signup", "friends/remove")
  kPlayer,       // GET /api/players/{name}: `what` is the name, decoded
  kLeaderboard,  // GET /api/leaderboards/{game}?view=&page=: `what` the game, `lang` the view
  kTournaments,  // /api/tournaments[/{id}[/join|leave|invite]]: `table` the id, `what` the rest,
                 // `lang` the list's ?phase=
  kNotFound,     // request/not_found with `message`
  kMalformed,    // request/malformed with `message` (a query out of range)
};

// GET /api/tables's order of lobbies (sort=): people waiting there first,
// then the newest (waiting, the default); the newest; the fewest free seats
// (the soonest to start); the host's rating, highest first.
enum class TableSort { kWaiting, kNewest, kSeats, kHostRating };

// GET /api/tables's query: which tables, and which page of them. The
// filters (docs/protocol.md, "Choosing a table") are for lobbies only.
struct TableList {
  bool playing = false;                   // phase=playing: games to watch; else lobbies to join
  int page = 1;                           // from 1
  int limit = 20;                         // 1 to kMaxTableList a page
  std::string game;                       // game=: that game only ("" for any)
  std::string lang;                       // lang=: tables that speak it
  std::optional<bool> turn_based;         // speed=turn_based | realtime
  std::optional<bool> rated;              // rated=true | false
  int seats = 1;                          // seats=N: at least N free seats
  std::optional<int> host_min, host_max;  // the host's rating at the game, inclusive
  TableSort sort = TableSort::kWaiting;
};
inline constexpr int kMaxTableList = 50;

// What a request under /api/tables/{id} asks of the table. Resolved after
// the table is found: an unknown table is table/unknown whatever follows.
enum class TableRoute {
  kSummary,   // GET /api/tables/{id}
  kRecord,    // GET .../record
  kReplay,    // GET .../replay?seat=S&step=N&lang=L
  kReview,    // GET .../review?seat=S&lang=L
  kBadQuery,  // .../replay or .../review with a seat or step that is not an integer
  kPost,      // POST .../{what}: join, rematch or a host control
  kNotFound,
};

struct Route;
class Call;  // api.h: the request in flight and how to answer it
// What answers a route (api.h).
using Handler = void (*)(const std::shared_ptr<Call>&, const Route&);

struct Route {
  RouteKind kind = RouteKind::kNotFound;
  Handler handler = nullptr;  // never null once route_http chose
  // Its answer is costly (a replay, a record, my tables): counted by the
  // address's read budget (Hub::reads) before it runs.
  bool heavy = false;
  std::string message;  // kNotFound: the error's message
  std::string file;     // kStaticFile: "/a/b.js" under the web folder ("/index.html" for "/")
  std::string table;    // kTable: the table id (one path segment)
  TableRoute table_route = TableRoute::kNotFound;
  std::string what;                 // kPost: the last segment; kAccount, kPlayer: above
  bool post = false;                // kAccount: a POST (else a GET)
  Seat seat = kSpectator;           // kReplay: the observer; kReview: the seat reviewed
  std::optional<std::size_t> step;  // kReplay: one step, or the whole game
  std::string lang;                 // kReplay, kReview: "" for the table's first
  TableList list;                   // kListTables
};

// The route of a request; `static_files`: the server serves the web client.
Route route_http(boost::beast::http::verb method, std::string_view target, bool static_files);

// A request's body: {} when empty, else a JSON object read by parse_request
// (request/too_large, request/too_deep, request/malformed); any other JSON
// value is request/malformed, so handlers read keys of an object only (a
// number as body stopped the server).
Expected<Json> request_body(std::string_view body);

// POST /api/my-tables asks about seats: {"seats": [{table, token}, ...]}, at
// most kMaxMyTables of them; anything else is request/malformed.
struct SeatAsk {
  std::string table;
  std::string token;
};
inline constexpr std::size_t kMaxMyTables = 200;
Expected<std::vector<SeatAsk>> my_tables_request(const Json& body);

// The table id of a WebSocket upgrade's target (/ws/tables/{id}), or "" when
// the target is not one.
std::string ws_table(std::string_view target);

}  // namespace meeple::server
