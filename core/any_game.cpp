#include "core/any_game.h"

namespace meeple {

namespace {

// The first place `given` departs from `canonical` ("" when it agrees); `path`
// names where we are, for the message.
std::string first_difference(const Json& given, const Json& canonical, const std::string& path) {
  if (given.is_object() && canonical.is_object()) {
    for (const auto& [k, v] : given.items()) {
      const std::string here = path.empty() ? k : path + "." + k;
      if (!canonical.contains(k)) return fmt::format("unknown key '{}'", here);
      std::string d = first_difference(v, canonical[k], here);
      if (!d.empty()) return d;
    }
    return {};
  }
  if (given == canonical) return {};
  // Another name for the same thing (First Contact's characteristics by name
  // in any language or by pad number): the game's parser read it as this
  // action, so it is that value.
  if (canonical.is_string() && (given.is_string() || given.is_number_integer())) return {};
  return fmt::format("{} should be {}, not {}", path.empty() ? "the action" : "'" + path + "'",
                     canonical.dump(), given.dump());
}

}  // namespace

bool has_float(const Json& j) {
  std::vector<const Json*> todo = {&j};
  while (!todo.empty()) {
    const Json* v = todo.back();
    todo.pop_back();
    if (v->is_number_float()) return true;
    if (v->is_structured())
      for (const Json& e : *v) todo.push_back(&e);
  }
  return false;
}

MaybeError check_action_form(const Json& given, const Json& canonical) {
  std::string d = first_difference(given, canonical, "");
  if (d.empty()) return std::nullopt;
  return make_error(errc::kMalformedAction, fmt::format("{}: {} (this action reads {})",
                                                        given.dump(), d, canonical.dump()));
}

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

MaybeError AnyState::observation(Seat seat, std::span<float> out) const {
  const int n = impl_->observation_size();
  if (n == 0)
    return make_error(errc::kNoObservation,
                      fmt::format("{} has no observation tensors", game().name()));
  if (seat < 0 || seat >= num_players())
    return make_error(
        errc::kMalformedRequest,
        fmt::format("an observation is a player's: seat 0 to {}, not {}", num_players() - 1, seat));
  if (out.size() != static_cast<std::size_t>(n))
    return make_error(
        errc::kMalformedRequest,
        fmt::format("an observation of {} holds {} values, not {}", game().name(), n, out.size()));
  impl_->observation(seat, out);
  return std::nullopt;
}

std::vector<float> AnyState::observation(Seat seat) const {
  std::vector<float> out(static_cast<std::size_t>(impl_->observation_size()));
  if (observation(seat, out)) out.clear();
  return out;
}

MaybeError AnyState::legal_mask(Seat seat, std::span<float> out) const {
  if (seat < 0 || seat >= num_players())
    return make_error(errc::kMalformedRequest,
                      fmt::format("a legal-action mask is a player's: seat 0 to {}, not {}",
                                  num_players() - 1, seat));
  if (out.size() != static_cast<std::size_t>(num_distinct_actions()))
    return make_error(errc::kMalformedRequest,
                      fmt::format("a legal-action mask holds {} values, not {}",
                                  num_distinct_actions(), out.size()));
  std::fill(out.begin(), out.end(), 0.0f);
  ActionList legal;
  if (!is_terminal() && !is_chance()) impl_->legal_actions(seat, legal);
  for (Action a : legal) out[static_cast<std::size_t>(a)] = 1.0f;
  return std::nullopt;
}

Expected<std::vector<int>> AnyGame::observation_shape(const Json& params, int players) const {
  auto st = new_game(params, players);
  if (!st) return st.error();
  return st->observation_shape();
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
