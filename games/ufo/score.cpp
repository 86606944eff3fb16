// Ufo!, section "End and score": when the game ends. The score itself is
// UfoState::score (ufo.h); result.cpp ranks the players by it.
#include "games/ufo/internal.h"

namespace meeple::ufo {

// rulings 3.3, checked at the end of every turn: every city in play has a
// restaurant (not with 3 players), or a player controls 4 cities (3 or 5
// players) or 5 (2 or 4 players).
bool UfoState::ends_game(const Controls& controls) const {
  if (players_ != 3) {
    // Stops at the first city in play without a restaurant (usually early).
    bool all_built = true;
    for (std::uint64_t m = play_mask() & (bit(kNumCities) - 1); m != 0; m &= m - 1) {
      const int c = lowest_bit(m);
      if (restaurant_[c][0] == kNone && restaurant_[c][1] == kNone) {
        all_built = false;
        break;
      }
    }
    if (all_built) return true;
  }
  const int needed = (players_ == 3 || players_ == 5) ? 4 : 5;
  for (Seat p = 0; p < players_; ++p)
    if (count_bits(std::uint32_t{controls[p]}) >= needed) return true;
  return false;
}

// rulings 3.3: the rules have no round limit, nor has a game with people
// (max_rounds defaults to 0); automated play states its own
// (Ufo::kAutomatedMaxRounds). The game ends and is scored after that many
// rounds, a round being one turn per seat, skipped turns included.
bool UfoState::round_limit_reached() const {
  return max_rounds_ > 0 && turns_ >= max_rounds_ * players_;
}

}  // namespace meeple::ufo
