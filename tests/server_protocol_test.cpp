// The protocol (docs/protocol.md): every error code provoked once, each
// table's fresh chance key, and the golden messages of tests/protocol/.
#include <gtest/gtest.h>

#include <array>

#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::TestServer;
using testing::WsClient;
using namespace fixture;

// Every error code of the protocol, provoked once; none changes the game.
TEST(Server, EveryErrorCodeOnceAndNothingChanges) {
  ServerOptions o;
  o.rate_per_second = 5;
  o.rate_burst = 20;
  TestServer server(o);
  const unsigned short port = server.port();
  auto code_of = [](const testing::HttpReply& r) { return r.body.value("code", ""); };

  // HTTP.
  EXPECT_EQ(code_of(http_post(port, "/api/tables", Json::parse("[1]"))), "request/malformed");
  EXPECT_EQ(code_of(testing::http_request(port, testing::http::verb::post, "/api/tables", "{oops")),
            "request/malformed");
  EXPECT_EQ(code_of(http_post(port, "/api/tables", {{"game", "chess"}})), "game/unknown");
  EXPECT_EQ(code_of(http_post(port, "/api/tables/nope/join", Json::object())), "table/unknown");
  EXPECT_EQ(code_of(testing::http_request(port, testing::http::verb::post, "/api/tables",
                                          std::string(20000, ' '))),
            "request/too_large");
  NewTable t = make_table(port, "ufo", {{{"kind", "person"}}, {{"kind", "person"}}}, false);
  auto taken = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", 0}});
  EXPECT_EQ(code_of(taken), "seat/taken");
  EXPECT_EQ(code_of(http_post(port, "/api/tables/" + t.id + "/join", Json::object())),
            "table/full");
  EXPECT_EQ(code_of(http_post(port, "/api/tables/" + t.id + "/start", {{"host_token", "x"}})),
            "auth/host");
  EXPECT_EQ(code_of(http_get(port, "/api/tables/" + t.id + "/record")), "table/unfinished");
  EXPECT_EQ(code_of(http_get(port, "/api/tables/" + t.id + "/replay")), "table/unfinished");
  EXPECT_EQ(code_of(http_get(port, "/api/tables/nope/replay")), "table/unknown");
  ASSERT_EQ(
      http_post(port, "/api/tables/" + t.id + "/start", {{"host_token", t.host_token}}).status,
      200);

  // WebSocket.
  {
    WsClient bad(port, "/ws/tables/" + t.id + "?token=0123");
    auto m = bad.next();
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["code"], "auth/token");
    EXPECT_FALSE(bad.next()) << "closed after a wrong token";
  }
  {
    WsClient unknown(port, "/ws/tables/nope");
    auto m = unknown.next();
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["code"], "table/unknown");
  }
  Player a(port, ws_path(t, 0));
  Player b(port, ws_path(t, 1));
  a.sync();
  b.sync();
  Player& mover = a.choices.empty() ? b : a;
  Player& waiter = a.choices.empty() ? a : b;
  ASSERT_FALSE(mover.choices.empty());
  const std::uint64_t v = mover.version;
  const Json view = mover.view;
  auto expect_error = [](Player& p, const std::string& code) {
    auto m = p.ws.next_of("error");
    ASSERT_TRUE(m) << code;
    EXPECT_EQ((*m)["code"], code);
  };
  mover.ws.send_text("{not json");
  expect_error(mover, "request/malformed");
  mover.ws.send({{"type", "act"}, {"version", v + 5}, {"action", mover.choices[0]["action"]}});
  expect_error(mover, "action/stale");
  waiter.ws.send({{"type", "act"}, {"version", v}, {"action", mover.choices[0]["action"]}});
  expect_error(waiter, "action/not_your_turn");
  mover.ws.send({{"type", "act"}, {"version", v}, {"action", 999999}});
  expect_error(mover, "action/illegal");
  mover.ws.send({{"type", "act"}, {"version", v}, {"action", {{"no", "such"}}}});
  expect_error(mover, "action/malformed");
  mover.ws.send_text(std::string(17000, ' '));
  expect_error(mover, "request/too_large");
  mover.ws.send_text(std::string(100, '[') + std::string(100, ']'));
  expect_error(mover, "request/too_deep");
  Player watcher(port, ws_path(t, -1));
  watcher.sync();
  watcher.act(0);
  expect_error(watcher, "auth/token");
  // Nothing changed.
  mover.sync();
  EXPECT_EQ(mover.version, v);
  EXPECT_EQ(mover.view, view);
  // A flood is cut by the rate limit (the connection stays open).
  for (int i = 0; i < 40; ++i) mover.ws.send({{"type", "ping"}});
  expect_error(mover, "request/rate_limited");
}

// The codes of docs/protocol.md that EveryErrorCodeOnceAndNothingChanges
// leaves out. Elsewhere: table/started, seat/invalid and params/unknown in
// TheHostChangesSeatsAndOptionsBeforeTheStartOnly, connection/slow in
// AClientThatStopsReadingIsClosedAsSlowAndTheTableGoesOn, server/shutdown in
// ServeProcess.SigtermClosesConnectionsWithAReasonAndExitsCleanly.
TEST(Server, TheOtherErrorCodesOnce) {
  TestServer server;
  const unsigned short port = server.port();
  auto code_of = [](const testing::HttpReply& r) { return r.body.value("code", ""); };
  auto expect_error = [](Player& p, const std::string& code) {
    auto m = p.ws.next_of("error");
    ASSERT_TRUE(m) << code;
    EXPECT_EQ((*m)["code"], code);
  };
  // Creating a table.
  auto not_found = http_get(port, "/nope");
  EXPECT_EQ(not_found.status, 404);
  EXPECT_EQ(code_of(not_found), "request/not_found");
  EXPECT_EQ(code_of(http_post(port, "/api/tables", {{"game", "ufo"}, {"players", 99}})),
            "game/players");
  EXPECT_EQ(
      code_of(http_post(port, "/api/tables",
                        {{"game", "ufo"}, {"players", 2}, {"params", {{"max_rounds", "x"}}}})),
      "params/invalid");
  EXPECT_EQ(
      code_of(http_post(port, "/api/tables",
                        {{"game", "ufo"},
                         {"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", "nope"}}}}})),
      "bot/unknown");
  // Bots think on the server's bot threads: no root-parallel trees of their own.
  EXPECT_EQ(code_of(http_post(
                port, "/api/tables",
                {{"game", "ufo"},
                 {"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", "ismcts:100x4"}}}}})),
            "bot/budget");
  // In the lobby: neither acting nor chatting.
  NewTable lobby = make_table(port, "ufo", {{{"kind", "person"}}, {{"kind", "person"}}}, false);
  {
    Player a(port, ws_path(lobby, 0));
    a.sync();
    a.ws.send({{"type", "chat"}, {"text", "hi"}});
    expect_error(a, "table/not_started");
    a.act(0);
    expect_error(a, "table/not_started");
  }
  // Chat over the limit, and First Contact's table-talk rule.
  NewTable fc = make_table(port, "first-contact",
                           {{{"kind", "person"}}, {{"kind", "person"}}, {{"kind", "person"}}});
  {
    Player a(port, ws_path(fc, 0));
    a.sync();
    const std::uint64_t v = a.version;
    const std::size_t events = a.events.size();
    a.ws.send({{"type", "chat"}, {"text", std::string(501, 'a')}});
    expect_error(a, "chat/too_long");
    a.ws.send({{"type", "chat"}, {"text", "I think it's BIG!"}});
    expect_error(a, "chat/names_characteristic");
    a.sync();
    EXPECT_EQ(a.version, v);
    EXPECT_EQ(a.events.size(), events) << "a refused line is not told";
  }
  // A finished game takes no more actions.
  NewTable done = short_ufo(port);
  {
    Player a(port, ws_path(done, 0));
    Player b(port, ws_path(done, 1));
    ASSERT_NO_FATAL_FAILURE(play_to_end({&a, &b}, 13));
    a.sync();
    a.act(0);
    expect_error(a, "action/game_over");
  }
  // A seat change while a bot is deciding (two bots that think half a second).
  auto bots = http_post(
      port, "/api/tables",
      {{"game", "ufo"},
       {"seats",
        {{{"kind", "bot"}, {"bot", "ismcts:0.5s"}}, {{"kind", "bot"}, {"bot", "ismcts:0.5s"}}}},
       {"auto_start", false}});
  ASSERT_EQ(bots.status, 201) << bots.text;
  const std::string id = bots.body["id"];
  const Json host = {{"host_token", bots.body["host_token"]}};
  ASSERT_EQ(http_post(port, "/api/tables/" + id + "/start", host).status, 200);
  Json change = {{"seat", 0}, {"kind", "bot"}, {"bot", "random"}};
  change.update(host);
  std::string busy;
  for (int i = 0; i < 20 && busy.empty(); ++i)
    if (auto r = http_post(port, "/api/tables/" + id + "/seat", change); code_of(r) == "table/busy")
      busy = code_of(r);
  EXPECT_EQ(busy, "table/busy");
}

// --- The protocol's golden messages (tests/protocol/, read by the web
// client's tests too): the server sends messages of exactly their shape and
// accepts the client's.

// Each table start and resume draws its chance from a key of its own
// (server/table.cpp): 32 bytes, all of them random, none repeated. Every bit
// is set in about half of the keys (1000 keys: 500 +- 16 for each bit; a
// constant or a zero-padded part would stay at 0 or 1000).
TEST(Protocol, EveryChanceKeyIsFresh256BitRandomness) {
  const int n = 1000;
  std::set<ChaChaKey> keys;
  std::array<int, 256> ones{};
  for (int i = 0; i < n; ++i) {
    const ChaChaKey key = secure_chance_key();
    keys.insert(key);
    for (std::size_t bit = 0; bit < 256; ++bit) ones[bit] += (key[bit / 8] >> (bit % 8)) & 1;
  }
  EXPECT_EQ(keys.size(), static_cast<std::size_t>(n));
  for (std::size_t bit = 0; bit < 256; ++bit) {
    EXPECT_GT(ones[bit], 400) << "bit " << bit;
    EXPECT_LT(ones[bit], 600) << "bit " << bit;
  }
}

TEST(Protocol, TheServerSendsAndAcceptsTheGoldenMessages) {
  TestServer server;
  auto created = http_post(server.port(), "/api/tables",
                           {{"game", "ufo"},
                            {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                            {"auto_start", false}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"];
  auto join = http_post(server.port(), "/api/tables/" + id + "/join", {{"seat", 0}, {"name", "A"}});
  ASSERT_EQ(join.status, 200);
  Player a(server.port(), "/ws/tables/" + id + "?token=" + join.body["token"].get<std::string>());
  a.sync();
  ASSERT_FALSE(a.log.empty());
  EXPECT_EQ(keys_of(a.log.front()), keys_of(golden("server_state_lobby.json")));
  EXPECT_EQ(keys_of(a.log.front()["seats"][0]),
            keys_of(golden("server_state_lobby.json")["seats"][0]));
  auto join_b =
      http_post(server.port(), "/api/tables/" + id + "/join", {{"seat", 1}, {"name", "B"}});
  ASSERT_EQ(http_post(server.port(), "/api/tables/" + id + "/start",
                      {{"host_token", created.body["host_token"]}})
                .status,
            200);
  Player b(server.port(), "/ws/tables/" + id + "?token=" + join_b.body["token"].get<std::string>());
  a.sync();
  b.sync();
  Player& mover = a.choices.empty() ? b : a;
  Player& other = a.choices.empty() ? a : b;
  ASSERT_FALSE(mover.choices.empty());
  // The first message of a seat that must act.
  Json first;
  for (const Json& m : mover.log)
    if (first.is_null() && m.value("phase", "") == "playing") first = m;
  EXPECT_EQ(keys_of(first), keys_of(golden("server_state_first.json")));
  EXPECT_EQ(keys_of(first["seats"][0]), keys_of(golden("server_state_first.json")["seats"][0]));
  EXPECT_EQ(keys_of(first["choices"][0]), keys_of(golden("server_state_first.json")["choices"][0]));
  // The client's messages are accepted.
  for (const char* name : {"client_hello.json", "client_chat.json"}) mover.ws.send(golden(name));
  mover.sync();  // sends client_ping.json's message and reads to its pong
  EXPECT_TRUE(mover.errors.empty()) << mover.errors.front();
  // Chat comes apart from the events: what a seat said, numbered.
  const Json line = golden("server_chat_page.json")["lines"][0];
  ASSERT_EQ(mover.chat.size(), 1u);
  EXPECT_EQ(keys_of(mover.chat[0]), keys_of(line));
  EXPECT_EQ(mover.chat[0]["text"], line["text"]);
  for (const std::string& e : mover.events) EXPECT_EQ(e.find("good luck"), std::string::npos);
  // Earlier chat in pages.
  mover.ws.send(golden("client_chat_page.json"));
  auto page = mover.ws.next_of("chat_page");
  ASSERT_TRUE(page);
  EXPECT_EQ(keys_of(*page), keys_of(golden("server_chat_page.json")));
  ASSERT_EQ((*page)["lines"].size(), 1u);
  EXPECT_EQ((*page)["lines"][0], mover.chat[0]);
  // An action in its JSON form, then a later message of the other seat.
  Json act = golden("client_act_json.json");
  act["version"] = mover.version;
  act["action"] = mover.choices[0]["json"];
  other.sync();
  const std::size_t seen = other.log.size();
  mover.ws.send(act);
  mover.sync();
  EXPECT_TRUE(mover.errors.empty());
  other.sync();
  ASSERT_GT(other.log.size(), seen);
  auto later = keys_of(other.log.back());
  later.erase("choices");
  EXPECT_EQ(later, keys_of(golden("server_state_patch.json")));
  // An error, and the pong.
  Json stale = golden("client_act.json");
  stale["version"] = 0;
  mover.ws.send(stale);
  auto err = mover.ws.next_of("error");
  ASSERT_TRUE(err);
  EXPECT_EQ(keys_of(*err), keys_of(golden("server_error.json")));
  mover.ws.send(golden("client_ping.json"));
  EXPECT_EQ(*mover.ws.next_of("pong"), golden("server_pong.json"));
}

}  // namespace
}  // namespace meeple::server
