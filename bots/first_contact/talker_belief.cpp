// The talker's reading of the table (bots/first_contact/talker.h): what the
// field's items have, how a rotation and a message read, and the belief of
// which glyph means which characteristic.
#include "bots/first_contact/talker.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "bots/first_contact/talker_model.h"
#include "core/any_game.h"

namespace meeple::first_contact {

FieldTraits field_traits(const FirstContactState& s) {
  FieldTraits t{};
  for (int q = 0; q < kSquares; ++q) {
    const int item = s.item_at(q);
    if (item >= 0) t[q] = catalog().items[static_cast<std::size_t>(item)].traits;
  }
  return t;
}

double rotation_fit(const FieldTraits& field, std::uint32_t rotated, int c) {
  return RotationModel(field).fit(c, rotated);
}

std::array<double, kSquares> read_message(const GlyphGrid& meaning, const FieldTraits& field,
                                          const Message& message) {
  std::array<double, kSquares> out{};
  for (std::uint8_t m : message) {
    const int g = m & 0x7f;
    const bool negated = (m & 0x80) != 0;
    double column = 0;
    for (int c = 0; c < kCharacteristics; ++c) column += meaning[c][g];
    for (int q = 0; q < kSquares; ++q) {
      double sat = 0;
      for (int c = 0; c < kCharacteristics; ++c)
        if (field_has(field, q, c)) sat += meaning[c][g];
      sat = column > 0 ? sat / column : 0;
      if (negated) sat = 1 - sat;
      out[q] += std::log(kReadSlip + (1 - 2 * kReadSlip) * sat);
    }
  }
  return out;
}

// ---------------------------------------------------------------- belief

GlyphBelief::GlyphBelief() {
  shown_.fill(-1);
}

void GlyphBelief::observe(const FirstContactState& s, Seat seat) {
  if (s.phase() == Phase::kLayField || s.phase() == Phase::kDrawPad ||
      s.phase() == Phase::kDrawRequest)
    return;
  for (int e = 0; e < s.earthlings(); ++e) {
    const int c = s.zero_turn_characteristic(e);
    if (c >= 0 && shown_[c] != s.zero_turn_glyph(e)) {
      shown_[c] = static_cast<std::int8_t>(s.zero_turn_glyph(e));
      dirty_ = true;
    }
  }
  rounds_.observe(
      s, seat, [&] { add_question(s, seat); }, [&] { add_turn(s); });
}

std::array<double, kCharacteristics> GlyphBelief::answer_odds(const FieldTraits& field,
                                                              std::uint32_t rotated) const {
  RotationModel model(field);
  model.set_prior(*this);
  std::array<double, kCharacteristics> odds{};
  double top = kNone;
  for (int c = 0; c < kCharacteristics; ++c) top = std::max(top, odds[c] = model.score(c, rotated));
  double sum = 0;
  for (auto& o : odds) sum += o = std::exp(o - top);
  for (auto& o : odds) o /= sum;
  return odds;
}

void GlyphBelief::add_question(const FirstContactState& s, Seat seat) {
  // Each glyph of the answer was some alien's reading of the rotation.
  auto odds = answer_odds(field_traits(s), s.rotated());
  double floor = kAnswerFloor;
  if (rounds_.my_question() >= 0 && s.earthling_seat(s.asker()) == seat) {
    for (int c = 0; c < kCharacteristics; ++c)
      odds[c] = kOwnAnswerChance * (c == rounds_.my_question()) + (1 - kOwnAnswerChance) * odds[c];
    floor = kOwnAnswerFloor;
  }
  for (std::uint8_t g : s.answer())
    for (int c = 0; c < kCharacteristics; ++c) evidence_[c][g] += std::log(floor + odds[c]);
  ++questions_;
  dirty_ = true;
}

void GlyphBelief::add_turn(const FirstContactState& s) {
  const int alien = s.speaker();
  if (alien < 0 || s.message().empty()) return;
  std::uint32_t offered = 0, covered = 0;
  for (int e = 0; e < s.earthlings(); ++e)
    for (int t = 0; t < 2; ++t) {
      const int q = s.revealed_offer(e, t);
      if (q < 0) continue;
      offered |= bit(q);
      if (s.covered_by(q) == alien) covered |= bit(q);
    }
  refused_[alien] |= offered & ~covered;
  ++messages_;
  if (covered == 0) return;
  // Which covered square was the target: the one the message fits best, as
  // read before this turn. Every literal then spoke about that item.
  const FieldTraits field = field_traits(s);
  const auto fit = read_message(meaning(), field, s.message());
  std::array<double, kSquares> w{};
  double top = kNone, sum = 0;
  for (int q = 0; q < kSquares; ++q)
    if (covered & bit(q)) top = std::max(top, fit[q]);
  for (int q = 0; q < kSquares; ++q)
    if (covered & bit(q)) sum += w[q] = std::exp(fit[q] - top);
  for (std::uint8_t m : s.message()) {
    const int g = m & 0x7f;
    const bool negated = (m & 0x80) != 0;
    for (int c = 0; c < kCharacteristics; ++c) {
      double agree = 0;
      for (int q = 0; q < kSquares; ++q)
        if (covered & bit(q))
          agree +=
              w[q] / sum * (field_has(field, q, c) != negated ? 1 - kLiteralSlip : kLiteralSlip);
      evidence_[c][g] += std::log(kCoveredWasTarget * agree + (1 - kCoveredWasTarget) * 0.5);
    }
  }
  dirty_ = true;
}

const GlyphGrid& GlyphBelief::settled() const {
  if (!dirty_) return p_;
  // Evidence to weights; zero-turn glyphs are certain. Then Sinkhorn
  // balancing: alternately scale rows and columns to sum to 1, the usual
  // approximation of a one-to-one assignment's marginals.
  GlyphGrid w{};
  std::uint32_t shown_glyphs = 0;
  for (int c = 0; c < kCharacteristics; ++c)
    if (shown_[c] >= 0) shown_glyphs |= bit(shown_[c]);
  for (int c = 0; c < kCharacteristics; ++c) {
    double top = kNone;
    for (int g = 0; g < kGlyphs; ++g) top = std::max(top, evidence_[c][g]);
    for (int g = 0; g < kGlyphs; ++g) {
      if (shown_[c] >= 0)
        w[c][g] = g == shown_[c] ? 1.0 : 0.0;
      else
        w[c][g] = (shown_glyphs & bit(g)) ? 0.0 : std::exp(std::max(evidence_[c][g] - top, -30.0));
    }
  }
  for (int it = 0; it < 60; ++it) {
    for (int c = 0; c < kCharacteristics; ++c) {
      double sum = 0;
      for (int g = 0; g < kGlyphs; ++g) sum += w[c][g];
      if (sum > 0)
        for (int g = 0; g < kGlyphs; ++g) w[c][g] /= sum;
    }
    for (int g = 0; g < kGlyphs; ++g) {
      double sum = 0;
      for (int c = 0; c < kCharacteristics; ++c) sum += w[c][g];
      if (sum > 0)
        for (int c = 0; c < kCharacteristics; ++c) w[c][g] /= sum;
    }
  }
  p_ = w;
  dirty_ = false;
  return p_;
}

int GlyphBelief::likeliest_glyph(int c) const {
  const auto& row = settled()[c];
  return static_cast<int>(std::max_element(row.begin(), row.end()) - row.begin());
}

double GlyphBelief::certainty(int c) const {
  double h = 0;
  for (double x : settled()[c])
    if (x > 1e-12) h -= x * std::log(x);
  return std::clamp(1 - h / std::log(static_cast<double>(kGlyphs)), 0.0, 1.0);
}

}  // namespace meeple::first_contact
