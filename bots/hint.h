// A hint for a person at their decision: the search bot's top choices for
// one seat, each with its chance to win and one line in the person's
// language saying why.
//
// Only the seat's information goes in: hint() hands the search a
// determinization of the position for the seat (hidden parts re-sampled from
// the seat's knowledge, as every bot gets), never the true state, so two
// positions the seat cannot tell apart give the same hint for the same seed.
// With an iteration budget that binds before the time cap, the same
// position, seat, budget and seed give the same hint.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "bots/review.h"

namespace meeple {

struct HintOptions {
  // The search's iterations; 0 takes the game's (kHintIterations or the
  // game's hard level, whichever is more).
  int iterations = 0;
  // A cap on the search's time whatever the iterations: a person waits at
  // most this long (the answer is then no longer reproducible).
  double seconds = 1.5;
  std::uint64_t seed = 1;
  std::string lang = "en";
  std::size_t top = 3;  // choices shown, at most
  const std::atomic<bool>* stop = nullptr;
};

// The iterations a hint searches by default: inside 1.5 s on one core in
// every game (docs/bots.md, Hints).
inline constexpr int kHintIterations = 20000;

struct HintChoice {
  Action action = -1;
  std::string words;  // the action, as describe_action words it
  Estimate chance;    // the seat's chance to win with it (mean reward, 95% interval)
  std::string why;    // one line in the asked language
};

struct Hint {
  std::string game;
  Seat seat = 0;
  std::string lang;
  std::uint64_t seed = 0;
  int iterations = 0;               // searched
  double seconds = 0;               // taken
  std::vector<HintChoice> choices;  // best first
  Json to_json() const;
};

// hint/not_your_turn when `seat` is not to act in `truth` (or the game is
// over); hint/forced when it has a single choice; hint/language for a
// language that is not en, it or ko. `truth` may be the true state: only its
// determinization for `seat` reaches the search.
Expected<Hint> hint(const AnyState& truth, Seat seat, const HintOptions& opt);

}  // namespace meeple
