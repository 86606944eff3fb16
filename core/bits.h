// Bit-set helpers for game states that keep sets of squares, cards, cities or
// seats as machine words. Hot code in every game uses them, so they are
// constexpr and always inline.
//
// count_bits is written out instead of std::popcount: the release build
// targets baseline x86-64 (no POPCNT instruction), where std::popcount becomes
// a call into libgcc that showed in the profile of random playouts.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>

namespace meeple {

// The word with only bit i set.
template <std::unsigned_integral W = std::uint64_t>
[[gnu::always_inline]] constexpr W bit(int i) {
  return W{1} << i;
}

// The number of set bits.
[[gnu::always_inline]] constexpr int count_bits(std::uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return static_cast<int>((x * 0x01010101u) >> 24);
}
[[gnu::always_inline]] constexpr int count_bits(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

// The index of the lowest set bit; x must not be 0.
template <std::unsigned_integral W>
[[gnu::always_inline]] constexpr int lowest_bit(W x) {
  return std::countr_zero(x);
}

// Calls f(i) for every set bit i of m, lowest first.
template <std::unsigned_integral W, class F>
[[gnu::always_inline]] constexpr void for_each_bit(W m, F&& f) {
  for (; m != 0; m &= m - 1) f(std::countr_zero(m));
}

static_assert(count_bits(std::uint32_t{0}) == 0 && count_bits(0xffffffffu) == 32 &&
              count_bits(0x80000001u) == 2);
static_assert(count_bits(std::uint64_t{0}) == 0 && count_bits(~std::uint64_t{0}) == 64 &&
              count_bits(std::uint64_t{0x8000000000000001ull}) == 2);
static_assert(bit<std::uint32_t>(3) == 8u && lowest_bit(std::uint64_t{0x50}) == 4);

}  // namespace meeple
