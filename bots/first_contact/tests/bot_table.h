// Helpers of the First Contact bot tests (talker_test.cpp, simple_test.cpp):
// a table where one bot watches the game from its seat, and fields with
// items that make a question or a message unambiguous.
#pragma once

#include <bit>

#include <gtest/gtest.h>

#include "bots/first_contact/talker.h"
#include "games/first_contact/tests/fixture.h"
#include "games/registry.h"

namespace meeple::first_contact::test {

inline const AnyGame& game() {
  return *find_game("first-contact");
}

inline AnyState wrap(const S& s) {
  return dynamic_cast<const GameAdapter<FirstContact>&>(game()).wrap(s);
}

// A table where one bot sits in `seat` and sees, after every action, a
// determinization of the true state for its seat (as play_match shows it).
template <class B>
struct Table {
  S s;
  Seat seat;
  B bot;
  Rng rng{7};

  void act(Seat who, Action a) {
    play(s, who, a);
    bot.observe(wrap(s).determinize(seat, rng), seat);
  }
  // Asks the bot for its decision; its note-pad edits (free actions) are
  // applied on the way, the first other action is returned.
  Action decide() {
    for (int edits = 0; edits < 100; ++edits) {
      const Action a = ask_bot(bot, wrap(s), seat, rng);
      if (a < act::kNoteWrite) return a;
      act(seat, a);
    }
    ADD_FAILURE() << "endless note-pad edits";
    return -1;
  }
};

// The squares whose item has characteristic c.
inline std::uint32_t having(const S& s, int c) {
  const FieldTraits f = field_traits(s);
  std::uint32_t m = 0;
  for (int q = 0; q < kSquares; ++q)
    if ((f[q] >> c) & 1u) m |= 1u << q;
  return m;
}

// A characteristic had by `lo`..`hi` field items that no other
// characteristic is shared by all of (-1 if none).
inline int distinct_characteristic(const S& s, int lo, int hi) {
  const FieldTraits f = field_traits(s);
  for (int c = 0; c < kCharacteristics; ++c) {
    const std::uint32_t m = having(s, c);
    const int n = std::popcount(m);
    if (n < lo || n > hi) continue;
    std::uint32_t common = ~0u;
    for (int q : bits(m)) common &= f[q];
    if (common == (1u << c)) return c;
  }
  return -1;
}

// A field square whose item alone has some characteristic, and a request card
// placement (2 players, it: side B) on which the alien wants that square.
struct Unique {
  int c = -1, square = -1, card = 0, rotation = 0;
};
inline Unique unique_item() {
  S probe = fresh(2);
  setup(probe);
  Unique u;
  for (int c = 0; c < kCharacteristics && u.c < 0; ++c)
    if (std::popcount(having(probe, c)) == 1) {
      u.c = c;
      u.square = std::countr_zero(having(probe, c));
    }
  for (int card = 0; card < kRequestCards; ++card)
    for (int r = 0; r < kRotations; ++r)
      for (int q : squares_of(card, true, r, Colour::kGreen))
        if (q == u.square) return {u.c, u.square, card, r};
  ADD_FAILURE() << "no placement wants square " << u.square;
  return u;
}

// A 2-player table (zero turn on) where the zero turn shows u's glyph and the
// alien's (seat 0's) message is that glyph alone: the earthling (seat 1) is
// to offer, and u's square is the only fit.
template <class B>
void shown_unique_glyph(Table<B>& t, const Unique& u) {
  setup(t.s, {}, 5, u.card, u.rotation);
  t.act(1, act::kCharacteristic + u.c);
  t.act(1, act::kCharacteristic + kAlive);
  t.act(1, act::kSquare + (u.square == 0 ? 1 : 0));
  t.act(1, act::kDone);
  t.act(0, act::kGlyph + t.s.glyph_of(kAlive));
  t.act(0, act::kSquare + u.square);
  t.act(0, act::kGlyph + t.s.glyph_of(u.c));
  t.act(0, act::kSend);
}

// The earthling bot (seat 1) asks its question and rotates items: answers
// the characteristic it asked about (-1 if its first decision was no
// question), checking that every item it rotated has it.
template <class B>
int asks_and_rotates_only_items_having_it(Table<B>& t) {
  const Action choice = t.decide();
  if (choice >= act::kSquare) {
    ADD_FAILURE() << "not a question: " << choice;
    return -1;
  }
  const int c = choice - act::kCharacteristic;
  t.act(1, choice);
  while (t.s.phase() == Phase::kRotate) {
    const Action a = t.decide();
    if (a != act::kDone) {
      EXPECT_TRUE((having(t.s, c) >> (a - act::kSquare)) & 1u) << "rotated an item without it";
    }
    t.act(1, a);
  }
  return c;
}

}  // namespace meeple::first_contact::test
