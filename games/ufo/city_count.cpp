// Ufo!, section "4. City count": at the end of the actions, a player who
// controls at least as many cities as it has UFOs may take a new UFO, then
// skips its next turn (turn.cpp). Control itself is UfoState::controller
// (ufo.h).
#include "games/ufo/internal.h"

namespace meeple::ufo {

UfoState::Controls UfoState::control_masks() const {
  // Branch-free: slot 0 collects the cities nobody controls.
  std::array<std::uint16_t, kMaxPlayers + 1> m{};
  for (int c = 0; c < kNumCities; ++c)
    m[static_cast<std::size_t>(controller(c) + 1)] |=
        static_cast<std::uint16_t>(bit<std::uint32_t>(c));
  Controls out;
  for (int p = 0; p < kMaxPlayers; ++p) out[p] = m[p + 1];
  return out;
}

// rulings 3.2, city count: the player may take a new UFO at the end of a
// turn in which it gained control of a city, when it controls at least as
// many cities as it has UFOs in play, a type is left in its supply, fewer
// than 20 UFOs are in play (rulings 3.1) and a controlled city holds no other
// player's UFO. (Not on a turn that ends the game: end_actions asks first.)
bool UfoState::may_take_new_ufo(const Controls& controls) const {
  if (!gained_city_) return false;
  const std::uint64_t cities = controls[static_cast<std::size_t>(active_)];
  if (cities == 0 || ufos_.size() >= kMaxUfos) return false;  // (no city: no place for it)
  const std::uint32_t mine = owned_[static_cast<std::size_t>(active_)];
  if (count_bits(cities) < count_bits(mine)) return false;
  std::array<int, kNumUfoTypes> of_type{};
  for_each_bit(mine, [&](int u) { ++of_type[static_cast<std::size_t>(ufos_[u].type)]; });
  bool type_left = false;
  for (int t = 0; t < kNumUfoTypes; ++t) type_left |= of_type[t] < kUfosPerType;
  if (!type_left) return false;
  return (cities & ~others_mask(active_)) != 0;
}

std::uint64_t UfoState::new_ufo_cities() const {
  return controlled_mask(active_) & ~others_mask(active_);
}

// The end of the turn: the game may end (rulings 3.3, also at the round
// limit), and only if it does not may the player take a new UFO.
void UfoState::end_actions() {
  const Controls controls = control_masks();
  if (ends_game(controls) || round_limit_reached()) {
    phase_ = Phase::kOver;
  } else if (may_take_new_ufo(controls)) {
    phase_ = Phase::kNewUfo;
  } else {
    next_turn();
  }
}

// "Decline", then a new UFO of every type left in the supply on every city
// the player controls without another player's UFO.
void UfoState::legal_new_ufo(ActionList& out) const {
  out.push_back(act::kPass);
  std::array<int, kNumUfoTypes> of_type{};
  for_each_bit(owned_[static_cast<std::size_t>(active_)],
               [&](int u) { ++of_type[static_cast<std::size_t>(ufos_[u].type)]; });
  const std::uint64_t cities = new_ufo_cities();
  for (int ty = 0; ty < kNumUfoTypes; ++ty) {
    if (of_type[ty] >= kUfosPerType) continue;
    for_each_bit(cities, [&](int c) { out.push_back(act::kPlaceBase + ty * kNumCities + c); });
  }
}

void UfoState::apply_new_ufo(Action a) {
  if (a != act::kPass) {
    UfoPiece f;
    f.owner = active_;
    f.type = UfoType((a - act::kPlaceBase) / kNumCities);
    f.space = static_cast<std::uint8_t>((a - act::kPlaceBase) % kNumCities);
    add_ufo(f);
    // rulings 3.2: a player who took a new UFO skips its next turn.
    skip_mask_ = static_cast<std::uint8_t>(skip_mask_ | bit<std::uint32_t>(active_));
  }
  next_turn();  // a new UFO changes no control: end_actions already found the game goes on
}

}  // namespace meeple::ufo
