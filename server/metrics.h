// Counters for /metrics (Prometheus text format). Everything is atomic: any
// thread adds, the HTTP session reads.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

namespace meeple::server {

// A latency histogram with fixed buckets (seconds).
class Histogram {
 public:
  static constexpr std::array<double, 14> kBounds = {0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05,
                                                     0.1,    0.25,  0.5,   1,     2.5,  5,    10};
  void observe(std::chrono::nanoseconds d);
  // The histogram's lines for metric `name` with its HELP text.
  std::string render(const std::string& name, const std::string& help) const;

 private:
  std::array<std::atomic<std::uint64_t>, kBounds.size() + 1> counts_{};
  std::atomic<std::uint64_t> sum_ns_{0};
};

struct Metrics {
  std::atomic<std::int64_t> live_tables{0};      // tables in play (started, not finished)
  std::atomic<std::int64_t> lobby_tables{0};     // tables waiting for players
  std::atomic<std::int64_t> finished_tables{0};  // finished tables held in memory
  std::atomic<std::int64_t> connections{0};      // open WebSocket connections
  std::atomic<std::uint64_t> actions_total{0};   // actions applied, chance and bots included
  std::atomic<std::uint64_t> messages_in{0};
  std::atomic<std::uint64_t> bytes_out{0};     // WebSocket bytes sent
  std::atomic<std::uint64_t> errors_total{0};  // error messages sent
  Histogram act_commit;  // a person's action: validated, stored (fsync) and applied
  Histogram bot_think;   // one bot decision
};

}  // namespace meeple::server
