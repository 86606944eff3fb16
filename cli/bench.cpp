#include "cli/bench.h"

#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "games/all_games.h"

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
#ifdef MEEPLE_HAVE_first_giants
  if (want(first_giants::FirstGiants::kName))
    out.push_back(run<first_giants::FirstGiants>(Json::object(), 4, seconds));
#endif
#ifdef MEEPLE_HAVE_ufo
  if (want(ufo::Ufo::kName)) out.push_back(run<ufo::Ufo>(Json::object(), 4, seconds));
#endif
#ifdef MEEPLE_HAVE_first_contact
  if (want(first_contact::FirstContact::kName))
    for (int p : {4, 5, 2})
      out.push_back(run<first_contact::FirstContact>(Json::object(), p, seconds));
#endif
  return out;
}

}  // namespace meeple::bench
