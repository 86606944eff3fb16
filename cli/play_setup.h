// `meeple play`'s set-up (cli/play.cpp): the arguments, a kept game or a guide
// made into a game to play, its seats, and the game kept after every change.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/play_kept.h"
#include "core/record.h"
#include "games/registry.h"
#include "room/guide.h"
#include "room/room.h"

namespace meeple::cli::play {

// Whatever refused to start a game: printed as `error: <code>: <message>`,
// exit status 2.
int refuse_to_play(const Error& e, std::ostream& err);

// --resume: the game, its table and its moves from the kept record, and how
// it was played unless said anew. Returns the record.
Expected<GameRecord> take_kept_game(PlayArgs& a);

// `meeple learn`: the guide's table, deal and bots.
Expected<room::GuideScript> take_guide(const AnyGame& game, PlayArgs& a);

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
std::vector<room::SeatConfig> seat_configs(const Setup& s);

// The arguments made into a game to play: the kept game or the guide, the
// game, the language, the options, the players and the seats, each checked
// in that order (the first refusal is the one told).
Expected<Setup> set_up(const PlayArgs& args);

// Every change is kept at once (in `kept_at`, unless ""): quitting, Ctrl-D
// or a closed terminal lose nothing. False (and said) when it cannot be.
bool keep_game(const std::string& kept_at, const room::Room& r, const Setup& s, std::ostream& err);

}  // namespace meeple::cli::play
