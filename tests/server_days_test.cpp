// Taking back a move, "my tables" and tables played over days:
// undo and its refusals, whose turn it is since when, a clock that runs out
// into a takeover, no stand-in at a turn-based table.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::TestServer;
using namespace fixture;

// Plays first choices at a table of two people until one may move a UFO.
void until_a_movement(Player& a, Player& b) {
  for (int i = 0; i < 2000; ++i) {
    a.sync();
    b.sync();
    for (Player* p : {&a, &b})
      for (const Json& c : p->choices)
        if (c["json"].contains("move")) return;
    for (Player* p : {&a, &b})
      if (!p->choices.empty()) {
        p->act(p->choices[0]["action"]);
        p->choices = Json::array();
        break;
      }
  }
  FAIL() << "no movement";
}

TEST(ServerUndo, APersonTakesBackAMovementAndEveryoneSeesTheTableAsBefore) {
  TestServer server;
  const unsigned short port = server.port();
  NewTable t = short_ufo(port);
  Player a(port, ws_path(t, 0));
  Player b(port, ws_path(t, 1));
  Player watcher(port, ws_path(t, -1));
  ASSERT_NO_FATAL_FAILURE(until_a_movement(a, b));
  watcher.sync();
  Player& mover = a.choices.empty() ? b : a;
  Player& other = a.choices.empty() ? a : b;
  const Json views_before = {mover.view, other.view, watcher.view};
  EXPECT_EQ(mover.log.back()["undo"], 0) << "nothing to take back yet";
  for (const Json& c : mover.choices)
    if (c["json"].contains("move")) {
      mover.act(c["action"]);
      break;
    }
  mover.sync();
  other.sync();
  EXPECT_EQ(mover.log.back()["undo"], 1);
  EXPECT_EQ(other.log.back()["undo"], 0);
  EXPECT_FALSE(watcher.log.back().contains("undo")) << "a spectator has no seat";
  // The golden client message, at the version the mover saw.
  Json undo = golden("client_undo.json");
  undo["version"] = mover.version;
  const std::size_t told = other.events.size();
  mover.ws.send(undo);
  for (Player* p : {&mover, &other, &watcher}) p->sync();
  EXPECT_TRUE(mover.errors.empty());
  EXPECT_EQ((Json{mover.view, other.view, watcher.view}), views_before);
  EXPECT_EQ(mover.log.back()["undo"], 0);
  ASSERT_GT(other.events.size(), told);
  EXPECT_EQ(other.events.back(), "player takes back a move");
  EXPECT_EQ(mover.events.back(), "you take back your move");
  // Nothing more to take back; a stale version; a spectator.
  undo["version"] = mover.version;
  mover.ws.send(undo);
  undo["version"] = 0;
  mover.ws.send(undo);
  watcher.ws.send(undo);
  mover.sync();
  watcher.sync();
  EXPECT_EQ(mover.errors, (std::vector<std::string>{"undo/none", "action/stale"}));
  EXPECT_EQ(watcher.errors, (std::vector<std::string>{"auth/token"}));
  // The finished record replays with the undo in it.
  ASSERT_NO_FATAL_FAILURE(play_to_end({&a, &b}, 3));
  auto rec = http_get(port, "/api/tables/" + t.id + "/record");
  ASSERT_EQ(rec.status, 200);
  EXPECT_EQ(std::count_if(rec.body["actions"].begin(), rec.body["actions"].end(),
                          [](const Json& e) { return e.value("undo", false); }),
            1);
  auto parsed = record_from_json(rec.body);
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(replay_record(*find_game("ufo"), *parsed));
  auto replay = http_get(port, "/api/tables/" + t.id + "/replay?seat=-2");
  ASSERT_EQ(replay.status, 200);
  const auto& steps = replay.body["steps"];
  EXPECT_EQ(std::count_if(steps.begin(), steps.end(),
                          [](const Json& s) { return s.value("undo", false); }),
            1)
      << "the replay shows what was taken back";
}

TEST(ServerUndo, ATableWithoutUndoRefusesItAndSaysSo) {
  TestServer server;
  const unsigned short port = server.port();
  NewTable t =
      two_people(port, {{"game", "ufo"}, {"params", {{"max_rounds", 3}}}, {"undo", false}});
  Player a(port, ws_path(t, 0));
  Player b(port, ws_path(t, 1));
  ASSERT_NO_FATAL_FAILURE(until_a_movement(a, b));
  Player& mover = a.choices.empty() ? b : a;
  EXPECT_FALSE(mover.log.back().contains("undo"));
  EXPECT_EQ(mover.log.front()["table_options"]["undo"], false);
  mover.act(mover.choices[0]["action"]);
  mover.sync();
  mover.ws.send({{"type", "undo"}, {"version", mover.version}});
  mover.sync();
  EXPECT_EQ(mover.errors, (std::vector<std::string>{"undo/off"}));
}

TEST(ServerDays, MyTablesTellsWhoseTurnItIsSinceWhenAndKeepsFinishedTables) {
  TestServer server;
  const unsigned short port = server.port();
  // A lobby (the host's token), a table in play with a clock, a finished
  // one, an unknown table and a wrong token.
  auto lobby = http_post(port, "/api/tables", {{"game", "first-giants"}, {"players", 2}});
  NewTable playing;
  {
    auto r = http_post(port, "/api/tables",
                       {{"game", "ufo"},
                        {"params", {{"max_rounds", 3}}},
                        {"turn_based", true},
                        {"clock_seconds", 86400},
                        {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}});
    ASSERT_EQ(r.status, 201) << r.text;
    playing.id = r.body["id"];
    for (int i = 0; i < 2; ++i)
      playing.tokens.push_back(http_post(port, "/api/tables/" + playing.id + "/join",
                                         {{"seat", i}, {"name", i ? "Ben" : "Anna"}})
                                   .body["token"]
                                   .get<std::string>());
  }
  NewTable done = short_ufo(port);
  {
    Player a(port, ws_path(done, 0));
    Player b(port, ws_path(done, 1));
    ASSERT_NO_FATAL_FAILURE(play_to_end({&a, &b}, 5));
  }
  Player anna(port, ws_path(playing, 0));
  anna.sync();
  const auto ask = [&] {
    return http_post(port, "/api/my-tables",
                     {{"seats",
                       {{{"table", lobby.body["id"]}, {"token", lobby.body["host_token"]}},
                        {{"table", playing.id}, {"token", playing.tokens[0]}},
                        {{"table", playing.id}, {"token", playing.tokens[1]}},
                        {{"table", done.id}, {"token", done.tokens[1]}},
                        {{"table", "0000000000000000"}, {"token", "x"}},
                        {{"table", playing.id}, {"token", "not a token"}}}}});
  };
  auto r = ask();
  ASSERT_EQ(r.status, 200) << r.text;
  const Json& list = r.body["tables"];
  ASSERT_EQ(list.size(), 6u);
  EXPECT_EQ(list[0]["phase"], "lobby");
  EXPECT_EQ(list[0]["seat"], kSpectator);
  EXPECT_EQ(list[0]["host"], true);
  EXPECT_TRUE(list[0]["since"].is_null());
  EXPECT_EQ(list[1]["phase"], "playing");
  EXPECT_EQ(list[1]["seats"], (Json{"Anna", "Ben"}));
  EXPECT_EQ(list[1]["turn_based"], true);
  const int turn = list[1]["to_act"][0];
  const Json& mine = list[static_cast<std::size_t>(1 + turn)];
  const Json& theirs = list[static_cast<std::size_t>(2 - turn)];
  EXPECT_EQ(mine["my_turn"], true);
  EXPECT_EQ(theirs["my_turn"], false);
  const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  EXPECT_LE(mine["since"].get<std::int64_t>(), now_ms);
  EXPECT_GT(mine["since"].get<std::int64_t>(), now_ms - 60000);
  // The clock of a day runs from when the decision began.
  EXPECT_NEAR(mine["deadline"].get<double>() - mine["since"].get<double>(), 86400e3, 5000);
  EXPECT_TRUE(theirs["deadline"].is_null()) << "only the seat to act has a clock running";
  EXPECT_EQ(list[3]["phase"], "finished");
  EXPECT_TRUE(list[3]["result"].contains("winners"));
  EXPECT_EQ(list[4]["error"]["code"], "table/unknown");
  EXPECT_EQ(list[5]["error"]["code"], "auth/token");
  // The state message of the seat to act carries the same deadline.
  Player to_act(port, ws_path(playing, turn));
  to_act.sync();
  EXPECT_NEAR(to_act.log.back()["deadline"].get<double>(), mine["deadline"].get<double>(), 2000);
  // Bad requests.
  EXPECT_EQ(http_post(port, "/api/my-tables", {{"seats", 3}}).status, 400);
  EXPECT_EQ(http_post(port, "/api/my-tables", {{"seats", {{{"table", 1}}}}}).status, 400);
  EXPECT_EQ(http_post(port, "/api/tables",
                      {{"game", "ufo"}, {"players", 2}, {"clock_seconds", 15 * 86400}})
                .status,
            400)
      << "at most 14 days";
}

TEST(ServerDays, WhenAClockRunsOutATakeoverGivesTheSeatToABotForGood) {
  ServerOptions o;
  o.tick = std::chrono::milliseconds(50);
  TestServer server(o);
  const unsigned short port = server.port();
  NewTable t = two_people(port, {{"game", "ufo"},
                                 {"params", {{"max_rounds", 3}}},
                                 {"turn_based", true},
                                 {"clock_seconds", 1},
                                 {"on_timeout", "takeover"}});
  Player a(port, ws_path(t, 0));
  Player b(port, ws_path(t, 1));
  a.sync();
  b.sync();
  Player& late = a.choices.empty() ? b : a;
  const int seat = &late == &a ? 0 : 1;
  EXPECT_EQ(late.log.front()["table_options"]["on_timeout"], "takeover");
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (std::chrono::steady_clock::now() < until &&
         late.log.back()["seats"][seat]["kind"] != "bot") {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the clock itself is under test
    late.sync();
  }
  EXPECT_EQ(late.log.back()["seats"][seat]["kind"], "bot");
  EXPECT_EQ(late.log.back()["seat"], kSpectator) << "the person's connection only watches now";
  late.act(0);
  late.sync();
  EXPECT_EQ(late.errors.back(), "auth/token");
}

TEST(ServerDays, BeingAwayFromATurnBasedTableBringsNoStandIn) {
  ServerOptions o;
  o.tick = std::chrono::milliseconds(20);
  TestServer server(o);
  const unsigned short port = server.port();
  NewTable t = two_people(port, {{"game", "ufo"}, {"turn_based", true}, {"grace_seconds", 0}});
  Player watcher(port, ws_path(t, -1));
  {
    Player a(port, ws_path(t, 0));
    a.sync();
  }                                                             // seat 0 leaves; seat 1 never came
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // many ticks of the clock
  watcher.sync();
  EXPECT_EQ(watcher.version, watcher.log.front()["version"]) << "nobody played for them";
  for (const Json& s : watcher.log.back()["seats"]) EXPECT_FALSE(s["stand_in"].get<bool>());
  EXPECT_EQ(watcher.log.front()["table_options"]["clock_seconds"], 86400) << "a day by default";
}

}  // namespace
}  // namespace meeple::server
