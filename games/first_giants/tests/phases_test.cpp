// First Giants rules tests, Phases and actions: one seat decides at a time,
// the one its phase names, and every other seat is refused.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(FirstGiantsPhases, OneSeatDecidesAtATimeAndTheOthersAreRefused) {
  Rng rng(3);
  for (int players = FirstGiants::kMinPlayers; players <= FirstGiants::kMaxPlayers; ++players)
    for (int game = 0; game < 5; ++game) {
      FirstGiantsState s(players);
      while (!s.is_terminal()) {
        if (s.is_chance()) {
          EXPECT_TRUE(s.to_act().empty());
          ChanceList outs;
          s.chance_outcomes(outs);
          ASSERT_EQ(static_cast<int>(outs.size()), s.deck_count());
          s.apply_unchecked(kChance, sample_chance(outs, rng));
          continue;
        }
        const Seat seat = s.to_act().lowest();
        ASSERT_EQ(s.to_act(), SeatSet::only(seat));
        if (s.phase() == Phase::kTurn || s.phase() == Phase::kReclaim) {
          EXPECT_EQ(seat, s.active());
        }
        ActionList actions;
        s.legal_actions(seat, actions);
        ASSERT_FALSE(actions.empty());
        const Seat other = (seat + 1) % players;
        ActionList none;
        s.legal_actions(other, none);
        EXPECT_TRUE(none.empty());
        const FirstGiantsState before = s;
        EXPECT_EQ(s.apply(other, actions[0])->code, errc::kNotYourTurn);
        EXPECT_TRUE(s == before);
        play(s, seat, actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
        if (HasFatalFailure()) return;
      }
    }
}

}  // namespace
}  // namespace meeple::first_giants
