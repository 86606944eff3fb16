// `meeple play`'s terminal (cli/play_terminal.h).
#include "cli/play_terminal.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>

#include <sys/ioctl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "bots/hint.h"
#include "cli/choice_input.h"
#include "cli/commands.h"
#include "cli/curses_screen.h"
#include "cli/layout.h"
#include "cli/programs.h"
#include "cli/registry.h"
#include "cli/rules_text.h"
#include "core/i18n.h"
#include "core/record.h"
#include "games/registry.h"
#include "room/guide.h"
#include "room/room.h"
#include "store/store.h"

namespace meeple::cli::play {

PlayTerminal::PlayTerminal(const PlayArgs& a, std::istream& in, std::ostream& terminal)
    : lang_(a.lang),
      in_(in),
      on_stdout_(&terminal == &std::cout),
      wrapped_(terminal, &terminal == &std::cout ? &stdout_columns : &no_columns),
      lines_(&wrapped_) {
  // On a terminal (not --plain) the screen; elsewhere (pipes, screen
  // readers) lines.
  if (!a.plain && &in == &std::cin && &terminal == &std::cout && isatty(STDIN_FILENO) &&
      isatty(STDOUT_FILENO))
    screen_ = CursesScreen::open();
  if (screen_)
    screen_->hints(
        [lang = a.lang](int above, int below) {
          return texts().format(
              "scroll_hint", lang,
              {{"above", std::to_string(above)}, {"below", std::to_string(below)}});
        },
        texts().text("log_hint", a.lang));
}

void PlayTerminal::to_log() {
  if (!screen_) return;
  screen_->log(logged_.str());
  logged_.str("");
}

void PlayTerminal::close_screen() {
  if (!screen_) return;
  screen_.reset();
  lines_ << logged_.str() << std::flush;
  logged_.str("");
}

int PlayTerminal::left(const char* why, const std::string& kept_at) {
  close_screen();
  lines_ << "\n" << texts().text(why, lang_) << "\n";
  if (!kept_at.empty()) lines_ << texts().format("kept", lang_, {{"file", kept_at}}) << "\n";
  lines_.flush();
  return 0;
}

bool PlayTerminal::read_line(std::string& line) {
  if (!screen_) {
    out() << "> " << std::flush;
    const bool got = static_cast<bool>(std::getline(in_, line));
    if (&in_ == &std::cin && isatty(STDIN_FILENO)) wrapped_.at_row_start();  // Enter ended the row
    return got;
  }
  to_log();
  return screen_->read_line(line);
}

void PlayTerminal::finish() {
  close_screen();
  lines_.flush();
}

}  // namespace meeple::cli::play
