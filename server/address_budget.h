// Internal to server/: what one client address may ask of a kind of
// request, as a token bucket per address: `per_minute` sustained, `burst` at
// once. Thread-safe. The buckets of addresses that have not asked for a
// while are forgotten (a full bucket is the same as none), so a flood of
// addresses holds memory only while it lasts.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace meeple::server {

class AddressBudget {
 public:
  using Clock = std::chrono::steady_clock;
  AddressBudget(double per_minute, double burst) : per_minute_(per_minute), burst_(burst) {}
  // Takes one request of `address`'s budget; false when none is left.
  bool allow(const std::string& address, Clock::time_point now = Clock::now());

 private:
  struct Bucket {
    double tokens;
    Clock::time_point at;
  };
  double per_minute_, burst_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;  // under mutex_
  std::size_t swept_ = 0;                            // buckets_'s size after its last sweep
};

}  // namespace meeple::server
