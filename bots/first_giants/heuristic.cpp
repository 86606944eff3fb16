#include <algorithm>
#include <memory>

#include "bots/first_giants/bots.h"
#include "bots/game_bot.h"
#include "bots/ismcts_bot.h"
#include "core/bits.h"
#include "games/first_giants/first_giants.h"

namespace meeple::first_giants {

namespace {

// Worth of a position for `me`, in points: the score so far plus rough
// prospects of amber, studio fossils and open sets, minus a share of the best
// rival's score (News tokens are taken from someone).
double evaluate(const FirstGiantsState& s, int me) {
  int best_rival = 0;
  for (int p = 0; p < s.num_players(); ++p)
    if (p != me) best_rival = std::max(best_rival, s.score(p));
  const PlayerArea& a = s.player(me);
  if (s.is_terminal()) return 100.0 * (s.score(me) - best_rival);
  const double late = s.end_triggered() ? 0.25 : 1.0;
  double v = s.score(me) - 0.3 * best_rival;
  v += 0.7 * std::min<int>(a.amber, 7) * late + 0.1 * std::max(0, a.amber - 7);
  for (std::uint64_t st = a.studio; st; st &= st - 1) {
    const Card& c = cards()[lowest_bit(st)];
    double cv = 0.5;
    for (const auto& set : a.sets)
      if (set_accepts(set, c.family, c.size)) {
        cv += 0.9;
        break;
      }
    if (c.recurring) cv += 1.2;
    v += cv * late;
  }
  for (const auto& set : a.sets) {
    if (set.complete()) continue;
    if (set.kind == kOpenSet) v += 1.1 * late;
    if (set.kind == kFamilySet) v += 1.2 * late;
    if (set.kind == kSizeSet) v += 0.6 * late;
  }
  for (const auto& pd : s.pending())
    if (pd.owner == me) v += 0.8;
  return v;
}

class HeuristicBot final : public GameBot<FirstGiants> {
 public:
  std::string_view name() const override { return "heuristic"; }
  Action decide(const FirstGiantsState& info, Seat seat, Rng& rng) override {
    const FirstGiantsState* s = &info;
    ActionList legal;
    s->legal_actions(seat, legal);
    if (legal.size() == 1) return legal[rng.below(1)];  // draws as it always did
    Action best = legal[0];
    double best_v = -1e18;
    for (Action a : legal) {
      FirstGiantsState next = *s;
      next.apply_unchecked(seat, a);
      double v = evaluate(next, seat) + 1e-3 * rng.uniform01();
      // A decision still in my hands (an effect to use) has some worth.
      if (!next.is_terminal() && !next.is_chance() && next.to_act().contains(seat) &&
          next.phase() != Phase::kTurn)
        v += 0.3;
      if (v > best_v) {
        best_v = v;
        best = a;
      }
    }
    return best;
  }
};

}  // namespace

void add_bots(std::vector<BotEntry>& entries) {
  entries.push_back({"first-giants", "heuristic",
                     "greedy one-step player over an evaluation of score, amber and set prospects",
                     [](const BotBudget&) { return std::make_unique<HeuristicBot>(); }});
  entries.push_back(ismcts_entry<FirstGiants>());
}

}  // namespace meeple::first_giants
