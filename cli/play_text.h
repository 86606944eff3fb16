// `meeple play`'s words (cli/play.cpp): views, changes, events, boards, choices,
// the result and the rules in the person's language, for lines and for the
// screen of panes.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/i18n.h"
#include "games/registry.h"
#include "room/room.h"

namespace meeple::cli::play {

std::string scalar(const Json& v);

bool all_scalars(const Json& a);

// A readable rendering of any view: nested keys indented, short arrays inline.
void render_json(const Json& v, std::ostream& out, int indent);

std::string choice_text(const room::Choice& c);

// A refusal in the person's language: the catalog's words for its code
// (error.<code>); for a code without them, the error's own message in
// English, and elsewhere a plain "the move was refused" (the code is shown
// beside it): no English on an Italian or Korean screen.
// The terminal's own texts (cli/messages.json) in the person's language.
const Catalog& texts();

std::string refusal_words(const Error& e, std::string_view lang);

// A command word in any of our languages.
bool is_command(std::string_view line, std::initializer_list<std::string_view> names);

// What changed in the seat's view, for games without event words: a JSON
// patch rendered one line per change.
void print_changes(const Json& before, const Json& after, const std::string& lang,
                   std::ostream& out);

// What happened since the person's last decision, in the game's words.
void print_events(const std::vector<std::string>& events, const char* heading,
                  const std::string& lang, std::ostream& out);

// The board as `me` sees it: the game's text, else its view rendered.
std::string board_text(const room::Room& r, Seat me, const std::string& lang,
                       int detail = kTextDetailFull);

// The board for the screen of panes, at the details it may choose from
// (cli/curses_screen.h), most detailed first.
std::vector<std::string> board_details(const room::Room& r, Seat me, const std::string& lang);

// The choices that are numbered things every board shows: a choice's words
// on the screen are "N (name)" and each board has "N name" (First Contact's
// "offer square 7 (Dress)" and the field's "7 Dress"). Typing N picks such a
// choice (cli/choice_input.h), so a small screen may fold them into a line.
std::vector<std::size_t> shown_on_board(const std::vector<std::string>& words,
                                        const std::vector<std::string>& boards,
                                        std::vector<int>& numbers);

// Numbers as ranges: "0-6, 8-24".
std::string number_ranges(std::vector<int> numbers);

void print_board(const room::Room& r, Seat me, const std::string& lang, std::ostream& out);

void print_help(const room::Room& r, Seat me, const std::string& lang, std::ostream& out);

// The width of the terminal standard output writes to; 0 when it writes
// elsewhere (a pipe, a file): there lines stay whole and each choice keeps a
// line of its own.
int stdout_columns();

int no_columns();

// A long list of short items in columns (cli/curses_screen.h), so that a
// decision's list (25 squares) leaves the board above it on the screen.
void print_in_columns(const std::vector<std::string>& items, int width, std::ostream& out);

// The words every one of 8 or more choices starts with ("offer square"),
// or all but one ("rotate square", and "stop rotating"), when each has words
// after them: the screen's panes say them once. (Reversed texts: the words
// they end with, reversed.)
std::string common_words(const std::vector<std::string>& texts);

// A seat as the game's own texts name it (its catalog's "seat": Ufo!'s
// "giocatore 2" in Italian), else as the terminal's texts do: one word for a
// seat on the whole screen.
std::string seat_words(const AnyGame& game, Seat seat, const std::string& lang);

// A result detail in the game's words when its catalog has them
// ("verdict.<v>", "team.<name>"), else as given.
std::string game_word(const AnyGame& game, const std::string& key, const std::string& lang);

void print_result(const room::Room& room, Seat me, const std::string& lang, std::ostream& out);

// The level-2 headings of a rules text, in order.
std::vector<std::string> rules_headings(std::string_view text);

// The rules page's anchor of a section (the slug of its English title, as
// the web client makes it) as the section's title in `lang`; the three
// languages have the same sections in the same order.
std::string section_title(std::string_view game, std::string_view lang, std::string_view anchor);

}  // namespace meeple::cli::play
