// `meeple play`'s set-up (cli/play_setup.h).
#include "cli/play_setup.h"

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

int refuse_to_play(const Error& e, std::ostream& err) {
  err << "error: " << e.code << ": " << e.message << "\n";
  return 2;
}

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

bool keep_game(const std::string& kept_at, const room::Room& r, const Setup& s, std::ostream& err) {
  if (kept_at.empty()) return true;
  if (auto e = write_kept_game(kept_at, r.record_so_far(),
                               {.people = s.people, .lang = s.a.lang, .no_undo = s.a.no_undo})) {
    err << "error: " << e->code << ": " << e->message << "\n";
    return false;
  }
  return true;
}

}  // namespace meeple::cli::play
