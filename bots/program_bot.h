// A bot that is another program, as cutechess-cli runs UCI engines: the
// arena and the ladder take `cmd:COMMAND` (or `cmd:COMMAND@2s`, a time per
// decision) beside the built-in bots. The program speaks the player protocol
// of docs/engine-protocol.md ("Playing in the arena"): for every decision of
// its seat it is sent one line, {"cmd": "go", ...} with the seat's view and
// legal actions, and answers one line, {"action": ...}.
//
// The program is a player, not the referee: the driver keeps the true state
// and the program is told only the seat's view (AnyState::view) and the
// seat's legal actions in words, so it never receives another seat's secrets.
// An illegal or malformed answer, no answer in time, or the program's end
// throws BotForfeit from choose(): play_match ends the game there as that
// seat's forfeit. A ProgramBot starts its program at its first decision and
// ends it when destroyed, so every game (a fresh bot) runs a fresh program.
//
// Only the arena and the ladder make these (make_arena_bot): a bot spec from
// a table, the server or the engine protocol never starts a program.
#pragma once

#include <sys/types.h>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "bots/bot.h"

namespace meeple {

// The spec prefix of a program bot.
inline constexpr std::string_view kProgramPrefix = "cmd:";
// A program's first decision of a game has this much more time than the
// others, to start (an interpreter, a network to load).
inline constexpr double kProgramStartSeconds = 10;

// A program's seat loses its game: `what()` says why, for the report.
class BotForfeit : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ProgramBot final : public Bot {
 public:
  // `command` runs under /bin/sh -c; `seconds` per decision.
  ProgramBot(std::string spec, std::string command, double seconds);
  ~ProgramBot() override;
  ProgramBot(const ProgramBot&) = delete;
  ProgramBot& operator=(const ProgramBot&) = delete;
  std::string_view name() const override { return spec_; }
  Action choose(const AnyState& info, Seat seat, Rng& rng) override;

 private:
  void start();
  // Ends the program: at once when `kill_now`, else after a short grace
  // following {"cmd": "quit"}.
  void stop(bool kill_now);
  [[noreturn]] void forfeit(const std::string& why);
  std::string ended_how();  // "exit status N" / "killed by signal N", after EOF
  // The action of an answer line ({"action": number or JSON form}); forfeits
  // a malformed one or a JSON form that is no action (legality is the
  // caller's).
  Action answered_action(const AnyState& info, Seat seat, const std::string& answer);

  std::string spec_, command_;
  double seconds_;
  pid_t pid_ = -1;
  int fd_ = -1;          // a socket: the program's stdin and stdout
  std::string pending_;  // read past the last answer's newline
};

// A built-in bot (make_bot), or a program for a `cmd:COMMAND[@T]` spec, T a
// time per decision ("2s", "500ms"; default `seconds_per_move`).
// bot/unknown for an empty command or an unreadable time.
Expected<std::unique_ptr<Bot>> make_arena_bot(const AnyGame& game, std::string_view spec,
                                              double seconds_per_move);

// Bots a caller makes itself beside those (the Python module's objects,
// python/ext): asked first for every spec, null for a spec not its own. Such
// a bot, like a program, throws BotForfeit to lose its game.
using OwnBots = std::function<std::unique_ptr<Bot>(std::string_view spec)>;
Expected<std::unique_ptr<Bot>> make_arena_bot(const AnyGame& game, std::string_view spec,
                                              double seconds_per_move, const OwnBots& own);

}  // namespace meeple
