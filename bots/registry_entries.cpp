#include "bots/registry_entries.h"

#include "bots/game_bot_list.h"

namespace meeple {

void add_game_bots(std::vector<BotEntry>& entries) {
#define MEEPLE_ADD_BOTS(dir) dir::add_bots(entries);
  MEEPLE_FOR_EACH_GAME_BOTS(MEEPLE_ADD_BOTS)
#undef MEEPLE_ADD_BOTS
  (void)entries;
}

}  // namespace meeple
