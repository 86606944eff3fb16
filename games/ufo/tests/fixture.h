// Test-only access to UfoState: builds positions directly (the friend class
// declared in ufo.h) so each rule test starts from a small readable board.
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "games/ufo/ufo.h"

namespace meeple::ufo {

inline int at(std::string_view key) {
  const int s = board().space_by_key(key);
  EXPECT_NE(s, kNone) << key;
  return s;
}

class UfoFixture {
 public:
  // Every city in play gets token `city` (token 0 is resistance 3 with two
  // restaurants, 1 is 3 with one, 2 is 4 with two, ...); no UFOs yet.
  explicit UfoFixture(int players = 4, int max_rounds = 60) : s(players, max_rounds) {
    for (int c = 0; c < kNumCities; ++c)
      if (s.in_play(c)) s.token_[c] = static_cast<std::int8_t>(c);
    s.next_token_city_ = kNumCities;
    s.phase_ = Phase::kSetup;
  }
  // Swaps city tokens so `city` shows token `token`.
  void token(int city, int token) {
    for (auto& t : s.token_)
      if (t == token) t = s.token_[city];
    s.token_[city] = static_cast<std::int8_t>(token);
  }
  int ufo(Seat owner, std::string_view where, UfoType type = UfoType::kStandard) {
    UfoPiece f;
    f.owner = static_cast<std::int8_t>(owner);
    f.type = type;
    f.space = static_cast<std::uint8_t>(at(where));
    s.ufos_.push_back(f);
    return static_cast<int>(s.ufos_.size()) - 1;
  }
  void restaurant(std::string_view city, int slot, Seat owner) {
    s.restaurant_[at(city)][slot] = static_cast<std::int8_t>(owner);
  }
  void kiosk(std::string_view village, Seat owner) {
    s.kiosk_[at(village)] = static_cast<std::int8_t>(owner);
  }
  void eyewitnesses(std::string_view city, Seat owner, int n) {
    s.eyewitness_[at(city)][owner] = static_cast<std::uint8_t>(n);
  }
  void skip_next_turn(Seat p) {
    s.skip_mask_ = static_cast<std::uint8_t>(s.skip_mask_ | (1u << p));
  }
  // Begins `p`'s turn (movement phase) as the rules would.
  void begin_turn(Seat p) {
    s.active_ = static_cast<std::int8_t>(p);
    s.start_turn();
  }
  void set_turns(int turns) { s.turns_ = static_cast<std::uint16_t>(turns); }

  // Applies an action by its JSON form, failing the test when refused.
  void play(Seat seat, const Json& j) {
    auto a = s.action_from_json(seat, j);
    ASSERT_TRUE(a.ok()) << j.dump() << ": " << a.error().message;
    auto err = s.apply(seat, *a);
    ASSERT_FALSE(err.has_value()) << j.dump() << ": " << err->message;
  }
  void die(int face) { play(kChance, {{"die", face}}); }
  bool legal(Seat seat, const Json& j) const {
    auto a = s.action_from_json(seat, j);
    if (!a.ok()) return false;
    ActionList l;
    s.legal_actions(seat, l);
    return l.contains(*a);
  }
  static Json move(int u, std::string_view to) { return {{"move", {{"ufo", u}, {"to", to}}}}; }
  static Json push(int u, std::string_view to) { return {{"push", {{"ufo", u}, {"to", to}}}}; }
  static Json deed(int u, std::string_view what, int slot = -1) {
    Json d = {{"ufo", u}, {"do", what}};
    if (slot >= 0) d["slot"] = slot;
    return {{"deed", d}};
  }
  static Json end_movement() { return {{"end", "movement"}}; }
  static Json end_actions() { return {{"end", "actions"}}; }

  UfoState s;
};

}  // namespace meeple::ufo
