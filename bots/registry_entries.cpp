#include "bots/registry_entries.h"

namespace meeple {

void add_game_bots(std::vector<BotEntry>& entries) {
  (void)entries;
}

}  // namespace meeple
