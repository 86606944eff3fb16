// Ufo!, section "1. Movement": the active player's UFOs move one line at a
// time until it ends movement.
#include "games/ufo/internal.h"

namespace meeple::ufo {

bool UfoState::holds_other_ufo(int space, Seat p) const {
  return (others_mask(p) >> space) & 1u;
}

bool UfoState::has_buildings_all_own(int space, Seat p) const {
  if (space >= kNumCities) return kiosk_[space] == p;
  return controls(p, space);
}

void UfoState::clear_eyewitnesses(int city, Seat p) {
  if (city < kNumCities) eyewitness_[city][p] = 0;
}

// "End movement", then one "move UFO u along its k-th line" for every line of
// every UFO of the active player that has not stopped, each line leading to a
// space in play (rulings 3.1).
void UfoState::legal_move(ActionList& out) const {
  const Topology& t = topology();
  out.push_back(act::kPass);
  const int m = players_ >= 4;  // rulings 3.1: with 2 or 3 players, the marked half only
  std::uint32_t movers = 0;     // bit u: UFO u may move (branch-free)
  for_each_bit(owned_[active_], [&](int u) { movers |= std::uint32_t{!ufos_[u].stopped} << u; });
  for_each_bit(movers, [&](int u) {
    const int s = ufos_[u].space;
    const std::array<Action, kMaxLines> lines = t.move_lines[m][s];  // a copy: no aliasing
    // Branch-free: write all kMaxLines candidates, keep the first
    // num_move_lines (the lines in play, ascending).
    const std::size_t size = out.size();
    out.resize(size + kMaxLines);
    const Action base = act::kMoveBase + u * kMaxLines;
    for (int i = 0; i < kMaxLines; ++i) out[size + i] = base + lines[i];
    out.resize(size + t.num_move_lines[m][s]);
  });
}

void UfoState::apply_move(Action a) {
  if (a == act::kPass) {
    phase_ = Phase::kBump;
    next_bump_or_actions();
    return;
  }
  const int u = (a - act::kMoveBase) / kMaxLines;
  const int k = (a - act::kMoveBase) % kMaxLines;
  UfoPiece& f = ufos_[u];
  const int to = topology().line[f.space][k];
  // rulings 3.2: a Sedator removes its owner's eyewitness tokens from every
  // city it moves into or out of.
  if (f.type == UfoType::kSedator) {
    clear_eyewitnesses(f.space, f.owner);
    clear_eyewitnesses(to, f.owner);
  }
  move_ufo(u, to);
  // rulings 3.2: `moved` marks a UFO that is not infiltrating this turn and
  // may take over a kiosk in the village it entered (actions.cpp).
  f.moved = true;
  // rulings 3.2: a UFO passes freely through spaces whose buildings are all
  // its owner's; it stops on entering a space empty of buildings, with another
  // player's building, or with another player's UFO.
  if (!has_buildings_all_own(to, f.owner) || holds_other_ufo(to, f.owner)) f.stopped = true;
}

}  // namespace meeple::ufo
