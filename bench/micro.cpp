// Microbenchmarks of each game's hot paths (random playout step, state copy,
// legal actions) and of one ISMCTS iteration, on the concrete State types.
// build/release/bench/meeple_microbench [--benchmark_filter=first-giants]
#include <benchmark/benchmark.h>

#include "cli/bench.h"
#include "tests/toy/high_card.h"

#include "games/game_list.h"
#ifdef MEEPLE_BENCH_UFO_ROLLOUTS
#include "bots/ufo/heuristic.h"
#endif

namespace meeple {
namespace {

template <Game G>
typename G::State start_state(int players) {
  auto params =
      resolve_params(G::params_schema(), G::param_variants().front());  // automated limits
  return *G::new_game(*params, players);
}

// One whole random game per iteration; items = actions.
template <Game G>
void BM_RandomPlayout(benchmark::State& st) {
  auto start = start_state<G>(static_cast<int>(st.range(0)));
  Rng rng(1);
  std::int64_t actions = 0;
  for (auto _ : st) actions += static_cast<std::int64_t>(bench::random_game(start, rng));
  st.SetItemsProcessed(actions);
}

template <Game G>
void BM_CopyState(benchmark::State& st) {
  Rng rng(2);
  auto mid = bench::mid_game(start_state<G>(static_cast<int>(st.range(0))), rng, 20);
  for (auto _ : st) {
    typename G::State c = mid;
    benchmark::DoNotOptimize(c);
  }
  st.counters["bytes"] = sizeof(typename G::State);
}

template <Game G>
void BM_LegalActions(benchmark::State& st) {
  Rng rng(3);
  auto mid = bench::mid_game(start_state<G>(static_cast<int>(st.range(0))), rng, 20);
  ActionList out;
  Seat seat = mid.is_terminal() || mid.is_chance() ? 0 : mid.to_act().lowest();
  for (auto _ : st) {
    out.clear();
    mid.legal_actions(seat, out);
    benchmark::DoNotOptimize(out);
  }
}

template <Game G, class Policy = search::UniformRollout>
void BM_IsmctsIterations(benchmark::State& st) {
  Rng rng(4);
  auto mid = bench::mid_game(start_state<G>(static_cast<int>(st.range(0))), rng, 20);
  // A decision with a real choice: with one action the search returns at
  // once (First Giants' position after 20 decisions had one).
  ActionList choices;
  for (int more = 0; more < 200 && !mid.is_terminal(); ++more) {
    choices.clear();
    search::search_actions(mid, mid.to_act().lowest(), choices);
    if (choices.size() > 1) break;
    mid = bench::mid_game(mid, rng, 1);
  }
  search::Ismcts<typename G::State, Policy> ismcts;
  search::IsmctsOptions opt;
  opt.iterations = 100;
  for (auto _ : st) {
    if (mid.is_terminal() || mid.is_chance()) break;
    benchmark::DoNotOptimize(ismcts.choose(mid, mid.to_act().lowest(), rng, opt));
  }
  st.SetItemsProcessed(st.iterations() * opt.iterations);
}

// One observation tensor per iteration (core/observation.h), of the seat to
// act (seat 0 at chance), cycling through every state of one random game;
// items = observations.
template <Game G>
void BM_Observation(benchmark::State& st) {
  if constexpr (requires { G::State::kObservationSize; }) {
    Rng rng(5);
    std::vector<typename G::State> states;
    auto s = start_state<G>(static_cast<int>(st.range(0)));
    for (int d = 0; d < 400; ++d) {  // mid_game stops before the end
      states.push_back(s);
      auto next = bench::mid_game(s, rng, 1);
      if (next == s) break;
      s = std::move(next);
    }
    std::vector<float> out(G::State::kObservationSize);
    std::size_t i = 0;
    for (auto _ : st) {
      const auto& at = states[i];
      const Seat seat = at.is_chance() ? 0 : at.to_act().lowest();
      at.observation(seat, out);
      benchmark::DoNotOptimize(out.data());
      benchmark::ClobberMemory();
      i = i + 1 == states.size() ? 0 : i + 1;
    }
    st.SetItemsProcessed(st.iterations());
  } else {
    st.SkipWithError("no observation tensor");
  }
}

#define MEEPLE_GAME_BENCHES(G, ...)                                                             \
  BENCHMARK_TEMPLATE(BM_RandomPlayout, G)                                                       \
      ->Name(std::string(G::kName) + "/playout")                                                \
      ->Arg(__VA_ARGS__)                                                                        \
      ->Unit(benchmark::kMicrosecond);                                                          \
  BENCHMARK_TEMPLATE(BM_CopyState, G)->Name(std::string(G::kName) + "/copy")->Arg(__VA_ARGS__); \
  BENCHMARK_TEMPLATE(BM_LegalActions, G)                                                        \
      ->Name(std::string(G::kName) + "/legal_actions")                                          \
      ->Arg(__VA_ARGS__);                                                                       \
  BENCHMARK_TEMPLATE(BM_IsmctsIterations, G)                                                    \
      ->Name(std::string(G::kName) + "/ismcts100")                                              \
      ->Arg(__VA_ARGS__)                                                                        \
      ->Unit(benchmark::kMillisecond);

MEEPLE_GAME_BENCHES(toy::HighCard, 3)
#define MEEPLE_MICRO_GAME(dir, Class) MEEPLE_GAME_BENCHES(dir::Class, 4)
MEEPLE_FOR_EACH_GAME(MEEPLE_MICRO_GAME)
#undef MEEPLE_MICRO_GAME
#define MEEPLE_MICRO_OBSERVATION(dir, Class)                  \
  BENCHMARK_TEMPLATE(BM_Observation, dir::Class)              \
      ->Name(std::string(dir::Class::kName) + "/observation") \
      ->Arg(4);
MEEPLE_FOR_EACH_GAME(MEEPLE_MICRO_OBSERVATION)
#undef MEEPLE_MICRO_OBSERVATION
#ifdef MEEPLE_BENCH_UFO_ROLLOUTS
// The Ufo! search bot's own rollouts: the heuristic, cut after 24 decisions.
BENCHMARK_TEMPLATE(BM_IsmctsIterations, ufo::Ufo, ufo::RolloutPolicy)
    ->Name("ufo/ismcts100_heuristic_rollouts")
    ->Arg(4)
    ->Unit(benchmark::kMillisecond);
#endif

}  // namespace
}  // namespace meeple

BENCHMARK_MAIN();
