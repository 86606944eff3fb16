// Bots for Ufo! fritti dallo spazio!: "heuristic", a greedy player that scores
// each candidate decision with a hand-made evaluation (docs/bots.md).
#pragma once

#include <vector>

#include "bots/bot.h"

namespace meeple::ufo {

void add_bots(std::vector<BotEntry>& entries);

}  // namespace meeple::ufo
