// Each game's bots, added to the bot registry. A game's folder under bots/
// declares `void <dir>::add_bots(std::vector<BotEntry>&)` in bots/<dir>/bots.h
// and registers there every bot of that game, its ISMCTS entry included
// (bots/ismcts_bot.h); the build lists those folders in the generated
// bots/game_bot_list.h. A game without a folder here gets the generic bots.
#pragma once

#include <vector>

#include "bots/bot.h"

namespace meeple {

void add_game_bots(std::vector<BotEntry>& entries);

}  // namespace meeple
