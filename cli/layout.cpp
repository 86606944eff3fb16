#include "cli/layout.h"

#include <algorithm>

#include "cli/rules_text.h"

namespace meeple::cli {

namespace {

// The byte length of the UTF-8 character at text[at] (1 for a stray byte).
std::size_t char_bytes(const std::string& text, std::size_t at) {
  const auto c = static_cast<unsigned char>(text[at]);
  const std::size_t len = c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  return std::min(len, text.size() - at);
}

struct Char {
  std::size_t at, bytes;
  int columns;
};

std::vector<Char> chars_of(const std::string& text) {
  std::vector<Char> out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t n = char_bytes(text, at);
    out.push_back({at, n, static_cast<int>(display_columns(std::string_view(text).substr(at, n)))});
    at += n;
  }
  return out;
}

// The last place in chars[from, end) before which a row may end (the index
// of the character that would start the next row, or of the space dropped
// there); 0 when there is none. A break before a space drops the space;
// between two wide characters nothing is dropped.
std::size_t last_break(const std::vector<Char>& chars, const std::string& text, std::size_t from,
                       std::size_t end, bool& at_space) {
  for (std::size_t i = end; i > from; --i) {
    if (i < chars.size() && text[chars[i].at] == ' ' && text[chars[i - 1].at] != ' ') {
      at_space = true;
      return i;
    }
    if (i < chars.size() && chars[i].columns == 2 && chars[i - 1].columns == 2) {
      at_space = false;
      return i;
    }
  }
  return 0;
}

}  // namespace

std::vector<std::string> wrap(const std::string& line, int width, int used) {
  std::vector<std::string> rows;
  if (width <= 0) return {line};
  const std::size_t own = std::min(line.find_first_not_of(' '), line.size());
  const std::string indent(std::min<std::size_t>(own, static_cast<std::size_t>(width / 4)) + 2,
                           ' ');
  std::string rest = line;
  int room = std::max(1, width - used);
  while (true) {
    const std::vector<Char> chars = chars_of(rest);
    int cols = 0;
    std::size_t fit = 0;  // the characters that fit the row
    while (fit < chars.size() && cols + chars[fit].columns <= room) cols += chars[fit++].columns;
    if (fit == chars.size()) {
      rows.push_back(rest);
      return rows;
    }
    // Where the row may end: after a space or between wide characters past
    // the row's indentation, preferring the end of an entry ("| ") in the
    // row's second half; else (one word wider than the row) where it is full.
    const std::size_t lead = std::min(rest.find_first_not_of(' '), rest.size());
    std::size_t first = 0;
    while (first < chars.size() && chars[first].at <= lead) ++first;
    bool at_space = false;
    std::size_t cut = last_break(chars, rest, first, fit, at_space);
    // A space in the row's second half before a break between syllables:
    // a Korean word stays whole where that costs little room.
    for (std::size_t i = fit; !at_space && cut != 0 && i > std::max(first, fit / 2); --i)
      if (i < chars.size() && rest[chars[i].at] == ' ' && rest[chars[i - 1].at] != ' ') {
        cut = i;
        at_space = true;
      }
    for (std::size_t i = fit; i > std::max(first, fit / 2); --i)
      if (i < chars.size() && rest[chars[i].at] == ' ' && rest[chars[i - 1].at] == '|') {
        cut = i;
        at_space = true;
        break;
      }
    if (cut == 0) {
      cut = std::max<std::size_t>(fit, 1);
      at_space = false;
    }
    std::string row = rest.substr(0, chars[cut].at);
    while (!row.empty() && row.back() == ' ') row.pop_back();
    rows.push_back(row);
    std::size_t next = chars[cut].at;
    if (at_space) next = std::min(rest.find_first_not_of(' ', next), rest.size());
    rest = indent + rest.substr(next);
    room = width;
    if (width <= static_cast<int>(indent.size())) {
      rows.push_back(rest);
      return rows;
    }
  }
}

std::string shorten(const std::string& line, int width) {
  if (static_cast<int>(display_columns(line)) <= width || width <= 1) return line;
  const std::vector<Char> chars = chars_of(line);
  int cols = 0;
  std::size_t fit = 0;  // characters that fit with the "…" after them
  while (fit < chars.size() && cols + chars[fit].columns <= width - 1) cols += chars[fit++].columns;
  const std::size_t lead = std::min(line.find_first_not_of(' '), line.size());
  std::size_t first = 0;
  while (first < chars.size() && chars[first].at <= lead) ++first;
  bool at_space = false;
  std::size_t cut = last_break(chars, line, first, fit, at_space);
  if (cut == 0) cut = fit;
  std::string row = line.substr(0, chars[cut].at);
  while (!row.empty() && row.back() == ' ') row.pop_back();
  return row + "\u2026";
}

int WrappedLines::overflow(int c) {
  if (c == traits_type::eof()) return traits_type::not_eof(c);
  if (c != '\n') {
    line_ += static_cast<char>(c);
    return c;
  }
  const int width = columns_();
  if (width <= 0) {
    target_ << line_ << '\n';
  } else {
    for (const auto& row : wrap(line_, width, used_)) target_ << row << '\n';
  }
  line_.clear();
  used_ = 0;
  return c;
}

int WrappedLines::sync() {
  if (!line_.empty()) {
    target_ << line_;
    used_ += static_cast<int>(display_columns(line_));
    line_.clear();
  }
  target_.flush();
  return 0;
}

}  // namespace meeple::cli
