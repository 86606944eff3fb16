#include "server/routes.h"

#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "games/registry.h"
#include "server/accounts.h"
#include "server/api_handlers.h"
#include "server/lobby.h"
#include "server/protocol.h"

namespace meeple::server {

namespace http = boost::beast::http;

std::vector<std::string> split_path(std::string_view target) {
  std::vector<std::string> parts;
  const auto q = target.find('?');
  std::string_view path = target.substr(0, q);
  std::size_t i = 0;
  while (i < path.size()) {
    const auto j = path.find('/', i);
    const auto end = j == std::string_view::npos ? path.size() : j;
    if (end > i) parts.emplace_back(path.substr(i, end - i));
    i = end + 1;
  }
  return parts;
}

std::string query_param(std::string_view target, std::string_view key) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return {};
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    std::string_view kv = rest.substr(0, amp);
    const auto eq = kv.find('=');
    if (eq != std::string_view::npos && kv.substr(0, eq) == key)
      return std::string(kv.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    rest = rest.substr(amp + 1);
  }
  return {};
}

bool names_token(std::string_view target) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return false;
  std::string_view rest = target.substr(q + 1);
  while (true) {
    const auto amp = rest.find('&');
    std::string key = percent_decode(rest.substr(0, std::min(amp, rest.find('='))));
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (key == "token") return true;
    if (amp == std::string_view::npos) return false;
    rest = rest.substr(amp + 1);
  }
}

std::optional<long long> int_query(std::string_view target, std::string_view key,
                                   long long fallback) {
  const std::string v = query_param(target, key);
  if (v.empty()) return fallback;
  long long n = 0;
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < -1000000 || n > 1000000000)
    return std::nullopt;
  return n;
}

namespace {

Route not_found(std::string message) {
  Route r;
  r.kind = RouteKind::kNotFound;
  r.handler = api::not_found;
  r.message = std::move(message);
  return r;
}

Route malformed(std::string message) {
  Route r;
  r.kind = RouteKind::kMalformed;
  r.handler = api::malformed;
  r.message = std::move(message);
  return r;
}

// A file of the web client: no "..", no hidden files, no backslashes.
Route static_file(const std::vector<std::string>& parts) {
  std::string rel;
  for (const auto& p : parts) {
    if (p == ".." || p.find('\\') != std::string::npos || p.starts_with('.'))
      return not_found("no such file");
    rel += "/" + p;
  }
  if (rel.empty()) rel = "/index.html";
  Route r;
  r.kind = RouteKind::kStaticFile;
  r.handler = api::static_file;
  r.file = std::move(rel);
  return r;
}

void route_table(Route& r, http::verb method, std::string_view target,
                 const std::vector<std::string>& parts) {
  r.table = parts[2];
  if (parts.size() == 4 && parts[3] == "replay" && method == http::verb::get) {
    // ?seat=S (default the spectator's -2), &lang=L, &step=N (optional).
    auto observer = int_query(target, "seat", kSpectator);
    auto step = int_query(target, "step", -1);
    if (!observer || !step || *step < -1) {
      r.table_route = TableRoute::kBadQuery;
      return;
    }
    r.table_route = TableRoute::kReplay;
    r.heavy = true;
    r.seat = static_cast<Seat>(*observer);
    if (*step >= 0) r.step = static_cast<std::size_t>(*step);
    r.lang = query_param(target, "lang");
  } else if (parts.size() == 4 && parts[3] == "review" && method == http::verb::get) {
    // ?seat=S (required, a seat), &lang=L.
    auto seat = int_query(target, "seat", -1);
    if (!seat || *seat < 0) {
      r.table_route = TableRoute::kBadQuery;
      return;
    }
    r.table_route = TableRoute::kReview;
    r.seat = static_cast<Seat>(*seat);
    r.lang = query_param(target, "lang");
  } else if (parts.size() == 3 && method == http::verb::get) {
    r.table_route = TableRoute::kSummary;
  } else if (parts.size() == 4 && parts[3] == "record" && method == http::verb::get) {
    r.table_route = TableRoute::kRecord;
    r.heavy = true;
  } else if (parts.size() == 4 && method == http::verb::post) {
    r.table_route = TableRoute::kPost;
    r.what = parts[3];
  } else {
    r.table_route = TableRoute::kNotFound;
  }
}

// GET /api/tables's lobby filters into `list`: "" when they read, else
// what is wrong, naming the parameter.
std::string read_filters(TableList& list, std::string_view target) {
  list.game = query_param(target, "game");
  if (!list.game.empty() && find_game(list.game) == nullptr)
    return "game names a game of GET /api/games";
  list.lang = query_param(target, "lang");
  if (list.lang != "" && list.lang != "en" && list.lang != "it" && list.lang != "ko")
    return "lang is en, it or ko";
  const std::string speed = query_param(target, "speed");
  if (speed == "realtime" || speed == "turn_based")
    list.turn_based = speed == "turn_based";
  else if (!speed.empty())
    return "speed is realtime or turn_based";
  const std::string rated = query_param(target, "rated");
  if (rated == "true" || rated == "false")
    list.rated = rated == "true";
  else if (!rated.empty())
    return "rated is true or false";
  const auto seats = int_query(target, "seats", 1);
  if (!seats || *seats < 1 || *seats > 100) return "seats is a number of free seats from 1 to 100";
  list.seats = static_cast<int>(*seats);
  for (auto [key, end] : {std::pair{"host_min", &list.host_min}, {"host_max", &list.host_max}}) {
    if (query_param(target, key).empty()) continue;
    const auto v = int_query(target, key, 0);
    if (!v || *v < 0 || *v > kMaxRating)
      return fmt::format("{} is a rating from 0 to {}", key, kMaxRating);
    *end = static_cast<int>(*v);
  }
  if (list.host_min && list.host_max && *list.host_min > *list.host_max)
    return "host_min is at most host_max";
  const std::string sort = query_param(target, "sort");
  if (sort == "" || sort == "waiting")
    list.sort = TableSort::kWaiting;
  else if (sort == "newest")
    list.sort = TableSort::kNewest;
  else if (sort == "seats")
    list.sort = TableSort::kSeats;
  else if (sort == "host_rating")
    list.sort = TableSort::kHostRating;
  else
    return "sort is waiting, newest, seats or host_rating";
  return "";
}

// GET /api/tables's query; request/malformed when out of range.
void route_list(Route& r, std::string_view target) {
  const std::string phase = query_param(target, "phase");
  const auto page = int_query(target, "page", 1);
  const auto limit = int_query(target, "limit", TableList{}.limit);
  if ((phase != "" && phase != "lobby" && phase != "playing") || !page || *page < 1 ||
      *page > 1000000 || !limit || *limit < 1 || *limit > kMaxTableList) {
    r = malformed(
        fmt::format("phase is lobby or playing, page a number from 1, limit a number from 1 to {}",
                    kMaxTableList));
    return;
  }
  TableList list{.playing = phase == "playing",
                 .page = static_cast<int>(*page),
                 .limit = static_cast<int>(*limit)};
  if (const std::string wrong = read_filters(list, target); !wrong.empty()) {
    r = malformed(wrong);
    return;
  }
  if (list.playing &&
      (!list.game.empty() || !list.lang.empty() || list.turn_based || list.rated ||
       list.seats != 1 || list.host_min || list.host_max || list.sort != TableSort::kWaiting)) {
    r = malformed("the filters and sort are for phase=lobby");
    return;
  }
  r.list = std::move(list);
}

// GET /api/leaderboards/{game}'s query: view top (the default), around or
// friends; page from 1 (top only). `what` is the game, `lang` the view.
void route_leaderboard(Route& r, std::string_view target, const std::string& game) {
  const std::string view = query_param(target, "view");
  const auto page = int_query(target, "page", 1);
  if ((view != "" && view != "top" && view != "around" && view != "friends") || !page ||
      *page < 1 || *page > 1000000) {
    r = malformed("view is top, around or friends, page a number from 1");
    return;
  }
  r.what = percent_decode(game);
  r.lang = view.empty() ? "top" : view;
  r.list.page = static_cast<int>(*page);
}

// The methods a route answers.
enum Methods : unsigned { kGet = 1, kPost = 2, kOther = 4, kAny = ~0u };

// A line of the route table.
struct RouteLine {
  unsigned methods;
  // Path segments; "*" is any one segment, a last "**" any number (none too).
  std::string_view path;
  RouteKind kind;
  Handler handler;
  bool heavy = false;  // Route::heavy
};

// THE ROUTE TABLE: every route of docs/protocol.md, and its handler (api.h).
// The first line whose methods and path match a request routes it. A new
// route is a line here and its handler in an api*.cpp file (and, when it
// reads its path or query, a case in read_route below).
constexpr RouteLine kRoutes[] = {
    {kGet, "/healthz", RouteKind::kHealth, api::health},
    {kGet, "/metrics", RouteKind::kMetrics, api::metrics},
    {kGet, "/api/games", RouteKind::kGames, api::games},
    {kPost, "/api/my-tables", RouteKind::kMyTables, api::my_tables, true},
    {kPost, "/api/play-now", RouteKind::kPlayNow, api::play_now},
    {kGet, "/api/tables", RouteKind::kListTables, api::list_tables},
    {kPost, "/api/tables", RouteKind::kCreateTable, api::create_table},
    {kAny, "/api/tables/*/**", RouteKind::kTable, api::table},
    {kGet | kPost, "/api/account", RouteKind::kAccount, api::account},
    {kGet | kPost, "/api/account/*", RouteKind::kAccount, api::account},
    {kGet | kPost, "/api/account/*/*", RouteKind::kAccount, api::account},
    {kGet, "/api/players/*", RouteKind::kPlayer, api::player},
    {kGet, "/api/leaderboards/*", RouteKind::kLeaderboard, api::leaderboard},
    {kGet | kPost, "/api/tournaments", RouteKind::kTournaments, api::tournaments},
    {kGet, "/api/tournaments/*", RouteKind::kTournaments, api::tournaments},
    {kPost, "/api/tournaments/*/*", RouteKind::kTournaments, api::tournaments},
};

unsigned method_bit(http::verb method) {
  if (method == http::verb::get) return kGet;
  if (method == http::verb::post) return kPost;
  return kOther;  // PUT, DELETE, ...: only kAny's routes take them
}

bool matches(const RouteLine& line, unsigned method, const std::vector<std::string>& parts) {
  if ((line.methods & method) == 0) return false;
  const auto want = split_path(line.path);
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (want[i] == "**") return i + 1 == want.size();
    if (i >= parts.size() || (want[i] != "*" && want[i] != parts[i])) return false;
  }
  return want.size() == parts.size();
}

// What a matched route reads from its path and query.
void read_route(Route& r, http::verb method, std::string_view target,
                const std::vector<std::string>& parts) {
  switch (r.kind) {
    case RouteKind::kListTables:
      return route_list(r, target);
    case RouteKind::kTable:
      return route_table(r, method, target, parts);
    case RouteKind::kAccount:
      // The rest of the path: "", "signup", "friends/remove".
      r.post = method == http::verb::post;
      for (std::size_t i = 2; i < parts.size(); ++i) r.what += (i > 2 ? "/" : "") + parts[i];
      return;
    case RouteKind::kPlayer:
      r.what = percent_decode(parts[2]);
      return;
    case RouteKind::kLeaderboard:
      return route_leaderboard(r, target, parts[2]);
    case RouteKind::kTournaments:
      r.post = method == http::verb::post;
      if (parts.size() > 2) r.table = percent_decode(parts[2]);
      if (parts.size() > 3) r.what = parts[3];
      r.lang = query_param(target, "phase");
      return;
    default:
      return;
  }
}

}  // namespace

Route route_http(http::verb method, std::string_view target, bool static_files) {
  const auto parts = split_path(target);
  const unsigned bit = method_bit(method);
  for (const RouteLine& line : kRoutes) {
    if (!matches(line, bit, parts)) continue;
    Route r;
    r.kind = line.kind;
    r.handler = line.handler;
    r.heavy = line.heavy;
    read_route(r, method, target, parts);
    return r;
  }
  if (!parts.empty() && parts[0] == "api") return not_found("no such route (see docs/protocol.md)");
  if (method == http::verb::get && static_files) return static_file(parts);
  return not_found("no such page");
}

Expected<Json> request_body(std::string_view body) {
  if (body.empty()) return Json::object();
  auto j = parse_request(body);
  if (j && !j->is_object()) return make_error(errc::kMalformed, "the body is a JSON object");
  return j;
}

Expected<std::vector<SeatAsk>> my_tables_request(const Json& body) {
  const Json seats = body.is_object() ? body.value("seats", Json()) : Json();
  if (!seats.is_array() || seats.size() > kMaxMyTables)
    return make_error(errc::kMalformed,
                      fmt::format("seats is a list of at most {} {{table, token}}", kMaxMyTables));
  std::vector<SeatAsk> out;
  for (const Json& s : seats) {
    if (!s.is_object() || !s.value("table", Json()).is_string() ||
        !s.value("token", Json()).is_string())
      return make_error(errc::kMalformed, "each seat is {\"table\": id, \"token\": token}");
    out.push_back({s["table"].get<std::string>(), s["token"].get<std::string>()});
  }
  return out;
}

std::string ws_table(std::string_view target) {
  const auto parts = split_path(target);
  if (parts.size() == 3 && target.starts_with("/ws/tables/")) return parts[2];
  return {};
}

}  // namespace meeple::server
