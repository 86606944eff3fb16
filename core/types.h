// Basic vocabulary shared by every layer: seats, actions, fixed-capacity lists.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace meeple {

// A seat is 0..players-1. Two pseudo-seats: chance (whoever drives the game
// picks a chance outcome) and spectator (sees only the public part).
using Seat = int;
inline constexpr Seat kChance = -1;
inline constexpr Seat kSpectator = -2;
inline constexpr int kMaxSeats = 8;

// An action is a dense non-negative integer, below the state's
// num_distinct_actions(). Its meaning depends on the state it is applied to
// (e.g. "take the left card of the dig site"), which keeps lists small.
using Action = std::int32_t;

// A set of seats as a bitmask. Several seats in to_act() at once is how a
// simultaneous secret decision is modelled.
class SeatSet {
 public:
  constexpr SeatSet() = default;
  static constexpr SeatSet only(Seat s) { return SeatSet(1u << s); }
  static constexpr SeatSet first(int n) { return SeatSet((1u << n) - 1u); }
  constexpr bool contains(Seat s) const { return s >= 0 && s < 32 && (bits_ >> s) & 1u; }
  constexpr void insert(Seat s) { bits_ |= 1u << s; }
  constexpr void erase(Seat s) { bits_ &= ~(1u << s); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return __builtin_popcount(bits_); }
  constexpr std::uint32_t bits() const { return bits_; }
  // Lowest seat in the set; the set must not be empty.
  constexpr Seat lowest() const { return __builtin_ctz(bits_); }
  constexpr bool operator==(const SeatSet&) const = default;

 private:
  constexpr explicit SeatSet(std::uint32_t b) : bits_(b) {}
  std::uint32_t bits_ = 0;
};

// A vector with inline storage and a fixed capacity: no heap allocation, cheap
// to copy when small, safe to keep inside value-type game states. Pushing past
// the capacity is a programmer error (checked in debug builds).
template <class T, std::size_t N>
class InlineVec {
 public:
  using value_type = T;
  using size_type =
      std::conditional_t<(N < 256), std::uint8_t,
                         std::conditional_t<(N < 65536), std::uint16_t, std::uint32_t>>;
  constexpr InlineVec() = default;
  constexpr InlineVec(std::initializer_list<T> init) {
    for (const T& v : init) push_back(v);
  }
  constexpr void push_back(const T& v) {
    assert(size_ < N);
    data_[size_++] = v;
  }
  constexpr void pop_back() {
    assert(size_ > 0);
    --size_;
  }
  constexpr void clear() { size_ = 0; }
  constexpr void resize(std::size_t n) {
    assert(n <= N);
    for (std::size_t i = size_; i < n; ++i) data_[i] = T{};
    size_ = static_cast<size_type>(n);
  }
  constexpr void erase_at(std::size_t i) {
    assert(i < size_);
    for (std::size_t j = i + 1; j < size_; ++j) data_[j - 1] = data_[j];
    --size_;
  }
  constexpr std::size_t size() const { return size_; }
  static constexpr std::size_t capacity() { return N; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr bool full() const { return size_ == N; }
  constexpr T& operator[](std::size_t i) { return data_[i]; }
  constexpr const T& operator[](std::size_t i) const { return data_[i]; }
  constexpr T& back() { return data_[size_ - 1]; }
  constexpr const T& back() const { return data_[size_ - 1]; }
  constexpr T* begin() { return data_.data(); }
  constexpr T* end() { return data_.data() + size_; }
  constexpr const T* begin() const { return data_.data(); }
  constexpr const T* end() const { return data_.data() + size_; }
  constexpr bool contains(const T& v) const { return std::find(begin(), end(), v) != end(); }
  // Equality compares only the live elements.
  friend constexpr bool operator==(const InlineVec& a, const InlineVec& b) {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }

 private:
  std::array<T, N> data_{};
  size_type size_ = 0;
};

// Capacity of a legal-action or chance-outcome list. Games split big decisions
// into a sequence of smaller ones so that every list fits.
inline constexpr std::size_t kMaxActions = 1024;
using ActionList = InlineVec<Action, kMaxActions>;

// A chance outcome with an integer weight; its probability is weight / (sum of
// the weights of the list). Integer weights make sampling exact and identical
// on every platform.
struct ChanceOutcome {
  Action action = 0;
  std::uint32_t weight = 0;
  constexpr bool operator==(const ChanceOutcome&) const = default;
};
using ChanceList = InlineVec<ChanceOutcome, kMaxActions>;

// Per-seat figures of a finished game. `rank` is 1 for the best; seats that
// share a place share the rank. `winners` can hold several seats (shared
// victories, one winner per team, cooperative verdicts).
struct GameResult {
  int players = 0;
  std::array<double, kMaxSeats> score{};
  std::array<std::int8_t, kMaxSeats> rank{};
  SeatSet winners;
  bool operator==(const GameResult&) const = default;
};

}  // namespace meeple
