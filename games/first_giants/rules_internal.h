// First Giants internals shared by the rules files (not for bots or other
// games; they use first_giants.h): the deck as loaded from the data file with
// the bit sets the hot paths use, and the few names and helpers several files
// need. The helpers used inside random playouts are always inline.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/bits.h"
#include "games/first_giants/first_giants.h"

namespace meeple::first_giants {

inline constexpr std::array<std::string_view, kFamilies> kFamilyNames = {
    "carnivore", "herbivore", "flyer", "swimmer", "mammal"};
inline constexpr std::array<std::string_view, 8> kPhaseNames = {
    "deal", "turn", "order", "effect", "target", "reclaim", "turn_up", "over"};

// The deck (cards.cpp), with bit sets of card ids derived from it.
struct Catalog {
  std::array<Card, kCards> cards{};
  std::array<Json, kCards> json;
  // The same as views write it (json's dump), and where its values lie.
  std::array<std::string, kCards> card_text;
  std::array<JsonTape, kCards> card_tape;
  std::array<std::uint64_t, kFamilies> of_family{};
  std::array<std::uint64_t, 4> affordable{};        // [a]: the cards costing at most a amber
  std::uint64_t once = 0;                           // Trigger::kOnce
  std::uint64_t any_take = 0;                       // Trigger::kAnyTake
  std::uint64_t new_family = 0;                     // Trigger::kNewFamily
  std::array<std::uint64_t, kFamilies> you_take{};  // kYouTakeFamily by condition family
  // Cards whose effect may ask a decision (all but "gain 1 point" and "gain 1
  // amber"): only they make the order of an owner's effects matter.
  std::uint64_t decides = 0;
};

// Reads the embedded data file; a malformed file is a build bug and throws.
Catalog load_catalog();

// Inlined: after the first call, one test of the guard (GCC would otherwise
// keep it a call). Hot loops still take the reference once, outside the loop.
[[gnu::always_inline]] inline const Catalog& catalog() {
  static const Catalog cat = load_catalog();
  return cat;
}

[[gnu::always_inline]] inline const Card& card(int id) {
  return catalog().cards[id];
}

// The cards costing at most `amber` (a card costs 1 to 3).
inline std::uint64_t affordable(const Catalog& cat, int amber) {
  return amber >= 3 ? cat.affordable[3] : amber < 0 ? 0 : cat.affordable[amber];
}

// Bit f set when the studio holds a card of family f.
inline int families_in(const Catalog& cat, std::uint64_t studio) {
  int mask = 0;
  for (int f = 0; f < kFamilies; ++f)
    if (studio & cat.of_family[f]) mask |= 1 << f;
  return mask;
}

// Amber and points are held in 16 bits: gains stop at kMaxAmount, so that
// play from any state the JSON reader accepts (amounts up to kMaxAmount)
// stays in range. No game comes near it: a take brings at most about 36
// amber and 28 points, and a game has at most 60 takes.
inline constexpr int kMaxAmount = 32767;
inline void gain(std::int16_t& amount, int n) {
  amount = static_cast<std::int16_t>(amount + n > kMaxAmount ? kMaxAmount : amount + n);
}

// The most repetitions of an effect: one per pair of studio cards.
inline constexpr int kMaxRepeats = kCards / 2;

// News tokens (news.cpp): 0..4 the Family set of each family (3 points),
// 5..7 the Size sets of size 1..3 (5 points).
inline int news_points(int news) {
  return news < kFamilies ? 3 : 5;
}
std::string news_name(int news);
// The News token a set competes for; -1 for an open set or a Size set of
// eggs with no size yet.
inline int news_of(const ExhibitSet& s) {
  if (s.kind == kFamilySet) return s.family;
  if (s.kind == kSizeSet && s.size != 0) return kFamilies + s.size - 1;
  return -1;
}

}  // namespace meeple::first_giants
