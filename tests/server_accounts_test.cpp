// Accounts over HTTP (docs/protocol.md, "Accounts"): signing up
// and in, a second device seeing the same tables, lockout and the limit per
// address, recovery codes, deletion keeping records replayable, profiles,
// friends and invitations, and the checks every request passes. Each
// "device" is a cookie jar of its own.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "server/account_channels.h"
#include "server/game_stats.h"
#include "server/password_guard.h"
#include "server/rating.h"
#include "store/sqlite_store.h"
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

// A browser: its cookie jar holds the session and device cookies the
// server set. `from`: the address it sends from, told to a server that
// trusts 127.0.0.1 as its proxy (X-Forwarded-For), or "".
struct Device {
  unsigned short port;
  std::string cookie;      // "meeple_session=..." sent back, or "" (none)
  std::string set_cookie;  // the last Set-Cookie of the session received
  std::string address;     // the loopback address it connects from ("": 127.0.0.1)
  std::string device;      // "meeple_device=..." sent back, or "" (none)
  std::string from;        // X-Forwarded-For, or ""
  std::string set_device;  // the last Set-Cookie of the device received

  HttpReply request(verb method, const std::string& path, const std::string& body,
                    std::vector<std::pair<std::string, std::string>> headers = {}) {
    std::string jar = cookie;
    if (!device.empty()) jar += (jar.empty() ? "" : "; ") + device;
    if (!jar.empty()) headers.emplace_back("Cookie", jar);
    if (!from.empty()) headers.emplace_back("X-Forwarded-For", from);
    std::map<std::string, std::string> got;
    auto r = testing::http_request(port, method, path, body, "", headers, &got, address);
    if (auto it = got.find("Set-Cookie"); it != got.end()) {
      std::istringstream lines(it->second);
      for (std::string line; std::getline(lines, line);) {
        const std::string pair = line.substr(0, line.find(';'));
        if (pair.starts_with("meeple_session=")) {
          set_cookie = line;
          cookie = pair == "meeple_session=" ? "" : pair;
        } else if (pair.starts_with("meeple_device=")) {
          set_device = line;
          device = pair;
        }
      }
    }
    return r;
  }
  HttpReply post(const std::string& path, const Json& body) {
    return request(verb::post, path, body.dump());
  }
  HttpReply get(const std::string& path) { return request(verb::get, path, ""); }
};

// A server that takes X-Forwarded-For from 127.0.0.1: tests' devices may
// then come from any address.
ServerOptions behind_proxy(ServerOptions o = fast_hashes()) {
  o.trusted_proxies = {"127.0.0.1"};
  return o;
}

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
  auto stored = server.store().accounts().account_named("anna");
  ASSERT_TRUE(stored && stored->has_value());
  EXPECT_TRUE((*stored)->password_hash.starts_with("$argon2id$")) << (*stored)->password_hash;
  EXPECT_EQ((*stored)->password_hash.find(kPassword), std::string::npos);
  const std::string session = laptop.cookie.substr(laptop.cookie.find('=') + 1);
  EXPECT_FALSE(server.store().accounts().session(session, 0)->has_value())
      << "the token is not stored";
  EXPECT_TRUE(server.store().accounts().session(sha256_hex(session), 0)->has_value());

  // Signed in, a table made and a seat joined are kept for the account.
  auto [id, host] = lobby(laptop);
  auto joined = laptop.post("/api/tables/" + id + "/join", {{"seat", 0}, {"name", "Anna"}});
  ASSERT_EQ(joined.status, 200) << joined.text;
  const std::string token = joined.body["token"];
  // The answer is as a guest's: the table, the seat, its token and the name
  // the seat was given.
  EXPECT_EQ(joined.body.size(), 4u) << "the answer is as a guest's: " << joined.text;
  EXPECT_EQ(joined.body["name"], "Anna") << joined.text;
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

// Wrong passwords slow down whoever sends them, never
// the owner: no name is locked. A stranger's guesses from one address make
// that address wait (growing); the owner's right password from the browser
// they signed in with passes at once, even from the stranger's own address
// (one NAT), and from a fresh address too; a recovery code always works.
// The answers for a known name and an unknown one are the same.
TEST(ServerAccounts, AStrangersWrongPasswordsNeverKeepTheOwnerOut) {
  TestServer server(behind_proxy());
  Device owner{.port = server.port(), .from = "10.0.0.1"};
  auto up = sign_up(owner, "Anna");
  ASSERT_EQ(up.status, 201);
  EXPECT_NE(owner.set_device.find("; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=31536000"),
            std::string::npos)
      << owner.set_device;
  ASSERT_EQ(owner.device.size(), std::string("meeple_device=").size() + 32) << owner.device;
  ASSERT_EQ(owner.post("/api/account/signout", Json::object()).status, 200);
  EXPECT_FALSE(owner.device.empty()) << "signing out keeps the device known";
  Device thief{.port = server.port(), .from = "10.0.0.2"};
  auto unknown = thief.post("/api/account/signin", {{"name", "Nobody"}, {"password", kPassword}});
  ASSERT_EQ(unknown.status, 401);
  for (int i = 0; i < 6; ++i) {
    auto r = thief.post("/api/account/signin", {{"name", "Anna"}, {"password", "wrong pass"}});
    ASSERT_EQ(r.status, 401) << i << r.text;
    EXPECT_EQ(r.body, unknown.body) << "no telling a known name from an unknown one";
    EXPECT_TRUE(thief.cookie.empty());
  }
  auto slowed = thief.post("/api/account/signin", {{"name", "Anna"}, {"password", kPassword}});
  EXPECT_EQ(slowed.status, 429) << slowed.text;
  EXPECT_EQ(slowed.body["code"], "auth/throttled");
  EXPECT_EQ(slowed.body["retry_after"], 1) << "the first wait past the 5 free failures: 1 s";
  EXPECT_TRUE(thief.cookie.empty()) << "refused even with the right password, from there";

  // The owner: from the stranger's own address with her known browser...
  owner.from = "10.0.0.2";
  auto known = owner.post("/api/account/signin", {{"name", "Anna"}, {"password", kPassword}});
  EXPECT_EQ(known.status, 200) << known.text;
  // ...from a fresh address with a new browser...
  Device fresh{.port = server.port(), .from = "10.0.0.3"};
  auto other = fresh.post("/api/account/signin", {{"name", "anna"}, {"password", kPassword}});
  EXPECT_EQ(other.status, 200) << other.text;
  // ...and with a recovery code from the stranger's address and browser.
  Device same_place{.port = server.port(), .from = "10.0.0.2"};
  auto rec = same_place.post(
      "/api/account/recover",
      {{"name", "Anna"}, {"code", up.body["recovery_codes"][0]}, {"password", "a new password"}});
  EXPECT_EQ(rec.status, 200) << rec.text;
}

// Many addresses guessing one name: a browser the account does not know
// waits a little (at most name_longest_wait); its known browser does not.
TEST(ServerAccounts, GuessesFromManyAddressesMakeOnlyAnUnknownDeviceWaitAndBriefly) {
  ServerOptions o = behind_proxy();
  o.name_free_failures = 4;
  o.name_longest_wait = std::chrono::seconds(3);
  TestServer server(o);
  Device owner{.port = server.port(), .from = "10.0.0.1"};
  ASSERT_EQ(sign_up(owner, "Anna").status, 201);
  for (int i = 0; i < 12; ++i) {
    Device thief{.port = server.port(), .from = "10.0.1." + std::to_string(i)};
    auto r = thief.post("/api/account/signin", {{"name", "Anna"}, {"password", "wrong pass"}});
    EXPECT_TRUE(r.status == 401 || r.status == 429) << r.text;
  }
  Device fresh{.port = server.port(), .from = "10.0.2.1"};
  auto waits = fresh.post("/api/account/signin", {{"name", "Anna"}, {"password", kPassword}});
  ASSERT_EQ(waits.status, 429) << waits.text;
  EXPECT_EQ(waits.body["code"], "auth/throttled");
  EXPECT_GE(waits.body.value("retry_after", 0), 1);
  EXPECT_LE(waits.body.value("retry_after", 99), 3) << "never longer than name_longest_wait";
  EXPECT_EQ(owner.post("/api/account/signin", {{"name", "Anna"}, {"password", kPassword}}).status,
            200)
      << "the known browser does not wait for strangers' guesses";
  std::this_thread::sleep_for(std::chrono::seconds(waits.body.value("retry_after", 3)));
  EXPECT_EQ(fresh.post("/api/account/signin", {{"name", "Anna"}, {"password", kPassword}}).status,
            200)
      << "and the fresh one gets in once it has waited";
}

// One address guessing many names waits too, after address_free_failures;
// a known browser's own wrong passwords make it wait after its free ones.
TEST(ServerAccounts, OneAddressGuessingManyNamesWaitsAndSoDoesAKnownDeviceThatGuesses) {
  ServerOptions o = behind_proxy();
  o.address_free_failures = 3;
  o.signin_free_failures = 2;
  TestServer server(o);
  Device thief{.port = server.port(), .from = "10.0.0.2"};
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(thief
                  .post("/api/account/signin",
                        {{"name", "name " + std::to_string(i)}, {"password", kPassword}})
                  .status,
              401);
  EXPECT_EQ(
      thief.post("/api/account/signin", {{"name", "name 3"}, {"password", kPassword}}).body["code"],
      "auth/credentials")
      << "the 4th failure sets the wait";
  auto r = thief.post("/api/account/signin", {{"name", "name 4"}, {"password", kPassword}});
  EXPECT_EQ(r.status, 429) << r.text;
  EXPECT_EQ(r.body["code"], "auth/throttled");

  Device anna{.port = server.port(), .from = "10.0.0.1"};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(
        anna.post("/api/account/signin", {{"name", "Anna"}, {"password", "wrong pass"}}).status,
        401)
        << i;
  auto own = anna.post("/api/account/signin", {{"name", "Anna"}, {"password", kPassword}});
  EXPECT_EQ(own.status, 429) << "a known device's own guesses count: " << own.text;
  EXPECT_EQ(own.body["code"], "auth/throttled");
}

// Password hashes run on threads of their own, so a
// flood of sign-ins for unknown names (real hashes, at the interactive
// cost) from several addresses delays no signed-in request: the account,
// a new table, a join; each address's share of the hashes' queue is
// bounded (auth/busy past it).
TEST(ServerAccounts, ASignInFloodDelaysNoSignedInRequest) {
  using Clock = std::chrono::steady_clock;
  ServerOptions o = behind_proxy(ServerOptions{});
  o.max_hashes_per_address = 4;
  TestServer server(o);
  Device anna{.port = server.port(), .from = "10.0.5.1"};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  constexpr int kAddresses = 4, kEach = 6;
  std::atomic<int> answered{0}, busy{0};
  std::vector<std::thread> flood;
  for (int a = 0; a < kAddresses; ++a)
    for (int i = 0; i < kEach; ++i)
      flood.emplace_back([&, a, i] {
        Device d{.port = server.port(), .from = "10.0.6." + std::to_string(a)};
        auto r = d.post("/api/account/signin",
                        {{"name", "nobody " + std::to_string(i)}, {"password", kPassword}});
        if (r.status == 503 && r.body["code"] == "auth/busy")
          ++busy;
        else
          EXPECT_EQ(r.body["code"], "auth/credentials") << r.text;
        ++answered;
      });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the flood is queued
  double worst = 0;
  auto timed = [&](auto f) {
    const auto t = Clock::now();
    auto r = f();
    worst = std::max(worst, std::chrono::duration<double>(Clock::now() - t).count());
    return r;
  };
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(timed([&] { return anna.get("/api/account"); }).status, 200);
    auto made = timed([&] {
      return anna.post("/api/tables",
                       {{"game", "ufo"}, {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}});
    });
    ASSERT_EQ(made.status, 201) << made.text;
    auto joined = timed([&] {
      return anna.post("/api/tables/" + made.body.value("id", "") + "/join", {{"seat", 0}});
    });
    EXPECT_EQ(joined.status, 200) << joined.text;
  }
  const bool during = answered < kAddresses * kEach;
  for (auto& t : flood) t.join();
  EXPECT_TRUE(during) << "the flood was over before the signed-in requests were";
  EXPECT_LT(worst, 0.5) << "a signed-in request waited behind the hashes";
  EXPECT_GT(busy, 0) << "each address's share is 4 at once";
  EXPECT_LE(busy, kAddresses * (kEach - 4));
  EXPECT_EQ(anna.get("/api/account/seats").body["seats"].size(), 6u) << "every seat kept";
}

// A request that waited for a hashing thread past max_wait is answered
// unhashed (its `late`), so that a queue on a slow machine drains at once
// and no client waits for minutes (a flood of sign-ins on a loaded machine
// was otherwise answered only after a minute).
TEST(GameStats, StreaksFollowTheOrderTheGamesEnded) {
  // Won, lost, won, won, lost: three wins, two in a row at most, none now.
  GameStats s;
  const bool results[] = {true, false, true, true, false};
  const double scores[] = {12, 7, 10, 11, 5};
  for (int i = 0; i < 5; ++i) s.add(results[i], scores[i]);
  Json j = s.json();
  EXPECT_EQ(j["played"], 5);
  EXPECT_EQ(j["wins"], 3);
  EXPECT_EQ(j["longest_streak"], 2);
  EXPECT_EQ(j["streak"], 0);
  EXPECT_DOUBLE_EQ(j["average_score"].get<double>(), 9.0);  // 45 / 5
  // Three wins more: the longest streak is now the current one.
  for (int i = 0; i < 3; ++i) s.add(true, 4);
  j = s.json();
  EXPECT_EQ(j["longest_streak"], 3);
  EXPECT_EQ(j["streak"], 3);
  EXPECT_DOUBLE_EQ(j["average_score"].get<double>(), 7.1);  // 57 / 8 = 7.125
  EXPECT_EQ(GameStats{}.json()["average_score"], nullptr);
}

TEST(HashPool, ARequestThatWaitedPastMaxWaitIsAnsweredUnhashed) {
  using namespace std::chrono_literals;
  HashPool pool(1, 32, 32, 100ms);
  std::mutex m;
  std::vector<std::string> ran;
  auto note = [&](std::string what) {
    std::lock_guard lock(m);
    ran.push_back(std::move(what));
  };
  ASSERT_TRUE(pool.post(
      "10.0.0.1",
      [&] {
        std::this_thread::sleep_for(300ms);
        note("slow hashed");
      },
      [&] { note("slow late"); }));
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(pool.post(
        "10.0.0.2", [&, i] { note("hashed " + std::to_string(i)); },
        [&, i] { note("late " + std::to_string(i)); }));
  pool.join();
  EXPECT_EQ(ran, (std::vector<std::string>{"slow hashed", "late 0", "late 1", "late 2"}));
  EXPECT_EQ(pool.queued(), 0u) << "late requests leave the queue too";
}

TEST(HashPool, ARequestWithNothingAheadIsHashed) {
  using namespace std::chrono_literals;
  HashPool pool(1, 32, 32, 100ms);
  std::atomic<int> hashed{0}, late{0};
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(pool.post(
        "10.0.0.1", [&] { ++hashed; }, [&] { ++late; }));
    std::this_thread::sleep_for(20ms);
  }
  pool.join();
  EXPECT_EQ(hashed, 3);
  EXPECT_EQ(late, 0);
}

// The throttle's rules on their own (server/password_guard.h), on a clock
// of the test's: the waits double up to their longest, a count forgets
// after an hour without failures, a known device counts apart, and a
// success clears only the count it was checked by.
TEST(SigninThrottle, WaitsDoubleUpToTheLongestAndAreForgottenAfterAnHour) {
  using std::chrono::seconds;
  SigninThrottle t({.per_name_and_address = 2,
                    .per_address = 100,
                    .per_name = 100,
                    .longest = seconds(8),
                    .longest_per_name = seconds(3)});
  auto at = SigninThrottle::Clock::time_point{} + std::chrono::hours(100);
  std::vector<int> waits;
  for (int i = 0; i < 7; ++i) {
    t.failed("anna", "10.0.0.2", "", at);
    waits.push_back(t.wait("anna", "10.0.0.2", at));
  }
  EXPECT_EQ(waits, (std::vector<int>{0, 0, 1, 2, 4, 8, 8}));
  EXPECT_EQ(t.wait("anna", "10.0.0.3", at), 0) << "another address";
  EXPECT_EQ(t.wait("ben", "10.0.0.2", at), 0) << "another name";
  EXPECT_EQ(t.wait("anna", "10.0.0.2", at + seconds(8)), 0) << "waited";
  // An hour later without failures the count starts again.
  at += std::chrono::hours(1) + seconds(1);
  t.failed("anna", "10.0.0.2", "", at);
  EXPECT_EQ(t.wait("anna", "10.0.0.2", at), 0);
  // A known device: its own count only.
  for (int i = 0; i < 3; ++i) t.failed("anna", "10.0.0.2", "dev anna", at);
  EXPECT_EQ(t.device_wait("dev anna", at), 1);
  EXPECT_EQ(t.device_wait("dev other", at), 0);
  t.succeeded("anna", "10.0.0.2", "dev anna");
  EXPECT_EQ(t.device_wait("dev anna", at), 0) << "cleared by its success";
  t.failed("anna", "10.0.0.2", "", at);
  t.failed("anna", "10.0.0.2", "", at);
  ASSERT_EQ(t.wait("anna", "10.0.0.2", at), 1);
  t.succeeded("anna", "10.0.0.2", "dev anna");
  EXPECT_EQ(t.wait("anna", "10.0.0.2", at), 1) << "a device's success leaves the address's count";
}

TEST(SigninThrottle, AnAddressAndANameFromManyAddressesAreCountedToo) {
  using std::chrono::seconds;
  SigninThrottle t({.per_name_and_address = 100,
                    .per_address = 3,
                    .per_name = 5,
                    .longest = seconds(900),
                    .longest_per_name = seconds(2)});
  const auto at = SigninThrottle::Clock::time_point{} + std::chrono::hours(100);
  for (int i = 0; i < 4; ++i) t.failed("name " + std::to_string(i), "10.0.0.2", "", at);
  EXPECT_EQ(t.wait("anyone", "10.0.0.2", at), 1) << "the address, whatever name";
  for (int i = 0; i < 20; ++i) t.failed("anna", "10.1.0." + std::to_string(i), "", at);
  EXPECT_EQ(t.wait("anna", "10.9.9.9", at), 2) << "the name from anywhere: at most its longest";
  t.succeeded("anna", "10.9.9.9", "");
  EXPECT_EQ(t.wait("anna", "10.9.9.9", at), 2) << "a success never clears the name's count";
}

TEST(AddressKey, AnIPv6AddressCountsByItsSlash64) {
  EXPECT_EQ(address_key("2001:db8:1:2:aaaa::1"), address_key("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
  EXPECT_NE(address_key("2001:db8:1:2::1"), address_key("2001:db8:1:3::1"));
  EXPECT_EQ(address_key("2001:db8:1:2::1"), "2001:db8:1:2::/64");
  EXPECT_EQ(address_key("::ffff:192.0.2.7"), "192.0.2.7") << "IPv4-mapped: the IPv4 address";
  EXPECT_EQ(address_key("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(address_key("not an address"), "not an address");
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
// `from`: each seat's connection's loopback address ("": 127.0.0.1).
void play_out(unsigned short port, const std::string& id, const std::string& host,
              const std::string& token0, const std::string& token1,
              std::pair<std::string, std::string> from = {}) {
  ASSERT_EQ(testing::http_post(port, "/api/tables/" + id + "/start", {{"host_token", host}}).status,
            200);
  Player a(port, "/ws/tables/" + id + "?token=" + token0, from.first);
  Player b(port, "/ws/tables/" + id + "?token=" + token1, from.second);
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
  // The game's figures from that one game: its score, a streak of one win or none.
  EXPECT_EQ(profile.body["games"]["ufo"]["average_score"], record.body["result"]["score"][0]);
  EXPECT_EQ(profile.body["games"]["ufo"]["longest_streak"], won ? 1 : 0);
  EXPECT_EQ(profile.body["games"]["ufo"]["streak"], won ? 1 : 0);
  EXPECT_EQ(profile.body["games"]["first-giants"]["played"], 0);
  EXPECT_EQ(profile.body["games"]["first-giants"]["average_score"], nullptr);
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
  // Two people, each at home (docs/ratings.md: accounts that share an
  // address are not rated against each other).
  anna.address = "127.0.0.2";
  ben.address = "127.0.0.3";
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
  ASSERT_NO_FATAL_FAILURE(play_out(port, id, host, t0, t1, {anna.address, ben.address}));
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
  // To anyone else it answers as an unknown name
  // does, so hidden accounts cannot be listed by their answers.
  auto unknown = guest.get("/api/players/Nobody");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.body["code"], "account/unknown");
  auto hidden = ben.get("/api/players/Anna");
  EXPECT_EQ(hidden.status, 404);
  EXPECT_EQ(hidden.body, unknown.body);
  EXPECT_EQ(guest.get("/api/players/Anna").body, unknown.body);
  EXPECT_EQ(anna.get("/api/players/Anna").status, 200) << "its owner sees it";
  ASSERT_EQ(anna.post("/api/account/hide", {{"hidden", false}}).status, 200);
  EXPECT_EQ(guest.get("/api/players/Anna").status, 200);
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

// A name that looks like an account's is taken
// (Unicode TR39's skeleton after NFKC), and invisible letters are no
// letters.
TEST(ServerAccounts, ANameThatLooksLikeAnAccountsIsTakenAndInvisibleLettersAreRefused) {
  TestServer server(behind_proxy());
  int address = 0;
  auto try_name = [&](const std::string& name) {
    Device d{.port = server.port(), .from = "10.0.3." + std::to_string(++address)};
    return sign_up(d, name);
  };
  ASSERT_EQ(try_name("Anna").status, 201);
  ASSERT_EQ(try_name("Alice").status, 201);
  ASSERT_EQ(try_name("Zoë").status, 201);
  for (const char* twin : {
           "\u0410nna",                 // a Cyrillic А
           "\u03b1nna",                 // a Greek α
           "Ann\u0430",                 // a Cyrillic а
           "\u0391\u039d\u039d\u0391",  // Greek capitals: ΑΝΝΑ
           "AIice",                     // a capital I for the l
           "Zoe\u0308",                 // the diaeresis written apart
       }) {
    auto r = try_name(twin);
    EXPECT_EQ(r.status, 409) << twin << " " << r.text;
    EXPECT_EQ(r.body["code"], "account/exists") << twin;
  }
  for (const char* invisible : {
           "Anna\u3164",          // HANGUL FILLER
           "\u115fAnna",          // HANGUL CHOSEONG FILLER
           "An\u1160na",          // HANGUL JUNGSEONG FILLER
           "An\u200dna",          // ZERO WIDTH JOINER
           "Ann\u00ada",          // SOFT HYPHEN
           "\u3164\u3164\u3164",  // nothing to see at all
       }) {
    auto r = try_name(invisible);
    EXPECT_EQ(r.status, 400) << r.text;
    EXPECT_EQ(r.body["code"], "account/name");
  }
  // Names of other scripts stay names, each its own.
  EXPECT_EQ(try_name("김민수").status, 201);
  EXPECT_EQ(try_name("Анна").status, 201) << "Cyrillic Анна: its н is no n";
  EXPECT_EQ(try_name("\u0410nn\u0430").status, 409) << "but Latin n between Cyrillic а";
}

// Accounts made before skeletons were kept get theirs when the server
// starts: a new name that looks like one of them is taken.
TEST(ServerAccounts, AccountsMadeBeforeSkeletonsGetThemAtStart) {
  testing::ForwardingStore store;
  ASSERT_FALSE(store.accounts().create_account(
      {.id = "old1", .name = "Anna", .folded = "anna", .password_hash = "x", .created = 1}));
  ASSERT_FALSE(store.accounts().create_account(
      {.id = "old2", .name = "Bob", .folded = "bob", .password_hash = "x", .created = 1}));
  TestServer server(behind_proxy(), store);
  EXPECT_TRUE(store.accounts().accounts_without_skeleton(10)->empty());
  EXPECT_EQ((*store.accounts().account("old1"))->skeleton, "anna");
  Device d{.port = server.port(), .from = "10.0.3.1"};
  EXPECT_EQ(sign_up(d, "\u0410nna").body["code"], "account/exists");
  EXPECT_EQ(sign_up(d, "Bob-2").status, 201);
}

// New passwords are checked against a dictionary and
// simple patterns; the refusal says why (`reason`, which the web words).
TEST(ServerAccounts, WeakPasswordsAreRefusedWithTheirReason) {
  TestServer server(behind_proxy());
  int address = 0;
  auto try_password = [&](const std::string& password) {
    Device d{.port = server.port(), .from = "10.0.4." + std::to_string(++address)};
    return sign_up(d, "Carla" + std::to_string(address), password);
  };
  const std::map<std::string, std::string> weak = {
      {"12345678", "simple"},     {"password", "dictionary"}, {"Password1", "dictionary"},
      {"        ", "repetitive"}, {"12341234", "repetitive"}, {"short", "length"},
      {"abcdefgh", "simple"}};
  for (const auto& [password, reason] : weak) {
    auto r = try_password(password);
    EXPECT_EQ(r.status, 400) << password;
    EXPECT_EQ(r.body["code"], "account/password") << password;
    EXPECT_EQ(r.body["reason"], reason) << password << ": " << r.text;
    EXPECT_FALSE(r.body.value("message", "").empty());
  }
  Device named{.port = server.port(), .from = "10.0.4.100"};
  auto with_name = sign_up(named, "Marguerite", "Marguerite 2024");
  EXPECT_EQ(with_name.body["reason"], "name") << with_name.text;
  for (const char* good : {"correct horse battery", "Il mio gatto", "한국어비밀번호입니다"})
    EXPECT_EQ(try_password(good).status, 201) << good;
  // A new password (changed, or set by a recovery code) passes the same check.
  Device anna{.port = server.port(), .from = "10.0.4.101"};
  auto up = sign_up(anna, "Anna");
  ASSERT_EQ(up.status, 201);
  auto change =
      anna.post("/api/account/password", {{"password", kPassword}, {"new_password", "password"}});
  EXPECT_EQ(change.body["code"], "account/password");
  EXPECT_EQ(change.body["reason"], "dictionary");
  auto rec = anna.post(
      "/api/account/recover",
      {{"name", "Anna"}, {"code", up.body["recovery_codes"][0]}, {"password", "12345678"}});
  EXPECT_EQ(rec.body["reason"], "simple") << rec.text;
  EXPECT_EQ(anna.post("/api/account/recover", {{"name", "Anna"},
                                               {"code", up.body["recovery_codes"][0]},
                                               {"password", "another good secret"}})
                .status,
            200)
      << "the refused recovery did not use the code";
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
  EXPECT_EQ(friends.body["friends"][0]["mutual"], false) << "Ben has not added Anna";
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

// An invitation names the account that sent it, never
// the seat (whose name anyone chooses), and a guest cannot invite by name.
TEST(ServerAccounts, AnInvitationNamesItsSendersAccountAndGuestsCannotInvite) {
  TestServer server(fast_hashes());
  Device anna{server.port()}, ivan{server.port()}, guest{server.port()};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ivan, "Ivan").status, 201);
  auto [id, host] = lobby(guest);
  auto seat = guest.post("/api/tables/" + id + "/join", {{"seat", 0}, {"name", "Anna"}});
  ASSERT_EQ(seat.status, 200);
  auto r = guest.post("/api/tables/" + id + "/invite",
                      {{"name", "Ivan"}, {"token", seat.body["token"]}});
  EXPECT_EQ(r.status, 401) << r.text;
  EXPECT_EQ(r.body["code"], "auth/signed_out");
  EXPECT_EQ(
      guest.post("/api/tables/" + id + "/invite", {{"name", "Ivan"}, {"token", host}}).body["code"],
      "auth/signed_out")
      << "nor with the host's token";
  auto [id2, host2] = lobby(ivan);
  auto named = ivan.post("/api/tables/" + id2 + "/join", {{"seat", 0}, {"name", "Anna"}});
  ASSERT_EQ(named.status, 200);
  ASSERT_EQ(ivan.post("/api/tables/" + id2 + "/invite",
                      {{"name", "Anna"}, {"token", named.body["token"]}})
                .status,
            200);
  auto inv = anna.get("/api/account/invitations").body["invitations"];
  ASSERT_EQ(inv.size(), 1u) << inv.dump();
  EXPECT_EQ(inv[0]["from"], "Ivan") << "the account, not the seat named Anna";
}

// An account holds at most max_invitations open
// invitations and sends at most invitations_per_hour; it may take
// invitations from the accounts it added only.
TEST(ServerAccounts, InvitationsAreCappedAndMayComeFromFriendsOnly) {
  ServerOptions o = fast_hashes();
  o.max_invitations = 3;
  o.invitations_per_hour = 5;
  TestServer server(o);
  Device vera{server.port()}, stan{server.port()}, sid{server.port()};
  ASSERT_EQ(sign_up(vera, "Vera").status, 201);
  ASSERT_EQ(sign_up(stan, "Stan").status, 201);
  ASSERT_EQ(sign_up(sid, "Sid").status, 201);
  std::vector<std::pair<std::string, std::string>> tables;
  for (int i = 0; i < 7; ++i) tables.push_back(lobby(stan));
  auto invite = [&](Device& from, int i, const std::string& to) {
    return from.post("/api/tables/" + tables[i].first + "/invite",
                     {{"name", to}, {"token", tables[i].second}});
  };
  for (int i = 0; i < 3; ++i) ASSERT_EQ(invite(stan, i, "Vera").status, 200) << i;
  auto full = invite(stan, 3, "Vera");
  EXPECT_EQ(full.status, 429) << full.text;
  EXPECT_EQ(full.body["code"], "invite/too_many");
  EXPECT_EQ(invite(stan, 0, "Vera").status, 200) << "one again to the same table replaces it";
  EXPECT_EQ(vera.get("/api/account/invitations").body["invitations"].size(), 3u);
  // A table that started (or is gone) holds no invitation: room again.
  ASSERT_EQ(vera.post("/api/tables/" + tables[0].first + "/join", {{"seat", 0}}).status, 200);
  EXPECT_EQ(invite(stan, 3, "Vera").status, 200) << "the one Vera took up left room";
  // Stan has sent 5 (the refused one not counted) this hour: the 6th is refused, to anyone.
  auto hourly = invite(stan, 4, "Sid");
  EXPECT_EQ(hourly.body["code"], "invite/too_many") << hourly.text;
  // Friends only: Sid, whom Vera has not added, is refused; once added, not.
  ASSERT_EQ(vera.post("/api/account/friends-only", {{"friends_only", true}}).status, 200);
  EXPECT_EQ(vera.get("/api/account").body["friends_only"], true);
  ASSERT_EQ(vera.post("/api/account/invitations/dismiss", {{"table", tables[1].first}}).status,
            200);
  auto [sid_table, sid_host] = lobby(sid);
  auto refused =
      sid.post("/api/tables/" + sid_table + "/invite", {{"name", "Vera"}, {"token", sid_host}});
  EXPECT_EQ(refused.status, 403) << refused.text;
  EXPECT_EQ(refused.body["code"], "invite/refused");
  ASSERT_EQ(vera.post("/api/account/friends", {{"name", "Sid"}}).status, 200);
  EXPECT_EQ(
      sid.post("/api/tables/" + sid_table + "/invite", {{"name", "Vera"}, {"token", sid_host}})
          .status,
      200);
  EXPECT_EQ(vera.post("/api/account/friends-only", {{"friends_only", "yes"}}).body["code"],
            "request/malformed");
}

// The account channel (/ws/account, docs/protocol.md): a signed-in
// person's open pages hear of an invitation to them the moment it is made,
// without asking; nobody else's channel hears of it (the inviter's, a third
// account's), and a channel without a session is refused.

// Each account channel says it is ready first.
void expect_ready(std::initializer_list<WsClient*> channels) {
  for (WsClient* c : channels) {
    auto ready = c->next(std::chrono::seconds(5));
    ASSERT_TRUE(ready) << c->raw();
    EXPECT_EQ(ready->value("type", ""), "ready") << ready->dump();
  }
}

TEST(ServerAccounts, AnInvitationReachesTheInviteesOpenChannelsAtOnceAndNobodyElses) {
  TestServer server(fast_hashes());
  Device anna{server.port()}, ben{server.port()}, carl{server.port()}, ben_phone{server.port()};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  ASSERT_EQ(sign_up(carl, "Carl").status, 201);
  ASSERT_EQ(
      ben_phone.post("/api/account/signin", {{"name", "Ben"}, {"password", kPassword}}).status,
      200);
  auto open = [&](const Device& d) {
    return WsClient(server.port(), "/ws/account", 0, false, d.cookie);
  };
  WsClient ben_laptop_ch = open(ben), ben_phone_ch = open(ben_phone), anna_ch = open(anna),
           carl_ch = open(carl);
  expect_ready({&ben_laptop_ch, &ben_phone_ch, &anna_ch, &carl_ch});
  auto [id, host] = lobby(anna);
  const auto asked = std::chrono::steady_clock::now();
  ASSERT_EQ(anna.post("/api/tables/" + id + "/invite", {{"name", "Ben"}, {"token", host}}).status,
            200);
  for (WsClient* c : {&ben_laptop_ch, &ben_phone_ch}) {
    auto m = c->next(std::chrono::seconds(2));
    ASSERT_TRUE(m) << "no invitation within 2 s: " << c->raw();
    EXPECT_EQ(m->value("type", ""), "invitation") << m->dump();
    EXPECT_EQ((*m)["invitation"].value("table", ""), id) << m->dump();
    EXPECT_EQ((*m)["invitation"].value("from", ""), "Anna") << m->dump();
    EXPECT_EQ((*m)["invitation"].value("game", ""), "ufo") << m->dump();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(2));
  for (WsClient* c : {&anna_ch, &carl_ch}) {
    auto m = c->next(std::chrono::seconds(1));
    EXPECT_FALSE(m) << "told of another's invitation: " << (m ? m->dump() : "");
    EXPECT_TRUE(c->timed_out()) << "nothing came: the server did not close it either";
  }
  // Without a session: refused, with the reason as the close frame's.
  WsClient stranger(server.port(), "/ws/account", 0, false);
  auto refused = stranger.next(std::chrono::seconds(5));
  ASSERT_TRUE(refused) << stranger.raw();
  EXPECT_EQ(refused->value("code", ""), "auth/signed_out") << refused->dump();
  EXPECT_FALSE(stranger.next(std::chrono::seconds(5)));
  EXPECT_EQ(stranger.close_reason(), "auth/signed_out");
  // Ben closes his laptop: his phone still hears of the next invitation.
  ben_laptop_ch.close();
  auto [id2, host2] = lobby(anna);
  ASSERT_EQ(anna.post("/api/tables/" + id2 + "/invite", {{"name", "Ben"}, {"token", host2}}).status,
            200);
  auto m = ben_phone_ch.next(std::chrono::seconds(2));
  ASSERT_TRUE(m) << ben_phone_ch.raw();
  EXPECT_EQ((*m)["invitation"].value("table", ""), id2);
}

// Several nodes (docs/scaling.md): Ben's page holds its channel on node b,
// Anna invites him on node a, which holds the table. Node b reads the store
// every second and tells Ben's channel, not Carl's; Ben signing out on node a
// closes his channel on node b.
TEST(ServerAccounts, AnInvitationMadeOnAnotherNodeReachesTheChannelWithinTwoSeconds) {
  auto shared = store::SqliteStore::open(":memory:");
  ASSERT_TRUE(shared);
  auto node = [](const std::string& name) {
    ServerOptions o = fast_hashes();
    o.node = name;
    return o;
  };
  TestServer a(node("a"), **shared);
  TestServer b(node("b"), **shared);
  Device anna{a.port()}, ben{a.port()}, carl{a.port()};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  ASSERT_EQ(sign_up(carl, "Carl").status, 201);
  auto open = [&](const Device& d) {
    return WsClient(b.port(), "/ws/account", 0, false, d.cookie);
  };
  WsClient ben_ch = open(ben), carl_ch = open(carl);
  expect_ready({&ben_ch, &carl_ch});
  auto [id, host] = lobby(anna);
  const auto asked = std::chrono::steady_clock::now();
  ASSERT_EQ(anna.post("/api/tables/" + id + "/invite", {{"name", "Ben"}, {"token", host}}).status,
            200);
  auto m = ben_ch.next(std::chrono::seconds(3));
  ASSERT_TRUE(m) << "node b told nothing within 3 s: " << ben_ch.raw();
  EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(2));
  EXPECT_EQ(m->value("type", ""), "invitation") << m->dump();
  EXPECT_EQ((*m)["invitation"].value("table", ""), id) << m->dump();
  EXPECT_EQ((*m)["invitation"].value("from", ""), "Anna") << m->dump();
  // Signed out on node a: node b closes the session's channel at its next
  // polls, which told the invitation once (the next message is the close's).
  std::this_thread::sleep_for(std::chrono::seconds(2));
  Device old_ben = ben;
  ASSERT_EQ(ben.post("/api/account/signout", Json::object()).status, 200);
  old_ben.port = b.port();
  EXPECT_EQ(old_ben.get("/api/account").status, 401) << "node b still takes the session";
  auto closed = ben_ch.next(std::chrono::seconds(3));
  ASSERT_TRUE(closed) << ben_ch.raw();
  EXPECT_EQ(closed->value("code", ""), "auth/signed_out") << "told twice? " << closed->dump();
  EXPECT_FALSE(ben_ch.next(std::chrono::seconds(3)));
  EXPECT_EQ(ben_ch.close_reason(), "auth/signed_out");
  // Carl was told nothing (his channel still open).
  auto carls = carl_ch.next(std::chrono::seconds(1));
  EXPECT_FALSE(carls) << "told of another's invitation: " << (carls ? carls->dump() : "");
  EXPECT_TRUE(carl_ch.timed_out()) << "nothing came: the server did not close it either";
}

// An account holds at most AccountChannels::kMaxPerAccount channels: one
// more is refused; signing out closes the session's channels at once.
TEST(ServerAccounts, AnAccountsChannelsAreCappedAndClosedAtSignOut) {
  TestServer server(fast_hashes());
  Device ben{server.port()};
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  std::vector<std::unique_ptr<WsClient>> open;
  for (std::size_t i = 0; i < AccountChannels::kMaxPerAccount; ++i) {
    open.push_back(std::make_unique<WsClient>(server.port(), "/ws/account", 0, false, ben.cookie));
    auto ready = open.back()->next(std::chrono::seconds(5));
    ASSERT_TRUE(ready) << open.back()->raw();
    ASSERT_EQ(ready->value("type", ""), "ready") << ready->dump();
  }
  WsClient one_more(server.port(), "/ws/account", 0, false, ben.cookie);
  auto refused = one_more.next(std::chrono::seconds(5));
  ASSERT_TRUE(refused) << one_more.raw();
  EXPECT_EQ(refused->value("code", ""), "auth/too_many_channels") << refused->dump();
  EXPECT_FALSE(one_more.next(std::chrono::seconds(5)));
  EXPECT_EQ(one_more.close_reason(), "auth/too_many_channels");
  // One closed: a new one opens.
  open.front().reset();
  WsClient again(server.port(), "/ws/account", 0, false, ben.cookie);
  bool ready = false;
  for (int i = 0; i < 50 && !ready; ++i) {
    auto m = again.next(std::chrono::seconds(5));
    ASSERT_TRUE(m) << again.raw();
    ready = m->value("type", "") == "ready";
    if (!ready) {
      EXPECT_EQ(m->value("code", ""), "auth/too_many_channels");
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      again = WsClient(server.port(), "/ws/account", 0, false, ben.cookie);
    }
  }
  EXPECT_TRUE(ready) << "a channel closed makes room for another";
  ASSERT_EQ(ben.post("/api/account/signout", Json::object()).status, 200);
  for (auto& c : open) {
    if (!c) continue;
    auto m = c->next(std::chrono::seconds(2));
    ASSERT_TRUE(m) << "not closed at sign-out: " << c->raw();
    EXPECT_EQ(m->value("code", ""), "auth/signed_out") << m->dump();
  }
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
  ASSERT_EQ(ben.post("/api/account/friends", {{"name", "Anna"}}).status, 200);
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

// Presence is shown only between accounts that added
// each other. Adding a hidden account works, and shows nothing of it.
TEST(ServerAccounts, PresenceIsShownOnlyBetweenAccountsThatAddedEachOther) {
  TestServer server(fast_hashes());
  Device vera{server.port()}, stan{server.port()};
  ASSERT_EQ(sign_up(vera, "Vera").status, 201);
  ASSERT_EQ(sign_up(stan, "Stan").status, 201);
  ASSERT_EQ(vera.post("/api/account/hide", {{"hidden", true}}).status, 200);
  ASSERT_EQ(stan.post("/api/account/friends", {{"name", "Vera"}}).status, 200);
  auto [id, host] = lobby(stan);
  WsClient watching(server.port(), "/ws/tables/" + id, 0, true, vera.cookie);
  ASSERT_EQ(vera.get("/api/account").status, 200);  // and just seen
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto f = stan.get("/api/account/friends");
  ASSERT_EQ(f.body["friends"].size(), 1u) << f.text;
  EXPECT_EQ(f.body["friends"][0], Json({{"name", "Vera"}, {"mutual", false}, {"online", false}}));
  // Once Vera adds Stan, each sees the other.
  ASSERT_EQ(vera.post("/api/account/friends", {{"name", "Stan"}}).status, 200);
  f = stan.get("/api/account/friends");
  EXPECT_EQ(f.body["friends"][0], Json({{"name", "Vera"}, {"mutual", true}, {"online", true}}));
  EXPECT_EQ(vera.get("/api/account/friends").body["friends"][0]["online"], true) << "Stan asked";
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

// A rated lobby of two people's seats made by `host` (started by play_out).
std::pair<std::string, std::string> rated_lobby(Device& host, Json params = Json::object()) {
  auto r = host.post("/api/tables", {{"game", "ufo"},
                                     {"params", params},
                                     {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                                     {"undo", false},
                                     {"rated", true},
                                     {"auto_start", false}});
  EXPECT_EQ(r.status, 201) << r.text;
  return {r.body.value("id", ""), r.body.value("host_token", "")};
}

// Anna and Ben play a rated Ufo! of one round to the end, each from their
// device's address: the table's result.
Json rated_game(unsigned short port, Device& anna, Device& ben) {
  auto [id, host] = rated_lobby(anna, {{"max_rounds", 1}});
  const std::string t0 = anna.post("/api/tables/" + id + "/join", {{"seat", 0}}).body["token"];
  const std::string t1 = ben.post("/api/tables/" + id + "/join", {{"seat", 1}}).body["token"];
  play_out(port, id, host, t0, t1, {anna.address, ben.address});
  return Device{port}.get("/api/tables/" + id + "/record").body["result"];
}

// The account's rating in Ufo! on its profile (null: none).
Json ufo_rating(Device& d, const std::string& name) {
  return d.get("/api/players/" + name).body["games"]["ufo"]["rating"];
}

// A rated table gives no hints (docs/ratings.md): it cannot allow them, and
// asking there is refused with its own code, at anyone's decision.
TEST(ServerAccounts, ARatedTableGivesNoHints) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, ben{port};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  auto allowing = anna.post("/api/tables", {{"game", "ufo"},
                                            {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                                            {"undo", false},
                                            {"rated", true},
                                            {"hints", true}});
  EXPECT_EQ(allowing.body.value("code", ""), "table/unrated") << allowing.text;
  auto [id, host] = rated_lobby(anna);
  const std::string t0 = anna.post("/api/tables/" + id + "/join", {{"seat", 0}}).body["token"];
  const std::string t1 = ben.post("/api/tables/" + id + "/join", {{"seat", 1}}).body["token"];
  ASSERT_EQ(testing::http_post(port, "/api/tables/" + id + "/start", {{"host_token", host}}).status,
            200);
  for (const std::string& token : {t0, t1}) {
    WsClient ws(port, "/ws/tables/" + id + "?token=" + token);
    ASSERT_TRUE(ws.next_of("state"));
    ws.send({{"type", "hint"}});
    auto refused = ws.next_of("error");
    ASSERT_TRUE(refused);
    EXPECT_EQ((*refused)["code"], "hint/rated");
  }
}

// At a rated table a seat shows its account's name, whatever name
// the join gives (Ben under Anna's name read "Anna" at every seat).
TEST(ServerAccounts, ARatedSeatShowsItsAccountsName) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, ben{port};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  auto [id, host] = rated_lobby(anna);
  const std::string t0 =
      anna.post("/api/tables/" + id + "/join", {{"seat", 0}, {"name", "Anna"}}).body["token"];
  auto as_anna = ben.post("/api/tables/" + id + "/join", {{"seat", 1}, {"name", "Anna"}});
  ASSERT_EQ(as_anna.status, 200) << as_anna.text;
  WsClient a(port, "/ws/tables/" + id + "?token=" + t0);
  auto state = a.next_of("state");
  ASSERT_TRUE(state);
  EXPECT_EQ((*state)["seats"][0]["name"], "Anna");
  EXPECT_EQ((*state)["seats"][1]["name"], "Ben");
}

// A private table is its players' own business: their own
// profile lists it, a stranger's view of it does not (its id would let them
// watch it); a public one is listed to everyone.
TEST(ServerAccounts, APrivateTableIsListedOnItsPlayersOwnProfileOnly) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, stranger{port};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  std::map<bool, std::string> ids;
  for (const bool is_public : {false, true}) {
    auto r = stranger.post("/api/tables", {{"game", "ufo"},
                                           {"params", {{"max_rounds", 1}}},
                                           {"public", is_public},
                                           {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}},
                                           {"auto_start", false}});
    ASSERT_EQ(r.status, 201);
    ids[is_public] = r.body["id"];
    const std::string t0 =
        anna.post("/api/tables/" + ids[is_public] + "/join", {{"seat", 0}}).body["token"];
    const std::string t1 =
        stranger.post("/api/tables/" + ids[is_public] + "/join", {{"seat", 1}}).body["token"];
    ASSERT_NO_FATAL_FAILURE(play_out(port, ids[is_public], r.body["host_token"], t0, t1));
  }
  auto listed = [](const Json& profile) {
    std::set<std::string> out;
    for (const Json& f : profile["finished"]) out.insert(f["table"].get<std::string>());
    return out;
  };
  const Json own = anna.get("/api/players/Anna").body,
             seen = stranger.get("/api/players/Anna").body;
  EXPECT_EQ(listed(own), (std::set<std::string>{ids[false], ids[true]}));
  EXPECT_EQ(listed(seen), (std::set<std::string>{ids[true]})) << seen.dump();
  EXPECT_EQ(seen["games"]["ufo"]["played"], 2) << "counted, not listed";
}

// Two accounts (docs/ratings.md, "Games that count") that shared
// an address lately are not rated against each other, even when each then
// plays from an address of its own; nor are two at one address.
TEST(ServerAccounts, RatedGamesCountOnlyBetweenAccountsThatSharedNoAddressLately) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, ben{port}, guest{port};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  anna.address = ben.address = "127.0.0.2";
  rated_game(port, anna, ben);
  EXPECT_EQ(ufo_rating(guest, "Anna"), nullptr) << "one address";
  EXPECT_EQ(ufo_rating(guest, "Ben"), nullptr);
  // Ben at home now; but he played from Anna's address a minute ago.
  ben.address = "127.0.0.3";
  rated_game(port, anna, ben);
  EXPECT_EQ(ufo_rating(guest, "Anna"), nullptr) << "an address shared lately";
  EXPECT_EQ(ufo_rating(guest, "Ben"), nullptr);
  // Carla has never been where Anna was: their game counts.
  Device carla{port};
  carla.address = "127.0.0.4";
  ASSERT_EQ(sign_up(carla, "Carla").status, 201);
  rated_game(port, anna, carla);
  EXPECT_EQ(ufo_rating(guest, "Anna")["games"], 1);
  EXPECT_EQ(ufo_rating(guest, "Carla")["games"], 1);
  EXPECT_EQ(ufo_rating(guest, "Ben"), nullptr);
}

// Nor between accounts that signed in from one browser lately
// (its meeple_device cookie), wherever they played from; the store knows
// it, so it holds after a restart and on any node.
TEST(ServerAccounts, RatedGamesCountOnlyBetweenAccountsThatSharedNoDeviceLately) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, ben{port}, guest{port};
  anna.address = "127.0.0.2";
  ben.address = "127.0.0.3";
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  // Ben signs in once on Anna's laptop (her browser), at a café.
  Device laptop{port};
  laptop.device = anna.device;
  laptop.address = "127.0.0.8";
  ASSERT_EQ(laptop.post("/api/account/signin", {{"name", "Ben"}, {"password", kPassword}}).status,
            200);
  ASSERT_EQ(laptop.device, anna.device) << "the browser keeps its device";
  rated_game(port, anna, ben);
  EXPECT_EQ(ufo_rating(guest, "Anna"), nullptr) << "one browser";
  EXPECT_EQ(ufo_rating(guest, "Ben"), nullptr);
  Device carla{port};
  carla.address = "127.0.0.4";
  ASSERT_EQ(sign_up(carla, "Carla").status, 201);
  rated_game(port, anna, carla);
  EXPECT_EQ(ufo_rating(guest, "Anna")["games"], 1);
  EXPECT_EQ(ufo_rating(guest, "Carla")["games"], 1);
}

// The names on a game's leaderboard (GET /api/leaderboards/{game}), best
// first.
std::vector<std::string> board_names(Device& d, const std::string& query = "") {
  auto r = d.get("/api/leaderboards/ufo" + query);
  EXPECT_EQ(r.status, 200) << r.text;
  std::vector<std::string> names;
  for (const Json& row : r.body["rows"]) names.push_back(row["name"]);
  return names;
}

// A rated table that counts puts both its players on the game's board; one
// between accounts of one address (a farm) moves nobody there; a hidden
// account is not on it, and its neighbourhood and friends' views show it
// only to itself.
TEST(ServerAccounts, ALeaderboardHoldsOnlyRatedGamesThatCountAndNoHiddenAccount) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, ben{port}, carla{port}, guest{port};
  anna.address = "127.0.0.2";
  ben.address = "127.0.0.2";  // Anna's second account, at her address
  carla.address = "127.0.0.4";
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  ASSERT_EQ(sign_up(carla, "Carla").status, 201);
  EXPECT_TRUE(board_names(guest).empty());
  rated_game(port, anna, ben);
  EXPECT_TRUE(board_names(guest).empty()) << "a farmed game moves nobody onto the board";

  const Json result = rated_game(port, anna, carla);
  auto board = guest.get("/api/leaderboards/ufo").body;
  ASSERT_EQ(board["rows"].size(), 2u) << board.dump();
  const bool anna_won = result["rank"][0] == 1;
  EXPECT_EQ(board["rows"][0]["name"], anna_won ? "Anna" : "Carla");
  EXPECT_EQ(board["rows"][0]["place"], 1);
  EXPECT_EQ(board["rows"][1]["place"], 2);
  EXPECT_EQ(board["rows"][0]["games"], 1);
  EXPECT_EQ(board["rows"][0]["provisional"], true) << "one game: RD far above 110";
  EXPECT_EQ(board["rows"][0]["rating"], ufo_rating(guest, board["rows"][0]["name"])["rating"]);

  // Anna's neighbourhood and her friends (she added Carla).
  ASSERT_EQ(anna.post("/api/account/friends", {{"name", "Carla"}}).status, 200);
  auto around = anna.get("/api/leaderboards/ufo?view=around").body;
  EXPECT_EQ(around["place"], anna_won ? 1 : 2);
  EXPECT_EQ(around["rows"].size(), 2u);
  EXPECT_EQ(board_names(anna, "?view=friends").size(), 2u);
  EXPECT_EQ(guest.get("/api/leaderboards/ufo?view=around").body["code"], "auth/signed_out");

  ASSERT_EQ(carla.post("/api/account/hide", {{"hidden", true}}).status, 200);
  EXPECT_EQ(board_names(guest), std::vector<std::string>{"Anna"})
      << "a hidden profile stays hidden";
  EXPECT_EQ(board_names(anna, "?view=friends"), std::vector<std::string>{"Anna"});
  EXPECT_EQ(carla.get("/api/leaderboards/ufo?view=around").body["place"], nullptr);
  EXPECT_EQ(guest.get("/api/leaderboards/nogame").body["code"], "game/unknown");
  EXPECT_EQ(guest.get("/api/leaderboards/ufo?view=all").body["code"], "request/malformed");
  EXPECT_EQ(guest.get("/api/leaderboards/ufo?page=2").body["rows"].size(), 0u);
}

// A pair's repeated rated tables count less: the third of one
// window weighs 0.5 (rating::pair_weight), and the profiles show exactly
// the ratings of games weighed 1, 1 and 0.5.
TEST(ServerAccounts, APairsRepeatedRatedGamesCountLess) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, ben{port}, guest{port};
  anna.address = "127.0.0.2";
  ben.address = "127.0.0.3";
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  std::vector<std::optional<rating::Rating>> want = {rating::Rating{}, rating::Rating{}}, full;
  for (int n = 1; n <= 3; ++n) {
    const Json result = rated_game(port, anna, ben);
    full = *rating::rate_table(result, want);
    const double w = rating::pair_weight(n);
    want = *rating::rate_table(result, want, {{0, w}, {w, 0}});
  }
  EXPECT_EQ(rating::pair_weight(3), 0.5);
  const Json a = ufo_rating(guest, "Anna"), b = ufo_rating(guest, "Ben");
  ASSERT_TRUE(a.is_object() && b.is_object());
  EXPECT_EQ(a["games"], 3);
  EXPECT_NEAR(a["rating"].get<double>(), want[0]->rating, 1e-6);
  EXPECT_NEAR(a["rd"].get<double>(), want[0]->rd, 1e-6);
  EXPECT_NEAR(b["rating"].get<double>(), want[1]->rating, 1e-6);
  // Weighed 0.5, the third game moved Anna less than a whole game would have.
  EXPECT_GT(std::abs(full[0]->rd - want[0]->rd), 1e-3);
}

// An account seated at a table may not take a seat offered during
// the game (it would see two seats' secrets), from any address.
TEST(ServerAccounts, ASeatedAccountCannotTakeAnOfferedSeat) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  auto r = anna.post("/api/tables",
                     {{"game", "ufo"},
                      {"public", false},
                      {"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", "random"}}}}});
  const std::string id = r.body["id"], host = r.body["host_token"];
  ASSERT_EQ(anna.post("/api/tables/" + id + "/join", {{"seat", 0}}).status, 200);
  auto offer = anna.post("/api/tables/" + id + "/seat",
                         {{"host_token", host}, {"seat", 1}, {"kind", "person"}});
  for (int i = 0; i < 200 && offer.body.value("code", "") == "table/busy"; ++i)
    offer = anna.post("/api/tables/" + id + "/seat",
                      {{"host_token", host}, {"seat", 1}, {"kind", "person"}});
  ASSERT_EQ(offer.status, 200) << offer.text;
  anna.address = "127.0.0.9";  // her phone, on another network
  auto again = anna.post("/api/tables/" + id + "/join", {{"name", "Anna's twin"}});
  for (int i = 0; i < 200 && again.body.value("code", "") == "table/busy"; ++i)
    again = anna.post("/api/tables/" + id + "/join", {{"name", "Anna's twin"}});
  EXPECT_EQ(again.status, 409) << again.text;
  EXPECT_EQ(again.body["code"], "seat/held");
}

// --- The lobby to choose from (docs/protocol.md, "Choosing a table").

// Gives the account named `name` the rating `r` at `game`, as a rated
// table's end would have.
void rate_as(store::Store& store, const std::string& name, const std::string& game, double r) {
  auto a = store.accounts().account_named(name);
  ASSERT_TRUE(a && *a) << name;
  ASSERT_FALSE(store.accounts().save_rating((*a)->id, game, {.rating = r, .rd = 80, .games = 9}));
}

// The ids of a listing, in order.
std::vector<std::string> ids_of(const HttpReply& r) {
  std::vector<std::string> ids;
  for (const Json& t : r.body.value("tables", Json::array())) ids.push_back(t["id"]);
  return ids;
}

// A table made by `d`: its id.
std::string made_by(Device& d, Json body) {
  auto r = d.post("/api/tables", body);
  EXPECT_EQ(r.status, 201) << r.text;
  return r.body.value("id", "");
}

Json people(int n) {
  Json seats = Json::array();
  for (int i = 0; i < n; ++i) seats.push_back({{"kind", "person"}});
  return seats;
}

TEST(ServerLobby, TheOpenTablesAreFilteredAndSortedAndBadFiltersRefused) {
  TestServer server(fast_hashes());
  const auto port = server.port();
  Device anna{port}, ben{port}, guest{port};
  ASSERT_EQ(sign_up(anna, "Anna").status, 201);
  ASSERT_EQ(sign_up(ben, "Ben").status, 201);
  rate_as(server.store(), "anna", "ufo", 1800.4);
  // Ben has no rating at Ufo!: 1500, the first one.
  const std::string guests = made_by(
      guest, {{"game", "ufo"}, {"seats", people(2)}, {"languages", {"it"}}, {"auto_start", false}});
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const std::string annas_days = made_by(anna, {{"game", "ufo"},
                                                {"seats", people(3)},
                                                {"languages", {"en", "ko"}},
                                                {"turn_based", true},
                                                {"auto_start", false}});
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const std::string bens_rated = made_by(ben, {{"game", "first-giants"},
                                               {"seats", people(2)},
                                               {"languages", {"en"}},
                                               {"undo", false},
                                               {"rated", true},
                                               {"auto_start", false}});
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const std::string annas_quick = made_by(
      anna,
      {{"game", "ufo"}, {"seats", people(3)}, {"languages", {"it", "ko"}}, {"auto_start", false}});
  // One of annas_quick's three seats taken: two free.
  ASSERT_EQ(guest.post("/api/tables/" + annas_quick + "/join", {{"name", "p"}}).status, 200);
  using Ids = std::vector<std::string>;
  auto list = [&](const std::string& query) {
    auto r = guest.get("/api/tables" + query);
    EXPECT_EQ(r.status, 200) << query << ": " << r.text;
    return r;
  };
  EXPECT_EQ(ids_of(list("")), (Ids{annas_quick, bens_rated, annas_days, guests}))
      << "the newest first when nobody waits";
  EXPECT_EQ(ids_of(list("?game=ufo")), (Ids{annas_quick, annas_days, guests}));
  EXPECT_EQ(ids_of(list("?game=first-giants")), (Ids{bens_rated}));
  EXPECT_EQ(ids_of(list("?lang=it")), (Ids{annas_quick, guests}));
  EXPECT_EQ(ids_of(list("?lang=ko&game=ufo")), (Ids{annas_quick, annas_days}));
  EXPECT_EQ(ids_of(list("?speed=turn_based")), (Ids{annas_days}));
  EXPECT_EQ(ids_of(list("?speed=realtime")), (Ids{annas_quick, bens_rated, guests}));
  EXPECT_EQ(ids_of(list("?rated=true")), (Ids{bens_rated}));
  EXPECT_EQ(ids_of(list("?rated=false&speed=realtime")), (Ids{annas_quick, guests}));
  EXPECT_EQ(ids_of(list("?seats=3")), (Ids{annas_days}));
  EXPECT_EQ(ids_of(list("?seats=2")), (Ids{annas_quick, bens_rated, annas_days, guests}));
  EXPECT_EQ(ids_of(list("?host_min=1600")), (Ids{annas_quick, annas_days}))
      << "Anna's 1800; a guest's table has no host rating";
  EXPECT_EQ(ids_of(list("?host_max=1600")), (Ids{bens_rated}));
  EXPECT_EQ(ids_of(list("?host_min=1500&host_max=1500")), (Ids{bens_rated}));
  EXPECT_EQ(ids_of(list("?sort=host_rating")), (Ids{annas_quick, annas_days, bens_rated, guests}));
  EXPECT_EQ(ids_of(list("?sort=seats")), (Ids{annas_quick, bens_rated, guests, annas_days}))
      << "two free seats before three, the newest first among equals";
  EXPECT_EQ(ids_of(list("?sort=newest&game=ufo")), (Ids{annas_quick, annas_days, guests}));
  // Somebody waits at the guest's table: first by default, not by newest.
  WsClient at(port, "/ws/tables/" + guests);
  ASSERT_TRUE(at.next_of("state"));
  EXPECT_EQ(ids_of(list("?game=ufo")), (Ids{guests, annas_quick, annas_days}));
  EXPECT_EQ(ids_of(list("?sort=waiting&game=ufo")), (Ids{guests, annas_quick, annas_days}));
  EXPECT_EQ(ids_of(list("?sort=newest&game=ufo")), (Ids{annas_quick, annas_days, guests}));
  // The total counts what the filters chose; pages come after.
  auto page = list("?game=ufo&sort=newest&limit=2&page=2");
  EXPECT_EQ(page.body["total"], 3);
  EXPECT_EQ(ids_of(page), (Ids{guests}));
  // What each table says of itself.
  const Json t = list("?speed=turn_based").body["tables"][0];
  EXPECT_EQ(t["languages"], Json({"en", "ko"}));
  EXPECT_EQ(t["turn_based"], true);
  EXPECT_EQ(t["host_rating"], 1800);
  EXPECT_EQ(t["audience"],
            Json({{"min_rating", nullptr}, {"max_rating", nullptr}, {"friends_only", false}}));
  EXPECT_EQ(list("?lang=it&host_max=4000").body["total"], 1) << "the guest's table: no host rating";
  EXPECT_EQ(list("?game=first-giants").body["tables"][0]["host_rating"], 1500);
  EXPECT_EQ(list("?lang=it&sort=newest").body["tables"][1]["host_rating"], nullptr);
  for (const auto& [bad, names] :
       std::vector<std::pair<std::string, std::string>>{{"game=chess", "game"},
                                                        {"lang=fr", "lang"},
                                                        {"speed=fast", "speed"},
                                                        {"rated=yes", "rated"},
                                                        {"seats=0", "seats"},
                                                        {"seats=two", "seats"},
                                                        {"host_min=-1", "host_min"},
                                                        {"host_max=4001", "host_max"},
                                                        {"host_min=x", "host_min"},
                                                        {"host_min=2000&host_max=1000", "host_min"},
                                                        {"sort=best", "sort"},
                                                        {"phase=playing&game=ufo", "phase"}}) {
    auto r = guest.get("/api/tables?" + bad);
    EXPECT_EQ(r.status, 400) << bad;
    EXPECT_EQ(r.body["code"], "request/malformed") << bad;
    EXPECT_NE(r.body.value("message", "").find(names), std::string::npos) << bad << ": " << r.text;
  }
}

// A table for players rated 1400 to 1600, and one for the host's friends:
// who is outside is refused every seat (in the lobby, and a seat offered
// during the game) and is not shown the table; the host always sits at
// their own. The audience is stored with the lobby: a restart keeps it.
TEST(ServerLobby, ATableForARatingRangeOrFriendsSeatsAndListsOnlyThoseItIsFor) {
  auto owned = store::SqliteStore::open(":memory:");
  ASSERT_TRUE(owned);
  store::SqliteStore& store = **owned;
  auto server = std::make_unique<TestServer>(fast_hashes(), store);
  const auto port = server->port();
  Device anna{port}, ben{port}, cara{port}, guest{port};
  for (auto [d, name] : {std::pair{&anna, "Anna"}, {&ben, "Ben"}, {&cara, "Cara"}})
    ASSERT_EQ(sign_up(*d, name).status, 201);
  rate_as(store, "anna", "ufo", 1800);
  rate_as(store, "cara", "ufo", 1300);
  rate_as(store, "ben", "first-giants", 1100);  // Ben's Ufo!: 1500, the first rating
  for (const Json& bad :
       {Json{{"min_rating", -1}}, Json{{"max_rating", 4001}}, Json{{"min_rating", "1400"}},
        Json{{"min_rating", 1400.5}}, Json{{"min_rating", 1700}, {"max_rating", 1600}},
        Json{{"friends_only", "yes"}}}) {
    Json body = {{"game", "ufo"}, {"seats", people(2)}};
    body.update(bad);
    auto r = anna.post("/api/tables", body);
    EXPECT_EQ(r.status, 400) << bad.dump();
    EXPECT_EQ(r.body["code"], "request/malformed") << bad.dump();
  }
  for (const Json& some : {Json{{"friends_only", true}}, Json{{"min_rating", 1000}}}) {
    Json body = {{"game", "ufo"}, {"seats", people(2)}};
    body.update(some);
    auto r = guest.post("/api/tables", body);
    EXPECT_EQ(r.body["code"], "auth/signed_out") << "a guest's table is for anyone: " << r.text;
  }
  const std::string range = made_by(anna, {{"game", "ufo"},
                                           {"seats", people(3)},
                                           {"min_rating", 1400},
                                           {"max_rating", 1600},
                                           {"auto_start", false}});
  const std::string friends = made_by(
      anna, {{"game", "ufo"}, {"seats", people(3)}, {"friends_only", true}, {"auto_start", false}});
  ASSERT_EQ(anna.post("/api/account/friends", {{"name", "Cara"}}).status, 200);
  using Ids = std::vector<std::string>;
  auto seen_by = [](Device& d) {
    auto r = d.get("/api/tables");
    EXPECT_EQ(r.status, 200) << r.text;
    auto ids = ids_of(r);
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  auto sorted = [](Ids ids) {
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  EXPECT_EQ(seen_by(ben), (Ids{range}));
  EXPECT_EQ(seen_by(cara), (Ids{friends}));
  EXPECT_EQ(seen_by(guest), (Ids{}));
  EXPECT_EQ(seen_by(anna), sorted({range, friends})) << "the host sees their own";
  auto listed = ben.get("/api/tables").body["tables"][0];
  EXPECT_EQ(listed["audience"],
            Json({{"min_rating", 1400}, {"max_rating", 1600}, {"friends_only", false}}));
  auto join = [](Device& d, const std::string& id) {
    auto r = d.post("/api/tables/" + id + "/join", {{"name", "p"}});
    for (int i = 0; i < 200 && r.body.value("code", "") == "table/busy"; ++i)
      r = d.post("/api/tables/" + id + "/join", {{"name", "p"}});
    return r;
  };
  for (Device* outside : {&guest, &cara}) {
    auto r = join(*outside, range);
    EXPECT_EQ(r.status, 403) << r.text;
    EXPECT_EQ(r.body["code"], "table/not_for_you");
  }
  for (Device* outside : {&guest, &ben}) {
    auto r = join(*outside, friends);
    EXPECT_EQ(r.status, 403) << r.text;
    EXPECT_EQ(r.body["code"], "table/not_for_you");
  }
  EXPECT_EQ(join(ben, range).status, 200);
  EXPECT_EQ(join(cara, friends).status, 200);
  EXPECT_EQ(join(anna, range).status, 200) << "her own table, whatever her rating";
  // Restarted: the lobbies are read from the store with their audience.
  server.reset();
  server = std::make_unique<TestServer>(fast_hashes(), store);
  for (Device* d : {&anna, &ben, &cara, &guest}) d->port = server->port();
  EXPECT_EQ(seen_by(ben), (Ids{range}));
  EXPECT_EQ(seen_by(cara), (Ids{friends}));
  EXPECT_EQ(join(cara, range).body["code"], "table/not_for_you");
  EXPECT_EQ(join(ben, friends).body["code"], "table/not_for_you");
  // During the game: a bot's seat the host offers is the audience's too.
  auto made = anna.post("/api/tables",
                        {{"game", "ufo"},
                         {"public", false},
                         {"min_rating", 1400},
                         {"max_rating", 1600},
                         {"seats", {{{"kind", "person"}}, {{"kind", "bot"}, {"bot", "random"}}}}});
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"], host = made.body["host_token"];
  ASSERT_EQ(join(anna, id).status, 200);
  auto offer = anna.post("/api/tables/" + id + "/seat",
                         {{"host_token", host}, {"seat", 1}, {"kind", "person"}});
  for (int i = 0; i < 200 && offer.body.value("code", "") == "table/busy"; ++i)
    offer = anna.post("/api/tables/" + id + "/seat",
                      {{"host_token", host}, {"seat", 1}, {"kind", "person"}});
  ASSERT_EQ(offer.status, 200) << offer.text;
  cara.address = "127.0.0.5";
  ben.address = "127.0.0.6";
  auto refused = join(cara, id);
  EXPECT_EQ(refused.status, 403) << refused.text;
  EXPECT_EQ(refused.body["code"], "table/not_for_you");
  auto taken = join(ben, id);
  EXPECT_EQ(taken.status, 200) << taken.text;
  EXPECT_EQ(taken.body["seat"], 1);
}

}  // namespace
}  // namespace meeple::server
