#include "server/metrics.h"

#include <fmt/format.h>

namespace meeple::server {

void Histogram::observe(std::chrono::nanoseconds d) {
  const double s = static_cast<double>(d.count()) * 1e-9;
  std::size_t i = 0;
  while (i < kBounds.size() && s > kBounds[i]) ++i;
  counts_[i].fetch_add(1, std::memory_order_relaxed);
  sum_ns_.fetch_add(static_cast<std::uint64_t>(d.count()), std::memory_order_relaxed);
}

std::string Histogram::render(const std::string& name, const std::string& help) const {
  std::string out = fmt::format("# HELP {} {}\n# TYPE {} histogram\n", name, help, name);
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBounds.size(); ++i) {
    cumulative += counts_[i].load(std::memory_order_relaxed);
    out += fmt::format("{}_bucket{{le=\"{}\"}} {}\n", name, kBounds[i], cumulative);
  }
  cumulative += counts_[kBounds.size()].load(std::memory_order_relaxed);
  out += fmt::format("{}_bucket{{le=\"+Inf\"}} {}\n", name, cumulative);
  out += fmt::format("{}_sum {}\n", name,
                     static_cast<double>(sum_ns_.load(std::memory_order_relaxed)) * 1e-9);
  out += fmt::format("{}_count {}\n", name, cumulative);
  return out;
}

}  // namespace meeple::server
