#include "core/record.h"

#include <fmt/format.h>

#include "core/json_error.h"

namespace meeple {

namespace {

// Where two JSON values first differ: a JSON pointer ("/score/0", "" for
// the whole) and the two values there, so that a mismatch is told by its
// field rather than by two whole dumps.
struct Difference {
  std::string where;
  Json recorded, replayed;
};
Difference first_replay_difference(const Json& recorded, const Json& replayed,
                                   std::string where = "") {
  if (recorded.type() == replayed.type() && recorded.is_object()) {
    for (const auto& [k, v] : recorded.items()) {
      if (!replayed.contains(k)) return {where + "/" + k, v, Json()};
      if (v != replayed[k]) return first_replay_difference(v, replayed[k], where + "/" + k);
    }
    for (const auto& [k, v] : replayed.items())
      if (!recorded.contains(k)) return {where + "/" + k, Json(), v};
  }
  if (recorded.type() == replayed.type() && recorded.is_array() &&
      recorded.size() == replayed.size()) {
    for (std::size_t i = 0; i < recorded.size(); ++i)
      if (recorded[i] != replayed[i])
        return first_replay_difference(recorded[i], replayed[i], where + "/" + std::to_string(i));
  }
  return {where, recorded, replayed};
}

// A value in a message: whole when short, else its start.
std::string brief(const Json& v) {
  std::string s = v.is_null() ? "nothing" : v.dump();
  return s.size() <= 80 ? s : s.substr(0, 77) + "...";
}

}  // namespace

Json record_to_json(const GameRecord& r) {
  Json actions = Json::array();
  for (const auto& a : r.actions) {
    Json e = {{"seat", a.seat}};
    if (a.undo) e["undo"] = true;
    if (a.action >= 0) e["action"] = a.action;
    if (!a.json.is_null()) e["json"] = a.json;
    actions.push_back(std::move(e));
  }
  Json out = {{"format", kRecordFormat}, {"game", r.game},    {"params", r.params},
              {"players", r.players},    {"seats", r.seats},  {"seed", r.seed},
              {"actions", actions},      {"result", r.result}};
  if (!r.hints.empty()) {
    Json hints = Json::array();
    for (const HintMark& h : r.hints) hints.push_back({{"seat", h.seat}, {"at", h.at}});
    out["hints"] = std::move(hints);
  }
  return out;
}

Expected<GameRecord> record_from_json(const Json& j) {
  auto corrupt = [](const std::string& why) {
    return make_error(errc::kCorruptRecord, "corrupt game record: " + why);
  };
  if (!j.is_object()) return corrupt("not a JSON object");
  // value() would throw on a format that is not a string.
  if (!j.contains("format") || j["format"] != kRecordFormat)
    return corrupt(fmt::format("format must be \"{}\"", kRecordFormat));
  GameRecord r;
  try {
    // Numbers are read only once known to be integers: get<int>() of a float
    // out of int's range is undefined behaviour.
    auto integer = [](const Json& v) {
      if (!v.is_number_integer()) throw Json::type_error::create(302, "not an integer", &v);
      return v;
    };
    r.game = j.at("game").get<std::string>();
    r.params = j.value("params", Json::object());
    if (!r.params.is_object()) return corrupt("params must be an object");
    r.players = integer(j.at("players")).get<int>();
    if (j.contains("seats")) r.seats = j.at("seats").get<std::vector<std::string>>();
    r.seed = integer(j.value("seed", Json(0))).get<std::uint64_t>();
    for (const auto& e : j.at("actions")) {
      RecordedAction a;
      a.seat = integer(e.at("seat")).get<int>();
      a.undo = e.value("undo", false);
      a.action = integer(e.value("action", Json(-1))).get<Action>();
      if (e.contains("json")) a.json = e.at("json");
      if (a.undo && (a.seat < 0 || a.action >= 0 || !a.json.is_null()))
        return corrupt("an undo entry names a seat and nothing else");
      if (!a.undo && a.action < 0 && a.json.is_null())
        return corrupt("an action has neither action nor json");
      r.actions.push_back(std::move(a));
    }
    r.result = j.value("result", Json());
    for (const auto& h : j.value("hints", Json::array())) {
      HintMark m{.seat = integer(h.at("seat")).get<int>(),
                 .at = integer(h.at("at")).get<std::size_t>()};
      if (m.seat < 0 || m.seat >= r.players || m.at > r.actions.size())
        return corrupt("a hint mark names a seat of the game and a step of its record");
      r.hints.push_back(m);
    }
  } catch (const Json::exception& e) {
    return corrupt(json_error_words(e));
  }
  return r;
}

Expected<AnyState> replay_record(const AnyGame& game, const GameRecord& r,
                                 const std::function<void(const AnyState&)>& on_step) {
  if (r.game != game.name())
    return make_error(errc::kCorruptRecord,
                      fmt::format("record is of game '{}', not '{}'", r.game, game.name()));
  auto st = game.new_game(r.params, r.players);
  if (!st) return st.error();
  AnyState s = std::move(*st);
  UndoTrail trail;
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    const auto& ra = r.actions[i];
    if (ra.undo) {
      if (trail.available(ra.seat) == 0)
        return make_error(
            errc::kCorruptRecord,
            fmt::format("entry {}: seat {} has no decision to take back", i + 1, ra.seat));
      s = trail.take_back().before;
      if (on_step) on_step(s);
      continue;
    }
    Action a = ra.action;
    if (a < 0) {
      auto parsed = s.action_from_json(ra.seat, ra.json);
      if (!parsed)
        return make_error(parsed.error().code,
                          fmt::format("action {}: {}", i + 1, parsed.error().message));
      a = *parsed;
    } else if (!ra.json.is_null() && a >= 0 && a < s.num_distinct_actions() &&
               s.action_to_json(ra.seat, a) != ra.json) {
      return make_error(errc::kReplayMismatch,
                        fmt::format("action {}: recorded as {} but action {} reads {}", i + 1,
                                    brief(ra.json), a, brief(s.action_to_json(ra.seat, a))));
    }
    // A record does not say who decided (a person or a bot): every decision
    // counts as a person's here; the room that wrote it kept to the rule.
    AnyState before = s;
    if (auto err = s.apply(ra.seat, a))
      return make_error(err->code, fmt::format("action {}: {}", i + 1, err->message));
    trail.record(std::move(before), ra.seat, a, true);
    if (on_step) on_step(s);
  }
  if (!r.result.is_null()) {
    if (!s.is_terminal())
      return make_error(errc::kReplayMismatch, "the record has a result but the game is not over");
    Json got = s.result_json();
    if (got != r.result) {
      const Difference d = first_replay_difference(r.result, got);
      return make_error(
          errc::kReplayMismatch,
          fmt::format("the result differs at {}: recorded {}, the replay gives {}",
                      d.where.empty() ? "/" : d.where, brief(d.recorded), brief(d.replayed)));
    }
  }
  return s;
}

}  // namespace meeple
