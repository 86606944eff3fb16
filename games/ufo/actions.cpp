// Ufo!, section "3. Actions": one deed per UFO (kiosks directly,
// restaurants by a control roll), the UFOs that assist a control roll, and
// the roll itself.
#include "games/ufo/internal.h"

namespace meeple::ufo {

int UfoState::free_slot(int city) const {
  for (int k = 0; k < slots(city); ++k)
    if (restaurant_[city][k] == kNone) return k;
  return kNone;
}

// "End actions", then the deeds in Deed order for each UFO of the active
// player that has not acted or assisted yet (rulings 3.2, actions):
//  - open a kiosk in a village without one;
//  - take over another player's kiosk with a UFO that moved into its village
//    this turn or one infiltrating it (stayed there): any of the player's
//    UFOs on a village with another player's kiosk;
//  - open a restaurant in a city with a free slot, at most one attempt per
//    city per turn (a failed roll uses it up too);
//  - take over another player's restaurant with an infiltrating UFO (one
//    that did not move) in a city without a free slot.
// Kiosks and restaurants come from the player's supply.
void UfoState::legal_deeds(ActionList& out) const {
  out.push_back(act::kPass);
  const Seat p = active_;
  int kiosks_left = -1, restaurants_left = -1;  // supply > 0; -1: not counted yet
  for_each_bit(owned_[p], [&](int u) {
    const UfoPiece& f = ufos_[u];
    if (f.used) return;
    const int s = f.space;
    const Action base = act::kDeedBase + u * kNumDeeds;
    if (s >= kNumCities) {
      if (kiosks_left < 0) kiosks_left = kiosk_supply(p) > 0;
      if (!kiosks_left) return;
      if (kiosk_[s] == kNone) {
        out.push_back(base + static_cast<int>(Deed::kOpenKiosk));
      } else if (kiosk_[s] != p) {
        out.push_back(base + static_cast<int>(Deed::kTakeKiosk));
      }
      return;
    }
    if (restaurants_left < 0) restaurants_left = restaurant_supply(p) > 0;
    if (!restaurants_left) return;
    const int free = free_slot(s);
    if (free != kNone) {
      if (!((tried_mask_ >> s) & 1u)) out.push_back(base + static_cast<int>(Deed::kOpenRestaurant));
    } else if (!f.moved) {
      // Take over a restaurant: every slot is taken, and not by p.
      for (int k = 0; k < slots(s); ++k)
        if (restaurant_[s][k] != p)
          out.push_back(base + static_cast<int>(Deed::kTakeRestaurant0) + k);
    }
  });
}

// A kiosk deed is done at once; a restaurant deed starts a control roll,
// which first gathers assistants (kAssist).
void UfoState::apply_deed(Action a) {
  if (a == act::kPass) {
    end_actions();
    return;
  }
  const int u = (a - act::kDeedBase) / kNumDeeds;
  const Deed d = Deed((a - act::kDeedBase) % kNumDeeds);
  UfoPiece& f = ufos_[u];
  f.used = true;
  if (d == Deed::kOpenKiosk || d == Deed::kTakeKiosk) {
    set_kiosk(f.space, active_);
    return;
  }
  // rulings 3.2: one opening attempt per city per turn, used up by the roll
  // whatever its result.
  if (d == Deed::kOpenRestaurant)
    tried_mask_ = static_cast<std::uint16_t>(tried_mask_ | bit<std::uint32_t>(f.space));
  roller_ = static_cast<std::int8_t>(u);
  deed_ = d;
  assist_ = 0;
  phase_ = Phase::kAssist;
}

// "Roll", then one "assist with v" per UFO that may still assist (rulings
// 3.2): a UFO of the player in the same city or an adjacent space assists a
// control roll (+1) and then takes no other action.
void UfoState::legal_assist(ActionList& out) const {
  out.push_back(act::kRoll);
  const int c = ufos_[roller_].space;
  const std::uint64_t near = topology().neighbours[c] | bit(c);
  for_each_bit(owned_[active_] & ~bit<std::uint32_t>(roller_), [&](int u) {
    const UfoPiece& f = ufos_[u];
    if (!f.used && ((near >> f.space) & 1u)) out.push_back(act::kAssistBase + u);
  });
}

void UfoState::apply_assist(Action a) {
  if (a == act::kRoll) {
    phase_ = Phase::kControlDie;
    return;
  }
  ufos_[a - act::kAssistBase].used = true;
  ++assist_;
}

// rulings 3.2, control roll: 1d12 plus modifiers (control_modifier, +1 per
// assistant) succeeds if at least the city's resistance. Opening a restaurant
// removes the opener's eyewitness tokens from that city; taking one over does
// not. A success that makes the player the city's controller counts for the
// new UFO (city_count.cpp).
void UfoState::apply_control_die(Action a) {
  UfoPiece& f = ufos_[roller_];
  const int c = f.space;
  const int total = a + control_modifier(roller_) + assist_;
  if (total >= resistance(c)) {
    const bool had = controller(c) == active_;
    if (deed_ == Deed::kOpenRestaurant) {
      set_restaurant(c, free_slot(c), active_);
      eyewitness_[c][active_] = 0;
    } else {
      set_restaurant(c, deed_ == Deed::kTakeRestaurant0 ? 0 : 1, active_);
    }
    gained_city_ |= !had && controller(c) == active_;
  }
  roller_ = kNone;
  deed_ = Deed::kOpenKiosk;
  assist_ = 0;
  phase_ = Phase::kActions;
}

}  // namespace meeple::ufo
