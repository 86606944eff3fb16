// The talker's model (bots/first_contact/talker_belief.cpp and talker_turns.cpp): its
// constants, which set how the bots play (and the figures in docs/bots.md),
// and the rotation model the aliens' reading is scored with. Internal to the
// talker.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "bots/first_contact/talker.h"

namespace meeple::first_contact {

inline constexpr std::uint32_t bit(int i) {
  return 1u << i;
}
inline constexpr double kNone = -std::numeric_limits<double>::infinity();

inline bool field_has(const FieldTraits& field, int square, int c) {
  return (field[square] >> c) & 1u;
}

// ---- The model's constants. Changing them changes the bots' play (and the
// figures in docs/bots.md), nothing else.

// An earthling rotating for characteristic c picks a card at random with
// this chance instead of one whose item has c (a slip, or a matter of taste).
inline constexpr double kRotationSlip = 0.1;
// Each card of the ones having c (up to five) left unrotated multiplies the
// likelihood by this.
inline constexpr double kLeftOut = 0.6;
// Aliens answer the best-fitting characteristic, with this much confidence in
// the fit (a softmax temperature on rotation_fit).
inline constexpr double kAnswerSharpness = 1.5;
// Answers are not always what the model predicts (other players, mistakes).
inline constexpr double kAnswerFloor = 0.02;
// A message literal holds for an item with this much room for error.
inline constexpr double kReadSlip = 0.05;
// After a message, a covered square was the target with this chance...
inline constexpr double kCoveredWasTarget = 0.75;
// ... and a literal of the message is wrong about the target with this one.
inline constexpr double kLiteralSlip = 0.1;
// The alien's guess of the listener: how sharply it picks the best square.
inline constexpr double kListenerSharpness = 2.0;
// Weight of a wanted square other than the target, of a black square (which
// costs a timer token with 2-3 players), and of the message's true meaning
// (so that glyphs the table does not know yet get taught).
inline constexpr double kOtherWanted = 0.9;
inline constexpr double kBlack = -0.5;
inline constexpr double kTeach = 0.3;
// A glyph is added to a message only if it raises its worth by this much.
inline constexpr double kWorthAGlyph = 0.01;
// An answer to the seat's own question is the glyph of the characteristic it
// asked about with this chance (the rest as the answer model says: the aliens
// may read the rotated cards otherwise), and needs a smaller floor than
// kAnswerFloor: the asker is sure of what it asked.
inline constexpr double kOwnAnswerChance = 0.9;
inline constexpr double kOwnAnswerFloor = 0.002;
// The note pad gets a glyph once it is this likely, and a written glyph is
// replaced only by one that is clearly likelier.
inline constexpr double kNoteWorthy = 0.15;
inline constexpr double kNoteMargin = 0.05;
// With other earthlings at the table, an offer is a random one of the
// squares whose fit is within this much (a log-likelihood) of the best
// one's: earthlings who read the message alike then spread their guesses
// over the likely squares, and an alien turn covers every wanted square
// offered. (Alone, an earthling takes the best.)
// (-ln 2: a square at least half as likely as the best one.)
inline constexpr double kNearBest = -0.69314718055994530942;
// With 2-3 players in the en edition a black offer costs a timer token and a
// wanted one wins an item: the optional second attempt is made only when the
// square is wanted with this chance.
inline constexpr double kSecondAttemptOdds = 0.5;

// Binary entropy of a fraction, in bits (0 for 0 or 1, 1 at one half).
inline double split(double f) {
  if (f <= 0 || f >= 1) return 0;
  return -(f * std::log2(f) + (1 - f) * std::log2(1 - f));
}

inline std::uint32_t uncovered_squares(const FirstContactState& s) {
  std::uint32_t u = 0;
  for (int q = 0; q < kSquares; ++q)
    if (s.covered_by(q) < 0) u |= bit(q);
  return u;
}

// rotation_fit for every characteristic at once, built so that adding one
// card to a rotation costs one addition per characteristic.
struct RotationModel {
  std::array<std::array<double, kSquares>, kCharacteristics> card{};  // log P(card | c)
  std::array<int, kCharacteristics> expect{};  // cards having c, at most five
  std::array<double, kCharacteristics> prior{};

  explicit RotationModel(const FieldTraits& field) {
    for (int c = 0; c < kCharacteristics; ++c) {
      int n = 0;
      for (int q = 0; q < kSquares; ++q) n += field_has(field, q, c);
      expect[c] = std::min(n, kMaxRotated);
      for (int q = 0; q < kSquares; ++q)
        card[c][q] = std::log((field_has(field, q, c) ? (1 - kRotationSlip) / n : 0.0) +
                              kRotationSlip / kSquares);
    }
  }
  double fit(int c, std::uint32_t rotated) const {
    double f = 0;
    for (int q = 0; q < kSquares; ++q)
      if (rotated & bit(q)) f += card[c][q];
    const int k = std::popcount(rotated);
    if (k < expect[c]) f += (expect[c] - k) * std::log(kLeftOut);
    return f;
  }
  // The aliens' score of c as the meaning of `rotated`, before the softmax:
  // the fit plus a preference for characteristics the table does not know.
  double score(int c, std::uint32_t rotated) const {
    return kAnswerSharpness * fit(c, rotated) + prior[c];
  }
  void set_prior(const GlyphBelief& b) {
    for (int c = 0; c < kCharacteristics; ++c) prior[c] = std::log(0.25 + 1 - b.certainty(c));
  }
};

}  // namespace meeple::first_contact
