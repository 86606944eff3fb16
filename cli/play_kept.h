// `meeple play`'s kept games (--record, --resume; cli/play.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/record.h"
#include "games/registry.h"
#include "room/room.h"

namespace meeple::cli::play {

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

Expected<KeptGame> read_kept_game(const std::string& path);

MaybeError write_kept_game(const std::string& path, const GameRecord& record, const HowPlayed& how);

// The room of a kept game, every recorded move played again (a move of a
// bot's seat is marked as the bot's: people cannot take it back).
Expected<std::unique_ptr<room::Room>> resume_kept_game(const AnyGame& game,
                                                       const GameRecord& record,
                                                       std::vector<room::SeatConfig> seats,
                                                       room::RoomOptions options);

// A new file in the kept games' folder: the game, the UTC time and the seed.
std::string default_record_path(const std::string& game, std::uint64_t seed);

}  // namespace meeple::cli::play
