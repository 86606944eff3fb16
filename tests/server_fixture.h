// What the server tests share (tests/server_*_test.cpp): tables made over
// HTTP, a connection's picture of its table rebuilt from its messages,
// scripted play to the end, the /metrics gauges, the leak check against the
// record's replay and the protocol's golden messages. Each test binary
// includes it once; its helpers are in namespace meeple::server::fixture.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "games/registry.h"
#include "room/room.h"
#include "server/protocol.h"
#include "server/server.h"
#include "tests/server_client.h"
#include "tests/test_server.h"

namespace meeple::server::fixture {

using testing::http_get;
using testing::http_post;
using testing::WsClient;

// Creates a table and joins every person's seat; returns the id and tokens.
struct NewTable {
  std::string id;
  std::string host_token;
  std::vector<std::string> tokens;  // per seat; "" for bots
};

inline NewTable make_table(unsigned short port, const std::string& game, const Json& seats,
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

inline std::string ws_path(const NewTable& t, int seat) {
  return "/ws/tables/" + t.id + (seat >= 0 ? "?token=" + t.tokens[seat] : "");
}

inline const std::set<std::string> kStateKeys = {
    "type",    "protocol", "table",   "game",          "phase", "seat",
    "seats",   "guide",    "version", "to_act",        "view",  "view_patch",
    "choices", "events",   "result",  "rematch",       "host",  "params",
    "since",   "deadline", "undo",    "table_options", "chat",  "seat_offer"};

// One connection's picture of the table, rebuilt from its messages.
struct Player {
  // `from_address`: the loopback address to connect from (another person's).
  Player(unsigned short port, const std::string& path, const std::string& from_address = "")
      : ws(port, path, 0, true, "", from_address) {}
  WsClient ws;
  std::uint64_t version = 0;
  std::string phase;
  Json view;
  Json choices = Json::array();
  std::vector<std::pair<std::uint64_t, Json>> views;  // every view received, by version
  std::vector<std::pair<std::uint64_t, Json>> choice_log;
  std::vector<std::string> events;
  std::vector<Json> chat;  // the chat lines, as they came
  std::vector<std::string> errors;
  std::vector<Json> log;          // every message but pongs
  std::vector<std::string> raws;  // the same, as sent

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
    for (const auto& l : m.value("chat", Json::array())) chat.push_back(l);
  }
  // Everything the table sent before this call has arrived.
  void sync() {
    ws.send({{"type", "ping"}});
    for (int i = 0; i < 10000; ++i) {
      auto m = ws.next();
      ASSERT_TRUE(m) << "connection ended";
      if (m->value("type", "") == "pong") return;
      raws.push_back(ws.raw());
      take(*m);
    }
    FAIL() << "no pong";
  }
  void wait_one() {
    auto m = ws.next();
    ASSERT_TRUE(m) << "no message";
    raws.push_back(ws.raw());
    take(*m);
  }
  void act(const Json& action) {
    ws.send({{"type", "act"}, {"version", version}, {"action", action}});
  }
};

// One step of play: everyone catches up; the first person asked plays a
// random choice. Returns false once the game is over. When nobody is asked
// after catching up twice (a bot is thinking), waits for the next message.
inline bool play_step(std::vector<Player*>& players, Rng& rng) {
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
inline void play_to_end(std::vector<Player*> players, std::uint64_t seed, int max_steps = 20000) {
  Rng rng(seed);
  for (int step = 0; step < max_steps; ++step)
    if (!play_step(players, rng)) {
      ASSERT_FALSE(::testing::Test::HasFatalFailure());
      ASSERT_EQ(players[0]->phase, "finished");
      return;
    }
  FAIL() << "the game did not end";
}

// A gauge's value from /metrics.
inline double metric(unsigned short port, const std::string& name) {
  const std::string text = http_get(port, "/metrics").text;
  const auto at = text.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stod(text.substr(at + name.size() + 2));
}

// Waits (bounded) until the gauge shows `want`; returns whether it did.
inline bool await_metric(unsigned short port, const std::string& name, double want) {
  for (int i = 0; i < 200; ++i) {
    if (metric(port, name) == want) return true;
    std::this_thread::sleep_for(
        std::chrono::milliseconds(25));  // the server's own timer is under test
  }
  return false;
}

// A table of two people created with `request` (game, options), both seats
// joined.
inline NewTable two_people(unsigned short port, Json request) {
  request["seats"] = {{{"kind", "person"}}, {{"kind", "person"}}};
  auto created = http_post(port, "/api/tables", request);
  EXPECT_EQ(created.status, 201) << created.text;
  NewTable t{.id = created.body["id"], .host_token = created.body["host_token"]};
  for (int i = 0; i < 2; ++i)
    t.tokens.push_back(http_post(port, "/api/tables/" + t.id + "/join", {{"seat", i}})
                           .body["token"]
                           .get<std::string>());
  return t;
}

// A short game of Ufo! (three rounds) for two people; returns the table.
inline NewTable short_ufo(unsigned short port) {
  return two_people(port, {{"game", "ufo"}, {"params", {{"max_rounds", 3}}}});
}

// Replays the finished table's record and checks that every message a seat
// got holds its view at that version, its choices and its events, and no
// more (the leak test).
inline void check_against_replay(unsigned short port, const std::string& table, const Json& seats,
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

// A golden message of the protocol (tests/protocol/, read by the web
// client's tests too) and the keys of a message, to compare their shapes.
inline Json golden(const std::string& name) {
  std::ifstream f(std::string(MEEPLE_SOURCE_DIR) + "/tests/protocol/" + name);
  Json j = Json::parse(f, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << name;
  return j;
}

inline std::set<std::string> keys_of(const Json& j) {
  std::set<std::string> out;
  for (const auto& [k, v] : j.items()) out.insert(k);
  return out;
}

}  // namespace meeple::server::fixture
