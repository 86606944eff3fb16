#include "games/registry.h"

#include <vector>

#include "games/game_list.h"

namespace meeple {

namespace {
std::vector<const AnyGame*> make_registry() {
  std::vector<const AnyGame*> games;
#define MEEPLE_ADD_GAME(dir, Class)                \
  static const GameAdapter<dir::Class> dir##_game; \
  games.push_back(&dir##_game);
  MEEPLE_FOR_EACH_GAME(MEEPLE_ADD_GAME)
#undef MEEPLE_ADD_GAME
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
