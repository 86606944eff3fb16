// What a program planning a search needs to know of a game before it plays
// (`meeple engine`'s games, docs/engine-protocol.md, Game facts): the size of
// its action space, how chance comes, the range of the utility meeple's
// search maximises, and a bound on a game's length where one is known. Every
// figure is computed from the game's code, none typed in by hand.
#pragma once

#include "core/any_game.h"

namespace meeple::cli {

// {"action_space", "action_space_by"?, "chance", "utility", "max_length"}
// (see the doc for each field's source).
Json game_facts(const AnyGame& game);

}  // namespace meeple::cli
