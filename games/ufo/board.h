// Ufo!, section "The board" of docs/rules/ufo.md: the map (13 cities, 39
// villages, the lines between them, the marked half used with 2 and 3
// players) and the 18 city tokens, read once from the embedded
// games/ufo/data/map.json (rulings 3.1: the project draws its own map). Code:
// board.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bits.h"
#include "core/game.h"

namespace meeple::ufo {

inline constexpr int kMaxPlayers = 5;
inline constexpr int kNumCities = 13;
inline constexpr int kNumSpaces = 52;
inline constexpr int kNumTokens = 18;
inline constexpr int kMaxLines = 8;  // lines from one space
// rulings 3.1: supplies per player and the limit of UFOs in play.
inline constexpr int kMaxUfos = 20;     // UFOs in play, all players together
inline constexpr int kUfosPerType = 3;  // per player
inline constexpr int kRestaurantSupply = 10;
inline constexpr int kKioskSupply = 12;
inline constexpr int kEyewitnessSupply = 12;
inline constexpr int kNone = -1;

// The immutable board: spaces (cities first, ids 0..12, then villages), the
// lines between them and the 18 city tokens. Parsed once from the embedded
// games/ufo/data/map.json.
struct Space {
  std::string key;   // "rome"
  std::string name;  // "Rome"
  bool city = false;
  bool marked = false;  // in the half of the map used with 2 and 3 players
  int x = 0, y = 0;
  InlineVec<std::uint8_t, kMaxLines> lines;
};
struct CityToken {
  int resistance = 0;   // also its score per restaurant
  int restaurants = 1;  // slots: 1 or 2
};
struct Board {
  std::vector<Space> spaces;
  std::vector<CityToken> tokens;
  int space_by_key(std::string_view key) const;  // kNone when unknown
};
const Board& board();

// The board in the compact form the rules read on their hot paths (legal
// actions and apply run millions of times a second in search): bit sets over
// the 52 spaces (bit s = space s) and the city tokens' figures. Built once
// from board(); topology() is as cheap as a static's guard check.
struct Topology {
  std::uint64_t marked = 0;                            // spaces used with 2 and 3 players
  std::array<std::uint64_t, kNumSpaces> neighbours{};  // spaces one line away
  // line[s][k]: where the k-th line from s leads (board().spaces[s].lines[k]).
  std::array<std::array<std::uint8_t, kMaxLines>, kNumSpaces> line{};
  std::array<std::uint8_t, kNumSpaces> num_lines{};
  // The lines a UFO on s may fly along in movement: move_lines[m][s] lists
  // their indices k ascending (padded with 0), num_move_lines[m][s] counts
  // them. m = 1 with 4 or 5 players (every line), m = 0 with 2 or 3 (only
  // lines to marked spaces). Action-sized, so legal_move writes all
  // kMaxLines candidates at once and keeps the first num_move_lines.
  std::array<std::array<std::array<Action, kMaxLines>, kNumSpaces>, 2> move_lines{};
  std::array<std::array<std::uint8_t, kNumSpaces>, 2> num_move_lines{};
  std::array<std::int8_t, kNumTokens> resistance{};
  std::array<std::int8_t, kNumTokens> restaurants{};
};
Topology make_topology();
inline const Topology& topology() {
  static const Topology t = make_topology();
  return t;
}
inline constexpr std::uint64_t kAllSpaces = bit(kNumSpaces) - 1;

}  // namespace meeple::ufo
