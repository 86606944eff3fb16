// `meeple play`: people against bots in a terminal, as a client of a local
// Room (room/room.h): the room resolves chance and bot turns; the person sees
// only their seat's view, its choices and the events in words as their seat
// saw them (games without event words: the changes to the seat's view), so
// nothing hidden can leak through the log. Several people may share the
// keyboard (--people): a curtain clears the screen between their turns.
#include "cli/play_turns.h"

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

namespace meeple::cli {

namespace play {

TerminalPlay::TerminalPlay(Setup& s, room::Room& r, PlayTerminal& t, std::string kept_at,
                           std::ostream& err)
    : s_(s),
      a_(s.a),
      r_(r),
      t_(t),
      kept_at_(std::move(kept_at)),
      err_(err),
      several_(s.people.size() > 1),
      seen_(static_cast<std::size_t>(s.players)),
      letters_(static_cast<std::size_t>(s.players)),
      shown_(several_ ? kSpectator : s.people[0]) {
  for (Seat p : s_.people) seen_[static_cast<std::size_t>(p)].view = r_.view(p);
}

int TerminalPlay::run() {
  welcome();
  while (true) {
    const MaybeError advanced = r_.advance();
    keep();
    if (advanced) {
      err_ << "error: " << advanced->message << "\n";
      return 1;
    }
    if (r_.finished()) break;
    // The first person to act (a simultaneous decision: one at a time).
    Seat me = s_.people[0];
    for (Seat p : s_.people)
      if (r_.must_act(p)) {
        me = p;
        break;
      }
    if (!curtain(me)) return t_.left("input_ended", kept_at_);
    print_news(me);
    show_board(me);
    if (auto left = decide(me)) return *left;
  }
  return end();
}

void TerminalPlay::welcome() {
  // The game's name as its catalog gives it in the person's language
  // (Primo Contatto), else its own title.
  const AnyGame& game = *s_.game;
  const std::string title = game.messages() && game.messages()->contains("title")
                                ? game.messages()->text("title", lang())
                                : std::string(game.title());
  const std::string players = std::to_string(s_.players);
  if (s_.guide) {
    out() << texts().format("learn_welcome", lang(),
                            {{"title", title},
                             {"players", players},
                             {"who", seat_words(game, s_.people[0], lang())}})
          << "\n";
  } else if (several_) {
    std::string list;
    for (Seat p : s_.people) list += (list.empty() ? "" : ", ") + std::to_string(p);
    out() << texts().format("welcome_people", lang(),
                            {{"title", title}, {"players", players}, {"seats", list}})
          << "\n";
  } else {
    out() << texts().format("welcome", lang(),
                            {{"title", title},
                             {"players", players},
                             {"who", seat_words(game, s_.people[0], lang())}})
          << "\n";
  }
}

void TerminalPlay::show_board(Seat me) {
  if (t_.screen()) {
    t_.to_log();
    t_.screen()->board(board_details(r_, me, lang()));
  } else {
    print_board(r_, me, lang(), out());
  }
}

void TerminalPlay::print_news(Seat me) {
  Seen& s = seen_[static_cast<std::size_t>(me)];
  for (std::size_t i = s.events; i < r_.event_count(); ++i) {
    const room::TableEvent& e = r_.event(i);
    if (!e.chat && !e.notice && e.actor >= 0 && e.actor != me)
      letters_[static_cast<std::size_t>(me)].clear();
  }
  if (r_.has_event_words())
    print_events(r_.events_for(me, s.events, lang()), s.first_board ? "so_far" : "since_last_move",
                 lang(), out());
  else if (!s.first_board)  // the first board shows the opening itself
    print_changes(s.view, r_.view(me), lang(), out());
  s.first_board = false;
  s.events = r_.event_count();
  s.view = r_.view(me);
}

bool TerminalPlay::curtain(Seat next) {
  if (next == shown_) return true;
  std::string line;
  const std::string words = texts().format("curtain", lang(), {{"seat", std::to_string(next)}});
  if (CursesScreen* screen = t_.screen()) {
    t_.drop_log();
    screen->clear_log();
    screen->board("");
    screen->prompt({}, words, {}, "");
    if (!screen->read_line(line)) return false;
    screen->clear_log();
  } else {
    out() << "\x1b[2J\x1b[3J\x1b[H" << words << "\n> " << std::flush;
    if (!std::getline(t_.in(), line)) return false;
    out() << "\x1b[2J\x1b[3J\x1b[H";
  }
  out() << texts().format("seat_turn", lang(), {{"seat", std::to_string(next)}}) << "\n";
  shown_ = next;
  return true;
}

int TerminalPlay::end() {
  const Seat me = several_ ? kSpectator : s_.people[0];
  if (several_) out() << "\x1b[2J\x1b[3J\x1b[H";
  if (!several_) print_news(me);
  print_board(r_, me, lang(), out());
  print_result(r_, me, lang(), out());
  if (!kept_at_.empty())
    out() << texts().format("kept_finished", lang(), {{"file", kept_at_}}) << "\n";
  t_.finish();
  return 0;
}

}  // namespace play

int cmd_play(const PlayArgs& args, std::istream& in, std::ostream& terminal, std::ostream& err) {
  using namespace play;
  auto setup = set_up(args);
  if (!setup) return refuse_to_play(setup.error(), err);
  Setup& s = *setup;
  const room::RoomOptions options{.seed = s.a.seed, .languages = {s.a.lang}, .undo = !s.a.no_undo};
  auto opened = s.resumed ? resume_kept_game(*s.game, *s.resumed, std::move(s.seats), options)
                          : room::Room::open(*s.game, s.params, std::move(s.seats), options);
  if (!opened) return refuse_to_play(opened.error(), err);
  std::string kept_at = s.a.record_file;
  if (kept_at.empty() && s.a.keep_by_default) kept_at = default_record_path(s.a.game, s.a.seed);
  if (!keep_game(kept_at, **opened, s, err)) return 2;
  PlayTerminal t(s.a, in, terminal);
  return TerminalPlay(s, **opened, t, kept_at, err).run();
}

namespace {

RunCommand add_play(CLI::App& app) {
  auto a = std::make_shared<PlayArgs>();
  a->seed = static_cast<std::uint64_t>(std::random_device{}());
  auto* c = app.add_subcommand("play", "Play a game in the terminal against bots");
  a->keep_by_default = true;
  c->add_option("game", a->game, "Game name (not with --resume)");
  c->add_option("--seat", a->seat, "Your seat (0 is first)");
  c->add_option("--people", a->people,
                "Seats of several people sharing this keyboard (0,2): a curtain hides each "
                "seat from the others between turns")
      ->delimiter(',');
  c->add_flag("--no-undo", a->no_undo, "People may not take back moves");
  c->add_option("--players", a->players, "Number of players");
  c->add_option("--bots", a->bots,
                "Bots for the other seats B1,B2,... (default: the game's own bot)");
  c->add_option("--param", a->params, "Rule option key=value (repeatable)");
  c->add_option("--lang", a->lang, "Language of the game texts: en, it or ko");
  c->add_option("--seed", a->seed, "Seed (default: random)");
  c->add_option("--record", a->record_file,
                "Keep the game in this file (default: a new file in the folder below)");
  c->add_option("--resume", a->resume_file, "Go on with a kept game");
  c->add_flag("--plain", a->plain,
              "Lines even on a terminal: no screen of panes, one choice a line (for "
              "screen readers; pipes always)");
  c->footer("Every game is kept as it goes (quit and Ctrl-D included), by default in " +
            (kept_games_folder().empty()
                 ? std::string("$XDG_DATA_HOME/meeple/games or ~/.local/share/meeple/games")
                 : kept_games_folder()) +
            "; meeple play --resume FILE goes on with one, meeple analyse FILE reviews it.");
  return [a](std::istream& in, std::ostream& out, std::ostream& err) {
    return cmd_play(*a, in, out, err);
  };
}
const RegisterCommand kPlayCommand{{140, "play", add_play}};

RunCommand add_learn(CLI::App& app) {
  auto a = std::make_shared<PlayArgs>();
  a->learn = true;
  auto* c = app.add_subcommand(
      "learn", "Learn a game: a guided first game against bots, the rule of each step explained");
  a->keep_by_default = true;
  c->add_option("game", a->game, "Game name")->required();
  c->add_option("--lang", a->lang, "Language: en, it or ko");
  c->add_option("--part", a->part,
                "Which part of the guide (First Contact: 1 as an earthling, 2 as the alien)");
  auto* learn_seed = c->add_option("--seed", a->seed, "Another deal (for guide authors)");
  c->add_flag("--json", a->show_json, "Show each choice's JSON form (for guide authors)");
  c->add_option("--guide", a->guide_file, "A guide script file instead of the game's own");
  c->add_flag("--plain", a->plain,
              "Lines even on a terminal: no screen of panes, one choice a line");
  return [a, learn_seed](std::istream& in, std::ostream& out, std::ostream& err) {
    a->seed_given = learn_seed->count() > 0;
    return cmd_play(*a, in, out, err);
  };
}
const RegisterCommand kLearnCommand{{150, "learn", add_learn}};

}  // namespace

}  // namespace meeple::cli
