// The ISMCTS bot for any game: search/ismcts.h on the game's concrete State.
#pragma once

#include <string>

#include "bots/game_bot.h"
#include "search/ismcts.h"

namespace meeple {

template <Game G, class Policy = search::UniformRollout>
class IsmctsBot final : public GameBot<G> {
 public:
  explicit IsmctsBot(search::IsmctsOptions opt, Policy policy = {}) : opt_(opt), search_(policy) {}
  std::string_view name() const override { return "ismcts"; }
  Action decide(const typename G::State& info, Seat seat, Rng& rng) override {
    return search_.choose(info, seat, rng, opt_);
  }
  std::vector<Bot::ActionValue> values(const AnyState& info, Seat seat, Rng& rng) override {
    search::IsmctsStats stats;
    search_.choose(this->state_of(info), seat, rng, opt_, &stats);
    std::vector<Bot::ActionValue> out;
    for (const auto& v : stats.root)
      out.push_back({v.action, v.visits, v.visits > 0 ? v.reward / v.visits : 0.0});
    return out;
  }
  bool thinks() const override { return true; }
  Action think(const AnyState& info, Seat seat, Rng& rng, const Bot::Thinking& how) override {
    search::IsmctsOptions opt = opt_;
    opt.iterations = how.iterations;
    opt.seconds = how.seconds;
    opt.stop = how.stop;
    opt.report_seconds = how.report_seconds;
    if (how.report)
      opt.report = [&how](const search::IsmctsStats& st) {
        Bot::Progress p{.iterations = st.iterations, .nodes = st.nodes, .seconds = st.seconds};
        for (const auto& v : st.root)
          p.root.push_back({v.action, v.visits, v.visits > 0 ? v.reward / v.visits : 0.0});
        p.line = st.line;
        how.report(p);
      };
    return search_.choose(this->state_of(info), seat, rng, opt);
  }

 private:
  search::IsmctsOptions opt_;
  search::Ismcts<typename G::State, Policy> search_;
};

// Default budget of "ismcts"; "ismcts:N" sets N iterations.
inline constexpr int kDefaultIsmctsIterations = 1000;

// Search options for a bot budget: its iterations and/or seconds; with neither,
// the default iterations; with only seconds, its max_iterations (0: no
// iteration limit); its trees.
inline search::IsmctsOptions ismcts_options(const BotBudget& b) {
  search::IsmctsOptions opt;
  opt.iterations = b.iterations > 0 ? b.iterations
                   : b.seconds > 0  ? b.max_iterations
                                    : kDefaultIsmctsIterations;
  opt.seconds = b.seconds;
  opt.trees = b.trees;
  return opt;
}

template <Game G, class Policy = search::UniformRollout>
BotEntry ismcts_entry(Policy policy = {}) {
  return {std::string(G::kName), "ismcts",
          "information-set MCTS; ismcts:N searches N iterations per decision (default 1000), "
          "ismcts:Ns N seconds, ismcts:easy|medium|hard iterations chosen for the game "
          "(docs/bots.md, Strength ladder); a suffix xT (ismcts:1000x2) searches T trees "
          "side by side on T threads, each with that budget, and sums their root visits",
          [policy](const BotBudget& b) -> std::unique_ptr<Bot> {
            return std::make_unique<IsmctsBot<G, Policy>>(ismcts_options(b), policy);
          }};
}

}  // namespace meeple
