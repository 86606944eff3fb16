// Whole games through the server over real loopback sockets: every game
// with two scripted people, a bot and a spectator, checked against the
// record's replay and the replay endpoint (the leak test); the leak test
// with hidden information re-sampled; a guided table ("learn to play").
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "room/guide.h"
#include "tests/resample.h"
#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using test::hides_something;
using test::random_game;
using test::resample;
using test::Steps;
using testing::http_get;
using testing::http_post;
using testing::TestServer;
using namespace fixture;

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

// --- The leak test with hidden information re-sampled: a seat's messages
// in a whole game and in the same game with everything that seat cannot see
// made different are byte-identical.
//
// How "the same game re-sampled" is made, for every game alike: a random
// whole game (its steps: people's actions and chance outcomes) is changed
// step by step at random, keeping a change only when the changed game still
// plays (every later step legal) and tells the seat exactly the same at
// every step: its view, who must act, its choices with their words, the
// event in words and the result. The changes tried: two chance outcomes
// swapped (which card came when), one chance outcome replaced by another
// (a different die or card), and another seat's action replaced by another
// legal one (a secret decision, a private note-pad edit). What is kept is
// thus a game with other deals, draws and secret decisions that the seat
// could not tell apart from the first. Both games are then played through
// the server (tables of people; a test-only chance script makes the server
// draw the recorded outcomes) and the seat's messages compared byte for
// byte. This is not a full re-sampling (determinize re-samples one moment,
// not a history), but every accepted change is hidden information the
// server holds and the seat must not learn.
//
// Per game: Ufo! and First Giants hide nothing from anyone (determinize is
// the identity; every draw is seen when it is made), so no change is
// possible and the test checks that none is found. First Contact hides the
// aliens' language pads, request cards and targets, the secret offers until
// they are revealed and each seat's note pad, but shows them all with the
// result: its whole game can change only in what stays secret to the end
// (note-pad edits, some offers), so the same game without its last step is
// re-sampled too, where the pads and targets change as well. Each seat and
// the spectator must see some change in every game that hides something.

// The chance outcomes a test's server draws, per table (ServerOptions::chance_script).
struct ChanceScripts {
  std::mutex mutex;
  std::map<std::string, Steps> tables;
  std::optional<Action> draw(const std::string& table, std::uint64_t version) {
    std::lock_guard lock(mutex);
    const auto it = tables.find(table);
    if (it == tables.end() || version >= it->second.size() || it->second[version].first != kChance)
      return std::nullopt;
    return it->second[version].second;
  }
};

// Plays `steps` through the server at a table of people (the server draws
// the recorded chance outcomes) with a connection per seat and a spectator's
// last; returns each connection's messages as sent, the table's id
// replaced by TABLE and the time it last moved by TIME.
std::vector<std::vector<std::string>> play_through(unsigned short port, ChanceScripts& scripts,
                                                   const std::string& game, const Json& params,
                                                   int players, const Steps& steps) {
  auto created =
      http_post(port, "/api/tables",
                {{"game", game}, {"params", params}, {"players", players}, {"languages", {"en"}}});
  EXPECT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"];
  {
    std::lock_guard lock(scripts.mutex);
    scripts.tables[id] = steps;
  }
  std::vector<std::string> tokens;
  for (int i = 0; i < players; ++i)
    tokens.push_back(http_post(port, "/api/tables/" + id + "/join", {{"seat", i}, {"name", "p"}})
                         .body["token"]
                         .get<std::string>());
  std::vector<std::unique_ptr<Player>> conns;
  for (int i = 0; i <= players; ++i) {
    conns.push_back(std::make_unique<Player>(
        port, "/ws/tables/" + id + (i < players ? "?token=" + tokens[i] : "")));
    for (auto& c : conns) c->sync();  // one connection at a time
  }
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const auto [seat, a] = steps[k];
    if (seat == kChance) continue;  // the server draws it (the script)
    Player& p = *conns[static_cast<std::size_t>(seat)];
    p.ws.send({{"type", "act"}, {"version", k}, {"action", a}});
    p.sync();
    if (!p.errors.empty()) {
      ADD_FAILURE() << "step " << k << ": " << p.errors.front();
      break;
    }
    if (k % 64 == 0)
      for (auto& c : conns) c->sync();
  }
  std::vector<std::vector<std::string>> out;
  for (auto& c : conns) {
    c->sync();
    EXPECT_EQ(c->version, steps.size());
    for (std::string& raw : c->raws) {
      for (auto at = raw.find(id); at != std::string::npos; at = raw.find(id, at))
        raw.replace(at, id.size(), "TABLE");
      // When the table last moved, and when a stand-in would come for
      // someone away, are times of day, not the game.
      if (auto at = raw.find("\"since\":"); at != std::string::npos)
        raw.replace(at + 8, raw.find(',', at) - at - 8, "TIME");
      for (auto at = raw.find("\"stand_in_at\":"); at != std::string::npos;
           at = raw.find("\"stand_in_at\":", at + 1)) {
        const auto end = raw.find_first_of(",}", at);
        raw.replace(at + 14, end - at - 14, "TIME");
      }
    }
    out.push_back(std::move(c->raws));
  }
  return out;
}

class Resampled : public ::testing::TestWithParam<std::string> {};

TEST_P(Resampled, EachSeatGetsByteIdenticalMessagesInTheSameGameWithOtherHiddenInformation) {
  const AnyGame* game = find_game(GetParam());
  ASSERT_NE(game, nullptr);
  // Ufo! with its short variant (three rounds), so the test stays quick.
  const Json params = GetParam() == "ufo" ? Json{{"max_rounds", 3}} : Json::object();
  const int players = 3;
  ChanceScripts scripts;
  ServerOptions o;
  o.chance_script = [&scripts](const std::string& table, std::uint64_t v) {
    return scripts.draw(table, v);
  };
  TestServer server(o);
  const Steps whole = random_game(*game, params, players, 31);
  const auto seen = play_through(server.port(), scripts, GetParam(), params, players, whole);
  ASSERT_FALSE(::testing::Test::HasFailure());
  auto index = [&](Seat observer) {
    return observer < 0 ? static_cast<std::size_t>(players) : static_cast<std::size_t>(observer);
  };
  for (Seat observer = kSpectator; observer < players; observer = observer < 0 ? 0 : observer + 1) {
    const std::string who =
        observer == kSpectator ? std::string("spectator") : "seat " + std::to_string(observer);
    SCOPED_TRACE(who);
    const bool hidden = hides_something(*game, params, players, whole, observer);
    // The whole game, then (when something is hidden) the same game but its
    // last step: a game may show everything at its end (First Contact shows
    // the language pads, request cards and targets with the result), so what
    // was hidden until then is re-sampled in the shorter one.
    for (const bool cut : {false, true}) {
      if (cut && !hidden) break;
      SCOPED_TRACE(cut ? "without the last step" : "the whole game");
      const Steps first = cut ? Steps(whole.begin(), whole.end() - 1) : whole;
      int changes = 0;
      const Steps other = resample(*game, params, players, first, observer,
                                   static_cast<std::uint64_t>(observer + 100), 1000, changes);
      // A game that hides something from the observer (determinize
      // re-samples it somewhere along the game) must have had some changed.
      if (hidden)
        EXPECT_GT(changes, 0) << "nothing hidden from this observer was changed";
      else
        EXPECT_EQ(changes, 0) << "the game hides nothing, yet something was changed unseen";
      std::printf("[ resample ] %s, %s, %s: %d of %zu steps changed\n", GetParam().c_str(),
                  who.c_str(), cut ? "all but the last step" : "whole game", changes, first.size());
      if (changes == 0) continue;  // the same game: nothing to compare
      const auto want = cut ? play_through(server.port(), scripts, GetParam(), params, players,
                                           first)[index(observer)]
                            : seen[index(observer)];
      const auto again = play_through(server.port(), scripts, GetParam(), params, players, other);
      ASSERT_FALSE(::testing::Test::HasFailure());
      const auto& got = again[index(observer)];
      EXPECT_EQ(got.size(), want.size());
      for (std::size_t m = 0; m < std::min(got.size(), want.size()); ++m)
        if (got[m] != want[m]) {
          ADD_FAILURE() << "message " << m << " differs (" << changes << " steps changed):\n"
                        << want[m].substr(0, 2000) << "\n"
                        << got[m].substr(0, 2000);
          break;
        }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(EveryGame, Resampled,
                         ::testing::Values("ufo", "first-giants", "first-contact"),
                         [](const auto& p) {
                           std::string n = p.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

class WholeGame : public ::testing::TestWithParam<std::string> {};

TEST_P(WholeGame, TwoPeopleABotAndASpectatorPlayToTheEndAndNothingHiddenLeaks) {
  // The replay is read step by step below, more often than an address may
  // (ServerOptions::reads_burst): this test is no flood.
  ServerOptions o;
  o.reads_burst = 1000;
  TestServer server(o);
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
  auto stored = server.store().tables().load(t.id);
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

// "Learn to play": a table made from the game's guide (room/guide.h) tells
// its person's seat, and nobody else, the guide's words and suggestion; the
// suggestion is one of the choices; following it moves the guide on.
struct GuidedTable {
  std::optional<room::GuideScript> script;
  NewTable table;
  Json created;  // the answer to the table's creation
  Json joined;   // the answer to the person's join
};

GuidedTable make_guided_table(unsigned short port) {
  GuidedTable g;
  auto script = room::GuideScript::of(*find_game("first-giants"));
  EXPECT_TRUE(script);
  if (!script) return g;
  g.script = *script;
  auto created = http_post(port, "/api/tables", {{"game", "first-giants"}, {"guide", true}});
  EXPECT_EQ(created.status, 201) << created.text;
  g.created = created.body;
  const std::string id = created.body.value("id", "");
  auto joined = http_post(port, "/api/tables/" + id + "/join", {{"name", "Anna"}});
  EXPECT_EQ(joined.status, 200) << joined.text;
  g.joined = joined.body;
  g.table = NewTable{.id = id, .host_token = created.body.value("host_token", "")};
  g.table.tokens.assign(static_cast<std::size_t>(g.script->players), "");
  g.table.tokens[static_cast<std::size_t>(g.script->seat)] = joined.body.value("token", "");
  return g;
}

// Reads the person's messages until one offers choices: each message is
// waited for (the client's bound), never slept for.
void await_choices(Player& p) {
  for (int i = 0; i < 100 && p.choices.empty(); ++i) {
    p.wait_one();
    if (::testing::Test::HasFatalFailure()) return;
  }
  ASSERT_FALSE(p.choices.empty()) << "no choices offered";
}

TEST(Server, AGuidedTableIsPrivateAndSeatsItsPersonAtTheGuidesSeat) {
  TestServer server;
  auto g = make_guided_table(server.port());
  ASSERT_TRUE(g.script);
  EXPECT_EQ(g.created["public"], false);
  EXPECT_EQ(g.joined["seat"], g.script->seat);
}

TEST(Server, AGuidedTableTellsItsPersonTheRuleAndASuggestedChoiceAndFollowingItMovesOn) {
  TestServer server;
  const unsigned short port = server.port();
  auto g = make_guided_table(port);
  ASSERT_TRUE(g.script);
  ASSERT_GE(g.script->steps.size(), 2u);
  Player me(port, ws_path(g.table, g.script->seat));
  for (std::size_t step = 0; step < 2; ++step) {
    await_choices(me);
    ASSERT_FALSE(::testing::Test::HasFatalFailure());
    const Json& last = me.log.back();
    ASSERT_TRUE(last.contains("guide")) << last.dump();
    const Json& guide = last["guide"];
    EXPECT_EQ(guide["step"], step);
    EXPECT_EQ(guide["steps"], g.script->steps.size());
    EXPECT_FALSE(guide["text"].get<std::string>().empty());
    EXPECT_EQ(guide["rules"], g.script->steps[step].rules);
    EXPECT_EQ(guide["suggestion"], g.script->steps[step].action);
    bool offered = false;
    for (const Json& c : me.choices) offered = offered || c["json"] == guide["suggestion"];
    EXPECT_TRUE(offered) << "the suggestion is one of the choices";
    me.act(guide["suggestion"]);
    me.choices = Json::array();
  }
}

TEST(Server, AGuidedTableTellsTheGuideToItsPersonAndNobodyElse) {
  TestServer server;
  const unsigned short port = server.port();
  auto g = make_guided_table(port);
  ASSERT_TRUE(g.script);
  Player me(port, ws_path(g.table, g.script->seat));
  Player watcher(port, ws_path(g.table, -1));
  await_choices(me);
  ASSERT_FALSE(::testing::Test::HasFatalFailure());
  ASSERT_TRUE(me.log.back().contains("guide"));
  me.act(me.log.back()["guide"]["suggestion"]);
  me.choices = Json::array();
  await_choices(me);  // the person's act is answered: the watcher was told it too
  ASSERT_FALSE(::testing::Test::HasFatalFailure());
  // The watcher is told every version the person is: wait for the person's.
  for (int i = 0; i < 100 && watcher.version < me.version; ++i) {
    watcher.wait_one();
    ASSERT_FALSE(::testing::Test::HasFatalFailure());
  }
  ASSERT_EQ(watcher.version, me.version);
  int states = 0;
  for (const Json& m : watcher.log) {
    if (m.value("type", "") == "state") ++states;
    EXPECT_FALSE(m.contains("guide")) << "the guide is the person's";
  }
  // Its first state may come after the act (its hello is answered when it
  // is read); either way it is told the table as the person has it now.
  EXPECT_GE(states, 1);
  EXPECT_EQ(watcher.log.front()["table_options"]["guide"], true);
}

TEST(Server, AGuideAskedForAGameOrAPartWithoutOneIsRefusedWithACode) {
  TestServer server;
  const unsigned short port = server.port();
  auto not_a_flag = http_post(port, "/api/tables", {{"game", "ufo"}, {"guide", 1}});
  EXPECT_EQ(not_a_flag.status, 400);
  EXPECT_EQ(not_a_flag.body["code"], "request/malformed");
  auto no_part = http_post(port, "/api/tables",
                           {{"game", "first-giants"}, {"guide", true}, {"guide_part", 5}});
  EXPECT_EQ(no_part.status, 404);
  EXPECT_EQ(no_part.body["code"], "guide/none");
}

}  // namespace
}  // namespace meeple::server
