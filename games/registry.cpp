#include "games/registry.h"

#include <vector>

#include "games/all_games.h"

namespace meeple {

namespace {
std::vector<const AnyGame*> make_registry() {
  std::vector<const AnyGame*> games;
#ifdef MEEPLE_HAVE_first_contact
  static const GameAdapter<first_contact::FirstContact> first_contact_game;
  games.push_back(&first_contact_game);
#endif
#ifdef MEEPLE_HAVE_first_giants
  static const GameAdapter<first_giants::FirstGiants> first_giants_game;
  games.push_back(&first_giants_game);
#endif
#ifdef MEEPLE_HAVE_ufo
  static const GameAdapter<ufo::Ufo> ufo_game;
  games.push_back(&ufo_game);
#endif
  return games;
}
}  // namespace

std::span<const AnyGame* const> all_games() {
  static const std::vector<const AnyGame*> games = make_registry();
  return games;
}

namespace {
std::vector<const AnyGame*>& test_games() {
  static std::vector<const AnyGame*> games;
  return games;
}
}  // namespace

void register_test_game(const AnyGame* game) {
  test_games().push_back(game);
}

const AnyGame* find_game(std::string_view name) {
  for (const AnyGame* g : all_games())
    if (g->name() == name) return g;
  for (const AnyGame* g : test_games())
    if (g->name() == name) return g;
  return nullptr;
}

}  // namespace meeple
