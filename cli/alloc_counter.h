// Counts heap allocations made through global operator new, for `meeple
// bench` ("allocations per action"). Part of meeple_cli_lib, so the meeple
// binary, its tests and the benchmarks count. The counter is process-wide and
// atomic (relaxed: a count, ordering nothing), so threads of a server running
// in the same binary may allocate concurrently; `meeple bench` itself runs on
// one thread, so its figures are exact.
#pragma once

#include <cstdint>

namespace meeple {
std::uint64_t heap_allocations();
}  // namespace meeple
