// What ismcts:easy, ismcts:medium and ismcts:hard mean in each game, and the
// bot that fills an empty seat: chosen from the strength ladder (docs/bots.md,
// "Strength ladder") so that a level is about as strong, and about as quick,
// whatever the game.
#pragma once

#include <string>
#include <string_view>

namespace meeple {

// Search iterations per decision of each level.
struct LevelBudgets {
  int easy = 100;
  int medium = 1000;
  int hard = 10000;
};

// The iterations of each level in `game` (its registry name, e.g. "ufo");
// a game without its own entry, or "", gets 100, 1000 and 10000.
LevelBudgets level_budgets(std::string_view game);

// The bot spec an empty seat of `game` gets, when the ladder chose one
// (a medium opponent); "" when it did not (default_bot() then picks the
// game's own bot).
std::string empty_seat_bot(std::string_view game);

}  // namespace meeple
