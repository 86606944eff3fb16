// Helpers shared by several of First Contact's source files; not part of the
// game's interface (bots and tests include first_contact.h only).
//
// Sets of squares, glyphs and characteristics are 32-bit masks (25 bits used).
// The hot helpers are inline here; the game library is also built as one
// unity translation unit (CMakeLists.txt), so nothing costs a call.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/bits.h"
#include "games/first_contact/first_contact.h"

namespace meeple::first_contact {

// A set of squares, glyphs or characteristics: bit i = index i.
using Mask = std::uint32_t;

inline constexpr Mask kAllSquares = (Mask{1} << kSquares) - 1u;
inline constexpr Mask kAllGlyphs = (Mask{1} << kGlyphs) - 1u;

// Appends base + i for every set bit i of `mask`, in ascending order.
[[gnu::always_inline]] inline void push_bits(ActionList& out, Action base, Mask mask) {
  for_each_bit(mask, [&](int i) { out.push_back(base + i); });
}

// Appends base, base + 1, ..., base + n - 1.
[[gnu::always_inline]] inline void push_range(ActionList& out, Action base, int n) {
  for (int i = 0; i < n; ++i) out.push_back(base + i);
}

inline std::uint32_t FirstContactState::uncovered() const {
  // covered_by_ is -1 (sign bit set) for an uncovered square. Eight squares
  // at a time: bit 0 of byte i of `signs` is square 8w+i's sign bit, and the
  // multiply moves it to bit 56+i (the partial products never overlap, so
  // nothing carries). Little-endian byte order; 3 words and square 24.
  static_assert(std::endian::native == std::endian::little && kSquares == 3 * 8 + 1);
  Mask mask = 0;
  for (int w = 0; w < 3; ++w) {
    std::uint64_t x;
    std::memcpy(&x, covered_by_.data() + 8 * w, sizeof x);
    const std::uint64_t signs = (x >> 7) & 0x0101010101010101u;
    mask |= static_cast<Mask>((signs * 0x0102040810204080u) >> 56) << (8 * w);
  }
  return mask | (static_cast<Mask>(covered_by_[24] < 0) << 24);
}

// Which squares each alien wants and which are black, for a request card in a
// rotation (rulings 1.2, 1.3, 1.8). setup.cpp.
void wanted_for(int card, int rotation, int players, int aliens, Edition edition, bool advanced,
                std::array<Mask, kMaxAliens>& wanted, Mask& black);

// The timer tokens a finished round of a 2-3 player game costs beyond the
// one every round costs, given which squares are black (rulings 1.8): it/ko
// one per black offer, en one if any offer was black. The end of a round and
// the determinization (which must explain every penalty) both use it.
// two_three_players.cpp.
int timer_penalty(Edition edition, Mask black, const SmallRound& round);

// The it/ko 2-3 player verdict (0..3) in English words, for the result
// details (people read it from the catalog). two_three_players.cpp.
std::string verdict_text(int verdict);

// The winners of a finished game, both teams (rulings 1.6, 1.8). end.cpp.
SeatSet winners_of(const FirstContactState& s);

// A JSON piece shared by the result and the action forms. json.cpp.
Json characteristic_json(int k);  // its id, null for -1

}  // namespace meeple::first_contact
