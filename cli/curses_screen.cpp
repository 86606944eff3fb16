#include "cli/curses_screen.h"

#include <algorithm>
#include <clocale>
#include <cstring>
#include <cwchar>

#include <langinfo.h>

// After the standard headers: curses defines macros (erase, clear, move, OK).
#include <curses.h>

#include "cli/layout.h"
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

void CursesScreen::page(std::string text, bool at_end) {
  boards_ = {std::move(text)};
  board_is_page_ = true;
  page_at_end_ = at_end;
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
                          std::vector<std::string> items, std::string input_hint,
                          std::vector<std::size_t> folded, std::string fold_line) {
  input_hint_ = std::move(input_hint);
  notes_ = std::move(notes);
  heading_ = std::move(heading);
  items_ = std::move(items);
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

namespace {

// A board's rows without its mark line, and the row where the part the
// decision needs starts (0 without a mark).
std::vector<std::string> board_layout(const std::string& text, int width,
                                      std::size_t& needed_from) {
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
}

}  // namespace

// The panes' rows as laid out for the screen.
struct CursesScreen::Layout {
  std::vector<std::string> prompt_rows, board_rows, log_rows;
  std::size_t heading_row = 0;  // the prompt's heading
  std::size_t fresh_from = 0;   // the log's first reply at this decision
  int fresh_rows = 0;
  int prompt_height = 0;
};

// The prompt pane's rows (as tall as it needs, leaving a row for the log)
// with the whole list, the folded items as one line, or the bare items.
std::vector<std::string> CursesScreen::prompt_layout(Form form, int width,
                                                     std::size_t& heading_row) const {
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
  return rows;
}

// The log's rows: the lines before this decision one row each (shortened
// where a line may break: the events' starts), the replies to what was
// typed at it (a refusal, the candidates) wrapped whole.
void CursesScreen::log_layout(int width, Layout& l) const {
  const std::size_t fresh = std::min(log_.size(), static_cast<std::size_t>(fresh_));
  for (auto it = log_.end() - std::min<std::ptrdiff_t>(log_.size(), 200);
       it != log_.end() - static_cast<std::ptrdiff_t>(fresh); ++it)
    l.log_rows.push_back(shorten(*it, width));
  l.fresh_from = l.log_rows.size();
  for (auto& r : wrap_all(
           std::vector<std::string>(log_.end() - static_cast<std::ptrdiff_t>(fresh), log_.end()),
           width))
    l.log_rows.push_back(std::move(r));
  l.fresh_rows = static_cast<int>(l.log_rows.size() - l.fresh_from);
}

// The board takes what it needs of the rows the prompt leaves; the log the
// remainder: the last events (three rows on 30 rows or more, else one) and
// all the replies at this decision, as far as the rest holds them.
int CursesScreen::log_least(int height, int rest, const Layout& l) const {
  const int least_events = height >= 30 ? 3 : 1;
  return std::max(0, std::min(rest, std::max(least_events, l.fresh_rows)));
}

// The first layout (list, then folded; most detailed board first) whose
// needed part is in view; else the last.
void CursesScreen::choose_layout(int height, int width, Layout& l) const {
  bool chosen = false;
  for (const Form form : {Form::kList, Form::kFolded, Form::kBare}) {
    if ((form == Form::kFolded && (folded_.empty() || fold_line_.empty())) ||
        (form == Form::kBare && bare_items_.empty()))
      continue;
    for (const auto& text : boards_.empty() ? std::vector<std::string>{""} : boards_) {
      std::size_t needed_from = 0;
      l.prompt_rows = prompt_layout(form, width, l.heading_row);
      l.board_rows = board_layout(text, width, needed_from);
      l.prompt_height = std::min(static_cast<int>(l.prompt_rows.size()), height - 2);
      const int rest = height - 1 - l.prompt_height;
      chosen =
          static_cast<int>(l.board_rows.size() - needed_from) <= rest - log_least(height, rest, l);
      if (chosen || board_is_page_) break;
    }
    if (chosen || board_is_page_) break;
  }
}

// The prompt, its heading highlighted with the board's scroll state (`top`
// of `most` rows scrolled).
void CursesScreen::draw_prompt(const Layout& l, int height, int width, int top, int most) {
  const int prompt_top = height - 1 - l.prompt_height;
  for (int row = 0; row < l.prompt_height; ++row) {
    std::string text = l.prompt_rows[static_cast<std::size_t>(row)];
    if (static_cast<std::size_t>(row) != l.heading_row) {
      put_row(prompt_top + row, text);
      continue;
    }
    if (most > 0 && scroll_hint_) {
      const std::string hint = scroll_hint_(top, most - top);
      const int gap =
          width - static_cast<int>(display_columns(text)) - static_cast<int>(display_columns(hint));
      if (gap >= 1) text += std::string(static_cast<std::size_t>(gap), ' ') + hint;
    }
    const int pad = width - static_cast<int>(display_columns(text));
    if (pad > 0) text += std::string(static_cast<std::size_t>(pad), ' ');
    put_row(prompt_top + row, text, A_REVERSE);
  }
}

// The input line, with the short hints at its right (the undo hint, the
// command that shows the whole log) while the typed text leaves room.
void CursesScreen::draw_input(int height, int width) {
  const std::string input = "> " + tail_columns(input_, width - 3);
  put_row(height - 1, input);
  for (const std::string& hint :
       {input_hint_.empty() ? log_hint_ : input_hint_ + "  " + log_hint_, log_hint_}) {
    const int at = width - 1 - static_cast<int>(display_columns(hint));
    if (hint.empty() || at < static_cast<int>(display_columns(input)) + 2) continue;
    attrset(A_DIM);
    mvaddstr(height - 1, at, hint.c_str());
    attrset(A_NORMAL);
    move(height - 1, static_cast<int>(display_columns(input)));
    break;
  }
}

void CursesScreen::draw() {
  const int height = LINES, width = COLS;
  erase();
  if (height < 3 || width < 10) {
    refresh();
    return;
  }
  Layout l;
  log_layout(width, l);
  choose_layout(height, width, l);
  const int rest = height - 1 - l.prompt_height;
  const int board_height = std::max(
      0, std::min(static_cast<int>(l.board_rows.size()), rest - log_least(height, rest, l)));
  const int log_height = rest - board_height;
  // The board: its end in view (a page: its top), moved by the scrolling.
  const int most = std::max(0, static_cast<int>(l.board_rows.size()) - board_height);
  const int anchor = board_is_page_ && !page_at_end_ ? 0 : most;
  const int top = std::clamp(anchor + scroll_, 0, most);
  scroll_ = top - anchor;
  for (int row = 0; row < board_height; ++row)
    put_row(row, l.board_rows[static_cast<std::size_t>(top + row)]);
  // The log's last rows; when the replies alone are taller than the pane,
  // their start (what was typed, and the sentence that answers it).
  const int shown = std::min(static_cast<int>(l.log_rows.size()), log_height);
  const std::size_t first = l.fresh_rows > shown ? l.fresh_from : l.log_rows.size() - shown;
  for (int row = 0; row < shown; ++row)
    put_row(board_height + log_height - shown + row,
            l.log_rows[first + static_cast<std::size_t>(row)], A_BOLD);
  draw_prompt(l, height, width, top, most);
  draw_input(height, width);
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
