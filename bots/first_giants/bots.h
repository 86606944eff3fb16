// First Giants bots: "heuristic", a one-step greedy player over a hand-made
// evaluation of the position (score, amber, studio and set prospects).
#pragma once

#include <vector>

#include "bots/bot.h"

namespace meeple::first_giants {

void add_bots(std::vector<BotEntry>& entries);

}  // namespace meeple::first_giants
