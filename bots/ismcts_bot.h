// The ISMCTS bot for any game: search/ismcts.h on the game's concrete State.
#pragma once

#include <string>

#include "bots/bot.h"
#include "search/ismcts.h"

namespace meeple {

template <Game G, class Policy = search::UniformRollout>
class IsmctsBot final : public Bot {
 public:
  explicit IsmctsBot(search::IsmctsOptions opt, Policy policy = {}) : opt_(opt), search_(policy) {}
  std::string_view name() const override { return "ismcts"; }
  Action choose(const AnyState& info, Seat seat, Rng& rng) override {
    const typename G::State* s = GameAdapter<G>::unwrap(info);
    return search_.choose(*s, seat, rng, opt_);
  }

 private:
  search::IsmctsOptions opt_;
  search::Ismcts<typename G::State, Policy> search_;
};

// Default budget of "ismcts"; "ismcts:N" sets N iterations.
inline constexpr int kDefaultIsmctsIterations = 1000;

template <Game G, class Policy = search::UniformRollout>
BotEntry ismcts_entry(Policy policy = {}) {
  return {std::string(G::kName), "ismcts",
          "information-set MCTS; ismcts:N searches N iterations per decision (default 1000)",
          [policy](const BotBudget& b) -> std::unique_ptr<Bot> {
            search::IsmctsOptions opt;
            opt.iterations = b.iterations > 0 ? b.iterations : kDefaultIsmctsIterations;
            opt.seconds = b.seconds;
            return std::make_unique<IsmctsBot<G, Policy>>(opt, policy);
          }};
}

}  // namespace meeple
