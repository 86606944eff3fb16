#include "cli/rules_text.h"

#include <cstdint>

#include "cli/rules_list.h"

namespace meeple::embedded {
#define MEEPLE_DECLARE_RULES(symbol, name, lang) extern const std::string_view symbol;
MEEPLE_FOR_EACH_RULES(MEEPLE_DECLARE_RULES)
#undef MEEPLE_DECLARE_RULES
}  // namespace meeple::embedded

namespace meeple::cli {

namespace {
std::string_view find_rules(std::string_view game, std::string_view lang) {
#define MEEPLE_FIND_RULES(symbol, name, doc_lang) \
  if (game == name && lang == doc_lang) return embedded::symbol;
  MEEPLE_FOR_EACH_RULES(MEEPLE_FIND_RULES)
#undef MEEPLE_FIND_RULES
  (void)game;
  (void)lang;
  return {};
}
}  // namespace

std::string_view rules_text(std::string_view game, std::string_view lang) {
  for (std::string_view l : {lang, std::string_view("en"), std::string_view("")})
    if (auto text = find_rules(game, l); !text.empty()) return text;
  return {};
}

}  // namespace meeple::cli

namespace meeple::cli {

namespace {

// One line's inline marks: **strong**, *emphasis*, `code`, [words](target).
std::string plain_inline(std::string_view line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '*' || c == '`') continue;
    if (c == '[') {
      const auto close = line.find("](", i);
      const auto end = close == std::string_view::npos ? close : line.find(')', close);
      if (end != std::string_view::npos) {
        out += line.substr(i + 1, close - i - 1);
        i = end;
        continue;
      }
    }
    out += c;
  }
  return out;
}

bool links_a_doc(std::string_view paragraph) {
  for (auto at = paragraph.find("]("); at != std::string_view::npos;
       at = paragraph.find("](", at + 2)) {
    const auto end = paragraph.find(')', at);
    if (end != std::string_view::npos && paragraph.substr(at, end - at).ends_with(".md"))
      return true;
  }
  return false;
}

}  // namespace

std::size_t display_columns(std::string_view text) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    std::uint32_t cp = len == 1 ? c : c & (0xFF >> (len + 1));
    for (std::size_t k = 1; k < len && i + k < text.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    n += cp >= 0x1100 && cp != 0x2014 && cp != 0x2212 && cp < 0x1F000 &&
                 !(cp >= 0x2000 && cp < 0x2E80)
             ? 2
             : 1;
    i += len;
  }
  return n;
}

std::string rules_for_terminal(std::string_view markdown) {
  // Paragraphs (blocks between blank lines) first, so a developers' note
  // spread over several lines goes whole.
  std::string out;
  std::size_t at = 0;
  while (at < markdown.size()) {
    std::size_t end = markdown.find("\n\n", at);
    if (end == std::string_view::npos) end = markdown.size();
    const std::string_view block = markdown.substr(at, end - at);
    at = end + 2;
    if (block.find_first_not_of('\n') == std::string_view::npos || links_a_doc(block)) continue;
    if (!out.empty()) out += "\n";
    std::size_t from = 0;
    while (from < block.size()) {
      std::size_t nl = block.find('\n', from);
      if (nl == std::string_view::npos) nl = block.size();
      std::string_view line = block.substr(from, nl - from);
      from = nl + 1;
      if (line.empty()) continue;
      std::size_t level = 0;
      while (level < line.size() && line[level] == '#') ++level;
      if (level > 0 && level < line.size() && line[level] == ' ') {
        const std::string title = plain_inline(line.substr(level + 1));
        out += title + "\n" + std::string(display_columns(title), level == 1 ? '=' : '-') + "\n";
      } else {
        out += plain_inline(line) + "\n";
      }
    }
  }
  return out;
}

}  // namespace meeple::cli
