// Several nodes on one store (docs/scaling.md). Two servers in this
// process share one store, as nodes share PostgreSQL; the router is the
// test, which sends a table's connections to one node or the other.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "store/sqlite_store.h"
#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::TestServer;
using namespace fixture;

ServerOptions node_options(const std::string& name, std::chrono::milliseconds lease) {
  ServerOptions o;
  o.node = name;
  o.lease = lease;
  o.tick = std::chrono::milliseconds(50);
  return o;
}

std::size_t stored_entries(store::Store& store, const std::string& id) {
  auto rec = store.tables().load(id);
  return rec ? rec->entries.size() : 0;
}

TEST(ServerNodes, ATableRoutedToAnotherNodeMovesThereAndItsFormerNodeCanNoLongerWrite) {
  auto shared = store::SqliteStore::open(":memory:");
  ASSERT_TRUE(shared);
  // A long lease: node a learns it lost the table only from a refused write.
  TestServer a(node_options("a", std::chrono::minutes(1)), **shared);
  TestServer b(node_options("b", std::chrono::minutes(1)), **shared);
  NewTable t = make_table(a.port(), "ufo", {{{"kind", "person"}}, {{"kind", "person"}}});
  Player p0(a.port(), ws_path(t, 0));
  Player p1(a.port(), ws_path(t, 1));
  std::vector<Player*> on_a = {&p0, &p1};
  Rng rng(5);
  for (int i = 0; i < 6; ++i) ASSERT_TRUE(play_step(on_a, rng));
  // The last decision may still be on its way: wait until the table has
  // applied it (someone has choices again) and both agree on the version.
  for (int i = 0; i < 1000; ++i) {
    p0.sync();
    p1.sync();
    if (p0.version == p1.version && (!p0.choices.empty() || !p1.choices.empty())) break;
  }
  Player& asked = p0.choices.empty() ? p1 : p0;
  const Json choice = asked.choices[0]["action"];
  const std::size_t entries = stored_entries(**shared, t.id);

  // The router now sends the table to node b: the first connection there
  // takes it, with everything node a stored.
  Player q0(b.port(), ws_path(t, 0));
  q0.sync();
  EXPECT_EQ(q0.version, p0.version);
  EXPECT_EQ(q0.view, p0.view) << "node b rebuilt the same table";

  // Node a does not know yet; a decision sent there is refused, not stored,
  // and its connections are closed with table/moved.
  asked.act(choice);
  for (Player* p : on_a) {
    for (int i = 0; i < 100 && !p->ws.closed(); ++i) {
      auto m = p->ws.next(std::chrono::seconds(5));
      if (m) p->take(*m);
    }
    EXPECT_TRUE(p->ws.closed()) << "node a closed the connection";
  }
  EXPECT_NE(std::find(asked.errors.begin(), asked.errors.end(), "store/fenced"), asked.errors.end())
      << "the late decision was refused";
  EXPECT_NE(std::find(p0.errors.begin(), p0.errors.end(), "table/moved"), p0.errors.end());
  EXPECT_EQ(stored_entries(**shared, t.id), entries) << "nothing written by the former node";

  // Everyone reconnects (to b) and the game goes on to its end there.
  Player q1(b.port(), ws_path(t, 1));
  q1.sync();
  q0.sync();
  EXPECT_EQ(q1.version, q0.version);
  ASSERT_NO_FATAL_FAILURE(play_to_end({&q0, &q1}, 6));
  auto record = http_get(b.port(), "/api/tables/" + t.id + "/record");
  EXPECT_EQ(record.status, 200) << record.text;
}

TEST(ServerNodes, ANodeThatStopsLeavesItsTablesToAnotherWhichRunsThemBeforeAnyoneAsks) {
  auto shared = store::SqliteStore::open(":memory:");
  ASSERT_TRUE(shared);
  const auto lease = std::chrono::milliseconds(300);
  auto a = std::make_unique<TestServer>(node_options("a", lease), **shared);
  TestServer b(node_options("b", lease), **shared);
  // A lobby and a game in play, both on node a.
  NewTable t = make_table(a->port(), "first-giants", {{{"kind", "person"}}, {{"kind", "bot"}}});
  auto lobby =
      http_post(a->port(), "/api/tables", {{"game", "ufo"}, {"players", 3}, {"auto_start", false}});
  ASSERT_EQ(lobby.status, 201) << lobby.text;
  {
    Player p(a->port(), ws_path(t, 0));
    p.sync();
    ASSERT_EQ(p.phase, "playing");
  }
  EXPECT_EQ(metric(b.port(), "meeple_live_tables"), 0);
  // Every node lists every open table, from the store: the lobby to join,
  // the game to watch.
  auto listed = http_get(b.port(), "/api/tables").body["tables"];
  ASSERT_EQ(listed.size(), 1u) << listed.dump();
  EXPECT_EQ(listed[0]["id"], lobby.body["id"]);
  // Another node's lobby, read from the store, is filtered and says what
  // it is as one held here does (docs/protocol.md, "Choosing a table").
  EXPECT_EQ(listed[0]["languages"], Json({"en", "it", "ko"}));
  EXPECT_EQ(listed[0]["turn_based"], false);
  EXPECT_EQ(listed[0]["host_rating"], nullptr);
  EXPECT_EQ(http_get(b.port(), "/api/tables?game=ufo&seats=3&speed=realtime").body["total"], 1);
  EXPECT_EQ(http_get(b.port(), "/api/tables?game=first-giants").body["total"], 0);
  EXPECT_EQ(http_get(b.port(), "/api/tables?seats=4").body["total"], 0);
  auto playing = http_get(b.port(), "/api/tables?phase=playing").body["tables"];
  ASSERT_EQ(playing.size(), 1u) << playing.dump();
  EXPECT_EQ(playing[0]["id"], t.id);
  a->stop();
  // Node b takes both within a lease or two, unasked.
  EXPECT_TRUE(await_metric(b.port(), "meeple_live_tables", 1));
  EXPECT_TRUE(await_metric(b.port(), "meeple_lobby_tables", 1));
  Player p(b.port(), ws_path(t, 0));
  p.sync();
  EXPECT_EQ(p.phase, "playing");
  auto join = http_post(b.port(), "/api/tables/" + lobby.body["id"].get<std::string>() + "/join",
                        {{"name", "Eli"}});
  EXPECT_EQ(join.status, 200) << join.text;
}

// A table nobody is connected to leaves its node's memory but
// stays that node's: its lease is renewed, so no other node takes it unasked;
// routed to another node it moves there, where it was.
TEST(ServerNodes, ATableOutOfMemoryStaysItsNodesUntilItIsRoutedElsewhere) {
  auto shared = store::SqliteStore::open(":memory:");
  ASSERT_TRUE(shared);
  const auto lease = std::chrono::milliseconds(300);
  ServerOptions oa = node_options("a", lease), ob = node_options("b", lease);
  oa.idle_table_ttl = ob.idle_table_ttl = std::chrono::milliseconds(200);
  TestServer a(oa, **shared);
  TestServer b(ob, **shared);
  NewTable t = two_people(a.port(), {{"game", "ufo"}, {"turn_based", true}});
  std::uint64_t version = 0;
  {
    Player p(a.port(), ws_path(t, 0));
    p.sync();
    version = p.version;
  }
  ASSERT_TRUE(await_metric(a.port(), "meeple_resting_tables", 1));
  // Several leases later node b has not taken it.
  std::this_thread::sleep_for(4 * lease);
  EXPECT_EQ(metric(b.port(), "meeple_live_tables"), 0);
  EXPECT_EQ(metric(a.port(), "meeple_resting_tables"), 1);
  // Both nodes list it among the games to watch (from the store).
  for (unsigned short port : {a.port(), b.port()}) {
    auto listed = http_get(port, "/api/tables?phase=playing").body["tables"];
    ASSERT_EQ(listed.size(), 1u) << listed.dump();
    EXPECT_EQ(listed[0]["id"], t.id);
  }
  // Routed to node b: it moves there, and node a lets it go.
  Player q(b.port(), ws_path(t, 1));
  q.sync();
  EXPECT_EQ(q.phase, "playing");
  EXPECT_EQ(q.version, version);
  EXPECT_TRUE(await_metric(a.port(), "meeple_resting_tables", 0));
}

}  // namespace
}  // namespace meeple::server
