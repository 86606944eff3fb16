// Ufo!, section "The board": the map and the city tokens as data
// (games/ufo/data/map.json, embedded at build), and their compact Topology.
// rulings 3.1: the project draws its own map of 13 cities and 39 villages,
// with a marked half of 7 cities for 2 and 3 players, and 18 city tokens of
// resistance 3 to 12 with 1 or 2 restaurant slots.
#include <stdexcept>

#include "games/ufo/internal.h"

namespace meeple::embedded {
extern const std::string_view ufo_map_json;
}  // namespace meeple::embedded

namespace meeple::ufo {

namespace {

Board load_board() {
  Board b;
  const Json j = Json::parse(embedded::ufo_map_json);
  for (const Json& s : j.at("spaces")) {
    Space sp;
    sp.key = s.at("id").get<std::string>();
    sp.name = s.at("name").get<std::string>();
    sp.city = s.at("kind").get<std::string>() == "city";
    sp.marked = s.at("marked").get<bool>();
    sp.x = s.at("x").get<int>();
    sp.y = s.at("y").get<int>();
    b.spaces.push_back(sp);
  }
  if (b.spaces.size() != kNumSpaces) throw std::logic_error("ufo map: wrong number of spaces");
  for (int i = 0; i < kNumSpaces; ++i)
    if (b.spaces[static_cast<std::size_t>(i)].city != (i < kNumCities))
      throw std::logic_error("ufo map: cities must come first");
  for (const Json& l : j.at("lines")) {
    int a = b.space_by_key(l.at(0).get<std::string>());
    int c = b.space_by_key(l.at(1).get<std::string>());
    if (a == kNone || c == kNone || a == c) throw std::logic_error("ufo map: bad line");
    auto& la = b.spaces[static_cast<std::size_t>(a)].lines;
    auto& lc = b.spaces[static_cast<std::size_t>(c)].lines;
    if (la.full() || lc.full()) throw std::logic_error("ufo map: too many lines at a space");
    la.push_back(static_cast<std::uint8_t>(c));
    lc.push_back(static_cast<std::uint8_t>(a));
  }
  for (const Json& t : j.at("tokens"))
    b.tokens.push_back({t.at("resistance").get<int>(), t.at("restaurants").get<int>()});
  if (b.tokens.size() != kNumTokens) throw std::logic_error("ufo map: wrong number of city tokens");
  return b;
}

}  // namespace

int Board::space_by_key(std::string_view key) const {
  for (std::size_t i = 0; i < spaces.size(); ++i)
    if (spaces[i].key == key) return static_cast<int>(i);
  return kNone;
}

const Board& board() {
  static const Board b = load_board();
  return b;
}

Topology make_topology() {
  const Board& b = board();
  Topology t;
  for (int s = 0; s < kNumSpaces; ++s)
    if (b.spaces[static_cast<std::size_t>(s)].marked) t.marked |= bit(s);
  for (int s = 0; s < kNumSpaces; ++s) {
    const auto& lines = b.spaces[static_cast<std::size_t>(s)].lines;
    t.num_lines[s] = static_cast<std::uint8_t>(lines.size());
    for (int k = 0; k < static_cast<int>(lines.size()); ++k) {
      t.line[s][k] = lines[k];
      t.neighbours[s] |= bit(lines[k]);
      for (int m = 0; m < 2; ++m) {
        if (m == 0 && !((t.marked >> lines[k]) & 1u)) continue;
        t.move_lines[m][s][t.num_move_lines[m][s]++] = k;
      }
    }
  }
  for (int i = 0; i < kNumTokens; ++i) {
    t.resistance[i] = static_cast<std::int8_t>(b.tokens[static_cast<std::size_t>(i)].resistance);
    t.restaurants[i] = static_cast<std::int8_t>(b.tokens[static_cast<std::size_t>(i)].restaurants);
  }
  return t;
}

}  // namespace meeple::ufo
