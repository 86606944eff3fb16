// Hints at a server table (docs/protocol.md, "hint"): only where the host
// allowed them, only at the asker's own decision, to the asker alone, from
// what the seat may know, within 2 s, and marked in the record for good.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "store/sqlite_store.h"
#include "tests/resample.h"
#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::TestServer;
using namespace fixture;
using SteadyClock = std::chrono::steady_clock;

// A short Ufo! for two people, with hints as `hints` says.
NewTable ufo_table(unsigned short port, bool hints) {
  return two_people(port, {{"game", "ufo"}, {"params", {{"max_rounds", 1}}}, {"hints", hints}});
}

// The table's options as the connection was first told them.
Json options_of(const Player& p) {
  for (const Json& m : p.log)
    if (m.contains("table_options")) return m["table_options"];
  return nullptr;
}

// The hint `p` is given when it asks now, or the error's code.
Json ask(Player& p) {
  p.ws.send({{"type", "hint"}});
  for (int i = 0; i < 1000; ++i) {
    auto m = p.ws.next();
    if (!m) return {{"code", "connection ended"}};
    const std::string type = m->value("type", "");
    if (type == "hint" || type == "error") return *m;
    if (type != "pong") p.take(*m);
  }
  return {{"code", "no answer"}};
}

TEST(ServerHints, AHintComesAtThePersonsDecisionToThatSeatOnlyWithinTwoSeconds) {
  TestServer server;  // the server's own hint budget: 1.5 s at most
  const auto port = server.port();
  NewTable t = ufo_table(port, true);
  Player a(port, ws_path(t, 0)), b(port, ws_path(t, 1));
  a.sync();
  b.sync();
  Player& mover = a.choices.empty() ? b : a;
  Player& other = a.choices.empty() ? a : b;
  ASSERT_FALSE(mover.choices.empty());
  EXPECT_EQ(options_of(mover)["hints"], true);
  const auto start = SteadyClock::now();
  const Json h = ask(mover);  // {"type": "hint"}, client_hint.json
  const double took = std::chrono::duration<double>(SteadyClock::now() - start).count();
  ASSERT_EQ(h.value("type", ""), "hint") << h.dump();
  EXPECT_LT(took, 2.0);
  EXPECT_EQ(keys_of(h), keys_of(golden("server_hint.json")));
  EXPECT_EQ(keys_of(h["choices"][0]), keys_of(golden("server_hint.json")["choices"][0]));
  EXPECT_EQ(h.value("type", ""), golden("client_hint.json").value("type", ""));
  EXPECT_EQ(h["version"], mover.version);
  ASSERT_GE(h["choices"].size(), 1u);
  EXPECT_LE(h["choices"].size(), 3u);
  for (const Json& c : h["choices"]) {
    const auto listed = std::find_if(mover.choices.begin(), mover.choices.end(),
                                     [&](const Json& m) { return m["action"] == c["action"]; });
    ASSERT_NE(listed, mover.choices.end()) << "a hinted choice is one of the seat's: " << c;
    EXPECT_EQ(c["words"], (*listed)["words"]);
    EXPECT_EQ(c["json"], (*listed)["json"]);
    EXPECT_GE(c["chance"].get<double>(), 0);
    EXPECT_LE(c["chance"].get<double>(), 1);
    EXPECT_FALSE(c["why"].get<std::string>().empty());
  }
  // The other seat heard nothing of it, and may not ask now.
  other.sync();
  for (const Json& m : other.log) EXPECT_NE(m.value("type", ""), "hint");
  EXPECT_EQ(ask(other).value("code", ""), "hint/not_your_turn");
  // A spectator holds no seat.
  Player watcher(port, ws_path(t, -1));
  watcher.sync();
  EXPECT_EQ(ask(watcher).value("code", ""), "auth/token");
  // Asking again at the same decision gives the same hint (searched once).
  Json again = ask(mover);
  EXPECT_EQ(again, h);
  // The top choice plays.
  mover.act(h["choices"][0]["action"]);
  mover.sync();
  EXPECT_TRUE(mover.errors.empty()) << mover.errors.front();
  EXPECT_GT(mover.version, h["version"].get<std::uint64_t>());
}

TEST(ServerHints, ATableWhoseHostDidNotAllowHintsRefusesThem) {
  TestServer server;
  NewTable t = ufo_table(server.port(), false);
  Player a(server.port(), ws_path(t, 0)), b(server.port(), ws_path(t, 1));
  a.sync();
  b.sync();
  Player& mover = a.choices.empty() ? b : a;
  EXPECT_EQ(ask(mover).value("code", ""), "hint/off");
  // Off by default.
  auto plain = two_people(server.port(), {{"game", "ufo"}});
  Player c(server.port(), ws_path(plain, 0));
  c.sync();
  EXPECT_EQ(options_of(c)["hints"], false);
  EXPECT_EQ(ask(c).value("code", ""), "hint/off");
  // hints is true or false.
  auto bad = http_post(server.port(), "/api/tables", {{"game", "ufo"}, {"hints", "yes"}});
  EXPECT_EQ(bad.body.value("code", ""), "request/malformed");
}

TEST(ServerHints, ARatedTableCannotAllowHints) {
  TestServer server;
  auto r = http_post(
      server.port(), "/api/tables",
      {{"game", "ufo"}, {"players", 2}, {"undo", false}, {"rated", true}, {"hints", true}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body.value("code", ""), "table/unrated");
}

TEST(ServerHints, AHintIsMarkedInTheRecordAndTheMarkSurvivesARestart) {
  auto store = store::SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  ServerOptions o;
  o.hint_iterations = 300;
  NewTable t;
  Json marked;
  {
    TestServer server(o, **store);
    t = ufo_table(server.port(), true);
    Player a(server.port(), ws_path(t, 0)), b(server.port(), ws_path(t, 1));
    a.sync();
    b.sync();
    Player& mover = a.choices.empty() ? b : a;
    const Json h = ask(mover);
    ASSERT_EQ(h.value("type", ""), "hint") << h.dump();
    marked = {{"seat", h["seat"]}, {"at", h["version"]}};
  }
  TestServer server(o, **store);
  Player a(server.port(), ws_path(t, 0)), b(server.port(), ws_path(t, 1));
  std::vector<Player*> players = {&a, &b};
  play_to_end(players, 3);
  ASSERT_FALSE(HasFatalFailure());
  auto rec = http_get(server.port(), "/api/tables/" + t.id + "/record");
  ASSERT_EQ(rec.status, 200) << rec.text;
  EXPECT_EQ(rec.body["hints"], Json::array({marked})) << rec.body["hints"];
  auto r = record_from_json(rec.body);
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(r->hints.size(), 1u);
  // The replay shows it at its step.
  auto replay = http_get(server.port(), "/api/tables/" + t.id + "/replay?seat=0");
  ASSERT_EQ(replay.status, 200) << replay.text;
  EXPECT_EQ(replay.body["hints"],
            Json::array({{{"seat", marked["seat"]}, {"step", marked["at"]}}}));
}

// What First Contact's seat 0 cannot see (the other seats' secret targets,
// their offers) is changed, its view is not: two tables in the store, one
// game each, read by a server; the seat asks at the same decision of both
// and is given the same hint, choice for choice and figure for figure.
TEST(ServerHints, AHintDoesNotMoveWhenWhatTheSeatCannotSeeIsChanged) {
  const AnyGame& game = *find_game("first-contact");
  const Json params = game.param_variants().front();
  const int players = 3;
  test::Steps steps = test::random_game(game, params, players, 11);
  steps.pop_back();  // its last step shows everything with the result
  int changes = 0;
  const test::Steps hidden = test::resample(game, params, players, steps, 0, 40, 1000, changes);
  ASSERT_GT(changes, 0);
  // The last decision of seat 0 with choices whose positions differ.
  std::size_t cut = 0;
  {
    AnyState x = *game.new_game(params, players), y = x;
    for (std::size_t k = 0; k + 1 < steps.size(); ++k) {
      if (!(x == y) && !x.is_chance() && x.to_act().contains(0) && x.primary_actions(0).size() >= 2)
        cut = k;
      ASSERT_FALSE(x.apply(steps[k].first, steps[k].second));
      ASSERT_FALSE(y.apply(hidden[k].first, hidden[k].second));
    }
  }
  ASSERT_GT(cut, 0u) << "no decision of seat 0 where the hidden parts differ";

  auto store = store::SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  ServerOptions o;
  o.hint_iterations = 300;
  o.hint_seconds = 0;  // the iterations bind: the same search gives the same figures
  NewTable t;
  store::TableRecord made;
  {
    TestServer server(o, **store);
    Json seats = Json::array();
    for (int i = 0; i < players; ++i) seats.push_back({{"kind", "person"}});
    auto created = http_post(server.port(), "/api/tables",
                             {{"game", "first-contact"},
                              {"params", params},
                              {"seats", seats},
                              {"hints", true},
                              {"public", false}});
    ASSERT_EQ(created.status, 201) << created.text;
    t.id = created.body["id"];
    for (int i = 0; i < players; ++i)
      t.tokens.push_back(
          http_post(server.port(), "/api/tables/" + t.id + "/join", {{"seat", i}}).body["token"]);
    // The game starts with the last join; its table is then in the store.
    auto rec = (*store)->tables().load(t.id);
    for (int i = 0; i < 100 && !rec; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      rec = (*store)->tables().load(t.id);
    }
    ASSERT_TRUE(rec) << rec.error().message;
    made = *rec;
  }
  // Two copies of the table (its seats, tokens and options), each with one
  // of the games up to the cut.
  std::vector<std::string> ids;
  for (const test::Steps* game_steps : {static_cast<const test::Steps*>(&steps), &hidden}) {
    store::TableSpec spec = made.spec;
    spec.id = fmt::format("{:016x}", 0xabc0 + ids.size());
    auto id = (*store)->tables().create(spec, {});
    ASSERT_TRUE(id) << id.error().message;
    std::vector<store::Entry> entries;
    for (std::size_t k = 0; k < cut; ++k)
      entries.push_back(
          {.kind = "action", .seat = (*game_steps)[k].first, .action = (*game_steps)[k].second});
    ASSERT_FALSE((*store)->tables().append(*id, {}, entries));
    ids.push_back(*id);
  }
  TestServer server(o, **store);
  std::vector<Json> hints;
  for (const std::string& id : ids) {
    Player p(server.port(), "/ws/tables/" + id + "?token=" + t.tokens[0]);
    p.sync();
    ASSERT_EQ(p.version, cut);
    ASSERT_FALSE(p.choices.empty());
    Json h = ask(p);
    ASSERT_EQ(h.value("type", ""), "hint") << h.dump();
    h.erase("seconds");
    hints.push_back(h);
  }
  EXPECT_EQ(hints[0], hints[1]);
}

}  // namespace
}  // namespace meeple::server
