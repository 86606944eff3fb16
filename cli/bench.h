// `meeple bench`: speed figures of one game on its concrete State type,
// medians of repeated runs (docs/benchmarks.md explains each figure).
#pragma once

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "cli/alloc_counter.h"
#include "core/any_game.h"
#include "search/ismcts.h"

namespace meeple::bench {

struct BenchResult {
  std::string game;
  int players = 0;
  Json params = Json::object();
  double playouts_per_second = 0;
  double actions_per_second = 0;
  double ns_per_action = 0;
  double allocations_per_action = 0;
  double copy_ns = 0;
  std::size_t state_bytes = 0;
  double ismcts_iterations_per_second = 0;
  double mean_actions_per_game = 0;
};

Json to_json(const BenchResult& r);

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

// One random game on the concrete state (search::playout with uniform
// choices): every step lists the legal actions (or chance outcomes) and
// applies one. Returns the number of steps.
template <GameState S>
std::uint64_t random_game(S s, Rng& rng) {
  return search::playout(s, rng);
}

// A position part-way through a random game, for search figures.
template <GameState S>
S mid_game(const S& start, Rng& rng, int decisions) {
  S s = start;
  ActionList actions;
  for (int d = 0; d < decisions && !s.is_terminal();) {
    resolve_chance(s, rng);
    if (s.is_terminal()) break;
    Seat seat = s.to_act().lowest();
    actions.clear();
    search::search_actions(s, seat, actions);
    S next = s;
    next.apply_unchecked(seat, actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    resolve_chance(next, rng);
    if (next.is_terminal()) break;  // keep a position that still needs a decision
    s = next;
    ++d;
  }
  return s;
}

// The player counts `meeple bench` measures a game at: 4, or the game's own
// list (a static kBenchPlayers) where player counts change the rules.
template <Game G>
std::vector<int> bench_players() {
  if constexpr (requires { G::kBenchPlayers; })
    return {G::kBenchPlayers.begin(), G::kBenchPlayers.end()};
  else
    return {4};
}

template <Game G>
BenchResult run(const Json& params, int players, double seconds, int repeats = 5) {
  using S = typename G::State;
  using Clock = std::chrono::steady_clock;
  auto resolved = resolve_params(G::params_schema(), params);
  S start = *G::new_game(*resolved, players);
  BenchResult r;
  r.game = G::kName;
  r.players = players;
  r.params = params;
  r.state_bytes = sizeof(S);
  const double slice = seconds / (3.0 * repeats);
  std::vector<double> playouts, actions_ps, ns_action, allocs, copies, iters;
  Rng rng(12345);
  std::uint64_t total_actions = 0, total_games = 0;
  for (int rep = 0; rep < repeats; ++rep) {
    // Random playouts: whole games from the start.
    std::uint64_t games = 0, acts = 0;
    std::uint64_t a0 = heap_allocations();
    auto t0 = Clock::now();
    double el = 0;
    do {
      acts += random_game(start, rng);
      ++games;
      el = std::chrono::duration<double>(Clock::now() - t0).count();
    } while (el < slice);
    std::uint64_t a1 = heap_allocations();
    playouts.push_back(static_cast<double>(games) / el);
    actions_ps.push_back(static_cast<double>(acts) / el);
    ns_action.push_back(el * 1e9 / static_cast<double>(acts));
    allocs.push_back(static_cast<double>(a1 - a0) / static_cast<double>(acts));
    total_actions += acts;
    total_games += games;

    // State copies of a mid-game state (the volatile sink keeps the copy).
    S mid = mid_game(start, rng, 20);
    const int copies_n = 200000;
    volatile std::uint8_t sink = 0;
    auto c0 = Clock::now();
    for (int i = 0; i < copies_n; ++i) {
      S c = mid;
      sink = sink + reinterpret_cast<const volatile std::uint8_t*>(&c)[i % sizeof(S)];
    }
    copies.push_back(std::chrono::duration<double>(Clock::now() - c0).count() * 1e9 / copies_n);

    // ISMCTS iterations from mid-game positions of the first seat to act.
    search::Ismcts<S> ismcts;
    search::IsmctsOptions opt;
    opt.iterations = 0;
    opt.seconds = slice;
    search::IsmctsStats stats;
    S pos = mid_game(start, rng, 15 + rep * 5);
    if (!pos.is_terminal() && !pos.is_chance()) {
      auto i0 = Clock::now();
      ismcts.choose(pos, pos.to_act().lowest(), rng, opt, &stats);
      double ie = std::chrono::duration<double>(Clock::now() - i0).count();
      if (stats.iterations > 0) iters.push_back(stats.iterations / ie);
    }
  }
  r.playouts_per_second = median(playouts);
  r.actions_per_second = median(actions_ps);
  r.ns_per_action = median(ns_action);
  r.allocations_per_action = median(allocs);
  r.copy_ns = median(copies);
  r.ismcts_iterations_per_second = median(iters);
  r.mean_actions_per_game =
      total_games ? static_cast<double>(total_actions) / static_cast<double>(total_games) : 0;
  return r;
}

// The machine the figures come from: CPU model, cores, compiler, build.
Json machine_description();

// Every game's standard configurations (4 players; First Contact also 5 and 2).
std::vector<BenchResult> run_all(double seconds, const std::string& only_game);

}  // namespace meeple::bench
