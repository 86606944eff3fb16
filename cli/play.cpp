// `meeple play`: one person against bots in a terminal, as a client of a local
// Room (room/room.h): the room resolves chance and bot turns; the person sees
// only their seat's view, its choices and the events in words as their seat
// saw them (games without event words: the changes to the seat's view), so
// nothing hidden can leak through the log.
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/rules_text.h"
#include "games/registry.h"
#include "room/room.h"

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

// What changed in the seat's view: a JSON patch rendered one line per change.
void print_changes(const Json& before, const Json& after, std::ostream& out) {
  Json patch = Json::diff(before, after);
  if (patch.empty()) return;
  out << "What changed:\n";
  int shown = 0;
  for (const auto& op : patch) {
    if (++shown > 20) {
      out << fmt::format("  ... and {} more changes\n", patch.size() - 20);
      break;
    }
    std::string path = op["path"].get<std::string>();
    if (op["op"] == "remove") {
      out << "  " << path << " removed\n";
    } else {
      out << "  " << path << ": " << op["value"].dump() << "\n";
    }
  }
}

// What happened since the person's last decision, in the game's words.
void print_events(const std::vector<std::string>& events, std::ostream& out) {
  if (events.empty()) return;
  constexpr std::size_t kMost = 60;
  out << "Since your last move:\n";
  const std::size_t skip = events.size() > kMost ? events.size() - kMost : 0;
  if (skip) out << fmt::format("  ({} earlier events)\n", skip);
  for (std::size_t i = skip; i < events.size(); ++i) out << "  " << events[i] << "\n";
}

void print_board(const room::Room& r, Seat me, const std::string& lang, std::ostream& out) {
  std::string text = r.text_view(me, lang);
  out << "\n";
  if (!text.empty()) {
    out << text;
    if (text.back() != '\n') out << "\n";
  } else {
    render_json(r.view(me), out, 2);
  }
}

void print_help(std::ostream& out) {
  out << "Type the number of a choice and press Enter. Other commands:\n"
         "  board   show the board again\n"
         "  rules   show the rules of this game\n"
         "  json {...}  play an action given in its JSON form (e.g. a free note)\n"
         "  help    this text\n"
         "  quit    leave the game\n";
}

void print_result(const room::Room& room, Seat me, std::ostream& out) {
  GameResult r = room.result();
  std::vector<std::string> names;
  for (Seat i = 0; i < room.num_players(); ++i)
    names.push_back(i == me ? fmt::format("seat {} (you)", i)
                            : fmt::format("seat {} ({})", i, room.seats()[i].name));
  out << "\nThe game is over.\n";
  for (int i = 0; i < r.players; ++i)
    out << fmt::format("  {:<22} score {:>5}  place {}{}\n", names[i], r.score[i], r.rank[i],
                       r.winners.contains(i) ? "  WINNER" : "");
  out << (r.winners.contains(me) ? "You win!\n" : "You did not win this time.\n");
  Json details = room.result_json()["details"];
  if (details.is_object() && !details.empty()) {
    out << "Details:\n";
    render_json(details, out, 2);
  }
}

}  // namespace

int cmd_play(const PlayArgs& a, std::istream& in, std::ostream& out, std::ostream& err) {
  const AnyGame* game = find_game(a.game);
  if (!game) {
    err << "error: " << errc::kUnknownGame << ": no game '" << a.game << "' (see meeple games)\n";
    return 2;
  }
  if (a.lang != "en" && a.lang != "it" && a.lang != "ko") {
    err << "error: " << errc::kBadParam << ": --lang must be en, it or ko\n";
    return 2;
  }
  Json params = Json::object();
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
  const Seat me = a.seat;
  if (me < 0 || me >= players) {
    err << "error: " << errc::kBadPlayers << ": --seat must be 0 to " << players - 1 << "\n";
    return 2;
  }
  // The person's seat, and bots for the others: the list is cycled; by
  // default the game's own playing bot.
  std::vector<std::string> specs;
  std::stringstream ss(a.bots);
  for (std::string b; std::getline(ss, b, ',');) specs.push_back(b);
  if (specs.empty()) specs.push_back(default_bot(*game));
  std::vector<room::SeatConfig> seats;
  for (int i = 0, k = 0; i < players; ++i) {
    if (i == me)
      seats.push_back({.kind = room::SeatKind::kPerson, .name = "you"});
    else
      seats.push_back({.kind = room::SeatKind::kBot,
                       .bot = specs[static_cast<std::size_t>(k++) % specs.size()]});
  }
  auto opened =
      room::Room::open(*game, params, std::move(seats), {.seed = a.seed, .languages = {a.lang}});
  if (!opened) {
    err << "error: " << opened.error().code << ": " << opened.error().message << "\n";
    return 2;
  }
  room::Room& r = **opened;
  out << fmt::format("{} — {} players. You are seat {}. Type 'help' for commands.\n", game->title(),
                     players, me);
  Json shown = r.view(me);
  bool first_board = true;
  std::size_t seen = 0;  // events already told
  // What happened since the person's last decision: the game's words, or the
  // changes to the person's view.
  auto print_news = [&] {
    if (r.has_event_words())
      print_events(r.events_for(me, seen, a.lang), out);
    else
      print_changes(shown, r.view(me), out);
    seen = r.event_count();
    shown = r.view(me);
  };
  while (true) {
    if (auto e = r.advance()) {
      err << "error: " << e->message << "\n";
      return 1;
    }
    if (r.finished()) break;
    // The opening setup is shown by the board itself.
    if (first_board) {
      seen = r.event_count();
      shown = r.view(me);
      first_board = false;
    } else {
      print_news();
    }
    print_board(r, me, a.lang, out);
    bool acted = false;
    while (!acted) {
      const std::vector<room::Choice> choices = r.choices(me, a.lang);
      out << "Your choices:\n";
      for (std::size_t i = 0; i < choices.size(); ++i)
        out << fmt::format("  {:>3}. {}\n", i + 1, choice_text(choices[i]));
      out << "> " << std::flush;
      std::string line;
      if (!std::getline(in, line)) {
        out << "\nInput ended; leaving the game.\n";
        return 0;
      }
      line.erase(0, line.find_first_not_of(" \t\r"));
      line.erase(line.find_last_not_of(" \t\r") + 1);
      if (line.empty()) continue;
      if (line == "quit" || line == "exit") {
        out << "Bye.\n";
        return 0;
      }
      if (line == "help" || line == "?") {
        print_help(out);
        continue;
      }
      if (line == "board") {
        print_board(r, me, a.lang, out);
        continue;
      }
      if (line == "rules") {
        std::string_view rules = rules_text(game->name());
        out << (rules.empty() ? "No rules text is built in for this game.\n" : std::string(rules));
        continue;
      }
      MaybeError e;
      if (line.rfind("json ", 0) == 0) {
        try {
          e = r.act_json(me, r.version(), Json::parse(line.substr(5)));
        } catch (const Json::exception&) {
          e = make_error(errc::kMalformedAction, "that is not valid JSON");
        }
      } else {
        std::size_t used = 0;
        long n = -1;
        try {
          n = std::stol(line, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != line.size() || n < 1 || n > static_cast<long>(choices.size())) {
          out << fmt::format("Please type a number from 1 to {}, or 'help'.\n", choices.size());
          continue;
        }
        const room::Choice& chosen = choices[static_cast<std::size_t>(n - 1)];
        out << "You: " << choice_text(chosen) << "\n";
        e = r.act(me, r.version(), chosen.action);
      }
      if (e) {
        out << "Not possible: " << e->message << " (" << e->code << ")\n";
        continue;
      }
      // The person's own action is not news to them.
      seen = r.event_count();
      shown = r.view(me);
      acted = true;
    }
  }
  print_news();
  print_board(r, me, a.lang, out);
  print_result(r, me, out);
  return 0;
}

}  // namespace meeple::cli
