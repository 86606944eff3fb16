// The First Contact "talker": a bot that plays by talking, as a person would,
// with no conventions beyond the rules, so it can sit with people as well as
// with copies of itself. It plays whichever side its seat is on.
//
// Both sides read the table the same way, through a GlyphBelief: what the
// earthlings have been shown about the glyphs (zero-turn glyphs, each
// question's rotated cards with the aliens' answer, each message with the
// offers it drew and which of them were covered). An earthling decides with
// it; an alien uses it to guess how its words will be understood.
//
// * Alien, answering a question: the characteristic that best explains which
//   cards were rotated (rotated items having it, the others lacking it, few
//   other field items having it), and the glyph of that characteristic on its
//   language pad.
// * Alien, its own turn: the target among its wanted squares and the message
//   (1-6 glyphs, negated where the rule allows) under which a listener with
//   the table's belief most likely offers the target (or another square the
//   alien wants), with a small weight for the message's true meaning so new
//   glyphs get taught.
// * Earthling: asks about the characteristic whose glyph is least certain
//   among those it can make clear, rotating the cards that make it stand out;
//   offers the square that fits the message best; keeps its note pad filled
//   in with the most probable glyph of each characteristic.
//
// Hidden information stays structural: the bot reads only what its seat may
// see (the alien its pad, request card and target; both the public table),
// never the re-sampled parts of a determinization.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "bots/first_contact/rounds.h"
#include "bots/game_bot.h"
#include "games/first_contact/first_contact.h"

namespace meeple::first_contact {

// Characteristic sets of the 25 field items, square by square (bit c set when
// the item has characteristic c).
using FieldTraits = std::array<std::uint32_t, kSquares>;
FieldTraits field_traits(const FirstContactState& s);

// A message as the state keeps it: glyph | 0x80 when negated.
using Message = InlineVec<std::uint8_t, kMaxMessage>;

// [characteristic][glyph] grids of probabilities.
using GlyphGrid = std::array<std::array<double, kGlyphs>, kCharacteristics>;

// How well characteristic `c` explains rotating the squares `rotated`, as a
// log-likelihood: an earthling asking about c rotates cards whose items have
// c (each rotated card a random one of the n field items having c, or with a
// small chance any card), and rotates all of them up to five, so leaving some
// out costs a little.
double rotation_fit(const FieldTraits& field, std::uint32_t rotated, int c);

// What the table has been shown about the glyphs, and what follows from it.
// Fed every state the seat sees (in order), it picks up each finished
// question and each finished alien turn once. An earthling's belief also
// uses what only it knows: the characteristic it asked about in its own
// questions (so earthlings who asked different questions hold different
// beliefs, and may make different offers).
class GlyphBelief {
 public:
  GlyphBelief();
  void observe(const FirstContactState& s, Seat seat);

  // P(characteristic c is written with glyph g): each row and column sums to
  // 1 (a language pad is one-to-one).
  double p(int c, int g) const { return settled()[c][g]; }
  const GlyphGrid& meaning() const { return settled(); }
  int likeliest_glyph(int c) const;
  // 1 when the glyph of c is known for sure, 0 when nothing is known.
  double certainty(int c) const;
  // Squares offered in alien `colour`'s turn and not covered: not wanted by it.
  std::uint32_t refused(int colour) const { return refused_[colour]; }
  int questions_seen() const { return questions_; }
  int messages_seen() const { return messages_; }

  // The chance that the aliens answer the rotation with characteristic c's
  // glyph: rotation_fit, weighted toward characteristics the table does not
  // know yet (nobody asks about a glyph already shown).
  std::array<double, kCharacteristics> answer_odds(const FieldTraits& field,
                                                   std::uint32_t rotated) const;

 private:
  void add_question(const FirstContactState& s, Seat seat);
  void add_turn(const FirstContactState& s);
  const GlyphGrid& settled() const;

  GlyphGrid evidence_{};                             // log-weights from questions and messages
  std::array<std::int8_t, kCharacteristics> shown_;  // zero-turn glyph of c, or -1
  std::array<std::uint32_t, kMaxAliens> refused_{};
  RoundWatch rounds_;
  int questions_ = 0, messages_ = 0;
  mutable GlyphGrid p_{};
  mutable bool dirty_ = true;
};

// How each square fits `message` for a listener who reads glyph g as
// characteristic c with probability meaning[c][g]: log-likelihood per square
// (a literal holds with its probability, with a little room for mistakes).
std::array<double, kSquares> read_message(const GlyphGrid& meaning, const FieldTraits& field,
                                          const Message& message);

// The talker's decisions, for the bot and for tests. Each returns a legal
// decision (never a note-pad edit) for `seat` in `s`. An earthling's offer
// draws from `rng` between squares that fit the message about equally well.
Action alien_decision(const FirstContactState& s, Seat seat, const GlyphBelief& belief);
Action earthling_decision(const FirstContactState& s, Seat seat, const GlyphBelief& belief,
                          Rng& rng);
// The note-pad edit that brings the seat's pad closer to the belief (the
// likeliest glyph of a characteristic, once it is reasonably likely), or -1.
Action note_edit(const FirstContactState& s, Seat seat, const GlyphBelief& belief);

class TalkerBot final : public GameBot<FirstContact> {
 public:
  std::string_view name() const override { return "talker"; }
  Action decide(const FirstContactState& info, Seat seat, Rng& rng) override;
  bool observes() const override { return true; }
  void learn(const FirstContactState& info, Seat seat) override;
  const GlyphBelief& belief() const { return belief_; }

 private:
  GlyphBelief belief_;
};

}  // namespace meeple::first_contact
