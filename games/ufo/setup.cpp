// Ufo!, section "Setup": a city token by chance on every city in play, then
// each player's first two UFOs.
#include "games/ufo/internal.h"

namespace meeple::ufo {

UfoState::UfoState(int players, int max_rounds)
    : players_(static_cast<std::uint8_t>(players)),
      max_rounds_(static_cast<std::uint8_t>(max_rounds)) {
  token_.fill(kNone);
  kiosk_.fill(kNone);
  for (auto& r : restaurant_) r.fill(kNone);
  while (next_token_city_ < kNumCities && !in_play(next_token_city_)) ++next_token_city_;
}

// rulings 3.1: the 18 city tokens are shuffled face down, one on each city in
// play, the rest out of the game: each token not yet drawn is equally likely.
void UfoState::token_outcomes(ChanceList& out) const {
  std::uint32_t used = 0;
  for (auto t : token_)
    if (t != kNone) used |= bit<std::uint32_t>(t);
  for (int t = 0; t < kNumTokens; ++t)
    if (!((used >> t) & 1u)) out.push_back({t, 1});
}

void UfoState::apply_token(Action a) {
  token_[next_token_city_] = static_cast<std::int8_t>(a);
  ++next_token_city_;
  while (next_token_city_ < kNumCities && !in_play(next_token_city_)) ++next_token_city_;
  if (next_token_city_ >= kNumCities) {
    phase_ = Phase::kSetup;
    active_ = 0;
  }
}

// rulings 3.2: each player, in turn order, places 2 Standard UFOs on one city
// of its choice that has no other player's UFO.
void UfoState::legal_setup(ActionList& out) const {
  const std::uint64_t free = play_mask() & ~others_mask(active_);
  for (int c = 0; c < kNumCities; ++c)
    if ((free >> c) & 1u) out.push_back(act::kPlaceBase + c);
}

void UfoState::apply_setup(Action a) {
  const int c = a - act::kPlaceBase;
  for (int i = 0; i < 2; ++i) {
    UfoPiece f;
    f.owner = active_;
    f.space = static_cast<std::uint8_t>(c);
    add_ufo(f);
  }
  if (++active_ >= players_) {
    active_ = 0;
    start_turn();
  }
}

}  // namespace meeple::ufo
