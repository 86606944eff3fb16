// Ufo! internals shared by several of games/ufo/*.cpp (not for bots or other
// layers): the names the JSON forms and views use, and the hot helpers more
// than one rules section calls, kept inline. The game library is built as one
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

// Setup, movement, bumping and the new UFO all ask where the other players'
// UFOs are.
inline std::uint64_t UfoState::others_mask(Seat p) const {
  std::uint64_t m = 0;
  for (int q = 0; q < kMaxPlayers; ++q) m |= q == p ? 0 : at_[static_cast<std::size_t>(q)];
  return m;
}

}  // namespace meeple::ufo
