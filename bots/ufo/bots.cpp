#include "bots/ufo/bots.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "bots/ismcts_bot.h"
#include "bots/ufo/heuristic.h"

namespace meeple::ufo {

namespace {

const Space& space_of(int s) {
  return board().spaces[static_cast<std::size_t>(s)];
}

// Chance that a d12 plus `modifier` reaches `resistance`.
double roll_chance(int resistance, int modifier) {
  const int need = resistance - modifier;  // face needed
  if (need <= 1) return 1.0;
  if (need > 12) return 0.0;
  return (13.0 - need) / 12.0;
}

// What a UFO standing where it is could still earn this turn, roughly.
double ufo_potential(const UfoState& s, int u) {
  const UfoPiece& f = s.ufos()[static_cast<std::size_t>(u)];
  if (f.used || s.lost_bump()) return 0.0;
  const Space& here = space_of(f.space);
  const Seat p = f.owner;
  if (!here.city) {
    const int k = s.kiosk(f.space);
    if (k == kNone && s.kiosk_supply(p) > 0) return 1.2;
    if (k != kNone && k != p && s.kiosk_supply(p) > 0) return 2.0;  // +1 me, -1 them (rulings 3.2)
    return 0.0;
  }
  if (s.city_token(f.space) == kNone || s.restaurant_supply(p) <= 0) return 0.0;
  const int r = s.resistance(f.space);
  bool free = false;
  for (int k = 0; k < s.slots(f.space); ++k) free |= s.restaurant(f.space, k) == kNone;
  if (free) return 0.9 * r * roll_chance(r, s.control_modifier(u) + 1);
  bool other = false;
  for (int k = 0; k < s.slots(f.space); ++k) other |= s.restaurant(f.space, k) != p;
  if (other && !f.moved) return 1.6 * r * roll_chance(r, s.control_modifier(u));
  return 0.0;
}

}  // namespace

// Every player's standing at once (one pass over the board; this is the
// search's hot path): points on the board, cities (which bring UFOs and end
// the game) and, for the active player, what its UFOs may still do.
void standings(const UfoState& s, Standings& out) {
  out.fill(0.0);
  for (int c = 0; c < kNumCities; ++c) {
    for (Seat p = 0; p < s.num_players(); ++p) out[p] -= 2 * s.eyewitnesses(c, p);
    for (int k = 0; k < s.slots(c); ++k)
      if (s.restaurant(c, k) != kNone) out[s.restaurant(c, k)] += s.resistance(c);
    if (s.controller(c) != kNone) out[s.controller(c)] += 2.5;
  }
  for (int v = kNumCities; v < kNumSpaces; ++v)
    if (s.kiosk(v) != kNone) out[s.kiosk(v)] += 1;
  const bool busy =
      s.phase() == Phase::kMove || s.phase() == Phase::kActions || s.phase() == Phase::kBump;
  for (int u = 0; u < static_cast<int>(s.ufos().size()); ++u) {
    const Seat p = s.ufos()[static_cast<std::size_t>(u)].owner;
    out[p] += 1.5;
    if (busy && p == s.active()) out[p] += ufo_potential(s, u);
  }
}

double standing(const UfoState& s, Seat p) {
  Standings st;
  standings(s, st);
  return st[p];
}

double evaluate(const UfoState& s, Seat me) {
  Standings st;
  standings(s, st);
  double others = 0;
  for (Seat p = 0; p < s.num_players(); ++p)
    if (p != me) others += st[p];
  return st[me] - others / (s.num_players() - 1);
}

namespace {

// Movement, displacement and eyewitness moves: the best evaluation one step
// ahead; ending movement wins ties so UFOs do not wander.
Action greedy(const UfoState& s, Seat seat, const ActionList& legal, Rng& rng, bool look_ahead) {
  double best = -1e9;
  Action choice = legal[0];
  for (Action a : legal) {
    UfoState c = s;
    c.apply_unchecked(seat, a);
    double v = evaluate(c, seat);
    if (s.phase() == Phase::kMove && a != act::kPass) {
      v -= 0.05;
      // Look one step further for UFOs that may keep moving.
      const int u = (a - act::kMoveBase) / kMaxLines;
      const UfoPiece& f = c.ufos()[static_cast<std::size_t>(u)];
      if (look_ahead && !f.stopped) {
        ActionList next;
        c.legal_actions(seat, next);
        double ahead = 0;
        for (Action b : next) {
          if (b == act::kPass || (b - act::kMoveBase) / kMaxLines != u) continue;
          UfoState e = c;
          e.apply_unchecked(seat, b);
          ahead = std::max(ahead, evaluate(e, seat) - v - 0.05);
        }
        v += 0.8 * ahead;
      }
    }
    // A push that ends the displacement beats wandering on.
    if (s.phase() == Phase::kDisplace && c.phase() != Phase::kDisplace) v += 0.5;
    v += 1e-6 * rng.uniform01();
    if (v > best) {
      best = v;
      choice = a;
    }
  }
  return choice;
}

// Movement in rollouts, cheaper than greedy(): the step that most raises what
// the moving UFO can still earn this turn, or the end of movement.
Action quick_move(const UfoState& s, Seat seat, const ActionList& legal, Rng& rng) {
  double best = 0.0;
  Action choice = act::kPass;
  for (Action a : legal) {
    if (a == act::kPass) continue;
    const int u = (a - act::kMoveBase) / kMaxLines;
    UfoState c = s;
    c.apply_unchecked(seat, a);
    const double v = ufo_potential(c, u) - ufo_potential(s, u) - 0.05 + 1e-6 * rng.uniform01();
    if (v > best) {
      best = v;
      choice = a;
    }
  }
  return choice;
}

// Third player: help whichever side is not the stronger one.
Action support(const UfoState& s, Seat seat) {
  const Seat defender = s.bump_defender();
  if (defender == kNone || defender == seat) return act::kSupportBase;
  const double a = standing(s, s.active()), d = standing(s, defender);
  return act::kSupportBase + (a <= d ? 1 : 2);
}

// Attack with the strongest UFO (Bumper, then Standard, then Sedator).
Action bump(const UfoState& s, const ActionList& legal) {
  Action best = legal[0];
  int best_rank = -1;
  for (Action a : legal) {
    const int u = (a - act::kBumpBase) / kMaxPlayers;
    const UfoType t = s.ufos()[static_cast<std::size_t>(u)].type;
    const int rank = t == UfoType::kBumper ? 2 : t == UfoType::kStandard ? 1 : 0;
    if (rank > best_rank) {
      best_rank = rank;
      best = a;
    }
  }
  return best;
}

// Assist with a UFO that has no deed of its own left, then roll.
Action assist(const UfoState& s, const ActionList& legal) {
  for (Action a : legal) {
    if (a == act::kRoll) continue;
    const int u = a - act::kAssistBase;
    const UfoPiece& f = s.ufos()[static_cast<std::size_t>(u)];
    bool idle = true;
    if (!space_of(f.space).city) {
      const int k = s.kiosk(f.space);
      idle = !(k == kNone || k != f.owner);  // any rival kiosk can be taken (rulings 3.2)
    } else {
      idle = ufo_potential(s, u) < 0.5;
    }
    if (idle) return a;
  }
  return act::kRoll;
}

// Kiosks first (they help later control rolls), then the restaurant roll
// with the best expected value.
Action deed(const UfoState& s, const ActionList& legal) {
  double best = 0.0;
  Action choice = act::kPass;
  for (Action a : legal) {
    if (a == act::kPass) continue;
    const int u = (a - act::kDeedBase) / kNumDeeds;
    const Deed d = Deed((a - act::kDeedBase) % kNumDeeds);
    const UfoPiece& f = s.ufos()[static_cast<std::size_t>(u)];
    double v = 0.0;
    if (d == Deed::kOpenKiosk) v = 100.0;
    if (d == Deed::kTakeKiosk) v = 101.0;
    if (d == Deed::kOpenRestaurant || d == Deed::kTakeRestaurant0 || d == Deed::kTakeRestaurant1) {
      const int r = s.resistance(f.space);
      v = r * roll_chance(r, s.control_modifier(u) + 1) * (d == Deed::kOpenRestaurant ? 1.0 : 1.6);
      if (f.type == UfoType::kStandard) v += 0.01;
      if (d != Deed::kOpenRestaurant) {
        const int k = d == Deed::kTakeRestaurant0 ? 0 : 1;
        v += 0.1 * s.score(s.restaurant(f.space, k));  // hurt the stronger owner
      }
      v += 0.001;
    }
    if (v > best) {
      best = v;
      choice = a;
    }
  }
  return choice;
}

// A new UFO is worth a skipped turn; Bumpers win bumps.
Action new_ufo(const ActionList& legal) {
  for (int t : {1, 0, 2})
    for (Action a : legal)
      if (a != act::kPass && (a - act::kPlaceBase) / kNumCities == t) return a;
  return act::kPass;
}

// Start where a restaurant is most worth rolling for.
Action setup(const UfoState& s, const ActionList& legal) {
  double best = -1;
  Action choice = legal[0];
  for (Action a : legal) {
    const int c = (a - act::kPlaceBase) % kNumCities;
    const int r = s.resistance(c);
    double v = r * roll_chance(r, 1) * (s.slots(c) == 2 ? 1.3 : 1.0);
    for (const auto& f : s.ufos()) v -= f.space == c ? 3.0 : 0.0;
    if (v > best) {
      best = v;
      choice = a;
    }
  }
  return choice;
}

class HeuristicBot final : public GameBot<Ufo> {
 public:
  std::string_view name() const override { return "heuristic"; }
  Action decide(const UfoState& info, Seat seat, Rng& rng) override {
    ActionList legal;
    info.legal_actions(seat, legal);
    if (legal.size() == 1) return legal[0];
    return heuristic_choice(info, seat, legal, rng, true);
  }
};

// ISMCTS with the heuristic rollout policy. Flying through spaces with only
// one's own buildings is free, so a search that sees no difference between
// two spaces could shuttle a UFO between them for ever: after kMaxSearchedSteps
// steps in one movement phase the bot ends its movement.
class SearchBot final : public GameBot<Ufo> {
 public:
  static constexpr int kMaxSearchedSteps = 16;
  SearchBot(search::IsmctsOptions opt, RolloutPolicy policy) : search_(opt, policy) {}
  std::string_view name() const override { return "ismcts"; }
  Action decide(const UfoState& s, Seat seat, Rng& rng) override {
    if (s.phase() != Phase::kMove) return search_.decide(s, seat, rng);
    const int turn = s.round() * s.num_players() + s.active();
    if (turn != turn_) turn_ = turn, steps_ = 0;
    if (steps_ >= kMaxSearchedSteps) return act::kPass;
    const Action a = search_.decide(s, seat, rng);
    steps_ += a != act::kPass;
    return a;
  }
  std::vector<ActionValue> values(const AnyState& info, Seat seat, Rng& rng) override {
    return search_.values(info, seat, rng);
  }
  // Thinking for analysis searches the position as it is (the step cap is
  // for playing whole games).
  bool thinks() const override { return true; }
  Action think(const AnyState& info, Seat seat, Rng& rng, const Thinking& how) override {
    return search_.think(info, seat, rng, how);
  }

 private:
  IsmctsBot<Ufo, RolloutPolicy> search_;
  int turn_ = -1, steps_ = 0;
};

}  // namespace

Action heuristic_choice(const UfoState& s, Seat seat, const ActionList& legal, Rng& rng,
                        bool look_ahead) {
  switch (s.phase()) {
    case Phase::kSupport:
      return support(s, seat);
    case Phase::kBump:
      return bump(s, legal);
    case Phase::kAssist:
      return assist(s, legal);
    case Phase::kActions:
      return deed(s, legal);
    case Phase::kNewUfo:
      return new_ufo(legal);
    case Phase::kSetup:
      return setup(s, legal);
    default:
      return greedy(s, seat, legal, rng, look_ahead);
  }
}

Action RolloutPolicy::operator()(const UfoState& s, Seat seat, const ActionList& legal,
                                 Rng& rng) const {
  if (legal.size() == 1) return legal[0];
  if (s.phase() == Phase::kMove) return quick_move(s, seat, legal, rng);
  return heuristic_choice(s, seat, legal, rng, false);
}

void RolloutPolicy::evaluate(const UfoState& s, search::Rewards& out) const {
  Standings w;
  standings(s, w);
  double sum = 0, top = -1e300;
  for (Seat p = 0; p < s.num_players(); ++p) top = std::max(top, w[p]);
  for (Seat p = 0; p < s.num_players(); ++p) sum += w[p] = std::exp((w[p] - top) / temperature);
  for (Seat p = 0; p < s.num_players(); ++p) out[p] = static_cast<float>(w[p] / sum);
}

void add_bots(std::vector<BotEntry>& entries) {
  entries.push_back({"ufo", "heuristic",
                     "greedy: kiosks first, best expected restaurant rolls, one-step evaluation "
                     "for moves and pushes",
                     [](const BotBudget&) { return std::make_unique<HeuristicBot>(); }});
  BotEntry ismcts = ismcts_entry<Ufo>();
  ismcts.description += "; rollouts follow the heuristic and stop after " +
                        std::to_string(RolloutPolicy{}.max_decisions) +
                        " decisions, scored by the heuristic's evaluation";
  ismcts.make = [](const BotBudget& b) -> std::unique_ptr<Bot> {
    return std::make_unique<SearchBot>(ismcts_options(b), RolloutPolicy{});
  };
  entries.push_back(std::move(ismcts));
}

}  // namespace meeple::ufo
