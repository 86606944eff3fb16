// Each game's bots, added to the bot registry. A game folder under bots/ adds
// its entries here.
#pragma once

#include <vector>

#include "bots/bot.h"

namespace meeple {

void add_game_bots(std::vector<BotEntry>& entries);

}  // namespace meeple
