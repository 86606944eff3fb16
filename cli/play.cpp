// `meeple play`: people against bots in a terminal, as a client of a local
// Room (room/room.h): the room resolves chance and bot turns; the person sees
// only their seat's view, its choices and the events in words as their seat
// saw them (games without event words: the changes to the seat's view), so
// nothing hidden can leak through the log. Several people may share the
// keyboard (--people): a curtain clears the screen between their turns.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include <sys/ioctl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "cli/choice_input.h"
#include "cli/commands.h"
#include "cli/curses_screen.h"
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

// The width of the terminal `out` writes to; 0 when it writes elsewhere (a
// pipe, a file, a test's stream): there each choice keeps a line of its own.
int terminal_columns(const std::ostream& out) {
  if (&out != &std::cout || !isatty(STDOUT_FILENO)) return 0;
  winsize w{};
  return ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0 ? w.ws_col : 80;
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
// "play": {"people": [seats at this keyboard]}, so that resuming knows who
// were people and who bots. `meeple replay` and `meeple analyse` read it as
// any record.
struct KeptGame {
  GameRecord record;
  std::vector<Seat> people;
};

Expected<KeptGame> read_kept_game(const std::string& path) {
  std::ifstream f(path);
  if (!f) return make_error(errc::kIo, "cannot read the kept game " + path);
  std::stringstream text;
  text << f.rdbuf();
  Json j = Json::parse(text.str(), nullptr, false);
  if (j.is_discarded())
    return make_error(errc::kCorruptRecord, path + " is not a game record (not JSON)");
  auto record = record_from_json(j);
  if (!record) return record.error();
  if (!find_game(record->game))
    return make_error(errc::kUnknownGame, "the kept game is of '" + record->game + "'");
  KeptGame kept{.record = std::move(*record), .people = {}};
  const Json play = j.value("play", Json::object());
  if (play.is_object() && play.contains("people") && play["people"].is_array())
    for (const auto& p : play["people"])
      if (p.is_number_integer() && p.get<int>() >= 0 && p.get<int>() < kept.record.players)
        kept.people.push_back(p.get<int>());
  if (kept.people.empty() ||
      kept.record.seats.size() != static_cast<std::size_t>(kept.record.players))
    return make_error(errc::kCorruptRecord,
                      path + " does not say who played at this keyboard (\"play\": {\"people\"})");
  return kept;
}

MaybeError write_kept_game(const std::string& path, const GameRecord& record,
                           const std::vector<Seat>& people) {
  Json j = record_to_json(record);
  j["play"] = {{"people", people}};
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
  for (const RecordedAction& ra : record.actions) {
    store::Entry e{
        .kind = ra.undo ? "undo" : "action", .seat = ra.seat, .action = ra.action, .json = ra.json};
    if (!ra.undo && ra.seat >= 0 &&
        seats[static_cast<std::size_t>(ra.seat)].kind == room::SeatKind::kBot)
      e.text = "bot";
    table.entries.push_back(std::move(e));
  }
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

int cmd_play(const PlayArgs& args, std::istream& in, std::ostream& terminal, std::ostream& err) {
  PlayArgs a = args;
  // --resume: the game, its table and its moves come from the kept record.
  std::optional<GameRecord> resumed;
  if (!a.resume_file.empty()) {
    auto kept = read_kept_game(a.resume_file);
    if (!kept) {
      err << "error: " << kept.error().code << ": " << kept.error().message << "\n";
      return 2;
    }
    resumed = std::move(kept->record);
    a.game = resumed->game;
    a.players = resumed->players;
    a.seed = resumed->seed;
    a.people = kept->people;
    a.learn = false;  // a kept lesson goes on as a free game
    if (a.record_file.empty()) a.record_file = a.resume_file;
  }
  if (a.game.empty()) {
    err << "error: " << errc::kUnknownGame << ": name a game (see meeple games) or --resume FILE\n";
    return 2;
  }
  const AnyGame* game = find_game(a.game);
  if (!game) {
    err << "error: " << errc::kUnknownGame << ": no game '" << a.game << "' (see meeple games)\n";
    return 2;
  }
  if (a.lang != "en" && a.lang != "it" && a.lang != "ko") {
    err << "error: " << errc::kBadParam << ": --lang must be en, it or ko\n";
    return 2;
  }
  // `meeple learn`: the guide's table, deal and bots.
  std::optional<room::GuideScript> guide;
  if (a.learn) {
    auto g = room::GuideScript::of(*game, a.part - 1);
    if (!a.guide_file.empty()) {
      std::ifstream f(a.guide_file);
      std::stringstream text;
      text << f.rdbuf();
      g = f ? room::GuideScript::parse(*game, text.str(), a.part - 1)
            : Expected<room::GuideScript>(
                  make_error(errc::kIo, "cannot read the guide file " + a.guide_file));
    }
    if (!g) {
      err << "error: " << g.error().code << ": " << g.error().message << "\n";
      return 2;
    }
    guide = std::move(*g);
    a.players = guide->players;
    a.people = {guide->seat};
    a.bots = guide->bot;
    if (!a.seed_given) a.seed = guide->seed;
  }
  Json params = resumed ? resumed->params : guide ? guide->params : Json::object();
  for (const auto& kv : a.params) {
    auto p = parse_param_assignment(game->params_schema(), kv);
    if (!p) {
      err << "error: " << p.error().code << ": " << p.error().message << "\n";
      return 2;
    }
    params[p->first] = p->second;
  }
  const int players =
      a.players ? a.players : std::min(std::max(game->min_players(), 4), game->max_players());
  // Player count and options are checked before the seats are.
  if (auto st = game->new_game(params, players); !st) {
    err << "error: " << st.error().code << ": " << st.error().message << "\n";
    return 2;
  }
  // The people at this keyboard: --people, else --seat alone.
  std::vector<Seat> people = a.people.empty() ? std::vector<Seat>{a.seat} : a.people;
  std::sort(people.begin(), people.end());
  people.erase(std::unique(people.begin(), people.end()), people.end());
  for (Seat p : people)
    if (p < 0 || p >= players) {
      err << "error: " << errc::kBadPlayers << ": seats are 0 to " << players - 1 << "\n";
      return 2;
    }
  const bool several = people.size() > 1;
  auto is_person = [&](Seat s) {
    return std::find(people.begin(), people.end(), s) != people.end();
  };
  // Bots for the other seats: the list is cycled; by default the game's own
  // playing bot.
  std::vector<std::string> specs;
  std::stringstream ss(a.bots);
  for (std::string b; std::getline(ss, b, ',');) specs.push_back(b);
  if (specs.empty()) specs.push_back(default_bot(*game));
  std::vector<room::SeatConfig> seats;
  for (int i = 0, k = 0; i < players; ++i) {
    if (resumed && !is_person(i))
      seats.push_back(
          {.kind = room::SeatKind::kBot, .bot = resumed->seats.at(static_cast<std::size_t>(i))});
    else if (is_person(i))
      seats.push_back(
          {.kind = room::SeatKind::kPerson, .name = several ? std::to_string(i) : "you"});
    else
      seats.push_back({.kind = room::SeatKind::kBot,
                       .bot = specs[static_cast<std::size_t>(k++) % specs.size()]});
  }
  const room::RoomOptions options{.seed = a.seed, .languages = {a.lang}, .undo = !a.no_undo};
  auto opened = resumed ? resume_kept_game(*game, *resumed, std::move(seats), options)
                        : room::Room::open(*game, params, std::move(seats), options);
  if (!opened) {
    err << "error: " << opened.error().code << ": " << opened.error().message << "\n";
    return 2;
  }
  room::Room& r = **opened;
  // The game's name as its catalog gives it in the person's language
  // (Primo Contatto), else its own title.
  const std::string title = game->messages() && game->messages()->contains("title")
                                ? game->messages()->text("title", a.lang)
                                : std::string(game->title());
  // Every change is kept at once: quitting, Ctrl-D or a closed terminal
  // lose nothing.
  std::string kept_at = a.record_file;
  if (kept_at.empty() && a.keep_by_default) kept_at = default_record_path(a.game, a.seed);
  auto keep = [&]() -> bool {
    if (kept_at.empty()) return true;
    if (auto e = write_kept_game(kept_at, r.record_so_far(), people)) {
      err << "error: " << e->code << ": " << e->message << "\n";
      return false;
    }
    return true;
  };
  if (!keep()) return 2;
  // On a terminal (not --plain) the screen of panes (cli/curses_screen.h):
  // what the line mode prints goes to its log, and the board and the
  // choices to their panes; elsewhere (pipes, screen readers) lines.
  std::unique_ptr<CursesScreen> screen;
  if (!a.plain && &in == &std::cin && &terminal == &std::cout && isatty(STDIN_FILENO) &&
      isatty(STDOUT_FILENO))
    screen = CursesScreen::open();
  std::ostringstream logged;
  std::ostream& out = screen ? logged : terminal;
  auto to_log = [&] {
    if (!screen) return;
    screen->log(logged.str());
    logged.str("");
  };
  // The screen closes; what is left to say goes to the terminal as lines.
  auto close_screen = [&] {
    if (!screen) return;
    screen.reset();
    terminal << logged.str() << std::flush;
    logged.str("");
  };
  auto left = [&](const char* why) {
    close_screen();
    terminal << "\n" << texts().text(why, a.lang) << "\n";
    if (!kept_at.empty()) terminal << texts().format("kept", a.lang, {{"file", kept_at}}) << "\n";
    return 0;
  };
  // A typed line: the screen's input line, else standard input.
  auto read_line = [&](std::string& line) -> bool {
    if (!screen) {
      out << "> " << std::flush;
      return static_cast<bool>(std::getline(in, line));
    }
    to_log();
    return screen->read_line(line);
  };
  auto show_board = [&](Seat me) {
    if (screen) {
      to_log();
      screen->board(board_details(r, me, a.lang));
    } else {
      print_board(r, me, a.lang, out);
    }
  };
  if (guide) {
    out << texts().format("learn_welcome", a.lang,
                          {{"title", title},
                           {"players", std::to_string(players)},
                           {"who", seat_words(*game, people[0], a.lang)}})
        << "\n";
  } else if (several) {
    std::string list;
    for (Seat p : people) list += (list.empty() ? "" : ", ") + std::to_string(p);
    out << texts().format("welcome_people", a.lang,
                          {{"title", title}, {"players", std::to_string(players)}, {"seats", list}})
        << "\n";
  } else {
    out << texts().format("welcome", a.lang,
                          {{"title", title},
                           {"players", std::to_string(players)},
                           {"who", seat_words(*game, people[0], a.lang)}})
        << "\n";
  }
  // What each person has been shown: their view, and the events told.
  struct Seen {
    Json view;
    bool first_board = true;  // what happened before it is "so far", not "since your move"
    std::size_t events = 0;
  };
  std::vector<Seen> seen(static_cast<std::size_t>(players));
  for (Seat p : people) seen[static_cast<std::size_t>(p)].view = r.view(p);
  // What happened since the person's last decision: the game's words, or the
  // changes to the person's view.
  auto print_news = [&](Seat me) {
    Seen& s = seen[static_cast<std::size_t>(me)];
    if (r.has_event_words())
      print_events(r.events_for(me, s.events, a.lang), s.first_board ? "so_far" : "since_last_move",
                   a.lang, out);
    else if (!s.first_board)  // the first board shows the opening itself
      print_changes(s.view, r.view(me), a.lang, out);
    s.first_board = false;
    s.events = r.event_count();
    s.view = r.view(me);
  };
  // Several people share the screen: before another person's turn the
  // screen is cleared and waits for them, so nobody sees another's seat.
  Seat shown = several ? kSpectator : people[0];
  auto curtain = [&](Seat next) -> bool {
    if (next == shown) return true;
    std::string line;
    if (screen) {
      logged.str("");
      screen->clear_log();
      screen->board("");
      screen->prompt({}, texts().format("curtain", a.lang, {{"seat", std::to_string(next)}}), {},
                     {});
      if (!screen->read_line(line)) return false;
      screen->clear_log();
    } else {
      out << "\x1b[2J\x1b[3J\x1b[H"
          << texts().format("curtain", a.lang, {{"seat", std::to_string(next)}}) << "\n> "
          << std::flush;
      if (!std::getline(in, line)) return false;
      out << "\x1b[2J\x1b[3J\x1b[H";
    }
    out << texts().format("seat_turn", a.lang, {{"seat", std::to_string(next)}}) << "\n";
    shown = next;
    return true;
  };
  while (true) {
    const MaybeError advanced = r.advance();
    keep();
    if (advanced) {
      err << "error: " << advanced->message << "\n";
      return 1;
    }
    if (r.finished()) break;
    // The first person to act (a simultaneous decision: one at a time).
    Seat me = people[0];
    for (Seat p : people)
      if (r.must_act(p)) {
        me = p;
        break;
      }
    if (!curtain(me)) return left("input_ended");
    print_news(me);
    show_board(me);
    bool acted = false;
    bool paged = false;    // help, rules or the whole board fill the board pane until the next line
    bool as_list = false;  // 'list': the screen shows the choices as a list, never folded
    while (!acted) {
      const std::vector<room::Choice> choices = r.choices(me, a.lang);
      std::vector<std::string> boards;
      if (screen) boards = board_details(r, me, a.lang);
      if (screen && !paged) {
        to_log();  // the news before the board: not a reply at this decision
        screen->board(boards);
      }
      paged = false;
      Json suggestion;
      // The guide's notes: paragraphs of their own in the line mode.
      std::vector<std::string> notes;
      auto note_line = [&](const std::string& text, bool paragraph) {
        if (screen)
          notes.push_back(text);
        else
          out << (paragraph ? "\n" : "") << text << "\n";
      };
      if (guide) {
        const room::GuideNote note = room::guide_note(*guide, r, a.lang);
        if (!note.instead.empty())
          note_line(texts().format("guide", a.lang, {{"text", note.instead}}), true);
        if (!note.text.empty())
          note_line(texts().format("guide", a.lang, {{"text", note.text}}), true);
        if (!note.rules.empty())
          note_line(texts().format("guide_rules", a.lang,
                                   {{"section", section_title(game->name(), a.lang, note.rules)}}),
                    false);
        suggestion = note.suggestion;
        if (!suggestion.is_null()) note_line(texts().text("guide_mark", a.lang), false);
      }
      // The screen says the words all choices start with once, in the heading.
      std::vector<std::string> choice_words;
      for (const auto& c : choices) choice_words.push_back(choice_text(c));
      // ... and the words they end with (" (second attempt)").
      const std::string common = screen ? common_words(choice_words) : "";
      std::string ending;
      if (screen) {
        std::vector<std::string> reversed;
        for (const auto& w : choice_words) reversed.emplace_back(w.rbegin(), w.rend());
        ending = common_words(reversed);
        std::reverse(ending.begin(), ending.end());
        // Something must be left of a choice that has both.
        for (const auto& w : choice_words)
          if (w.rfind(common, 0) == 0 && w.size() <= common.size() + ending.size()) ending.clear();
      }
      // A choice's words on the screen: without the shared start and end.
      auto short_words = [&](const std::string& w) {
        std::string rest = w.rfind(common, 0) == 0 ? w.substr(common.size()) : w;
        if (!ending.empty() && rest.size() > ending.size() &&
            rest.compare(rest.size() - ending.size(), ending.size(), ending) == 0)
          rest.resize(rest.size() - ending.size());
        return rest;
      };
      std::vector<std::string> items;
      for (std::size_t i = 0; i < choices.size(); ++i) {
        const char mark = choices[i].json == suggestion ? '*' : ' ';
        // The screen has a column for the guide's mark only when there is one.
        items.push_back(screen ? fmt::format("{}{}. {}",
                                             suggestion.is_null() ? "" : std::string(1, mark),
                                             choice_key(i), short_words(choice_words[i]))
                               : fmt::format(" {}{:>3}. {}", mark, choice_key(i), choice_words[i]));
        if (a.show_json) items.back() += "   json " + choices[i].json.dump();
      }
      const std::string undo_hint =
          r.undo_available(me) > 0 ? texts().text("can_undo", a.lang) : "";
      if (screen) {
        std::string heading = texts().text("your_choices", a.lang);
        if (!common.empty() || !ending.empty()) heading += " " + common + "..." + ending;
        std::vector<std::string> shorts;
        for (const auto& w : choice_words) shorts.push_back(short_words(w));
        std::vector<int> numbers;
        std::vector<std::size_t> folded = shown_on_board(shorts, boards, numbers);
        std::string fold_line;
        if (!as_list && folded.size() >= 8)
          fold_line = texts().format("fold", a.lang, {{"numbers", number_ranges(numbers)}});
        screen->prompt(
            std::move(notes), std::move(heading), std::move(items),
            undo_hint.empty() ? std::vector<std::string>{} : std::vector<std::string>{undo_hint},
            std::move(folded), std::move(fold_line));
      } else {
        out << texts().text("your_choices", a.lang) << "\n";
        print_in_columns(items, a.plain ? 0 : terminal_columns(out), out);
        if (!undo_hint.empty()) out << undo_hint << "\n";
      }
      std::string line;
      if (!read_line(line)) return left("input_ended");
      line.erase(0, line.find_first_not_of(" \t\r"));
      line.erase(line.find_last_not_of(" \t\r") + 1);
      if (line.empty()) continue;
      if (is_command(line, {"quit", "exit", "esci", "나가기"})) return left("bye");
      if (is_command(line, {"help", "?", "aiuto", "도움말"})) {
        std::ostringstream help;
        print_help(r, me, a.lang, help);
        if (screen)
          screen->page(help.str());
        else
          out << help.str();
        paged = screen != nullptr;
        continue;
      }
      if (is_command(line, {"board", "tavolo", "판"})) {
        // The screen shows the whole board from its top (what a small
        // screen left out too); the line mode prints it again.
        if (screen)
          screen->page(board_text(r, me, a.lang));
        else
          show_board(me);
        paged = screen != nullptr;
        continue;
      }
      // The screen's folded choices as a list, and back.
      if (screen && is_command(line, {"list", "elenco", "목록"})) {
        as_list = !as_list;
        continue;
      }
      if (is_command(line, {"rules", "regole", "규칙"})) {
        std::string_view rules = rules_text(game->name(), a.lang);
        const std::string text =
            rules.empty() ? texts().text("no_rules", a.lang) + "\n" : rules_for_terminal(rules);
        if (screen)
          screen->page(text);
        else
          out << text;
        paged = screen != nullptr;
        continue;
      }
      MaybeError e;
      if (is_command(line, {"undo", "annulla", "무르기"})) {
        e = r.undo(me, r.version());
      } else if (line.rfind("json ", 0) == 0) {
        try {
          e = r.act_json(me, r.version(), Json::parse(line.substr(5)));
        } catch (const Json::exception&) {
          e = make_error(errc::kMalformedAction, "that is not valid JSON");
        }
      } else {
        // A choice's letter, a number shown on a thing, or words naming one
        // choice (cli/choice_input.h); else words naming one free action
        // (First Contact's note pad: "note Alive 3").
        TypedChoice typed = read_choice(choice_words, line, true);
        std::vector<room::Choice> free;
        if (typed.kind == TypedChoice::Kind::kNone && has_word(line) && r.has_free_actions(me)) {
          free = r.free_choices(me, a.lang);
          std::vector<std::string> free_words;
          for (const auto& c : free) free_words.push_back(choice_text(c));
          typed = read_choice(free_words, line, false);
        }
        const std::vector<room::Choice>& among = free.empty() ? choices : free;
        if (typed.kind == TypedChoice::Kind::kBadToken) {
          out << texts().format("bad_token", a.lang, {{"token", typed.token}}) << "\n";
          continue;
        }
        if (typed.kind == TypedChoice::Kind::kSeveral) {
          out << texts().format("several_match", a.lang, {{"n", std::to_string(typed.fits.size())}})
              << "\n";
          const std::size_t listed = std::min<std::size_t>(typed.fits.size(), 12);
          for (std::size_t k = 0; k < listed; ++k) {
            const std::size_t i = typed.fits[k];
            out << fmt::format("  {:>3}{} {}\n", free.empty() ? choice_key(i) : "-",
                               free.empty() ? "." : "", choice_text(among[i]));
          }
          if (listed < typed.fits.size())
            out << "  "
                << texts().format("more_fit", a.lang,
                                  {{"n", std::to_string(typed.fits.size() - listed)}})
                << "\n";
          continue;
        }
        if (typed.kind == TypedChoice::Kind::kNone) {
          out << texts().format("no_fit", a.lang, {{"typed", line}}) << "\n";
          continue;
        }
        const std::size_t pick = typed.index;
        const room::Choice& chosen = among[pick];
        out << texts().format("you", a.lang, {{"action", choice_text(chosen)}}) << "\n";
        e = r.act(me, r.version(), chosen.action);
      }
      if (e) {
        // Before any move of theirs nothing can have "become known since".
        const std::string words = e->code == "undo/none" && r.decisions(me).empty()
                                      ? texts().text("undo_nothing_yet", a.lang)
                                      : refusal_words(*e, a.lang);
        out << texts().format("not_possible", a.lang, {{"message", words}, {"code", e->code}})
            << "\n";
        continue;
      }
      keep();
      // The words of the person's own action (or undo) come with the next
      // news: they may reveal more than the choice did (the last offer
      // reveals all).
      acted = true;
    }
  }
  // The end is public: everyone may look.
  const Seat me = several ? kSpectator : people[0];
  // The end is written as lines: on a terminal after the screen closes, so
  // that it stays in the terminal's scroll-back.
  if (several) out << "\x1b[2J\x1b[3J\x1b[H";
  if (!several) print_news(me);
  print_board(r, me, a.lang, out);
  print_result(r, me, a.lang, out);
  if (!kept_at.empty()) out << texts().format("kept_finished", a.lang, {{"file", kept_at}}) << "\n";
  close_screen();
  return 0;
}

}  // namespace meeple::cli
