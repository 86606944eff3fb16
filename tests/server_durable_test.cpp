// A table never waits for its commits, yet tells nobody of a move before the
// store holds it (write-behind, Room's write_behind and
// Store::write_async): a store whose writes are held shows that no state
// message, pong or refusal of a later request overtakes the write, that
// the move is told once the write lands, and that a refused write is told
// to its mover and never to anyone as a move. A store that cannot write
// (a full disk) shows nothing unstored to a late connection,
// makes the server say so and refuse at once until its probe passes, and a
// move stored yet answered store/unavailable is never applied twice.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "tests/forwarding_store.h"
#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::http_post;
using testing::TestServer;
using namespace fixture;
using namespace std::chrono_literals;

// A SQLite store in memory whose writes from tables (write_async) wait
// until the test lets them through (or refuses them), and whose lobby saves
// wait when told to; everything else goes straight to it.
class HeldStore final : public testing::ForwardingStore {
 public:
  // Held writes go on in order, before any write made after (the lock).
  void hold(bool on) {
    std::lock_guard lock(mutex_);
    holding_ = on;
    if (on) return;
    for (auto& h : held_) inner().write_async(std::move(h.w), std::move(h.done));
    held_.clear();
  }
  // Refuses every held write (by default as a store that another node has
  // fenced).
  void refuse_held(const char* code = store::errc::kFenced) {
    std::deque<Held> go;
    {
      std::lock_guard lock(mutex_);
      go.swap(held_);
    }
    for (auto& h : go) h.done(make_error(code, "refused by the test"));
  }
  // The next write is stored, then answered store/unavailable (a database
  // that committed it and failed before saying so).
  void store_then_fail_next() {
    std::lock_guard lock(mutex_);
    store_then_fail_ = true;
  }
  // While broken, writes are answered store/unavailable and not stored, and
  // probe() fails: a full disk.
  void break_writes(bool on) {
    std::lock_guard lock(mutex_);
    broken_ = on;
  }
  int loads() const {
    std::lock_guard lock(mutex_);
    return loads_;
  }
  MaybeError probe() override {
    {
      std::lock_guard lock(mutex_);
      if (broken_) return make_error(store::errc::kUnavailable, "the disk is full (test)");
    }
    return inner().probe();
  }
  Expected<store::TableRecord> load(const store::TableId& id) const override {
    {
      std::lock_guard lock(mutex_);
      ++loads_;
    }
    return inner().load(id);
  }
  std::size_t held() {
    std::lock_guard lock(mutex_);
    return held_.size();
  }
  // Lobby saves wait (on the thread that asked) until let through.
  void hold_lobby_saves(bool on) {
    {
      std::lock_guard lock(mutex_);
      holding_lobbies_ = on;
    }
    lobbies_cv_.notify_all();
  }
  bool lobby_save_waiting() {
    std::lock_guard lock(mutex_);
    return lobby_saves_waiting_ > 0;
  }

  void write_async(store::Write w, std::function<void(MaybeError)> done) override {
    {
      std::lock_guard lock(mutex_);
      if (broken_)
        return done(make_error(store::errc::kUnavailable, "sqlite: database or disk is full"));
      if (std::exchange(store_then_fail_, false))
        return inner().write_async(std::move(w), [done = std::move(done)](MaybeError) {
          done(make_error(store::errc::kUnavailable, "the commit's outcome was not seen"));
        });
      if (holding_) {
        held_.push_back({std::move(w), std::move(done)});
        return;
      }
    }
    inner().write_async(std::move(w), std::move(done));
  }
  MaybeError save_lobby(const store::TableSpec& s, const store::Lease& l) override {
    {
      std::unique_lock lock(mutex_);
      ++lobby_saves_waiting_;
      lobbies_cv_.wait(lock, [&] { return !holding_lobbies_; });
      --lobby_saves_waiting_;
    }
    return inner().save_lobby(s, l);
  }

 private:
  struct Held {
    store::Write w;
    std::function<void(MaybeError)> done;
  };
  mutable std::mutex mutex_;
  bool holding_ = false;
  bool store_then_fail_ = false, broken_ = false;
  mutable int loads_ = 0;
  std::deque<Held> held_;
  bool holding_lobbies_ = false;
  int lobby_saves_waiting_ = 0;
  std::condition_variable lobbies_cv_;
};

// A started Ufo! table of two people, both connected and caught up.
struct Table2 {
  std::string id;
  std::string tokens[2];
  std::unique_ptr<Player> a, b;
  Player& mover() { return a->choices.empty() ? *b : *a; }
  Player& other() { return a->choices.empty() ? *a : *b; }
  const std::string& mover_token() const { return a->choices.empty() ? tokens[1] : tokens[0]; }
};

Table2 start_two(unsigned short port) {
  auto created = http_post(port, "/api/tables",
                           {{"game", "ufo"},
                            {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                            {"auto_start", true}});
  EXPECT_EQ(created.status, 201) << created.text;
  Table2 t;
  t.id = created.body.value("id", "");
  for (int i = 0; i < 2; ++i)
    t.tokens[i] = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", i}, {"name", "P"}})
                      .body.value("token", "");
  t.a = std::make_unique<Player>(port, "/ws/tables/" + t.id + "?token=" + t.tokens[0]);
  t.b = std::make_unique<Player>(port, "/ws/tables/" + t.id + "?token=" + t.tokens[1]);
  // The game starts once both have joined, on the table's own time.
  for (int i = 0; i < 200 && t.a->choices.empty() && t.b->choices.empty(); ++i) {
    std::this_thread::sleep_for(10ms);
    t.a->sync();
    t.b->sync();
  }
  return t;
}

// A counter of GET /metrics (meeple_messages_in_total, ...).
double metric(unsigned short port, const std::string& name) {
  const std::string text = testing::http_get(port, "/metrics").text;
  const auto at = text.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::stod(text.substr(at + name.size() + 2));
}

// Waits (bounded) until the server has read `n` WebSocket messages in all.
bool read_messages(unsigned short port, double n) {
  for (int i = 0; i < 500 && metric(port, "meeple_messages_in_total") < n; ++i)
    std::this_thread::sleep_for(10ms);
  return metric(port, "meeple_messages_in_total") >= n;
}

// Waits (bounded) until the store holds `n` writes.
bool held(HeldStore& store, std::size_t n) {
  for (int i = 0; i < 500 && store.held() < n; ++i) std::this_thread::sleep_for(10ms);
  return store.held() >= n;
}

// The store holds its writes; `mover` plays its first choice, and the
// store holds that move's write (bounded wait).
bool act_held(HeldStore& store, Player& mover) {
  store.hold(true);
  mover.act(mover.choices[0]["action"]);
  return held(store, 1);
}

TEST(ServerDurable, AMoveIsToldOnlyOnceTheStoreHoldsItAndNothingOvertakesIt) {
  HeldStore store;
  TestServer server({}, store);
  Table2 t = start_two(server.port());
  Player& mover = t.mover();
  Player& other = t.other();
  ASSERT_FALSE(mover.choices.empty());
  const std::uint64_t before = mover.version;
  ASSERT_TRUE(act_held(store, mover)) << "the move was given to the store and held";
  // Asked while the write is out: a stale move (refused) and a ping. Their
  // answers wait behind the write, and nobody hears of the move.
  const double read = metric(server.port(), "meeple_messages_in_total");
  mover.ws.send({{"type", "act"}, {"version", before - 1}, {"action", 0}});
  mover.ws.send({{"type", "ping"}});
  other.ws.send({{"type", "ping"}});
  ASSERT_TRUE(read_messages(server.port(), read + 3)) << "the server read the three messages";
  std::this_thread::sleep_for(200ms);  // and answered them, if it would
  // The write lands: the move first, then the refusal and the pong, in order
  // (answered before it, they would have come first).
  store.hold(false);
  auto first = mover.ws.next();
  ASSERT_TRUE(first);
  mover.take(*first);
  EXPECT_EQ(first->value("type", ""), "state") << first->dump();
  EXPECT_GT(mover.version, before);
  auto second = mover.ws.next();
  ASSERT_TRUE(second);
  EXPECT_EQ(second->value("type", ""), "error") << second->dump();
  EXPECT_EQ(second->value("code", ""), "action/stale");
  auto third = mover.ws.next();
  ASSERT_TRUE(third);
  EXPECT_EQ(third->value("type", ""), "pong") << third->dump();
  auto told = other.ws.next();
  ASSERT_TRUE(told);
  other.take(*told);
  EXPECT_EQ(told->value("type", ""), "state")
      << "the other seat hears of the move before its pong: " << told->dump();
  EXPECT_EQ(other.version, mover.version);
}

// A table has one write out at a time: what it does meanwhile (here a chat
// line) waits in the room, so a later write can never land when an earlier
// one did not (the store would hold a game with a gap).
TEST(ServerDurable, ATableHasOneWriteOutAtATime) {
  HeldStore store;
  TestServer server({}, store);
  Table2 t = start_two(server.port());
  Player& mover = t.mover();
  ASSERT_FALSE(mover.choices.empty());
  ASSERT_TRUE(act_held(store, mover)) << "the move was given to the store and held";
  const double read = metric(server.port(), "meeple_messages_in_total");
  mover.ws.send({{"type", "chat"}, {"text", "good luck"}});
  ASSERT_TRUE(read_messages(server.port(), read + 1));
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(store.held(), 1u) << "the chat line waits for the move's write";
  // The move's write lands; then the chat's, after it.
  store.hold(false);
  for (int i = 0; i < 200 && mover.chat.empty(); ++i) mover.sync();
  ASSERT_EQ(mover.chat.size(), 1u);
  auto rec = store.load(t.id);
  ASSERT_TRUE(rec);
  ASSERT_FALSE(rec->entries.empty());
  EXPECT_EQ(rec->entries.back().kind, "chat");
  EXPECT_EQ(rec->entries.back().text, "good luck");
}

TEST(ServerDurable, ARefusedWriteIsToldToItsMoverAndNeverAsAMove) {
  HeldStore store;
  TestServer server({}, store);
  Table2 t = start_two(server.port());
  Player& mover = t.mover();
  ASSERT_FALSE(mover.choices.empty());
  const std::uint64_t before = mover.version;
  ASSERT_TRUE(act_held(store, mover)) << "the move was given to the store and held";
  store.refuse_held();
  store.hold(false);
  // The mover hears the refusal; no state of the move reaches it before the
  // connection closes (the table is read again from the store).
  for (;;) {
    auto m = mover.ws.next(5s);
    if (!m) break;
    mover.take(*m);
  }
  EXPECT_NE(std::find(mover.errors.begin(), mover.errors.end(), "store/fenced"), mover.errors.end())
      << "the refused move was told as refused";
  EXPECT_EQ(mover.version, before) << "the refused move was never told as played";
  // The store has none of it: the table there is as it was before the move.
  auto rec = store.load(t.id);
  ASSERT_TRUE(rec);
  std::size_t actions_by_people = 0;
  for (const auto& e : rec->entries) actions_by_people += e.kind == "action" && e.seat >= 0;
  EXPECT_EQ(actions_by_people, 0u);
}

// Reads the connection until it ends (bounded), taking every message.
void drain(Player& p) {
  for (int i = 0; i < 1000; ++i) {
    auto m = p.ws.next(5s);
    if (!m) return;
    p.take(*m);
  }
}

// The people's actions the store holds for a table.
std::size_t stored_actions(store::Store& store, const std::string& id) {
  auto rec = store.tables().load(id);
  EXPECT_TRUE(rec);
  std::size_t n = 0;
  if (rec)
    for (const auto& e : rec->entries) n += e.kind == "action" && e.seat >= 0;
  return n;
}

// A connection's hello on its way while its table's write fails reaches the
// table after it left memory (on SQLite a spectator saw version
// 101 while the file held 99, then heard nothing for minutes): it is told
// store/unavailable and closed, and shown nothing of the failed write.
TEST(ServerDurable, AHelloThatComesAfterAFailedWriteIsClosedAndShownNothingUnstored) {
  HeldStore store;
  TestServer server({}, store);
  Table2 t = start_two(server.port());
  Player& mover = t.mover();
  ASSERT_FALSE(mover.choices.empty());
  const std::uint64_t before = mover.version;
  // Upgraded now (the session holds the table), its hello sent later.
  testing::WsClient late(server.port(), "/ws/tables/" + t.id, 0, /*hello=*/false);
  ASSERT_TRUE(act_held(store, mover)) << "the move was given to the store and held";
  store.refuse_held(store::errc::kUnavailable);
  drain(mover);
  EXPECT_NE(std::find(mover.errors.begin(), mover.errors.end(), "store/unavailable"),
            mover.errors.end());
  late.send({{"type", "hello"}});
  std::vector<Json> told;
  for (int i = 0; i < 100; ++i) {
    auto m = late.next(5s);
    if (!m) break;
    told.push_back(*m);
  }
  ASSERT_FALSE(told.empty()) << "the late connection was told nothing (and not closed)";
  for (const Json& m : told)
    EXPECT_FALSE(m.value("type", "") == "state" && m.value("version", 0u) > before)
        << "a state holding the unstored move was shown: " << m.dump().substr(0, 200);
  EXPECT_EQ(told.back().value("code", ""), "store/unavailable") << told.back().dump();
  EXPECT_EQ(stored_actions(store, t.id), 0u);
}

// store/unavailable means the outcome is unknown (docs/protocol.md): here
// the database stored the move, then failed before saying so. The mover is
// told store/unavailable; reconnecting, it reads the table as stored (the
// move in), and the same move sent again is refused as stale: it is stored
// once.
TEST(ServerDurable, AMoveRefusedYetStoredIsShownAfterReconnectingAndNotAppliedTwice) {
  HeldStore store;
  TestServer server({}, store);
  Table2 t = start_two(server.port());
  Player& mover = t.mover();
  ASSERT_FALSE(mover.choices.empty());
  const std::uint64_t before = mover.version;
  const Json action = mover.choices[0]["action"];
  store.store_then_fail_next();
  mover.act(action);
  drain(mover);
  EXPECT_NE(std::find(mover.errors.begin(), mover.errors.end(), "store/unavailable"),
            mover.errors.end());
  EXPECT_EQ(mover.version, before) << "the unconfirmed move was shown";
  ASSERT_EQ(stored_actions(store, t.id), 1u) << "the store holds the move";
  // The client reconnects (again while the server waits for the store to
  // write) and reads the table as stored.
  std::unique_ptr<Player> back;
  for (int i = 0; i < 100 && (!back || back->version == 0); ++i) {
    if (back) std::this_thread::sleep_for(100ms);
    back =
        std::make_unique<Player>(server.port(), "/ws/tables/" + t.id + "?token=" + t.mover_token());
    auto m = back->ws.next(5s);
    if (m) back->take(*m);
  }
  ASSERT_TRUE(back && back->version > before) << "the reconnected client sees the stored move";
  back->ws.send({{"type", "act"}, {"version", before}, {"action", action}});
  auto answer = back->ws.next_of("error");
  ASSERT_TRUE(answer);
  EXPECT_EQ((*answer)["code"], "action/stale") << answer->dump();
  back->sync();
  EXPECT_EQ(stored_actions(store, t.id), 1u) << "the move was stored once";
}

// While the store cannot write (a full disk): /healthz answers 503 with the
// reason, a new table, a seat at a lobby and a move at a table in memory
// are refused at once (store/unavailable) and nothing is read again for the
// table that lost its write; once the store writes again (its probe),
// everything resumes by itself.
TEST(ServerDurable, WhileTheStoreCannotWriteTheServerSaysSoAndResumesByItself) {
  HeldStore store;
  TestServer server({}, store);
  const unsigned short port = server.port();
  Table2 t = start_two(port);
  Table2 u = start_two(port);
  ASSERT_FALSE(t.mover().choices.empty());
  ASSERT_FALSE(u.mover().choices.empty());
  EXPECT_EQ(testing::http_get(port, "/healthz").status, 200);
  auto lobby =
      http_post(port, "/api/tables",
                {{"game", "ufo"}, {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}});
  ASSERT_EQ(lobby.status, 201) << lobby.text;
  const std::string lobby_join = "/api/tables/" + lobby.body.value("id", "") + "/join";
  store.break_writes(true);
  t.mover().act(t.mover().choices[0]["action"]);
  drain(t.mover());
  auto health = testing::http_get(port, "/healthz");
  EXPECT_EQ(health.status, 503) << health.text;
  EXPECT_NE(health.text.find("full"), std::string::npos) << health.text;
  const auto asked = std::chrono::steady_clock::now();
  auto made = http_post(port, "/api/tables",
                        {{"game", "ufo"}, {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}});
  EXPECT_EQ(made.status, 503) << made.text;
  EXPECT_EQ(made.body.value("code", ""), "store/unavailable");
  EXPECT_LT(std::chrono::steady_clock::now() - asked, 1s) << "refused at once";
  // A seat at a lobby too; the lobby stays.
  auto joined = http_post(port, lobby_join, {{"seat", 0}, {"name", "Ada"}});
  EXPECT_EQ(joined.status, 503) << joined.text;
  EXPECT_EQ(joined.body.value("code", ""), "store/unavailable");
  // The other table's move is refused before it is applied; its
  // connection stays.
  Player& umover = u.mover();
  const std::uint64_t u_before = umover.version;
  umover.act(umover.choices[0]["action"]);
  auto refused = umover.ws.next_of("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "store/unavailable");
  umover.sync();
  EXPECT_EQ(umover.version, u_before);
  // Reconnecting to the table that lost its write: refused without reading it.
  const int loads = store.loads();
  for (int i = 0; i < 5; ++i) {
    Player again(port, "/ws/tables/" + t.id + "?token=" + t.mover_token());
    drain(again);
    EXPECT_NE(std::find(again.errors.begin(), again.errors.end(), "store/unavailable"),
              again.errors.end());
    EXPECT_EQ(again.version, 0u);
  }
  EXPECT_EQ(store.loads(), loads) << "the table was read again while the store could not write";
  // Space comes back: within a few seconds the server is healthy, the
  // table is back, and both tables play on.
  store.break_writes(false);
  int status = 0;
  for (int i = 0; i < 50 && status != 200; ++i) {
    std::this_thread::sleep_for(100ms);
    status = testing::http_get(port, "/healthz").status;
  }
  EXPECT_EQ(status, 200);
  joined = http_post(port, lobby_join, {{"seat", 0}, {"name", "Ada"}});
  EXPECT_EQ(joined.status, 200) << "the lobby kept its free seat: " << joined.text;
  Player back(port, "/ws/tables/" + t.id + "?token=" + t.mover_token());
  back.sync();
  ASSERT_FALSE(back.choices.empty()) << "the table is back, its mover to act";
  const std::uint64_t v = back.version;
  back.act(back.choices[0]["action"]);
  for (int i = 0; i < 200 && back.version == v; ++i) back.sync();
  EXPECT_GT(back.version, v) << "the table plays on";
  umover.act(umover.choices[0]["action"]);
  for (int i = 0; i < 200 && umover.version == u_before; ++i) umover.sync();
  EXPECT_GT(umover.version, u_before);
}

// A game being played goes on while a lobby's store call is slow: a lobby
// (whose saves block the thread that makes them) runs on the table pool,
// a game on SQLite on its connections' network thread. Here the pool has
// one thread, held by a new lobby's save, and a move is still told at once.
TEST(ServerDurable, AGameGoesOnWhileALobbysSaveIsSlow) {
  HeldStore store;
  ServerOptions o;
  o.table_threads = 1;
  TestServer server(o, store);
  const unsigned short port = server.port();
  Table2 t = start_two(port);
  Player& mover = t.mover();
  Player& other = t.other();
  ASSERT_FALSE(mover.choices.empty());
  store.hold_lobby_saves(true);
  int made = 0;
  std::thread maker([&] {
    made = http_post(port, "/api/tables",
                     {{"game", "ufo"}, {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}})
               .status;
  });
  for (int i = 0; i < 500 && !store.lobby_save_waiting(); ++i) std::this_thread::sleep_for(10ms);
  const bool waiting = store.lobby_save_waiting();
  const std::uint64_t before = other.version;
  mover.act(mover.choices[0]["action"]);
  auto told = other.ws.next(std::chrono::seconds(3));
  store.hold_lobby_saves(false);
  maker.join();
  ASSERT_TRUE(waiting) << "the new lobby's save was held";
  ASSERT_TRUE(told) << "the move was not told while the lobby's save waited";
  other.take(*told);
  EXPECT_EQ(told->value("type", ""), "state") << told->dump();
  EXPECT_GT(other.version, before);
  EXPECT_EQ(made, 201) << "the lobby was made once its save went through";
}

// A stop while a table's thread is busy (here the pool's one thread, held
// by a lobby's save) still closes every connection with a reason once the
// table gets to it. Before, the first network thread, left with nothing to
// do once the listener closed, ended every network thread, and the closes
// were never sent (ServeProcess.SigtermClosesConnectionsWithAReason... on
// CI). For that, nothing may be left on the first thread: the lobby's
// network thread (Hub::ioc_of: its id's std::hash) is the second, and so
// are Anna's connection and the held request (new connections take the two
// threads in turn, counting from the first).
TEST(ServerDurable, AStopWhileATableIsBusyStillClosesItsConnectionsWithAReason) {
  ServerOptions o;
  o.threads = 2;
  o.table_threads = 1;
  const Json three = {{{"kind", "person"}}, {{"kind", "person"}}, {{"kind", "person"}}};
  for (int attempt = 0;; ++attempt) {
    ASSERT_LT(attempt, 50) << "no lobby on the second network thread";
    HeldStore store;
    TestServer server(o, store);
    const unsigned short port = server.port();
    auto created = http_post(port, "/api/tables", {{"game", "ufo"}, {"seats", three}});  // 1st
    ASSERT_EQ(created.status, 201) << created.text;
    const std::string id = created.body.value("id", "");
    if (std::hash<std::string>{}(id) % 2 != 1) continue;
    auto joined = http_post(port, "/api/tables/" + id + "/join", {{"seat", 0}});  // 2nd
    ASSERT_EQ(joined.status, 200) << joined.text;
    EXPECT_EQ(testing::http_get(port, "/api/tables").status, 200);                       // 3rd
    Player anna(port, "/ws/tables/" + id + "?token=" + joined.body.value("token", ""));  // 4th
    anna.sync();
    ASSERT_EQ(anna.phase, "lobby");
    EXPECT_EQ(testing::http_get(port, "/api/tables").status, 200);  // 5th
    store.hold_lobby_saves(true);
    std::thread maker([&] {  // 6th
      http_post(port, "/api/tables", {{"game", "ufo"}, {"seats", three}});
    });
    for (int i = 0; i < 500 && !store.lobby_save_waiting(); ++i) std::this_thread::sleep_for(10ms);
    const bool waiting = store.lobby_save_waiting();
    std::thread stopper([&] { server.stop(); });
    std::this_thread::sleep_for(300ms);  // the listener closes meanwhile
    store.hold_lobby_saves(false);
    stopper.join();
    maker.join();
    ASSERT_TRUE(waiting) << "the new lobby's save was held";
    auto m = anna.ws.next_of("error");
    ASSERT_TRUE(m) << "the connection ended without a reason";
    EXPECT_EQ((*m)["code"], "server/shutdown");
    return;
  }
}

}  // namespace
}  // namespace meeple::server
