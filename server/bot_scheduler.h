// Internal to server/: the threads bots think on, shared fairly by tables.
//
// A table has at most one bot decision out at a time, but a server has many
// tables, and one table's bots may be slow (a long search budget) while
// another's answer in a millisecond. A plain queue serves them in arrival
// order, so tables of slow bots could keep every thread busy while a quick
// table waits behind them. Here each table's bot time is accounted (decayed
// over `half_life`, so a table is judged by its recent use), and a free
// thread takes the waiting decision of the table that used least: a table
// whose bots think long waits behind tables whose bots think little, never
// the other way round. No decision waits for more than the ones running
// (each capped by the server's bot budget) plus those of tables that used
// less than its own.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace meeple::server {

class BotScheduler {
 public:
  using Clock = std::chrono::steady_clock;

  explicit BotScheduler(int threads, std::chrono::seconds half_life = std::chrono::seconds(60));
  ~BotScheduler();  // stop()
  BotScheduler(const BotScheduler&) = delete;
  BotScheduler& operator=(const BotScheduler&) = delete;

  // Runs `job` on one of the threads, when its table's turn comes (see
  // above). Thread-safe. After stop() the job is dropped (destroyed unrun).
  void submit(const std::string& table, std::function<void()> job);
  // Drops the decisions not begun (their jobs are destroyed on this thread)
  // and waits for those under way. Idempotent.
  void stop();

  std::size_t queued() const;
  // The table's accounted bot time now, in seconds (decayed).
  double used_seconds(const std::string& table) const;

 private:
  struct Job {
    std::string table;
    std::uint64_t order;  // arrival, for ties
    std::function<void()> run;
  };
  struct Usage {
    double seconds = 0;  // decayed to `at`
    Clock::time_point at;
  };
  double decayed(const Usage& u, Clock::time_point now) const;
  void work();

  const double half_life_seconds_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  std::unordered_map<std::string, Usage> usage_;
  std::uint64_t next_order_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace meeple::server
