// `meeple play`'s words (cli/play_text.h).
#include "cli/play_text.h"

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

namespace meeple::embedded {
extern const std::string_view cli_messages;
}  // namespace meeple::embedded

namespace meeple::cli::play {

std::string scalar(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

bool all_scalars(const Json& a) {
  for (const auto& x : a)
    if (x.is_structured()) return false;
  return true;
}

void render_json(const Json& v, std::ostream& out, int indent) {
  std::string pad(static_cast<std::size_t>(indent), ' ');
  if (v.is_object()) {
    for (const auto& [k, x] : v.items()) {
      if (x.is_structured() && !(x.is_array() && all_scalars(x) && x.size() <= 30) && !x.empty()) {
        out << pad << k << ":\n";
        render_json(x, out, indent + 2);
      } else if (x.is_array()) {
        std::string line;
        for (const auto& e : x) line += (line.empty() ? "" : ", ") + scalar(e);
        out << pad << k << ": [" << line << "]\n";
      } else {
        out << pad << k << ": " << scalar(x) << "\n";
      }
    }
  } else if (v.is_array()) {
    int i = 0;
    for (const auto& x : v) {
      if (x.is_structured()) {
        out << pad << "#" << i << ":\n";
        render_json(x, out, indent + 2);
      } else {
        out << pad << "#" << i << ": " << scalar(x) << "\n";
      }
      ++i;
    }
  } else {
    out << pad << scalar(v) << "\n";
  }
}

std::string choice_text(const room::Choice& c) {
  return c.words.empty() ? c.json.dump() : c.words;
}

const Catalog& texts() {
  static const Catalog c = *Catalog::parse(embedded::cli_messages);
  return c;
}

std::string refusal_words(const Error& e, std::string_view lang) {
  const std::string key = "error." + e.code;
  if (texts().contains(key)) return texts().text(key, lang);
  return lang == "en" ? e.message : texts().text("error.other", lang);
}

bool is_command(std::string_view line, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), line) != names.end();
}

void print_changes(const Json& before, const Json& after, const std::string& lang,
                   std::ostream& out) {
  Json patch = Json::diff(before, after);
  if (patch.empty()) return;
  out << texts().text("what_changed", lang) << "\n";
  std::size_t shown = 0;
  for (const auto& op : patch) {
    if (++shown > 20) {
      out << "  "
          << texts().format("more_changes", lang, {{"n", std::to_string(patch.size() - 20)}})
          << "\n";
      break;
    }
    std::string path = op["path"].get<std::string>();
    if (op["op"] == "remove") {
      out << "  " << texts().format("removed", lang, {{"path", path}}) << "\n";
    } else {
      out << "  " << path << ": " << op["value"].dump() << "\n";
    }
  }
}

void print_events(const std::vector<std::string>& events, const char* heading,
                  const std::string& lang, std::ostream& out) {
  if (events.empty()) return;
  // Every event is told: at the table everyone sees all that happens.
  out << texts().text(heading, lang) << "\n";
  for (const std::string& e : events) {
    // An event of several sentences keeps its lines under the first.
    std::string text = e;
    for (auto at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 3))
      text.replace(at, 1, "\n    ");
    out << "  " << text << "\n";
  }
}

std::string board_text(const room::Room& r, Seat me, const std::string& lang, int detail) {
  std::string text = r.text_view(me, lang, detail);
  if (text.empty()) {
    std::ostringstream json;
    render_json(r.view(me), json, 2);
    text = json.str();
  }
  if (!text.empty() && text.back() != '\n') text += "\n";
  return text;
}

std::vector<std::string> board_details(const room::Room& r, Seat me, const std::string& lang) {
  std::vector<std::string> details;
  for (int detail : {kTextDetailMarked, kTextDetailCompact}) {
    std::string text = board_text(r, me, lang, detail);
    if (details.empty() || text != details.back()) details.push_back(std::move(text));
  }
  return details;
}

std::vector<std::size_t> shown_on_board(const std::vector<std::string>& words,
                                        const std::vector<std::string>& boards,
                                        std::vector<int>& numbers) {
  std::vector<std::size_t> shown;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    std::size_t digits = 0;
    while (digits < w.size() && std::isdigit(static_cast<unsigned char>(w[digits]))) ++digits;
    const auto open = w.find(" (", digits);
    if (digits == 0 || digits > 6 || open == std::string::npos || w.back() != ')' ||
        std::any_of(w.begin() + static_cast<std::ptrdiff_t>(digits),
                    w.begin() + static_cast<std::ptrdiff_t>(open),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      continue;
    const std::string thing =
        " " + w.substr(0, digits) + " " + w.substr(open + 2, w.size() - open - 3);
    if (std::all_of(boards.begin(), boards.end(),
                    [&](const std::string& b) { return b.find(thing) != std::string::npos; })) {
      shown.push_back(i);
      numbers.push_back(std::stoi(w.substr(0, digits)));
    }
  }
  return shown;
}

std::string number_ranges(std::vector<int> numbers) {
  std::sort(numbers.begin(), numbers.end());
  std::string out;
  for (std::size_t i = 0; i < numbers.size();) {
    std::size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(numbers[i]) +
           (j > i ? (j == i + 1 ? ", " : "-") + std::to_string(numbers[j]) : "");
    i = j + 1;
  }
  return out;
}

void print_board(const room::Room& r, Seat me, const std::string& lang, std::ostream& out) {
  out << "\n" << board_text(r, me, lang);
}

void print_help(const room::Room& r, Seat me, const std::string& lang, std::ostream& out) {
  out << texts().text("help", lang) << "\n";
  // Free actions exist only in games whose choices leave some legal actions
  // out (First Contact's note pad): typed in words, as the game's
  // "typed_forms" says; the JSON form stays for anything else.
  if (!r.has_free_actions(me)) return;
  const Catalog* c = r.game().messages();
  if (c && c->contains("typed_forms")) out << "  " << c->text("typed_forms", lang) << "\n";
  out << texts().format("help_json", lang) << "\n";
}

int stdout_columns() {
  if (!isatty(STDOUT_FILENO)) return 0;
  winsize w{};
  return ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0 ? w.ws_col : 80;
}

int no_columns() {
  return 0;
}

void print_in_columns(const std::vector<std::string>& items, int width, std::ostream& out) {
  for (const auto& line : in_columns(items, width)) out << line << "\n";
}

std::string common_words(const std::vector<std::string>& texts) {
  if (texts.size() < 8) return "";
  auto shared = [&](std::size_t left_out) {
    std::string common;
    bool first = true;
    for (std::size_t i = 0; i < texts.size(); ++i) {
      if (i == left_out) continue;
      if (first) {
        common = texts[i];
        first = false;
      }
      std::size_t n = 0;
      while (n < common.size() && n < texts[i].size() && common[n] == texts[i][n]) ++n;
      common.resize(n);
    }
    // Whole words only, and never a whole choice.
    const auto space = common.rfind(' ');
    if (space == std::string::npos) return std::string();
    common.resize(space + 1);
    for (std::size_t i = 0; i < texts.size(); ++i)
      if (i != left_out && texts[i].size() <= common.size()) return std::string();
    return common;
  };
  std::string best = shared(texts.size());
  for (std::size_t odd : {std::size_t{0}, texts.size() - 1})
    if (best.empty()) best = shared(odd);
  return best;
}

std::string seat_words(const AnyGame& game, Seat seat, const std::string& lang) {
  const Catalog* c = game.messages();
  const char* key = c && c->contains("seat") ? "seat" : nullptr;
  return key ? c->format(key, lang, {{"n", std::to_string(seat)}})
             : texts().format("seat_word", lang, {{"n", std::to_string(seat)}});
}

std::string game_word(const AnyGame& game, const std::string& key, const std::string& lang) {
  const Catalog* c = game.messages();
  return c && c->contains(key) ? c->text(key, lang) : key.substr(key.find('.') + 1);
}

void print_result(const room::Room& room, Seat me, const std::string& lang, std::ostream& out) {
  const GameResult r = room.result();
  const Catalog& t = texts();
  out << "\n" << t.text("game_over", lang) << "\n";
  for (Seat i = 0; i < r.players; ++i) {
    const std::string seat = seat_words(room.game(), i, lang);
    const std::string name =
        i == me ? t.format("seat_you", lang, {{"who", seat}})
        : room.seats()[static_cast<std::size_t>(i)].kind == room::SeatKind::kPerson
            ? t.format("seat_person", lang, {{"who", seat}})
            : t.format("seat_bot", lang, {{"who", seat}, {"bot", room.seats()[i].name}});
    out << "  "
        << t.format("score_line", lang,
                    {{"name", fmt::format("{:<24}", name)},
                     {"score", fmt::format("{:>4}", r.score[i])},
                     {"place", std::to_string(r.rank[i])}})
        << (r.winners.contains(i) ? "  " + t.text("winner", lang) : "") << "\n";
  }
  if (me >= 0) out << t.text(r.winners.contains(me) ? "you_win" : "you_lose", lang) << "\n";
  // The shared result details (core/game.h), in words.
  const Json details = room.result_json()["details"];
  if (!details.is_object()) return;
  if (details.contains("rounds") && details["rounds"].is_number())
    out << t.format("rounds_played", lang, {{"n", details["rounds"].dump()}}) << "\n";
  if (details.contains("verdict") && details["verdict"].is_string())
    out << t.format(
               "verdict", lang,
               {{"verdict",
                 game_word(room.game(), "verdict." + details["verdict"].get<std::string>(), lang)}})
        << "\n";
  if (details.contains("teams") && details["teams"].is_object())
    for (const auto& [team, members] : details["teams"].items()) {
      std::string list;
      for (const auto& m : members) {
        if (!m.is_object() || !m.contains("seat")) continue;
        const char* outcome = m.value("winner", false) ? "team_won" : "team_lost";
        list += (list.empty() ? "" : ", ") +
                t.format("seat_bot", lang,
                         {{"who", m["seat"].is_number_integer()
                                      ? seat_words(room.game(), m["seat"].get<int>(), lang)
                                      : m["seat"].dump()},
                          {"bot", t.text(outcome, lang)}});
      }
      out << "  "
          << t.format("team_line", lang,
                      {{"team", game_word(room.game(), "team." + team, lang)}, {"members", list}})
          << "\n";
    }
}

std::vector<std::string> rules_headings(std::string_view text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    if (line.substr(0, 3) == "## ") out.emplace_back(line.substr(3));
    at = end + 1;
  }
  return out;
}

std::string section_title(std::string_view game, std::string_view lang, std::string_view anchor) {
  auto slug = [](std::string_view title) {
    std::string s;
    for (char ch : title) {
      if (std::isalnum(static_cast<unsigned char>(ch)))
        s += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      else if (!s.empty() && s.back() != '-')
        s += '-';
    }
    while (!s.empty() && s.back() == '-') s.pop_back();
    return s;
  };
  const auto en = rules_headings(rules_text(game, "en"));
  const auto mine = rules_headings(rules_text(game, lang));
  for (std::size_t i = 0; i < en.size(); ++i)
    if (slug(en[i]) == anchor) return i < mine.size() ? mine[i] : en[i];
  return std::string(anchor);
}

}  // namespace meeple::cli::play
