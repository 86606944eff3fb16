// A fixed amount of the server's message-building work, for before/after
// comparisons that do not depend on the clock: N fixed-seed random games of
// one game at 2 players and, after every action (chance included), what
// `meeple serve` computes for each seat and the spectator: the view and the
// JSON Patch against the previous one, as text. Count its instructions:
//   valgrind --tool=callgrind build/release/bench/meeple_fixed_views ufo 20 text
// Modes: `text` (the server's way: AnyState::view_text with its tape, the
// text patch of server/json_patch.h) and `tree` (the way before: view() as a
// Json tree, Json::diff, dump()). Both print the bytes they produced, which
// agree.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/random_step.h"
#include "games/registry.h"
#include "server/json_patch.h"

int main(int argc, char** argv) {
  using namespace meeple;
  if (argc != 4) {
    std::fprintf(stderr, "usage: meeple_fixed_views GAME GAMES text|tree\n");
    return 2;
  }
  const AnyGame* game = find_game(argv[1]);
  const int games = std::atoi(argv[2]);
  const std::string_view mode = argv[3];
  if (game == nullptr || (mode != "text" && mode != "tree")) {
    std::fprintf(stderr, "no game '%s' or mode '%s'\n", argv[1], argv[3]);
    return 2;
  }
  const int players = 2;
  const std::vector<Seat> who = {0, 1, kSpectator};
  Rng rng(2026);
  unsigned long long actions = 0, bytes = 0;
  for (int g = 0; g < games; ++g) {
    AnyState s = *game->new_game(Json::object(), players);
    std::vector<Json> trees(who.size());
    std::vector<std::string> texts(who.size());
    for (std::size_t k = 0; k < who.size(); ++k) {
      if (mode == "tree") {
        trees[k] = s.view(who[k]);
        bytes += trees[k].dump().size();
      } else {
        texts[k] = s.view_text(who[k]);
        bytes += texts[k].size();
      }
    }
    while (!s.is_terminal()) {
      const auto [seat, a] = random_step(s, rng);
      s.apply(seat, a);
      ++actions;
      for (std::size_t k = 0; k < who.size(); ++k) {
        if (mode == "tree") {
          Json v = s.view(who[k]);
          bytes += Json::diff(trees[k], v).dump().size();
          trees[k] = std::move(v);
        } else {
          JsonTape tape;
          std::string text = s.view_text(who[k], &tape);
          std::string patch;
          server::append_patch(texts[k], text, tape, patch);
          bytes += patch.size();
          texts[k] = std::move(text);
        }
      }
    }
  }
  std::printf("%s: %d games, %llu actions, %llu bytes of views and patches\n", argv[1], games,
              actions, bytes);
  return 0;
}
