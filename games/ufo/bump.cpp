// Ufo!, section "2. Bumping": after movement, every space holding UFOs of the
// active player and of another player is bumped; support, the dice, the
// displacement of the losers and the eyewitness tokens it leaves.
#include <algorithm>

#include "games/ufo/internal.h"

namespace meeple::ufo {

// rulings 3.2: bumping is mandatory in every space holding UFOs of the active
// player and of another player; then the actions, unless the active player
// lost a bump as attacker ("its UFOs take no action this turn").
void UfoState::next_bump_or_actions() {
  if (at_[static_cast<std::size_t>(active_)] & others_mask(active_)) {
    phase_ = Phase::kBump;
    return;
  }
  if (lost_bump_) {
    end_actions();
  } else {
    phase_ = Phase::kActions;
  }
}

// rulings 3.2: the active player picks which of its UFOs attacks (and which
// other player defends): a UFO of the active player may bump where another
// player's UFO is.
void UfoState::legal_bump(ActionList& out) const {
  const std::uint64_t others = others_mask(active_);
  for_each_bit(owned_[static_cast<std::size_t>(active_)], [&](int u) {
    const int s = ufos_[u].space;
    if (!((others >> s) & 1u)) return;
    for (Seat q = 0; q < players_; ++q)
      if (q != active_ && ((at_[q] >> s) & 1u)) out.push_back(act::kBumpBase + u * kMaxPlayers + q);
  });
}

void UfoState::apply_bump(Action a) {
  const int u = (a - act::kBumpBase) / kMaxPlayers;
  const Seat q = (a - act::kBumpBase) % kMaxPlayers;
  const UfoPiece& att = ufos_[u];
  const int s = att.space;
  bump_space_ = static_cast<std::int8_t>(s);
  attacker_ufo_ = static_cast<std::int8_t>(u);
  defender_ = static_cast<std::int8_t>(q);
  // rulings 3.2: attack bonus +1, +1 more for a Bumper, -1 for a Sedator.
  int ab = 1 + (att.type == UfoType::kBumper) - (att.type == UfoType::kSedator);
  int db = -1;  // one defending UFO in the space is the defender itself
  support_queue_.clear();
  // rulings 3.2: each other UFO in the space or an adjacent one gives +1 to
  // one side: the attacker's and defender's own UFOs back their owner.
  // Bit v of in_range[p]: UFO v of player p is in range.
  const std::uint64_t near = topology().neighbours[s] | bit(s);
  std::array<std::uint32_t, kMaxPlayers> in_range{};
  for (int v = 0; v < static_cast<int>(ufos_.size()); ++v) {
    const UfoPiece& g = ufos_[v];
    in_range[static_cast<std::size_t>(g.owner)] |= std::uint32_t{((near >> g.space) & 1u) != 0}
                                                   << v;
  }
  ab += count_bits(in_range[active_] & ~bit<std::uint32_t>(u));
  db += count_bits(in_range[q] & ~bit<std::uint32_t>(u));
  // rulings 3.2: each third player decides, in turn order from the
  // attacker's left, for each of its UFOs in range, whether and whom to
  // support (legal_support, apply_support).
  for (int off = 1; off < players_; ++off) {
    const Seat t = seat_after(active_, off);
    if (t == q) continue;
    for_each_bit(in_range[t],
                 [&](int v) { support_queue_.push_back(static_cast<std::uint8_t>(v)); });
  }
  att_bonus_ = static_cast<std::int8_t>(ab);
  def_bonus_ = static_cast<std::int8_t>(db);
  phase_ = support_queue_.empty() ? Phase::kAttackDie : Phase::kSupport;
}

// Support nobody, the attacker or the defender.
void UfoState::legal_support(ActionList& out) const {
  for (int k = 0; k < 3; ++k) out.push_back(act::kSupportBase + k);
}

void UfoState::apply_support(Action a) {
  if (a == act::kSupportBase + 1) ++att_bonus_;
  if (a == act::kSupportBase + 2) ++def_bonus_;
  support_queue_.erase_at(0);
  if (support_queue_.empty()) phase_ = Phase::kAttackDie;
}

void UfoState::apply_attack_die(Action a) {
  att_die_ = static_cast<std::int8_t>(a);
  phase_ = Phase::kDefendDie;
}

// rulings 3.2: both roll 1d6 plus bonus; ties re-roll. The winner moves every
// losing UFO in the space a total number of steps equal to the difference,
// at least one step each.
void UfoState::apply_defence_die(Action a) {
  const int at = att_die_ + att_bonus_;
  const int de = a + def_bonus_;
  if (at == de) {  // ties are rolled again
    att_die_ = 0;
    phase_ = Phase::kAttackDie;
    return;
  }
  winner_ = static_cast<std::int8_t>(at > de ? active_ : defender_);
  loser_ = static_cast<std::int8_t>(at > de ? defender_ : active_);
  if (loser_ == active_) lost_bump_ = true;
  losers_.clear();
  pushed_.fill(0);
  for (int v = 0; v < static_cast<int>(ufos_.size()); ++v)
    if (ufos_[v].owner == loser_ && ufos_[v].space == bump_space_)
      losers_.push_back(static_cast<std::uint8_t>(v));
  steps_left_ = static_cast<std::int8_t>(
      std::max(at > de ? at - de : de - at, static_cast<int>(losers_.size())));
  att_die_ = 0;
  phase_ = Phase::kDisplace;
}

void UfoState::rest_distances(std::uint64_t blocked,
                              std::array<std::int8_t, kNumSpaces>& dist) const {
  // Breadth-first from every free space at once, one distance layer at a time.
  const Topology& t = topology();
  const std::uint64_t play = play_mask();
  dist.fill(-1);
  std::uint64_t layer = play & ~blocked, seen = layer;
  for (int d = 0; layer != 0; ++d) {
    std::uint64_t next = 0;
    for_each_bit(layer, [&](int x) {
      dist[x] = static_cast<std::int8_t>(d);
      next |= t.neighbours[x];
    });
    layer = next & play & ~seen;
    seen |= layer;
  }
}

// While steps are left, a loser may move unless the others that have not
// moved yet need every remaining step. rulings 3.2: the displacement ends on
// a space without another player's UFO, so once the budget is spent, a UFO
// still sharing a space with another player's UFO keeps moving until it
// reaches a space where it may stop, by a shortest way (so the extra moves
// always end; docs/rules/ufo.md, "(meeple)").
void UfoState::legal_displace(ActionList& out) const {
  const Topology& t = topology();
  const std::uint64_t play = play_mask();
  int unpushed = 0;
  for (auto v : losers_) unpushed += pushed_[v] == 0;
  const std::uint64_t blocked = others_mask(loser_);
  std::array<std::int8_t, kNumSpaces> dist;
  bool have_dist = false;
  std::uint32_t losing = 0;
  for (auto v : losers_) losing |= bit<std::uint32_t>(v);
  for_each_bit(losing, [&](int u) {
    const int s = ufos_[u].space;
    if (steps_left_ <= 0 && (pushed_[u] == 0 || !((blocked >> s) & 1u))) return;
    const bool free_step = steps_left_ > 0 && (pushed_[u] == 0 || steps_left_ - 1 >= unpushed);
    if (steps_left_ > 0 && !free_step) return;
    for (int k = 0; k < t.num_lines[s]; ++k) {
      const int to = t.line[s][k];
      if (!((play >> to) & 1u)) continue;
      if (steps_left_ <= 0) {
        if (!have_dist) {
          rest_distances(blocked, dist);
          have_dist = true;
        }
        if (dist[to] < 0 || dist[to] >= dist[s]) continue;
      }
      out.push_back(act::kMoveBase + u * kMaxLines + k);
    }
  });
}

void UfoState::apply_displace(Action a) {
  const int u = (a - act::kMoveBase) / kMaxLines;
  const int k = (a - act::kMoveBase) % kMaxLines;
  const int to = topology().line[ufos_[u].space][k];
  move_ufo(u, to);
  pushed_[u] = 1;  // only "has moved at least once" matters
  if (steps_left_ > 0) --steps_left_;
  enter_by_displacement(to);
  if (phase_ == Phase::kDisplace && displacement_done()) finish_displacement();
}

bool UfoState::displacement_done() const {
  if (steps_left_ > 0) return false;
  const std::uint64_t others = others_mask(loser_);
  for (auto v : losers_)
    if (pushed_[v] == 0 || ((others >> ufos_[v].space) & 1u)) return false;
  return true;
}

// rulings 3.2: each city a displaced UFO enters, other than the bump's own
// space, gets one eyewitness token of its colour; with none left in that
// player's supply, the winner moves one of that player's tokens from another
// city (apply_eyewitness), or declines ("può": a decision of the winner).
void UfoState::enter_by_displacement(int to) {
  if (to >= kNumCities || to == bump_space_) return;
  if (eyewitness_supply(loser_) > 0) {
    ++eyewitness_[to][loser_];
    return;
  }
  for (int c = 0; c < kNumCities; ++c)
    if (c != to && eyewitness_[c][loser_] > 0) {
      eye_city_ = static_cast<std::int8_t>(to);
      phase_ = Phase::kEyewitness;
      return;
    }
}

void UfoState::finish_displacement() {
  bump_space_ = attacker_ufo_ = defender_ = winner_ = loser_ = kNone;
  att_bonus_ = def_bonus_ = att_die_ = 0;
  steps_left_ = 0;
  losers_.clear();
  pushed_.fill(0);
  next_bump_or_actions();
}

// "Leave them" (kPass), or the city the moved eyewitness token comes from:
// any other city holding one of the loser's tokens.
void UfoState::legal_eyewitness(ActionList& out) const {
  out.push_back(act::kPass);
  for (int c = 0; c < kNumCities; ++c)
    if (c != eye_city_ && eyewitness_[c][loser_] > 0) out.push_back(act::kEyeBase + c);
}

void UfoState::apply_eyewitness(Action a) {
  if (a != act::kPass) {
    const int c = a - act::kEyeBase;
    --eyewitness_[c][loser_];
    ++eyewitness_[eye_city_][loser_];
  }
  eye_city_ = kNone;
  phase_ = Phase::kDisplace;
  if (displacement_done()) finish_displacement();
}

}  // namespace meeple::ufo
