// Small readable positions for the Ufo! rules tests. TestAccess is the one
// way tests reach UfoState's private fields (the friend declared in ufo.h);
// UfoFixture builds positions through it so each rule test starts from a
// small readable board.
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "core/bits.h"
#include "games/ufo/internal.h"  // TestAccess calls the inline helpers

namespace meeple::ufo {

// Test-only access to the state's fields (declared a friend in ufo.h).
struct TestAccess {
  static auto& tokens(UfoState& s) { return s.token_; }
  static auto& next_token_city(UfoState& s) { return s.next_token_city_; }
  static auto& phase(UfoState& s) { return s.phase_; }
  static auto& active(UfoState& s) { return s.active_; }
  static auto& turns(UfoState& s) { return s.turns_; }
  static void add_ufo(UfoState& s, const UfoPiece& f) { s.add_ufo(f); }
  static void set_restaurant(UfoState& s, int city, int slot, Seat p) {
    s.set_restaurant(city, slot, p);
  }
  static void set_kiosk(UfoState& s, int village, Seat p) { s.set_kiosk(village, p); }
  static auto& eyewitnesses(UfoState& s) { return s.eyewitness_; }
  static auto& skip_mask(UfoState& s) { return s.skip_mask_; }
  // Begins the active player's turn (movement phase) as the rules would.
  static void start_turn(UfoState& s) { s.start_turn(); }
};

inline int at(std::string_view key) {
  const int s = board().space_by_key(key);
  EXPECT_NE(s, kNone) << key;
  return s;
}

class UfoFixture {
 public:
  using T = TestAccess;
  // Every city in play gets token `city` (token 0 is resistance 3 with two
  // restaurants, 1 is 3 with one, 2 is 4 with two, ...); no UFOs yet.
  explicit UfoFixture(int players = 4, int max_rounds = 60) : s(players, max_rounds) {
    for (int c = 0; c < kNumCities; ++c)
      if (s.in_play(c)) T::tokens(s)[c] = static_cast<std::int8_t>(c);
    T::next_token_city(s) = kNumCities;
    T::phase(s) = Phase::kSetup;
  }
  // Swaps city tokens so `city` shows token `token`.
  void token(int city, int token) {
    auto& tokens = T::tokens(s);
    for (auto& t : tokens)
      if (t == token) t = tokens[city];
    tokens[city] = static_cast<std::int8_t>(token);
  }
  int ufo(Seat owner, std::string_view where, UfoType type = UfoType::kStandard) {
    UfoPiece f;
    f.owner = static_cast<std::int8_t>(owner);
    f.type = type;
    f.space = static_cast<std::uint8_t>(at(where));
    T::add_ufo(s, f);
    return static_cast<int>(s.ufos().size()) - 1;
  }
  void restaurant(std::string_view city, int slot, Seat owner) {
    T::set_restaurant(s, at(city), slot, owner);
  }
  void kiosk(std::string_view village, Seat owner) { T::set_kiosk(s, at(village), owner); }
  void eyewitnesses(std::string_view city, Seat owner, int n) {
    T::eyewitnesses(s)[at(city)][owner] = static_cast<std::uint8_t>(n);
  }
  void skip_next_turn(Seat p) {
    T::skip_mask(s) = static_cast<std::uint8_t>(T::skip_mask(s) | bit<std::uint32_t>(p));
  }
  // Begins `p`'s turn (movement phase) as the rules would.
  void begin_turn(Seat p) {
    T::active(s) = static_cast<std::int8_t>(p);
    T::start_turn(s);
  }
  void set_turns(int turns) { T::turns(s) = static_cast<std::uint16_t>(turns); }

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
  // The view's "opening_tried" flag of a city (rulings 3.2).
  bool view_tried(std::string_view city) const {
    const Json v = s.view(0);
    for (const Json& sp : v["spaces"])
      if (sp["id"] == std::string(city)) return sp.value("opening_tried", false);
    return false;
  }
  static Json end_movement() { return {{"end", "movement"}}; }
  static Json end_actions() { return {{"end", "actions"}}; }

  UfoState s;
};

// Ends the active player's turn without doing anything more.
inline void finish_turn(UfoFixture& f) {
  const Seat p = f.s.active();
  if (f.s.phase() == Phase::kMove) f.play(p, UfoFixture::end_movement());
  if (f.s.phase() == Phase::kActions) f.play(p, UfoFixture::end_actions());
  if (f.s.phase() == Phase::kNewUfo) f.play(p, {{"decline", "new-ufo"}});
}

// Adds n UFOs of mixed types (Standard, Standard, Bumper, Bumper, Sedator...)
// within the supply of 3 per type.
inline void add_many_ufos(UfoFixture& f, Seat p, const char* where, int n) {
  for (int i = 0; i < n; ++i) f.ufo(p, where, UfoType(i / 2 % kNumUfoTypes));
}

inline int space_of(const UfoState& s, int u) {
  return s.ufos()[static_cast<std::size_t>(u)].space;
}

}  // namespace meeple::ufo
