// The invariants a state read from JSON must keep (unreachable(), called by
// from_json in json.cpp): a state that breaks one is one play cannot reach.
#include <algorithm>
#include <cstdint>

#include "games/ufo/internal.h"

namespace meeple::ufo {

// Each check is an invariant that play keeps and that the rules, the views
// or the reader of the next state rely on (tests/fuzz finds states breaking
// them: a restaurant opened in a city without a free slot wrote outside the
// city's slots). Every state play reaches keeps them: Conformance, Golden
// and the bench signature load them all.
const char* UfoState::unreachable() const {
  const int np = players_;
  const Topology& t = topology();
  // Eyewitness tokens lie only where displaced UFOs enter: cities in play.
  for (int c = 0; c < kNumCities; ++c)
    for (int p = 0; p < np; ++p)
      if (eyewitness_[c][p] && !in_play(c)) return "eyewitness tokens out of play";
  // The city tokens: drawn for the cities in play in order, then the setup.
  if (phase_ == Phase::kTokens && !in_play(next_token_city_)) return "tokens phase";
  const int drawn = phase_ == Phase::kTokens ? next_token_city_ : kNumCities;
  if (phase_ != Phase::kTokens && next_token_city_ != kNumCities) return "tokens phase";
  for (int c = 0; c < kNumCities; ++c)
    if ((token_[c] != kNone) != (c < drawn && in_play(c))) return "city tokens";
  // Setup: the players before the active one placed their two Standard UFOs
  // on a city no other player's UFO held; nothing else has happened.
  if (phase_ == Phase::kTokens || phase_ == Phase::kSetup) {
    UfoState fresh(np, max_rounds_);
    fresh.phase_ = phase_;
    fresh.token_ = token_;
    fresh.next_token_city_ = next_token_city_;
    const int placed = phase_ == Phase::kSetup ? active_ : 0;
    std::uint64_t cities = 0;
    for (int p = 0; p < placed; ++p) {
      const int c = 2 * p < static_cast<int>(ufos_.size()) ? ufos_[2 * p].space : 0;
      if (c >= kNumCities || (cities & bit(c))) return "setup";
      cities |= bit(c);
      for (int i = 0; i < 2; ++i) {
        UfoPiece f;
        f.owner = static_cast<std::int8_t>(p);
        f.space = static_cast<std::uint8_t>(c);
        fresh.add_ufo(f);
      }
    }
    fresh.active_ = static_cast<std::int8_t>(placed);
    if (!(fresh == *this)) return "setup";
    return nullptr;
  }
  if (phase_ != Phase::kOver && max_rounds_ > 0 && turns_ > max_rounds_ * np)
    return "a turn beyond the round limit";

  // The turn in progress: movement, bumps (support, dice, displacement and
  // its eyewitness tokens), actions (a control roll gathers its assistants
  // and rolls), the new UFO. A player who skips its next turn is not the one
  // playing.
  const bool over = phase_ == Phase::kOver;
  const bool bumping = phase_ == Phase::kSupport || phase_ == Phase::kAttackDie ||
                       phase_ == Phase::kDefendDie || phase_ == Phase::kDisplace ||
                       phase_ == Phase::kEyewitness;
  const bool rolling = phase_ == Phase::kAssist || phase_ == Phase::kControlDie;
  const bool acting = phase_ == Phase::kActions || rolling || phase_ == Phase::kNewUfo;
  const bool before_actions = phase_ == Phase::kMove || phase_ == Phase::kBump || bumping;
  if (!over && ((skip_mask_ >> active_) & 1u)) return "the player playing skips its turn";
  for (const UfoPiece& f : ufos_) {
    if (over) break;
    if (f.owner != active_ && (f.moved || f.stopped || f.used)) return "another player's UFO moved";
    if (f.stopped && !f.moved) return "a UFO stopped without moving";
    if (f.used && !acting) return "a UFO acted before the actions";
  }
  if (before_actions && (tried_mask_ != 0 || gained_city_)) return "actions before the actions";
  if (lost_bump_ && !(phase_ == Phase::kBump || bumping || over)) return "a lost bump";
  // Bumping is mandatory wherever the active player's UFOs meet another's.
  if (acting && (at_[active_] & others_mask(active_))) return "a bump left for the actions";

  // A bump: its fields from the pick of the bump to the end of the
  // displacement (bump_sides_present: the attacking UFO and the defender's
  // in the bumped space until the dice decide).
  if ((bump_space_ != kNone) != bumping || (attacker_ufo_ != kNone) != bumping ||
      (defender_ != kNone) != bumping)
    return "a bump outside the bump phases";
  if (bumping && (ufos_[attacker_ufo_].owner != active_ || defender_ == active_)) return "bump";
  const bool supporting = phase_ == Phase::kSupport;
  if (supporting == support_queue_.empty()) return "support queue";
  std::uint32_t queued = 0;
  for (auto v : support_queue_) {
    const UfoPiece& f = ufos_[v];
    const std::uint64_t near = t.neighbours[bump_space_] | bit(bump_space_);
    if ((queued & bit<std::uint32_t>(v)) || f.owner == active_ || f.owner == defender_ ||
        !((near >> f.space) & 1u))
      return "support queue";
    queued |= bit<std::uint32_t>(v);
  }
  if ((phase_ == Phase::kDefendDie) != (att_die_ != 0) || att_die_ > 6) return "attack die";
  const bool displacing = phase_ == Phase::kDisplace || phase_ == Phase::kEyewitness;
  if ((winner_ != kNone) != displacing || (loser_ != kNone) != displacing ||
      losers_.empty() == displacing || (steps_left_ != 0 && !displacing))
    return "a displacement outside its phases";
  if (displacing) {
    if (!((winner_ == active_ && loser_ == defender_) ||
          (winner_ == defender_ && loser_ == active_)))
      return "the bump's winner and loser";
    if (loser_ == active_ && !lost_bump_) return "a lost bump";
  }
  std::uint32_t losing = 0;
  for (auto v : losers_) {
    if ((losing & bit<std::uint32_t>(v)) || ufos_[v].owner != loser_) return "losers";
    losing |= bit<std::uint32_t>(v);
  }
  for (int u = 0; u < kMaxUfos; ++u)
    if (pushed_[u] && !(losing & bit<std::uint32_t>(u))) return "a pushed UFO that lost nothing";
  // A moved eyewitness token: the loser's supply is empty and the city a
  // displaced UFO entered waits for one from another city.
  if ((eye_city_ != kNone) != (phase_ == Phase::kEyewitness)) return "eyewitness phase";
  if (phase_ == Phase::kEyewitness &&
      (eye_city_ == bump_space_ || !in_play(eye_city_) || eyewitness_supply(loser_) != 0))
    return "eyewitness phase";

  // A control roll: the active player's UFO, used, in a city, for a deed
  // it may do there with a restaurant left in the supply: an opening where
  // a slot is free (the city's attempt this turn), a take-over of another
  // player's restaurant in an existing slot by a UFO that did not move.
  if ((roller_ != kNone) != rolling) return "a control roll outside its phases";
  if (rolling) {
    const UfoPiece& f = ufos_[roller_];
    const int c = f.space;
    if (f.owner != active_ || !f.used || c >= kNumCities || restaurant_supply(active_) <= 0)
      return "control roll";
    if (deed_ == Deed::kOpenRestaurant) {
      if (free_slot(c) == kNone || !((tried_mask_ >> c) & 1u)) return "an opening without a slot";
    } else {
      const int k = deed_ == Deed::kTakeRestaurant0 ? 0 : 1;
      if (k >= slots(c) || free_slot(c) != kNone || restaurant_[c][k] == active_ || f.moved)
        return "a take-over of no restaurant";
    }
    int may_assist = 0;
    const std::uint64_t near = t.neighbours[c] | bit(c);
    for_each_bit(owned_[active_] & ~bit<std::uint32_t>(roller_),
                 [&](int u) { may_assist += ufos_[u].used && ((near >> ufos_[u].space) & 1u); });
    if (assist_ > may_assist) return "assistants";
  } else if (deed_ != Deed::kOpenKiosk || assist_ != 0) {
    return "a control roll outside its phases";
  }
  // The new UFO: offered only as city_count.cpp allows it.
  if (phase_ == Phase::kNewUfo) {
    const Controls controls = control_masks();
    if (!may_take_new_ufo(controls) || ends_game(controls) || round_limit_reached())
      return "a new UFO that may not be taken";
  }
  return nullptr;
}

}  // namespace meeple::ufo
