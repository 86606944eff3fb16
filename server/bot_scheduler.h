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
// the other way round. And decisions known to be long (a "heavy" budget,
// see heavy_budget) never hold every thread: with two threads or more, one
// is always left to the others, so a quick bot waits at most for the quick
// decisions before it.
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

// A bot budget (bots/bot.h, BotBudget) whose decisions take long: more than
// a quarter second, or more iterations than a "hard" bot searches (10,000,
// at most 0.11 s a decision at the 95th percentile in every game).
bool heavy_budget(double seconds, int iterations);

class BotScheduler {
 public:
  using Clock = std::chrono::steady_clock;

  explicit BotScheduler(int threads, std::chrono::seconds half_life = std::chrono::seconds(60));
  ~BotScheduler();  // stop()
  BotScheduler(const BotScheduler&) = delete;
  BotScheduler& operator=(const BotScheduler&) = delete;

  // Runs `job` on one of the threads, when its table's turn comes (see
  // above). `heavy`: a decision of a long budget. Thread-safe. After stop()
  // the job is dropped (destroyed unrun).
  void submit(const std::string& table, std::function<void()> job, bool heavy = false);
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
    bool heavy = false;
    std::function<void()> run;
  };
  // A job a free thread may take now: a light one, or a heavy one while
  // fewer than max_heavy_ run.
  bool may_run(const Job& j) const { return !j.heavy || running_heavy_ < max_heavy_; }
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
  int max_heavy_ = 1;  // threads - 1, at least 1
  int running_heavy_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace meeple::server
