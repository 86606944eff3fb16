#include "cli/curses_screen.h"

#include <algorithm>
#include <clocale>
#include <cstring>
#include <cwchar>

#include <langinfo.h>

// After the standard headers: curses defines macros (erase, clear, move, OK).
#include <curses.h>

#include "cli/rules_text.h"
#include "core/game.h"

namespace meeple::cli {

std::vector<std::string> in_columns(const std::vector<std::string>& items, int width) {
  if (items.size() < 8 || width <= 0) return items;
  // The columns are as wide as the widest item, or the second widest when
  // the widest is wider by 4 or more: that one has a row of its own after
  // them ("stop rotating and ask" after 24 squares).
  std::vector<std::size_t> widths;
  for (const auto& item : items) widths.push_back(display_columns(item));
  std::vector<std::size_t> sorted = widths;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t second = sorted[sorted.size() - 2];
  const std::size_t basis = sorted.back() >= second + 4 ? second : sorted.back();
  std::vector<std::string> grid, own_rows;
  for (std::size_t i = 0; i < items.size(); ++i)
    (widths[i] > basis ? own_rows : grid).push_back(items[i]);
  const std::size_t column = basis + 2;
  const std::size_t across = static_cast<std::size_t>(width - 1) / column;
  if (across < 2) return items;
  const std::size_t rows = (grid.size() + across - 1) / across;
  std::vector<std::string> out;
  for (std::size_t row = 0; row < rows; ++row) {
    std::string line;
    for (std::size_t i = row; i < grid.size(); i += rows) {
      line += grid[i];
      if (i + rows < grid.size()) line += std::string(column - display_columns(grid[i]), ' ');
    }
    out.push_back(line);
  }
  for (auto& item : own_rows) out.push_back(std::move(item));
  return out;
}

namespace {

// The display columns of the UTF-8 character at text[at] (its byte length in
// `bytes`); a byte that is not UTF-8 counts as one column.
int char_columns(const std::string& text, std::size_t at, std::size_t& bytes) {
  std::mbstate_t state{};
  wchar_t wc = 0;
  const std::size_t n = std::mbrtowc(&wc, text.data() + at, text.size() - at, &state);
  if (n == 0 || n > text.size() - at) {
    bytes = 1;
    return 1;
  }
  bytes = n;
  return std::max(0, wcwidth(wc));
}

// One line of text as rows of at most `width` columns, broken after a space
// where there is one (after a "| " between entries where there is one); the
// rows after the first are indented by two more than the line.
std::vector<std::string> wrap(const std::string& line, int width) {
  std::vector<std::string> rows;
  const std::size_t own = std::min(line.find_first_not_of(' '), line.size());
  const std::string indent(std::min<std::size_t>(own, static_cast<std::size_t>(width / 4)) + 2,
                           ' ');
  std::string rest = line;
  while (true) {
    int cols = 0;
    std::size_t at = 0, cut = std::string::npos, bar = std::string::npos, bytes = 1;
    while (at < rest.size()) {
      const int w = char_columns(rest, at, bytes);
      if (cols + w > width) break;
      cols += w;
      if (rest[at] == ' ') cut = at;
      if (rest[at] == ' ' && at > 0 && rest[at - 1] == '|') bar = at;
      at += bytes;
    }
    // A row of entries ("1. Alive = - | 2. Big = -") breaks between them.
    if (at < rest.size() && bar != std::string::npos && bar >= at / 2) cut = bar;
    if (at >= rest.size()) {
      rows.push_back(rest);
      return rows;
    }
    // Break after the last space, unless that leaves the row nearly empty.
    if (cut == std::string::npos || cut < at / 2) cut = at;
    rows.push_back(rest.substr(0, cut));
    rest = indent + rest.substr(cut == at ? cut : cut + 1);
    if (width <= static_cast<int>(indent.size())) {
      rows.push_back(rest);
      return rows;
    }
  }
}

std::vector<std::string> wrap_all(const std::vector<std::string>& lines, int width) {
  std::vector<std::string> rows;
  for (const auto& l : lines)
    for (auto& r : wrap(l, width)) rows.push_back(std::move(r));
  return rows;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

// The last `width` columns of the input line (the cursor is at its end).
std::string tail_columns(const std::string& text, int width) {
  std::vector<std::pair<std::size_t, int>> chars;  // byte offset, columns
  std::size_t bytes = 1;
  for (std::size_t at = 0; at < text.size(); at += bytes)
    chars.emplace_back(at, char_columns(text, at, bytes));
  int cols = 0;
  std::size_t from = text.size();
  for (auto it = chars.rbegin(); it != chars.rend(); ++it) {
    if (cols + it->second > width) break;
    cols += it->second;
    from = it->first;
  }
  return text.substr(from);
}

void put_row(int row, const std::string& text, attr_t attr = A_NORMAL) {
  attrset(attr);
  mvaddstr(row, 0, text.c_str());
  attrset(A_NORMAL);
}

constexpr std::size_t kLogKept = 2000;  // lines of log kept for the pane

}  // namespace

std::unique_ptr<CursesScreen> CursesScreen::open() {
  // Curses draws UTF-8 only in a UTF-8 locale; the character type alone is
  // set, so that numbers are written the same as in the line mode.
  const char* ctype = std::setlocale(LC_CTYPE, "");
  if (!ctype || std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
    std::setlocale(LC_CTYPE, "C.UTF-8");
  SCREEN* terminal = newterm(nullptr, stdout, stdin);
  if (!terminal) return nullptr;
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  std::unique_ptr<CursesScreen> screen(new CursesScreen());
  screen->terminal_ = terminal;
  return screen;
}

CursesScreen::~CursesScreen() {
  endwin();
  delscreen(static_cast<SCREEN*>(terminal_));
}

void CursesScreen::board(std::string text) {
  board(std::vector<std::string>{std::move(text)});
}

void CursesScreen::board(std::vector<std::string> details) {
  if (details != boards_ || board_is_page_) scroll_ = 0;
  if (details != boards_) fresh_ = 0;
  boards_ = std::move(details);
  board_is_page_ = false;
}

void CursesScreen::page(std::string text) {
  boards_ = {std::move(text)};
  board_is_page_ = true;
  scroll_ = 0;
}

void CursesScreen::log(const std::string& text) {
  log_partial_ += text;
  std::size_t end;
  while ((end = log_partial_.find('\n')) != std::string::npos) {
    log_.push_back(log_partial_.substr(0, end));
    ++fresh_;
    log_partial_.erase(0, end + 1);
  }
  if (log_.size() > kLogKept) log_.erase(log_.begin(), log_.end() - kLogKept);
}

void CursesScreen::clear_log() {
  log_.clear();
  log_partial_.clear();
  fresh_ = 0;
}

void CursesScreen::prompt(std::vector<std::string> notes, std::string heading,
                          std::vector<std::string> items, std::vector<std::string> footer,
                          std::vector<std::size_t> folded, std::string fold_line) {
  notes_ = std::move(notes);
  heading_ = std::move(heading);
  items_ = std::move(items);
  footer_ = std::move(footer);
  folded_ = std::move(folded);
  fold_line_ = std::move(fold_line);
  // The bare items: without a name in brackets at their end ("n. glyph 13
  // (cup on line)": "n. glyph 13"), when no item could fold (the board has
  // their names: the list the person asked for keeps them) and they stay
  // apart.
  bare_items_.clear();
  if (!folded_.empty()) return;
  bool shorter = false;
  for (const auto& item : items_) {
    const auto open = item.rfind(" (");
    const bool named = !item.empty() && item.back() == ')' && open != std::string::npos;
    bare_items_.push_back(named ? item.substr(0, open) : item);
    shorter = shorter || named;
  }
  std::vector<std::string> sorted = bare_items_;
  std::sort(sorted.begin(), sorted.end());
  if (!shorter || std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    bare_items_.clear();
}

void CursesScreen::draw() {
  const int height = LINES, width = COLS;
  erase();
  if (height < 3 || width < 10) {
    refresh();
    return;
  }
  // The prompt pane (as tall as it needs, leaving a row for the log) with
  // the whole list, the folded items as one line, or the bare items.
  enum class Form { kList, kFolded, kBare };
  auto prompt_layout = [&](Form form, std::size_t& heading_row) {
    std::vector<std::string> rows = wrap_all(notes_, width);
    heading_row = rows.size();
    for (auto& r : wrap(heading_, width)) rows.push_back(std::move(r));
    std::vector<std::string> items = form == Form::kBare ? bare_items_ : std::vector<std::string>{};
    if (form != Form::kBare)
      for (std::size_t i = 0; i < items_.size(); ++i)
        if (form == Form::kList || std::find(folded_.begin(), folded_.end(), i) == folded_.end())
          items.push_back(items_[i]);
    if (form == Form::kFolded) items.insert(items.begin(), fold_line_);
    for (auto& r : wrap_all(in_columns(items, width), width)) rows.push_back(std::move(r));
    for (auto& r : wrap_all(footer_, width)) rows.push_back(std::move(r));
    return rows;
  };
  // A board's rows without its mark line, and the row where the part the
  // decision needs starts (0 without a mark).
  auto board_layout = [&](const std::string& text, std::size_t& needed_from) {
    std::vector<std::string> rows;
    needed_from = 0;
    for (const auto& l : split_lines(text)) {
      if (l == kTextDecisionMark) {
        needed_from = rows.size();
        continue;
      }
      for (auto& r : wrap(l, width)) rows.push_back(std::move(r));
    }
    return rows;
  };
  // The board takes what it needs of the rest; the log the remainder: at
  // least a row, and the reply to what was typed at this decision (a
  // refusal, the candidates) up to half of it. A short terminal (under 30
  // rows) shows the log only for such replies.
  auto log_least = [&](int rest) {
    return std::clamp(fresh_, height >= 30 ? 1 : 0, std::max(1, rest / 2));
  };
  // The first layout (list, then folded; most detailed board first) whose
  // needed part is in view; else the last.
  std::vector<std::string> prompt_rows, board_rows;
  std::size_t heading_row = 0;
  int prompt_height = 0;
  bool chosen = false;
  for (const Form form : {Form::kList, Form::kFolded, Form::kBare}) {
    if ((form == Form::kFolded && (folded_.empty() || fold_line_.empty())) ||
        (form == Form::kBare && bare_items_.empty()))
      continue;
    for (const auto& text : boards_.empty() ? std::vector<std::string>{""} : boards_) {
      std::size_t needed_from = 0;
      prompt_rows = prompt_layout(form, heading_row);
      board_rows = board_layout(text, needed_from);
      prompt_height = std::min(static_cast<int>(prompt_rows.size()), height - 2);
      const int rest = height - 1 - prompt_height;
      chosen = static_cast<int>(board_rows.size() - needed_from) <= rest - log_least(rest);
      if (chosen || board_is_page_) break;
    }
    if (chosen || board_is_page_) break;
  }
  const int rest = height - 1 - prompt_height;
  const int board_height =
      std::max(0, std::min(static_cast<int>(board_rows.size()), rest - log_least(rest)));
  const int log_height = rest - board_height;
  // The board: its end in view (a page: its top), moved by the scrolling.
  const int most = std::max(0, static_cast<int>(board_rows.size()) - board_height);
  const int anchor = board_is_page_ ? 0 : most;
  const int top = std::clamp(anchor + scroll_, 0, most);
  scroll_ = top - anchor;
  for (int row = 0; row < board_height; ++row)
    put_row(row, board_rows[static_cast<std::size_t>(top + row)]);
  // The log's last lines; when the last line alone is taller than the
  // pane, its start (where the sentence begins).
  std::vector<std::string> recent(log_.end() - std::min<std::ptrdiff_t>(log_.size(), 200),
                                  log_.end());
  const std::vector<std::string> log_rows = wrap_all(recent, width);
  const int shown = std::min(static_cast<int>(log_rows.size()), log_height);
  const std::size_t last_rows = recent.empty() ? 0 : wrap(recent.back(), width).size();
  const std::size_t first = last_rows > static_cast<std::size_t>(shown)
                                ? log_rows.size() - last_rows
                                : log_rows.size() - static_cast<std::size_t>(shown);
  for (int row = 0; row < shown; ++row)
    put_row(board_height + log_height - shown + row,
            log_rows[first + static_cast<std::size_t>(row)], A_BOLD);
  // The prompt, its heading highlighted with the board's scroll state.
  const int prompt_top = height - 1 - prompt_height;
  for (int row = 0; row < prompt_height; ++row) {
    std::string text = prompt_rows[static_cast<std::size_t>(row)];
    if (static_cast<std::size_t>(row) != heading_row) {
      put_row(prompt_top + row, text);
      continue;
    }
    if (most > 0) {
      const std::string hint = "[PgUp: " + std::to_string(top) +
                               " above, PgDn: " + std::to_string(most - top) + " below]";
      const int gap =
          width - static_cast<int>(display_columns(text)) - static_cast<int>(display_columns(hint));
      if (gap >= 1) text += std::string(static_cast<std::size_t>(gap), ' ') + hint;
    }
    const int pad = width - static_cast<int>(display_columns(text));
    if (pad > 0) text += std::string(static_cast<std::size_t>(pad), ' ');
    put_row(prompt_top + row, text, A_REVERSE);
  }
  put_row(height - 1, "> " + tail_columns(input_, width - 3));
  refresh();
}

bool CursesScreen::read_line(std::string& line) {
  while (true) {
    draw();
    wint_t ch = 0;
    const int got = get_wch(&ch);
    const int step = std::max(1, LINES / 2);
    if (got == ERR) return false;  // the terminal is gone
    if (got == KEY_CODE_YES) {
      switch (ch) {
        case KEY_RESIZE:
          break;  // drawn again to the new size
        case KEY_PPAGE:
          scroll_ -= step;
          break;
        case KEY_NPAGE:
          scroll_ += step;
          break;
        case KEY_UP:
          scroll_ -= 1;
          break;
        case KEY_DOWN:
          scroll_ += 1;
          break;
        case KEY_BACKSPACE:
          ch = 127;
          break;
        case KEY_ENTER:
          ch = '\n';
          break;
        default:
          continue;
      }
      if (ch != 127 && ch != '\n') continue;
    }
    if (ch == '\n' || ch == '\r') {
      line = input_;
      input_.clear();
      log("> " + line + "\n");
      return true;
    }
    if (ch == 4) {  // Ctrl-D: the end of input, on an empty line
      if (input_.empty()) return false;
      continue;
    }
    if (ch == 127 || ch == 8) {  // backspace: the last character
      while (!input_.empty() && (static_cast<unsigned char>(input_.back()) & 0xC0) == 0x80)
        input_.pop_back();
      if (!input_.empty()) input_.pop_back();
      continue;
    }
    if (ch == 21) {  // Ctrl-U: the whole line
      input_.clear();
      continue;
    }
    if (ch < 32) continue;
    char bytes[MB_LEN_MAX];
    std::mbstate_t state{};
    const std::size_t n = std::wcrtomb(bytes, static_cast<wchar_t>(ch), &state);
    if (n != static_cast<std::size_t>(-1)) input_.append(bytes, n);
  }
}

}  // namespace meeple::cli
