#include "room/replay.h"

#include <fmt/format.h>

#include "core/i18n.h"
#include "core/undo.h"
#include "room/notice_words.h"
#include "room/room.h"

namespace meeple::room {

namespace {

// The hints people asked for, each by the step it was asked at.
Json hint_steps(const GameRecord& record) {
  Json hints = Json::array();
  for (const HintMark& h : record.hints) hints.push_back({{"seat", h.seat}, {"step", h.at}});
  return hints;
}

}  // namespace

Expected<Json> replay_json(const AnyGame& game, const GameRecord& record, Seat observer,
                           std::string_view lang, std::optional<std::size_t> step) {
  if (observer != kSpectator && (observer < 0 || observer >= record.players))
    return make_error(errc::kBadSeat, fmt::format("there is no seat {}", observer));
  if (!is_language(lang)) lang = "en";
  const std::size_t steps = record.actions.size() + 1;
  if (step && *step >= steps)
    return make_error(meeple::errc::kMalformedRequest,
                      fmt::format("the record has {} steps (0 to {})", steps, steps - 1));
  auto start = game.new_game(record.params, record.players);
  if (!start) return start.error();
  AnyState state = std::move(*start);
  const bool events = state.has_events();
  Json out = {{"game", record.game},    {"players", record.players}, {"seat", observer},
              {"lang", lang},           {"seats", record.seats},     {"count", steps},
              {"result", record.result}};
  out["hints"] = hint_steps(record);
  Json list = Json::array();
  if (!step) list.push_back({{"actor", nullptr}, {"words", ""}, {"events", Json::array()}});
  const std::size_t last = step ? *step : record.actions.size();
  UndoTrail trail;  // tags: the step of each decision
  for (std::size_t i = 0; i < last; ++i) {
    const RecordedAction& ra = record.actions[i];
    if (ra.undo) {
      if (trail.available(ra.seat) == 0)
        return make_error(meeple::errc::kCorruptRecord,
                          fmt::format("entry {} of the record takes back nothing", i));
      UndoTrail::Step back = trail.take_back();
      state = std::move(back.before);
      if (!step) {
        // As the table told it: to whoever was told of the decision.
        const std::string name = ra.seat < static_cast<Seat>(record.seats.size())
                                     ? record.seats[static_cast<std::size_t>(ra.seat)]
                                     : std::string();
        Json told = Json::array();
        if (!list[back.tag + 1]["events"].empty())
          told.push_back(undo_words(lang, observer == ra.seat, name));
        list.push_back({{"actor", ra.seat},
                        {"words", undo_words(lang, true, name)},
                        {"undo", true},
                        {"events", std::move(told)}});
      }
      continue;
    }
    Action a = ra.action;
    if (a < 0) {
      auto parsed = state.action_from_json(ra.seat, ra.json);
      if (!parsed) return make_error(meeple::errc::kCorruptRecord, parsed.error().message);
      a = *parsed;
    }
    if (!step) {
      Json told = Json::array();
      if (events)
        if (std::string w = state.describe_event(observer, ra.seat, a, lang); !w.empty())
          told.push_back(std::move(w));
      list.push_back(
          {{"actor", ra.seat},
           {"words", ra.seat == kChance ? std::string() : state.describe_action(ra.seat, a, lang)},
           {"events", std::move(told)}});
    }
    AnyState before = state;
    if (auto e = state.apply(ra.seat, a))
      return make_error(meeple::errc::kCorruptRecord,
                        fmt::format("action {} of the record: {}", i, e->message));
    trail.record(std::move(before), ra.seat, a, true, i);
  }
  if (!step) {
    out["steps"] = std::move(list);
    return out;
  }
  Json to_act = Json::array();
  if (!state.is_terminal() && !state.is_chance())
    for (Seat s = 0; s < state.num_players(); ++s)
      if (state.to_act().contains(s)) to_act.push_back(s);
  out["step"] = *step;
  out["view"] = state.view(observer);
  out["to_act"] = std::move(to_act);
  out["terminal"] = state.is_terminal();
  return out;
}

}  // namespace meeple::room
