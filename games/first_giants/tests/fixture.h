// Small readable fixtures for the First Giants rules tests: a position at the
// start of a turn (sites, studios, exhibited sets, amber, points, pawns),
// built through TestAccess (the friend declared in first_giants.h), and
// helpers that play actions and answer decisions.
//
// Card ids (games/first_giants/data/cards.json): family f holds ids
// 12f .. 12f+11, families carnivore 0, herbivore 1, flyer 2, swimmer 3,
// mammal 4. Within a family:
//   +0 size 1, once: 1 amber per pair of studio cards
//   +1 size 1, once: 1 point
//   +2 size 1, whenever you take a card of this family: 1 amber
//   +3 size 1, once: may exhibit 1 fossil or gain 1 point
//   +4 size 2, once: may exhibit 1 fossil
//   +5 size 2, once: 1 amber per different family in the studio
//   +6 size 2, whenever you take a card of a family not in your studio: 1 amber
//   +7 size 2, once: may spend 3 amber for 2 points, per studio card of this family
//   +8 size 3, once: may exhibit 1 fossil for free
//   +9 size 3, once: may exhibit up to 2 fossils of different families
//   +10 size 3: carnivore "whenever any player takes a card: may spend 3
//       amber for 2 points", herbivore "... may exhibit 1 fossil", flyer
//       "once: each opponent may exhibit 1 fossil", swimmer "whenever you take
//       a swimmer card: 1 point", mammal "whenever you take a card of a
//       family not in your studio: 1 point"
//   +11 egg, once: may exhibit up to 2 fossils of the same family
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/bits.h"
#include "games/first_giants/first_giants.h"

namespace meeple::first_giants {

// A position at the start of `active`'s turn. Cards not placed anywhere stay
// in the deck.
struct Position {
  int players = 2;
  int active = 0;
  std::array<std::array<int, 2>, kSites> sites{{{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}}};
  std::array<std::vector<int>, kMaxPlayers> studio;
  std::array<std::vector<std::vector<int>>, kMaxPlayers> sets;  // exhibited, in order added
  std::array<int, kMaxPlayers> amber{2, 2, 2, 2, 2};
  std::array<int, kMaxPlayers> points{};
  std::array<std::uint8_t, kMaxPlayers> pawns_out{};
  int reserve = -1;  // -1: the standard count minus tokens on the given sets
  int top = -1;      // the deck's face-up top card; -1: the lowest card left
  // The News tokens handed out as play would (news.cpp), the sets taken
  // seat by seat in the order given: a position the state reader accepts.
  bool news = false;
};

// Test-only access to the state's fields (declared a friend in the header).
struct TestAccess {
  // The state of `su`. Each given set carries a token per card after its
  // first; no News token is handed out unless su.news asks for it.
  static FirstGiantsState position(const Position& su) {
    // A fixture placing a card twice is a bug in the test.
    std::array<int, kCards> uses{};
    auto use = [&](int c) {
      if (c < 0 || c >= kCards || ++uses[c] > 1)
        throw std::logic_error("first-giants position: card " + std::to_string(c) +
                               " placed twice");
    };
    for (const auto& site : su.sites)
      for (int c : site)
        if (c >= 0) use(c);
    if (su.top >= 0) use(su.top);
    for (int p = 0; p < su.players; ++p) {
      for (int c : su.studio[p]) use(c);
      for (const auto& set : su.sets[p])
        for (int c : set) use(c);
    }
    FirstGiantsState s(su.players);
    const int standard = s.reserve_;
    s.active_ = static_cast<std::uint8_t>(su.active);
    s.phase_ = Phase::kTurn;
    for (int i = 0; i < kSites; ++i)
      for (int k = 0; k < 2; ++k)
        if (su.sites[i][k] >= 0) {
          s.site_[i][k] = static_cast<std::uint8_t>(su.sites[i][k]);
          s.deck_ &= ~bit(su.sites[i][k]);
        }
    int tokens = 0;
    for (int p = 0; p < su.players; ++p) {
      PlayerArea& a = s.area_[p];
      for (int c : su.studio[p]) {
        a.studio |= bit(c);
        s.deck_ &= ~bit(c);
      }
      for (const auto& set : su.sets[p]) {
        ExhibitSet es;
        for (int c : set) {
          set_add(es, static_cast<std::uint8_t>(c), cards()[c].family, cards()[c].size);
          s.deck_ &= ~bit(c);
        }
        es.tokens = static_cast<std::uint8_t>(es.n - 1);
        tokens += es.tokens;
        a.sets.push_back(es);
      }
      a.amber = static_cast<std::int16_t>(su.amber[p]);
      a.points = static_cast<std::int16_t>(su.points[p]);
      a.pawns_out = su.pawns_out[p];
    }
    if (su.news)
      for (int p = 0; p < su.players; ++p)
        for (const ExhibitSet& es : s.area_[p].sets) s.check_news(p, es);
    if (su.top >= 0) s.deck_ &= ~bit(su.top);
    s.top_ = su.top >= 0 ? static_cast<std::uint8_t>(su.top)
             : s.deck_   ? static_cast<std::uint8_t>(lowest_bit(s.deck_))
                         : kNoCard;
    s.deck_ &= ~bit(s.top_ == kNoCard ? 0 : s.top_);
    if (s.top_ == kNoCard) s.deck_ = 0;
    s.reserve_ = static_cast<std::uint8_t>(su.reserve >= 0 ? su.reserve : standard - tokens);
    s.box_ = static_cast<std::uint8_t>(kTotalSetTokens - tokens - s.reserve_);
    return s;
  }
};

namespace test {

inline constexpr int kC = 0, kH = 12, kF = 24, kS = 36, kM = 48;  // family blocks

inline FirstGiantsState position(const Position& su) {
  return TestAccess::position(su);
}

inline Action take(int site, int slot) {
  return act::kTake + site * 2 + slot;
}
inline Action exhibit(int card) {
  return act::kExhibit + card;
}
inline Action into(int set) {
  return act::kIntoSet + set;
}

inline void play(FirstGiantsState& s, Seat seat, Action a) {
  auto err = s.apply(seat, a);
  ASSERT_FALSE(err) << err->code << ": " << err->message << " action "
                    << s.action_to_json(seat, a).dump();
}

inline bool legal(const FirstGiantsState& s, Seat seat, Action a) {
  ActionList l;
  s.legal_actions(seat, l);
  return l.contains(a);
}

// A refill took the deck's top card: the lowest face-down card turns up.
inline void turn_up(FirstGiantsState& s) {
  ASSERT_TRUE(s.is_chance());
  play(s, kChance, lowest_bit(s.deck()));
}

// Answers every decision until the game waits for chance or ends: the first
// listed order, declining what may be declined, a point over an exhibit.
inline void settle(FirstGiantsState& s) {
  for (int i = 0; i < 500 && !s.is_chance() && !s.is_terminal(); ++i) {
    const Seat seat = s.to_act().lowest();
    ActionList l;
    s.legal_actions(seat, l);
    Action a = l[0];
    if (l.contains(act::kDecline)) a = act::kDecline;
    if (l.contains(act::kGainPoint)) a = act::kGainPoint;
    play(s, seat, a);
  }
  ASSERT_TRUE(s.is_chance() || s.is_terminal());
}

// Two players, eight single-use cards on the sites, nothing else placed.
inline Position two_players() {
  Position su;
  su.players = 2;
  su.sites = {{{kC + 1, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 5}, {kH + 5, kF + 5}}};
  return su;
}

}  // namespace test
}  // namespace meeple::first_giants
