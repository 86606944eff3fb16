#include "bots/first_contact/simple.h"

#include <algorithm>
#include <bit>

#include "games/first_contact/catalog.h"

namespace meeple::first_contact {

namespace {

// What an answer to the seat's own question counts for the characteristic it
// asked about, against 1 for a guess from someone else's rotated cards.
constexpr double kOwnQuestion = 3;

std::uint32_t traits_at(const FirstContactState& s, int square) {
  const int item = s.item_at(square);
  return item < 0 ? 0 : catalog().items[static_cast<std::size_t>(item)].traits;
}

bool has(const FirstContactState& s, int square, int c) {
  return (traits_at(s, square) >> c) & 1u;
}

std::uint32_t uncovered(const FirstContactState& s) {
  std::uint32_t u = 0;
  for (int q = 0; q < kSquares; ++q)
    if (s.covered_by(q) < 0) u |= 1u << q;
  return u;
}

bool legal(const FirstContactState& s, Seat seat, Action a) {
  ActionList legal;
  s.search_actions(seat, legal);
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

// ---- Alien

// A literal: glyph of characteristic c, negated or not.
struct Literal {
  int c;
  bool negated;
  bool holds(const FirstContactState& s, int q) const { return has(s, q, c) != negated; }
};

// The message that singles out `target` among the uncovered squares, built
// greedily; `fitting` gets how many uncovered squares it still fits.
InlineVec<Literal, kMaxMessage> describe(const FirstContactState& s, int target, int& fitting) {
  InlineVec<Literal, kMaxMessage> message;
  std::uint32_t fit = uncovered(s) | (1u << target);
  while (message.size() < static_cast<std::size_t>(kMaxMessage) && std::popcount(fit) > 1) {
    int best = -1;
    bool best_negated = false;
    int best_left = std::popcount(fit);
    for (int c = 0; c < kCharacteristics; ++c)
      for (bool negated : {false, true}) {
        if (negated && !s.negation_rule()) continue;
        const Literal l{c, negated};
        if (!l.holds(s, target)) continue;
        bool used = false;
        for (const Literal& m : message) used = used || m.c == c;
        if (used) continue;
        int left = 0;
        for (int q = 0; q < kSquares; ++q) left += ((fit >> q) & 1u) && l.holds(s, q);
        if (left < best_left) {  // the first of equals: positive before negated, lower c first
          best_left = left;
          best = c;
          best_negated = negated;
        }
      }
    if (best < 0) break;  // nothing narrows it down further
    message.push_back({best, best_negated});
    std::uint32_t next = 0;
    for (int q = 0; q < kSquares; ++q)
      if (((fit >> q) & 1u) && Literal{best, best_negated}.holds(s, q)) next |= 1u << q;
    fit = next;
  }
  if (message.empty()) {
    // An item with no characteristic and no negation: no literal is true of
    // it, and a message needs a glyph. The first one says least.
    message.push_back({0, false});
  }
  fitting = std::popcount(fit);
  return message;
}

}  // namespace

Action simple_alien_decision(const FirstContactState& s, Seat seat) {
  switch (s.phase()) {
    case Phase::kCustomSymbols:
      return act::kRandomize;
    case Phase::kPropose: {
      int best = 0, best_in = -1, best_out = kSquares + 1;
      for (int c = 0; c < kCharacteristics; ++c) {
        int in = 0, out = 0;
        for (int q = 0; q < kSquares; ++q)
          if (has(s, q, c)) ((s.rotated() >> q) & 1u ? in : out) += 1;
        if (in > best_in || (in == best_in && out < best_out)) {
          best = c;
          best_in = in;
          best_out = out;
        }
      }
      return act::kGlyph + s.glyph_of(best);
    }
    case Phase::kTarget: {
      int best = -1, best_fitting = kSquares + 1;
      for (int q = 0; q < kSquares; ++q) {
        if (!((s.wanted(seat) >> q) & 1u) || !legal(s, seat, act::kSquare + q)) continue;
        int fitting = 0;
        describe(s, q, fitting);
        if (fitting < best_fitting) {
          best = q;
          best_fitting = fitting;
        }
      }
      if (best >= 0) return act::kSquare + best;
      break;
    }
    case Phase::kMessage: {
      int fitting = 0;
      const auto message = describe(s, s.target(), fitting);
      const std::size_t written = s.message().size();
      if (written >= message.size()) return act::kSend;
      const Literal& l = message[written];
      return (l.negated ? act::kNotGlyph : act::kGlyph) + s.glyph_of(l.c);
    }
    default:
      break;
  }
  ActionList legal;
  s.search_actions(seat, legal);
  return legal[0];
}

// ---- Earthling

void GlyphTally::observe(const FirstContactState& s, Seat seat) {
  for (int e = 0; e < s.earthlings(); ++e)
    if (s.zero_turn_characteristic(e) >= 0)
      settled_[s.zero_turn_glyph(e)] = static_cast<std::int8_t>(s.zero_turn_characteristic(e));
  rounds_.observe(
      s, seat, [&] { add_question(s, seat); }, [&] { add_turn(s); });
}

void GlyphTally::add_question(const FirstContactState& s, Seat seat) {
  if (s.earthling_seat(s.asker()) == seat && rounds_.my_question() >= 0) {
    for (std::uint8_t g : s.answer()) count_[rounds_.my_question()][g] += kOwnQuestion;
    return;
  }
  std::uint32_t shared = ~0u;
  for (int q = 0; q < kSquares; ++q)
    if ((s.rotated() >> q) & 1u) shared &= traits_at(s, q);
  if (s.rotated() == 0) return;
  const int n = std::popcount(shared);
  if (n == 0) return;
  for (std::uint8_t g : s.answer())
    for (int c = 0; c < kCharacteristics; ++c)
      if ((shared >> c) & 1u) count_[c][g] += 1.0 / n;
}

void GlyphTally::add_turn(const FirstContactState& s) {
  const int alien = s.speaker();
  if (alien < 0) return;
  for (int e = 0; e < s.earthlings(); ++e)
    for (int t = 0; t < 2; ++t) {
      const int q = s.revealed_offer(e, t);
      if (q < 0) continue;
      if (s.covered_by(q) != alien) {
        refused_[alien] |= 1u << q;
        continue;
      }
      const std::uint32_t traits = traits_at(s, q);
      const int n = std::popcount(traits);
      if (n == 0) continue;
      for (std::uint8_t m : s.message()) {
        if (m & 0x80) continue;  // a negated glyph says too little to count
        for (int c = 0; c < kCharacteristics; ++c)
          if ((traits >> c) & 1u) count_[c][m] += 1.0 / n;
      }
    }
}

int GlyphTally::meaning(int g) const {
  if (settled_[g] >= 0) return settled_[g];
  int best = -1;
  double top = 0;
  for (int c = 0; c < kCharacteristics; ++c) {
    // A characteristic whose glyph the zero turn showed is not this one.
    bool shown = false;
    for (int h = 0; h < kGlyphs; ++h) shown = shown || settled_[h] == c;
    if (!shown && count_[c][g] > top) {
      top = count_[c][g];
      best = c;
    }
  }
  return best;
}

Action simple_earthling_decision(const FirstContactState& s, Seat seat, const GlyphTally& tally,
                                 Rng& rng) {
  const std::uint32_t open = uncovered(s);
  // Characteristics whose glyph it has decoded.
  std::uint32_t known = 0;
  for (int g = 0; g < kGlyphs; ++g)
    if (const int c = tally.meaning(g); c >= 0) known |= 1u << c;
  auto most_common = [&](std::uint32_t among, std::uint32_t squares) {
    int best = -1, best_n = 0;
    for (int c = 0; c < kCharacteristics; ++c) {
      if (!((among >> c) & 1u)) continue;
      int n = 0;
      for (int q = 0; q < kSquares; ++q) n += ((squares >> q) & 1u) && has(s, q, c);
      if (n > best_n) {
        best = c;
        best_n = n;
      }
    }
    return best;
  };
  const std::uint32_t all = (1u << kCharacteristics) - 1;
  switch (s.phase()) {
    case Phase::kZeroTurn:
    case Phase::kChoose: {
      int c = most_common(all & ~known, open);
      if (c < 0) c = most_common(all, open);
      if (c < 0) c = most_common(all, (1u << kSquares) - 1);
      return act::kCharacteristic + std::max(c, 0);
    }
    case Phase::kRotate: {
      const int c = s.chosen();
      if (std::popcount(s.rotated()) < kMaxRotated)
        for (int q = 0; q < kSquares; ++q)
          if (c >= 0 && has(s, q, c) && !((s.rotated() >> q) & 1u)) return act::kSquare + q;
      if (s.rotated() != 0) return act::kDone;
      return act::kSquare;  // no item has it: any card
    }
    case Phase::kOffer:
    case Phase::kSecondAttempt: {
      const int e = seat - s.aliens();
      std::uint32_t candidates = open & ~tally.refused(s.speaker());
      if (s.phase() == Phase::kSecondAttempt && s.revealed_offer(e, 0) >= 0)
        candidates &= ~(1u << s.revealed_offer(e, 0));
      if (candidates == 0) candidates = open;
      int best_score = -kMaxMessage - 1;
      InlineVec<int, kSquares> best;
      for (int q = 0; q < kSquares; ++q) {
        if (!((candidates >> q) & 1u)) continue;
        int score = 0;
        for (std::uint8_t m : s.message()) {
          const int c = tally.meaning(m & 0x7f);
          if (c >= 0) score += has(s, q, c) != ((m & 0x80) != 0) ? 1 : -1;
        }
        if (score > best_score) {
          best_score = score;
          best.clear();
        }
        if (score == best_score) best.push_back(q);
      }
      if (best.empty()) return act::kPass;  // second attempt with nothing left
      // A second attempt only on something the message says.
      if (s.phase() == Phase::kSecondAttempt && best_score <= 0) return act::kPass;
      return act::kSquare + best[rng.below(static_cast<std::uint32_t>(best.size()))];
    }
    default:
      break;
  }
  ActionList legal;
  s.search_actions(seat, legal);
  return legal[0];
}

Action SimpleBot::decide(const FirstContactState& s, Seat seat, Rng& rng) {
  tally_.observe(s, seat);
  if (s.is_alien(seat)) return simple_alien_decision(s, seat);
  // The note pad: what it decoded, one edit at a time (for each
  // characteristic the glyph that counts most for it).
  const int e = seat - s.aliens();
  for (int c = 0; c < kCharacteristics; ++c) {
    int best = -1;
    for (int g = 0; g < kGlyphs; ++g)
      if (tally_.meaning(g) == c && (best < 0 || tally_.count(c, g) > tally_.count(c, best)))
        best = g;
    if (best >= 0 && s.note(e, c) != best) return act::kNoteWrite + c * kGlyphs + best;
  }
  return simple_earthling_decision(s, seat, tally_, rng);
}

}  // namespace meeple::first_contact
