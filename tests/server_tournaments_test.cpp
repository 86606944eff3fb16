// Tournaments through the HTTP API (docs/protocol.md, "Tournaments";
// server/tournaments.h): made by a signed-in account, joined and left
// before the start, invitations to one, round 1 made by the server at the
// start time with each entrant seated under their account, stand-ins
// playing for entrants who never come, the next round once a round
// finished, standings and the profile's results.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::HttpReply;
using testing::TestServer;
using verb = boost::beast::http::verb;

ServerOptions fast() {
  ServerOptions o;
  o.password_cost = "min";
  o.tick = std::chrono::milliseconds(100);
  return o;
}

// A browser with its session cookie.
struct Device {
  unsigned short port;
  std::string cookie;
  std::string address;

  HttpReply request(verb method, const std::string& path, const std::string& body) {
    std::vector<std::pair<std::string, std::string>> headers;
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    std::map<std::string, std::string> got;
    auto r = testing::http_request(port, method, path, body, "", headers, &got, address);
    if (auto it = got.find("Set-Cookie"); it != got.end()) {
      std::istringstream lines(it->second);
      for (std::string line; std::getline(lines, line);) {
        const std::string pair = line.substr(0, line.find(';'));
        if (pair.starts_with("meeple_session=")) cookie = pair;
      }
    }
    return r;
  }
  HttpReply post(const std::string& path, const Json& body) {
    return request(verb::post, path, body.dump());
  }
  HttpReply get(const std::string& path) { return request(verb::get, path, ""); }
};

void sign_up(Device& d, const std::string& name) {
  auto r = d.post("/api/account/signup", {{"name", name}, {"password", "correct horse battery"}});
  ASSERT_EQ(r.status, 201) << r.text;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Polls GET /api/tournaments/{id} until `done` holds (at most `seconds`).
Json wait_for(Device& d, const std::string& id, const std::function<bool(const Json&)>& done,
              int seconds) {
  Json t;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (std::chrono::steady_clock::now() < until) {
    t = d.get("/api/tournaments/" + id).body;
    if (done(t)) return t;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return t;
}

Json short_swiss(std::int64_t starts) {
  return {{"name", "Friday cup"}, {"game", "ufo"},   {"params", {{"max_rounds", 1}}},
          {"kind", "swiss"},      {"rounds", 2},     {"table_size", 2},
          {"grace_seconds", 0},   {"starts", starts}};
}

TEST(ServerTournaments, ASwissOfFourIsPlayedToItsEndWithStandingsAndProfiles) {
  TestServer server(fast());
  const auto port = server.port();
  Device anna{port}, ben{port}, carla{port}, dan{port}, emil{port}, guest{port};
  sign_up(anna, "Anna");
  sign_up(ben, "Ben");
  sign_up(carla, "Carla");
  sign_up(dan, "Dan");
  sign_up(emil, "Emil");

  EXPECT_EQ(guest.post("/api/tournaments", short_swiss(now_ms())).body["code"], "auth/signed_out");
  auto made = anna.post("/api/tournaments", short_swiss(now_ms() + 2000));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  EXPECT_EQ(made.body["phase"], "open");
  EXPECT_EQ(made.body["host_name"], "Anna");

  for (Device* d : {&anna, &ben, &carla, &dan})
    ASSERT_EQ(d->post("/api/tournaments/" + id + "/join", Json::object()).status, 200);
  auto left = dan.post("/api/tournaments/" + id + "/leave", Json::object());
  EXPECT_EQ(left.body["entrants"].size(), 3u) << left.text;
  EXPECT_EQ(dan.post("/api/tournaments/" + id + "/join", Json::object()).body["entrants"].size(),
            4u);

  // An invitation: Emil's list shows it; he may not invite (not an entrant).
  ASSERT_EQ(anna.post("/api/tournaments/" + id + "/invite", {{"name", "Emil"}}).status, 200);
  auto invitations = emil.get("/api/account/invitations").body["invitations"];
  ASSERT_EQ(invitations.size(), 1u) << invitations.dump();
  EXPECT_EQ(invitations[0]["table"], "tournament:" + id);
  EXPECT_EQ(invitations[0]["from"], "Anna");
  auto refused = emil.post("/api/tournaments/" + id + "/invite", {{"name", "Ben"}});
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(refused.body["code"], "tournament/not_entrant");

  auto listed = guest.get("/api/tournaments?phase=open").body["tournaments"];
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["entrants"], 4);

  // The start: round 1, two tables, every entrant seated once.
  Json t = wait_for(
      guest, id, [](const Json& j) { return j["played"].size() >= 1; }, 10);
  ASSERT_EQ(t["phase"], "playing") << t.dump();
  ASSERT_EQ(t["played"][0]["tables"].size(), 2u);
  EXPECT_TRUE(t["played"][0]["byes"].empty());
  std::set<std::string> seated;
  for (const Json& table : t["played"][0]["tables"])
    for (const Json& name : table["seats"]) seated.insert(name);
  EXPECT_EQ(seated, (std::set<std::string>{"Anna", "Ben", "Carla", "Dan"}));
  // Too late to join; Anna's seats hold her table.
  auto late = emil.post("/api/tournaments/" + id + "/join", Json::object());
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body["code"], "tournament/started");
  // The table where Anna sits, at whichever seat.
  std::string anna_table;
  for (const Json& table : t["played"][0]["tables"])
    for (const Json& name : table["seats"])
      if (name == "Anna") anna_table = table["table"];
  ASSERT_FALSE(anna_table.empty()) << t.dump();
  std::string seats;
  for (int i = 0; i < 50 && seats.find(anna_table) == std::string::npos; ++i) {
    seats = anna.get("/api/account/seats").text;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_NE(seats.find(anna_table), std::string::npos) << seats;

  // Nobody comes: stand-ins play every seat; round 2 follows round 1.
  t = wait_for(
      guest, id, [](const Json& j) { return j["phase"] == "finished"; }, 240);
  ASSERT_EQ(t["phase"], "finished") << t.dump();
  ASSERT_EQ(t["played"].size(), 2u);
  std::set<std::set<std::string>> pairs;
  for (const Json& round : t["played"])
    for (const Json& table : round["tables"]) {
      EXPECT_TRUE(table["ranks"].is_array());
      const std::set<std::string> pair = {table["seats"][0], table["seats"][1]};
      EXPECT_TRUE(pairs.insert(pair).second) << "a repeat pairing in " << t.dump();
    }
  double points = 0;
  ASSERT_EQ(t["standings"].size(), 4u);
  for (const Json& s : t["standings"]) {
    points += s["points"].get<double>();
    EXPECT_EQ(s["tables"], 2);
  }
  EXPECT_DOUBLE_EQ(points, 4) << "four tables of one point each";
  // The profile lists Anna's place.
  auto profile = guest.get("/api/players/Anna").body;
  ASSERT_EQ(profile["tournaments"].size(), 1u) << profile.dump();
  EXPECT_EQ(profile["tournaments"][0]["id"], id);
  int anna_place = 0;
  for (const Json& s : t["standings"])
    if (s["name"] == "Anna") anna_place = s["place"];
  EXPECT_EQ(profile["tournaments"][0]["place"], anna_place);
}

TEST(ServerTournaments, TooFewEntrantsCancelAndBadRequestsAreRefused) {
  TestServer server(fast());
  const auto port = server.port();
  Device anna{port}, guest{port};
  sign_up(anna, "Anna");
  EXPECT_EQ(guest.get("/api/tournaments/u404").status, 404);
  EXPECT_EQ(guest.get("/api/tournaments/u404").body["code"], "tournament/unknown");
  EXPECT_EQ(guest.get("/api/tournaments?phase=soon").body["code"], "request/malformed");
  Json bad = short_swiss(now_ms());
  bad["table_size"] = 9;
  EXPECT_EQ(anna.post("/api/tournaments", bad).body["code"], "game/players");
  bad = short_swiss(now_ms());
  bad["kind"] = "knockout";
  EXPECT_EQ(anna.post("/api/tournaments", bad).body["code"], "request/malformed");
  auto made = anna.post("/api/tournaments", short_swiss(now_ms()));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  ASSERT_EQ(anna.post("/api/tournaments/" + id + "/join", Json::object()).status, 200);
  Json t = wait_for(
      guest, id, [](const Json& j) { return j["phase"] == "finished"; }, 10);
  EXPECT_EQ(t["phase"], "finished");
  EXPECT_EQ(t["cancelled"], true);
  EXPECT_TRUE(t["played"].empty());
}

}  // namespace
}  // namespace meeple::server
