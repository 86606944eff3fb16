// First Contact bots.
#pragma once

#include <vector>

#include "bots/bot.h"

namespace meeple::first_contact {

// Registers, for game "first-contact": "random", uniform over the seat's
// decisions but leaving out the free note-pad edits except once in a while
// (1 in 20), so random games end and still exercise the note pads; and
// "talker" (talker.h), which plays either side by talking; and "simple"
// (simple.h), an independently designed partner to measure the talker with.
void add_bots(std::vector<BotEntry>& entries);

}  // namespace meeple::first_contact
