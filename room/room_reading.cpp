// Room (room.h): what an observer reads: the board and choices in words,
// the events as it was told them, chat lines, its own decisions, the record.
#include "room/room.h"

#include <algorithm>

namespace meeple::room {

std::string Room::text_view(Seat observer, std::string_view lang, int detail) const {
  return state_.text_view(observer, lang, detail);
}

std::vector<Choice> Room::choices(Seat seat, std::string_view lang) const {
  std::vector<Choice> out;
  if (!to_act().contains(seat)) return out;
  for (Action a : state_.primary_actions(seat))
    out.push_back({a, state_.action_to_json(seat, a), state_.describe_action(seat, a, lang)});
  return out;
}

void Room::write_choices(Seat seat, std::string_view lang, JsonWriter& w) const {
  w.begin_array();
  if (to_act().contains(seat))
    for (Action a : state_.primary_actions(seat)) {
      w.begin_object();
      w.field("action", a);
      w.key("json");
      state_.write_action(seat, a, w);
      w.field("words", state_.describe_action(seat, a, lang));
      w.end_object();
    }
  w.end_array();
}

bool Room::has_free_actions(Seat seat) const {
  return to_act().contains(seat) &&
         state_.legal_actions(seat).size() != state_.primary_actions(seat).size();
}

std::vector<Choice> Room::free_choices(Seat seat, std::string_view lang) const {
  std::vector<Choice> out;
  if (!to_act().contains(seat)) return out;
  const ActionList primary = state_.primary_actions(seat);
  for (Action a : state_.legal_actions(seat))
    if (std::find(primary.begin(), primary.end(), a) == primary.end())
      out.push_back({a, state_.action_to_json(seat, a), state_.describe_action(seat, a, lang)});
  return out;
}

std::string Room::describe(Seat seat, Action a, std::string_view lang) const {
  return state_.describe_action(seat, a, lang);
}

std::string Room::event_words(std::size_t i, Seat observer, std::string_view lang) const {
  if (events_[i].chat) return {};
  const int li = language_index(lang);
  const EventWords& w = words_[i];
  if (w.empty() || li < 0 ||
      (observer != kSpectator && (observer < 0 || observer >= num_players())))
    return {};
  return w.at(observer_index(observer), static_cast<std::size_t>(li), options_.languages.size());
}

std::vector<std::string> Room::events_for(Seat observer, std::size_t from,
                                          std::string_view lang) const {
  std::vector<std::string> out;
  for (std::size_t i = from; i < events_.size(); ++i)
    if (std::string w = event_words(i, observer, lang); !w.empty()) out.push_back(std::move(w));
  return out;
}

std::vector<ChatLine> Room::chat_lines(std::size_t from, std::size_t to, std::size_t limit) const {
  // chat_events_ is sorted: the lines in [from, to) are a run of it.
  const auto first = std::lower_bound(chat_events_.begin(), chat_events_.end(), from);
  const auto last = std::lower_bound(first, chat_events_.end(), to);
  const auto n = static_cast<std::size_t>(last - first);
  return chat_before(static_cast<std::size_t>(last - chat_events_.begin()), std::min(n, limit));
}

std::vector<ChatLine> Room::chat_before(std::size_t before, std::size_t limit) const {
  before = std::min(before, chat_events_.size());
  std::vector<ChatLine> out;
  for (std::size_t k = before - std::min(before, limit); k < before; ++k) {
    const TableEvent& e = events_[chat_events_[k]];
    out.push_back({k, e.actor, e.text});
  }
  return out;
}

std::vector<Room::Decision> Room::decisions(Seat seat) const {
  // Every event but a chat line or a notice is one record entry, in the same order.
  std::vector<Decision> out;
  const GameRecord record = with_json(record_);
  std::size_t r = 0;
  for (std::size_t i = 0; i < events_.size() && r < record.actions.size(); ++i) {
    if (events_[i].chat || events_[i].notice) continue;
    const RecordedAction& a = record.actions[r++];
    if (a.seat != seat) continue;
    if (a.undo) {
      if (!out.empty()) out.pop_back();
    } else {
      out.push_back({a.json, i});
    }
  }
  return out;
}

GameRecord Room::with_json(GameRecord r) const {
  // Played again from the start as brief() does: an undo goes back to the
  // state before the decision it takes back.
  AnyState s = initial_;
  UndoTrail trail;
  for (RecordedAction& a : r.actions) {
    if (a.undo) {
      s = trail.take_back().before;
      continue;
    }
    a.json = s.action_to_json(a.seat, a.action);
    AnyState before = s;
    if (s.apply(a.seat, a.action)) break;  // cannot happen: every action was applied once
    trail.record(std::move(before), a.seat, a.action, true);
  }
  return r;
}

Expected<GameRecord> Room::record() const {
  if (!state_.is_terminal())
    return make_error(errc::kUnfinished,
                      "the record holds hidden information: it is shown once the game is over");
  GameRecord r = with_json(record_);
  r.result = state_.result_json();
  return r;
}

GameRecord Room::record_so_far() const {
  GameRecord r = with_json(record_);
  if (state_.is_terminal()) r.result = state_.result_json();
  return r;
}

}  // namespace meeple::room
