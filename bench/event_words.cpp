// What telling one action's events in words costs (AnyState::describe_event),
// for every observer of a two-player table (2 seats and the spectator) or for
// one, in the three languages: Room::commit words each action this way, and
// for a game whose words are public (kWordsPublic) once per language for all observers.
// build/release/bench/meeple_event_words [--benchmark_filter=ufo]
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "core/i18n.h"
#include "core/random_step.h"
#include "games/registry.h"

namespace meeple {
namespace {

struct Step {
  AnyState before;
  Seat actor;
  Action action;
};

// The steps of fixed-seed random games (chance included), at most `limit`.
std::vector<Step> random_steps(const AnyGame& game, std::size_t limit) {
  std::vector<Step> steps;
  Rng rng(2026);
  while (steps.size() < limit) {
    AnyState s = *game.new_game(Json::object(), 2);
    while (!s.is_terminal() && steps.size() < limit) {
      const auto [seat, a] = random_step(s, rng);
      steps.push_back({s, seat, a});
      s.apply(seat, a);
    }
  }
  return steps;
}

// Items: actions worded, each for st.range(0) observers in every language.
void BM_EventWords(benchmark::State& st, const AnyGame* game) {
  const std::vector<Step> steps = random_steps(*game, 2000);
  const std::vector<Seat> observers = {kSpectator, 0, 1};
  const auto n = static_cast<std::size_t>(st.range(0));
  std::size_t i = 0;
  for (auto _ : st) {
    const Step& step = steps[i++ % steps.size()];
    for (std::size_t o = 0; o < n; ++o)
      for (std::string_view lang : kLanguages)
        benchmark::DoNotOptimize(
            step.before.describe_event(observers[o], step.actor, step.action, lang));
  }
  st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations()));
}

}  // namespace
}  // namespace meeple

int main(int argc, char** argv) {
  // Registered here, not at static initialization: the games' data is read then.
  for (const meeple::AnyGame* g : meeple::all_games())
    if (g->new_game(meeple::Json::object(), 2))
      benchmark::RegisterBenchmark(("event_words/" + std::string(g->name())).c_str(),
                                   [g](benchmark::State& st) { meeple::BM_EventWords(st, g); })
          ->ArgName("observers")
          ->Arg(1)
          ->Arg(3)
          ->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
