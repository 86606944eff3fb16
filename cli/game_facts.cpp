#include "cli/game_facts.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace meeple::cli {

namespace {

// Two actions of one seat, one after the other, that bring a state of a
// random game (the game's first variant, fewest players) back to itself:
// then a game can go on without end, and no bound on its length exists.
// The answer names the seat, the two actions and the state, so that anyone
// can check it (load the state, apply both, compare). Null when none is
// found along the game (which proves no bound either).
Json find_cycle(const AnyGame& game) {
  auto st = game.new_game(game.param_variants().front(), game.min_players());
  if (!st) return nullptr;
  Rng rng(1);
  std::size_t work = 0;
  for (int step = 0; step < 400 && !st->is_terminal() && work < 400000; ++step) {  // ~0.1 s
    if (st->is_chance()) {
      st->apply(kChance, sample_chance(st->chance_outcomes(), rng));
      continue;
    }
    const Seat seat = st->to_act().lowest();
    const ActionList legal = st->legal_actions(seat);
    for (std::size_t i = 0; i < legal.size() && i < 48; ++i) {
      AnyState there = *st;
      there.apply(seat, legal[i]);
      if (there.is_terminal() || there.is_chance() || !there.to_act().contains(seat)) continue;
      for (Action back : there.legal_actions(seat)) {
        ++work;
        AnyState again = there;
        again.apply(seat, back);
        if (again == *st)
          return {
              {"seat", seat},
              {"actions", {st->action_to_json(seat, legal[i]), there.action_to_json(seat, back)}},
              {"state", st->to_json()}};
      }
    }
    const ActionList primary = st->primary_actions(seat);
    st->apply(seat, primary[rng.below(static_cast<std::uint32_t>(primary.size()))]);
  }
  return nullptr;
}

}  // namespace

Json game_facts(const AnyGame& game) {
  // Every rule variant the game tests itself with (param_variants), at every
  // player count: the action numbers its states use (num_distinct_actions:
  // every action number of any seat is below it), and whether a new game
  // begins with chance (every game's chance is explicit: a node listing its
  // outcomes with integer weights, which `legal` shows and `apply` takes).
  Json by = Json::array();
  Json lengths = Json::array();
  int space = 0;
  bool same = true, chance = false;
  std::int64_t longest = 0;
  for (int players = game.min_players(); players <= game.max_players(); ++players)
    if (auto bound = game.max_game_length(players)) {
      lengths.push_back({{"players", players}, {"max_length", *bound}});
      longest = std::max(longest, *bound);
    }
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
  // The length: computed once per game and process.
  static std::mutex mutex;
  static std::map<std::string, Json> cycles;
  std::lock_guard lock(mutex);
  auto [at, fresh] = cycles.try_emplace(std::string(game.name()));
  if (fresh) at->second = find_cycle(game);
  facts["max_length"] = nullptr;
  if (!lengths.empty()) {
    facts["max_length"] = longest;
    facts["max_length_by"] = std::move(lengths);
  }
  if (!at->second.is_null()) facts["endless"] = at->second;
  return facts;
}

}  // namespace meeple::cli
