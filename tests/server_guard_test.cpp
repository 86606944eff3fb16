// What a stranger may not do to a server: take a person's seat,
// starve other tables' bots, pile up reviews, hold connections, lobbies and
// chat without limit, spoof the log, reach the server from another site's
// page, or get numbers past their checks. Each test is an attack answered
// with its documented code (docs/protocol.md), while the server goes on.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <boost/system/system_error.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <latch>
#include <thread>

#include "server/address_budget.h"
#include "server/bot_scheduler.h"
#include "server/protocol.h"
#include "server/review_queue.h"
#include "server/server.h"
#include "store/sqlite_store.h"
#include "tests/server_client.h"
#include "tests/server_fixture.h"
#include "tests/test_server.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::http_request;
using testing::TestServer;
using testing::WsClient;
namespace http = testing::http;
using namespace std::chrono_literals;

std::string code_of(const testing::HttpReply& r) {
  return r.body.is_object() ? r.body.value("code", "") : "";
}

struct Created {
  std::string id, host_token;
};
Created create(unsigned short port, const Json& body) {
  auto r = http_post(port, "/api/tables", body);
  EXPECT_EQ(r.status, 201) << r.text;
  return {r.body.value("id", ""), r.body.value("host_token", "")};
}

// A finished game of two random bots (First Giants), started by its host.
std::string finished_table(unsigned short port) {
  Created t = create(
      port,
      {{"game", "first-giants"},
       {"seats", {{{"kind", "bot"}, {"bot", "random"}}, {{"kind", "bot"}, {"bot", "random"}}}},
       {"auto_start", false}});
  EXPECT_EQ(
      http_post(port, "/api/tables/" + t.id + "/start", {{"host_token", t.host_token}}).status,
      200);
  for (int i = 0; i < 1000; ++i) {
    if (http_get(port, "/api/tables/" + t.id).body.value("phase", "") == "finished") return t.id;
    std::this_thread::sleep_for(10ms);
  }
  ADD_FAILURE() << "the bots' game did not finish";
  return t.id;
}

// The next message of `type`, skipping others; null when none came.
Json next_of(WsClient& ws, const std::string& type) {
  auto m = ws.next_of(type, 200);
  return m ? *m : Json();
}

// --- Tokens, origins and the browser's guards

TEST(ServerGuard, ATokenInTheAddressIsRefusedAndTheHelloCarriesIt) {
  TestServer server;
  const unsigned short port = server.port();
  Created t = create(port, {{"game", "ufo"},
                            {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                            {"auto_start", false}});
  auto join = http_post(port, "/api/tables/" + t.id + "/join", {{"name", "Anna"}});
  const std::string token = join.body["token"];
  // Proxies log addresses: a token there is refused before the upgrade.
  auto upgrade =
      http_request(port, http::verb::get, "/ws/tables/" + t.id + "?token=" + token, "", "",
                   {{"Connection", "Upgrade"},
                    {"Upgrade", "websocket"},
                    {"Sec-WebSocket-Version", "13"},
                    {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}});
  EXPECT_EQ(upgrade.status, 400);
  EXPECT_EQ(code_of(upgrade), "request/malformed");
  // In any spelling: an empty one first, upper case, percent-encoded.
  for (const std::string& query :
       std::vector<std::string>{"?token=&token=" + token, "?TOKEN=" + token, "?%74oken=" + token,
                                "?lang=it&Token=", "?token"}) {
    auto variant = http_request(port, http::verb::get, "/ws/tables/" + t.id + query, "", "",
                                {{"Connection", "Upgrade"},
                                 {"Upgrade", "websocket"},
                                 {"Sec-WebSocket-Version", "13"},
                                 {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}});
    EXPECT_EQ(variant.status, 400) << query;
  }
  // Nothing comes before the hello; a first message that is not one is refused.
  WsClient quiet(port, "/ws/tables/" + t.id, 0, false);
  quiet.send({{"type", "ping"}});
  EXPECT_EQ(next_of(quiet, "error")["code"], "request/malformed");
  quiet.send({{"type", "hello"}, {"token", token}, {"lang", "it"}});
  Json first = next_of(quiet, "state");
  EXPECT_EQ(first["seat"], 0);
  // A wrong token closes the connection, the close frame naming the code.
  WsClient wrong(port, "/ws/tables/" + t.id, 0, false);
  wrong.send({{"type", "hello"}, {"token", "0123"}});
  EXPECT_EQ(next_of(wrong, "error")["code"], "auth/token");
  EXPECT_FALSE(wrong.next());
  EXPECT_EQ(wrong.close_reason(), "auth/token");
}

TEST(ServerGuard, PagesOfAnotherSiteMayNotOpenOrChangeTables) {
  ServerOptions o;
  o.allowed_origins = {"https://games.example"};
  TestServer server(o);
  const unsigned short port = server.port();
  const std::string own = "http://127.0.0.1:" + std::to_string(port);
  const std::string body = Json{{"game", "ufo"}, {"players", 2}}.dump();
  auto post = [&](const std::vector<std::pair<std::string, std::string>>& h) {
    return http_request(port, http::verb::post, "/api/tables", body, "", h);
  };
  // A foreign page, a sandboxed one ("null"), a look-alike host.
  for (const std::string origin : {"https://evil.example", "null", "http://127.0.0.1.evil:1"}) {
    auto r = post({{"Origin", origin}});
    EXPECT_EQ(r.status, 403) << origin;
    EXPECT_EQ(code_of(r), "request/origin") << origin;
  }
  EXPECT_EQ(post({{"Origin", own}}).status, 201);
  EXPECT_EQ(post({{"Origin", "https://games.example"}}).status, 201) << "allowed_origins";
  EXPECT_EQ(post({}).status, 201) << "a program sends no Origin";
  // A "simple" cross-site POST (text/plain needs no permission) is refused.
  auto plain = post({{"Content-Type", "text/plain"}});
  EXPECT_EQ(plain.status, 415);
  EXPECT_EQ(code_of(plain), "request/content_type");
  // The WebSocket handshake too.
  auto table = create(port, {{"game", "ufo"}, {"players", 2}});
  auto ws = [&](const std::string& origin) {
    return http_request(port, http::verb::get, "/ws/tables/" + table.id, "", "",
                        {{"Connection", "Upgrade"},
                         {"Upgrade", "websocket"},
                         {"Sec-WebSocket-Version", "13"},
                         {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                         {"Origin", origin}});
  };
  EXPECT_EQ(ws("https://evil.example").status, 403);
  EXPECT_EQ(ws("null").status, 403);
  EXPECT_EQ(ws(own).status, 101);
  // The same host by another scheme is another origin: this
  // server is reached over plain HTTP.
  const std::string other_scheme = "https://127.0.0.1:" + std::to_string(port);
  EXPECT_EQ(post({{"Origin", other_scheme}}).status, 403);
  EXPECT_EQ(ws(other_scheme).status, 403);
}

TEST(ServerGuard, BehindATrustedProxyTheOriginsSchemeIsTheOneItNames) {
  ServerOptions o;
  o.trusted_proxies = {"127.0.0.1"};
  TestServer server(o);
  const unsigned short port = server.port();
  const std::string host = "127.0.0.1:" + std::to_string(port);
  const std::string body = Json{{"game", "ufo"}, {"players", 2}}.dump();
  auto post = [&](const std::vector<std::pair<std::string, std::string>>& h) {
    return http_request(port, http::verb::post, "/api/tables", body, "", h).status;
  };
  // nginx terminates TLS and says so: the page is https://, never http://.
  EXPECT_EQ(post({{"Origin", "https://" + host}, {"X-Forwarded-Proto", "https"}}), 201);
  EXPECT_EQ(post({{"Origin", "http://" + host}, {"X-Forwarded-Proto", "https"}}), 403);
  // Without the header the proxy is taken to speak plain HTTP.
  EXPECT_EQ(post({{"Origin", "http://" + host}}), 201);
  EXPECT_EQ(post({{"Origin", "https://" + host}}), 403);
}

TEST(ServerGuard, ReplaysRecordsAndMyTablesHaveABudgetPerAddress) {
  ServerOptions o;
  o.reads_per_minute = 60;
  o.reads_burst = 5;
  TestServer server(o);
  const unsigned short port = server.port();
  const Json body = {{"seats", Json::array()}};
  int answered = 0, limited = 0;
  for (int i = 0; i < 12; ++i) {
    auto r = http_post(port, "/api/my-tables", body);
    if (r.status == 200) ++answered;
    if (r.status == 429 && code_of(r) == "request/rate_limited") ++limited;
  }
  // The burst, and at most one more refilled meanwhile (a second a token).
  EXPECT_GE(answered, 5);
  EXPECT_LE(answered, 6);
  EXPECT_EQ(answered + limited, 12);
  // A record's refusal is the same budget's: the request is refused before
  // the table is even looked for.
  EXPECT_EQ(http_request(port, http::verb::get, "/api/tables/nosuch/record").status, 429);
  // Other requests are not counted.
  EXPECT_EQ(http_request(port, http::verb::get, "/api/tables").status, 200);
}

TEST(AddressBudget, EachAddressHasItsOwnBucketRefilledOverTime) {
  AddressBudget budget(60, 2);  // a token a second, 2 at once
  const auto t = AddressBudget::Clock::now();
  EXPECT_TRUE(budget.allow("a", t));
  EXPECT_TRUE(budget.allow("a", t));
  EXPECT_FALSE(budget.allow("a", t));
  EXPECT_TRUE(budget.allow("b", t)) << "another address";
  EXPECT_FALSE(budget.allow("a", t + std::chrono::milliseconds(500)));
  EXPECT_TRUE(budget.allow("a", t + std::chrono::milliseconds(1600)));
}

TEST(ServerGuard, EveryResponseCarriesTheBrowsersGuards) {
  TestServer server;
  std::map<std::string, std::string> h;
  for (const std::string target : {"/api/games", "/nope", "/healthz"}) {
    h.clear();
    http_request(server.port(), http::verb::get, target, "", "", {}, &h);
    EXPECT_NE(h["Content-Security-Policy"].find("script-src 'self'"), std::string::npos) << target;
    EXPECT_NE(h["Content-Security-Policy"].find("frame-ancestors 'none'"), std::string::npos);
    EXPECT_EQ(h["Content-Security-Policy"].find("unsafe-inline"), std::string::npos);
    // The device's engine (WebAssembly) may be compiled; JavaScript's eval stays refused.
    EXPECT_NE(h["Content-Security-Policy"].find("script-src 'self' 'wasm-unsafe-eval';"),
              std::string::npos);
    EXPECT_EQ(h["Content-Security-Policy"].find("'unsafe-eval'"), std::string::npos);
    EXPECT_EQ(h["X-Content-Type-Options"], "nosniff") << target;
    EXPECT_EQ(h["X-Frame-Options"], "DENY") << target;
    EXPECT_EQ(h["Referrer-Policy"], "same-origin") << target;
  }
}

TEST(ServerGuard, AFolderIsNoFile) {
  const auto dir = std::filesystem::temp_directory_path() / "meeple-guard-web";
  std::filesystem::create_directories(dir / "assets");
  std::ofstream(dir / "index.html") << "<!doctype html>";
  ServerOptions o;
  o.web_dir = dir.string();
  TestServer server(o);
  EXPECT_EQ(http_get(server.port(), "/assets/").status, 404);
  EXPECT_EQ(http_get(server.port(), "/assets").status, 404);
  EXPECT_EQ(http_get(server.port(), "/").status, 200);
  std::filesystem::remove_all(dir);
}

// --- Seats belong to their people

TEST(ServerGuard, TheHostCannotTakeAnotherPersonsSeatInTheLobbyOrReadTheirView) {
  TestServer server;
  const unsigned short port = server.port();
  Created t =
      create(port, {{"game", "first-contact"},
                    {"seats", {{{"kind", "person"}}, {{"kind", "person"}}, {{"kind", "person"}}}},
                    {"auto_start", false}});
  auto ana = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", 0}, {"name", "Ana"}});
  ASSERT_EQ(ana.status, 200);
  // A seat someone joined is theirs: not to a bot, not to another person.
  for (const char* kind : {"bot", "person"}) {
    auto r = http_post(port, "/api/tables/" + t.id + "/seat",
                       {{"host_token", t.host_token}, {"seat", 0}, {"kind", kind}});
    EXPECT_EQ(r.status, 409) << r.text;
    EXPECT_EQ(code_of(r), "seat/taken");
  }
  // In play: the host's own seat, then an attempt on Ana's.
  auto host_seat = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", 1}, {"name", "Hal"}});
  ASSERT_EQ(
      http_post(port, "/api/tables/" + t.id + "/start", {{"host_token", t.host_token}}).status,
      200);
  WsClient a(port, "/ws/tables/" + t.id + "?token=" + ana.body["token"].get<std::string>());
  Json ana_view = next_of(a, "state")["view"];
  auto take =
      http_post(port, "/api/tables/" + t.id + "/seat",
                {{"host_token", t.host_token}, {"seat", 0}, {"kind", "person"}, {"name", "Ana"}});
  EXPECT_EQ(code_of(take), "seat/taken");
  EXPECT_FALSE(take.body.contains("token")) << "no token to Ana's seat";
  auto bot = http_post(port, "/api/tables/" + t.id + "/seat",
                       {{"host_token", t.host_token}, {"seat", 0}, {"kind", "bot"}});
  EXPECT_EQ(code_of(bot), "seat/taken") << "Ana is at the table";
  // Ana still holds her seat.
  a.send({{"type", "ping"}});
  ASSERT_TRUE(a.next_of("pong"));
  a.send({{"type", "hello"}});
  EXPECT_EQ(next_of(a, "state")["seat"], 0);
  (void)ana_view;
  (void)host_seat;
}

// The host, seated as an earthling, asks for the alien bot's seat
// as a person mid-game. No token: the seat is offered, and once everyone
// seated agreed it is open to a newcomer only. The host's own joins are
// refused (with their seat's token; without it, from their seat's
// address), the host's token opens a spectator's view only, and the token
// of a seat its person left opens nothing.
TEST(ServerGuard, NobodySeatedGetsASecondSeatsViewWhateverTheHostDoes) {
  TestServer server;
  const unsigned short port = server.port();
  Created t = create(
      port, {{"game", "first-contact"},
             {"seats",
              {{{"kind", "bot"}, {"bot", "random"}}, {{"kind", "person"}}, {{"kind", "person"}}}}});
  auto hal = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", 1}, {"name", "Hal"}});
  auto eve = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", 2}, {"name", "Eve"}});
  const std::string hal_token = hal.body["token"], eve_token = eve.body["token"];
  WsClient h(port, "/ws/tables/" + t.id + "?token=" + hal_token);
  WsClient e(port, "/ws/tables/" + t.id + "?token=" + eve_token);
  ASSERT_EQ(next_of(h, "state")["seat"], 1);
  ASSERT_EQ(next_of(e, "state")["seat"], 2);
  auto ask = [&](const Json& body) {
    auto r = http_post(port, "/api/tables/" + t.id + body.value("what", "/seat"), body);
    for (int i = 0; i < 200 && code_of(r) == "table/busy"; ++i) {
      std::this_thread::sleep_for(5ms);
      r = http_post(port, "/api/tables/" + t.id + body.value("what", "/seat"), body);
    }
    return r;
  };
  auto take = ask({{"host_token", t.host_token}, {"seat", 0}, {"kind", "person"}, {"name", "x"}});
  EXPECT_EQ(take.status, 200) << take.text;
  EXPECT_FALSE(take.body.contains("token")) << "a token of the alien's seat, to the host";
  for (WsClient* c : {&h, &e}) c->send({{"type", "vote"}, {"seat", 0}, {"yes", true}});
  // Until both votes are in: the seat is open then.
  bool open = false;
  for (int i = 0; i < 50 && !open; ++i) {
    auto m = h.next_of("state");
    ASSERT_TRUE(m);
    open = m->value("seat_offer", Json::object()).value("open", false);
  }
  ASSERT_TRUE(open);
  // The host's joins, as they may come: their seat's token in hand (the web
  // client sends the tokens it holds), the host's token, or nothing.
  for (const Json& tokens : {Json({hal_token}), Json({t.host_token, hal_token}), Json::array()}) {
    auto j = ask({{"what", "/join"}, {"name", "x"}, {"tokens", tokens}});
    EXPECT_EQ(j.status, 409) << j.text;
    EXPECT_EQ(code_of(j), "seat/held");
    EXPECT_FALSE(j.body.contains("token"));
  }
  // The host's token opens a spectator's view.
  WsClient as_host(port, "/ws/tables/" + t.id + "?token=" + t.host_token);
  Json seen = next_of(as_host, "state");
  EXPECT_EQ(seen["seat"], kSpectator);
  EXPECT_FALSE(seen["view"].contains("language_pad"));
  // Eve leaves: her seat is a bot's, and her token opens nothing any more.
  for (int i = 0; i < 100; ++i) {
    e.send({{"type", "leave"}});
    auto m = e.next();
    while (m && m->value("type", "") == "state" && (*m)["seat"] != kSpectator) m = e.next();
    if (m && m->value("type", "") == "state") break;
    std::this_thread::sleep_for(5ms);
  }
  WsClient again(port, "/ws/tables/" + t.id + "?token=" + eve_token);
  auto refused = again.next();
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "auth/token");
  EXPECT_FALSE(again.next());
  EXPECT_EQ(again.close_reason(), "auth/token");
}

// A person's seat changes hands by that person's leave: in the lobby the
// seat is free again, during the game a bot takes it for good.
TEST(ServerGuard, APersonLeavesTheirSeatAndEveryoneIsTold) {
  TestServer server;
  const unsigned short port = server.port();
  Created t = create(port, {{"game", "ufo"},
                            {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                            {"auto_start", false}});
  auto ana = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", 0}, {"name", "Ana"}});
  {
    WsClient a(port, "/ws/tables/" + t.id + "?token=" + ana.body["token"].get<std::string>());
    EXPECT_EQ(next_of(a, "state")["seat"], 0);
    a.send({{"type", "leave"}});
    Json after = next_of(a, "state");
    EXPECT_EQ(after["seat"], kSpectator);
    EXPECT_EQ(after["seats"][0]["taken"], false);
  }
  EXPECT_EQ(http_get(port, "/api/tables/" + t.id).body["free_seats"], 2);
  ana = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", 0}, {"name", "Ana"}});
  auto ben = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", 1}, {"name", "Ben"}});
  ASSERT_EQ(
      http_post(port, "/api/tables/" + t.id + "/start", {{"host_token", t.host_token}}).status,
      200);
  const std::string ana_token = ana.body["token"];
  WsClient a(port, "/ws/tables/" + t.id + "?token=" + ana_token);
  WsClient b(port, "/ws/tables/" + t.id + "?token=" + ben.body["token"].get<std::string>());
  next_of(a, "state");
  next_of(b, "state");
  Json left;
  for (int i = 0; i < 100 && left.is_null(); ++i) {
    a.send({{"type", "leave"}});
    for (int k = 0; k < 20; ++k) {
      auto m = a.next();
      ASSERT_TRUE(m);
      if (m->value("type", "") == "state" && (*m)["seat"] == kSpectator) {
        left = *m;
        break;
      }
      if (m->value("type", "") == "error") {
        ASSERT_EQ((*m)["code"], "table/busy");
        break;
      }
    }
  }
  ASSERT_FALSE(left.is_null());
  EXPECT_EQ(left["seats"][0]["kind"], "bot");
  // Ben is told who took the seat.
  bool told = false;
  for (int i = 0; i < 50 && !told; ++i) {
    auto m = b.next();
    ASSERT_TRUE(m);
    for (const Json& e : m->value("events", Json::array()))
      told |= e.get<std::string>().ends_with("takes Ana's seat");
  }
  EXPECT_TRUE(told);
  // Her token opens nothing any more.
  WsClient again(port, "/ws/tables/" + t.id + "?token=" + ana_token);
  EXPECT_EQ(next_of(again, "error")["code"], "auth/token");
}

// --- Budgets the server owns

TEST(ServerGuard, BotBudgetsAreTheServersAtCreationAndMidGame) {
  ServerOptions o;
  o.max_bot_seconds = 0.5;
  o.max_bot_iterations = 5000;
  TestServer server(o);
  const unsigned short port = server.port();
  auto with_bot = [&](const std::string& bot) {
    return http_post(
        port, "/api/tables",
        {{"game", "ufo"}, {"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", bot}}}}});
  };
  for (const std::string bot : {"ismcts:3600s", "ismcts:1s", "ismcts:6000", "ismcts:2sx8"}) {
    auto r = with_bot(bot);
    EXPECT_EQ(r.status, 400) << bot;
    EXPECT_EQ(code_of(r), "bot/budget") << bot;
  }
  EXPECT_EQ(with_bot("ismcts:0.5s").status, 201);
  EXPECT_EQ(with_bot("ismcts:medium").status, 201);
  // Mid-game, the host's seat control checks the same.
  Created t = create(port, {{"game", "ufo"},
                            {"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", "random"}}}},
                            {"auto_start", false}});
  auto anna = http_post(port, "/api/tables/" + t.id + "/join", {{"name", "Anna"}});
  ASSERT_EQ(
      http_post(port, "/api/tables/" + t.id + "/start", {{"host_token", t.host_token}}).status,
      200);
  for (const std::string bot : {"ismcts:2sx8", "ismcts:3600s", "ismcts:100x2"}) {
    testing::HttpReply r;
    for (int i = 0; i < 100; ++i) {
      r = http_post(port, "/api/tables/" + t.id + "/seat",
                    {{"host_token", t.host_token}, {"seat", 1}, {"kind", "bot"}, {"bot", bot}});
      if (code_of(r) != "table/busy") break;
    }
    EXPECT_EQ(code_of(r), "bot/budget") << bot;
  }
  (void)anna;
}

TEST(BotScheduler, ATableThatUsedLessBotTimeGoesFirst) {
  BotScheduler s(1);
  std::mutex m;
  std::vector<std::string> order;
  auto job = [&](std::string name, std::chrono::milliseconds work) {
    return [&, name, work] {
      std::this_thread::sleep_for(work);
      std::lock_guard lock(m);
      order.push_back(name);
    };
  };
  // The slow table thinks long once; the thread is then held by a gate.
  std::promise<void> ran;
  s.submit("slow", [&] {
    std::this_thread::sleep_for(100ms);
    ran.set_value();
  });
  ran.get_future().wait();
  std::latch gate(1);
  s.submit("gate", [&] { gate.wait(); });
  std::this_thread::sleep_for(20ms);
  // Queued while the thread is busy: the slow table first, then a quick one.
  s.submit("slow", job("slow", 0ms));
  s.submit("quick", job("quick", 0ms));
  EXPECT_EQ(s.queued(), 2u);
  gate.count_down();
  for (int i = 0; i < 500 && s.queued() > 0; ++i) std::this_thread::sleep_for(2ms);
  std::this_thread::sleep_for(20ms);
  std::lock_guard lock(m);
  EXPECT_EQ(order, (std::vector<std::string>{"quick", "slow"}));
  EXPECT_GT(s.used_seconds("slow"), 0.09);
  EXPECT_LT(s.used_seconds("quick"), 0.05);
}

// Long decisions never hold every thread: a quick bot gets the one left.
TEST(BotScheduler, HeavyDecisionsLeaveAThreadToTheQuickOnes) {
  EXPECT_TRUE(heavy_budget(5, 0));
  EXPECT_TRUE(heavy_budget(0, 100000));
  EXPECT_FALSE(heavy_budget(0, 10000)) << "a hard bot";
  EXPECT_FALSE(heavy_budget(0.1, 0));
  BotScheduler s(2);
  std::latch release(1);
  std::atomic<int> heavy_started{0};
  std::promise<void> quick_done;
  s.submit(
      "slow1",
      [&] {
        ++heavy_started;
        release.wait();
      },
      true);
  s.submit(
      "slow2",
      [&] {
        ++heavy_started;
        release.wait();
      },
      true);
  s.submit("quick", [&] { quick_done.set_value(); });
  EXPECT_EQ(quick_done.get_future().wait_for(5s), std::future_status::ready);
  EXPECT_EQ(heavy_started.load(), 1) << "the second heavy decision waits for the first";
  release.count_down();
  for (int i = 0; i < 500 && heavy_started.load() < 2; ++i) std::this_thread::sleep_for(2ms);
  EXPECT_EQ(heavy_started.load(), 2);
  s.stop();
}

TEST(BotScheduler, StopDropsWhatWaitsAndFinishesWhatRuns) {
  auto s = std::make_unique<BotScheduler>(1);
  std::atomic<int> ran{0};
  auto held = std::make_shared<int>(0);
  std::latch started(1);
  s->submit("a", [&] {
    started.count_down();
    std::this_thread::sleep_for(50ms);
    ++ran;
  });
  started.wait();
  for (int i = 0; i < 5; ++i) s->submit("b", [&, held] { ++ran; });
  EXPECT_EQ(held.use_count(), 6);
  s->stop();
  EXPECT_EQ(ran.load(), 1) << "the one under way finished, the others were dropped";
  EXPECT_EQ(held.use_count(), 1) << "dropped jobs are destroyed";
  s->submit("c", [&] { ++ran; });
  EXPECT_EQ(ran.load(), 1);
}

// --- Reviews

TEST(ReviewQueue, TheSameReviewAskedAgainWhileItWaitsIsMadeOnceAndTheQueueIsBounded) {
  ReviewQueue q(2);
  std::latch gate(1);
  std::atomic<int> made{0};
  std::mutex m;
  std::vector<std::string> answers;
  auto reply = [&](Expected<Json> r) {
    std::lock_guard lock(m);
    answers.push_back(r ? r->dump() : r.error().code);
  };
  auto make = [&](std::string text) {
    return [&, text]() -> Expected<Json> {
      ++made;
      gate.wait();
      return Json(text);
    };
  };
  q.ask("busy", make("busy"), reply);  // holds the thread
  for (int i = 0; i < 200 && q.queued() > 0; ++i) std::this_thread::sleep_for(1ms);
  for (int i = 0; i < 10; ++i) q.ask("k", make("k"), reply);
  q.ask("k2", make("k2"), reply);
  q.ask("k3", make("k3"), reply);  // a third different review waiting: refused
  {
    std::lock_guard lock(m);
    ASSERT_EQ(answers, std::vector<std::string>{"review/busy"});
  }
  gate.count_down();
  for (int i = 0; i < 1000 && q.queued() + (made.load() < 3); ++i) std::this_thread::sleep_for(1ms);
  q.stop();
  EXPECT_EQ(made.load(), 3) << "busy, k once, k2";
  // Made reviews are answered from memory.
  q.ask("k", make("again"), reply);
  std::lock_guard lock(m);
  EXPECT_EQ(std::count(answers.begin(), answers.end(), "\"k\""), 11);
  EXPECT_EQ(answers.back(), "\"k\"");
}

TEST(ReviewQueue, StopTellsTheReviewUnderWayToStopAndWaitsForIt) {
  ReviewQueue q(4);
  std::latch started(1);
  std::atomic<bool> saw_stop{false};
  std::atomic<bool> review_done{false};
  q.ask(
      "long",
      [&]() -> Expected<Json> {
        started.count_down();
        // A review's decisions, until it is told to stop (bots/review.h); a
        // review never told gives up after 5 s, so the test fails, not hangs.
        const auto give_up = std::chrono::steady_clock::now() + 5s;
        while (!q.stopping().load() && std::chrono::steady_clock::now() < give_up)
          std::this_thread::sleep_for(1ms);
        saw_stop = q.stopping().load();
        std::this_thread::sleep_for(50ms);  // a review's last decision, after the flag
        review_done = true;
        return make_error("review/stopped", "stopped");
      },
      [](Expected<Json>) {});
  started.wait();
  auto stopped = std::async(std::launch::async, [&] { q.stop(); });
  ASSERT_EQ(stopped.wait_for(2s), std::future_status::ready)
      << "stop() did not come back within 2 s: the review under way was not told to stop";
  EXPECT_TRUE(saw_stop.load()) << "the review under way saw the stop flag";
  EXPECT_TRUE(review_done.load()) << "stop() came back before the review under way ended";
}

TEST(ServerGuard, ReviewsAreAskedInALanguageForASeatAndTheirQueueIsBounded) {
  ServerOptions o;
  o.max_queued_reviews = 1;
  TestServer server(o);
  const unsigned short port = server.port();
  const std::string id = finished_table(port);
  const std::string review = "/api/tables/" + id + "/review";
  for (const std::string& q :
       std::vector<std::string>{"?seat=0&lang=zz", "?seat=0&lang=" + std::string(300, 'a')}) {
    auto r = http_get(port, review + q);
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(code_of(r), "request/malformed");
  }
  EXPECT_EQ(code_of(http_get(port, review + "?seat=7")), "review/seat");
  // Many at once: the same ones are answered by one review, and beyond the
  // queue's bound the others are refused at once, with a code.
  std::vector<std::future<testing::HttpReply>> asked;
  for (int i = 0; i < 12; ++i)
    asked.push_back(std::async(std::launch::async, [&, i] {
      return http_get(
          port, review + "?seat=" + std::to_string(i % 2) + "&lang=" + (i % 4 < 2 ? "en" : "it"));
    }));
  int ok = 0, busy = 0;
  for (auto& f : asked) {
    auto r = f.get();
    if (r.status == 200) ++ok;
    if (r.status == 503 && code_of(r) == "review/busy") ++busy;
  }
  EXPECT_EQ(ok + busy, 12);
  EXPECT_GT(ok, 0);
  EXPECT_GT(busy, 0) << "4 different reviews asked, 1 may wait besides the one under way";
  auto metrics = http_get(port, "/metrics").text;
  EXPECT_NE(metrics.find("meeple_reviews_made_total"), std::string::npos);
}

// Stopping with reviews waiting (queued behind the one under way) ends
// cleanly: their sessions belong to an I/O context the stop destroys, and a
// session destroyed after its context crashed the server on SIGTERM. Each
// person who asked is answered (a review or review/busy) or sees the
// connection close; the stop comes back; nothing crashes.
TEST(ServerGuard, StoppingWithReviewsWaitingIsClean) {
  auto server = std::make_unique<TestServer>();
  const unsigned short port = server->port();
  const std::string id = finished_table(port);
  // What one person asking for a review sees: the answer's status and code,
  // or "closed" when the connection ends without one. Each asks on a thread
  // of its own, let go, so that a person left hanging fails the test below
  // instead of hanging it.
  std::vector<std::future<std::string>> asked;
  for (int i = 0; i < 6; ++i) {
    auto seen = std::make_shared<std::promise<std::string>>();
    asked.push_back(seen->get_future());
    const std::string target = "/api/tables/" + id + "/review?seat=" + std::to_string(i % 2) +
                               "&lang=" +
                               (i < 2   ? "en"
                                : i < 4 ? "it"
                                        : "ko");
    std::thread([seen, port, target] {
      try {
        auto r = http_get(port, target);
        // The client answers a connection that ended without a response
        // with status 0.
        if (r.status == 0)
          seen->set_value("closed");
        else if (r.status == 200)
          seen->set_value(r.body.is_object() ? "review" : "200 without a review: " + r.text);
        else
          seen->set_value(std::to_string(r.status) + " " + code_of(r));
      } catch (const boost::system::system_error&) {
        seen->set_value("closed");
      } catch (const std::exception& e) {
        seen->set_value(std::string("an exception: ") + e.what());
      }
    }).detach();
  }
  // Stop only once a review waits behind the one under way.
  bool waiting = false;
  for (int i = 0; i < 500 && !waiting; ++i) {
    waiting = fixture::metric(port, "meeple_reviews_queued") > 0;
    if (!waiting) std::this_thread::sleep_for(10ms);
  }
  ASSERT_TRUE(waiting) << "no review was waiting: the test would not stop with reviews waiting";
  // The stop on a thread let go too: a stop that never comes back fails here.
  auto done = std::make_shared<std::promise<void>>();
  auto stopped = done->get_future();
  std::thread([done, s = server.release()] {
    delete s;
    done->set_value();
  }).detach();
  ASSERT_EQ(stopped.wait_for(20s), std::future_status::ready) << "the server did not stop";
  for (auto& f : asked) {
    ASSERT_EQ(f.wait_for(10s), std::future_status::ready) << "a person asking was left hanging";
    const std::string seen = f.get();
    EXPECT_TRUE(seen == "review" || seen == "503 review/busy" || seen == "closed") << seen;
  }
}

// --- Limits everywhere a stranger can allocate

TEST(ServerGuard, LobbiesAreCappedPerAddressAndInAllAndExpire) {
  ServerOptions o;
  o.max_lobbies_per_address = 3;
  o.max_lobbies = 5;
  o.lobby_ttl = 1500ms;
  TestServer server(o);
  const unsigned short port = server.port();
  const Json lobby = {{"game", "ufo"}, {"players", 2}};
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(create(port, lobby).id);
  auto fourth = http_post(port, "/api/tables", lobby);
  EXPECT_EQ(fourth.status, 429);
  EXPECT_EQ(code_of(fourth), "table/too_many");
  // A started table is no lobby: room for another.
  auto join0 = http_post(port, "/api/tables/" + ids[0] + "/join", {{"name", "a"}});
  auto join1 = http_post(port, "/api/tables/" + ids[0] + "/join", {{"name", "b"}});
  ASSERT_EQ(join1.status, 200);
  EXPECT_EQ(http_get(port, "/api/tables/" + ids[0]).body["phase"], "playing");
  ids.push_back(create(port, lobby).id);
  // A lobby nobody starts goes, and its connections are told why.
  WsClient watcher(port, "/ws/tables/" + ids[1]);
  ASSERT_TRUE(watcher.next_of("state"));
  Json gone = next_of(watcher, "error");
  EXPECT_EQ(gone["code"], "table/expired");
  EXPECT_FALSE(watcher.next());
  EXPECT_EQ(watcher.close_reason(), "table/expired");
  EXPECT_EQ(code_of(http_get(port, "/api/tables/" + ids[1])), "table/unknown");
  EXPECT_EQ(http_get(port, "/api/tables/" + ids[0]).body["phase"], "playing") << "not a lobby";
  for (int i = 0; i < 300 && !server.store().tables().lobbies().empty(); ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(server.store().tables().lobbies().empty()) << "dropped from the store too";
  (void)join0;
}

// --- Capacity that one party cannot take

// A request from `address`, as a trusted proxy on 127.0.0.1 names it
// (X-Forwarded-For), with a signed-in browser's `cookie` if any.
testing::HttpReply post_from(unsigned short port, const std::string& address,
                             const std::string& target, const Json& body,
                             const std::string& cookie = "") {
  std::vector<std::pair<std::string, std::string>> headers = {{"X-Forwarded-For", address}};
  if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
  return http_request(port, http::verb::post, target, body.dump(), "", headers);
}

// A new account's session cookie ("meeple_session=...").
std::string signed_up(unsigned short port, const std::string& name) {
  std::map<std::string, std::string> got;
  auto r =
      http_request(port, http::verb::post, "/api/account/signup",
                   Json{{"name", name}, {"password", "vQ7#pLm2!xZr9-tables"}}.dump(), "", {}, &got);
  EXPECT_EQ(r.status, 201) << r.text;
  const std::string set = got["Set-Cookie"];
  return set.substr(0, set.find(';'));
}

ServerOptions behind_proxy() {
  ServerOptions o;
  o.trusted_proxies = {"127.0.0.1"};
  o.password_cost = "min";
  return o;
}

const Json kLobby = {{"game", "ufo"}, {"players", 5}};

TEST(ServerGuard, AnIPv6AddressCountsAsIts64AndAnAccountOnEveryAddress) {
  ServerOptions o = behind_proxy();
  o.max_lobbies_per_address = 2;
  o.max_lobbies_per_account = 3;
  TestServer server(o);
  const unsigned short port = server.port();
  // One subscriber's /64 holds 2^64 addresses: they are one party.
  EXPECT_EQ(post_from(port, "2001:db8:1:2::1", "/api/tables", kLobby).status, 201);
  EXPECT_EQ(post_from(port, "2001:db8:1:2:ffff:ffff:ffff:9", "/api/tables", kLobby).status, 201);
  auto third = post_from(port, "2001:db8:1:2:abcd::3", "/api/tables", kLobby);
  EXPECT_EQ(third.status, 429);
  EXPECT_EQ(code_of(third), "table/too_many");
  EXPECT_EQ(post_from(port, "2001:db8:1:3::1", "/api/tables", kLobby).status, 201)
      << "another /64 is another party";
  // An IPv4 address is one party, written as IPv4 or mapped into IPv6.
  EXPECT_EQ(post_from(port, "10.0.0.1", "/api/tables", kLobby).status, 201);
  EXPECT_EQ(post_from(port, "::ffff:10.0.0.1", "/api/tables", kLobby).status, 201);
  EXPECT_EQ(code_of(post_from(port, "10.0.0.1", "/api/tables", kLobby)), "table/too_many");
  EXPECT_EQ(post_from(port, "10.0.0.2", "/api/tables", kLobby).status, 201);
  // A signed-in account counts wherever it asks from (and its address too).
  const std::string anna = signed_up(port, "Anna");
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(post_from(port, fmt::format("10.1.0.{}", i), "/api/tables", kLobby, anna).status,
              201);
  auto fourth = post_from(port, "10.1.0.9", "/api/tables", kLobby, anna);
  EXPECT_EQ(fourth.status, 429);
  EXPECT_EQ(code_of(fourth), "table/too_many");
  EXPECT_EQ(post_from(port, "10.1.0.9", "/api/tables", kLobby).status, 201)
      << "a guest from the same address is counted by the address only";
}

TEST(ServerGuard, ANewcomerGetsATableWhileOthersHoldEveryLobby) {
  ServerOptions o = behind_proxy();
  o.max_lobbies = 4;
  o.max_lobbies_per_address = 3;
  TestServer server(o);
  const unsigned short port = server.port();
  auto make = [&](const std::string& address) {
    auto r = post_from(port, address, "/api/tables", kLobby);
    return r.status == 201 ? r.body.value("id", "") : code_of(r);
  };
  const std::string a0 = make("10.0.0.1"), a1 = make("10.0.0.1"), a2 = make("10.0.0.1");
  const std::string b0 = make("10.0.0.2");
  // Somebody waits at a0.
  WsClient at_a0(port, "/ws/tables/" + a0);
  ASSERT_TRUE(at_a0.next_of("state"));
  auto gone = [&](const std::string& id) {
    return code_of(http_get(port, "/api/tables/" + id)) == "table/unknown";
  };
  // The server is full; a newcomer still gets a table: the address holding
  // the most gives up its oldest lobby that nobody is at.
  const std::string c0 = make("10.0.0.3");
  ASSERT_EQ(c0.size(), 16u) << c0;
  for (int i = 0; i < 100 && !gone(a1); ++i) std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(gone(a1)) << "the biggest holder's oldest lobby nobody is at makes room";
  EXPECT_FALSE(gone(a0)) << "somebody is at it";
  bool in_store = false;
  for (const auto& spec : server.store().tables().lobbies()) in_store |= spec.id == a1;
  EXPECT_FALSE(in_store) << "dropped from the store too";
  // An address holding fewer than the biggest also gets one...
  const std::string b1 = make("10.0.0.2");
  ASSERT_EQ(b1.size(), 16u) << b1;
  for (int i = 0; i < 100 && !gone(a2); ++i) std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(gone(a2));
  // ...but once it holds as many as anyone, the full server refuses it: no
  // party takes the others' room.
  auto b2 = post_from(port, "10.0.0.2", "/api/tables", kLobby);
  EXPECT_EQ(b2.status, 429);
  EXPECT_EQ(code_of(b2), "table/too_many");
  // Play now makes a table for a newcomer too.
  auto now = post_from(port, "10.0.0.4", "/api/play-now", {{"game", "ufo"}, {"players", 3}});
  ASSERT_EQ(now.status, 200) << now.text;
  for (int i = 0; i < 100 && !gone(b0); ++i) std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(gone(b0));
  EXPECT_FALSE(gone(a0));
  EXPECT_FALSE(gone(c0));
  EXPECT_FALSE(gone(b1));
  EXPECT_EQ(fixture::metric(port, "meeple_lobby_tables"), 4);
}

TEST(ServerGuard, AGuestsLobbyNobodyIsAtGoesInMinutesASignedInHostsWaits) {
  auto store = store::SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  ServerOptions o = behind_proxy();
  o.lobby_idle_ttl = 700ms;
  std::string flood, watched, hosted, restored;
  auto gone = [](unsigned short port, const std::string& id) {
    return code_of(http_get(port, "/api/tables/" + id)) == "table/unknown";
  };
  auto await_gone = [&](unsigned short port, const std::string& id) {
    for (int i = 0; i < 300 && !gone(port, id); ++i) std::this_thread::sleep_for(10ms);
    return gone(port, id);
  };
  {
    TestServer server(o, **store);
    const unsigned short port = server.port();
    flood = create(port, kLobby).id;
    watched = create(port, kLobby).id;
    const std::string anna = signed_up(port, "Anna");
    hosted = post_from(port, "10.0.0.5", "/api/tables", kLobby, anna).body.value("id", "");
    WsClient watcher(port, "/ws/tables/" + watched);
    ASSERT_TRUE(watcher.next_of("state"));
    ASSERT_TRUE(await_gone(port, flood)) << "nobody came to a guest's lobby: it goes";
    std::this_thread::sleep_for(500ms);
    EXPECT_FALSE(gone(port, watched)) << "somebody is at it";
    EXPECT_FALSE(gone(port, hosted)) << "a signed-in host's lobby waits for friends";
    // The last one leaves: the lobby goes a while later.
    watcher.close();
    std::this_thread::sleep_for(300ms);
    EXPECT_FALSE(gone(port, watched));
    EXPECT_TRUE(await_gone(port, watched));
    restored = create(port, kLobby).id;
  }
  // A restart brings the lobby back, with the same rule.
  TestServer again(o, **store);
  const unsigned short port = again.port();
  EXPECT_FALSE(gone(port, restored)) << "restored";
  EXPECT_TRUE(await_gone(port, restored)) << "nobody came back to it after the restart";
  bool kept = false;
  for (const auto& spec : (*store)->tables().lobbies()) kept |= spec.id == restored;
  EXPECT_FALSE(kept) << "dropped from the store too";
  EXPECT_FALSE(gone(port, hosted));
}

TEST(ServerGuard, StartedTablesArePerAddressAndAccountAndAFinishedOneMakesRoom) {
  ServerOptions o = behind_proxy();
  o.max_tables_per_address = 3;
  o.max_tables_per_account = 2;
  TestServer server(o);
  const unsigned short port = server.port();
  // A table of two people, made from `address`, both seats taken: started.
  auto started = [&](const std::string& address, const std::string& cookie = "") {
    auto r = post_from(
        port, address, "/api/tables",
        {{"game", "ufo"}, {"players", 2}, {"turn_based", true}, {"params", {{"max_rounds", 1}}}},
        cookie);
    if (r.status != 201) return std::pair(code_of(r), std::vector<std::string>());
    const std::string id = r.body["id"];
    std::vector<std::string> tokens;
    for (int i = 0; i < 2; ++i) {
      auto j = http_post(port, "/api/tables/" + id + "/join", {{"name", "p"}});
      EXPECT_EQ(j.status, 200) << j.text;
      tokens.push_back(j.body.value("token", ""));
    }
    EXPECT_EQ(http_get(port, "/api/tables/" + id).body["phase"], "playing");
    return std::pair(id, tokens);
  };
  const auto [t0, t0_tokens] = started("10.0.0.1");
  started("10.0.0.1");
  started("10.0.0.1");
  auto fourth = post_from(port, "10.0.0.1", "/api/tables", {{"game", "ufo"}, {"players", 2}});
  EXPECT_EQ(fourth.status, 429);
  EXPECT_EQ(code_of(fourth), "table/too_many");
  EXPECT_NE(fourth.body.value("message", "").find("not finished"), std::string::npos)
      << fourth.text;
  EXPECT_EQ(started("10.0.0.2").first.size(), 16u) << "another address";
  // A game over is no longer held: both people leave, the bots finish it.
  for (const std::string& token : t0_tokens) {
    WsClient ws(port, "/ws/tables/" + t0 + "?token=" + token);
    ASSERT_TRUE(ws.next_of("state"));
    // A bot deciding (the other seat's, once it left) makes a leave wait.
    for (bool left = false; !left;) {
      ws.send({{"type", "leave"}});
      ws.send({{"type", "ping"}});
      left = true;
      for (auto m = ws.next(); m && m->value("type", "") != "pong"; m = ws.next())
        if (m->value("code", "") == "table/busy") left = false;
      if (!left) std::this_thread::sleep_for(20ms);
    }
  }
  for (int i = 0; i < 500 && http_get(port, "/api/tables/" + t0).body["phase"] != "finished"; ++i)
    std::this_thread::sleep_for(20ms);
  ASSERT_EQ(http_get(port, "/api/tables/" + t0).body["phase"], "finished");
  EXPECT_EQ(started("10.0.0.1").first.size(), 16u) << "room again";
  // An account, on every address.
  const std::string ben = signed_up(port, "Ben");
  EXPECT_EQ(started("10.0.1.1", ben).first.size(), 16u);
  EXPECT_EQ(started("10.0.1.2", ben).first.size(), 16u);
  EXPECT_EQ(started("10.0.1.3", ben).first, "table/too_many");
}

TEST(ServerGuard, AStartedTableNobodyIsAtLeavesMemoryAndComesBackWhenAsked) {
  ServerOptions o;
  o.idle_table_ttl = 300ms;
  TestServer server(o);
  const unsigned short port = server.port();
  fixture::NewTable t = fixture::two_people(port, {{"game", "ufo"}, {"turn_based", true}});
  std::uint64_t version = 0;
  {
    fixture::Player anna(port, fixture::ws_path(t, 0));
    anna.sync();
    ASSERT_EQ(anna.phase, "playing");
    version = anna.version;
  }
  ASSERT_TRUE(fixture::await_metric(port, "meeple_resting_tables", 1)) << "not out of memory";
  EXPECT_EQ(fixture::metric(port, "meeple_live_tables"), 0);
  // Still listed among the games to watch, and still counted as its maker's.
  auto playing = http_get(port, "/api/tables?phase=playing");
  ASSERT_EQ(playing.body["tables"].size(), 1u) << playing.text;
  EXPECT_EQ(playing.body["tables"][0]["id"], t.id);
  // Its summary reads it again; it goes again when nobody comes.
  auto summary = http_get(port, "/api/tables/" + t.id);
  EXPECT_EQ(summary.body["phase"], "playing") << summary.text;
  EXPECT_EQ(fixture::metric(port, "meeple_resting_tables"), 0);
  ASSERT_TRUE(fixture::await_metric(port, "meeple_resting_tables", 1));
  // "My tables" reads it too.
  auto mine =
      http_post(port, "/api/my-tables", {{"seats", {{{"table", t.id}, {"token", t.tokens[0]}}}}});
  ASSERT_EQ(mine.status, 200) << mine.text;
  EXPECT_EQ(mine.body["tables"][0]["phase"], "playing");
  ASSERT_TRUE(fixture::await_metric(port, "meeple_resting_tables", 1));
  // A person comes back: the game is where it was, and goes on.
  fixture::Player anna(port, fixture::ws_path(t, 0));
  fixture::Player ben(port, fixture::ws_path(t, 1));
  anna.sync();
  ben.sync();
  EXPECT_EQ(anna.version, version);
  EXPECT_EQ(fixture::metric(port, "meeple_live_tables"), 1);
  fixture::Player& to_act = anna.choices.empty() ? ben : anna;
  ASSERT_FALSE(to_act.choices.empty());
  to_act.act(to_act.choices[0]["action"]);
  to_act.sync();
  EXPECT_GT(to_act.version, version);
  EXPECT_TRUE(to_act.errors.empty());
}

TEST(ServerGuard, AClockThatRunsOutWhileATableIsOutOfMemoryActsOnTime) {
  // A clock of 1.5 s a decision; then a grace of 1.5 s before a stand-in
  // plays for a person away: both act while nobody asks for the table.
  for (const Json& rule : {Json{{"clock_seconds", 1.5}}, Json{{"grace_seconds", 1.5}}}) {
    SCOPED_TRACE(rule.dump());
    ServerOptions o;
    o.idle_table_ttl = 200ms;
    TestServer server(o);
    const unsigned short port = server.port();
    Json request = {{"game", "ufo"}, {"params", {{"max_rounds", 1}}}};
    request.update(rule);
    fixture::NewTable t = fixture::two_people(port, request);
    {
      fixture::Player anna(port, fixture::ws_path(t, 0));
      anna.sync();
    }
    ASSERT_TRUE(fixture::await_metric(port, "meeple_resting_tables", 1))
        << "out of memory while the clock runs";
    const double actions = fixture::metric(port, "meeple_actions_total");
    // Nobody asks for it: when it is due it is read again and the stand-in
    // plays (the grace counted from when the people left, not from the reading).
    bool moved = false;
    for (int i = 0; i < 300 && !moved; ++i) {
      std::this_thread::sleep_for(20ms);
      moved = fixture::metric(port, "meeple_actions_total") > actions;
    }
    EXPECT_TRUE(moved) << "nothing played";
  }
}

TEST(ServerGuard, TheListIsPagedAndHoldsWhatOneMayJoin) {
  TestServer server;
  const unsigned short port = server.port();
  std::vector<std::string> open;
  for (int i = 0; i < 5; ++i) open.push_back(create(port, kLobby).id);
  create(port, {{"game", "ufo"}, {"players", 2}, {"public", false}});  // private
  Created full = create(port, {{"game", "ufo"}, {"players", 2}, {"auto_start", false}});
  for (int i = 0; i < 2; ++i) http_post(port, "/api/tables/" + full.id + "/join", {{"name", "p"}});
  fixture::NewTable playing = fixture::two_people(port, {{"game", "ufo"}});
  // Somebody waits at open[1]: it comes first.
  WsClient at(port, "/ws/tables/" + open[1]);
  ASSERT_TRUE(at.next_of("state"));
  std::vector<std::string> seen;
  for (int page = 1; page <= 3; ++page) {
    auto r = http_get(port, fmt::format("/api/tables?page={}&limit=2", page));
    ASSERT_EQ(r.status, 200) << r.text;
    EXPECT_EQ(r.body["total"], 5);
    EXPECT_EQ(r.body["tables"].size(), page < 3 ? 2u : 1u);
    for (const Json& t : r.body["tables"]) {
      EXPECT_EQ(t["phase"], "lobby");
      seen.push_back(t["id"]);
    }
  }
  ASSERT_EQ(seen.size(), 5u);
  EXPECT_EQ(seen[0], open[1]) << "somebody waits there";
  EXPECT_EQ(seen[1], open[4]) << "then the newest";
  EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()),
            std::set<std::string>(open.begin(), open.end()));
  auto watch = http_get(port, "/api/tables?phase=playing");
  ASSERT_EQ(watch.body["tables"].size(), 1u) << watch.text;
  EXPECT_EQ(watch.body["tables"][0]["id"], playing.id);
  EXPECT_EQ(http_get(port, "/api/tables?page=9").body["tables"].size(), 0u);
  for (const char* bad : {"?limit=51", "?limit=0", "?page=0", "?page=x", "?phase=finished"}) {
    auto r = http_get(port, std::string("/api/tables") + bad);
    EXPECT_EQ(r.status, 400) << bad;
    EXPECT_EQ(code_of(r), "request/malformed") << bad;
  }
}

TEST(ServerGuard, ChatIsCappedInLengthRateAndLinesAndAFirstMessageCarriesOnlyItsLastPage) {
  ServerOptions o;
  o.chat_burst = 3;
  o.chat_per_minute = 6;
  o.max_chat_lines = 8;
  o.chat_page = 4;
  TestServer server(o);
  const unsigned short port = server.port();
  Created t =
      create(port, {{"game", "ufo"},
                    {"seats", {{{"kind", "person"}}, {{"kind", "person"}}, {{"kind", "person"}}}}});
  std::vector<std::string> tokens;
  for (int i = 0; i < 3; ++i)
    tokens.push_back(http_post(port, "/api/tables/" + t.id + "/join", {{"name", "p"}})
                         .body["token"]
                         .get<std::string>());
  std::vector<std::unique_ptr<WsClient>> seats;
  for (int i = 0; i < 3; ++i) {
    seats.push_back(std::make_unique<WsClient>(port, "/ws/tables/" + t.id + "?token=" + tokens[i]));
    ASSERT_TRUE(seats.back()->next_of("state"));
  }
  auto say = [&](int seat, const std::string& text) {
    seats[seat]->send({{"type", "chat"}, {"text", text}});
    seats[seat]->send({{"type", "ping"}});
    std::string code;
    for (int i = 0; i < 100; ++i) {
      auto m = seats[seat]->next();
      if (!m || m->value("type", "") == "pong") break;
      if (m->value("type", "") == "error") code = (*m)["code"];
    }
    return code;
  };
  EXPECT_EQ(say(0, std::string(501, 'a')), "chat/too_long");
  EXPECT_EQ(say(0, "hi\nseat 1 takes back a move"), "chat/not_a_line");
  // A seat's burst, then it must wait; other seats are not held up by it.
  for (int i = 0; i < 3; ++i) EXPECT_EQ(say(0, "a" + std::to_string(i)), "");
  EXPECT_EQ(say(0, "a3"), "chat/too_fast");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(say(1, "b" + std::to_string(i)), "");
  // The table's chat holds max_chat_lines.
  EXPECT_EQ(say(2, "c0"), "");
  EXPECT_EQ(say(2, "c1"), "");
  EXPECT_EQ(say(2, "c2"), "chat/full");
  // A newcomer's first message carries the last page; earlier ones on request.
  WsClient late(port, "/ws/tables/" + t.id);
  Json first = next_of(late, "state");
  ASSERT_EQ(first["chat"].size(), 4u);
  EXPECT_EQ(first["chat"][0]["n"], 4);
  EXPECT_EQ(first["chat"][3]["text"], "c1");
  for (const Json& e : first["events"])
    EXPECT_EQ(e.get<std::string>().find("b1"), std::string::npos);
  late.send({{"type", "chat_page"}, {"before", 4}});
  Json page = next_of(late, "chat_page");
  ASSERT_EQ(page["lines"].size(), 4u);
  EXPECT_EQ(page["lines"][0]["text"], "a0");
  EXPECT_EQ(page["lines"][0]["seat"], 0);
}

// A private table's chat goes only to the people seated there: a
// stranger who learned its id and watches gets no line, in state messages
// or pages. A public table's spectators read
// its chat as before.
TEST(ServerGuard, APrivateTablesChatGoesOnlyToItsSeatedPeople) {
  TestServer server;
  const unsigned short port = server.port();
  for (const bool is_public : {false, true}) {
    SCOPED_TRACE(is_public ? "public" : "private");
    Created t = create(port, {{"game", "ufo"},
                              {"public", is_public},
                              {"params", {{"max_rounds", 1}}},
                              {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}});
    std::vector<std::string> tokens;
    for (int i = 0; i < 2; ++i)
      tokens.push_back(http_post(port, "/api/tables/" + t.id + "/join", {{"name", "p"}})
                           .body["token"]
                           .get<std::string>());
    WsClient anna(port, "/ws/tables/" + t.id + "?token=" + tokens[0]);
    ASSERT_TRUE(anna.next_of("state"));
    anna.send({{"type", "chat"}, {"text", "our secret plan"}});
    Json heard = next_of(anna, "state");
    ASSERT_EQ(heard["chat"][0]["text"], "our secret plan");
    auto chat_seen = [&](WsClient& ws) {
      std::vector<std::string> lines;
      ws.send({{"type", "chat_page"}, {"before", 1}});
      for (int i = 0; i < 100; ++i) {
        auto m = ws.next();
        if (!m) break;
        for (const Json& l : m->value("chat", Json::array())) lines.push_back(l["text"]);
        for (const Json& l : m->value("lines", Json::array())) lines.push_back(l["text"]);
        if (m->value("type", "") == "chat_page") break;
      }
      return lines;
    };
    WsClient stranger(port, "/ws/tables/" + t.id);
    const std::vector<std::string> none, both = {"our secret plan", "our secret plan"};
    EXPECT_EQ(chat_seen(stranger), is_public ? both : none);
    WsClient ben(port, "/ws/tables/" + t.id + "?token=" + tokens[1]);
    EXPECT_EQ(chat_seen(ben), both) << "the seated read it";
    WsClient host(port, "/ws/tables/" + t.id + "?token=" + t.host_token);
    EXPECT_EQ(chat_seen(host), is_public ? both : none) << "a host without a seat watches";
  }
}

TEST(ServerGuard, ConnectionsArePerAddressAndOtherAddressesStillGetIn) {
  ServerOptions o;
  o.max_connections_per_address = 5;
  TestServer server(o);
  const unsigned short port = server.port();
  // Raw TCP connections from 127.0.0.1 up to the limit, then one more.
  testing::HeldConnections held(port, 5);
  std::this_thread::sleep_for(100ms);
  const std::string answer = testing::raw_exchange(port, "");
  EXPECT_NE(answer.find("429"), std::string::npos) << answer;
  EXPECT_NE(answer.find("connection/too_many"), std::string::npos) << answer;
  // Another address is another count.
  const std::string reply =
      testing::raw_exchange(port, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", "127.0.0.2");
  EXPECT_NE(reply.find("200 OK"), std::string::npos) << reply;
  // Closing one lets the next in.
  held.close_one();
  std::this_thread::sleep_for(100ms);
  auto again = http_get(port, "/healthz");
  EXPECT_EQ(again.status, 200);
}

// --- Numbers and lists from requests

TEST(ServerGuard, NumbersAreRangeCheckedAndListsHaveNoDuplicates) {
  TestServer server;
  const unsigned short port = server.port();
  auto refused = [&](Json extra) {
    Json body = {{"game", "ufo"}, {"players", 2}};
    body.update(extra);
    return code_of(http_post(port, "/api/tables", body));
  };
  EXPECT_EQ(refused({{"grace_seconds", 1e300}}), "request/malformed");
  EXPECT_EQ(refused({{"clock_seconds", 1e300}}), "request/malformed");
  EXPECT_EQ(refused({{"clock_seconds", -1}}), "request/malformed");
  EXPECT_EQ(refused({{"grace_seconds", 15 * 86400}}), "request/malformed");
  EXPECT_EQ(refused({{"players", 4294967298LL}}), "game/players");
  EXPECT_EQ(refused({{"players", -4294967294LL}}), "game/players");
  EXPECT_EQ(refused({{"languages", {"en", "en"}}}), "request/malformed");
  EXPECT_EQ(refused({{"guide", true}, {"guide_part", 4294967297LL}}), "request/malformed");
  Created t = create(port, {{"game", "ufo"}, {"players", 2}, {"grace_seconds", 30}});
  auto seat =
      http_post(port, "/api/tables/" + t.id + "/join", {{"seat", 4294967296LL}, {"name", "x"}});
  EXPECT_EQ(code_of(seat), "seat/invalid");
}

TEST(ServerGuard, ARematchIsForAFinishedGameAndCountsItsFreeSeats) {
  TestServer server;
  const unsigned short port = server.port();
  // Mid-game: no rematch.
  Created live = create(
      port,
      {{"game", "ufo"}, {"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", "random"}}}}});
  http_post(port, "/api/tables/" + live.id + "/join", {{"name", "a"}});
  auto early =
      http_post(port, "/api/tables/" + live.id + "/rematch", {{"host_token", live.host_token}});
  EXPECT_EQ(code_of(early), "table/unfinished");
  // A finished game whose second person's seat nobody joined (a bot played it).
  Created t =
      create(port, {{"game", "first-giants"},
                    {"seats", {{{"kind", "bot"}, {"bot", "random"}}, {{"kind", "person"}}}}});
  ASSERT_EQ(
      http_post(port, "/api/tables/" + t.id + "/start", {{"host_token", t.host_token}}).status,
      200);
  for (int i = 0; i < 500 && http_get(port, "/api/tables/" + t.id).body["phase"] != "finished"; ++i)
    std::this_thread::sleep_for(10ms);
  auto next = http_post(port, "/api/tables/" + t.id + "/rematch", {{"host_token", t.host_token}});
  ASSERT_EQ(next.status, 201) << next.text;
  EXPECT_EQ(next.body["free_seats"], 1);
  const std::string id = next.body["id"];
  ASSERT_EQ(http_post(port, "/api/tables/" + id + "/join", {{"name", "late"}}).status, 200);
  EXPECT_EQ(http_get(port, "/api/tables/" + id).body["phase"], "playing") << "full, so it starts";
  EXPECT_EQ(http_get(port, "/api/tables/" + id).body["free_seats"], 0);
}

TEST(ServerGuard, AnActionOutOfTurnWhileABotThinksIsRefusedNotQueued) {
  TestServer server;
  const unsigned short port = server.port();
  Created t =
      create(port, {{"game", "ufo"},
                    {"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", "ismcts:0.3s"}}}},
                    {"params", {{"max_rounds", 2}}}});
  auto join = http_post(port, "/api/tables/" + t.id + "/join", {{"name", "a"}});
  WsClient a(port, "/ws/tables/" + t.id + "?token=" + join.body["token"].get<std::string>());
  // Play the person's choices until the bot must decide, then act at once.
  for (int step = 0; step < 500; ++step) {
    auto m = a.next();
    ASSERT_TRUE(m);
    if (m->value("type", "") != "state" || m->value("phase", "") != "playing") continue;
    const Json to_act = (*m)["to_act"];
    if (!m->value("choices", Json::array()).empty()) {
      a.send({{"type", "act"},
              {"version", (*m)["version"]},
              {"action", (*m)["choices"][0]["action"]}});
      continue;
    }
    if (to_act == Json::array({1})) {
      a.send({{"type", "act"}, {"version", (*m)["version"]}, {"action", 0}});
      Json e = next_of(a, "error");
      EXPECT_EQ(e["code"], "action/not_your_turn");
      return;
    }
  }
  FAIL() << "the bot never had to decide";
}

}  // namespace
}  // namespace meeple::server
