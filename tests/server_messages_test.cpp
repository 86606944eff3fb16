// The server's state messages, written as text (server/table.cpp): each is
// exactly the dump of its own JSON (keys in order, as building it as a Json
// gave), connections of the same seat and spectators get the same bytes,
// and every connection's patches rebuild the view every other connection
// sees at that version, also after a connection switches language.
#include <gtest/gtest.h>

#include <map>
#include <thread>

#include "server/server.h"
#include "store/sqlite_store.h"
#include "tests/server_client.h"
#include "tests/test_server.h"

namespace meeple::server {
namespace {

using testing::http_post;
using testing::TestServer;
using testing::WsClient;

struct Conn {
  Conn(unsigned short port, const std::string& path) : ws(port, path) {}
  WsClient ws;
  Json view;
  std::uint64_t version = 0;
  Json choices;
  std::vector<std::string> raw;  // every state message
  // Reads everything sent before now; checks each state message.
  void sync(std::map<std::uint64_t, Json>& views) {
    ws.send({{"type", "ping"}});
    for (;;) {
      auto m = ws.next();
      ASSERT_TRUE(m);
      if ((*m)["type"] == "pong") return;
      ASSERT_EQ((*m)["type"], "state") << ws.raw();
      EXPECT_EQ(ws.raw(), m->dump()) << "not in dump()'s order";
      raw.push_back(ws.raw());
      version = (*m)["version"];
      if (m->contains("view")) view = (*m)["view"];
      if (m->contains("view_patch")) view = view.patch((*m)["view_patch"]);
      if (!view.is_null()) {
        auto [it, fresh] = views.emplace(version, view);
        EXPECT_EQ(it->second, view) << "version " << version;
      }
      choices = m->value("choices", Json::array());
    }
  }
};

TEST(ServerMessages, SharedAcrossConnectionsAndTheSameAsTheirJsonDump) {
  TestServer server;
  auto t = http_post(server.port(), "/api/tables",
                     {{"game", "ufo"}, {"seats", {{{"kind", "person"}}, {{"kind", "person"}}}}});
  ASSERT_EQ(t.status, 201);
  const std::string id = t.body["id"];
  std::vector<std::string> tokens;
  for (int s = 0; s < 2; ++s)
    tokens.push_back(
        http_post(server.port(), "/api/tables/" + id + "/join", {{"seat", s}, {"name", "p"}})
            .body["token"]);
  const std::string base = "/ws/tables/" + id;
  Conn a(server.port(), base + "?token=" + tokens[0]);
  Conn a2(server.port(), base + "?token=" + tokens[0]);
  Conn b(server.port(), base + "?token=" + tokens[1]);
  Conn watcher(server.port(), base);
  Conn watcher2(server.port(), base);
  std::vector<Conn*> all = {&a, &a2, &b, &watcher, &watcher2};
  std::map<std::uint64_t, Json> views;
  for (Conn* c : all) ASSERT_NO_FATAL_FAILURE(c->sync(views));
  const std::size_t a_start = a.raw.size(), a2_start = a2.raw.size();
  const std::size_t w_start = watcher.raw.size(), w2_start = watcher2.raw.size();
  for (int step = 0; step < 300; ++step) {
    Conn* mover = !a.choices.empty() ? &a : !b.choices.empty() ? &b : nullptr;
    if (mover == nullptr) {
      ADD_FAILURE() << "nobody to act at step " << step << ": " << a.raw.back();
      break;
    }
    mover->ws.send(
        {{"type", "act"}, {"version", mover->version}, {"action", mover->choices[0]["action"]}});
    if (step == 100) a2.ws.send({{"type", "hello"}, {"lang", "it"}});
    // The mover first: once it has its answer, everyone's message is sent.
    ASSERT_NO_FATAL_FAILURE(mover->sync(views));
    for (Conn* c : all) {
      if (c != mover) {
        ASSERT_NO_FATAL_FAILURE(c->sync(views));
      }
    }
  }
  EXPECT_GT(views.size(), 100u);
  // Both spectators got the same bytes, and so did both tabs of seat 0
  // until one of them asked for Italian.
  EXPECT_EQ(std::vector(watcher.raw.begin() + static_cast<long>(w_start), watcher.raw.end()),
            std::vector(watcher2.raw.begin() + static_cast<long>(w2_start), watcher2.raw.end()));
  for (std::size_t k = 0; k < 50; ++k)
    EXPECT_EQ(a.raw.at(a_start + k), a2.raw.at(a2_start + k)) << k;
  // After hello the whole view again, then patches on it.
  auto whole_views = [](const std::vector<std::string>& raw, std::size_t from) {
    int n = 0;
    for (std::size_t k = from; k < raw.size(); ++k)
      n += raw[k].find(",\"view\":") != std::string::npos;
    return n;
  };
  EXPECT_EQ(whole_views(a2.raw, a2_start), whole_views(a.raw, a_start) + 1);
  EXPECT_EQ(a.view, a2.view);
  EXPECT_EQ(a.view, watcher.view);
}

}  // namespace
}  // namespace meeple::server
