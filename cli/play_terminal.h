// `meeple play`'s terminal (cli/play.cpp): the screen of panes, else lines.
#pragma once

#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "cli/commands.h"
#include "cli/curses_screen.h"
#include "cli/layout.h"

namespace meeple::cli::play {

// Where the game is written and read: the screen of panes on a terminal
// (cli/curses_screen.h), else lines. What the line mode prints goes to the
// screen's log, and the board and the choices to their panes.
class PlayTerminal {
 public:
  PlayTerminal(const PlayArgs& a, std::istream& in, std::ostream& terminal);

  // Where words go: the screen's log, else the terminal's lines (wrapped to
  // its width at words, cli/layout.h).
  std::ostream& out() { return screen_ ? logged_ : lines_; }
  CursesScreen* screen() { return screen_.get(); }
  std::istream& in() { return in_; }
  // Whether the lines go to standard output (a terminal's width applies).
  bool on_stdout() const { return on_stdout_; }

  // What was written for the log goes to the screen.
  void to_log();
  // The log forgotten (behind a curtain).
  void drop_log() { logged_.str(""); }

  // The screen closes; what is left to say goes to the terminal as lines.
  void close_screen();

  // The person left (`why`: the words' key): the screen closed, a line of
  // goodbye and where the game is kept.
  int left(const char* why, const std::string& kept_at);

  // A typed line: the screen's input line, else standard input.
  bool read_line(std::string& line);

  // The last words, after the screen: they stay in the terminal's scroll-back.
  void finish();

 private:
  std::string lang_;
  std::istream& in_;
  bool on_stdout_;
  std::unique_ptr<CursesScreen> screen_;
  std::ostringstream logged_;
  WrappedLines wrapped_;
  std::ostream lines_;
};

}  // namespace meeple::cli::play
