// The engine protocol's requests that play and look (cli/engine_protocol.h):
// legal, apply, view, observation, history, hide and undo.
#include "cli/engine_protocol.h"

#include <cctype>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "bots/bot.h"
#include "bots/hint.h"
#include "cli/commands.h"
#include "cli/game_facts.h"
#include "cli/programs.h"
#include "cli/registry.h"
#include "core/i18n.h"
#include "core/json_error.h"
#include "core/record.h"
#include "games/registry.h"

namespace meeple::cli::engine_protocol {

Json Protocol::told(const AnyState& before, Seat seat, Action a) const {
  if (s_->hidden && seat != *s_->hidden) {
    const std::string words =
        before.has_events() ? before.describe_event(*s_->hidden, seat, a, "en") : std::string();
    return {{"seat", seat}, {"hidden", true}, {"words", words}};
  }
  Json e = action_entry(before, seat, a, "en");
  e["seat"] = seat;
  e.erase("weight");
  return e;
}

Json Protocol::commit(Seat seat, Action a) {
  Session& s = *s_;
  Json e = told(s.state, seat, a);
  s.record.actions.push_back({seat, a, s.state.action_to_json(seat, a)});
  s.state.apply(seat, a);
  for (auto& [bseat, b] : s.bots)
    if (b.second->observes()) b.second->observe(s.state.determinize(bseat, s.bot_rng), bseat);
  return e;
}

Json Protocol::resolve_chance() {
  Json applied = Json::array();
  Session& s = *s_;
  while (s.auto_chance && !s.state.is_terminal() && s.state.is_chance())
    applied.push_back(commit(kChance, sample_chance(s.state.chance_outcomes(), s.chance_rng)));
  return applied;
}

std::string Protocol::lang_of(const Json& req) {
  return req.contains("lang") && req["lang"].is_string() ? req["lang"].get<std::string>() : "en";
}

Error Protocol::hidden_from(const std::string& what) const {
  return make_error(kHidden,
                    fmt::format("this game shows only seat {}'s view: {}", *s_->hidden, what));
}

Json Protocol::legal(const Json& req) const {
  std::optional<Seat> seat = s_->hidden;
  if (req.contains("seat")) {
    auto p = parse_seat(s_->state, req["seat"], false);
    if (!p) return failure(p.error());
    seat = *p;
  }
  if (s_->hidden && seat != s_->hidden)
    return failure(hidden_from(fmt::format("seat {}'s actions are not shown", *seat)));
  if (s_->hidden && !s_->state.is_terminal() && s_->state.is_chance())
    return failure(hidden_from("the chance outcomes are not shown"));
  auto j = legal_json(s_->state, seat, lang_of(req), req.value("primary", Json(false)) == true);
  if (!j) return failure(j.error());
  return ok(std::move(*j));
}

Json Protocol::apply(const Json& req) {
  Session& s = *s_;
  if (!req.contains("action")) return failure(bad_request("apply needs \"action\""));
  auto m = parse_move(s.state, req.value("seat", Json()), req["action"]);
  if (!m) return failure(m.error());
  {
    AnyState probe = s.state;  // apply() refuses without change; the record must not grow
    if (auto e = probe.apply(m->seat, m->action)) return failure(*e);
  }
  s.undo.push_back({s.state, s.record.actions.size(), s.chance_rng});
  Json applied = Json::array();
  applied.push_back(commit(m->seat, m->action));
  for (auto& c : resolve_chance()) applied.push_back(std::move(c));
  Json j = status();
  j["applied"] = std::move(applied);
  return ok(std::move(j));
}

Json Protocol::view(const Json& req) const {
  if (!req.contains("seat")) return failure(bad_request("view needs \"seat\" (or \"spectator\")"));
  auto seat = parse_seat(s_->state, req["seat"], true);
  if (!seat) return failure(seat.error());
  if (*seat == kChance)
    return failure(make_error("seat/invalid", "chance has no view: give a seat or spectator"));
  if (s_->hidden && *seat != *s_->hidden && *seat != kSpectator)
    return failure(hidden_from(fmt::format("seat {}'s view is not shown", *seat)));
  Json j = {{"seat", *seat}, {"view", s_->state.view(*seat)}};
  if (req.value("text", Json(false)) == true) j["text"] = s_->state.text_view(*seat, lang_of(req));
  return ok(std::move(j));
}

Json Protocol::observation(const Json& req) const {
  if (!req.contains("seat")) return failure(bad_request("observation needs \"seat\""));
  auto seat = parse_seat(s_->state, req["seat"], false);
  if (!seat) return failure(seat.error());
  if (*seat == kChance)
    return failure(make_error("seat/invalid", "chance has no observation: give a seat"));
  if (s_->hidden && *seat != *s_->hidden)
    return failure(hidden_from(fmt::format("seat {}'s observation is not shown", *seat)));
  const AnyState& st = s_->state;
  const std::vector<int> shape = st.observation_shape();
  std::vector<float> values(shape.empty() ? 0 : static_cast<std::size_t>(shape[0]));
  if (auto e = st.observation(*seat, values)) return failure(*e);
  std::vector<float> mask(static_cast<std::size_t>(st.num_distinct_actions()));
  if (auto e = st.legal_mask(*seat, mask)) return failure(*e);
  Json m = Json::array();
  for (float v : mask) m.push_back(static_cast<int>(v));
  return ok({{"seat", *seat}, {"shape", shape}, {"values", values}, {"mask", std::move(m)}});
}

Json Protocol::history(const Json& req) const {
  const Session& s = *s_;
  if (!req.contains("seat") && !s.hidden)
    return failure(bad_request("history needs \"seat\" (or \"spectator\")"));
  Seat seat = s.hidden.value_or(kSpectator);
  if (req.contains("seat")) {
    auto p = parse_seat(s.state, req["seat"], true);
    if (!p) return failure(p.error());
    if (*p == kChance)
      return failure(make_error("seat/invalid", "chance has no view: give a seat or spectator"));
    seat = *p;
  }
  if (s.hidden && seat != *s.hidden && seat != kSpectator)
    return failure(hidden_from(fmt::format("seat {}'s history is not shown", seat)));
  const bool views = req.value("views", Json(true)) != false;
  std::size_t from = 0;
  if (req.contains("from")) {
    if (!req["from"].is_number_unsigned()) return failure(bad_request("from is a step >= 0"));
    from = req["from"].get<std::size_t>();
  }
  const std::string lang = lang_of(req);
  Json steps = Json::array();
  AnyState walk = s.origin;
  auto entry = [&](std::size_t step) {
    Json e = {{"step", step}};
    if (views) e["view"] = walk.view(seat);
    return e;
  };
  if (from == 0) steps.push_back(entry(0));
  for (std::size_t i = 0; i < s.record.actions.size(); ++i) {
    const RecordedAction& ra = s.record.actions[i];
    Json e;
    if (i + 1 >= from) {
      e = {{"actor", ra.seat},
           {"words", walk.has_events() ? walk.describe_event(seat, ra.seat, ra.action, lang)
                                       : std::string()}};
      if (ra.seat == seat) e["action"] = walk.action_to_json(ra.seat, ra.action);
    }
    walk.apply(ra.seat, ra.action);
    if (i + 1 < from) continue;
    Json after = entry(i + 1);
    for (auto& [k, v] : e.items()) after[k] = std::move(v);
    steps.push_back(std::move(after));
  }
  return ok({{"seat", seat}, {"steps", std::move(steps)}});
}

Json Protocol::hide(const Json& req) {
  if (!req.contains("seat")) return failure(bad_request("hide needs \"seat\""));
  auto seat = hidden_seat(s_->state, req["seat"]);
  if (!seat) return failure(seat.error());
  if (s_->hidden && *seat != s_->hidden)
    return failure(hidden_from("a hidden game stays hidden for its seat (fork keeps it too)"));
  s_->hidden = *seat;
  Json j = status();
  j["hidden"] = *s_->hidden;
  return ok(std::move(j));
}

Json Protocol::undo(const Json& req) {
  Session& s = *s_;
  std::size_t steps = 1;
  if (req.contains("steps")) {
    if (!req["steps"].is_number_unsigned() || req["steps"].get<std::size_t>() < 1)
      return failure(bad_request("steps is a number >= 1"));
    steps = req["steps"].get<std::size_t>();
  }
  if (steps > s.undo.size())
    return failure(make_error(kNothingToUndo,
                              fmt::format("only {} applied moves to undo here", s.undo.size())));
  Session::Point p = s.undo[s.undo.size() - steps];
  s.undo.erase(s.undo.end() - static_cast<std::ptrdiff_t>(steps), s.undo.end());
  s.state = std::move(p.state);
  s.record.actions.resize(p.actions);
  s.chance_rng = p.chance_rng;
  s.bots.clear();  // a bot cannot unsee what it observed
  return ok(status());
}

}  // namespace meeple::cli::engine_protocol
