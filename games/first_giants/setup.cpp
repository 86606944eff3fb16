// Setup (docs/rules/first-giants.md "Setup"): 2 amber each, the set tokens
// of the reserve by player count (the box holds 24 in all), the eight cards
// dealt to the dig sites and then the deck's face-up top card, as chance
// events over the whole deck.
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

namespace {
// Set tokens in the reserve at the start, by player count; the rest of the
// 24 wait in the box until the end is triggered.
constexpr std::array<int, 6> kSetTokensByPlayers = {0, 0, 14, 20, 24, 24};
}  // namespace

FirstGiantsState::FirstGiantsState(int players) : players_(static_cast<std::uint8_t>(players)) {
  catalog();
  deck_ = (std::uint64_t{1} << kCards) - 1;
  for (auto& site : site_) site = {kNoCard, kNoCard};
  news_holder_.fill(-1);
  reserve_ = static_cast<std::uint8_t>(kSetTokensByPlayers[players]);
  box_ = static_cast<std::uint8_t>(kTotalSetTokens - reserve_);
  for (int p = 0; p < kMaxPlayers; ++p) area_[p].amber = p < players ? kStartAmber : 0;
}

// Phase::kDeal: each drawn card fills the first empty slot, site by site, left
// before right; the ninth turns up on the deck (it is face up) and seat 0's
// turn starts.
void FirstGiantsState::deal(int c) {
  for (auto& site : site_)
    for (auto& slot : site)
      if (slot == kNoCard) {
        slot = static_cast<std::uint8_t>(c);
        return;
      }
  top_ = static_cast<std::uint8_t>(c);
  phase_ = Phase::kTurn;
}

}  // namespace meeple::first_giants
