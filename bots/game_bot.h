// GameBot<G>: the base of a bot written for one game. Drivers speak AnyState
// (bots/bot.h); a game's own bot wants its concrete State. The conversion
// happens here, once: a bot derived from GameBot<G> implements decide() (and
// learn(), if it observes) on `const G::State&` and never casts.
#pragma once

#include <stdexcept>
#include <string>

#include "bots/bot.h"

namespace meeple {

template <Game G>
class GameBot : public Bot {
 public:
  using State = typename G::State;

  // As Bot::choose, on the game's own state type (still a determinization for
  // `seat`, never the true state).
  virtual Action decide(const State& info, Seat seat, Rng& rng) = 0;
  // As Bot::observe; called only when observes() is true.
  virtual void learn(const State& /*info*/, Seat /*seat*/) {}

  Action choose(const AnyState& info, Seat seat, Rng& rng) final {
    return decide(state_of(info), seat, rng);
  }
  void observe(const AnyState& info, Seat seat) final { learn(state_of(info), seat); }

  // The concrete state inside `info`. A bot handed another game's state is a
  // driver bug (make_bot picks bots by game), so it throws.
  static const State& state_of(const AnyState& info) {
    const State* s = GameAdapter<G>::unwrap(info);
    if (s == nullptr)
      throw std::logic_error(std::string("a ") + std::string(G::kName) +
                             " bot was handed a state of " + std::string(info.game().name()));
    return *s;
  }
};

}  // namespace meeple
