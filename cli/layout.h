// Lines of text laid out to a terminal's width, for the screen of
// panes (cli/curses_screen.h) and the line mode on a terminal alike. The
// contract: no row is wider than the width in display columns (Hangul takes
// two), and a row ends only where a line may break: after a space, between
// two wide characters (a Hangul syllable may break from the next one), or,
// in a row of entries ("Alive = glyph 3 | Big = -"), after a "| "; a word
// is cut only when it alone is wider than the row.
#pragma once

#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace meeple::cli {

// One line as rows of at most `width` columns; the rows after the first are
// indented by two more than the line (at most a quarter of the width).
// `used`: columns already taken on the first row (a prompt written before).
std::vector<std::string> wrap(const std::string& line, int width, int used = 0);

// One line in one row of at most `width` columns: as it is when it fits,
// else shortened where a line may break, with "…" after it.
std::string shorten(const std::string& line, int width);

// An output stream's buffer that writes each line to `target` wrapped to the
// width `columns()` gives (0: as it is, for pipes and files). A partial line
// (a prompt) is written on flush; the next line starts after it.
class WrappedLines : public std::streambuf {
 public:
  WrappedLines(std::ostream& target, int (*columns)()) : target_(target), columns_(columns) {}
  // The cursor is at the start of a row (the person pressed Enter).
  void at_row_start() { used_ = 0; }

 protected:
  int overflow(int c) override;
  int sync() override;

 private:
  std::ostream& target_;
  int (*columns_)();
  std::string line_;
  int used_ = 0;  // columns of the current row written before (a prompt)
};

}  // namespace meeple::cli
