// Who plays a seat: a person reconnecting with their token, then a rematch;
// the host's seats and options before the start and seats during the game;
// a talker for a person who left; stand-ins for a person away longer than
// the grace or out of time, until they are back.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::TestServer;
using namespace fixture;

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

TEST(Server, APersonOutOfTimeIsPlayedForByTheStandInUntilTheyActAgain) {
  ServerOptions o;
  o.tick = std::chrono::milliseconds(50);
  TestServer server(o);
  const unsigned short port = server.port();
  NewTable t = two_people(port, {{"game", "ufo"}, {"clock_seconds", 1}});
  Player a(port, ws_path(t, 0));
  Player b(port, ws_path(t, 1));
  Player watcher(port, ws_path(t, -1));
  for (Player* p : {&a, &b, &watcher}) p->sync();
  Player& late = a.choices.empty() ? b : a;  // must act now, and will not in time
  Player& quick = a.choices.empty() ? a : b;
  const int seat = &late == &a ? 0 : 1;
  ASSERT_FALSE(late.choices.empty());
  const std::uint64_t v = late.version;
  auto stand_in = [&](const Json& m) {
    return m.contains("seats") && m["seats"][seat]["stand_in"].get<bool>();
  };
  auto saw_stand_in = [&](Player& p) { return std::any_of(p.log.begin(), p.log.end(), stand_in); };
  // The late person does nothing: after a second the stand-in plays for them
  // (the version moves on although only they were to act), and every
  // connection is told.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (std::chrono::steady_clock::now() < until) {
    for (Player* p : {&a, &b, &watcher}) ASSERT_NO_FATAL_FAILURE(p->sync());
    if (!quick.choices.empty()) {
      quick.act(quick.choices[0]["action"]);
      quick.choices = Json::array();
    }
    if (watcher.version > v && saw_stand_in(a) && saw_stand_in(b) && saw_stand_in(watcher)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the clock itself is under test
  }
  EXPECT_GT(watcher.version, v) << "the stand-in played";
  EXPECT_TRUE(saw_stand_in(a));
  EXPECT_TRUE(saw_stand_in(b));
  EXPECT_TRUE(saw_stand_in(watcher));
  EXPECT_FALSE(stand_in(watcher.log.front())) << "not before the clock ran out";
  // They say hello: back at the table, their seat waits for them again.
  late.ws.send({{"type", "hello"}});
  for (Player* p : {&a, &b, &watcher}) ASSERT_NO_FATAL_FAILURE(p->sync());
  EXPECT_FALSE(stand_in(watcher.log.back()));
  EXPECT_FALSE(stand_in(quick.log.back()));
  // Their next decision is theirs (quick plays on until then).
  bool acted = false;
  for (int i = 0; i < 200 && !acted; ++i) {
    for (Player* p : {&late, &quick}) ASSERT_NO_FATAL_FAILURE(p->sync());
    if (!quick.choices.empty()) {
      quick.act(quick.choices[0]["action"]);
      quick.choices = Json::array();
    }
    if (!late.choices.empty()) {
      const std::uint64_t at = late.version;
      late.act(late.choices[0]["action"]);
      late.choices = Json::array();
      // The table applies the action on its own strand: a pong may overtake
      // its answer on a slow (sanitized) build, so wait for one or the other.
      for (int k = 0; k < 500 && late.version == at && late.errors.empty(); ++k) {
        ASSERT_NO_FATAL_FAILURE(late.sync());
        if (late.version == at && late.errors.empty())
          std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
      // The clock is one second: on a loaded machine it may run out again
      // before the decision arrives, and the stand-in takes it (the person's
      // is then stale). Their next decision is theirs again.
      if (!late.errors.empty() && late.errors.back() == "action/stale") {
        late.errors.pop_back();
        continue;
      }
      EXPECT_GT(late.version, at);
      acted = true;
    }
  }
  EXPECT_TRUE(acted);
  for (const auto& e : late.errors) ADD_FAILURE() << "refused: " << e;
  watcher.sync();
  EXPECT_FALSE(stand_in(watcher.log.back()));
}

// Reads `p`'s messages until the table shows `seat`'s person as gone.
bool until_away(Player& p, int seat) {
  for (int i = 0; i < 200; ++i) {
    p.sync();
    if (!p.log.empty() && p.log.back()["seats"][seat]["connected"] == false) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// Asks again while the table answers table/busy (a bot is deciding).
template <class F>
testing::HttpReply until_not_busy(F ask) {
  auto r = ask();
  for (int i = 0; i < 200 && r.body.is_object() && r.body.value("code", "") == "table/busy"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    r = ask();
  }
  return r;
}

// A join of table `id` from the loopback address `from` (another person's).
testing::HttpReply join_from(unsigned short port, const std::string& id, const Json& body,
                             const std::string& from) {
  return until_not_busy([&] {
    return testing::http_request(port, boost::beast::http::verb::post,
                                 "/api/tables/" + id + "/join", body.dump(), "", {}, nullptr, from);
  });
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
  // During the game: the bot's seat offered to a newcomer (the
  // host got its token and read its secrets), once Anna agrees; Anna's seat
  // is hers (the host read a person's secrets by taking it).
  auto offer = until_not_busy([&] {
    return http_post(port, "/api/tables/" + id + "/seat",
                     with({{"seat", 1}, {"kind", "person"}, {"name", "Ben"}}));
  });
  ASSERT_EQ(offer.status, 200) << offer.text;
  EXPECT_FALSE(offer.body.contains("token")) << "the host holds no token of the seat";
  a.ws.send({{"type", "vote"}, {"seat", 1}, {"yes", true}});
  a.sync();
  auto ben = join_from(port, id, {{"name", "Ben"}}, "127.0.0.4");
  ASSERT_EQ(ben.status, 200) << ben.text;
  Player b(port, "/ws/tables/" + id + "?token=" + ben.body["token"].get<std::string>(),
           "127.0.0.4");
  b.sync();
  EXPECT_EQ(b.log.front()["seat"], 1);
  EXPECT_EQ(b.log.front()["seats"][1]["name"], "Ben");
  auto seat_control = [&](const Json& body) {
    auto r = http_post(port, "/api/tables/" + id + "/seat", with(body));
    for (int i = 0; i < 100 && r.body.value("code", "") == "table/busy"; ++i)
      r = http_post(port, "/api/tables/" + id + "/seat", with(body));
    return r;
  };
  auto take = seat_control({{"seat", 0}, {"kind", "person"}, {"name", "Host"}});
  EXPECT_EQ(take.status, 409) << take.text;
  EXPECT_EQ(take.body["code"], "seat/taken");
  EXPECT_FALSE(take.body.contains("token"));
  auto bot = seat_control({{"seat", 0}, {"kind", "bot"}, {"bot", "random"}});
  EXPECT_EQ(bot.body["code"], "seat/taken") << "Anna is at the table: no stand-in";
  a.sync();
  EXPECT_EQ(a.log.back()["seat"], 0);
  EXPECT_EQ(a.log.back()["seats"][0]["name"], "Anna");
  // Anna leaves: the host may let her stand-in play now; everyone is told,
  // and her seat is still hers when she comes back.
  a.ws.close();
  ASSERT_TRUE(until_away(b, 0));
  bot = seat_control({{"seat", 0}, {"kind", "bot"}});
  ASSERT_EQ(bot.status, 200) << bot.text;
  b.sync();
  EXPECT_EQ(b.log.back()["seats"][0]["stand_in"], true);
  auto told = [&](const std::string& e) {
    return std::find(b.events.begin(), b.events.end(), e) != b.events.end();
  };
  EXPECT_TRUE(told("Anna is away: a bot plays for them until they are back"));
  Player back(port, "/ws/tables/" + id + "?token=" + anna.body["token"].get<std::string>());
  back.sync();
  EXPECT_EQ(back.log.back()["seat"], 0);
  b.sync();
  EXPECT_EQ(b.log.back()["seats"][0]["stand_in"], false);
  EXPECT_TRUE(told("Anna is back"));
  std::vector<Player*> both = {&back, &b};
  ASSERT_NO_FATAL_FAILURE(play_to_end(both, 5));
}

// The host seats a talker for a person in the middle of a First Contact game:
// it is briefed on the seat's history (tests/room_talker_test.cpp checks its
// belief equals a talker's seated from the start) and plays the game out.
TEST(Server, ATalkerReplacingAPersonMidGamePlaysOnFromTheSeatsHistory) {
  TestServer server;
  const unsigned short port = server.port();
  const Json seats = {{{"kind", "person"}}, {{"kind", "person"}}, {{"kind", "person"}}};
  NewTable t = make_table(port, "first-contact", seats);
  Player a(port, ws_path(t, 0));
  Player b(port, ws_path(t, 1));
  Player c(port, ws_path(t, 2));
  Rng rng(17);
  std::vector<Player*> all = {&a, &b, &c};
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(play_step(all, rng));
  // The person has left; the host lets the seat's stand-in (First Contact's
  // talker) play for them from now on.
  a.ws.close();
  ASSERT_TRUE(until_away(b, 0));
  const Json change = {
      {"host_token", t.host_token}, {"seat", 0}, {"kind", "bot"}, {"bot", "talker"}};
  auto r = http_post(port, "/api/tables/" + t.id + "/seat", change);
  for (int i = 0; i < 100 && r.body.value("code", "") == "table/busy"; ++i)
    r = http_post(port, "/api/tables/" + t.id + "/seat", change);
  ASSERT_EQ(r.status, 200) << r.text;
  std::vector<Player*> people = {&b, &c};
  ASSERT_NO_FATAL_FAILURE(play_to_end(people, 18));
  auto rec = http_get(port, "/api/tables/" + t.id + "/record");
  ASSERT_EQ(rec.status, 200) << rec.text;
  EXPECT_EQ(rec.body["seats"][0], "p") << "the seat is still the person's";
  auto parsed = record_from_json(rec.body);
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(replay_record(*find_game("first-contact"), *parsed));
}

// Whether `p` was told `event`.
bool told(const Player& p, const std::string& event) {
  return std::find(p.events.begin(), p.events.end(), event) != p.events.end();
}

// The seat offer the last state message showed (null: none).
Json offer_of(const Player& p) {
  for (auto it = p.log.rbegin(); it != p.log.rend(); ++it)
    if (it->value("type", "") == "state") return it->value("seat_offer", Json());
  return nullptr;
}

// The host of a public First Contact table, seated as an
// earthling, asks for the alien bot's seat as a person. No token: every
// person seated is asked to agree (one "no" ends it), then the seat is open
// to a newcomer, never to someone seated here, and everyone is told.
TEST(Server, ABotsSeatGoesToANewcomerOnlyWithEveryoneSeatedAgreeing) {
  TestServer server;
  const unsigned short port = server.port();
  const Json seats = {{{"kind", "bot"}, {"bot", "random"}},
                      {{"kind", "person"}},
                      {{"kind", "person"}},
                      {{"kind", "person"}}};
  NewTable t = make_table(port, "first-contact", seats);
  Player hal(port, ws_path(t, 1)), eve(port, ws_path(t, 2)), ann(port, ws_path(t, 3));
  std::vector<Player*> people = {&hal, &eve, &ann};
  for (Player* p : people) p->sync();
  const Json ask = {{"host_token", t.host_token}, {"seat", 0}, {"kind", "person"}, {"name", "x"}};
  auto seat_control = [&](const Json& body) {
    return until_not_busy([&] { return http_post(port, "/api/tables/" + t.id + "/seat", body); });
  };
  auto offer = seat_control(ask);
  ASSERT_EQ(offer.status, 200) << offer.text;
  EXPECT_FALSE(offer.body.contains("token"));
  EXPECT_EQ(
      offer.body["seat_offer"],
      Json({{"seat", 0}, {"open", false}, {"agreed", Json::array()}, {"waiting", {1, 2, 3}}}));
  for (Player* p : people) p->sync();
  EXPECT_TRUE(
      told(eve, "the host offers random's seat to a new player: everyone seated must agree"));
  EXPECT_EQ(offer_of(eve)["waiting"], Json({1, 2, 3}));
  EXPECT_EQ(join_from(port, t.id, {{"name", "Zoe"}}, "127.0.0.5").body["code"], "table/started")
      << "not open before everyone agreed";
  // Eve says no: the seat stays the bot's.
  hal.ws.send({{"type", "vote"}, {"seat", 0}, {"yes", true}});
  hal.sync();
  eve.ws.send({{"type", "vote"}, {"seat", 0}, {"yes", false}});
  for (Player* p : people) p->sync();
  EXPECT_TRUE(told(ann, "random's seat stays closed: not everyone seated agreed"));
  EXPECT_TRUE(offer_of(ann).is_null());
  eve.ws.send({{"type", "vote"}, {"seat", 0}, {"yes", true}});
  eve.sync();
  ASSERT_FALSE(eve.errors.empty());
  EXPECT_EQ(eve.errors.back(), "vote/none");
  // Asked again, everyone agrees: the seat opens.
  ASSERT_EQ(seat_control(ask).status, 200);
  for (Player* p : people) {
    p->sync();
    p->ws.send({{"type", "vote"}, {"seat", 0}, {"yes", true}});
  }
  for (Player* p : people) p->sync();
  EXPECT_EQ(offer_of(hal),
            Json({{"seat", 0}, {"open", true}, {"agreed", {1, 2, 3}}, {"waiting", Json::array()}}));
  EXPECT_TRUE(told(hal, "random's seat is open: a new player may take it"));
  EXPECT_EQ(http_get(port, "/api/tables/" + t.id).body["free_seats"], 1);
  // Someone seated here may not take it: with their seat's token in hand,
  // or from the address their seat plays from.
  auto with_token = join_from(port, t.id, {{"name", "x"}, {"tokens", {t.tokens[1]}}}, "127.0.0.6");
  EXPECT_EQ(with_token.status, 409);
  EXPECT_EQ(with_token.body["code"], "seat/held");
  EXPECT_FALSE(with_token.body.contains("token"));
  EXPECT_EQ(join_from(port, t.id, {{"name", "x"}}, "127.0.0.1").body["code"], "seat/held");
  EXPECT_EQ(join_from(port, t.id, {{"name", "x"}, {"seat", 1}}, "127.0.0.5").body["code"],
            "seat/taken");
  // A newcomer takes it, with the seat's view, and everyone is told.
  auto zoe = join_from(port, t.id, {{"name", "Zoe"}}, "127.0.0.5");
  ASSERT_EQ(zoe.status, 200) << zoe.text;
  EXPECT_EQ(zoe.body["seat"], 0);
  Player z(port, "/ws/tables/" + t.id + "?token=" + zoe.body["token"].get<std::string>(),
           "127.0.0.5");
  z.sync();
  EXPECT_EQ(z.log.front()["seat"], 0);
  EXPECT_TRUE(z.view.contains("language_pad")) << "the alien's secrets, for the alien";
  for (Player* p : people) {
    p->sync();
    EXPECT_TRUE(told(*p, "Zoe takes random's seat"));
    EXPECT_EQ(p->log.back()["seats"][0]["name"], "Zoe");
    EXPECT_TRUE(offer_of(*p).is_null());
    EXPECT_FALSE(p->view.contains("language_pad"));
  }
  EXPECT_EQ(join_from(port, t.id, {{"name", "Max"}}, "127.0.0.7").body["code"], "table/started");
  EXPECT_EQ(http_get(port, "/api/tables/" + t.id).body["free_seats"], 0);
  people.push_back(&z);
  ASSERT_NO_FATAL_FAILURE(play_to_end(people, 21));
}

// At a private table (friends) an offered seat opens at once; the host may
// withdraw it by seating a bot; one seat is offered at a time.
TEST(Server, AtAPrivateTableAnOfferedSeatOpensAtOnceAndTheHostMayWithdrawIt) {
  TestServer server;
  const unsigned short port = server.port();
  auto created = http_post(port, "/api/tables",
                           {{"game", "ufo"},
                            {"public", false},
                            {"seats",
                             {{{"kind", "person"}},
                              {{"kind", "bot"}, {"bot", "random"}},
                              {{"kind", "bot"}, {"bot", "random"}}}}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"], host = created.body["host_token"];
  auto anna = http_post(port, "/api/tables/" + id + "/join", {{"name", "Anna"}});
  Player a(port, "/ws/tables/" + id + "?token=" + anna.body["token"].get<std::string>());
  a.sync();
  auto seat_control = [&](Json body) {
    body["host_token"] = host;
    return until_not_busy([&] { return http_post(port, "/api/tables/" + id + "/seat", body); });
  };
  auto offer = seat_control({{"seat", 1}, {"kind", "person"}});
  ASSERT_EQ(offer.status, 200) << offer.text;
  EXPECT_EQ(offer.body["seat_offer"]["open"], true) << "friends do not vote";
  auto other = seat_control({{"seat", 2}, {"kind", "person"}});
  EXPECT_EQ(other.status, 409);
  EXPECT_EQ(other.body["code"], "seat/offered");
  a.sync();
  EXPECT_TRUE(told(a, "random's seat is open: a new player may take it"));
  ASSERT_EQ(seat_control({{"seat", 1}, {"kind", "bot"}, {"bot", "heuristic"}}).status, 200);
  a.sync();
  EXPECT_TRUE(told(a, "heuristic takes random's seat"));
  EXPECT_TRUE(told(a, "heuristic's seat is no longer offered to a new player"));
  EXPECT_EQ(join_from(port, id, {{"name", "Ben"}}, "127.0.0.8").body["code"], "table/started");
  ASSERT_EQ(seat_control({{"seat", 2}, {"kind", "person"}}).status, 200);
  auto ben = join_from(port, id, {{"name", "Ben"}}, "127.0.0.8");
  ASSERT_EQ(ben.status, 200) << ben.text;
  EXPECT_EQ(ben.body["seat"], 2);
  a.sync();
  EXPECT_TRUE(told(a, "Ben takes random's seat"));
}

}  // namespace
// Two people who join under one name (two guests who kept the default) get
// distinct ones: each seat's words must tell them apart. The join says the
// name given, and the lobby's summary says whether the game starts by itself
// once every seat is taken (else the host starts it).
TEST(Server, PeopleAtOneTableGetDistinctNamesAndTheLobbySaysHowItStarts) {
  TestServer server;
  const unsigned short port = server.port();
  auto created =
      http_post(port, "/api/tables",
                {{"game", "ufo"},
                 {"seats", {{{"kind", "person"}}, {{"kind", "person"}}, {{"kind", "person"}}}},
                 {"auto_start", false}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"];
  EXPECT_EQ(http_get(port, "/api/tables/" + id).body["auto_start"], false);
  auto first = http_post(port, "/api/tables/" + id + "/join", {{"name", "Person"}});
  auto second = http_post(port, "/api/tables/" + id + "/join", {{"name", "Person"}});
  auto third = http_post(port, "/api/tables/" + id + "/join", {{"name", "Person"}});
  ASSERT_EQ(third.status, 200) << third.text;
  EXPECT_EQ(first.body["name"], "Person");
  EXPECT_EQ(second.body["name"], "Person 2");
  EXPECT_EQ(third.body["name"], "Person 3");
  Player p(port, "/ws/tables/" + id + "?token=" + second.body["token"].get<std::string>());
  p.sync();
  EXPECT_EQ(p.log.back()["seats"][0]["name"], "Person");
  EXPECT_EQ(p.log.back()["seats"][1]["name"], "Person 2");
  EXPECT_EQ(p.log.back()["seats"][2]["name"], "Person 3");

  // A long name keeps within 40 bytes, cut between characters (3 bytes each here).
  auto other =
      http_post(port, "/api/tables",
                {{"game", "ufo"}, {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}});
  const std::string id2 = other.body["id"];
  EXPECT_EQ(http_get(port, "/api/tables/" + id2).body["auto_start"], true);
  std::string korean;
  for (int i = 0; i < 13; ++i) korean += "\xea\xb0\x80";  // 39 bytes
  ASSERT_EQ(http_post(port, "/api/tables/" + id2 + "/join", {{"name", korean}}).status, 200);
  auto again = http_post(port, "/api/tables/" + id2 + "/join", {{"name", korean}});
  ASSERT_EQ(again.status, 200) << again.text;
  const std::string named = again.body["name"];
  EXPECT_LE(named.size(), 40u);
  EXPECT_EQ(named, korean.substr(0, 36) + " 2");
  // The second seat was the last: the game started by itself.
  EXPECT_EQ(http_get(port, "/api/tables/" + id2).body["phase"], "playing");
  EXPECT_FALSE(http_get(port, "/api/tables/" + id2).body.contains("auto_start"));
}

}  // namespace meeple::server
