// Observation tensors: a seat's view as a flat vector of float32 values for
// learning programs (docs/state-and-views.md, "Observation tensors", gives
// each game's layout field by field).
//
// A game that has one gives its State two members (core/game.h):
//  - static constexpr int kObservationSize: the number of values, the same
//    for every player count and rule option of the game (seats and lists
//    are padded to the game's maximum), so the shape is [kObservationSize];
//  - void observation(Seat seat, std::span<float> out) const: writes seat's
//    observation into out (exactly kObservationSize values), built only from
//    what view(seat) shows; every value is finite and in [-1, 1] (most in
//    [0, 1]: flags and one-hot fields are 0 or 1, counts are divided by
//    their largest value).
// ObservationWriter is the cursor they write with.
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <span>

namespace meeple {

// Writes consecutive fields into a zeroed buffer. Every field advances the
// cursor by its full width whatever it holds, so the offsets of a layout
// never depend on the state.
class ObservationWriter {
 public:
  explicit ObservationWriter(std::span<float> out) : out_(out) {
    std::fill(out.begin(), out.end(), 0.0f);
  }
  // A layout fills its buffer exactly (checked in debug builds; the tests
  // check in release that nothing is written past it).
  ~ObservationWriter() { assert(pos_ == out_.size()); }
  ObservationWriter(const ObservationWriter&) = delete;
  ObservationWriter& operator=(const ObservationWriter&) = delete;
  // One value, `value / scale` clamped to [-1, 1].
  void scaled(int value, int scale) {
    out_[pos_++] = std::clamp(static_cast<float>(value) / static_cast<float>(scale), -1.0f, 1.0f);
  }
  void flag(bool b) { out_[pos_++] = b ? 1.0f : 0.0f; }
  // `width` values, the one at `index` 1 (none when index is outside
  // [0, width), e.g. -1 for "none").
  void one_hot(int index, int width) {
    if (index >= 0 && index < width) out_[pos_ + static_cast<std::size_t>(index)] = 1.0f;
    pos_ += static_cast<std::size_t>(width);
  }
  // `width` values, value i = bit i of mask.
  void bits(std::uint64_t mask, int width) {
    // The buffer is zeroed: only the set bits are written.
    if (width < 64) mask &= (std::uint64_t{1} << width) - 1;
    for (; mask != 0; mask &= mask - 1)
      out_[pos_ + static_cast<std::size_t>(std::countr_zero(mask))] = 1.0f;
    pos_ += static_cast<std::size_t>(width);
  }
  // Leaves `width` values at 0 (an absent seat's or list entry's block).
  void skip(int width) { pos_ += static_cast<std::size_t>(width); }
  std::size_t position() const { return pos_; }

 private:
  std::span<float> out_;
  std::size_t pos_ = 0;
};

// The seat `p` as `seat` counts it: 0 for itself, 1 for the next seat
// clockwise... (observations place players relative to the observer, so a
// policy learnt in one seat reads the same in another); -1 for p < 0.
inline int relative_seat(int p, int seat, int players) {
  return p < 0 ? -1 : (p - seat + players) % players;
}

}  // namespace meeple
