// "Play now" (POST /api/play-now): people asking for the same game and
// player count meet at one table, bots fill the free seats after the wait
// and the game starts; rated tables (people only, no undo); how many watch
// each listed table.
#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "server/lobby.h"
#include "store/sqlite_store.h"
#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::TestServer;
using namespace fixture;

testing::HttpReply play_now(unsigned short port, const std::string& game, int players,
                            int wait_seconds, const std::string& name = "p") {
  return http_post(port, "/api/play-now",
                   {{"game", game},
                    {"players", players},
                    {"name", name},
                    {"bot", "random"},
                    {"wait_seconds", wait_seconds}});
}

// The listed summary of table `id` (null when it is not listed).
Json listed(unsigned short port, const std::string& id) {
  const auto list = http_get(port, "/api/tables");
  for (const Json& t : list.body["tables"])
    if (t["id"] == id) return t;
  ADD_FAILURE() << "table " << id << " is not listed: " << list.text;
  return nullptr;
}

// Waits (bounded) until the table's summary shows `phase`.
bool await_phase(unsigned short port, const std::string& id, const std::string& phase) {
  for (int i = 0; i < 200; ++i) {
    if (http_get(port, "/api/tables/" + id).body.value("phase", "") == phase) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  return false;
}

std::int64_t now_ms() {
  return epoch_ms(std::chrono::system_clock::now());
}

TEST(ServerPlayNow, TwoPeopleAskingForTheSameGameAndCountMeetAtOneTable) {
  TestServer server;
  const std::int64_t before = now_ms();
  auto a = play_now(server.port(), "ufo", 3, 30, "Ann");
  ASSERT_EQ(a.status, 200) << a.text;
  auto b = play_now(server.port(), "ufo", 3, 30, "Bo");
  ASSERT_EQ(b.status, 200) << b.text;
  EXPECT_EQ(a.body["table"], b.body["table"]);
  EXPECT_NE(a.body["seat"], b.body["seat"]);
  EXPECT_NE(a.body["token"], b.body["token"]);
  // The first asker's table and wait: the bots come 30 s after it was made.
  const std::int64_t until = a.body["waiting_until"];
  EXPECT_GE(until, before + 30000);
  EXPECT_LE(until, now_ms() + 30000);
  EXPECT_EQ(b.body["waiting_until"], until);
  const Json t = listed(server.port(), a.body["table"]);
  ASSERT_TRUE(t.is_object()) << "a play-now table is public";
  EXPECT_EQ(t["play_now"], true);
  EXPECT_EQ(t["starts_at"], until);
  EXPECT_EQ(t["free_seats"], 1);
  EXPECT_EQ(t["phase"], "lobby");
  EXPECT_EQ(t["rated"], false);
  // Each token opens its own seat, with the names given.
  Player pa(server.port(), "/ws/tables/" + a.body["table"].get<std::string>() +
                               "?token=" + a.body["token"].get<std::string>());
  pa.sync();
  ASSERT_FALSE(pa.log.empty());
  const Json& seats = pa.log.back()["seats"];
  EXPECT_EQ(seats[a.body["seat"].get<std::size_t>()]["name"], "Ann");
  EXPECT_EQ(seats[b.body["seat"].get<std::size_t>()]["name"], "Bo");
}

TEST(ServerPlayNow, ADifferentPlayerCountOrGameIsAnotherTable) {
  TestServer server;
  auto three = play_now(server.port(), "ufo", 3, 30);
  auto four = play_now(server.port(), "ufo", 4, 30);
  auto giants = play_now(server.port(), "first-giants", 3, 30);
  ASSERT_EQ(three.status, 200) << three.text;
  ASSERT_EQ(four.status, 200) << four.text;
  ASSERT_EQ(giants.status, 200) << giants.text;
  EXPECT_NE(three.body["table"], four.body["table"]);
  EXPECT_NE(three.body["table"], giants.body["table"]);
  // A table somebody made by hand is not a play-now table: not matched.
  auto hand = http_post(server.port(), "/api/tables", {{"game", "ufo"}, {"players", 2}});
  ASSERT_EQ(hand.status, 201);
  auto two = play_now(server.port(), "ufo", 2, 30);
  ASSERT_EQ(two.status, 200);
  EXPECT_NE(two.body["table"], hand.body["id"]);
  EXPECT_EQ(listed(server.port(), hand.body["id"])["play_now"], false);
  // The waiting table of that game and count is found again.
  auto three_again = play_now(server.port(), "ufo", 3, 30);
  EXPECT_EQ(three_again.body["table"], three.body["table"]);
}

TEST(ServerPlayNow, BotsFillTheFreeSeatsAfterTheWaitAndTheGameStarts) {
  TestServer server;
  auto a = play_now(server.port(), "ufo", 3, 1);
  ASSERT_EQ(a.status, 200) << a.text;
  const std::string id = a.body["table"];
  Player pa(server.port(), "/ws/tables/" + id + "?token=" + a.body["token"].get<std::string>());
  pa.sync();
  EXPECT_EQ(pa.phase, "lobby");
  EXPECT_EQ(http_get(server.port(), "/api/tables/" + id).body["phase"], "lobby");
  ASSERT_TRUE(await_phase(server.port(), id, "playing")) << "the bots came after 1 s";
  EXPECT_GE(now_ms(), a.body["waiting_until"].get<std::int64_t>());
  // The person is told, and the two other seats are the asked-for bot's.
  for (int i = 0; i < 50 && pa.phase != "playing"; ++i) pa.wait_one();
  EXPECT_EQ(pa.phase, "playing");
  const Json seats = pa.log.back()["seats"];
  int bots = 0;
  for (const Json& s : seats) bots += s["kind"] == "bot";
  EXPECT_EQ(bots, 2) << seats.dump();
  EXPECT_FALSE(http_get(server.port(), "/api/tables/" + id).body.contains("starts_at"));
  // The started table is nobody's to join any more: a new ask makes another.
  auto b = play_now(server.port(), "ufo", 3, 1);
  EXPECT_NE(b.body["table"], id);
}

TEST(ServerPlayNow, ATableWhoseLastSeatIsTakenStartsAtOnce) {
  TestServer server;
  auto a = play_now(server.port(), "ufo", 2, 600);
  auto b = play_now(server.port(), "ufo", 2, 600);
  ASSERT_EQ(a.body["table"], b.body["table"]);
  EXPECT_EQ(
      http_get(server.port(), "/api/tables/" + a.body["table"].get<std::string>()).body["phase"],
      "playing");
}

TEST(ServerPlayNow, AskingAtOnceStillMeets) {
  // Twelve people ask for a four-player Ufo! at the same moment: three
  // full tables, playing, and nobody alone at a fourth.
  TestServer server;
  std::vector<std::string> tables(12);
  std::vector<std::thread> askers;
  for (std::size_t i = 0; i < tables.size(); ++i)
    askers.emplace_back(
        [&, i] { tables[i] = play_now(server.port(), "ufo", 4, 600).body["table"]; });
  for (auto& t : askers) t.join();
  std::map<std::string, int> seated;
  for (const std::string& t : tables) ++seated[t];
  EXPECT_EQ(seated.size(), 3u);
  for (const auto& [id, people] : seated) {
    EXPECT_EQ(people, 4) << id;
    EXPECT_EQ(http_get(server.port(), "/api/tables/" + id).body["phase"], "playing");
  }
}

TEST(ServerPlayNow, BadBodiesGiveStableCodes) {
  TestServer server;
  const unsigned short port = server.port();
  auto code = [&](const Json& body, int status, const std::string& want) {
    auto r = http_post(port, "/api/play-now", body);
    EXPECT_EQ(r.status, status) << body.dump() << " " << r.text;
    EXPECT_EQ(r.body.value("code", ""), want) << body.dump();
  };
  code(Json::object(), 400, "request/malformed");
  code({{"game", 3}, {"players", 2}}, 400, "request/malformed");
  code({{"game", "chess"}, {"players", 2}}, 404, "game/unknown");
  code({{"game", "ufo"}}, 400, "request/malformed");
  code({{"game", "ufo"}, {"players", "2"}}, 400, "request/malformed");
  code({{"game", "ufo"}, {"players", 9}}, 400, "game/players");
  code({{"game", "ufo"}, {"players", 2}, {"bot", "nobody"}}, 400, "bot/unknown");
  code({{"game", "ufo"}, {"players", 2}, {"bot", "ismcts:100000000"}}, 400, "bot/budget");
  code({{"game", "ufo"}, {"players", 2}, {"bot", 3}}, 400, "request/malformed");
  for (const Json& wait : {Json(601), Json(-1), Json(1.5), Json("30")})
    code({{"game", "ufo"}, {"players", 2}, {"wait_seconds", wait}}, 400, "request/malformed");
  code({{"game", "ufo"}, {"players", 2}, {"name", ""}}, 400, "request/malformed");
  auto array = testing::http_request(port, testing::http::verb::post, "/api/play-now", "[1]");
  EXPECT_EQ(array.body.value("code", ""), "request/malformed");
  auto foreign = testing::http_request(port, testing::http::verb::post, "/api/play-now",
                                       R"({"game":"ufo","players":2})", "",
                                       {{"Origin", "https://evil.example"}});
  EXPECT_EQ(foreign.status, 403);
  EXPECT_EQ(foreign.body.value("code", ""), "request/origin");
  EXPECT_EQ(http_get(port, "/api/play-now").status, 404);
  // None of them made a table.
  EXPECT_TRUE(http_get(port, "/api/tables").body["tables"].empty());
  // Bounds are accepted: no wait, the longest wait, the game's default bot.
  EXPECT_EQ(
      http_post(port, "/api/play-now", {{"game", "ufo"}, {"players", 5}, {"wait_seconds", 600}})
          .status,
      200);
  auto now =
      http_post(port, "/api/play-now", {{"game", "ufo"}, {"players", 2}, {"wait_seconds", 0}});
  ASSERT_EQ(now.status, 200);
  EXPECT_TRUE(await_phase(port, now.body["table"], "playing")) << "no wait: the bot comes at once";
}

// When the wait is over and everyone has left the table, nobody plays
// there: it is dropped, not started by bots alone.
TEST(ServerPlayNow, ATableEveryoneLeftIsDroppedNotPlayedByBots) {
  TestServer server;
  auto a = play_now(server.port(), "ufo", 3, 1);
  ASSERT_EQ(a.status, 200);
  const std::string id = a.body["table"];
  Player p(server.port(), "/ws/tables/" + id + "?token=" + a.body["token"].get<std::string>());
  p.sync();
  p.ws.send({{"type", "leave"}});
  p.sync();
  EXPECT_EQ(listed(server.port(), id)["free_seats"], 3);
  bool gone = false;
  for (int i = 0; i < 200 && !gone; ++i) {
    gone = http_get(server.port(), "/api/tables/" + id).status == 404;
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  EXPECT_TRUE(gone);
}

// A play-now lobby is stored with its bot and its time: a restarted server
// (here: another on the same store) brings the bots at that time.
TEST(ServerPlayNow, TheBotsComeAfterARestartToo) {
  auto store = store::SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  std::string id, token;
  {
    TestServer first({}, **store);
    auto a = play_now(first.port(), "ufo", 3, 2);
    ASSERT_EQ(a.status, 200) << a.text;
    id = a.body["table"];
    token = a.body["token"];
  }
  TestServer second({}, **store);
  const Json t = listed(second.port(), id);
  ASSERT_TRUE(t.is_object());
  EXPECT_EQ(t["play_now"], true);
  EXPECT_EQ(t["phase"], "lobby");
  ASSERT_TRUE(await_phase(second.port(), id, "playing"));
  Player p(second.port(), "/ws/tables/" + id + "?token=" + token);
  p.sync();
  EXPECT_EQ(p.phase, "playing");
  EXPECT_GE(p.log.back()["seat"], 0) << "the person's token still opens their seat";
}

// --- Rated tables

TEST(ServerPlayNow, RatedTablesArePeopleOnlyWithoutUndo) {
  TestServer server;
  const unsigned short port = server.port();
  const Json people = {{{"kind", "person"}}, {{"kind", "person"}}};
  auto refused = [&](Json body) {
    body["game"] = "ufo";
    body["rated"] = true;
    auto r = http_post(port, "/api/tables", body);
    EXPECT_EQ(r.status, 400) << body.dump();
    EXPECT_EQ(r.body.value("code", ""), "table/unrated") << body.dump() << r.text;
  };
  refused({{"seats", people}});  // undo is on unless turned off
  refused({{"seats", people}, {"undo", true}});
  refused(
      {{"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", "random"}}}}, {"undo", false}});
  refused({{"seats", {{{"kind", "person"}}, {{"kind", "empty"}}}}, {"undo", false}});
  refused({{"guide", true}, {"undo", false}});
  auto bad = http_post(port, "/api/tables", {{"game", "ufo"}, {"players", 2}, {"rated", "yes"}});
  EXPECT_EQ(bad.body.value("code", ""), "request/malformed");

  auto made = http_post(port, "/api/tables",
                        {{"game", "ufo"}, {"seats", people}, {"undo", false}, {"rated", true}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  EXPECT_EQ(made.body["rated"], true);
  EXPECT_EQ(listed(port, id)["rated"], true);
  // The host may not put a bot in a seat, nor start with seats free (the
  // game's bot would play them).
  auto seat = http_post(port, "/api/tables/" + id + "/seat",
                        {{"host_token", made.body["host_token"]}, {"seat", 1}, {"kind", "bot"}});
  EXPECT_EQ(seat.body.value("code", ""), "table/unrated");
  auto start =
      http_post(port, "/api/tables/" + id + "/start", {{"host_token", made.body["host_token"]}});
  EXPECT_EQ(start.body.value("code", ""), "table/unrated");
  // A guest may not take a rated seat (no sessions yet: everyone is a guest).
  auto join = http_post(port, "/api/tables/" + id + "/join", {{"name", "guest"}});
  EXPECT_EQ(join.status, 401);
  EXPECT_EQ(join.body.value("code", ""), "auth/signed_out");
  EXPECT_EQ(listed(port, id)["free_seats"], 2);
  // An unrated table says so.
  auto plain = http_post(port, "/api/tables", {{"game", "ufo"}, {"players", 2}});
  EXPECT_EQ(plain.body["rated"], false);
}

// The rule behind the hook: one seat per signed-in account at a rated
// table (this is what keeps hot-seat out), anyone at an unrated one.
TEST(ServerPlayNow, ARatedSeatIsOneAccountsOnly) {
  ServerOptions options;
  std::string host;
  auto rated = Lobby::from_request(
      options, {{"game", "ufo"}, {"players", 3}, {"undo", false}, {"rated", true}}, host);
  ASSERT_TRUE(rated) << rated.error().message;
  EXPECT_EQ(rated->check_account("")->code, errc::kSignedOut);
  EXPECT_FALSE(rated->check_account("ann"));
  rated->plan[0].account = "ann";
  rated->plan[0].token_hash = "x";
  EXPECT_EQ(rated->check_account("ann")->code, errc::kSeatTaken);
  EXPECT_FALSE(rated->check_account("bo"));
  // Stored and read back with the table.
  auto again = Lobby::from_stored(*rated->game, 3, Json::object(), rated->to_json());
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->rated);
  EXPECT_EQ(again->check_account("ann")->code, errc::kSeatTaken);
  auto open = Lobby::from_request(options, {{"game", "ufo"}, {"players", 2}}, host);
  ASSERT_TRUE(open);
  EXPECT_FALSE(open->check_account(""));
}

// --- Spectators

TEST(ServerPlayNow, WatchingCountsTheConnectionsWithoutASeat) {
  TestServer server;
  const unsigned short port = server.port();
  auto a = play_now(port, "ufo", 3, 600);
  const std::string id = a.body["table"];
  EXPECT_EQ(listed(port, id)["watching"], 0);
  Player seated(port, "/ws/tables/" + id + "?token=" + a.body["token"].get<std::string>());
  seated.sync();
  EXPECT_EQ(listed(port, id)["watching"], 0) << "a seat's connection is not a spectator";
  auto spectator = std::make_unique<Player>(port, "/ws/tables/" + id);
  spectator->sync();
  Player second(port, "/ws/tables/" + id);
  second.sync();
  EXPECT_EQ(listed(port, id)["watching"], 2);
  spectator->ws.close();
  spectator.reset();
  bool down = false;
  for (int i = 0; i < 200 && !down; ++i) {
    down = listed(port, id)["watching"] == 1;
    if (!down) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  EXPECT_TRUE(down) << "a spectator who left is not counted";
}

}  // namespace
}  // namespace meeple::server
