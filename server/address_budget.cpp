#include "server/address_budget.h"

#include <algorithm>

namespace meeple::server {

bool AddressBudget::allow(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  const auto refilled = [&](const Bucket& b) {
    const double minutes = std::chrono::duration<double>(now - b.at).count() / 60;
    return std::min(burst_, b.tokens + minutes * per_minute_);
  };
  // Whenever the map has doubled since the last sweep: the buckets full by
  // now go (amortized, a sweep costs each insertion a constant).
  if (buckets_.size() > 2 * swept_ + 64) {
    std::erase_if(buckets_, [&](const auto& kv) { return refilled(kv.second) >= burst_; });
    swept_ = buckets_.size();
  }
  auto [it, fresh] = buckets_.try_emplace(address, Bucket{burst_, now});
  Bucket& b = it->second;
  b.tokens = refilled(b);
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

}  // namespace meeple::server
