// The rules docs (docs/rules/*.md), built into the binary for `rules` in
// terminal play.
#pragma once

#include <string_view>

namespace meeple::cli {
// "" when no rules doc is built in for that game.
std::string_view rules_text(std::string_view game);
}  // namespace meeple::cli
