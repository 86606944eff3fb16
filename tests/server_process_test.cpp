// The real binary: `meeple serve` as a child process on a database file,
// killed with -9 mid-game or in the lobby, restarted and played on; SIGTERM;
// a turn-based clock across a restart; `meeple loadtest` measuring it.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using namespace fixture;

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
      // Scripted players are faster than people: no rate limit in their way.
      ::execl(MEEPLE_BINARY, "meeple", "serve", "--port", "0", "--db", db.c_str(), "--log-level",
              "warn", "--rate", "1000000", "--burst", "1000000", static_cast<char*>(nullptr));
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
  pid_t pid() const { return pid_; }
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

TEST(ServeProcess, ALobbySurvivesKillNineWithItsSeatsTokensAndOptions) {
  TempDb db;
  NewTable t;
  std::string anna;
  {
    ServeProcess server(db.path);
    ASSERT_NE(server.port(), 0) << "meeple serve did not start";
    auto created =
        http_post(server.port(), "/api/tables",
                  {{"game", "ufo"},
                   {"seats", {{{"kind", "person"}}, {{"kind", "person"}}, {{"kind", "person"}}}},
                   {"public", true},
                   {"clock_seconds", 30},
                   {"grace_seconds", 5},
                   {"languages", {"en", "it"}}});
    ASSERT_EQ(created.status, 201) << created.text;
    t.id = created.body["id"];
    t.host_token = created.body["host_token"];
    auto joined =
        http_post(server.port(), "/api/tables/" + t.id + "/join", {{"seat", 0}, {"name", "Anna"}});
    ASSERT_EQ(joined.status, 200) << joined.text;
    anna = joined.body["token"];
    // The host makes seat 2 a bot and shortens the game.
    ASSERT_EQ(
        http_post(server.port(), "/api/tables/" + t.id + "/seat",
                  {{"host_token", t.host_token}, {"seat", 2}, {"kind", "bot"}, {"bot", "random"}})
            .status,
        200);
    ASSERT_EQ(http_post(server.port(), "/api/tables/" + t.id + "/options",
                        {{"host_token", t.host_token}, {"params", {{"max_rounds", 3}}}})
                  .status,
              200);
    server.kill9();
  }
  ServeProcess again(db.path);
  ASSERT_NE(again.port(), 0) << "meeple serve did not restart";
  // Still listed, with its one free seat.
  auto list = http_get(again.port(), "/api/tables");
  ASSERT_EQ(list.body["tables"].size(), 1u) << list.text;
  EXPECT_EQ(list.body["tables"][0]["id"], t.id);
  EXPECT_EQ(list.body["tables"][0]["phase"], "lobby");
  EXPECT_EQ(list.body["tables"][0]["free_seats"], 1);
  // Anna's token still opens her seat; the options and seats are as left.
  Player a(again.port(), "/ws/tables/" + t.id + "?token=" + anna);
  a.sync();
  ASSERT_FALSE(a.log.empty());
  EXPECT_EQ(a.log.back()["seat"], 0);
  EXPECT_EQ(a.log.back()["phase"], "lobby");
  EXPECT_EQ(a.log.back()["params"], Json({{"max_rounds", 3}}));
  EXPECT_EQ(a.log.back()["seats"][0]["name"], "Anna");
  EXPECT_TRUE(a.log.back()["seats"][0]["taken"].get<bool>());
  EXPECT_EQ(a.log.back()["seats"][2]["kind"], "bot");
  // The seat that was taken stays taken; the host's token still works.
  EXPECT_EQ(http_post(again.port(), "/api/tables/" + t.id + "/join", {{"seat", 0}}).body["code"],
            "seat/taken");
  EXPECT_EQ(http_post(again.port(), "/api/tables/" + t.id + "/start", {{"host_token", "nope"}})
                .body["code"],
            "auth/host");
  a.ws.send({{"type", "hello"}, {"lang", "it"}});  // a language of the table's
  a.sync();
  EXPECT_TRUE(a.errors.empty());
  // Ben joins the last seat: the game starts (auto_start) and plays to its end.
  auto ben = http_post(again.port(), "/api/tables/" + t.id + "/join", {{"name", "Ben"}});
  ASSERT_EQ(ben.status, 200) << ben.text;
  EXPECT_EQ(ben.body["seat"], 1);
  Player b(again.port(), "/ws/tables/" + t.id + "?token=" + ben.body["token"].get<std::string>());
  ASSERT_NO_FATAL_FAILURE(play_to_end({&a, &b}, 21));
  auto rec = http_get(again.port(), "/api/tables/" + t.id + "/record");
  ASSERT_EQ(rec.status, 200) << rec.text;
  EXPECT_EQ(rec.body["params"], Json({{"max_rounds", 3}}));
  EXPECT_EQ(rec.body["seats"][0], "Anna");
  EXPECT_EQ(rec.body["seats"][2], "random");
  // A third start: the lobby is gone (the game took its place).
  again.kill9();
  ServeProcess third(db.path);
  EXPECT_TRUE(http_get(third.port(), "/api/tables").body["tables"].empty());
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

// `meeple loadtest --server-pid` tells the server's CPU per action and, of
// it, its commit thread's: the part that more cores do not spread
// (docs/benchmarks-log.md, "The model for 8 and 16 cores").
TEST(ServeProcess, TheLoadtestTellsTheServersCpuAndItsCommitThreadsPart) {
  TempDb db;
  ServeProcess server(db.path);
  ASSERT_NE(server.port(), 0);
  const std::string command = fmt::format(
      "{} loadtest --url http://127.0.0.1:{} --tables 4 --seconds 1 --server-pid {} --json",
      MEEPLE_BINARY, server.port(), server.pid());
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), ::pclose);
  ASSERT_TRUE(pipe);
  std::string out;
  char buf[4096];
  while (const std::size_t n = std::fread(buf, 1, sizeof buf, pipe.get())) out.append(buf, n);
  const Json report = Json::parse(out, nullptr, false);
  ASSERT_TRUE(report.is_object()) << out;
  EXPECT_GT(report["durable_actions"].get<int>(), 0) << out;
  EXPECT_EQ(report["errors"], 0) << out;
  ASSERT_TRUE(report.contains("server_commit_thread_cpu_us_per_action")) << out;
  const double commit = report["server_commit_thread_cpu_us_per_action"].get<double>();
  EXPECT_GE(commit, 0.0);
  EXPECT_LE(commit, report["server_cpu_us_per_action"].get<double>()) << "a part of the server's";
}

TEST(ServeProcess, ATurnBasedClockGoesOnFromWhenTheDecisionBeganAfterARestart) {
  TempDb db;
  NewTable t;
  Json before;
  {
    ServeProcess server(db.path);
    ASSERT_NE(server.port(), 0);
    auto r = http_post(server.port(), "/api/tables",
                       {{"game", "first-giants"},
                        {"turn_based", true},
                        {"clock_seconds", 3600},
                        {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}});
    t.id = r.body["id"];
    for (int i = 0; i < 2; ++i)
      t.tokens.push_back(http_post(server.port(), "/api/tables/" + t.id + "/join", {{"seat", i}})
                             .body["token"]
                             .get<std::string>());
    Player a(server.port(), ws_path(t, 0));
    Player b(server.port(), ws_path(t, 1));
    Rng rng(3);
    std::vector<Player*> both = {&a, &b};
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(play_step(both, rng));
    a.sync();
    b.sync();
    before = http_post(server.port(), "/api/my-tables",
                       {{"seats",
                         {{{"table", t.id}, {"token", t.tokens[0]}},
                          {{"table", t.id}, {"token", t.tokens[1]}}}}})
                 .body;
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // time passes before the crash
    server.kill9();
  }
  ServeProcess again(db.path);
  ASSERT_NE(again.port(), 0);
  const Json after = http_post(again.port(), "/api/my-tables",
                               {{"seats",
                                 {{{"table", t.id}, {"token", t.tokens[0]}},
                                  {{"table", t.id}, {"token", t.tokens[1]}}}}})
                         .body;
  for (int i = 0; i < 2; ++i) {
    const Json& b = before["tables"][i];
    const Json& a = after["tables"][i];
    EXPECT_EQ(a["since"], b["since"]) << "the decision began before the restart";
    EXPECT_EQ(a["my_turn"], b["my_turn"]);
    if (b["my_turn"] == true) {
      EXPECT_NEAR(a["deadline"].get<double>(), b["deadline"].get<double>(), 1000)
          << "the clock did not start again";
    }
  }
}

}  // namespace
}  // namespace meeple::server
