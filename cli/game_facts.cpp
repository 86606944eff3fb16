#include "cli/game_facts.h"

#include <algorithm>

namespace meeple::cli {

Json game_facts(const AnyGame& game) {
  // Every rule variant the game tests itself with (param_variants), at every
  // player count: the action numbers its states use (num_distinct_actions:
  // every action number of any seat is below it), and whether a new game
  // begins with chance (every game's chance is explicit: a node listing its
  // outcomes with integer weights, which `legal` shows and `apply` takes).
  Json by = Json::array();
  int space = 0;
  bool same = true, chance = false;
  for (const Json& params : game.param_variants())
    for (int players = game.min_players(); players <= game.max_players(); ++players) {
      auto st = game.new_game(params, players);
      if (!st) continue;  // a variant not for this many players
      const int n = st->num_distinct_actions();
      same = same && (space == 0 || n == space);
      space = std::max(space, n);
      chance = chance || (!st->is_terminal() && st->is_chance());
      by.push_back({{"params", params}, {"players", players}, {"action_space", n}});
    }
  Json facts = {{"action_space", space},
                {"chance", chance ? "explicit" : "none"},
                // search/ismcts.h rewards(): what meeple's search maximises for a seat.
                {"utility",
                 {{"min", 0},
                  {"max", 1},
                  {"what", "per seat: 1 for a winner (a shared or a team win included), else 0"}}}};
  if (!same) facts["action_space_by"] = std::move(by);
  return facts;
}

}  // namespace meeple::cli
