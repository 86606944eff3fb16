// Internal to server/: "play now" (POST /api/play-now, docs/protocol.md).
// A person asks for a game and a player count; the server seats them at the
// oldest open public play-now table of that game and count with a free seat,
// or makes one (public, starting when full, undo on, the asker's bot and
// wait). When the wait since the table was made has passed, its bot takes
// the free seats and the game starts (Table::fill_with_bots). A play-now
// table is a lobby like any other: stored with its bot and wait, so a
// restarted server rebuilds it and its bots come at the same time (at once
// when that time passed while the server was down).
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "server/hub.h"
#include "server/lobby.h"

namespace meeple::server {

// A play-now request, checked.
struct PlayNowAsk {
  const AnyGame* game = nullptr;
  int players = 0;
  std::string name;  // the person's display name ("player")
  std::string bot;   // the free seats' bot ("ismcts:medium"; the game's default)
  std::chrono::milliseconds wait{30000};  // 0 to 600 s (default 30)
};
inline constexpr int kMaxPlayNowWaitSeconds = 600;

// A POST /api/play-now body {"game", "players", "name"?, "bot"?,
// "wait_seconds"?}, checked: request/malformed, game/unknown, game/players,
// bot/unknown, bot/budget.
Expected<PlayNowAsk> read_play_now(const ServerOptions& options, const Json& body);

// Seats the asker (see above) and calls `reply` once, from a table's strand,
// with /join's answer plus "waiting_until" (ms since 1970: when the bots
// fill the free seats), or an error (a new table's: table/too_many,
// store/unavailable). `maker`: the asker's address and signed-in account
// ("" for a guest): their seat is the account's, and a new table counts
// as theirs in the limits (Hub::admit).
void play_now(Hub& hub, const PlayNowAsk& ask, const Maker& maker,
              std::function<void(Expected<Json>)> reply);

}  // namespace meeple::server
