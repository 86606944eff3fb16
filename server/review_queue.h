// Internal to server/: the bot's reviews of finished games (GET .../review),
// made one at a time on a thread of their own in the idle scheduling class,
// so that live tables' bots and players go first.
//
// A review takes about a second of search; strangers could ask for many.
// So the same review asked again while it waits is answered by the one
// review; at most `max_queued` different reviews wait (more are refused
// with review/busy); the last kRemembered made are answered from memory.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/error.h"
#include "core/params.h"

namespace meeple::server {

inline constexpr const char* kReviewBusy = "review/busy";

class ReviewQueue {
 public:
  using Reply = std::function<void(Expected<Json>)>;
  static constexpr std::size_t kRemembered = 256;

  explicit ReviewQueue(std::size_t max_queued);
  ~ReviewQueue();  // stop()
  ReviewQueue(const ReviewQueue&) = delete;
  ReviewQueue& operator=(const ReviewQueue&) = delete;

  // The review under `key` to `reply` (on the caller's thread when it is in
  // memory or refused, else on the review thread): from memory, by the
  // review already waiting or under way for the key, or by `make`, queued.
  // `make` runs on the review thread; what it returns is remembered when it
  // is a review. Thread-safe.
  void ask(const std::string& key, std::function<Expected<Json>()> make, Reply reply);
  // Drops the reviews not begun (their replies are destroyed, unanswered, on
  // this thread), tells the one under way to stop (stopping()) and waits
  // for it. Idempotent.
  void stop();
  // True once stop() is called: a `make` that takes long checks it.
  const std::atomic<bool>& stopping() const { return stop_flag_; }

  std::size_t queued() const;
  std::uint64_t made() const;  // times `make` ran and gave a review (not those from memory)

 private:
  struct Waiting {
    std::string key;
    std::function<Expected<Json>()> make;
    std::vector<Reply> replies;
  };
  void work();

  const std::size_t max_queued_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Waiting> queue_;
  Waiting* running_ = nullptr;  // the one under way; its replies may still grow
  std::unordered_map<std::string, Json> remembered_;
  std::deque<std::string> order_;  // of remembered_, oldest first
  std::uint64_t made_ = 0;
  bool stopping_ = false;
  std::atomic<bool> stop_flag_{false};
  std::thread thread_;
};

}  // namespace meeple::server
