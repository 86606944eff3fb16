// Internal to store/: one PostgreSQL database as both of its stores use it
// (store/postgres_store.h describes the schema, the fencing and the group
// commit): a pool of writer connections, one reader, the retries around
// them, and the commit thread of tables' writes (postgres_commit.cpp).
#pragma once

#include <poll.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <pqxx/pqxx>

#include "store/commit_counters.h"
#include "store/postgres_store.h"

namespace meeple::store {

// libpq's messages span lines ("...\n\tIs the server running..."): one line.
std::string one_line(std::string_view s);
Error unavailable(std::string_view what, std::string_view why);
// A write function's answer when not done: why not.
Error refusal(const TableId& id, const Lease& lease, const std::string& why);
// A write function's answer: NULL (done) or why not.
MaybeError refusal(const TableId& id, const Lease& lease, const pqxx::field& f);
// Entries as the write functions take them.
Json entries_json(std::span<const Entry> entries);

struct PostgresDatabase {
  std::string url;
  PostgresOptions options;
  // One connection, used by one thread at a time; null until (re)connected.
  struct Slot {
    std::unique_ptr<pqxx::connection> conn;
  };
  std::vector<Slot> writers;
  std::vector<std::size_t> free;  // indexes of idle writers
  std::mutex pool_mutex;
  std::condition_variable pool_cv;
  Slot reader;
  std::mutex read_mutex;

  // A new connection, its commits durable (postgres_schema.cpp).
  static std::unique_ptr<pqxx::connection> connect(const std::string& url);

  // Whether the server sent something on an idle connection (no round trip:
  // a poll of its socket). We never LISTEN, so that is the server closing
  // it (shut down, restarted, connection terminated): the connection is
  // replaced before a write is sent on it rather than failing the write.
  static bool unsolicited(pqxx::connection& c) {
    pollfd p{.fd = c.sock(), .events = POLLIN, .revents = 0};
    return p.fd < 0 || ::poll(&p, 1, 0) != 0;
  }

  // Prepares the statements every connection has (postgres_schema.cpp).
  static void prepare(pqxx::connection& c);

  // Runs f(transaction) on the slot's connection, connecting first when
  // needed (retrying for options.retry). A read whose connection breaks is
  // retried within that time; a write is not (it may have committed).
  template <class R, class F>
  Expected<R> run(Slot& slot, bool write, std::string_view what, F&& f) {
    const auto deadline = std::chrono::steady_clock::now() + options.retry;
    std::string why;
    for (;;) {
      bool sent = false;
      try {
        if (slot.conn && slot.conn->is_open() && !unsolicited(*slot.conn)) {
          // An idle connection with nothing to read: used as it is.
        } else {
          slot.conn = connect(url);
          prepare(*slot.conn);
        }
        sent = true;
        pqxx::nontransaction tx(*slot.conn);
        Expected<R> r = f(tx);
        tx.commit();
        return r;
      } catch (const pqxx::broken_connection& e) {
        slot.conn.reset();
        why = e.what();
      } catch (const pqxx::sql_error& e) {
        // The server answered with an error: the connection may be fine, but
        // it is replaced in case it is in a bad state.
        slot.conn.reset();
        spdlog::warn("postgres store: {}: {}", what, e.what());
        if (e.sqlstate().starts_with("57") || e.sqlstate().starts_with("08"))
          why = e.what();  // admin shutdown, cannot connect now: as unreachable
        else
          return make_error(meeple::errc::kIo, fmt::format("postgres: {}: {}", what, e.what()));
      } catch (const pqxx::failure& e) {
        slot.conn.reset();
        why = e.what();
      } catch (const std::exception& e) {
        // A usage or conversion error (a bug, or a row not as the schema
        // says): reported, never thrown into the server's threads.
        slot.conn.reset();
        spdlog::error("postgres store: {}: {}", what, e.what());
        return make_error(meeple::errc::kIo, fmt::format("postgres: {}: {}", what, e.what()));
      }
      why = one_line(why);
      if ((sent && write) || std::chrono::steady_clock::now() >= deadline) {
        spdlog::warn("postgres store: {}: {}", what, why);
        return unavailable(what, why);
      }
      std::this_thread::sleep_for(options.retry_pause);
    }
  }

  template <class R, class F>
  Expected<R> write(std::string_view what, F&& f) {
    std::size_t i;
    {
      std::unique_lock lock(pool_mutex);
      pool_cv.wait(lock, [&] { return !free.empty(); });
      i = free.back();
      free.pop_back();
    }
    auto r = run<R>(writers[i], true, what, std::forward<F>(f));
    {
      std::lock_guard lock(pool_mutex);
      free.push_back(i);
    }
    pool_cv.notify_one();
    return r;
  }

  template <class R, class F>
  Expected<R> read(std::string_view what, F&& f) {
    std::lock_guard lock(read_mutex);
    return run<R>(reader, false, what, std::forward<F>(f));
  }

  // Group commit (write_async): one thread takes every queued write (up to
  // kBatch) and writes them with one statement on a writer connection
  // (meeple_write_many): one round trip and one commit for all of them.
  struct Queued {
    Write w;
    std::function<void(MaybeError)> done;
  };
  static constexpr std::size_t kBatch = 512;
  std::mutex queue_mutex;
  std::condition_variable queue_cv;
  std::deque<Queued> queue;
  bool stopping = false;
  std::thread committer;
  CommitCounters counters;

  // Takes every queued write (up to kBatch) and writes them together
  // (postgres_commit.cpp).
  void commit_loop();
  // Queues a write for the commit thread; `done` gets the outcome there,
  // or at once (io/failed) when it is stopping.
  void enqueue(Write w, std::function<void(MaybeError)> done);
  // Writes what is queued, then stops the commit thread.
  void stop();
};

}  // namespace meeple::store
