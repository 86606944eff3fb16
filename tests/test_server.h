// A `meeple serve` inside a test: a server on a free loopback port with an
// in-memory SQLite store, its I/O threads running until the object goes.
// Scripted players are faster than people, so the rate limit is lifted
// unless the test sets its own.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <thread>

#include "server/server.h"
#include "store/sqlite_store.h"

namespace meeple::testing {

class TestServer {
 public:
  explicit TestServer(server::ServerOptions o = {}) {
    auto s = store::SqliteStore::open(":memory:");
    EXPECT_TRUE(s);
    store_ = std::move(*s);
    start(std::move(o), *store_);
  }
  // A node of several sharing `shared` (o.node names it).
  TestServer(server::ServerOptions o, store::Store& shared) { start(std::move(o), shared); }
  ~TestServer() { stop(); }
  // Stops the server (as SIGTERM does); the destructor does it otherwise.
  void stop() {
    if (!server_) return;
    server_->stop();
    thread_.join();
    server_.reset();
  }
  TestServer(const TestServer&) = delete;
  TestServer& operator=(const TestServer&) = delete;
  unsigned short port() const { return server_->port(); }
  store::SqliteStore& store() { return *store_; }

 private:
  void start(server::ServerOptions o, store::Store& store) {
    o.port = 0;
    if (o.table_threads == 0) o.table_threads = 4;
    if (o.rate_per_second == server::ServerOptions{}.rate_per_second) {
      o.rate_per_second = 1e6;
      o.rate_burst = 1e6;
    }
    o.log_level = "warn";
    server_ = std::make_unique<server::Server>(o, store);
    EXPECT_FALSE(server_->start());
    thread_ = std::thread([this] { server_->run(); });
  }
  std::unique_ptr<store::SqliteStore> store_;
  std::unique_ptr<server::Server> server_;
  std::thread thread_;
};

}  // namespace meeple::testing
