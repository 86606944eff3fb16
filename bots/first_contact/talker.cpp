#include "bots/first_contact/talker.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "core/any_game.h"

namespace meeple::first_contact {

namespace {

constexpr std::uint32_t bit(int i) {
  return 1u << i;
}
constexpr double kNone = -std::numeric_limits<double>::infinity();

bool has(const FieldTraits& field, int square, int c) {
  return (field[square] >> c) & 1u;
}

// ---- The model's constants. Changing them changes the bots' play (and the
// figures in docs/bots.md), nothing else.

// An earthling rotating for characteristic c picks a card at random with
// this chance instead of one whose item has c (a slip, or a matter of taste).
constexpr double kRotationSlip = 0.1;
// Each card of the ones having c (up to five) left unrotated multiplies the
// likelihood by this.
constexpr double kLeftOut = 0.6;
// Aliens answer the best-fitting characteristic, with this much confidence in
// the fit (a softmax temperature on rotation_fit).
constexpr double kAnswerSharpness = 1.5;
// Answers are not always what the model predicts (other players, mistakes).
constexpr double kAnswerFloor = 0.02;
// A message literal holds for an item with this much room for error.
constexpr double kReadSlip = 0.05;
// After a message, a covered square was the target with this chance...
constexpr double kCoveredWasTarget = 0.75;
// ... and a literal of the message is wrong about the target with this one.
constexpr double kLiteralSlip = 0.1;
// The alien's guess of the listener: how sharply it picks the best square.
constexpr double kListenerSharpness = 2.0;
// Weight of a wanted square other than the target, of a black square (which
// costs a timer token with 2-3 players), and of the message's true meaning
// (so that glyphs the table does not know yet get taught).
constexpr double kOtherWanted = 0.9;
constexpr double kBlack = -0.5;
constexpr double kTeach = 0.3;
// A glyph is added to a message only if it raises its worth by this much.
constexpr double kWorthAGlyph = 0.01;
// An answer to the seat's own question is the glyph of the characteristic it
// asked about with this chance (the rest as the answer model says: the aliens
// may read the rotated cards otherwise), and needs a smaller floor than
// kAnswerFloor: the asker is sure of what it asked.
constexpr double kOwnAnswerChance = 0.9;
constexpr double kOwnAnswerFloor = 0.002;
// The note pad gets a glyph once it is this likely, and a written glyph is
// replaced only by one that is clearly likelier.
constexpr double kNoteWorthy = 0.15;
constexpr double kNoteMargin = 0.05;
// With other earthlings at the table, an offer is a random one of the
// squares whose fit is within this much (a log-likelihood) of the best
// one's: earthlings who read the message alike then spread their guesses
// over the likely squares, and an alien turn covers every wanted square
// offered. (Alone, an earthling takes the best.)
// (-ln 2: a square at least half as likely as the best one.)
constexpr double kNearBest = -0.69314718055994530942;
// With 2-3 players in the en edition a black offer costs a timer token and a
// wanted one wins an item: the optional second attempt is made only when the
// square is wanted with this chance.
constexpr double kSecondAttemptOdds = 0.5;

// Binary entropy of a fraction, in bits (0 for 0 or 1, 1 at one half).
double split(double f) {
  if (f <= 0 || f >= 1) return 0;
  return -(f * std::log2(f) + (1 - f) * std::log2(1 - f));
}

std::uint32_t uncovered_squares(const FirstContactState& s) {
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
      for (int q = 0; q < kSquares; ++q) n += has(field, q, c);
      expect[c] = std::min(n, kMaxRotated);
      for (int q = 0; q < kSquares; ++q)
        card[c][q] =
            std::log((has(field, q, c) ? (1 - kRotationSlip) / n : 0.0) + kRotationSlip / kSquares);
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

}  // namespace

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
        if (has(field, q, c)) sat += meaning[c][g];
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
          agree += w[q] / sum * (has(field, q, c) != negated ? 1 - kLiteralSlip : kLiteralSlip);
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
      if ((cards & bit(q)) || !has(field, q, c)) continue;
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
    for (int q = 0; q < kSquares; ++q) n += (uncovered & bit(q)) && has(field, q, c);
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
        for (int q = 0; q < kSquares; ++q) n += has(field, q, c);
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

// ---------------------------------------------------------------- the bot

void TalkerBot::learn(const FirstContactState& info, Seat seat) {
  belief_.observe(info, seat);
}

Action TalkerBot::decide(const FirstContactState& s, Seat seat, Rng& rng) {
  belief_.observe(s, seat);
  if (s.is_alien(seat)) return alien_decision(s, seat, belief_);
  if (const Action edit = note_edit(s, seat, belief_); edit >= 0) return edit;
  return earthling_decision(s, seat, belief_, rng);
}

}  // namespace meeple::first_contact
