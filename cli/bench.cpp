#include "cli/bench.h"

#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "games/game_list.h"

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
      out.push_back(run<dir::Class>(Json::object(), players, seconds));
  MEEPLE_FOR_EACH_GAME(MEEPLE_BENCH_GAME)
#undef MEEPLE_BENCH_GAME
  return out;
}

}  // namespace meeple::bench
