// Internal to store/: what a store's group commits cost (StoreStats, for
// /metrics), counted by its commit thread and read from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "store/store.h"

namespace meeple::store {

class CommitCounters {
 public:
  // One commit of `writes` writes that took `took`.
  void add(std::size_t writes, std::chrono::steady_clock::duration took) {
    commits_.fetch_add(1, std::memory_order_relaxed);
    writes_.fetch_add(writes, std::memory_order_relaxed);
    micros_.fetch_add(static_cast<std::uint64_t>(
                          std::chrono::duration_cast<std::chrono::microseconds>(took).count()),
                      std::memory_order_relaxed);
  }
  StoreStats stats() const {
    return {commits_.load(std::memory_order_relaxed), writes_.load(std::memory_order_relaxed),
            micros_.load(std::memory_order_relaxed)};
  }

 private:
  std::atomic<std::uint64_t> commits_{0}, writes_{0}, micros_{0};
};

}  // namespace meeple::store
