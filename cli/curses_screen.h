// `meeple play` on a terminal: the same sections the line mode
// prints one after another (the board, the log of what happened, the
// prompt with its choices) laid out in panes of one ncurses screen that
// fits the terminal and is laid out again when the terminal is resized.
// - The board pane shows the board's end (where the decision is) when the
//   board is longer than the pane; PageUp/PageDown scroll it, and a page
//   (help, rules) shown in it opens at its top.
// - Less detail on a small screen: the board comes at several details
//   (core/game.h's kTextDetail*), and a list of choices that are numbered
//   things the board shows (First Contact's squares) may be folded into one
//   line, and else the choices may lose the names in brackets at their ends
//   ("glyph 13 (cup on line)": "glyph 13"). The screen takes, in this order,
//   the list with each board, then the folded line with each board, then
//   the bare list with each board, and shows the first layout in which
//   the part of the board after its decision mark (all of a board without
//   one) is in view; else the last, its end in view.
// - The prompt pane at the bottom holds the guide's notes, the choices in
//   columns and the input line (with its hints) (backspace and Ctrl-U edit it); Ctrl-D on an
//   empty line ends the input, as end of file does in the line mode.
// - The log pane between them shows the log's last lines, one row each
//   (shortened at a word, "…"): what the board and the prompt leave free, at
//   least three rows on 30 rows or more and one on fewer; the replies to
//   what was typed at this decision come whole, as far as the screen holds
//   them. The input line names the command that shows the whole log, and
//   the undo command when a move can be taken back.
// The texts themselves come from the shared game text code (games/*/text.cpp)
// and cli/play.cpp; this file only lays them out.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace meeple::cli {

// The choices in columns, down then across, when there are 8 or more and
// two columns fit `width` (0: one a line); the widest choice, when it alone
// is much wider than the others, on a row of its own after them.
std::vector<std::string> in_columns(const std::vector<std::string>& items, int width);

class CursesScreen {
 public:
  // The screen on this process's terminal (stdin and stdout), or nullptr when
  // curses cannot drive it (no terminal description for $TERM).
  static std::unique_ptr<CursesScreen> open();
  ~CursesScreen();
  CursesScreen(const CursesScreen&) = delete;
  CursesScreen& operator=(const CursesScreen&) = delete;

  // The board pane's text; its end is in view.
  void board(std::string text);
  // The board at decreasing detail (the first, the most detailed, shown if
  // it fits): each text's part after a line holding kTextDecisionMark alone
  // is what the decision needs (the mark line itself is not shown).
  void board(std::vector<std::string> details);
  // A page (help, rules) in the board pane, from its top (`at_end`: its end,
  // for the whole log), until the next board.
  void page(std::string text, bool at_end = false);
  // The words on the screen: the board's scroll state ("[PgUp: 5 above, PgDn:
  // 0 below]") and the command that shows the whole log, in the person's
  // language.
  void hints(std::function<std::string(int above, int below)> scroll, std::string log) {
    scroll_hint_ = std::move(scroll);
    log_hint_ = std::move(log);
  }
  // Appends to the log (the text's lines; a trailing newline ends a line).
  void log(const std::string& text);
  // Empties the log (another person's turn behind the curtain).
  void clear_log();
  // The prompt pane: notes above the choices, the heading and the choices
  // (laid out in columns to the pane's width); `input_hint` (the undo hint)
  // at the input line's right, before the log's, while they fit.
  // `folded`: the items (by position) that the board shows, by the number
  // the person types, and `fold_line`, the line that stands for them when
  // the screen is too small for the list (empty: never folded, as a list
  // with their names).
  void prompt(std::vector<std::string> notes, std::string heading, std::vector<std::string> items,
              std::string input_hint, std::vector<std::size_t> folded = {},
              std::string fold_line = "");
  // Waits for a typed line (also scrolls, re-lays out on resize); false on
  // Ctrl-D with an empty line. The line typed is echoed into the log.
  bool read_line(std::string& line);

 private:
  CursesScreen() = default;
  // Lays the panes out for the terminal's size and draws them.
  void draw();
  // draw()'s parts (curses_screen.cpp): the choices as a whole list, folded
  // into one line, or bare; the layout; the prompt and input rows.
  enum class Form { kList, kFolded, kBare };
  struct Layout;
  std::vector<std::string> prompt_layout(Form form, int width, std::size_t& heading_row) const;
  void log_layout(int width, Layout& l) const;
  int log_least(int height, int rest, const Layout& l) const;
  void choose_layout(int height, int width, Layout& l) const;
  void draw_prompt(const Layout& l, int height, int width, int top, int most);
  void draw_input(int height, int width);

  void* terminal_ = nullptr;         // curses' SCREEN (kept out of this header: its macros)
  std::vector<std::string> boards_;  // the board at decreasing detail
  bool board_is_page_ = false;
  bool page_at_end_ = false;
  std::function<std::string(int, int)> scroll_hint_;
  std::string log_hint_;
  int scroll_ = 0;  // board lines scrolled from the anchored position
  std::vector<std::string> log_;
  std::string log_partial_;
  int fresh_ = 0;  // log lines since the board last changed: the replies at this decision
  std::vector<std::string> notes_, items_;
  std::string input_hint_;
  std::vector<std::size_t> folded_;
  std::vector<std::string> bare_items_;  // the items without their names (empty: none)
  std::string heading_, fold_line_;
  std::string input_;
};

}  // namespace meeple::cli
