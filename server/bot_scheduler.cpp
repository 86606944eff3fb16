#include "server/bot_scheduler.h"

#include <algorithm>
#include <cmath>

namespace meeple::server {

bool heavy_budget(double seconds, int iterations) {
  return seconds > 0.25 || iterations > 20000;
}

BotScheduler::BotScheduler(int threads, std::chrono::seconds half_life)
    : half_life_seconds_(static_cast<double>(half_life.count())),
      max_heavy_(std::max(1, threads - 1)) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { work(); });
}

BotScheduler::~BotScheduler() {
  stop();
}

void BotScheduler::submit(const std::string& table, std::function<void()> job, bool heavy) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;  // `job` is destroyed here, unrun
    queue_.push_back({table, next_order_++, heavy, std::move(job)});
  }
  // Every waiting thread looks: the one woken might not be allowed a heavy job.
  wake_.notify_all();
}

void BotScheduler::stop() {
  std::deque<Job> dropped;
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
    dropped.swap(queue_);
  }
  wake_.notify_all();
  dropped.clear();  // outside the lock: a job's captures may do anything when destroyed
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  std::lock_guard lock(mutex_);
  threads_.clear();
}

std::size_t BotScheduler::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

double BotScheduler::decayed(const Usage& u, Clock::time_point now) const {
  const double dt = std::chrono::duration<double>(now - u.at).count();
  return u.seconds * std::exp2(-dt / half_life_seconds_);
}

double BotScheduler::used_seconds(const std::string& table) const {
  std::lock_guard lock(mutex_);
  auto it = usage_.find(table);
  return it == usage_.end() ? 0 : decayed(it->second, Clock::now());
}

void BotScheduler::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] {
      return stopping_ ||
             std::any_of(queue_.begin(), queue_.end(), [this](const Job& j) { return may_run(j); });
    });
    if (stopping_) return;
    // The waiting decision this thread may take of the table that used
    // least bot time lately; among equals, the first to arrive.
    const auto now = Clock::now();
    auto used = [&](const Job& j) {
      auto it = usage_.find(j.table);
      return it == usage_.end() ? 0.0 : decayed(it->second, now);
    };
    auto best = queue_.end();
    double best_used = 0;
    for (auto it = queue_.begin(); it != queue_.end(); ++it)
      if (may_run(*it))
        if (const double u = used(*it); best == queue_.end() || u < best_used) {
          best = it;
          best_used = u;
        }
    Job job = std::move(*best);
    queue_.erase(best);
    running_heavy_ += job.heavy;
    lock.unlock();
    const auto start = Clock::now();
    job.run();
    const auto end = Clock::now();
    job.run = nullptr;  // its captures go before the lock is taken again
    lock.lock();
    if (job.heavy) {
      --running_heavy_;
      wake_.notify_all();  // a heavy job may wait for this one
    }
    Usage& u = usage_[job.table];
    u.seconds = decayed(u, end) + std::chrono::duration<double>(end - start).count();
    u.at = end;
    // Tables that have not used a bot for a long while are forgotten.
    if (usage_.size() > 1024 && usage_.size() > 4 * queue_.size())
      std::erase_if(usage_, [&](const auto& kv) { return decayed(kv.second, end) < 1e-3; });
  }
}

}  // namespace meeple::server
