// The rules docs (docs/rules/*.md), built into the binary for `rules` in
// terminal play.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace meeple::cli {
// The players' rules of a game in `lang` (docs/rules/<game>.<lang>.md), else
// in English, else the developers' rules doc; "" when none is built in.
std::string_view rules_text(std::string_view game, std::string_view lang = "en");

// A rules doc as plain text for a terminal: headings underlined, emphasis,
// code marks and link targets gone (the link's words stay), and any
// paragraph that points at another .md file (the developers' notes) left
// out: a player has no use for it.
std::string rules_for_terminal(std::string_view markdown);

// Columns a text takes on a terminal: wide scripts (Hangul, CJK) take two.
std::size_t display_columns(std::string_view text);
}  // namespace meeple::cli
