// The First Contact "simple" bot: a second, independently designed partner
// for the talker (talker.h), so that the talker is measured with a stranger
// whose habits it does not share, as it would be with people (docs/bots.md,
// "Cross-play"). It plays either side and keeps no model of the other
// players: it counts what it saw and takes words literally.
//
// * Earthling, a frequency-count decoder. For each characteristic and glyph
//   it keeps a tally: a zero-turn glyph settles its characteristic; an answer
//   to its own question counts three for the characteristic it asked about;
//   an answer to someone else's question counts for the characteristics every
//   rotated item shares (split between them); a glyph written without
//   negation in a message whose offered square was covered counts for the
//   covered item's characteristics (split between them). A glyph means the
//   characteristic with the highest tally. It offers the uncovered square
//   that satisfies the most decoded literals of the message minus those it
//   contradicts, never one the speaking alien refused before, and breaks ties
//   at random; it asks about the characteristic with an unknown glyph that
//   most uncovered items have, rotating up to five of them; its note pad holds
//   what it decoded.
// * Alien, literal. It answers a question with the characteristic most
//   rotated items have (the fewest unrotated ones on a tie); it aims at the
//   wanted square its message can single out best, and the message names the
//   target's characteristics (or, where the rule allows, the ones it lacks)
//   one at a time, each time the one that leaves the fewest uncovered items
//   fitting, stopping when only the target fits or nothing narrows it down.
//
// It reads only what its seat may see, as every bot does.
#pragma once

#include <array>
#include <cstdint>

#include "bots/first_contact/rounds.h"
#include "bots/game_bot.h"
#include "games/first_contact/first_contact.h"

namespace meeple::first_contact {

// What a simple earthling has seen about the glyphs: tallies per
// characteristic and glyph. Fed every state its seat sees, in order.
class GlyphTally {
 public:
  GlyphTally() { settled_.fill(-1); }
  void observe(const FirstContactState& s, Seat seat);
  // The characteristic glyph g stands for as far as the tallies say, or -1.
  int meaning(int g) const;
  double count(int c, int g) const { return count_[c][g]; }
  std::uint32_t refused(int alien) const { return refused_[alien]; }

 private:
  void add_question(const FirstContactState& s, Seat seat);
  void add_turn(const FirstContactState& s);

  std::array<std::array<double, kGlyphs>, kCharacteristics> count_{};
  std::array<std::int8_t, kGlyphs> settled_;  // from the zero turn: the characteristic, or -1
  std::array<std::uint32_t, kMaxAliens> refused_{};
  RoundWatch rounds_;
};

// The simple bot's decisions, for the bot and for tests: a legal decision
// for `seat` (never a note-pad edit).
Action simple_alien_decision(const FirstContactState& s, Seat seat);
Action simple_earthling_decision(const FirstContactState& s, Seat seat, const GlyphTally& tally,
                                 Rng& rng);

class SimpleBot final : public GameBot<FirstContact> {
 public:
  std::string_view name() const override { return "simple"; }
  Action decide(const FirstContactState& info, Seat seat, Rng& rng) override;
  bool observes() const override { return true; }
  void learn(const FirstContactState& info, Seat seat) override { tally_.observe(info, seat); }
  const GlyphTally& tally() const { return tally_; }

 private:
  GlyphTally tally_;
};

}  // namespace meeple::first_contact
