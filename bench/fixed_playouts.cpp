// A fixed amount of work for before/after comparisons that do not depend on
// the clock: N random playouts (search::playout, as `meeple bench` plays them)
// of one game at 4 players from a fixed seed, printing the actions played.
// Count its instructions with callgrind, or time it with farm-bench against
// another build:
//   valgrind --tool=callgrind build/release/bench/meeple_fixed_playouts ufo 100
//   farm-bench --vs 'OLD/meeple_fixed_playouts ufo 1500' --
//   build/release/bench/meeple_fixed_playouts ufo 1500
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "games/game_list.h"
#include "search/ismcts.h"

namespace meeple {
namespace {

template <Game G>
void run(int games) {
  auto params = resolve_params(G::params_schema(), Json::object());
  const auto start = *G::new_game(*params, 4);
  Rng rng(12345);
  unsigned long long actions = 0;
  for (int i = 0; i < games; ++i) {
    auto s = start;
    actions += search::playout(s, rng);
  }
  std::printf("%s: %d games, %llu actions\n", G::kName, games, actions);
}

}  // namespace
}  // namespace meeple

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: meeple_fixed_playouts GAME GAMES\n");
    return 2;
  }
  const std::string_view game = argv[1];
  const int games = std::atoi(argv[2]);
  bool found = false;
#define MEEPLE_RUN_GAME(dir, Class)         \
  if (game == meeple::dir::Class::kName) {  \
    meeple::run<meeple::dir::Class>(games); \
    found = true;                           \
  }
  MEEPLE_FOR_EACH_GAME(MEEPLE_RUN_GAME)
#undef MEEPLE_RUN_GAME
  if (!found) std::fprintf(stderr, "no game '%s'\n", argv[1]);
  return found ? 0 : 2;
}
