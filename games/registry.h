// Every game meeple plays, in the order `meeple games` lists them.
#pragma once

#include <span>
#include <string_view>

#include "core/any_game.h"

namespace meeple {

std::span<const AnyGame* const> all_games();
// nullptr when no game has that name.
const AnyGame* find_game(std::string_view name);

// Tests only: makes an extra game (e.g. the toy game of tests/) findable by
// find_game without listing it in all_games().
void register_test_game(const AnyGame* game);

}  // namespace meeple
