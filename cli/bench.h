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

// The bench signature, a regression check as Stockfish's bench node count:
// random games on the concrete State from fixed seeds, through the very call
// the playout figures time (search::playout with uniform choices, as
// random_game), for every player count and every param_variants() entry the
// rules allow together (a "configuration").
// Per game it counts the games and the actions applied (chance included) and
// folds an FNV-1a hash of each game's player count, length and final state
// JSON. It depends on no clock and no machine (the RNG and chance sampling are
// integer-only), so a rule change, or a change in what a random game does,
// shows as a different line; a pure speed change does not.
inline constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
inline constexpr int kSignatureSeeds = 32;  // games per player count and variant

inline std::uint64_t fnv1a(std::string_view text, std::uint64_t h = kFnvOffset) {
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

struct Signature {
  std::string game;
  int min_players = 0, max_players = 0;
  int configurations = 0;  // (player count, parameter variant) pairs played
  std::uint64_t games = 0;
  std::uint64_t actions = 0;
  std::uint64_t hash = kFnvOffset;
};

template <Game G>
Signature signature(int seeds = kSignatureSeeds) {
  using S = typename G::State;
  Signature sig;
  sig.game = G::kName;
  sig.min_players = G::kMinPlayers;
  sig.max_players = G::kMaxPlayers;
  for (const Json& params : G::param_variants()) {
    auto resolved = resolve_params(G::params_schema(), params);
    if (!resolved) continue;
    for (int players = G::kMinPlayers; players <= G::kMaxPlayers; ++players) {
      auto made = G::new_game(*resolved, players);
      if (!made) continue;  // a combination the rules forbid
      ++sig.configurations;
      const S start = std::move(*made);
      for (int seed = 1; seed <= seeds; ++seed) {
        Rng rng(static_cast<std::uint64_t>(seed));
        S s = start;
        const std::uint64_t steps = search::playout(s, rng);  // as random_game(start, rng)
        sig.actions += steps;
        ++sig.games;
        sig.hash = fnv1a(std::to_string(players) + " " + std::to_string(steps) + " ", sig.hash);
        sig.hash = fnv1a(s.to_json().dump(), sig.hash);
      }
    }
  }
  return sig;
}

// The signature of every registered game (all_games(), in its order), or of
// `only_game`. An error names a registered game the bench does not know.
Expected<std::vector<Signature>> signature_all(const std::string& only_game);
// The lines `meeple bench --signature` prints: one per game, then the total
// (when more than one game) whose hash folds the games' hashes.
std::string signature_text(const std::vector<Signature>& sigs);

// The machine the figures come from: CPU model, cores, compiler, build.
Json machine_description();

// Every game's standard configurations (4 players; First Contact also 5 and 2).
std::vector<BenchResult> run_all(double seconds, const std::string& only_game);

}  // namespace meeple::bench
