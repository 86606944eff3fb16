// `meeple play`'s kept games (cli/play_kept.h).
#include "cli/play_kept.h"

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

}  // namespace meeple::cli::play

namespace meeple::cli {

// $XDG_DATA_HOME/meeple/games, else ~/.local/share/meeple/games (the XDG
// base directory default); "" when neither is set.
std::string kept_games_folder() {
  const char* data = std::getenv("XDG_DATA_HOME");
  if (data && *data) return std::string(data) + "/meeple/games";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.local/share/meeple/games";
  return "";
}

}  // namespace meeple::cli
