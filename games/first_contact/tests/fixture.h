// Small readable fixtures for the First Contact rules tests: a new game with
// chosen items on chosen squares, a chosen language pad and request card, and
// helpers that play one earthling turn or one alien turn. Tests reach the
// state's private fields only through TestAccess below (the State declares it
// a friend), never through its JSON or any other back door.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/bits.h"
#include "games/first_contact/first_contact.h"

namespace meeple::first_contact {

// Test-only access to the state's fields (declared a friend in the header).
struct TestAccess {
  static auto& tokens(FirstContactState& s) { return s.tokens_; }
  static auto& note(FirstContactState& s) { return s.note_; }
  static auto& phase(FirstContactState& s) { return s.phase_; }
  static auto& alien_winner(FirstContactState& s) { return s.alien_winner_; }
  static auto& covered_by(FirstContactState& s) { return s.covered_by_; }
  // The pending secret decisions (proposals, offers) of `from` copied into
  // `to`: what an action that completes them reveals.
  static void copy_pending(FirstContactState& to, const FirstContactState& from) {
    to.proposal_ = from.proposal_;
    to.offer_ = from.offer_;
  }
};

namespace test {

using S = FirstContactState;
// A set of squares, glyphs or characteristics, as the state returns them.
using Mask = std::uint32_t;

enum Ch {
  kAlive,
  kBig,
  kFood,
  kDanger,
  kRound,
  kSolid,
  kLiquid,
  kSharp,
  kHuman,
  kPlant,
  kTool,
  kWeapon,
  kMetal,
  kBeautiful,
  kClothes,
  kLong,
  kHeavy,
  kLight,
  kFly,
  kValuable,
  kWarm,
  kDefense,
  kKnowledge,
  kFast,
  kPower
};

inline Json resolved(const Json& user) {
  auto p = resolve_params(FirstContact::params_schema(), user);
  EXPECT_TRUE(p) << p.error().message;
  return p ? *p : Json::object();
}

inline S fresh(int players, const Json& user = Json::object()) {
  auto s = FirstContact::new_game(resolved(user), players);
  EXPECT_TRUE(s) << s.error().message;
  return s ? *s : S();
}

inline void play(S& s, Seat seat, Action a) {
  auto err = s.apply(seat, a);
  ASSERT_FALSE(err) << "seat " << seat << " action " << a << " ("
                    << s.action_to_json(seat, a).dump() << "): " << err->message;
}

// The chance outcome that lays `item` face up.
inline Action lay_of(Edition ed, const std::string& item) {
  const int idx = catalog().item_index(item);
  const auto& deck = catalog().decks[static_cast<int>(ed)];
  for (std::size_t c = 0; c < deck.size(); ++c)
    for (int f = 0; f < deck[c].faces(); ++f)
      if (deck[c].face[f] == idx) return static_cast<Action>(c * 2 + static_cast<std::size_t>(f));
  ADD_FAILURE() << item << " is in no deck card";
  return 0;
}

// Squares of `colour` for a request card side in a rotation, in order.
inline std::vector<int> squares_of(int card, bool side_b, int rotation, Colour colour) {
  const auto& rc = catalog().request_cards[static_cast<std::size_t>(card)];
  std::vector<int> out;
  for (int q = 0; q < kSquares; ++q)
    if (square_colour(side_b ? rc.side_b : rc.side_a, rotation, q) == colour) out.push_back(q);
  return out;
}

// Lays the field (the given items on the given squares, the first free cards
// elsewhere), then the language pad and the request card.
inline void setup(S& s, const std::map<int, std::string>& placed = {}, int pad = 0, int card = 0,
                  int rotation = 0) {
  std::set<int> reserved;
  for (const auto& [q, item] : placed) reserved.insert(lay_of(s.edition(), item) / 2);
  for (int q = 0; q < kSquares; ++q) {
    ASSERT_EQ(s.phase(), Phase::kLayField);
    auto it = placed.find(q);
    if (it != placed.end()) {
      play(s, kChance, lay_of(s.edition(), it->second));
      continue;
    }
    ChanceList outs;
    s.chance_outcomes(outs);
    for (const auto& o : outs)
      if (!reserved.count(o.action / 2)) {
        play(s, kChance, o.action);
        break;
      }
  }
  if (s.phase() == Phase::kDrawPad) play(s, kChance, pad);
  ASSERT_EQ(s.phase(), Phase::kDrawRequest);
  play(s, kChance, card * kRotations + rotation);
}

// One earthling turn: secret characteristic, rotations, then each alien's
// proposal (one per alien, in colour order).
inline void earthling_turn(S& s, int characteristic, const std::vector<int>& squares,
                           const std::vector<int>& proposals) {
  ASSERT_EQ(s.phase(), Phase::kChoose);
  const Seat e = s.earthling_seat(s.current());
  play(s, e, act::kCharacteristic + characteristic);
  for (int q : squares) play(s, e, act::kSquare + q);
  if (s.phase() == Phase::kRotate) play(s, e, act::kDone);
  ASSERT_EQ(s.phase(), Phase::kPropose);
  for (std::size_t a = 0; a < proposals.size(); ++a)
    play(s, s.alien_seat(static_cast<int>(a)), act::kGlyph + proposals[a]);
}

// Every earthling turn of a round with a dull question (square 0, Alive), all
// aliens proposing glyph 0.
inline void skip_earthling_phase(S& s) {
  while (s.phase() == Phase::kChoose)
    earthling_turn(s, kAlive, {0}, std::vector<int>(static_cast<std::size_t>(s.aliens()), 0));
}

// One alien turn: target, message (glyph ids, negative = negated glyph -(g+1)),
// send, then one offer per earthling (in seat order).
inline void alien_turn(S& s, int target, const std::vector<int>& message,
                       const std::vector<int>& offers) {
  ASSERT_EQ(s.phase(), Phase::kTarget);
  const Seat a = s.alien_seat(s.current());
  play(s, a, act::kSquare + target);
  for (int g : message) play(s, a, g >= 0 ? act::kGlyph + g : act::kNotGlyph + (-g - 1));
  if (s.phase() == Phase::kMessage) play(s, a, act::kSend);
  ASSERT_EQ(s.phase(), Phase::kOffer);
  for (std::size_t e = 0; e < offers.size(); ++e)
    play(s, s.earthling_seat(static_cast<int>(e)), act::kSquare + offers[e]);
}

// A chance outcome of `s` drawn uniformly (random games in tests).
inline Action random_outcome(const S& s, Rng& rng) {
  ChanceList outs;
  s.chance_outcomes(outs);
  return outs[rng.below(static_cast<std::uint32_t>(outs.size()))].action;
}

inline bool legal(const S& s, Seat seat, Action a) {
  ActionList l;
  s.legal_actions(seat, l);
  return l.contains(a);
}

inline int first_bit(Mask m) {
  return lowest_bit(m);
}

// The squares of a set, ascending, and the set of some squares.
inline std::vector<int> bits(Mask m) {
  std::vector<int> out;
  for_each_bit(m, [&](int q) { out.push_back(q); });
  return out;
}

inline Mask mask(const std::vector<int>& squares) {
  Mask m = 0;
  for (int q : squares) m |= bit<Mask>(q);
  return m;
}

// The alien phase of a 5-player game (red and blue aliens, 3 earthlings) on
// request card 0 side A unrotated, with the Hammer on red's first square: the
// messages and offers tests derive their suites from it.
struct AlienPhaseTest : testing::Test {
  void SetUp() override {
    red = squares_of(0, false, 0, Colour::kRed);
    blue = squares_of(0, false, 0, Colour::kBlue);
    black = squares_of(0, false, 0, Colour::kBlack);
    s = fresh(5, {{"aliens", 2}});  // red and blue, 3 earthlings
    setup(s, {{red[0], "hammer"}});
    skip_earthling_phase(s);
  }
  std::vector<int> red, blue, black;
  S s;
};

// The shared mid-game position of the hidden-information and text tests:
// 5 players, red and blue aliens, three earthlings (seats 2-4); a zero turn;
// one round in which red got an item; earthling 0 wrote Big's true glyph on
// its pad, earthling 1 wrote glyph 5 for Heavy; now blue's offers, with
// earthling 0's made and the others pending.
inline S midgame() {
  S s = fresh(5, {{"zero_turn", "on"}, {"aliens", 2}});
  setup(s, {}, 11, 4, 2);
  play(s, 2, act::kCharacteristic + kBig);
  play(s, 3, act::kCharacteristic + kFood);
  play(s, 4, act::kCharacteristic + kTool);
  play(s, 2, act::kNoteWrite + kBig * kGlyphs + s.glyph_of(kBig));
  play(s, 3, act::kNoteWrite + kHeavy * kGlyphs + 5);
  skip_earthling_phase(s);
  const auto red = bits(s.wanted(0));
  const auto blue = bits(s.wanted(1));
  const Mask other = ~(s.wanted(0) | s.wanted(1)) & (bit<Mask>(kSquares) - 1);
  alien_turn(s, red[0], {3, 4}, {red[1], blue[0], first_bit(other)});
  play(s, 1, act::kSquare + blue[1]);
  play(s, 1, act::kGlyph + 8);
  play(s, 1, act::kSend);
  play(s, 2, act::kSquare + blue[2]);
  return s;
}

}  // namespace test
}  // namespace meeple::first_contact
