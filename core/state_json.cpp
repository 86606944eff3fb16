#include "core/state_json.h"

#include <fmt/format.h>

namespace meeple {

namespace {

Json seats_json(SeatSet seats, int players) {
  Json j = Json::array();
  for (Seat s = 0; s < players; ++s)
    if (seats.contains(s)) j.push_back(s);
  return j;
}

// A seat's legal actions as the state accepts them. A seat not asked to act
// may still have free ones (First Contact's note-pad edits, which apply()
// takes at any time): they are listed, all free, and none of its decisions
// (core/game.h's contract; its legal-action mask shows the same).
Json seat_actions(const AnyState& s, Seat seat, std::string_view lang, bool primary_only) {
  Json actions = Json::array();
  if (!s.is_terminal() && !s.is_chance() && !s.to_act().contains(seat)) {
    if (!primary_only)
      for (Action a : s.legal_actions(seat)) {
        Json e = action_entry(s, seat, a, lang);
        e["free"] = true;
        actions.push_back(std::move(e));
      }
  } else if (!s.is_terminal() && !s.is_chance()) {
    const ActionList primary = s.primary_actions(seat);
    const ActionList legal = s.legal_actions(seat);
    for (Action a : legal) {
      // Free actions (First Contact's note pad) do not end the decision.
      const bool free = legal.size() != primary.size() && !primary.contains(a);
      if (free && primary_only) continue;
      Json e = action_entry(s, seat, a, lang);
      if (free) e["free"] = true;
      actions.push_back(std::move(e));
    }
  }
  return {{"seat", seat}, {"actions", std::move(actions)}};
}

}  // namespace

Json action_entry(const AnyState& s, Seat seat, Action a, std::string_view lang) {
  // A chance outcome in words is what everyone is told of it.
  std::string words = seat != kChance  ? s.describe_action(seat, a, lang)
                      : s.has_events() ? s.describe_event(kSpectator, kChance, a, lang)
                                       : std::string();
  Json e = {{"action", a}, {"json", s.action_to_json(seat, a)}, {"words", std::move(words)}};
  if (seat == kChance)
    for (const auto& o : s.chance_outcomes())
      if (o.action == a) e["weight"] = o.weight;
  return e;
}

Json status_json(const AnyState& s) {
  return {{"terminal", s.is_terminal()},
          {"chance", !s.is_terminal() && s.is_chance()},
          {"to_act", s.is_terminal() || s.is_chance() ? Json::array()
                                                      : seats_json(s.to_act(), s.num_players())}};
}

Expected<Json> legal_json(const AnyState& s, std::optional<Seat> seat, std::string_view lang,
                          bool primary_only) {
  Json j = status_json(s);
  if (seat && *seat != kChance && (*seat < 0 || *seat >= s.num_players()))
    return make_error("seat/invalid", fmt::format("there is no seat {} (seats 0 to {}, -1 chance)",
                                                  *seat, s.num_players() - 1));
  if (j["chance"].get<bool>() && (!seat || *seat == kChance)) {
    Json outcomes = Json::array();
    std::uint64_t total = 0;
    for (const auto& o : s.chance_outcomes()) {
      total += o.weight;
      outcomes.push_back(action_entry(s, kChance, o.action, lang));
    }
    j["total_weight"] = total;
    j["outcomes"] = std::move(outcomes);
    return j;
  }
  Json seats = Json::array();
  if (seat) {
    if (*seat != kChance) seats.push_back(seat_actions(s, *seat, lang, primary_only));
  } else {
    for (const auto& t : j["to_act"])
      seats.push_back(seat_actions(s, t.get<Seat>(), lang, primary_only));
  }
  j["seats"] = std::move(seats);
  return j;
}

Expected<Seat> parse_seat(const AnyState& s, const Json& seat, bool allow_spectator) {
  if (allow_spectator && seat.is_string() && seat.get<std::string>() == "spectator")
    return kSpectator;
  const int players = s.num_players();
  if (seat.is_number_integer()) {
    const auto v = seat.get<std::int64_t>();
    if ((v >= 0 && v < players) || v == kChance || (allow_spectator && v == kSpectator))
      return static_cast<Seat>(v);
  }
  return make_error("seat/invalid",
                    fmt::format("there is no seat {} (seats 0 to {}, -1 chance{})", seat.dump(),
                                players - 1, allow_spectator ? ", -2 or \"spectator\"" : ""));
}

Expected<Move> parse_move(const AnyState& s, const Json& seat, const Json& action) {
  Move m;
  if (!seat.is_null()) {
    auto p = parse_seat(s, seat, false);
    if (!p) return p.error();
    m.seat = *p;
  } else if (s.is_terminal()) {
    return make_error(errc::kGameOver, "the game is over");
  } else if (s.is_chance()) {
    m.seat = kChance;
  } else if (s.to_act().size() == 1) {
    m.seat = s.to_act().lowest();
  } else {
    return make_error(errc::kMalformedAction,
                      fmt::format("seats {} decide at once: give \"seat\"",
                                  seats_json(s.to_act(), s.num_players()).dump()));
  }
  if (action.is_number_integer()) {
    const auto v = action.get<std::int64_t>();
    if (v < 0 || v >= s.num_distinct_actions())
      return make_error(errc::kMalformedAction,
                        fmt::format("action {} is not an action number (0 to {})", v,
                                    s.num_distinct_actions() - 1));
    m.action = static_cast<Action>(v);
    return m;
  }
  if (!action.is_object())
    return make_error(errc::kMalformedAction,
                      fmt::format("an action is its number (0 to {}) or its JSON form, an object "
                                  "(see legal){}",
                                  s.num_distinct_actions() - 1,
                                  action.is_null() ? "" : fmt::format(", not {}", action.dump())));
  auto a = s.action_from_json(m.seat, action);
  if (!a) return a.error();
  m.action = *a;
  return m;
}

Expected<Json> result_of(const AnyState& s) {
  if (!s.is_terminal()) return make_error(kNotOver, "the game is not over: no result yet");
  return s.result_json();
}

}  // namespace meeple
