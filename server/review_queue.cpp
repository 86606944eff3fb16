#include "server/review_queue.h"

#include <pthread.h>
#include <sched.h>

#include <fmt/format.h>

namespace meeple::server {

ReviewQueue::ReviewQueue(std::size_t max_queued)
    : max_queued_(max_queued), thread_([this] { work(); }) {}

ReviewQueue::~ReviewQueue() {
  stop();
}

void ReviewQueue::ask(const std::string& key, std::function<Expected<Json>()> make, Reply reply) {
  std::unique_lock lock(mutex_);
  if (auto it = remembered_.find(key); it != remembered_.end()) {
    Json review = it->second;
    lock.unlock();
    return reply(std::move(review));
  }
  if (running_ && running_->key == key) return running_->replies.push_back(std::move(reply));
  for (Waiting& w : queue_)
    if (w.key == key) return w.replies.push_back(std::move(reply));
  if (stopping_ || queue_.size() >= max_queued_) {
    lock.unlock();
    return reply(make_error(
        kReviewBusy,
        fmt::format("{} reviews are waiting already: ask again in a minute", max_queued_)));
  }
  queue_.push_back({key, std::move(make), {}});
  queue_.back().replies.push_back(std::move(reply));
  lock.unlock();
  wake_.notify_one();
}

void ReviewQueue::stop() {
  std::deque<Waiting> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    stop_flag_ = true;
    dropped.swap(queue_);
  }
  wake_.notify_all();
  dropped.clear();
  if (thread_.joinable()) thread_.join();
}

std::size_t ReviewQueue::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

std::uint64_t ReviewQueue::made() const {
  std::lock_guard lock(mutex_);
  return made_;
}

void ReviewQueue::work() {
  // Linux's idle scheduling class: the thread runs only when a core has
  // nothing else to do (stronger than nice 19, which still takes a share
  // from busy cores).
  sched_param none{};
  pthread_setschedparam(pthread_self(), SCHED_IDLE, &none);
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    Waiting w = std::move(queue_.front());
    queue_.pop_front();
    running_ = &w;
    lock.unlock();
    Expected<Json> review = w.make();
    w.make = nullptr;
    lock.lock();
    running_ = nullptr;
    if (review) {
      ++made_;
      if (remembered_.emplace(w.key, *review).second) order_.push_back(w.key);
      while (order_.size() > kRemembered) {
        remembered_.erase(order_.front());
        order_.pop_front();
      }
    }
    std::vector<Reply> replies = std::move(w.replies);
    lock.unlock();
    for (Reply& r : replies) r(review);
    replies.clear();
    lock.lock();
  }
}

}  // namespace meeple::server
