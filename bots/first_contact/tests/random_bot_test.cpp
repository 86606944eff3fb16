// The First Contact "random" bot (built into the game's test executable).
#include <gtest/gtest.h>

#include "bots/bot.h"
#include "games/first_contact/first_contact.h"
#include "games/registry.h"

namespace meeple::first_contact {
namespace {

TEST(FirstContactBot, RandomBotPlaysWholeGamesAndRarelyEditsNotes) {
  const AnyGame* game = find_game("first-contact");
  ASSERT_NE(game, nullptr);
  auto bot = make_bot(*game, "random");
  ASSERT_TRUE(bot);
  for (int players : {2, 4, 7}) {
    AnyState st = *game->new_game(*resolve_params(game->params_schema(), Json::object()), players);
    Rng rng(static_cast<std::uint64_t>(players));
    int steps = 0, edits = 0;
    while (!st.is_terminal() && steps < 20000) {
      if (st.is_chance()) {
        st.resolve_chance(rng);
        continue;
      }
      const Seat seat = st.to_act().lowest();
      const Action a = ask_bot(**bot, st, seat, rng);
      edits += a >= act::kNoteWrite;
      ASSERT_FALSE(st.apply(seat, a));
      ++steps;
    }
    EXPECT_TRUE(st.is_terminal()) << players;
    EXPECT_LT(edits * 5, steps + 5) << players;
  }
}

}  // namespace
}  // namespace meeple::first_contact
