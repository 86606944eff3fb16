// Fuzz target: HTTP requests, as an HTTP session answers them: the router
// (route_http, server/routes.h) on the method and target, then the body
// through parse_request and the table's handler the route names: creating a
// table (POST /api/tables), and on a new lobby of the selected game join,
// rematch and the host controls (POST /api/tables/{id}/{what}), its summary,
// record and replay; "my tables" (POST /api/my-tables) asked about that lobby.
// Input: a method byte, a game selector byte (fuzz.h), the target up to the
// first newline, then the body (read by request_body, as the server does). A body string "HOST" is
// replaced by the lobby's host token, so the host controls are reached (in "my tables", a table
// "TABLE" is the lobby). Contract: nothing crashes;
// a table route names one path segment as the table; a static file's path stays under the web
// folder (no "..", no hidden files, no backslash); every handler answers a JSON value or an error
// with a code.
#include <spdlog/spdlog.h>

#include "server/protocol.h"
#include "server/routes.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_server.h"

namespace {

using namespace meeple;
namespace http = boost::beast::http;

constexpr http::verb kMethods[] = {http::verb::get,     http::verb::post, http::verb::put,
                                   http::verb::delete_, http::verb::head, http::verb::options};

void check_answer(const Expected<Json>& r) {
  if (r) {
    (void)r->dump();
  } else {
    FUZZ_CHECK(!r.error().code.empty(), "a handler's refusal without an error code");
  }
}

Json with_host_token(Json body, const std::string& token) {
  if (body.is_object())
    for (auto& [k, v] : body.items())
      if (v == "HOST") v = token;
  return body;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  fuzz::reset_random();
  const http::verb method = kMethods[data[0] % std::size(kMethods)];
  const AnyGame& game = fuzz::game_for(data[1]);
  std::string_view rest = fuzz::as_text(data + 2, size - 2);
  const auto nl = rest.find('\n');
  const std::string_view target = rest.substr(0, nl);
  const std::string_view body_text =
      nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);

  const server::Route r = server::route_http(method, target, /*static_files=*/true);
  switch (r.kind) {
    case server::RouteKind::kStaticFile:
      FUZZ_CHECK(r.file.starts_with('/') && r.file.find("/.") == std::string::npos &&
                     r.file.find('\\') == std::string::npos &&
                     r.file.find('?') == std::string::npos,
                 "a static file outside the web folder: " + r.file);
      return 0;
    case server::RouteKind::kTable:
      FUZZ_CHECK(!r.table.empty() && r.table.find('/') == std::string::npos &&
                     r.table.find('?') == std::string::npos,
                 "a table id that is not one path segment: " + r.table);
      break;
    case server::RouteKind::kCreateTable:
    case server::RouteKind::kMyTables:
      break;
    default:
      return 0;
  }

  auto parsed = server::request_body(body_text);
  if (!parsed) {
    FUZZ_CHECK(!parsed.error().code.empty(), "a refusal without an error code");
    return 0;
  }
  const Json body = std::move(*parsed);
  server::Hub& hub = fuzz::hub();
  hub.stopping = true;  // a started lobby's bots do not play (fuzz_server.h)
  if (r.kind == server::RouteKind::kCreateTable) {
    std::string host_token;
    auto t = server::Table::create(hub, body, host_token);
    if (!t) {
      FUZZ_CHECK(!t.error().code.empty(), "a refusal without an error code");
      return 0;
    }
    fuzz::on_strand(**t, [&] {
      FUZZ_CHECK((*t)->open(host_token).ok(), "a new lobby cannot be saved");
      (void)(*t)->summary().dump();
    });
    fuzz::let_go(*t);
    return 0;
  }

  std::string host_token;
  auto made = server::Table::create(hub, {{"game", game.name()}, {"players", game.min_players()}},
                                    host_token);
  FUZZ_CHECK(made.ok(), "cannot make a table");
  auto table = *made;
  if (r.kind == server::RouteKind::kMyTables) {
    // "TABLE" names the lobby, "HOST" is its host's token: the seats asked
    // about reach Table::status, which tells a token's holder only its own
    // table, and nobody else anything.
    auto asked = server::my_tables_request(body);
    if (!asked) {
      FUZZ_CHECK(!asked.error().code.empty(), "a refusal without an error code");
      FUZZ_CHECK(body.is_object(), "a body that is no object was read");
    } else {
      FUZZ_CHECK(asked->size() <= server::kMaxMyTables, "more seats than allowed");
      fuzz::on_strand(*table, [&] {
        for (const server::SeatAsk& a : *asked) {
          if (a.table != "TABLE") continue;
          const bool host = a.token == "HOST";
          const Json s = table->status(host ? host_token : a.token);
          if (host)
            FUZZ_CHECK(s.value("host", false), "the host's token does not open the table");
          else
            FUZZ_CHECK(s.contains("error") && !s.contains("seats"),
                       "a token that opens no seat was told the table");
        }
        table->close_all("fuzz input done");
      });
    }
    fuzz::let_go(table);
    return 0;
  }
  fuzz::on_strand(*table, [&] {
    switch (r.table_route) {
      case server::TableRoute::kSummary:
        (void)table->summary().dump();
        break;
      case server::TableRoute::kRecord:
        check_answer(table->record());
        break;
      case server::TableRoute::kReplay:
        check_answer(table->replay(r.seat, r.lang, r.step));
        break;
      case server::TableRoute::kPost: {
        const Json b = with_host_token(body, host_token);
        if (r.what == "join") {
          check_answer(table->join(b));
        } else if (r.what == "rematch") {
          auto next = table->rematch(b);
          if (!next) FUZZ_CHECK(!next.error().code.empty(), "a refusal without an error code");
        } else {
          check_answer(table->host(r.what, b));
        }
        break;
      }
      default:
        break;
    }
    table->close_all("fuzz input done");
  });
  fuzz::let_go(table);
  return 0;
}
