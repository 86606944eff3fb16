// What a stranger may not do to a server (issue 28): take a person's seat,
// starve other tables' bots, pile up reviews, hold connections, lobbies and
// chat without limit, spoof the log, reach the server from another site's
// page, or get numbers past their checks. Each test is an attack answered
// with its documented code (docs/protocol.md), while the server goes on.
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <latch>
#include <thread>

#include "server/bot_scheduler.h"
#include "server/protocol.h"
#include "server/review_queue.h"
#include "server/server.h"
#include "tests/server_client.h"
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
  q.ask(
      "long",
      [&]() -> Expected<Json> {
        started.count_down();
        // A review's decisions, until it is told to stop (bots/review.h).
        while (!q.stopping().load()) std::this_thread::sleep_for(1ms);
        saw_stop = true;
        return make_error("review/stopped", "stopped");
      },
      [](Expected<Json>) {});
  started.wait();
  const auto t0 = std::chrono::steady_clock::now();
  q.stop();
  EXPECT_TRUE(saw_stop.load());
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 2s);
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

// Stopping with reviews waiting destroyed their sessions after the I/O
// context they belong to (a crash on SIGTERM, found by the hostile test).
TEST(ServerGuard, StoppingWithReviewsWaitingIsClean) {
  auto server = std::make_unique<TestServer>();
  const unsigned short port = server->port();
  const std::string id = finished_table(port);
  std::vector<std::thread> askers;
  for (int i = 0; i < 6; ++i)
    askers.emplace_back([&, i] {
      try {
        http_get(port, "/api/tables/" + id + "/review?seat=" + std::to_string(i % 2) + "&lang=" +
                           (i < 2   ? "en"
                            : i < 4 ? "it"
                                    : "ko"));
      } catch (const std::exception&) {
      }
    });
  std::this_thread::sleep_for(100ms);
  server.reset();
  for (auto& t : askers) t.join();
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
  for (int i = 0; i < 300 && !server.store().lobbies().empty(); ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(server.store().lobbies().empty()) << "dropped from the store too";
  (void)join0;
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
