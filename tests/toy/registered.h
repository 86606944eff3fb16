// The high-card test game, registered once in the game list so that tests
// can reach it by name as a program would (the CLI, the engine). Header
// only: it needs games/registry, which the toy game's own library does not.
#pragma once

#include "core/any_game.h"
#include "games/registry.h"
#include "tests/toy/high_card.h"

namespace meeple::toy {

inline const AnyGame& registered_high_card() {
  static const GameAdapter<HighCard> game;
  static const bool once = (register_test_game(&game), true);
  (void)once;
  return game;
}

}  // namespace meeple::toy
