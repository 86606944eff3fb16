// Counts heap allocations made through global operator new, for `meeple
// bench` ("allocations per action"). Part of meeple_cli_lib, so the meeple
// binary, its tests and the benchmarks count; the counter is process-wide and not thread-safe by
// design (the measured code is single-threaded).
#pragma once

#include <cstdint>

namespace meeple {
std::uint64_t heap_allocations();
}  // namespace meeple
