// What the command files share (cli/commands.cpp defines them).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/any_game.h"

namespace meeple::cli {

// Prints `error: <code>: <message>` and returns `code` (2: bad input).
int fail(std::ostream& err, const Error& e, int code = 2);

// The game of that name, or game/unknown naming every game.
Expected<const AnyGame*> lookup_game(const std::string& name);

// --param key=value options as the game's params object.
Expected<Json> parse_params(const AnyGame& g, const std::vector<std::string>& kvs);

// Players when --players is not given: 4 within the game's range.
int default_players(const AnyGame& g);

// A JSON file (or stdin, "-"); `corrupt` is the code when it is not JSON
// (state/corrupt for a state, record/corrupt for a record).
Expected<Json> read_json(const std::string& file, std::istream& in, const char* corrupt);

}  // namespace meeple::cli
