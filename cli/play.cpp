// `meeple play`: people against bots in a terminal, as a client of a local
// Room (room/room.h): the room resolves chance and bot turns; the person sees
// only their seat's view, its choices and the events in words as their seat
// saw them (games without event words: the changes to the seat's view), so
// nothing hidden can leak through the log. Several people may share the
// keyboard (--people): a curtain clears the screen between their turns.
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

namespace meeple::cli {

namespace {

std::string scalar(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

bool all_scalars(const Json& a) {
  for (const auto& x : a)
    if (x.is_structured()) return false;
  return true;
}

// A readable rendering of any view: nested keys indented, short arrays inline.
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

// A refusal in the person's language: the catalog's words for its code
// (error.<code>); for a code without them, the error's own message in
// English, and elsewhere a plain "the move was refused" (the code is shown
// beside it): no English on an Italian or Korean screen.
// The terminal's own texts (cli/messages.json) in the person's language.
const Catalog& texts() {
  static const Catalog c = *Catalog::parse(embedded::cli_messages);
  return c;
}

std::string refusal_words(const Error& e, std::string_view lang) {
  const std::string key = "error." + e.code;
  if (texts().contains(key)) return texts().text(key, lang);
  return lang == "en" ? e.message : texts().text("error.other", lang);
}

// A command word in any of our languages.
bool is_command(std::string_view line, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), line) != names.end();
}

// What changed in the seat's view, for games without event words: a JSON
// patch rendered one line per change.
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

// What happened since the person's last decision, in the game's words.
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

// The board as `me` sees it: the game's text, else its view rendered.
std::string board_text(const room::Room& r, Seat me, const std::string& lang,
                       int detail = kTextDetailFull) {
  std::string text = r.text_view(me, lang, detail);
  if (text.empty()) {
    std::ostringstream json;
    render_json(r.view(me), json, 2);
    text = json.str();
  }
  if (!text.empty() && text.back() != '\n') text += "\n";
  return text;
}

// The board for the screen of panes, at the details it may choose from
// (cli/curses_screen.h), most detailed first.
std::vector<std::string> board_details(const room::Room& r, Seat me, const std::string& lang) {
  std::vector<std::string> details;
  for (int detail : {kTextDetailMarked, kTextDetailCompact}) {
    std::string text = board_text(r, me, lang, detail);
    if (details.empty() || text != details.back()) details.push_back(std::move(text));
  }
  return details;
}

// The choices that are numbered things every board shows: a choice's words
// on the screen are "N (name)" and each board has "N name" (First Contact's
// "offer square 7 (Dress)" and the field's "7 Dress"). Typing N picks such a
// choice (cli/choice_input.h), so a small screen may fold them into a line.
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

// Numbers as ranges: "0-6, 8-24".
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

// The width of the terminal standard output writes to; 0 when it writes
// elsewhere (a pipe, a file): there lines stay whole and each choice keeps a
// line of its own.
int stdout_columns() {
  if (!isatty(STDOUT_FILENO)) return 0;
  winsize w{};
  return ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0 ? w.ws_col : 80;
}
int no_columns() {
  return 0;
}

// A long list of short items in columns (cli/curses_screen.h), so that a
// decision's list (25 squares) leaves the board above it on the screen.
void print_in_columns(const std::vector<std::string>& items, int width, std::ostream& out) {
  for (const auto& line : in_columns(items, width)) out << line << "\n";
}

// The words every one of 8 or more choices starts with ("offer square"),
// or all but one ("rotate square", and "stop rotating"), when each has words
// after them: the screen's panes say them once. (Reversed texts: the words
// they end with, reversed.)
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

// A seat as the game's own texts name it (its catalog's "seat": Ufo!'s
// "giocatore 2" in Italian), else as the terminal's texts do: one word for a
// seat on the whole screen.
std::string seat_words(const AnyGame& game, Seat seat, const std::string& lang) {
  const Catalog* c = game.messages();
  const char* key = c && c->contains("seat") ? "seat" : nullptr;
  return key ? c->format(key, lang, {{"n", std::to_string(seat)}})
             : texts().format("seat_word", lang, {{"n", std::to_string(seat)}});
}

// A result detail in the game's words when its catalog has them
// ("verdict.<v>", "team.<name>"), else as given.
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

// The level-2 headings of a rules text, in order.
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

// The rules page's anchor of a section (the slug of its English title, as
// the web client makes it) as the section's title in `lang`; the three
// languages have the same sections in the same order.
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

// A kept game (--record, --resume): the game record (core/record.h) with
// "play": {"people": [seats at this keyboard], "lang": "ko", "no_undo": b}:
// how the game was played, so that resuming knows who were people and who
// bots and goes on in the same words, undo as it was. (--plain is not kept:
// lines or panes are the terminal's at hand.) `meeple replay` and `meeple
// analyse` read it as any record.
struct HowPlayed {
  std::vector<Seat> people;
  std::string lang = "en";
  bool no_undo = false;
};
struct KeptGame {
  GameRecord record;
  HowPlayed how;
};

Expected<KeptGame> read_kept_game(const std::string& path) {
  auto text = read_file(path);
  if (!text) return text.error();
  Json j = Json::parse(*text, nullptr, false);
  if (j.is_discarded())
    return make_error(errc::kCorruptRecord, path + " is not a game record (not JSON)");
  auto record = record_from_json(j);
  if (!record) return record.error();
  if (!find_game(record->game))
    return make_error(errc::kUnknownGame, "the kept game is of '" + record->game + "'");
  KeptGame kept{.record = std::move(*record), .how = {}};
  const Json play = j.value("play", Json::object());
  if (play.is_object() && play.contains("people") && play["people"].is_array())
    for (const auto& p : play["people"])
      if (p.is_number_integer() && p.get<int>() >= 0 && p.get<int>() < kept.record.players)
        kept.how.people.push_back(p.get<int>());
  if (kept.how.people.empty() ||
      kept.record.seats.size() != static_cast<std::size_t>(kept.record.players))
    return make_error(errc::kCorruptRecord,
                      path + " does not say who played at this keyboard (\"play\": {\"people\"})");
  // Records kept before these were written played in English, undo on.
  if (play.is_object()) {
    const Json lang = play.value("lang", Json("en"));
    if (!lang.is_string() || !is_language(lang.get<std::string>()))
      return make_error(errc::kCorruptRecord, path + ": \"play\": \"lang\" is not en, it or ko");
    kept.how.lang = lang.get<std::string>();
    const Json no_undo = play.value("no_undo", Json(false));
    if (!no_undo.is_boolean())
      return make_error(errc::kCorruptRecord,
                        path + ": \"play\": \"no_undo\" is not true or false");
    kept.how.no_undo = no_undo.get<bool>();
  }
  return kept;
}

MaybeError write_kept_game(const std::string& path, const GameRecord& record,
                           const HowPlayed& how) {
  Json j = record_to_json(record);
  j["play"] = {{"people", how.people}, {"lang", how.lang}, {"no_undo", how.no_undo}};
  const std::string part = path + ".part";
  {
    std::ofstream f(part, std::ios::trunc);
    f << j.dump() << "\n";
    if (!f) return make_error(errc::kIo, "cannot write the kept game " + part);
  }
  std::error_code ec;
  std::filesystem::rename(part, path, ec);
  if (ec) return make_error(errc::kIo, "cannot write the kept game " + path + ": " + ec.message());
  return std::nullopt;
}

// The room of a kept game, every recorded move played again (a move of a
// bot's seat is marked as the bot's: people cannot take it back).
Expected<std::unique_ptr<room::Room>> resume_kept_game(const AnyGame& game,
                                                       const GameRecord& record,
                                                       std::vector<room::SeatConfig> seats,
                                                       room::RoomOptions options) {
  store::TableRecord table;
  table.id = "kept";
  table.spec = {.id = "kept",
                .game = record.game,
                .players = record.players,
                .params = record.params,
                .seats = record.seats};
  // A hint mark goes before the action it was asked ahead of.
  auto hints_at = [&](std::size_t at) {
    for (const HintMark& h : record.hints)
      if (h.at == at) table.entries.push_back({.kind = "hint", .seat = h.seat});
  };
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const RecordedAction& ra = record.actions[i];
    hints_at(i);
    store::Entry e{
        .kind = ra.undo ? "undo" : "action", .seat = ra.seat, .action = ra.action, .json = ra.json};
    if (!ra.undo && ra.seat >= 0 &&
        seats[static_cast<std::size_t>(ra.seat)].kind == room::SeatKind::kBot)
      e.text = "bot";
    table.entries.push_back(std::move(e));
  }
  hints_at(record.actions.size());
  return room::Room::resume(game, table, std::move(seats), std::move(options));
}

}  // namespace

// $XDG_DATA_HOME/meeple/games, else ~/.local/share/meeple/games (the XDG
// base directory default); "" when neither is set.
std::string kept_games_folder() {
  const char* data = std::getenv("XDG_DATA_HOME");
  if (data && *data) return std::string(data) + "/meeple/games";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.local/share/meeple/games";
  return "";
}

namespace {

// A new file in the kept games' folder: the game, the UTC time and the seed.
std::string default_record_path(const std::string& game, std::uint64_t seed) {
  const std::string folder = kept_games_folder();
  if (folder.empty()) return "";
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
  return fmt::format("{}/{}-{}-{}.json", folder, game, stamp, seed);
}

}  // namespace

namespace {

// Whatever refused to start a game: printed as `error: <code>: <message>`,
// exit status 2.
int refuse_to_play(const Error& e, std::ostream& err) {
  err << "error: " << e.code << ": " << e.message << "\n";
  return 2;
}

// --resume: the game, its table and its moves from the kept record, and how
// it was played unless said anew. Returns the record.
Expected<GameRecord> take_kept_game(PlayArgs& a) {
  auto kept = read_kept_game(a.resume_file);
  if (!kept) return kept.error();
  // A named game must be the kept one's: resuming First Contact when Ufo!
  // was asked for would be a surprise.
  if (!a.game.empty() && a.game != kept->record.game)
    return make_error(errc::kReplayMismatch,
                      fmt::format("{} is a game of {}, not {} (meeple play --resume {} goes on "
                                  "with it)",
                                  a.resume_file, kept->record.game, a.game, a.resume_file));
  a.game = kept->record.game;
  a.players = kept->record.players;
  a.seed = kept->record.seed;
  a.people = kept->how.people;
  if (a.lang.empty()) a.lang = kept->how.lang;
  a.no_undo = a.no_undo || kept->how.no_undo;
  a.learn = false;  // a kept lesson goes on as a free game
  if (a.record_file.empty()) a.record_file = a.resume_file;
  return std::move(kept->record);
}

// `meeple learn`: the guide's table, deal and bots.
Expected<room::GuideScript> take_guide(const AnyGame& game, PlayArgs& a) {
  auto g = room::GuideScript::of(game, a.part - 1);
  if (!a.guide_file.empty()) {
    auto text = read_file(a.guide_file);
    g = text ? room::GuideScript::parse(game, *text, a.part - 1)
             : Expected<room::GuideScript>(text.error());
  }
  if (!g) return g.error();
  a.players = g->players;
  a.people = {g->seat};
  a.bots = g->bot;
  if (!a.seed_given) a.seed = g->seed;
  return g;
}

// A game about to be played: what the command line, a kept game or a guide
// made of the arguments, checked.
struct Setup {
  PlayArgs a;
  const AnyGame* game = nullptr;
  std::optional<GameRecord> resumed;
  std::optional<room::GuideScript> guide;
  Json params;
  int players = 0;
  std::vector<Seat> people;  // the seats at this keyboard, in order
  std::vector<room::SeatConfig> seats;
};

// The seats: people at this keyboard, bots elsewhere (a kept game's own
// bots; else --bots cycled, by default the game's own playing bot).
std::vector<room::SeatConfig> seat_configs(const Setup& s) {
  const bool several = s.people.size() > 1;
  auto is_person = [&](Seat seat) {
    return std::find(s.people.begin(), s.people.end(), seat) != s.people.end();
  };
  std::vector<std::string> specs;
  std::stringstream ss(s.a.bots);
  for (std::string b; std::getline(ss, b, ',');) specs.push_back(b);
  if (specs.empty()) specs.push_back(default_bot(*s.game));
  std::vector<room::SeatConfig> seats;
  for (int i = 0, k = 0; i < s.players; ++i) {
    if (s.resumed && !is_person(i))
      seats.push_back(
          {.kind = room::SeatKind::kBot, .bot = s.resumed->seats.at(static_cast<std::size_t>(i))});
    else if (is_person(i))
      seats.push_back(
          {.kind = room::SeatKind::kPerson, .name = several ? std::to_string(i) : "you"});
    else
      seats.push_back({.kind = room::SeatKind::kBot,
                       .bot = specs[static_cast<std::size_t>(k++) % specs.size()]});
  }
  return seats;
}

// The arguments made into a game to play: the kept game or the guide, the
// game, the language, the options, the players and the seats, each checked
// in that order (the first refusal is the one told).
Expected<Setup> set_up(const PlayArgs& args) {
  Setup s{.a = args};
  PlayArgs& a = s.a;
  if (!a.resume_file.empty()) {
    auto kept = take_kept_game(a);
    if (!kept) return kept.error();
    s.resumed = std::move(*kept);
  }
  if (a.game.empty())
    return make_error(errc::kUnknownGame, "name a game (see meeple games) or --resume FILE");
  s.game = find_game(a.game);
  if (!s.game)
    return make_error(errc::kUnknownGame, fmt::format("no game '{}' (see meeple games)", a.game));
  if (a.lang.empty()) a.lang = "en";
  if (!is_language(a.lang)) return make_error(errc::kBadParam, "--lang must be en, it or ko");
  if (a.learn) {
    auto g = take_guide(*s.game, a);
    if (!g) return g.error();
    s.guide = std::move(*g);
  }
  s.params = s.resumed ? s.resumed->params : s.guide ? s.guide->params : Json::object();
  for (const auto& kv : a.params) {
    auto p = parse_param_assignment(s.game->params_schema(), kv);
    if (!p) return p.error();
    s.params[p->first] = p->second;
  }
  s.players =
      a.players ? a.players : std::min(std::max(s.game->min_players(), 4), s.game->max_players());
  // Player count and options are checked before the seats are.
  if (auto st = s.game->new_game(s.params, s.players); !st) return st.error();
  // The people at this keyboard: --people, else --seat alone.
  s.people = a.people.empty() ? std::vector<Seat>{a.seat} : a.people;
  std::sort(s.people.begin(), s.people.end());
  s.people.erase(std::unique(s.people.begin(), s.people.end()), s.people.end());
  for (Seat p : s.people)
    if (p < 0 || p >= s.players)
      return make_error(errc::kBadPlayers, fmt::format("seats are 0 to {}", s.players - 1));
  s.seats = seat_configs(s);
  return s;
}

// Where the game is written and read: the screen of panes on a terminal
// (cli/curses_screen.h), else lines. What the line mode prints goes to the
// screen's log, and the board and the choices to their panes.
class PlayTerminal {
 public:
  PlayTerminal(const PlayArgs& a, std::istream& in, std::ostream& terminal)
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

  // Where words go: the screen's log, else the terminal's lines (wrapped to
  // its width at words, cli/layout.h).
  std::ostream& out() { return screen_ ? logged_ : lines_; }
  CursesScreen* screen() { return screen_.get(); }
  std::istream& in() { return in_; }
  // Whether the lines go to standard output (a terminal's width applies).
  bool on_stdout() const { return on_stdout_; }

  // What was written for the log goes to the screen.
  void to_log() {
    if (!screen_) return;
    screen_->log(logged_.str());
    logged_.str("");
  }
  // The log forgotten (behind a curtain).
  void drop_log() { logged_.str(""); }

  // The screen closes; what is left to say goes to the terminal as lines.
  void close_screen() {
    if (!screen_) return;
    screen_.reset();
    lines_ << logged_.str() << std::flush;
    logged_.str("");
  }

  // The person left (`why`: the words' key): the screen closed, a line of
  // goodbye and where the game is kept.
  int left(const char* why, const std::string& kept_at) {
    close_screen();
    lines_ << "\n" << texts().text(why, lang_) << "\n";
    if (!kept_at.empty()) lines_ << texts().format("kept", lang_, {{"file", kept_at}}) << "\n";
    lines_.flush();
    return 0;
  }

  // A typed line: the screen's input line, else standard input.
  bool read_line(std::string& line) {
    if (!screen_) {
      out() << "> " << std::flush;
      const bool got = static_cast<bool>(std::getline(in_, line));
      if (&in_ == &std::cin && isatty(STDIN_FILENO))
        wrapped_.at_row_start();  // Enter ended the row
      return got;
    }
    to_log();
    return screen_->read_line(line);
  }

  // The last words, after the screen: they stay in the terminal's scroll-back.
  void finish() {
    close_screen();
    lines_.flush();
  }

 private:
  std::string lang_;
  std::istream& in_;
  bool on_stdout_;
  std::unique_ptr<CursesScreen> screen_;
  std::ostringstream logged_;
  WrappedLines wrapped_;
  std::ostream lines_;
};

// Every change is kept at once (in `kept_at`, unless ""): quitting, Ctrl-D
// or a closed terminal lose nothing. False (and said) when it cannot be.
bool keep_game(const std::string& kept_at, const room::Room& r, const Setup& s, std::ostream& err) {
  if (kept_at.empty()) return true;
  if (auto e = write_kept_game(kept_at, r.record_so_far(),
                               {.people = s.people, .lang = s.a.lang, .no_undo = s.a.no_undo})) {
    err << "error: " << e->code << ": " << e->message << "\n";
    return false;
  }
  return true;
}

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
  TerminalPlay(Setup& s, room::Room& r, PlayTerminal& t, std::string kept_at, std::ostream& err)
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

  bool keep() { return keep_game(kept_at_, r_, s_, err_); }

  int run() {
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

 private:
  // What each person has been shown: their view, and the events told.
  struct Seen {
    Json view;
    bool first_board = true;  // what happened before it is "so far", not "since your move"
    std::size_t events = 0;
  };

  std::ostream& out() { return t_.out(); }
  const std::string& lang() const { return a_.lang; }

  void welcome() {
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

  void show_board(Seat me) {
    if (t_.screen()) {
      t_.to_log();
      t_.screen()->board(board_details(r_, me, lang()));
    } else {
      print_board(r_, me, lang(), out());
    }
  }

  // What happened since the person's last decision: the game's words, or the
  // changes to the person's view. Another seat's action gives the person's
  // choices new letters.
  void print_news(Seat me) {
    Seen& s = seen_[static_cast<std::size_t>(me)];
    for (std::size_t i = s.events; i < r_.event_count(); ++i) {
      const room::TableEvent& e = r_.event(i);
      if (!e.chat && !e.notice && e.actor >= 0 && e.actor != me)
        letters_[static_cast<std::size_t>(me)].clear();
    }
    if (r_.has_event_words())
      print_events(r_.events_for(me, s.events, lang()),
                   s.first_board ? "so_far" : "since_last_move", lang(), out());
    else if (!s.first_board)  // the first board shows the opening itself
      print_changes(s.view, r_.view(me), lang(), out());
    s.first_board = false;
    s.events = r_.event_count();
    s.view = r_.view(me);
  }

  // Several people share the screen: before another person's turn the
  // screen is cleared and waits for them, so nobody sees another's seat.
  // False when the input ended.
  bool curtain(Seat next) {
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

  // One person's decision: the choices shown and lines read until a move is
  // made (or taken back). An exit status when the person left.
  std::optional<int> decide(Seat me) {
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

  // The guide's notes before a decision (`meeple learn`): paragraphs of their
  // own in the line mode (printed at once), the screen's notes (returned).
  // `suggestion`: the choice the guide marks, if any.
  std::vector<std::string> guide_notes(Json& suggestion) {
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

  // The choices: the screen's prompt (folded onto the board when the board
  // shows most of them), else a list in columns.
  void show_choices(Seat me, const Decision& d, const std::vector<std::string>& boards,
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

  // A page of text: the screen's board pane until the next line, else lines.
  void page(const std::string& text, bool from_end = false) {
    if (t_.screen())
      t_.screen()->page(text, from_end);
    else
      out() << text;
  }

  // `hint` (suggerimento, 힌트): the search's top choices for the person's
  // decision from what the seat knows (Room::knowledge, bots/hint.h), each
  // by its letter with its chance to win and why; marked in the kept
  // game's record (Room::mark_hint). The person then types a letter as
  // always.
  void show_hint(Seat me, const Decision& d) {
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

  // The commands a person may type instead of a move: quit, help, the whole
  // board, the log, the screen's list and the rules.
  Typed command(Seat me, const std::string& line) {
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

  // A move typed: undo, "json {...}", or a choice (cli/choice_input.h): its
  // letter, a number shown on a thing, or words naming one choice; else
  // words naming one free action (First Contact's note pad: "note Alive 3").
  // True when it was made; else what was wrong has been said.
  bool move(Seat me, const std::string& line, const Decision& d) {
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
    out() << texts().format("not_possible", lang(), {{"message", words}, {"code", e->code}})
          << "\n";
    return false;
  }

  // The one choice (or free action) the line names; else nullopt, and what
  // was wrong has been said. Their English words fit too: English commands
  // are read in every language ("note 철 21" beside "쓰기 철 21").
  std::optional<room::Choice> typed_choice(Seat me, const std::string& line, const Decision& d) {
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

  // Several choices fit what was typed: the first dozen, with their letters
  // (`keys`; free actions have none).
  void several_fit(const TypedChoice& typed, const std::vector<room::Choice>& among,
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
            << texts().format("more_fit", lang(),
                              {{"n", std::to_string(typed.fits.size() - listed)}})
            << "\n";
  }

  // The end is public: everyone may look. It is written as lines: on a
  // terminal after the screen closes, so that it stays in the terminal's
  // scroll-back.
  int end() {
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

}  // namespace

int cmd_play(const PlayArgs& args, std::istream& in, std::ostream& terminal, std::ostream& err) {
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
