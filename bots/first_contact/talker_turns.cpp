// The talker's turns (bots/first_contact/talker.h): the alien's message and
// the earthling's question, rotation, offer and note pad, from the belief.
#include "bots/first_contact/talker.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "bots/first_contact/talker_model.h"
#include "core/any_game.h"

namespace meeple::first_contact {

// ---------------------------------------------------------------- alien

namespace {

// The alien's view of its turn: how a listener with the table's belief, and
// one who knew the language pad, would read each possible literal.
struct MessagePlanner {
  std::uint32_t candidates = 0;  // squares a listener may offer
  std::array<double, kSquares> worth{};
  std::vector<std::uint8_t> literals;                      // glyph | 0x80 negated
  std::vector<std::array<double, kSquares>> heard, meant;  // per literal: log-fit per square
  int target_ = -1;

  MessagePlanner(const FirstContactState& s, const GlyphBelief& belief, int alien) {
    const FieldTraits field = field_traits(s);
    candidates = uncovered_squares(s) & ~belief.refused(alien);
    if (candidates == 0) candidates = uncovered_squares(s);
    GlyphGrid pad{};
    for (int c = 0; c < kCharacteristics; ++c) pad[c][s.glyph_of(c)] = 1;
    for (int c = 0; c < kCharacteristics; ++c)
      for (int negated = 0; negated <= (s.negation_rule() ? 1 : 0); ++negated) {
        Message one;
        one.push_back(static_cast<std::uint8_t>(s.glyph_of(c) | (negated ? 0x80 : 0)));
        literals.push_back(one[0]);
        heard.push_back(read_message(belief.meaning(), field, one));
        meant.push_back(read_message(pad, field, one));
      }
  }

  void aim(const FirstContactState& s, int alien, int target) {
    target_ = target;
    const std::uint32_t wanted = s.wanted(alien) & candidates;
    for (int q = 0; q < kSquares; ++q) {
      worth[q] = 0;
      if (wanted & bit(q)) worth[q] = q == target ? 1.0 : kOtherWanted;
      if (s.small_game() && (s.black() & bit(q))) worth[q] = kBlack;
    }
  }

  // What the listener's offer is worth to the alien, on average.
  double offer_worth(const std::array<double, kSquares>& fit) const {
    double top = kNone;
    for (int q = 0; q < kSquares; ++q)
      if (candidates & bit(q)) top = std::max(top, fit[q]);
    double sum = 0, value = 0;
    for (int q = 0; q < kSquares; ++q) {
      if (!(candidates & bit(q))) continue;
      const double x = std::exp(kListenerSharpness * (fit[q] - top));
      sum += x;
      value += x * worth[q];
    }
    return value / sum;
  }

  double value(const std::array<double, kSquares>& heard_fit,
               const std::array<double, kSquares>& meant_fit) const {
    return offer_worth(heard_fit) + kTeach * offer_worth(meant_fit);
  }

  // Extends `message` one literal at a time while that makes it better (the
  // first literal always), using only literals true of the target: a message
  // says what the target is (or is not), never a riddle. Returns the value.
  double extend(Message& message) const {
    std::array<double, kSquares> h{}, m{};
    auto add = [&](std::size_t l) {
      for (int q = 0; q < kSquares; ++q) {
        h[q] += heard[l][q];
        m[q] += meant[l][q];
      }
    };
    for (std::uint8_t x : message)
      for (std::size_t l = 0; l < literals.size(); ++l)
        if (literals[l] == x) add(l);
    double current = message.empty() ? kNone : value(h, m);
    // (An item with no characteristic, where negation is off, has no true
    // literal; then any glyph will do, a message having at least one.)
    bool any_true = false;
    for (std::size_t l = 0; l < literals.size(); ++l)
      any_true = any_true || meant[l][target_] >= std::log(0.5);
    while (message.size() < static_cast<std::size_t>(kMaxMessage)) {
      double best = kNone;
      std::size_t pick = 0;
      for (std::size_t l = 0; l < literals.size(); ++l) {
        bool used = false;
        for (std::uint8_t x : message) used = used || (x & 0x7f) == (literals[l] & 0x7f);
        if (used || (any_true && meant[l][target_] < std::log(0.5))) continue;
        std::array<double, kSquares> h2 = h, m2 = m;
        for (int q = 0; q < kSquares; ++q) {
          h2[q] += heard[l][q];
          m2[q] += meant[l][q];
        }
        const double v = value(h2, m2);
        if (v > best) {
          best = v;
          pick = l;
        }
      }
      if (best <= current + kWorthAGlyph) break;
      message.push_back(literals[pick]);
      add(pick);
      current = best;
    }
    return current;
  }
};

Action literal_action(std::uint8_t x) {
  return ((x & 0x80) ? act::kNotGlyph : act::kGlyph) + (x & 0x7f);
}

}  // namespace

Action alien_decision(const FirstContactState& s, Seat seat, const GlyphBelief& belief) {
  const int alien = seat;
  switch (s.phase()) {
    case Phase::kCustomSymbols:
      return act::kRandomize;  // the bot has no favourite glyphs
    case Phase::kPropose: {
      const auto odds = belief.answer_odds(field_traits(s), s.rotated());
      const int c = static_cast<int>(std::max_element(odds.begin(), odds.end()) - odds.begin());
      return act::kGlyph + s.glyph_of(c);
    }
    case Phase::kTarget: {
      MessagePlanner plan(s, belief, alien);
      const std::uint32_t options = s.wanted(alien) & uncovered_squares(s);
      int best_target = -1;
      double best = kNone;
      for (int q = 0; q < kSquares; ++q) {
        if (!(options & bit(q))) continue;
        plan.aim(s, alien, q);
        Message m;
        const double v = plan.extend(m);
        if (v > best) {
          best = v;
          best_target = q;
        }
      }
      return act::kSquare + best_target;
    }
    case Phase::kMessage: {
      MessagePlanner plan(s, belief, alien);
      plan.aim(s, alien, s.target());
      Message m = s.message();
      const std::size_t before = m.size();
      plan.extend(m);
      return m.size() > before ? literal_action(m[before]) : act::kSend;
    }
    default: {
      ActionList legal;
      s.legal_actions(seat, legal);
      return legal[0];
    }
  }
}

// ---------------------------------------------------------------- earthling

namespace {

struct Rotation {
  std::uint32_t cards = 0;
  double margin = kNone;  // how far c's score is ahead of the runner-up's
};

// The cards (up to five, all having c) that make c stand out most clearly for
// an alien reading the rotation as answer_odds does: greedy, keeping the best
// prefix.
Rotation best_rotation(const RotationModel& model, const FieldTraits& field, int c) {
  Rotation best;
  std::uint32_t cards = 0;
  for (int step = 0; step < kMaxRotated; ++step) {
    int pick = -1;
    double pick_margin = kNone;
    for (int q = 0; q < kSquares; ++q) {
      if ((cards & bit(q)) || !field_has(field, q, c)) continue;
      const std::uint32_t r = cards | bit(q);
      double rival = kNone;
      for (int o = 0; o < kCharacteristics; ++o)
        if (o != c) rival = std::max(rival, model.score(o, r));
      const double m = model.score(c, r) - rival;
      if (m > pick_margin) {
        pick_margin = m;
        pick = q;
      }
    }
    if (pick < 0) break;
    cards |= bit(pick);
    if (pick_margin > best.margin) best = {cards, pick_margin};
  }
  return best;
}

// The characteristic to ask about: the least certain glyph, among the
// characteristics whose rotation the aliens will read right, favouring those
// that split the uncovered items evenly (the most useful in messages).
int question_to_ask(const FirstContactState& s, const GlyphBelief& belief) {
  const FieldTraits field = field_traits(s);
  RotationModel model(field);
  model.set_prior(belief);
  const std::uint32_t uncovered = uncovered_squares(s);
  const int open = std::max(1, std::popcount(uncovered));
  int best_c = -1;
  double best = kNone;
  for (int c = 0; c < kCharacteristics; ++c) {
    if (model.expect[c] == 0) continue;
    int n = 0;
    for (int q = 0; q < kSquares; ++q) n += (uncovered & bit(q)) && field_has(field, q, c);
    const Rotation r = best_rotation(model, field, c);
    const double score = (1 - belief.certainty(c)) * (0.5 + split(static_cast<double>(n) / open)) *
                         (r.margin > 0 ? 1.0 : 0.2);
    if (score > best) {
      best = score;
      best_c = c;
    }
  }
  return std::max(best_c, 0);
}

Action offer(const FirstContactState& s, Seat seat, const GlyphBelief& belief, Rng& rng) {
  const int e = seat - s.aliens();
  std::uint32_t uncovered = uncovered_squares(s);
  if (s.phase() == Phase::kSecondAttempt && s.revealed_offer(e, 0) >= 0)
    uncovered &= ~bit(s.revealed_offer(e, 0));
  std::uint32_t candidates = uncovered & ~belief.refused(s.speaker());
  if (candidates == 0) candidates = uncovered;
  const auto fit = read_message(belief.meaning(), field_traits(s), s.message());
  int best = -1;
  for (int q = 0; q < kSquares; ++q)
    if ((candidates & bit(q)) && (best < 0 || fit[q] > fit[best])) best = q;
  if (best < 0) return act::kPass;  // nothing left to offer (second attempt only)
  // Squares about as likely as the best are about as good guesses: pick one
  // at random, so that earthlings who read the message alike do not all make
  // the same guess.
  const double margin = s.earthlings() > 1 ? kNearBest : 0.0;
  InlineVec<int, kSquares> near;
  for (int q = 0; q < kSquares; ++q)
    if ((candidates & bit(q)) && fit[q] >= fit[best] + margin) near.push_back(q);
  best = near[rng.below(static_cast<std::uint32_t>(near.size()))];
  if (s.phase() == Phase::kSecondAttempt && s.edition() == Edition::kEn) {
    double sum = 0;
    for (int q = 0; q < kSquares; ++q)
      if (candidates & bit(q)) sum += std::exp(fit[q] - fit[best]);
    // The square is what the message meant with chance `p`; if not, it is
    // still wanted as often as any candidate is. (How many squares a request
    // card wants is the same on every card, so the count is public even in a
    // determinization.)
    const double p = 1 / sum;
    int wanted_left = std::popcount(s.wanted(s.speaker()));
    for (int q = 0; q < kSquares; ++q) wanted_left -= s.covered_by(q) == s.speaker();
    const double base = std::clamp(
        static_cast<double>(wanted_left) / std::max(1, std::popcount(candidates)), 0.0, 1.0);
    if (p + (1 - p) * base < kSecondAttemptOdds) return act::kPass;
  }
  return act::kSquare + best;
}

}  // namespace

Action earthling_decision(const FirstContactState& s, Seat seat, const GlyphBelief& belief,
                          Rng& rng) {
  switch (s.phase()) {
    case Phase::kZeroTurn: {
      // Ask for the glyph of the characteristic that splits the field most
      // evenly, among those not shown yet.
      std::uint32_t shown = 0;
      for (int e = 0; e < s.earthlings(); ++e)
        if (s.zero_turn_characteristic(e) >= 0) shown |= bit(s.zero_turn_characteristic(e));
      const FieldTraits field = field_traits(s);
      int best_c = 0;
      double best = -1;
      for (int c = 0; c < kCharacteristics; ++c) {
        if (shown & bit(c)) continue;
        int n = 0;
        for (int q = 0; q < kSquares; ++q) n += field_has(field, q, c);
        if (split(n / static_cast<double>(kSquares)) > best) {
          best = split(n / static_cast<double>(kSquares));
          best_c = c;
        }
      }
      return act::kCharacteristic + best_c;
    }
    case Phase::kChoose:
      return act::kCharacteristic + question_to_ask(s, belief);
    case Phase::kRotate: {
      // The same plan as when the characteristic was chosen (nothing public
      // happened since), one card per call.
      const FieldTraits field = field_traits(s);
      RotationModel model(field);
      model.set_prior(belief);
      const int c = s.chosen();
      const std::uint32_t plan = c >= 0 ? best_rotation(model, field, c).cards : 0;
      for (int q = 0; q < kSquares; ++q)
        if ((plan & bit(q)) && !(s.rotated() & bit(q))) return act::kSquare + q;
      if (s.rotated() != 0) return act::kDone;
      return act::kSquare;  // no item has it (only asked by mistake): any card will do
    }
    case Phase::kOffer:
    case Phase::kSecondAttempt:
      return offer(s, seat, belief, rng);
    default: {
      ActionList legal;
      s.search_actions(seat, legal);
      return legal[0];
    }
  }
}

Action note_edit(const FirstContactState& s, Seat seat, const GlyphBelief& belief) {
  if (!s.is_earthling(seat)) return -1;
  const int e = seat - s.aliens();
  for (int c = 0; c < kCharacteristics; ++c) {
    const int g = belief.likeliest_glyph(c);
    const double p = belief.p(c, g);
    const int written = s.note(e, c);
    if (p < kNoteWorthy || written == g) continue;
    if (written >= 0 && p < belief.p(c, written) + kNoteMargin) continue;
    return act::kNoteWrite + c * kGlyphs + g;
  }
  return -1;
}

}  // namespace meeple::first_contact
