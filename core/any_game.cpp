#include "core/any_game.h"

namespace meeple {

Json AnyState::result_json() const {
  GameResult r = result();
  Json j = {{"players", r.players}};
  Json score = Json::array(), rank = Json::array(), winners = Json::array();
  for (int i = 0; i < r.players; ++i) {
    score.push_back(r.score[i]);
    rank.push_back(r.rank[i]);
    if (r.winners.contains(i)) winners.push_back(i);
  }
  j["score"] = score;
  j["rank"] = rank;
  j["winners"] = winners;
  j["details"] = result_details();
  return j;
}

void AnyState::resolve_chance(Rng& rng) {
  while (!is_terminal() && is_chance()) {
    ChanceList outcomes = chance_outcomes();
    apply(kChance, sample_chance(outcomes, rng));
  }
}

Json AnyGame::describe() const {
  return {{"name", name()},
          {"title", title()},
          {"min_players", min_players()},
          {"max_players", max_players()},
          {"params", schema_to_json(params_schema())}};
}

}  // namespace meeple
