// Ufo! internals shared by several of games/ufo/*.cpp and the tests' fixture
// (not for bots or other layers): the names the JSON forms and views use, and
// the hot helpers more than one rules section calls, kept inline (among them
// the only functions that add or move UFOs and build kiosks and restaurants,
// which keep UfoState's derived bit sets and counts in step). The game library is built as one
// unity translation unit (games/ufo/CMakeLists.txt), so names local to one
// .cpp file must be unique across the folder.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bits.h"
#include "games/ufo/ufo.h"

namespace meeple::ufo {

// The JSON and view names of UFO types, deeds and phases (stable: records and
// clients read them).
inline constexpr const char* kTypeNames[kNumUfoTypes] = {"standard", "bumper", "sedator"};
inline constexpr const char* kDeedNames[kNumDeeds] = {"open-kiosk", "take-kiosk", "open-restaurant",
                                                      "take-restaurant", "take-restaurant"};
inline constexpr const char* kPhaseNames[] = {
    "tokens",       "setup",      "movement", "bump",   "support",     "attack-die", "defence-die",
    "displacement", "eyewitness", "actions",  "assist", "control-die", "new-ufo",    "over"};

inline const Space& space_at(int i) {
  return board().spaces[static_cast<std::size_t>(i)];
}

// Puts a UFO on the board.
inline void UfoState::add_ufo(const UfoPiece& f) {
  owned_[static_cast<std::size_t>(f.owner)] |= bit<std::uint32_t>(static_cast<int>(ufos_.size()));
  at_[static_cast<std::size_t>(f.owner)] |= bit(f.space);
  ufos_.push_back(f);
}

// Moves UFO u to space `to`; its owner's at_ is rebuilt from its own UFOs.
inline void UfoState::move_ufo(int u, int to) {
  UfoPiece& f = ufos_[u];
  f.space = static_cast<std::uint8_t>(to);
  std::uint64_t m = 0;
  for_each_bit(owned_[static_cast<std::size_t>(f.owner)], [&](int v) { m |= bit(ufos_[v].space); });
  at_[static_cast<std::size_t>(f.owner)] = m;
}

// Builds (or takes over) a kiosk or a restaurant for p.
inline void UfoState::set_kiosk(int village, Seat p) {
  if (kiosk_[village] != kNone) --kiosks_built_[static_cast<std::size_t>(kiosk_[village])];
  kiosk_[village] = static_cast<std::int8_t>(p);
  ++kiosks_built_[static_cast<std::size_t>(p)];
}
inline void UfoState::set_restaurant(int city, int slot, Seat p) {
  std::int8_t& o = restaurant_[city][slot];
  if (o != kNone) --restaurants_built_[static_cast<std::size_t>(o)];
  o = static_cast<std::int8_t>(p);
  ++restaurants_built_[static_cast<std::size_t>(p)];
}

// Setup, movement, bumping and the new UFO all ask where the other players'
// UFOs are.
inline std::uint64_t UfoState::others_mask(Seat p) const {
  std::uint64_t m = 0;
  for (int q = 0; q < kMaxPlayers; ++q) m |= q == p ? 0 : at_[static_cast<std::size_t>(q)];
  return m;
}

}  // namespace meeple::ufo
