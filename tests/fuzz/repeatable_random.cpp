// The server's fuzz targets (ws_message, http_route) with a repeatable
// random source. The server draws every table's seed (its deal and chance),
// the players' tokens and table ids from std::random_device
// (server/protocol.cpp); in these two executables it is a fixed sequence
// instead, started again at every input (reset_random), so an input does
// the same thing in a run and alone, and a run from a seed repeats exactly
// (scripts/fuzz --ci). Test code only: it replaces libstdc++'s
// random_device::_M_getval, through which every draw goes, in these
// executables (their own definition comes before the shared library's).
#include <atomic>
#include <cstdint>
#include <random>

#include "tests/fuzz/fuzz_server.h"

#if !defined(__GLIBCXX__)
#error "the fuzz targets' repeatable random source replaces libstdc++'s std::random_device"
#endif

namespace {
std::atomic<std::uint64_t> g_next{0};
}  // namespace

void meeple::fuzz::reset_random() {
  g_next = 0;
}

// splitmix64 over a counter.
std::random_device::result_type std::random_device::_M_getval() {
  std::uint64_t z = g_next.fetch_add(0x9e3779b97f4a7c15u) + 0x9e3779b97f4a7c15u;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return static_cast<result_type>(z ^ (z >> 31));
}
