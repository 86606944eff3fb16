// The server's HTTP endpoints beside a table's play: the games, health and
// metrics, the built web client's files, the bots' review of a finished game.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/server_fixture.h"

namespace meeple::server {
namespace {

using testing::http_get;
using testing::http_post;
using testing::TestServer;
using namespace fixture;

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
  // The list is of what one can join: a lobby whose seats are all taken
  // (waiting for its host to start) is not in it.
  make_table(server.port(), "ufo", {{{"kind", "person"}}, {{"kind", "person"}}}, false);
  auto t = http_post(server.port(), "/api/tables", {{"game", "ufo"}, {"players", 2}});
  auto list = http_get(server.port(), "/api/tables");
  ASSERT_EQ(list.body["tables"].size(), 1u);
  EXPECT_EQ(list.body["tables"][0]["id"], t.body["id"]);
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

// The installable app's files (docs/web.md): the manifest with its own type,
// files named by their content's hash kept by the browser for good, and the
// ones a new build rewrites under the same name (the page, the service
// worker, the manifest) asked for again at every visit.
TEST(Server, StaticFilesSayHowLongTheBrowserMayKeepThem) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("meeple-pwa-" + std::to_string(::getpid()));
  fs::create_directories(dir / "assets");
  for (const char* name : {"index.html", "sw.js", "manifest.webmanifest", "offline.html",
                           "icon-192.png", "assets/index-a1b2c3.js"})
    std::ofstream(dir / name) << name;
  ServerOptions o;
  o.web_dir = dir.string();
  TestServer server(o);
  using testing::http::verb;
  auto get = [&](const std::string& target) {
    std::map<std::string, std::string> headers;
    auto r = testing::http_request(server.port(), verb::get, target, "", "", {}, &headers);
    EXPECT_EQ(r.status, 200) << target;
    return headers;
  };
  auto manifest = get("/manifest.webmanifest");
  EXPECT_EQ(manifest["Content-Type"], "application/manifest+json");
  EXPECT_EQ(manifest["Cache-Control"], "no-cache");
  auto sw = get("/sw.js");
  EXPECT_EQ(sw["Content-Type"], "text/javascript");
  EXPECT_EQ(sw["Cache-Control"], "no-cache");
  for (const char* page : {"/", "/index.html", "/offline.html", "/icon-192.png"})
    EXPECT_EQ(get(page)["Cache-Control"], "no-cache") << page;
  EXPECT_EQ(get("/icon-192.png")["Content-Type"], "image/png");
  EXPECT_EQ(get("/assets/index-a1b2c3.js")["Cache-Control"], "public, max-age=31536000, immutable");
  // The API is never kept.
  std::map<std::string, std::string> api;
  testing::http_request(server.port(), verb::get, "/api/games", "", "", {}, &api);
  EXPECT_EQ(api["Cache-Control"], "no-store");
  fs::remove_all(dir);
}

TEST(Server, TheBotsReviewOfAFinishedGameIsMadeOnceAndKept) {
  TestServer server;
  const unsigned short port = server.port();
  NewTable t = two_people(port, {{"game", "first-giants"}});
  const std::string review = "/api/tables/" + t.id + "/review";
  Player a(port, ws_path(t, 0));
  Player b(port, ws_path(t, 1));
  a.sync();
  b.sync();
  // Not before the end: the record holds hidden information until then.
  EXPECT_EQ(http_get(port, review + "?seat=0").body.value("code", ""), "table/unfinished");
  ASSERT_NO_FATAL_FAILURE(play_to_end({&a, &b}, 5));
  auto first = http_get(port, review + "?seat=1&lang=it");
  ASSERT_EQ(first.status, 200) << first.text;
  EXPECT_EQ(first.body["table"], t.id);
  EXPECT_EQ(first.body["seat"], 1);
  EXPECT_EQ(first.body["budget"], "1000");
  ASSERT_GT(first.body["decisions"].size(), 5u);
  for (const Json& d : first.body["decisions"]) {
    const double before = d["before"]["chance"].get<double>();
    EXPECT_TRUE(before >= 0 && before <= 1);
    EXPECT_FALSE(d["taken"]["words"].get<std::string>().empty());
  }
  // Kept: the same review again, at once.
  EXPECT_EQ(http_get(port, review + "?seat=1&lang=it").body, first.body);
  // Kept in the store too (seat, language, budget): another node, or this
  // one after a restart, answers from it instead of reviewing again (what
  // it answers is the stored review, here marked).
  auto stored = server.store().tables().load_review(t.id, "1|it|1000");
  ASSERT_TRUE(stored);
  EXPECT_EQ(*stored, first.body);
  Json marked = first.body;
  marked["marked"] = true;
  ASSERT_FALSE(server.store().tables().save_review(t.id, "1|it|1000", marked));
  {
    server::ServerOptions o;
    o.node = "second";
    TestServer other(o, server.store());
    EXPECT_EQ(http_get(other.port(), review + "?seat=1&lang=it").body, marked);
  }
  // Bad requests.
  EXPECT_EQ(http_get(port, review).body.value("code", ""), "request/malformed");
  EXPECT_EQ(http_get(port, review + "?seat=x").body.value("code", ""), "request/malformed");
  EXPECT_EQ(http_get(port, review + "?seat=5").body.value("code", ""), "review/seat");
  EXPECT_EQ(http_get(port, "/api/tables/nope/review?seat=0").body.value("code", ""),
            "table/unknown");
}

}  // namespace
}  // namespace meeple::server
