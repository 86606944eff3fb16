// Ufo!: the observation tensor (core/observation.h), the same facts as
// view(seat) (view.cpp), which hides nothing, with the players counted from
// the observing seat. The layout, field by field, is in
// docs/state-and-views.md ("Ufo!"); the sizes here are its blocks'.
#include "games/ufo/internal.h"

namespace meeple::ufo {

// The spaces, by id (cities first); those out of play stay 0.
void UfoState::observe_spaces(Seat seat, ObservationWriter& w) const {
  const auto rel = [&](int p) { return relative_seat(p, seat, players_); };
  for (int s = 0; s < kNumSpaces; ++s) {
    if (!in_play(s)) {
      w.skip(kObsSpace);
      continue;
    }
    const bool city = s < kNumCities;
    w.flag(true);
    w.flag(city);
    w.one_hot(rel(kiosk_[s]), kMaxPlayers);
    if (!city) {
      w.skip(kObsSpace - 2 - kMaxPlayers);
      continue;
    }
    const bool token = token_[s] != kNone;
    w.one_hot(token ? rel(restaurant_[s][0]) : -1, kMaxPlayers);
    w.one_hot(token ? rel(restaurant_[s][1]) : -1, kMaxPlayers);
    for (int r = 0; r < kMaxPlayers; ++r)
      w.scaled(r < players_ ? eyewitness_[s][(seat + r) % players_] : 0, kEyewitnessSupply);
    w.scaled(resistance(s), kObsMaxResistance);
    w.scaled(slots(s), 2);
    w.flag(((tried_mask_ >> s) & 1u) != 0);
  }
}

// The bump in progress.
void UfoState::observe_bump(Seat seat, ObservationWriter& w) const {
  const auto rel = [&](int p) { return relative_seat(p, seat, players_); };
  if (bump_space_ == kNone) {
    w.skip(kObsBump);
  } else {
    const bool decided = winner_ != kNone;
    w.flag(true);
    w.one_hot(bump_space_, kNumSpaces);
    w.one_hot(attacker_ufo_, kMaxUfos);
    w.one_hot(rel(defender_), kMaxPlayers);
    w.scaled(att_bonus_, kObsMaxBonus);
    w.scaled(def_bonus_, kObsMaxBonus);
    w.scaled(phase_ == Phase::kDefendDie ? att_die_ : 0, 6);
    w.one_hot(supporter(), kMaxUfos);
    w.one_hot(eye_city_, kNumCities);
    std::uint64_t losing = 0;
    if (decided)
      for (auto u : losers_) losing |= std::uint64_t{1} << u;
    w.bits(losing, kMaxUfos);
    w.scaled(decided ? steps_left_ : 0, kObsMaxSteps);
    w.one_hot(decided ? rel(winner_) : -1, kMaxPlayers);
  }
}

void UfoState::observation(Seat seat, std::span<float> out) const {
  ObservationWriter w(out);
  const auto rel = [&](int p) { return relative_seat(p, seat, players_); };
  // Header.
  w.one_hot(static_cast<int>(phase_), kObsPhases);
  w.one_hot(rel(active_), kMaxPlayers);
  const SeatSet ta = to_act();
  for (int r = 0; r < kMaxPlayers; ++r)
    w.flag(r < players_ && ta.contains(static_cast<Seat>((seat + r) % players_)));
  w.scaled(turns_ == 0 ? 0 : (turns_ - 1) / players_ + 1, kObsMaxRounds);
  w.scaled(max_rounds_, kObsMaxRounds);
  w.flag(gained_city_);
  w.flag(lost_bump_);
  w.scaled(players_, kMaxPlayers);
  // Players, from the observer on.
  for (int r = 0; r < kMaxPlayers; ++r) {
    if (r >= players_) {
      w.skip(kObsPlayer);
      continue;
    }
    const Seat p = static_cast<Seat>((seat + r) % players_);
    w.flag(true);
    w.scaled(controlled_cities(p), kNumCities);
    w.scaled(eyewitness_supply(p), kEyewitnessSupply);
    w.scaled(kiosk_supply(p), kKioskSupply);
    w.scaled(restaurant_supply(p), kRestaurantSupply);
    w.scaled(score(p), kObsMaxScore);
    w.flag(skips_next_turn(p));
    w.scaled(ufos_in_play(p), kNumUfoTypes * kUfosPerType);
    w.scaled(ufo_supply(p, UfoType::kStandard), kUfosPerType);
    w.scaled(ufo_supply(p, UfoType::kBumper), kUfosPerType);
    w.scaled(ufo_supply(p, UfoType::kSedator), kUfosPerType);
  }
  observe_spaces(seat, w);
  // UFOs, by id.
  for (int u = 0; u < kMaxUfos; ++u) {
    if (u >= static_cast<int>(ufos_.size())) {
      w.skip(kObsUfo);
      continue;
    }
    const UfoPiece& f = ufos_[static_cast<std::size_t>(u)];
    w.flag(true);
    w.one_hot(rel(f.owner), kMaxPlayers);
    w.one_hot(static_cast<int>(f.type), kNumUfoTypes);
    w.one_hot(f.space, kNumSpaces);
    w.flag(f.moved);
    w.flag(f.stopped);
    w.flag(f.used);
  }
  observe_bump(seat, w);
  // The control roll in progress.
  if (roller_ == kNone) {
    w.skip(kObsControl);
  } else {
    w.flag(true);
    w.scaled(assist_, kMaxUfos);
    w.one_hot(static_cast<int>(deed_), kNumDeeds);
    w.scaled(control_modifier(roller_) + assist_, kObsMaxModifier);
    w.scaled(resistance(ufos_[static_cast<std::size_t>(roller_)].space), kObsMaxResistance);
    w.one_hot(roller_, kMaxUfos);
  }
}

}  // namespace meeple::ufo
