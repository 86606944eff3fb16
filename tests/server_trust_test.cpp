// Trust at a table: no bot plays for a person by surprise. The
// host chooses what happens when a person is away or out of time (wait, a
// stand-in after a grace, or at once); friends' tables wait five minutes;
// everyone sees the countdown before a stand-in and an event when it
// comes; a person gets their seat back at once by saying they are back.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server/protocol.h"
#include "server/server.h"
#include "tests/server_client.h"
#include "tests/test_server.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::TestServer;
using testing::WsClient;
using namespace std::chrono_literals;

std::string code_of(const testing::HttpReply& r) {
  return r.body.is_object() ? r.body.value("code", "") : "";
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A table of two people (Ufo!), both joined; its id and tokens.
struct Two {
  std::string id;
  std::string host_token;
  std::string tokens[2];
};
Two two_people(unsigned short port, Json extra) {
  Json body = {{"game", "ufo"}, {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}};
  body.update(extra);
  auto r = http_post(port, "/api/tables", body);
  EXPECT_EQ(r.status, 201) << r.text;
  Two t;
  t.id = r.body.value("id", "");
  t.host_token = r.body.value("host_token", "");
  for (int i = 0; i < 2; ++i)
    t.tokens[i] =
        http_post(port, "/api/tables/" + t.id + "/join", {{"seat", i}, {"name", i ? "Ben" : "Eva"}})
            .body["token"];
  return t;
}

// The table as a connection sees it, message after message.
struct Seat {
  Seat(unsigned short port, const std::string& path) : ws(port, path) {}
  WsClient ws;
  Json last;
  std::vector<std::string> events;
  // Reads until `pred` holds of the last state message (or `seconds` pass).
  bool until(const std::function<bool(const Json&)>& pred, double seconds = 10) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
      if (last.is_object() && pred(last)) return true;
      // (A read that times out ends the connection: one read for all the time.)
      auto m = ws.next(std::chrono::seconds(static_cast<int>(seconds) + 1));
      if (!m) return false;
      if (m->value("type", "") != "state") continue;
      for (const Json& e : m->value("events", Json::array())) events.push_back(e);
      last = *m;
    }
    return last.is_object() && pred(last);
  }
  bool told(const std::string& e) const {
    return std::find(events.begin(), events.end(), e) != events.end();
  }
};

TEST(ServerTrust, TheHostChoosesWhatHappensWhenAPersonIsAwayAndFriendsWaitFiveMinutes) {
  ServerOptions o;
  o.grace = 60s;
  TestServer server(o);
  const unsigned short port = server.port();
  auto options_of = [&](Json extra) {
    Two t = two_people(port, extra);
    Seat s(port, "/ws/tables/" + t.id + "?token=" + t.tokens[0]);
    EXPECT_TRUE(s.until([](const Json& m) { return m.contains("table_options"); }));
    return s.last["table_options"]["stand_in"];
  };
  // Friends' tables (private, with people) give five minutes, public ones
  // the server's grace, turn-based ones wait.
  EXPECT_EQ(options_of({{"public", false}}), (Json{{"mode", "after"}, {"seconds", 300}}));
  EXPECT_EQ(options_of({{"public", true}}), (Json{{"mode", "after"}, {"seconds", 60}}));
  EXPECT_EQ(options_of({{"turn_based", true}})["mode"], "wait");
  // The host's choice.
  EXPECT_EQ(options_of({{"stand_in", {{"mode", "wait"}}}})["mode"], "wait");
  EXPECT_EQ(options_of({{"stand_in", {{"mode", "now"}}}})["mode"], "now");
  EXPECT_EQ(options_of({{"stand_in", {{"mode", "after"}, {"seconds", 86400}}}}),
            (Json{{"mode", "after"}, {"seconds", 86400}}));
  for (const Json& bad : std::vector<Json>{Json{{"mode", "after"}, {"seconds", 30}},
                                           Json{{"mode", "after"}, {"seconds", 86401}},
                                           Json{{"mode", "later"}}, Json("after")}) {
    auto r = http_post(port, "/api/tables", {{"game", "ufo"}, {"players", 2}, {"stand_in", bad}});
    EXPECT_EQ(code_of(r), "request/malformed") << bad.dump();
  }
}

TEST(ServerTrust, EveryoneSeesTheCountdownBeforeAStandInAndAnEventWhenItComes) {
  ServerOptions o;
  o.tick = 20ms;
  o.grace = 800ms;  // the server's grace: a public table's default
  TestServer server(o);
  const unsigned short port = server.port();
  Two t = two_people(port, {{"public", true}});
  Seat ben(port, "/ws/tables/" + t.id + "?token=" + t.tokens[1]);
  std::int64_t left = 0;
  {
    Seat eva(port, "/ws/tables/" + t.id + "?token=" + t.tokens[0]);
    ASSERT_TRUE(eva.until([](const Json& m) { return m["seats"][0]["connected"] == true; }));
    left = now_ms();
  }
  // Eva is away: everyone sees when a stand-in will play for her.
  ASSERT_TRUE(ben.until([](const Json& m) { return m["seats"][0]["connected"] == false; }));
  const Json at = ben.last["seats"][0]["stand_in_at"];
  ASSERT_TRUE(at.is_number_integer()) << ben.last["seats"].dump();
  EXPECT_NEAR(static_cast<double>(at.get<std::int64_t>() - left), 800, 400);
  EXPECT_EQ(ben.last["seats"][0]["stand_in"], false);
  // Then it comes, and everyone is told.
  ASSERT_TRUE(ben.until([](const Json& m) { return m["seats"][0]["stand_in"] == true; }));
  EXPECT_TRUE(ben.last["seats"][0]["stand_in_at"].is_null());
  EXPECT_TRUE(ben.told("Eva is away: a bot plays for them until they are back"));
  // She comes back: her seat is hers at once.
  Seat back(port, "/ws/tables/" + t.id + "?token=" + t.tokens[0]);
  ASSERT_TRUE(back.until([](const Json& m) { return m["seats"][0]["stand_in"] == false; }));
  EXPECT_TRUE(ben.until([](const Json& m) { return m["seats"][0]["stand_in"] == false; }));
  EXPECT_TRUE(ben.told("Eva is back"));
}

TEST(ServerTrust, AtATableThatWaitsAClockThatRunsOutOnlyMarksThePersonLate) {
  ServerOptions o;
  o.tick = 20ms;
  TestServer server(o);
  const unsigned short port = server.port();
  Two t = two_people(port, {{"clock_seconds", 1}, {"stand_in", {{"mode", "wait"}}}});
  Seat eva(port, "/ws/tables/" + t.id + "?token=" + t.tokens[0]);
  Seat ben(port, "/ws/tables/" + t.id + "?token=" + t.tokens[1]);
  ASSERT_TRUE(eva.until([](const Json& m) { return m.contains("to_act"); }));
  ASSERT_TRUE(ben.until([](const Json& m) { return m.contains("to_act"); }));
  Seat& late = eva.last.value("choices", Json::array()).empty() ? ben : eva;
  const int seat = &late == &eva ? 0 : 1;
  const std::uint64_t version = late.last["version"];
  ASSERT_TRUE(late.until([&](const Json& m) { return m["seats"][seat]["late"] == true; }, 10));
  EXPECT_EQ(late.last["version"], version) << "nobody played for them";
  EXPECT_EQ(late.last["seats"][seat]["stand_in"], false);
  EXPECT_TRUE(late.told("your time ran out: the table waits for you"));
  // They act, and are no longer late.
  const Json choice = late.last["choices"][0]["action"];
  late.ws.send({{"type", "act"}, {"version", version}, {"action", choice}});
  EXPECT_TRUE(late.until([&](const Json& m) { return m["seats"][seat]["late"] == false; }));
}

// The report: a person whose clock ran out, tab open, was played for at once
// on every turn and had no way back but a reload.
TEST(ServerTrust, APersonWhoseClockRanOutIsBackAtOnceBySayingSo) {
  ServerOptions o;
  o.tick = 20ms;
  TestServer server(o);
  const unsigned short port = server.port();
  auto r = http_post(port, "/api/tables",
                     {{"game", "ufo"},
                      {"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", "random"}}}},
                      {"clock_seconds", 1},
                      {"params", {{"max_rounds", 60}}}});
  const std::string id = r.body["id"];
  const std::string token =
      http_post(port, "/api/tables/" + id + "/join", {{"name", "Eva"}}).body["token"];
  Seat eva(port, "/ws/tables/" + id + "?token=" + token);
  ASSERT_TRUE(eva.until([](const Json& m) { return m["seats"][0]["stand_in"] == true; }, 10));
  EXPECT_TRUE(eva.told("your time ran out: a bot plays for you until you are back"));
  eva.ws.send({{"type", "back"}});
  ASSERT_TRUE(eva.until([](const Json& m) { return m["seats"][0]["stand_in"] == false; }));
  EXPECT_TRUE(eva.told("you are back: you play your seat again"));
  // Her choices come to her again (the bot's turns between are quick).
  EXPECT_TRUE(eva.until([](const Json& m) { return !m.value("choices", Json::array()).empty(); }));
}

}  // namespace
}  // namespace meeple::server
