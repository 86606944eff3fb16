#include "bots/registry_entries.h"

#include "bots/ismcts_bot.h"

// Each game's bots register here, under the game's MEEPLE_HAVE_ flag: the
// game's own bots, then the generic ISMCTS bot on the game's State type
// (unless the game's bots bring their own, as Ufo! does).
#include "games/all_games.h"
#ifdef MEEPLE_HAVE_first_contact
#include "bots/first_contact/bots.h"
#endif
#ifdef MEEPLE_HAVE_first_giants
#include "bots/first_giants/bots.h"
#endif
#ifdef MEEPLE_HAVE_ufo
#include "bots/ufo/bots.h"
#endif

namespace meeple {

void add_game_bots(std::vector<BotEntry>& entries) {
#ifdef MEEPLE_HAVE_first_contact
  first_contact::add_bots(entries);
  entries.push_back(ismcts_entry<first_contact::FirstContact>());
#endif
#ifdef MEEPLE_HAVE_first_giants
  first_giants::add_bots(entries);
  entries.push_back(ismcts_entry<first_giants::FirstGiants>());
#endif
#ifdef MEEPLE_HAVE_ufo
  ufo::add_bots(entries);
#endif
  (void)entries;
}

}  // namespace meeple
