// `meeple play`'s decisions: what a person types, and what it does
// (cli/play_turns.h).
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

namespace meeple::cli::play {

std::optional<int> TerminalPlay::decide(Seat me) {
  bool paged = false;    // help, rules or the whole board fill the board pane until the next line
  bool as_list = false;  // 'list': the screen shows the choices as a list, never folded
  while (true) {
    Decision d{.choices = r_.choices(me, lang()), .words = {}, .keys = {}, .suggestion = {}};
    std::vector<std::string> boards;
    if (t_.screen()) boards = board_details(r_, me, lang());
    if (t_.screen() && !paged) {
      t_.to_log();  // the news before the board: not a reply at this decision
      t_.screen()->board(boards);
    }
    paged = false;
    std::vector<std::string> notes = guide_notes(d.suggestion);
    for (const auto& c : d.choices) d.words.push_back(choice_text(c));
    d.keys = stable_keys(d.words, letters_[static_cast<std::size_t>(me)]);
    show_choices(me, d, boards, std::move(notes), as_list);
    std::string line;
    if (!t_.read_line(line)) return t_.left("input_ended", kept_at_);
    line.erase(0, line.find_first_not_of(" \t\r"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    if (line.empty()) continue;
    if (is_command(line, {"hint", "suggerimento", "힌트"})) {
      show_hint(me, d);
      paged = t_.screen() != nullptr;
      continue;
    }
    switch (command(me, line)) {
      case Typed::kQuit:
        return t_.left("bye", kept_at_);
      case Typed::kAgainPaged:
        paged = t_.screen() != nullptr;
        continue;
      case Typed::kList:
        as_list = !as_list;
        continue;
      case Typed::kAgain:
        continue;
      case Typed::kMove:
        break;
    }
    if (move(me, line, d)) {
      keep();
      // The words of the person's own action (or undo) come with the next
      // news: they may reveal more than the choice did (the last offer
      // reveals all).
      return std::nullopt;
    }
  }
}

std::vector<std::string> TerminalPlay::guide_notes(Json& suggestion) {
  std::vector<std::string> notes;
  if (!s_.guide) return notes;
  auto note_line = [&](const std::string& text, bool paragraph) {
    if (t_.screen())
      notes.push_back(text);
    else
      out() << (paragraph ? "\n" : "") << text << "\n";
  };
  const room::GuideNote note = room::guide_note(*s_.guide, r_, lang());
  if (!note.instead.empty())
    note_line(texts().format("guide", lang(), {{"text", note.instead}}), true);
  if (!note.text.empty()) note_line(texts().format("guide", lang(), {{"text", note.text}}), true);
  if (!note.rules.empty())
    note_line(texts().format("guide_rules", lang(),
                             {{"section", section_title(s_.game->name(), lang(), note.rules)}}),
              false);
  suggestion = note.suggestion;
  if (!suggestion.is_null()) note_line(texts().text("guide_mark", lang()), false);
  return notes;
}

void TerminalPlay::show_choices(Seat me, const Decision& d, const std::vector<std::string>& boards,
                                std::vector<std::string> notes, bool as_list) {
  CursesScreen* screen = t_.screen();
  const ChoiceWords shared(d.words, screen != nullptr);
  std::vector<std::string> items;
  for (std::size_t i = 0; i < d.choices.size(); ++i) {
    const char mark = d.choices[i].json == d.suggestion ? '*' : ' ';
    // The screen has a column for the guide's mark only when there is one.
    items.push_back(screen ? fmt::format("{}{}. {}",
                                         d.suggestion.is_null() ? "" : std::string(1, mark),
                                         d.keys[i], shared.short_words(d.words[i]))
                           : fmt::format(" {}{:>3}. {}", mark, d.keys[i], d.words[i]));
    if (a_.show_json) items.back() += "   json " + d.choices[i].json.dump();
  }
  const std::string undo_hint = r_.undo_available(me) > 0 ? texts().text("can_undo", lang()) : "";
  if (!screen) {
    out() << texts().text("your_choices", lang()) << "\n";
    print_in_columns(items, a_.plain || !t_.on_stdout() ? 0 : stdout_columns(), out());
    if (!undo_hint.empty()) out() << undo_hint << "\n";
    return;
  }
  std::string heading = texts().text("your_choices", lang());
  if (!shared.common.empty() || !shared.ending.empty())
    heading += " " + shared.common + "..." + shared.ending;
  std::vector<std::string> shorts;
  for (const auto& w : d.words) shorts.push_back(shared.short_words(w));
  std::vector<int> numbers;
  std::vector<std::size_t> folded = shown_on_board(shorts, boards, numbers);
  std::string fold_line;
  if (!as_list && folded.size() >= 8)
    fold_line = texts().format("fold", lang(), {{"numbers", number_ranges(numbers)}});
  screen->prompt(std::move(notes), std::move(heading), std::move(items),
                 undo_hint.empty() ? "" : texts().text("undo_hint", lang()), std::move(folded),
                 std::move(fold_line));
}

void TerminalPlay::page(const std::string& text, bool from_end) {
  if (t_.screen())
    t_.screen()->page(text, from_end);
  else
    out() << text;
}

void TerminalPlay::show_hint(Seat me, const Decision& d) {
  if (!t_.screen()) out() << texts().text("hint_wait", lang()) << "\n" << std::flush;
  auto h = hint(r_.knowledge(me), me, {.lang = lang()});
  if (!h) {
    out() << texts().format(
                 "not_possible", lang(),
                 {{"message", refusal_words(h.error(), lang())}, {"code", h.error().code}})
          << "\n";
    return;
  }
  if (auto e = r_.mark_hint(me)) {
    out() << refusal_words(*e, lang()) << "\n";
    return;
  }
  keep();
  std::ostringstream text;
  text << texts().text("hint_title", lang()) << "\n";
  for (const HintChoice& c : h->choices) {
    std::string key;
    for (std::size_t i = 0; i < d.choices.size(); ++i)
      if (d.choices[i].action == c.action && i < d.keys.size()) key = d.keys[i];
    const int p = static_cast<int>(std::lround(std::clamp(c.chance.chance, 0.0, 1.0) * 100));
    text << "  "
         << texts().format("hint_choice", lang(),
                           {{"key", key}, {"words", c.words}, {"p", std::to_string(p)}})
         << "\n     " << c.why << "\n";
  }
  page(text.str());
}

Typed TerminalPlay::command(Seat me, const std::string& line) {
  if (is_command(line, {"quit", "exit", "esci", "나가기"})) return Typed::kQuit;
  if (is_command(line, {"help", "?", "aiuto", "도움말"})) {
    std::ostringstream help;
    print_help(r_, me, lang(), help);
    page(help.str());
    return Typed::kAgainPaged;
  }
  if (is_command(line, {"board", "tavolo", "판"})) {
    // The screen shows the whole board from its top (what a small
    // screen left out too); the line mode prints it again.
    if (t_.screen())
      t_.screen()->page(board_text(r_, me, lang()));
    else
      show_board(me);
    return Typed::kAgainPaged;
  }
  // What happened since the game began: the board pane shows it from
  // its end; the line mode prints it again.
  if (is_command(line, {"log", "registro", "기록"})) {
    std::ostringstream log;
    print_events(r_.events_for(me, 0, lang()), "so_far", lang(), log);
    page(log.str(), true);
    return Typed::kAgainPaged;
  }
  // The screen's folded choices as a list, and back.
  if (t_.screen() && is_command(line, {"list", "elenco", "목록"})) return Typed::kList;
  if (is_command(line, {"rules", "regole", "규칙"})) {
    std::string_view rules = rules_text(s_.game->name(), lang());
    page(rules.empty() ? texts().text("no_rules", lang()) + "\n" : rules_for_terminal(rules));
    return Typed::kAgainPaged;
  }
  return Typed::kMove;
}

bool TerminalPlay::move(Seat me, const std::string& line, const Decision& d) {
  MaybeError e;
  if (is_command(line, {"undo", "annulla", "무르기"})) {
    e = r_.undo(me, r_.version());
  } else if (line.rfind("json ", 0) == 0) {
    try {
      e = r_.act_json(me, r_.version(), Json::parse(line.substr(5)));
    } catch (const Json::exception&) {
      e = make_error(errc::kMalformedAction, "that is not valid JSON");
    }
  } else {
    auto chosen = typed_choice(me, line, d);
    if (!chosen) return false;
    out() << texts().format("you", lang(), {{"action", choice_text(*chosen)}}) << "\n";
    e = r_.act(me, r_.version(), chosen->action);
  }
  if (!e) return true;
  // Before any move of theirs nothing can have "become known since".
  const std::string words = e->code == "undo/none" && r_.decisions(me).empty()
                                ? texts().text("undo_nothing_yet", lang())
                                : refusal_words(*e, lang());
  out() << texts().format("not_possible", lang(), {{"message", words}, {"code", e->code}}) << "\n";
  return false;
}

std::optional<room::Choice> TerminalPlay::typed_choice(Seat me, const std::string& line,
                                                       const Decision& d) {
  auto english = [&](const std::vector<room::Choice>& list) {
    std::vector<std::string> words;
    for (const auto& c : list) words.push_back(choice_text(c));
    return words;
  };
  const bool en = lang() == "en";
  const std::vector<std::string> choice_english =
      en ? std::vector<std::string>{} : english(r_.choices(me, "en"));
  TypedChoice typed = read_choice(d.words, line, d.keys, choice_english);
  std::vector<room::Choice> free;
  if (typed.kind == TypedChoice::Kind::kNone && has_word(line) && r_.has_free_actions(me)) {
    free = r_.free_choices(me, lang());
    const std::vector<std::string> free_english =
        en ? std::vector<std::string>{} : english(r_.free_choices(me, "en"));
    typed = read_choice(english(free), line, {}, free_english, false);
  }
  const std::vector<room::Choice>& among = free.empty() ? d.choices : free;
  switch (typed.kind) {
    case TypedChoice::Kind::kBadToken:
      out() << texts().format("bad_token", lang(), {{"token", typed.token}}) << "\n";
      return std::nullopt;
    case TypedChoice::Kind::kSeveral:
      several_fit(typed, among, free.empty() ? &d.keys : nullptr);
      return std::nullopt;
    case TypedChoice::Kind::kNone:
      out() << texts().format("no_fit", lang(), {{"typed", line}}) << "\n";
      return std::nullopt;
    default:
      return among[typed.index];
  }
}

void TerminalPlay::several_fit(const TypedChoice& typed, const std::vector<room::Choice>& among,
                               const std::vector<std::string>* keys) {
  out() << texts().format("several_match", lang(), {{"n", std::to_string(typed.fits.size())}})
        << "\n";
  const std::size_t listed = std::min<std::size_t>(typed.fits.size(), 12);
  for (std::size_t k = 0; k < listed; ++k) {
    const std::size_t i = typed.fits[k];
    out() << fmt::format("  {:>3}{} {}\n", keys ? (*keys)[i] : "-", keys ? "." : "",
                         choice_text(among[i]));
  }
  if (listed < typed.fits.size())
    out() << "  "
          << texts().format("more_fit", lang(), {{"n", std::to_string(typed.fits.size() - listed)}})
          << "\n";
}

}  // namespace meeple::cli::play
