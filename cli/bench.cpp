#include "cli/bench.h"

#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "games/game_list.h"
#include "games/registry.h"

namespace meeple::bench {

Json to_json(const BenchResult& r) {
  return {{"game", r.game},
          {"players", r.players},
          {"params", r.params},
          {"playouts_per_second", r.playouts_per_second},
          {"actions_per_second", r.actions_per_second},
          {"ns_per_action", r.ns_per_action},
          {"allocations_per_action", r.allocations_per_action},
          {"copy_ns", r.copy_ns},
          {"state_bytes", r.state_bytes},
          {"ismcts_iterations_per_second", r.ismcts_iterations_per_second},
          {"mean_actions_per_game", r.mean_actions_per_game}};
}

Json machine_description() {
  std::string cpu = "unknown";
  std::ifstream f("/proc/cpuinfo");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("model name", 0) == 0) {
      cpu = line.substr(line.find(':') + 2);
      break;
    }
#ifdef NDEBUG
  const char* build = "optimized (NDEBUG)";
#else
  const char* build = "debug (figures not meaningful)";
#endif
  return {{"cpu", cpu},
          {"cores", std::thread::hardware_concurrency()},
          {"compiler", std::string("g++ ") + __VERSION__},
          {"build", build}};
}

std::vector<BenchResult> run_all(double seconds, const std::string& only) {
  std::vector<BenchResult> out;
  auto want = [&](const char* name) { return only.empty() || only == name; };
  (void)want;
  (void)seconds;
  // Each game at 4 players, or at the counts it names in kBenchPlayers.
#define MEEPLE_BENCH_GAME(dir, Class)               \
  if (want(dir::Class::kName))                      \
    for (int players : bench_players<dir::Class>()) \
      out.push_back(run<dir::Class>(dir::Class::param_variants().front(), players, seconds));
  MEEPLE_FOR_EACH_GAME(MEEPLE_BENCH_GAME)
#undef MEEPLE_BENCH_GAME
  return out;
}

Expected<std::vector<Signature>> signature_all(const std::string& only) {
  std::vector<Signature> out;
  for (const AnyGame* game : all_games()) {
    const std::string_view name = game->name();
    if (!only.empty() && only != name) continue;
    bool known = false;
#define MEEPLE_SIGNATURE_GAME(dir, Class)   \
  if (name == dir::Class::kName) {          \
    out.push_back(signature<dir::Class>()); \
    known = true;                           \
  }
    MEEPLE_FOR_EACH_GAME(MEEPLE_SIGNATURE_GAME)
#undef MEEPLE_SIGNATURE_GAME
    if (!known)
      return make_error(errc::kUnknownGame,
                        fmt::format("the bench signature does not know game '{}': add it to "
                                    "games/game_list.h (meeple_game() in its CMakeLists)",
                                    name));
  }
  return out;
}

std::string signature_text(const std::vector<Signature>& sigs) {
  std::string out;
  std::uint64_t games = 0, actions = 0, hash = kFnvOffset;
  for (const auto& s : sigs) {
    out += fmt::format(
        "{:<14} players {}-{}  configurations {:>2}  games {:>4}  actions {:>8}  "
        "hash {:016x}\n",
        s.game, s.min_players, s.max_players, s.configurations, s.games, s.actions, s.hash);
    games += s.games;
    actions += s.actions;
    hash = fnv1a(fmt::format("{:016x}", s.hash), hash);
  }
  if (sigs.size() > 1)
    out += fmt::format("{:<14} {:>29}  games {:>4}  actions {:>8}  hash {:016x}\n", "total", "",
                       games, actions, hash);
  return out;
}

}  // namespace meeple::bench
