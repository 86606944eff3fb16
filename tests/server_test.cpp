// The server over real loopback sockets: whole games of every game with
// scripted people and bots, reconnecting, spectators, the leak test, and
// every error code provoked once.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "core/rng.h"
#include "games/registry.h"
#include "room/room.h"
#include "server/protocol.h"
#include "server/server.h"
#include "store/sqlite_store.h"
#include "tests/server_client.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::WsClient;

// A server on a free loopback port with an in-memory SQLite store, its I/O
// threads running until the end of the test.
class TestServer {
 public:
  explicit TestServer(ServerOptions o = {}) {
    auto s = store::SqliteStore::open(":memory:");
    EXPECT_TRUE(s);
    store_ = std::move(*s);
    o.port = 0;
    o.table_threads = 4;
    // Scripted players are faster than people: only the rate-limit test limits them.
    if (o.rate_per_second == ServerOptions{}.rate_per_second) {
      o.rate_per_second = 1e6;
      o.rate_burst = 1e6;
    }
    o.log_level = "warn";
    server_ = std::make_unique<Server>(o, *store_);
    EXPECT_FALSE(server_->start());
    thread_ = std::thread([this] { server_->run(); });
  }
  ~TestServer() {
    server_->stop();
    thread_.join();
    server_.reset();
  }
  unsigned short port() const { return server_->port(); }
  store::SqliteStore& store() { return *store_; }

 private:
  std::unique_ptr<store::SqliteStore> store_;
  std::unique_ptr<Server> server_;
  std::thread thread_;
};

// Creates a table and joins every person's seat; returns the id and tokens.
struct NewTable {
  std::string id;
  std::string host_token;
  std::vector<std::string> tokens;  // per seat; "" for bots
};

NewTable make_table(unsigned short port, const std::string& game, const Json& seats,
                    bool auto_start = true) {
  NewTable t;
  auto r = http_post(port, "/api/tables",
                     {{"game", game}, {"seats", seats}, {"auto_start", auto_start}});
  EXPECT_EQ(r.status, 201) << r.text;
  t.id = r.body["id"];
  t.host_token = r.body["host_token"];
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (seats[i]["kind"] != "person") {
      t.tokens.emplace_back();
      continue;
    }
    auto j = http_post(port, "/api/tables/" + t.id + "/join", {{"seat", i}, {"name", "p"}});
    EXPECT_EQ(j.status, 200) << j.text;
    t.tokens.push_back(j.body["token"]);
  }
  return t;
}

std::string ws_path(const NewTable& t, int seat) {
  return "/ws/tables/" + t.id + (seat >= 0 ? "?token=" + t.tokens[seat] : "");
}

const std::set<std::string> kStateKeys = {
    "type", "protocol",   "table",   "game",   "phase",  "seat",    "seats", "version", "to_act",
    "view", "view_patch", "choices", "events", "result", "rematch", "host",  "params"};

// One connection's picture of the table, rebuilt from its messages.
struct Player {
  Player(unsigned short port, const std::string& path) : ws(port, path) {}
  WsClient ws;
  std::uint64_t version = 0;
  std::string phase;
  Json view;
  Json choices = Json::array();
  std::vector<std::pair<std::uint64_t, Json>> views;  // every view received, by version
  std::vector<std::pair<std::uint64_t, Json>> choice_log;
  std::vector<std::string> events;
  std::vector<std::string> errors;
  std::vector<Json> log;  // every message but pongs

  void take(const Json& m) {
    if (getenv("MEEPLE_TEST_TRACE")) fprintf(stderr, "<< %s\n", m.dump().substr(0, 300).c_str());
    log.push_back(m);
    const std::string type = m.value("type", "");
    if (type == "error") {
      errors.push_back(m["code"]);
      return;
    }
    if (type != "state") return;
    for (const auto& [k, v] : m.items()) EXPECT_TRUE(kStateKeys.count(k)) << "unknown key " << k;
    version = m["version"];
    phase = m["phase"];
    if (m.contains("view")) view = m["view"];
    if (m.contains("view_patch")) view = view.patch(m["view_patch"]);
    if (m.contains("view") || m.contains("view_patch")) views.emplace_back(version, view);
    choices = m.value("choices", Json::array());
    if (!choices.empty()) choice_log.emplace_back(version, choices);
    for (const auto& e : m.value("events", Json::array())) events.push_back(e);
  }
  // Everything the table sent before this call has arrived.
  void sync() {
    ws.send({{"type", "ping"}});
    for (int i = 0; i < 10000; ++i) {
      auto m = ws.next();
      ASSERT_TRUE(m) << "connection ended";
      if (m->value("type", "") == "pong") return;
      take(*m);
    }
    FAIL() << "no pong";
  }
  void wait_one() {
    auto m = ws.next();
    ASSERT_TRUE(m) << "no message";
    take(*m);
  }
  void act(const Json& action) {
    ws.send({{"type", "act"}, {"version", version}, {"action", action}});
  }
};

// One step of play: everyone catches up; the first person asked plays a
// random choice. Returns false once the game is over. When nobody is asked
// after catching up twice (a bot is thinking), waits for the next message.
bool play_step(std::vector<Player*>& players, Rng& rng) {
  for (int round = 0; round < 2; ++round) {
    for (Player* p : players) {
      p->sync();
      if (::testing::Test::HasFatalFailure()) return false;
    }
    if (players[0]->phase == "finished") return false;
    for (Player* p : players)
      if (!p->choices.empty()) {
        const auto i = rng.below(static_cast<std::uint32_t>(p->choices.size()));
        p->act(p->choices[i]["action"]);
        p->choices = Json::array();
        return true;
      }
  }
  players[0]->wait_one();
  return !::testing::Test::HasFatalFailure();
}

// Plays until the game ends.
void play_to_end(std::vector<Player*> players, std::uint64_t seed, int max_steps = 20000) {
  Rng rng(seed);
  for (int step = 0; step < max_steps; ++step)
    if (!play_step(players, rng)) {
      ASSERT_FALSE(::testing::Test::HasFatalFailure());
      ASSERT_EQ(players[0]->phase, "finished");
      return;
    }
  FAIL() << "the game did not end";
}

// Replays the finished table's record and checks that every message a seat
// got holds its view at that version, its choices and its events, and no
// more (the leak test).
void check_against_replay(unsigned short port, const std::string& table, const Json& seats,
                          const std::vector<std::pair<Seat, Player*>>& observers,
                          bool whole_game = true) {
  auto rec_reply = http_get(port, "/api/tables/" + table + "/record");
  ASSERT_EQ(rec_reply.status, 200) << rec_reply.text;
  auto rec = record_from_json(rec_reply.body);
  ASSERT_TRUE(rec) << rec.error().message;
  const AnyGame* game = find_game(rec->game);
  ASSERT_NE(game, nullptr);
  std::vector<AnyState> states;
  auto initial = game->new_game(rec->params, rec->players);
  ASSERT_TRUE(initial);
  states.push_back(*initial);
  auto replayed = replay_record(*game, *rec, [&](const AnyState& s) { states.push_back(s); });
  ASSERT_TRUE(replayed) << replayed.error().message;
  // The same table rebuilt locally tells the events in words.
  store::TableRecord t{.id = table,
                       .spec = {.game = rec->game, .players = rec->players, .params = rec->params}};
  for (const auto& a : rec->actions)
    t.entries.push_back({.kind = "action", .seat = a.seat, .action = a.action, .json = a.json});
  std::vector<room::SeatConfig> configs;
  for (const auto& s : seats) {
    configs.push_back(s["kind"] == "person"
                          ? room::SeatConfig{.kind = room::SeatKind::kPerson}
                          : room::SeatConfig{.kind = room::SeatKind::kBot, .bot = "random"});
  }
  auto local = room::Room::resume(*game, t, configs, {.languages = {"en"}});
  ASSERT_TRUE(local) << local.error().message;
  for (const auto& [seat, p] : observers) {
    ASSERT_FALSE(p->views.empty());
    for (const auto& [v, view] : p->views) {
      ASSERT_LT(v, states.size());
      EXPECT_EQ(view, states[v].view(seat)) << "seat " << seat << " version " << v;
    }
    for (const auto& [v, choices] : p->choice_log) {
      std::set<Action> got, want;
      for (const auto& c : choices) got.insert(c["action"].get<Action>());
      for (Action a : states[v].primary_actions(seat)) want.insert(a);
      EXPECT_EQ(got, want) << "seat " << seat << " version " << v;
    }
    if (whole_game) {
      EXPECT_EQ(p->events, (*local)->events_for(seat, 0, "en")) << "seat " << seat;
    }
  }
}

// The replay endpoint of a finished table tells each observer the events it
// was told during play, step by step, and at any step the view it had then.
void check_replay_endpoint(unsigned short port, const std::string& table,
                           const std::vector<std::pair<Seat, Player*>>& observers) {
  const std::string base = "/api/tables/" + table + "/replay";
  for (const auto& [seat, p] : observers) {
    auto r = http_get(port, base + "?seat=" + std::to_string(seat) + "&lang=en");
    ASSERT_EQ(r.status, 200) << r.text;
    EXPECT_EQ(r.body["seat"], seat);
    const Json& steps = r.body["steps"];
    ASSERT_EQ(steps.size(), r.body["count"].get<std::size_t>());
    ASSERT_EQ(steps.size(), p->version + 1) << "one step per action and the start";
    std::vector<std::string> told;
    for (const auto& s : steps)
      for (const auto& e : s["events"]) told.push_back(e);
    EXPECT_EQ(told, p->events) << "seat " << seat << ": the events as told during play";
    // A few steps' views, the last one included, are the views the seat had.
    std::vector<std::pair<std::uint64_t, Json>> some;
    const std::size_t n = p->views.size();
    for (std::size_t i = 0; i < n; i += std::max<std::size_t>(1, n / 6))
      some.push_back(p->views[i]);
    some.push_back(p->views.back());
    for (const auto& [v, view] : some) {
      auto at =
          http_get(port, base + "?seat=" + std::to_string(seat) + "&step=" + std::to_string(v));
      ASSERT_EQ(at.status, 200) << at.text;
      EXPECT_EQ(at.body["view"], view) << "seat " << seat << " step " << v;
      EXPECT_EQ(at.body["step"], v);
    }
  }
  // Italian words, and the refusals.
  auto it = http_get(port, base + "?seat=-2&lang=it");
  ASSERT_EQ(it.status, 200);
  EXPECT_EQ(it.body["lang"], "it");
  auto code_of = [](const testing::HttpReply& r) { return r.body.value("code", ""); };
  EXPECT_EQ(code_of(http_get(port, base + "?seat=9")), "seat/invalid");
  EXPECT_EQ(code_of(http_get(port, base + "?seat=x")), "request/malformed");
  EXPECT_EQ(code_of(http_get(port, base + "?step=100000000")), "request/malformed");
}

class WholeGame : public ::testing::TestWithParam<std::string> {};

TEST_P(WholeGame, TwoPeopleABotAndASpectatorPlayToTheEndAndNothingHiddenLeaks) {
  TestServer server;
  const Json seats = {
      {{"kind", "person"}}, {{"kind", "bot"}, {"bot", "random"}}, {{"kind", "person"}}};
  NewTable t = make_table(server.port(), GetParam(), seats);
  Player a(server.port(), ws_path(t, 0));
  Player b(server.port(), ws_path(t, 2));
  Player watcher(server.port(), ws_path(t, -1));
  ASSERT_NO_FATAL_FAILURE(play_to_end({&a, &b, &watcher}, 7));
  for (Player* p : {&a, &b, &watcher}) ASSERT_NO_FATAL_FAILURE(p->sync());
  EXPECT_EQ(a.version, b.version);
  EXPECT_EQ(watcher.phase, "finished");
  for (Player* p : {&a, &b})
    for (const auto& e : p->errors) EXPECT_EQ(e, "action/stale") << "only races may refuse";
  ASSERT_NO_FATAL_FAILURE(
      check_against_replay(server.port(), t.id, seats, {{0, &a}, {2, &b}, {kSpectator, &watcher}}));
  ASSERT_NO_FATAL_FAILURE(
      check_replay_endpoint(server.port(), t.id, {{0, &a}, {2, &b}, {kSpectator, &watcher}}));
  // The stored table is finished and replays to the same end.
  auto stored = server.store().load(t.id);
  ASSERT_TRUE(stored);
  EXPECT_TRUE(stored->finished());
}

INSTANTIATE_TEST_SUITE_P(EveryGame, WholeGame,
                         ::testing::Values("ufo", "first-giants", "first-contact"),
                         [](const auto& p) {
                           std::string n = p.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

TEST(Server, HttpListsGamesHealthAndMetrics) {
  TestServer server;
  auto games = http_get(server.port(), "/api/games");
  ASSERT_EQ(games.status, 200);
  EXPECT_EQ(games.body["games"].size(), all_games().size());
  for (const auto& g : games.body["games"]) {
    EXPECT_TRUE(g.contains("params"));
    EXPECT_TRUE(g.contains("min_players"));
  }
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);
  auto metrics = http_get(server.port(), "/metrics");
  ASSERT_EQ(metrics.status, 200);
  for (const char* name : {"meeple_live_tables", "meeple_connections", "meeple_actions_total",
                           "meeple_act_commit_seconds_bucket", "meeple_bot_think_seconds_count",
                           "meeple_store_commits_total"})
    EXPECT_NE(metrics.text.find(name), std::string::npos) << name;
  auto t = make_table(server.port(), "ufo", {{{"kind", "person"}}, {{"kind", "person"}}}, false);
  auto list = http_get(server.port(), "/api/tables");
  ASSERT_EQ(list.body["tables"].size(), 1u);
  EXPECT_EQ(list.body["tables"][0]["id"], t.id);
  EXPECT_EQ(list.body["tables"][0]["phase"], "lobby");
}

// The built web client: files from --web, each sent gzipped (its .gz copy
// written by the build) to a browser that accepts gzip, as it is otherwise.
TEST(Server, StaticFilesAreSentGzippedWhenTheBrowserAcceptsIt) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("meeple-web-" + std::to_string(::getpid()));
  fs::create_directories(dir / "assets");
  auto write = [](const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
  };
  write(dir / "index.html", "<!doctype html><title>meeple</title>");
  write(dir / "assets" / "app.js", "console.log('plain');");
  write(dir / "assets" / "app.js.gz", std::string("\x1f\x8b zipped", 9));
  ServerOptions o;
  o.web_dir = dir.string();
  TestServer server(o);
  using testing::http::verb;
  auto plain = testing::http_request(server.port(), verb::get, "/assets/app.js");
  EXPECT_EQ(plain.status, 200);
  EXPECT_EQ(plain.text, "console.log('plain');");
  EXPECT_EQ(plain.content_encoding, "");
  EXPECT_EQ(plain.content_type, "text/javascript");
  auto zipped =
      testing::http_request(server.port(), verb::get, "/assets/app.js", "", "gzip, deflate, br");
  EXPECT_EQ(zipped.status, 200);
  EXPECT_EQ(zipped.content_encoding, "gzip");
  EXPECT_EQ(zipped.text, std::string("\x1f\x8b zipped", 9));
  EXPECT_EQ(zipped.content_type, "text/javascript");
  // No copy: the file as it is, whatever the browser accepts.
  auto index = testing::http_request(server.port(), verb::get, "/", "", "gzip");
  EXPECT_EQ(index.text, "<!doctype html><title>meeple</title>");
  EXPECT_EQ(index.content_encoding, "");
  EXPECT_EQ(testing::http_request(server.port(), verb::get, "/assets/../index.html").status, 404);
  fs::remove_all(dir);
}

TEST(Server, ReconnectWithTheTokenMidGameThenHostStartsARematch) {
  TestServer server;
  const Json seats = {{{"kind", "person"}}, {{"kind", "person"}}};
  NewTable t = make_table(server.port(), "ufo", seats);
  auto a = std::make_unique<Player>(server.port(), ws_path(t, 0));
  Player b(server.port(), ws_path(t, 1));
  Rng rng(3);
  std::vector<Player*> both = {a.get(), &b};
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(play_step(both, rng));
  // The last action may still be on its way to the table: wait until the
  // table has applied it (someone has choices again) and both agree.
  for (int i = 0; i < 1000; ++i) {
    a->sync();
    b.sync();
    if (a->version == b.version && (!a->choices.empty() || !b.choices.empty())) break;
  }
  const std::uint64_t version = a->version;
  const Json view = a->view;
  a->ws.close();
  a.reset();
  b.sync();  // the seat shows as away
  Player again(server.port(), ws_path(t, 0));
  again.sync();
  EXPECT_EQ(again.version, version);
  EXPECT_EQ(again.view, view) << "the first message holds the whole view";
  // Play on to the end, then a rematch with the same seats.
  ASSERT_NO_FATAL_FAILURE(play_to_end({&again, &b}, 4));
  auto rm =
      http_post(server.port(), "/api/tables/" + t.id + "/rematch", {{"host_token", t.host_token}});
  ASSERT_EQ(rm.status, 201) << rm.text;
  const std::string next = rm.body["id"];
  b.sync();
  Player c(server.port(), "/ws/tables/" + next + "?token=" + t.tokens[1]);
  c.sync();
  EXPECT_EQ(c.phase, "lobby") << "the rematch waits for its host";
  auto start =
      http_post(server.port(), "/api/tables/" + next + "/start", {{"host_token", t.host_token}});
  ASSERT_EQ(start.status, 200) << start.text;
  c.wait_one();
  EXPECT_EQ(c.phase, "playing");
}

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

TEST(Server, AStandInPlaysForAPersonAwayLongerThanTheGraceUntilTheyReturn) {
  ServerOptions o;
  o.tick = std::chrono::milliseconds(50);
  TestServer server(o);
  auto created = http_post(server.port(), "/api/tables",
                           {{"game", "ufo"},
                            {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                            {"grace_seconds", 0.2}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"];
  std::vector<std::string> tokens;
  for (int s = 0; s < 2; ++s)
    tokens.push_back(http_post(server.port(), "/api/tables/" + id + "/join", {{"seat", s}})
                         .body["token"]
                         .get<std::string>());
  auto a = std::make_unique<Player>(server.port(), "/ws/tables/" + id + "?token=" + tokens[0]);
  Player b(server.port(), "/ws/tables/" + id + "?token=" + tokens[1]);
  a->sync();
  b.sync();
  const std::uint64_t v = b.version;
  a->ws.close();
  a.reset();
  // Seat 0 is away: after the grace its stand-in plays (seat 0 acts first in
  // Ufo!, or after seat 1, who then plays on), and every view shows it.
  bool stood_in = false;
  for (int i = 0; i < 2000 && !(stood_in && b.version > v); ++i) {
    if (!b.choices.empty()) b.act(b.choices[0]["action"]);
    b.choices = Json::array();
    b.wait_one();
    ASSERT_FALSE(b.log.empty());
    const Json& last = b.log.back();
    if (last.contains("seats")) stood_in |= last["seats"][0]["stand_in"].get<bool>();
  }
  EXPECT_TRUE(stood_in);
  EXPECT_GT(b.version, v) << "the stand-in played";
  Player back(server.port(), "/ws/tables/" + id + "?token=" + tokens[0]);
  back.sync();
  ASSERT_FALSE(back.log.empty());
  EXPECT_FALSE(back.log.front()["seats"][0]["stand_in"].get<bool>()) << "back at the table";
  EXPECT_TRUE(back.log.front()["seats"][0]["connected"].get<bool>());
}

TEST(Server, TheHostChangesSeatsAndOptionsBeforeTheStartOnly) {
  TestServer server;
  const unsigned short port = server.port();
  auto created = http_post(port, "/api/tables",
                           {{"game", "ufo"},
                            {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                            {"auto_start", false}});
  const std::string id = created.body["id"];
  const Json host = {{"host_token", created.body["host_token"]}};
  auto with = [&](Json extra) {
    extra.update(host);
    return extra;
  };
  auto bad = http_post(port, "/api/tables/" + id + "/options", with({{"params", {{"nope", 1}}}}));
  EXPECT_EQ(bad.body["code"], "params/unknown");
  auto seat = http_post(port, "/api/tables/" + id + "/seat",
                        with({{"seat", 1}, {"kind", "bot"}, {"bot", "random"}}));
  ASSERT_EQ(seat.status, 200) << seat.text;
  auto join = http_post(port, "/api/tables/" + id + "/join", {{"seat", 1}});
  EXPECT_EQ(join.body["code"], "seat/invalid") << "a bot's seat";
  auto anna = http_post(port, "/api/tables/" + id + "/join", {{"name", "Anna"}});
  ASSERT_EQ(anna.status, 200);
  EXPECT_EQ(anna.body["seat"], 0);
  ASSERT_EQ(http_post(port, "/api/tables/" + id + "/start", host).status, 200);
  auto late = http_post(port, "/api/tables/" + id + "/options", with({{"params", Json::object()}}));
  EXPECT_EQ(late.body["code"], "table/started");
  Player a(port, "/ws/tables/" + id + "?token=" + anna.body["token"].get<std::string>());
  a.sync();
  EXPECT_EQ(a.log.back()["seats"][1]["kind"], "bot");
  EXPECT_EQ(a.log.back()["seats"][0]["name"], "Anna");
  // During the game: the bot's seat to a person (who gets a token), and
  // Anna's seat to a bot (her connection becomes a spectator's).
  auto ben = http_post(port, "/api/tables/" + id + "/seat",
                       with({{"seat", 1}, {"kind", "person"}, {"name", "Ben"}}));
  for (int i = 0; i < 100 && ben.body.value("code", "") == "table/busy"; ++i)
    ben = http_post(port, "/api/tables/" + id + "/seat",
                    with({{"seat", 1}, {"kind", "person"}, {"name", "Ben"}}));
  ASSERT_EQ(ben.status, 200) << ben.text;
  Player b(port, "/ws/tables/" + id + "?token=" + ben.body["token"].get<std::string>());
  b.sync();
  EXPECT_EQ(b.log.front()["seat"], 1);
  EXPECT_EQ(b.log.front()["seats"][1]["name"], "Ben");
  auto bot = http_post(port, "/api/tables/" + id + "/seat",
                       with({{"seat", 0}, {"kind", "bot"}, {"bot", "random"}}));
  for (int i = 0; i < 100 && bot.body.value("code", "") == "table/busy"; ++i)
    bot = http_post(port, "/api/tables/" + id + "/seat",
                    with({{"seat", 0}, {"kind", "bot"}, {"bot", "random"}}));
  ASSERT_EQ(bot.status, 200) << bot.text;
  a.sync();
  EXPECT_EQ(a.log.back()["seat"], kSpectator);
  EXPECT_EQ(a.log.back()["seats"][0]["kind"], "bot");
  std::vector<Player*> ben_only = {&b};
  ASSERT_NO_FATAL_FAILURE(play_to_end(ben_only, 5));
}

TEST(Server, ASilentClientIsClosedByTheIdleTimeout) {
  ServerOptions o;
  o.idle_timeout = std::chrono::seconds(1);
  TestServer server(o);
  NewTable t = make_table(server.port(), "ufo", {{{"kind", "person"}}, {{"kind", "person"}}});
  WsClient silent(server.port(), ws_path(t, 0));
  // Not reading means not answering the server's pings either; the server
  // gives up after the idle timeout and the next read sees the end.
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // the timeout itself is under test
  bool ended = false;
  for (int i = 0; i < 100 && !ended; ++i) ended = !silent.next();
  EXPECT_TRUE(ended);
}

// --- The protocol's golden messages (tests/protocol/, read by the web
// client's tests too): the server sends messages of exactly their shape and
// accepts the client's.

Json golden(const std::string& name) {
  std::ifstream f(std::string(MEEPLE_SOURCE_DIR) + "/tests/protocol/" + name);
  Json j = Json::parse(f, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << name;
  return j;
}

std::set<std::string> keys_of(const Json& j) {
  std::set<std::string> out;
  for (const auto& [k, v] : j.items()) out.insert(k);
  return out;
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
  EXPECT_TRUE(mover.events.back().ends_with(": \"good luck, earthlings\"")) << mover.events.back();
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

// --- The real binary: kill -9 mid-game, restart, play on; SIGTERM.

// `meeple serve` as a child process on a database file and a free port.
class ServeProcess {
 public:
  explicit ServeProcess(const std::string& db) {
    int fds[2];
    if (::pipe(fds) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(fds[1], 1);
      ::close(fds[0]);
      ::execl(MEEPLE_BINARY, "meeple", "serve", "--port", "0", "--db", db.c_str(), "--log-level",
              "warn", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(fds[1]);
    // The first line names the address: "meeple: serving on http://127.0.0.1:PORT/ ...".
    std::string line;
    pollfd p{fds[0], POLLIN, 0};
    while (line.find('\n') == std::string::npos && ::poll(&p, 1, 20000) > 0) {
      char buf[256];
      const auto n = ::read(fds[0], buf, sizeof buf);
      if (n <= 0) break;
      line.append(buf, static_cast<std::size_t>(n));
    }
    out_ = fds[0];
    const auto at = line.find("127.0.0.1:");
    if (at != std::string::npos)
      port_ = static_cast<unsigned short>(std::stoi(line.substr(at + 10)));
  }
  ~ServeProcess() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0) ::close(out_);
  }
  unsigned short port() const { return port_; }
  void kill9() {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    reaped_ = true;
  }
  // Sends `sig` and waits (bounded) for the exit; returns the exit status.
  int stop(int sig, std::chrono::seconds limit) {
    ::kill(pid_, sig);
    const auto end = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (std::chrono::steady_clock::now() < end) {
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        reaped_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));  // polling a child's exit
    }
    return -2;
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  unsigned short port_ = 0;
  bool reaped_ = false;
};

struct TempDb {
  std::string path = (std::filesystem::temp_directory_path() /
                      ("meeple_crash_" + std::to_string(::getpid()) + ".db"))
                         .string();
  TempDb() { remove(); }
  ~TempDb() { remove(); }
  void remove() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  }
};

TEST(ServeProcess, KillNineMidGameThenRestartAndPlayOnWithNoAcknowledgedActionLost) {
  TempDb db;
  const Json seats = {
      {{"kind", "person"}}, {{"kind", "bot"}, {"bot", "random"}}, {{"kind", "person"}}};
  NewTable t;
  std::uint64_t acked = 0;
  std::unique_ptr<Player> before_a, before_b;
  {
    ServeProcess server(db.path);
    ASSERT_NE(server.port(), 0) << "meeple serve did not start";
    t = make_table(server.port(), "first-giants", seats);
    before_a = std::make_unique<Player>(server.port(), ws_path(t, 0));
    before_b = std::make_unique<Player>(server.port(), ws_path(t, 2));
    Player& a = *before_a;
    Player& b = *before_b;
    Rng rng(11);
    std::vector<Player*> both = {&a, &b};
    for (int i = 0; i < 40; ++i) ASSERT_TRUE(play_step(both, rng));
    // The last action's acknowledgement, then the crash.
    Player* mover = nullptr;
    for (int i = 0; i < 1000 && mover == nullptr; ++i) {
      for (Player* p : both) p->sync();
      for (Player* p : both)
        if (mover == nullptr && !p->choices.empty()) mover = p;
      if (mover == nullptr) a.wait_one();  // the bot is thinking
    }
    ASSERT_NE(mover, nullptr);
    const std::uint64_t before = mover->version;
    mover->act(mover->choices[0]["action"]);
    while (mover->version <= before) ASSERT_NO_FATAL_FAILURE(mover->wait_one());
    acked = mover->version;
    server.kill9();
  }
  ServeProcess again(db.path);
  ASSERT_NE(again.port(), 0) << "meeple serve did not restart";
  Player a(again.port(), ws_path(t, 0));
  Player b(again.port(), ws_path(t, 2));
  a.sync();
  b.sync();
  EXPECT_GE(a.version, acked) << "an acknowledged action was lost";
  EXPECT_EQ(a.phase, "playing");
  ASSERT_NO_FATAL_FAILURE(play_to_end({&a, &b}, 12));
  auto rec = http_get(again.port(), "/api/tables/" + t.id + "/record");
  ASSERT_EQ(rec.status, 200);
  auto parsed = record_from_json(rec.body);
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(replay_record(*find_game("first-giants"), *parsed));
  // Everything either seat saw before the crash is in the record.
  ASSERT_NO_FATAL_FAILURE(check_against_replay(again.port(), t.id, seats,
                                               {{0, before_a.get()}, {2, before_b.get()}}, false));
  // After one more restart the finished table's record comes from the store.
  again.kill9();
  ServeProcess third(db.path);
  auto stored = http_get(third.port(), "/api/tables/" + t.id + "/record");
  ASSERT_EQ(stored.status, 200) << stored.text;
  EXPECT_EQ(stored.body, rec.body);
  // The replay of a table only in the store.
  auto replay = http_get(third.port(), "/api/tables/" + t.id + "/replay?seat=0&step=1");
  ASSERT_EQ(replay.status, 200) << replay.text;
  EXPECT_EQ(replay.body["count"], rec.body["actions"].size() + 1);
  EXPECT_TRUE(replay.body["view"].is_object());
}

TEST(ServeProcess, SigtermClosesConnectionsWithAReasonAndExitsCleanly) {
  TempDb db;
  ServeProcess server(db.path);
  ASSERT_NE(server.port(), 0);
  NewTable t = make_table(server.port(), "ufo", {{{"kind", "person"}}, {{"kind", "person"}}});
  Player a(server.port(), ws_path(t, 0));
  a.sync();
  EXPECT_EQ(server.stop(SIGTERM, std::chrono::seconds(10)), 0);
  auto m = a.ws.next_of("error");
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["code"], "server/shutdown");
}

}  // namespace
}  // namespace meeple::server
