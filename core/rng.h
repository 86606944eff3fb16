// The project's random generator: PCG32 (XSH RR 64/32, O'Neill 2014) with its
// own bounded-integer and shuffle code. The standard library's distributions
// differ between implementations; these do not, so a seed gives the same games
// on every compiler.
#pragma once

#include <cstdint>
#include <utility>

#include "core/types.h"

namespace meeple {

class Rng {
 public:
  // Same seeding as the reference pcg32_srandom_r(state, stream).
  explicit Rng(std::uint64_t seed = 0x853c49e6748fea9bULL,
               std::uint64_t stream = 0xda3e39cb94b95bdbULL) {
    inc_ = (stream << 1u) | 1u;
    state_ = 0;
    next_u32();
    state_ += seed;
    next_u32();
  }

  std::uint32_t next_u32() {
    std::uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + inc_;
    auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
  }

  std::uint64_t next_u64() {
    std::uint64_t hi = next_u32();
    return (hi << 32) | next_u32();
  }

  // Uniform integer in [0, bound), bound > 0, without modulo bias: Lemire's
  // multiply-and-reject.
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = std::uint64_t{next_u32()} * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      std::uint32_t threshold = (0u - bound) % bound;
      while (low < threshold) {
        m = std::uint64_t{next_u32()} * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Uniform integer in [lo, hi].
  int between(int lo, int hi) {
    return lo + static_cast<int>(below(static_cast<std::uint32_t>(hi - lo + 1)));
  }

  // Uniform double in [0, 1) with 53 random bits.
  double uniform01() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

  // Fisher-Yates, back to front.
  template <class It>
  void shuffle(It first, It last) {
    auto n = static_cast<std::uint32_t>(last - first);
    for (std::uint32_t i = n; i > 1; --i) {
      std::uint32_t j = below(i);
      using std::swap;
      swap(first[i - 1], first[j]);
    }
  }

  // A new independent generator derived from this one (for per-game seeds).
  Rng split() {
    std::uint64_t s = next_u64();
    std::uint64_t t = next_u64();
    return Rng(s, t);
  }

  bool operator==(const Rng&) const = default;

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 0;
};

// Picks an outcome with probability weight / total weight: an exact uniform
// draw below the total weight (`Generator::below`, without modulo bias: Rng's
// or ChaChaRng's, core/chacha_rng.h) names the outcome.
template <class Generator>
Action sample_chance(const ChanceList& outcomes, Generator& rng) {
  std::uint64_t total = 0;
  for (const auto& o : outcomes) total += o.weight;
  assert(total > 0 && total <= 0xffffffffULL);
  std::uint32_t r = rng.below(static_cast<std::uint32_t>(total));
  for (const auto& o : outcomes) {
    if (r < o.weight) return o.action;
    r -= o.weight;
  }
  return outcomes.back().action;
}

}  // namespace meeple
