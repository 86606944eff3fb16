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
  Json params = schema_to_json(params_schema());
  if (const Catalog* c = messages()) {
    // Each option's label and one-line explanation, and its values' names,
    // from the game's catalog: param.<name>, param.<name>.help and
    // param.<name>.<value> (i18n_test checks every game has them).
    for (Json& p : params) {
      const std::string key = "param." + p["name"].get<std::string>();
      Json label = Json::object(), help = Json::object(), values = Json::object();
      for (std::string_view lang : kLanguages) {
        const std::string l(lang);
        if (c->contains(key)) label[l] = c->text(key, lang);
        if (c->contains(key + ".help")) help[l] = c->text(key + ".help", lang);
        if (p["type"] == "enum") {
          Json names = Json::object();
          for (const Json& v : p["allowed"]) {
            const std::string value = v.is_string() ? v.get<std::string>() : v.dump();
            if (c->contains(key + "." + value)) names[value] = c->text(key + "." + value, lang);
          }
          if (!names.empty()) values[l] = std::move(names);
        }
      }
      if (!label.empty()) p["label"] = std::move(label);
      if (!help.empty()) p["help"] = std::move(help);
      if (!values.empty()) p["values"] = std::move(values);
    }
  }
  return {{"name", name()},
          {"title", title()},
          {"min_players", min_players()},
          {"max_players", max_players()},
          {"params", std::move(params)}};
}

}  // namespace meeple
