// The rules docs (docs/rules/*.md), built into the binary for `rules` in
// terminal play.
#pragma once

#include <string_view>

namespace meeple::cli {
// The players' rules of a game in `lang` (docs/rules/<game>.<lang>.md), else
// in English, else the developers' rules doc; "" when none is built in.
std::string_view rules_text(std::string_view game, std::string_view lang = "en");
}  // namespace meeple::cli
