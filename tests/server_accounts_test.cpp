// Accounts over HTTP (issue 34; docs/protocol.md, "Accounts"): signing up
// and in, a second device seeing the same tables, lockout and the limit per
// address, recovery codes, deletion keeping records replayable, profiles,
// friends and invitations, and the checks every request passes. Each
// "device" is a cookie jar of its own.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <set>
#include <thread>

#include "tests/forwarding_store.h"
#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::HttpReply;
using testing::TestServer;
using testing::WsClient;
using namespace fixture;
using verb = boost::beast::http::verb;

ServerOptions fast_hashes() {
  ServerOptions o;
  o.password_cost = "min";
  return o;
}

// A browser: its cookie jar holds the session cookie the server set.
struct Device {
  unsigned short port;
  std::string cookie;      // "meeple_session=..." sent back, or "" (none)
  std::string set_cookie;  // the last Set-Cookie received

  HttpReply request(verb method, const std::string& path, const std::string& body,
                    std::vector<std::pair<std::string, std::string>> headers = {}) {
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    std::map<std::string, std::string> got;
    auto r = testing::http_request(port, method, path, body, "", headers, &got);
    if (auto it = got.find("Set-Cookie"); it != got.end()) {
      set_cookie = it->second;
      const std::string pair = set_cookie.substr(0, set_cookie.find(';'));
      cookie = pair == "meeple_session=" ? "" : pair;
    }
    return r;
  }
  HttpReply post(const std::string& path, const Json& body) {
    return request(verb::post, path, body.dump());
  }
  HttpReply get(const std::string& path) { return request(verb::get, path, ""); }
};

const char* kPassword = "correct horse battery";

HttpReply sign_up(Device& d, const std::string& name, const std::string& password = kPassword) {
  return d.post("/api/account/signup", {{"name", name}, {"password", password}});
}

// A lobby of two people's seats (started by the host): its id and host token.
std::pair<std::string, std::string> lobby(Device& d, const std::string& game = "ufo",
                                          Json params = Json::object()) {
  auto r = d.post("/api/tables", {{"game", game},
                                  {"params", params},
                                  {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                                  {"auto_start", false}});
  EXPECT_EQ(r.status, 201) << r.text;
  return {r.body.value("id", ""), r.body.value("host_token", "")};
}

TEST(ServerAccounts, ASecondDeviceSignedInSeesTheSameTablesAndPlaysThem) {
  TestServer server(fast_hashes());
  Device laptop{server.port()}, phone{server.port()}, guest{server.port()};
  auto up = sign_up(laptop, "Anna");
  ASSERT_EQ(up.status, 201) << up.text;
  EXPECT_EQ(up.body["name"], "Anna");
  ASSERT_EQ(up.body["recovery_codes"].size(), 10u);
  std::set<std::string> codes;
  for (const Json& c : up.body["recovery_codes"]) {
    EXPECT_EQ(c.get<std::string>().size(), 10u);
    codes.insert(c.get<std::string>());
  }
  EXPECT_EQ(codes.size(), 10u) << "each code different";
  EXPECT_TRUE(laptop.set_cookie.find("; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=2592000") !=
              std::string::npos)
      << laptop.set_cookie;
  ASSERT_EQ(laptop.cookie.size(), std::string("meeple_session=").size() + 32) << laptop.cookie;
  auto me = laptop.get("/api/account");
  ASSERT_EQ(me.status, 200) << me.text;
  EXPECT_EQ(me.body["name"], "Anna");
  EXPECT_EQ(me.body["hidden"], false);
  EXPECT_GT(me.body["created"].get<std::int64_t>(), 1700000000000);
  EXPECT_EQ(sign_up(guest, "ANNA").body.value("code", ""), "account/exists")
      << "unique ignoring case";
  // Stored: an Argon2id hash (not the password), the cookie's SHA-256 only.
  auto stored = server.store().account_named("anna");
  ASSERT_TRUE(stored && stored->has_value());
  EXPECT_TRUE((*stored)->password_hash.starts_with("$argon2id$")) << (*stored)->password_hash;
  EXPECT_EQ((*stored)->password_hash.find(kPassword), std::string::npos);
  const std::string session = laptop.cookie.substr(laptop.cookie.find('=') + 1);
  EXPECT_FALSE(server.store().session(session, 0)->has_value()) << "the token is not stored";
  EXPECT_TRUE(server.store().session(sha256_hex(session), 0)->has_value());

  // Signed in, a table made and a seat joined are kept for the account.
  auto [id, host] = lobby(laptop);
  auto joined = laptop.post("/api/tables/" + id + "/join", {{"seat", 0}, {"name", "Anna"}});
  ASSERT_EQ(joined.status, 200) << joined.text;
  const std::string token = joined.body["token"];
  EXPECT_EQ(joined.body.size(), 3u) << "the answer is as a guest's: " << joined.text;
  // A guest's table is not.
  lobby(guest);

  auto in = phone.post("/api/account/signin", {{"name", "anna"}, {"password", kPassword}});
  ASSERT_EQ(in.status, 200) << in.text;
  EXPECT_EQ(in.body["name"], "Anna");
  auto seats = phone.get("/api/account/seats");
  ASSERT_EQ(seats.status, 200) << seats.text;
  ASSERT_EQ(seats.body["seats"].size(), 2u) << seats.text;
  EXPECT_EQ(seats.body["seats"][0], Json({{"table", id}, {"token", token}})) << "newest first";
  EXPECT_EQ(seats.body["seats"][1], Json({{"table", id}, {"token", host}}));
  // "My tables" on the phone: the same table, the same seat, playable.
  auto mine = phone.post("/api/my-tables", {{"seats", seats.body["seats"]}});
  ASSERT_EQ(mine.status, 200);
  EXPECT_EQ(mine.body["tables"][0]["seat"], 0);
  EXPECT_EQ(mine.body["tables"][1]["host"], true);
  auto other = guest.post("/api/tables/" + id + "/join", {{"seat", 1}, {"name", "Ben"}});
  ASSERT_EQ(other.status, 200);
  ASSERT_EQ(phone.post("/api/tables/" + id + "/start", {{"host_token", host}}).status, 200);
  Player p(server.port(), "/ws/tables/" + id + "?token=" + token);
  p.sync();
  EXPECT_EQ(p.phase, "playing");
  EXPECT_TRUE(p.errors.empty());

  // Claiming: a token the table accepts joins the keyring; a wrong one is skipped.
  auto claim = phone.post("/api/account/claim", {{"seats",
                                                  {{{"table", id}, {"token", other.body["token"]}},
                                                   {{"table", id}, {"token", "0123"}},
                                                   {{"table", "nope"}, {"token", "0123"}}}}});
  ASSERT_EQ(claim.status, 200) << claim.text;
  EXPECT_EQ(claim.body["claimed"], 1);
  EXPECT_EQ(laptop.get("/api/account/seats").body["seats"].size(), 3u);

  // Signing out ends that session only.
  const std::string old = laptop.cookie;
  auto out = laptop.post("/api/account/signout", Json::object());
  ASSERT_EQ(out.status, 200);
  EXPECT_NE(laptop.set_cookie.find("Max-Age=0"), std::string::npos) << laptop.set_cookie;
  EXPECT_TRUE(laptop.cookie.empty());
  Device stale{server.port(), old};
  auto gone = stale.get("/api/account");
  EXPECT_EQ(gone.status, 401);
  EXPECT_EQ(gone.body["code"], "auth/signed_out");
  EXPECT_EQ(phone.get("/api/account").status, 200);
}

// A real hash (interactive limits: 64 MiB, a quarter of a second or more)
// runs on the accounts' thread: the server's one I/O thread answers others
// meanwhile.
TEST(ServerAccounts, HashingAPasswordHoldsUpNoOtherRequest) {
  ServerOptions o;
  o.threads = 1;
  TestServer server(o);
  Device d{server.port()};
  std::atomic<bool> signed_up{false};
  std::thread t([&] {
    EXPECT_EQ(sign_up(d, "Anna").status, 201);
    signed_up = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(testing::http_get(server.port(), "/healthz").status, 200);
  EXPECT_FALSE(signed_up) << "answered while the hash was being made";
  t.join();
}

TEST(ServerAccounts, FiveWrongPasswordsLockTheNameEvenForTheRightOne) {
  TestServer server(fast_hashes());
  Device d{server.port()};
  ASSERT_EQ(sign_up(d, "Anna").status, 201);
  Device thief{server.port()};
  auto unknown = thief.post("/api/account/signin", {{"name", "Nobody"}, {"password", kPassword}});
  for (int i = 0; i < 5; ++i) {
    auto r = thief.post("/api/account/signin", {{"name", "Anna"}, {"password", "wrong pass"}});
    ASSERT_EQ(r.status, 401) << i << r.text;
    EXPECT_EQ(r.body["code"], "auth/credentials");
    EXPECT_EQ(r.body["message"], unknown.body["message"]) << "no telling which was wrong";
    EXPECT_TRUE(thief.cookie.empty());
  }
  auto locked = d.post("/api/account/signin", {{"name", "Anna"}, {"password", kPassword}});
  EXPECT_EQ(locked.status, 429) << locked.text;
  EXPECT_EQ(locked.body["code"], "auth/locked");
  const int retry = locked.body.value("retry_after", 0);
  EXPECT_GT(retry, 50);
  EXPECT_LE(retry, 60);
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(unknown.body["code"], "auth/credentials");
}

TEST(ServerAccounts, OneAddressMaySignInTenTimesAMinute) {
  TestServer server(fast_hashes());
  Device d{server.port()};
  for (int i = 0; i < 10; ++i) {
    auto r = d.post("/api/account/signin",
                    {{"name", "nobody" + std::to_string(i)}, {"password", kPassword}});
    ASSERT_EQ(r.status, 401) << i << r.text;
  }
  auto over = sign_up(d, "Anna");
  EXPECT_EQ(over.status, 429);
  EXPECT_EQ(over.body["code"], "request/rate_limited");
  // Other routes are not counted.
  EXPECT_EQ(d.get("/api/account").body["code"], "auth/signed_out");
}

TEST(ServerAccounts, ARecoveryCodeWorksOnceAndSignsOutEveryOtherSession) {
  TestServer server(fast_hashes());
  Device a{server.port()}, b{server.port()}, c{server.port()};
  auto up = sign_up(a, "Anna");
  ASSERT_EQ(up.status, 201);
  ASSERT_EQ(b.post("/api/account/signin", {{"name", "Anna"}, {"password", kPassword}}).status, 200);
  const std::string code = up.body["recovery_codes"][3];
  auto r = c.post("/api/account/recover",
                  {{"name", "anna"}, {"code", code}, {"password", "a new password"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["name"], "Anna");
  EXPECT_EQ(r.body["recovery_codes_left"], 9);
  EXPECT_FALSE(c.cookie.empty());
  EXPECT_EQ(c.get("/api/account").status, 200);
  EXPECT_EQ(a.get("/api/account").status, 401) << "signed out";
  EXPECT_EQ(b.get("/api/account").status, 401) << "signed out";
  auto again = b.post("/api/account/recover",
                      {{"name", "Anna"}, {"code", code}, {"password", "another one!"}});
  EXPECT_EQ(again.status, 401) << "used up";
  EXPECT_EQ(again.body["code"], "auth/credentials");
  EXPECT_EQ(a.post("/api/account/signin", {{"name", "Anna"}, {"password", kPassword}}).status, 401);
  EXPECT_EQ(
      a.post("/api/account/signin", {{"name", "Anna"}, {"password", "a new password"}}).status,
      200);
  // Changing the password while signed in needs the current one.
  EXPECT_EQ(a.post("/api/account/password",
                   {{"password", "not it at all"}, {"new_password", "third password"}})
                .body["code"],
            "auth/credentials");
  EXPECT_EQ(
      a.post("/api/account/password", {{"password", "a new password"}, {"new_password", "short"}})
          .body["code"],
      "account/password");
  EXPECT_EQ(a.post("/api/account/password",
                   {{"password", "a new password"}, {"new_password", "third password"}})
                .status,
            200);
}

// Plays the lobby's game to its end: seat 0 with token0, seat 1 with token1.
void play_out(unsigned short port, const std::string& id, const std::string& host,
              const std::string& token0, const std::string& token1) {
  ASSERT_EQ(testing::http_post(port, "/api/tables/" + id + "/start", {{"host_token", host}}).status,
            200);
  Player a(port, "/ws/tables/" + id + "?token=" + token0);
  Player b(port, "/ws/tables/" + id + "?token=" + token1);
  ASSERT_NO_FATAL_FAILURE(play_to_end({&a, &b}, 11));
}

TEST(ServerAccounts, AProfileCountsFinishedGamesAndDeletionKeepsTheirRecords) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, guest{port};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  auto [id, host] = lobby(guest, "ufo", {{"max_rounds", 3}});
  const std::string t0 =
      anna.post("/api/tables/" + id + "/join", {{"seat", 0}, {"name", "Anna"}}).body["token"];
  const std::string t1 =
      guest.post("/api/tables/" + id + "/join", {{"seat", 1}, {"name", "Ben"}}).body["token"];
  // A second table, not finished: not on the profile.
  auto [open, open_host] = lobby(guest);
  anna.post("/api/tables/" + open + "/join", {{"seat", 0}});
  ASSERT_NO_FATAL_FAILURE(play_out(port, id, host, t0, t1));

  auto record = guest.get("/api/tables/" + id + "/record");
  ASSERT_EQ(record.status, 200);
  const Json winners = record.body["result"]["winners"];
  const bool won = std::find(winners.begin(), winners.end(), Json(0)) != winners.end();
  auto profile = guest.get("/api/players/anna");
  ASSERT_EQ(profile.status, 200) << profile.text;
  EXPECT_EQ(profile.body["name"], "Anna");
  EXPECT_EQ(profile.body["games"]["ufo"]["played"], 1);
  EXPECT_EQ(profile.body["games"]["ufo"]["wins"], won ? 1 : 0);
  EXPECT_EQ(profile.body["games"]["ufo"]["rating"], nullptr);
  EXPECT_EQ(profile.body["games"]["first-giants"]["played"], 0);
  ASSERT_EQ(profile.body["finished"].size(), 1u);
  const Json& f = profile.body["finished"][0];
  EXPECT_EQ(f["table"], id);
  EXPECT_EQ(f["game"], "ufo");
  EXPECT_EQ(f["seat"], 0);
  EXPECT_EQ(f["seats"], Json({"Anna", "Ben"}));
  EXPECT_EQ(f["won"], won);
  EXPECT_EQ(f["result"], record.body["result"]);
  EXPECT_EQ(f["rated"], false);
  EXPECT_GT(f["ended"].get<std::int64_t>(), 1700000000000);

  auto wrong = anna.post("/api/account/delete", {{"password", "not my password"}});
  EXPECT_EQ(wrong.body["code"], "auth/credentials");
  auto del = anna.post("/api/account/delete", {{"password", kPassword}});
  ASSERT_EQ(del.status, 200) << del.text;
  EXPECT_TRUE(anna.cookie.empty());
  EXPECT_EQ(guest.get("/api/players/Anna").body["code"], "account/unknown");
  // The record stays valid and replayable; the seat reads "a former player".
  auto after = guest.get("/api/tables/" + id + "/record");
  ASSERT_EQ(after.status, 200) << after.text;
  EXPECT_EQ(after.body["seats"], Json({"a former player", "Ben"}));
  EXPECT_EQ(after.body["actions"], record.body["actions"]);
  EXPECT_EQ(after.body["result"], record.body["result"]);
  auto replay = guest.get("/api/tables/" + id + "/replay?seat=1");
  ASSERT_EQ(replay.status, 200) << replay.text;
  EXPECT_NE(replay.text.find("a former player"), std::string::npos);
  EXPECT_EQ(replay.text.find("\"Anna\""), std::string::npos);
  // The name is free again.
  EXPECT_EQ(sign_up(guest, "anna").status, 201);
}

// A store that counts the tables it loads (each load reads a whole record).
class CountingStore final : public testing::ForwardingStore {
 public:
  Expected<store::TableRecord> load(const store::TableId& id) const override {
    loads_.fetch_add(1);
    return inner().load(id);
  }
  int loads() const { return loads_.load(); }

 private:
  mutable std::atomic<int> loads_{0};
};

// A profile read by a stranger again and again costs the account thread no
// table's record again (it would keep sign-ins waiting behind it); a
// deleted account's name still leaves the other profiles at once.
TEST(ServerAccounts, AProfileAskedAgainAndAgainReadsNoTableAgain) {
  CountingStore store;
  TestServer server(fast_hashes(), store);
  const auto port = server.port();
  Device anna{port}, ben{port}, stranger{port};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  auto [id, host] = lobby(stranger, "ufo", {{"max_rounds", 3}});
  const std::string t0 =
      anna.post("/api/tables/" + id + "/join", {{"seat", 0}, {"name", "Anna"}}).body["token"];
  const std::string t1 =
      ben.post("/api/tables/" + id + "/join", {{"seat", 1}, {"name", "Ben"}}).body["token"];
  ASSERT_NO_FATAL_FAILURE(play_out(port, id, host, t0, t1));

  auto first = stranger.get("/api/players/anna");
  ASSERT_EQ(first.status, 200) << first.text;
  ASSERT_EQ(first.body["games"]["ufo"]["played"], 1);
  const int loads = store.loads();
  for (int i = 0; i < 5; ++i) {
    auto again = stranger.get("/api/players/anna");
    ASSERT_EQ(again.status, 200);
    EXPECT_EQ(again.body, first.body);
  }
  EXPECT_EQ(store.loads(), loads) << "asked again, the profile read its tables again";

  auto bens = stranger.get("/api/players/ben");
  ASSERT_EQ(bens.body["finished"].size(), 1u) << bens.text;
  EXPECT_EQ(bens.body["finished"][0]["seats"], Json({"Anna", "Ben"}));
  ASSERT_EQ(anna.post("/api/account/delete", {{"password", kPassword}}).status, 200);
  bens = stranger.get("/api/players/ben");
  ASSERT_EQ(bens.body["finished"].size(), 1u) << bens.text;
  EXPECT_EQ(bens.body["finished"][0]["seats"], Json({"a former player", "Ben"}));
}

// A rated table is joined by signed-in accounts only; at its end both
// accounts' ratings in that game change by the result (Glicko-2: the
// winner up, the loser down, each deviation below the start's 350).
TEST(ServerAccounts, ARatedTableRatesItsAccountsAtTheEnd) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, ben{port}, guest{port};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  auto made = anna.post("/api/tables", {{"game", "ufo"},
                                        {"params", {{"max_rounds", 3}}},
                                        {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                                        {"undo", false},
                                        {"rated", true},
                                        {"auto_start", false}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"], host = made.body["host_token"];
  EXPECT_EQ(guest.post("/api/tables/" + id + "/join", {{"seat", 0}}).body["code"],
            "auth/signed_out");
  const std::string t0 =
      anna.post("/api/tables/" + id + "/join", {{"seat", 0}, {"name", "Anna"}}).body["token"];
  EXPECT_EQ(anna.post("/api/tables/" + id + "/join", {{"seat", 1}}).body["code"], "seat/taken")
      << "one seat an account";
  const std::string t1 =
      ben.post("/api/tables/" + id + "/join", {{"seat", 1}, {"name", "Ben"}}).body["token"];
  ASSERT_NO_FATAL_FAILURE(play_out(port, id, host, t0, t1));
  const Json rank = guest.get("/api/tables/" + id + "/record").body["result"]["rank"];
  auto a = guest.get("/api/players/Anna").body;
  auto b = guest.get("/api/players/Ben").body;
  const Json ra = a["games"]["ufo"]["rating"], rb = b["games"]["ufo"]["rating"];
  ASSERT_TRUE(ra.is_object()) << a.dump();
  ASSERT_TRUE(rb.is_object()) << b.dump();
  EXPECT_EQ(ra["games"], 1);
  EXPECT_EQ(rb["games"], 1);
  EXPECT_LT(ra["rd"].get<double>(), 350);
  EXPECT_LT(rb["rd"].get<double>(), 350);
  const double da = ra["rating"].get<double>() - 1500, db = rb["rating"].get<double>() - 1500;
  if (rank[0] < rank[1]) {
    EXPECT_GT(da, 0);
    EXPECT_LT(db, 0);
  } else if (rank[1] < rank[0]) {
    EXPECT_LT(da, 0);
    EXPECT_GT(db, 0);
  } else {
    EXPECT_NEAR(da, 0, 1e-6);
  }
  EXPECT_NEAR(da, -db, 1e-6) << "equal ratings before: equal and opposite changes";
  EXPECT_EQ(a["finished"][0]["rated"], true);
  EXPECT_EQ(b["games"]["first-giants"]["rating"], nullptr);
}

TEST(ServerAccounts, AHiddenProfileIsShownToItsOwnerOnly) {
  TestServer server(fast_hashes());
  Device anna{server.port()}, ben{server.port()}, guest{server.port()};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  ASSERT_EQ(anna.post("/api/account/hide", {{"hidden", true}}).status, 200);
  EXPECT_EQ(anna.get("/api/account").body["hidden"], true);
  auto hidden = ben.get("/api/players/Anna");
  EXPECT_EQ(hidden.status, 404);
  EXPECT_EQ(hidden.body["code"], "player/hidden");
  EXPECT_EQ(guest.get("/api/players/Anna").body["code"], "player/hidden");
  EXPECT_EQ(anna.get("/api/players/Anna").status, 200) << "its owner sees it";
  ASSERT_EQ(anna.post("/api/account/hide", {{"hidden", false}}).status, 200);
  EXPECT_EQ(guest.get("/api/players/Anna").status, 200);
  auto unknown = guest.get("/api/players/Nobody");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.body["code"], "account/unknown");
  EXPECT_EQ(anna.post("/api/account/hide", {{"hidden", "yes"}}).body["code"], "request/malformed");
}

TEST(ServerAccounts, NamesOfEveryScriptAndTheirChecks) {
  TestServer server(fast_hashes());
  Device d{server.port()};
  // 김민수 and Zoë: letters of any script; percent-encoded in the address.
  ASSERT_EQ(sign_up(d, "김민수").status, 201);
  EXPECT_EQ(d.get("/api/players/%EA%B9%80%EB%AF%BC%EC%88%98").body["name"], "김민수");
  ASSERT_EQ(sign_up(d, "Zoë_M-1").status, 201);
  EXPECT_EQ(sign_up(d, "ZOË_m-1").body["code"], "account/exists") << "case folded beyond ASCII";
  for (const char* bad : {"ab", " Anna", "Anna ", "a<b>c", "abcdefghijklmnopqrstuvwxy", "a\tbc"})
    EXPECT_EQ(sign_up(d, bad).body["code"], "account/name") << bad;
  EXPECT_EQ(sign_up(d, "Carla", "short").body["code"], "account/password");
}

TEST(ServerAccounts, FriendsAndInvitationsByName) {
  TestServer server(fast_hashes());
  Device anna{server.port()}, ben{server.port()};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  ASSERT_EQ(anna.post("/api/account/friends", {{"name", "ben"}}).status, 200);
  auto friends = anna.get("/api/account/friends");
  ASSERT_EQ(friends.status, 200);
  ASSERT_EQ(friends.body["friends"].size(), 1u);
  EXPECT_EQ(friends.body["friends"][0]["name"], "Ben");
  auto nobody = anna.post("/api/account/friends", {{"name", "Nobody"}});
  EXPECT_EQ(nobody.status, 404);
  EXPECT_EQ(nobody.body["code"], "account/unknown");
  ASSERT_EQ(anna.post("/api/account/friends/remove", {{"name", "Ben"}}).status, 200);
  EXPECT_TRUE(anna.get("/api/account/friends").body["friends"].empty());

  auto [id, host] = lobby(anna);
  auto bad = anna.post("/api/tables/" + id + "/invite", {{"name", "Ben"}, {"token", "00"}});
  EXPECT_EQ(bad.body["code"], "auth/token");
  EXPECT_EQ(anna.post("/api/tables/" + id + "/invite", {{"name", "Nobody"}, {"token", host}})
                .body["code"],
            "account/unknown");
  ASSERT_EQ(anna.post("/api/tables/" + id + "/invite", {{"name", "Ben"}, {"token", host}}).status,
            200);
  auto inv = ben.get("/api/account/invitations");
  ASSERT_EQ(inv.status, 200);
  ASSERT_EQ(inv.body["invitations"].size(), 1u) << inv.text;
  EXPECT_EQ(inv.body["invitations"][0]["table"], id);
  EXPECT_EQ(inv.body["invitations"][0]["from"], "Anna");
  EXPECT_EQ(inv.body["invitations"][0]["game"], "ufo");
  // Joining the table ends the invitation.
  ASSERT_EQ(ben.post("/api/tables/" + id + "/join", {{"seat", 1}}).status, 200);
  EXPECT_TRUE(ben.get("/api/account/invitations").body["invitations"].empty());
  // So does dismissing it.
  auto [id2, host2] = lobby(anna);
  ASSERT_EQ(anna.post("/api/tables/" + id2 + "/invite", {{"name", "Ben"}, {"token", host2}}).status,
            200);
  EXPECT_EQ(ben.get("/api/account/invitations").body["invitations"].size(), 1u);
  ASSERT_EQ(ben.post("/api/account/invitations/dismiss", {{"table", id2}}).status, 200);
  EXPECT_TRUE(ben.get("/api/account/invitations").body["invitations"].empty());
}

// A friend is online while a connection of theirs is open, or for a while
// (online_for) after a signed-in request; not otherwise.
TEST(ServerAccounts, AFriendIsOnlineWhileConnectedOrLatelySeen) {
  ServerOptions o = fast_hashes();
  o.online_for = std::chrono::milliseconds(700);
  TestServer server(o);
  Device anna{server.port()}, ben{server.port()};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  ASSERT_EQ(anna.post("/api/account/friends", {{"name", "Ben"}}).status, 200);
  auto ben_online = [&] {
    auto f = anna.get("/api/account/friends");
    EXPECT_EQ(f.body["friends"].size(), 1u) << f.text;
    return f.body["friends"][0]["online"] == true;
  };
  auto wait_for = [&](bool want) {
    for (int i = 0; i < 100 && ben_online() != want; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return ben_online() == want;
  };
  ASSERT_EQ(ben.get("/api/account").status, 200);
  EXPECT_TRUE(ben_online()) << "just seen";
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  EXPECT_FALSE(ben_online()) << "not seen for longer than online_for";

  // Ben watches a table from his signed-in browser: online as long as he does.
  auto [id, host] = lobby(anna);
  {
    WsClient watching(server.port(), "/ws/tables/" + id, 0, true, ben.cookie);
    ASSERT_TRUE(wait_for(true)) << "online once his connection is open";
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    EXPECT_TRUE(ben_online()) << "still online while it is open";
  }
  EXPECT_TRUE(wait_for(false)) << "offline once it closed";
  // A guest's connection (no session cookie) makes nobody online.
  WsClient guest(server.port(), "/ws/tables/" + id);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_FALSE(ben_online());
}

TEST(ServerAccounts, OriginIsCheckedAndMalformedRequestsGetStableCodes) {
  TestServer server(fast_hashes());
  Device d{server.port()};
  auto evil = d.request(verb::post, "/api/account/signup",
                        Json({{"name", "Anna"}, {"password", kPassword}}).dump(),
                        {{"Origin", "http://evil.example"}});
  EXPECT_EQ(evil.status, 403);
  EXPECT_EQ(evil.body["code"], "request/origin");
  EXPECT_TRUE(d.cookie.empty());
  auto plain = d.request(verb::post, "/api/account/signin", "{}", {{"Content-Type", "text/plain"}});
  EXPECT_EQ(plain.body["code"], "request/content_type");
  EXPECT_EQ(d.request(verb::post, "/api/account/signin", "[1]").body["code"], "request/malformed");
  EXPECT_EQ(d.request(verb::post, "/api/account/signin", "{").body["code"], "request/malformed");
  EXPECT_EQ(d.post("/api/account/signin", {{"name", 1}, {"password", kPassword}}).body["code"],
            "request/malformed");
  EXPECT_EQ(d.post("/api/account/signup", {{"name", "Anna"}}).body["code"], "account/password");
  for (const char* path :
       {"/api/account", "/api/account/seats", "/api/account/friends", "/api/account/invitations"}) {
    auto r = d.get(path);
    EXPECT_EQ(r.status, 401) << path;
    EXPECT_EQ(r.body["code"], "auth/signed_out") << path;
  }
  EXPECT_EQ(d.post("/api/account/claim", {{"seats", Json::array()}}).body["code"],
            "auth/signed_out");
  EXPECT_EQ(d.post("/api/account/claim", {{"seats", 3}}).body["code"], "request/malformed");
  EXPECT_EQ(d.get("/api/account/nothing").body["code"], "request/not_found");
  // A cookie that is no session: signed out, and a guest's requests work as before.
  Device forged{server.port(), "meeple_session=0123456789abcdef0123456789abcdef"};
  EXPECT_EQ(forged.get("/api/account").body["code"], "auth/signed_out");
  auto [id, host] = lobby(forged);
  EXPECT_EQ(forged.post("/api/tables/" + id + "/join", {{"seat", 0}}).status, 200);
}

}  // namespace
}  // namespace meeple::server
