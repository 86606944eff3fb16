// `meeple play`'s turns (cli/play.cpp): a game played at this keyboard, its
// turns and the end in cli/play.cpp, each person's decisions (what they type)
// in cli/play_input.cpp.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/choice_input.h"
#include "cli/play_setup.h"
#include "cli/play_terminal.h"
#include "cli/play_text.h"
#include "core/record.h"
#include "room/room.h"

namespace meeple::cli::play {

// What a choice's words look like on the screen: the words all choices
// start with said once in the heading, and the words they end with ("
// (second attempt)").
struct ChoiceWords {
  std::string common, ending;

  ChoiceWords(const std::vector<std::string>& words, bool screen) {
    if (!screen) return;
    common = common_words(words);
    std::vector<std::string> reversed;
    for (const auto& w : words) reversed.emplace_back(w.rbegin(), w.rend());
    ending = common_words(reversed);
    std::reverse(ending.begin(), ending.end());
    // Something must be left of a choice that has both.
    for (const auto& w : words)
      if (w.rfind(common, 0) == 0 && w.size() <= common.size() + ending.size()) ending.clear();
  }

  // A choice's words without the shared start and end.
  std::string short_words(const std::string& w) const {
    std::string rest = w.rfind(common, 0) == 0 ? w.substr(common.size()) : w;
    if (!ending.empty() && rest.size() > ending.size() &&
        rest.compare(rest.size() - ending.size(), ending.size(), ending) == 0)
      rest.resize(rest.size() - ending.size());
    return rest;
  }
};

// One decision as it is shown: the choices, their words and letters.
struct Decision {
  std::vector<room::Choice> choices;
  std::vector<std::string> words;  // each choice's words
  std::vector<std::string> keys;   // each choice's letters
  Json suggestion;                 // the guide's, or null
};

// What a typed line asked for besides a move.
enum class Typed { kMove, kAgain, kAgainPaged, kQuit, kList };

// A game played at this keyboard: its turns, each person's decisions and
// the end. `run` returns the exit status.
class TerminalPlay {
 public:
  TerminalPlay(Setup& s, room::Room& r, PlayTerminal& t, std::string kept_at, std::ostream& err);

  bool keep() { return keep_game(kept_at_, r_, s_, err_); }

  int run();

 private:
  // What each person has been shown: their view, and the events told.
  struct Seen {
    Json view;
    bool first_board = true;  // what happened before it is "so far", not "since your move"
    std::size_t events = 0;
  };

  std::ostream& out() { return t_.out(); }
  const std::string& lang() const { return a_.lang; }

  void welcome();

  void show_board(Seat me);

  // What happened since the person's last decision: the game's words, or the
  // changes to the person's view. Another seat's action gives the person's
  // choices new letters.
  void print_news(Seat me);

  // Several people share the screen: before another person's turn the
  // screen is cleared and waits for them, so nobody sees another's seat.
  // False when the input ended.
  bool curtain(Seat next);

  // One person's decision: the choices shown and lines read until a move is
  // made (or taken back). An exit status when the person left.
  std::optional<int> decide(Seat me);

  // The guide's notes before a decision (`meeple learn`): paragraphs of their
  // own in the line mode (printed at once), the screen's notes (returned).
  // `suggestion`: the choice the guide marks, if any.
  std::vector<std::string> guide_notes(Json& suggestion);

  // The choices: the screen's prompt (folded onto the board when the board
  // shows most of them), else a list in columns.
  void show_choices(Seat me, const Decision& d, const std::vector<std::string>& boards,
                    std::vector<std::string> notes, bool as_list);

  // A page of text: the screen's board pane until the next line, else lines.
  void page(const std::string& text, bool from_end = false);

  // `hint` (suggerimento, 힌트): the search's top choices for the person's
  // decision from what the seat knows (Room::knowledge, bots/hint.h), each
  // by its letter with its chance to win and why; marked in the kept
  // game's record (Room::mark_hint). The person then types a letter as
  // always.
  void show_hint(Seat me, const Decision& d);

  // The commands a person may type instead of a move: quit, help, the whole
  // board, the log, the screen's list and the rules.
  Typed command(Seat me, const std::string& line);

  // A move typed: undo, "json {...}", or a choice (cli/choice_input.h): its
  // letter, a number shown on a thing, or words naming one choice; else
  // words naming one free action (First Contact's note pad: "note Alive 3").
  // True when it was made; else what was wrong has been said.
  bool move(Seat me, const std::string& line, const Decision& d);

  // The one choice (or free action) the line names; else nullopt, and what
  // was wrong has been said. Their English words fit too: English commands
  // are read in every language ("note 철 21" beside "쓰기 철 21").
  std::optional<room::Choice> typed_choice(Seat me, const std::string& line, const Decision& d);

  // Several choices fit what was typed: the first dozen, with their letters
  // (`keys`; free actions have none).
  void several_fit(const TypedChoice& typed, const std::vector<room::Choice>& among,
                   const std::vector<std::string>* keys);

  // The end is public: everyone may look. It is written as lines: on a
  // terminal after the screen closes, so that it stays in the terminal's
  // scroll-back.
  int end();

  Setup& s_;
  const PlayArgs& a_;
  room::Room& r_;
  PlayTerminal& t_;
  const std::string kept_at_;
  std::ostream& err_;
  const bool several_;
  std::vector<Seen> seen_;
  // Each person's choices' letters in their turn (stable_keys): given afresh
  // once another seat has acted.
  std::vector<std::map<std::string, std::string>> letters_;
  Seat shown_;  // whose seat the screen shows (several people: behind a curtain)
};

}  // namespace meeple::cli::play
