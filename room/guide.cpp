#include "room/guide.h"

#include <algorithm>
#include <functional>
#include <optional>

#include <fmt/format.h>

#include "bots/bot.h"
#include "core/i18n.h"
#include "core/record.h"

namespace meeple::room {

namespace {

// How many events after a departure the guide retells.
constexpr std::size_t kFollowedEvents = 6;

// An event's words as a clause of a longer sentence: without its final ".".
std::string without_full_stop(std::string words) {
  while (!words.empty() && words.back() == '.') words.pop_back();
  return words;
}

// Whether a JSON value (an action's form, a view) fits a lesson's pattern
// (room/guide.h).
bool fits(const Json& when, const Json& action) {
  if (when.is_null()) return true;
  if (when.is_array()) {
    for (const Json& one : when)
      if (fits(one, action)) return true;
    return false;
  }
  if (!when.is_object()) return when == action;
  if (!action.is_object()) return false;
  for (const auto& [key, value] : when.items())
    if (!action.contains(key) || !fits(value, action[key])) return false;
  return true;
}

// What the seat saw at one of its decisions: its view and its choices.
struct Situation {
  Json view;
  std::vector<Json> choices;
};

// Whether `lesson` speaks of `now`: its `view` fits the view and its `when`
// one of the choices.
bool offers(const GuideLesson& lesson, const Situation& now) {
  if (!fits(lesson.view, now.view)) return false;
  for (const Json& c : now.choices)
    if (fits(lesson.when, c)) return true;
  return false;
}

// The seat's decisions as the guide counts them: Room::decisions less the
// script's asides.
std::vector<Room::Decision> counted(const GuideScript& script, const Room& room) {
  std::vector<Room::Decision> mine = room.decisions(script.seat);
  std::erase_if(mine, [&](const Room::Decision& d) { return fits(script.asides, d.json); });
  return mine;
}

// The seat's situation at each of its decisions (as counted() counts them),
// for those from `from` on whose action `wanted` picks (the others stay
// empty); its view only `with_view` (else null). The room's record is played
// again from the start: it holds the other seats' secrets, but only this
// seat's own view and choices are kept.
std::vector<std::optional<Situation>> situations(const GuideScript& script, const Room& room,
                                                 std::size_t from, bool with_view,
                                                 const std::function<bool(const Json&)>& wanted) {
  const Seat seat = script.seat;
  const GameRecord record = room.record_so_far();
  // Every decision of the seat (an undo takes back the latest, aside or not).
  struct Entry {
    bool aside = false;
    std::optional<Situation> situation;
  };
  std::vector<Entry> all;
  std::size_t steps = 0;  // the entries that are not asides
  std::size_t next = 0;   // the record's entry that follows the state looked at
  const auto look = [&](const AnyState& before) {
    if (next >= record.actions.size()) return;
    const RecordedAction& entry = record.actions[next++];
    if (entry.seat != seat) return;
    if (entry.undo) {
      if (all.empty()) return;
      steps -= all.back().aside ? 0 : 1;
      all.pop_back();
      return;
    }
    Entry e{.aside = fits(script.asides, entry.json)};
    if (!e.aside && steps >= from && wanted(entry.json)) {
      e.situation = Situation{.view = with_view ? before.view(seat) : Json()};
      for (Action a : before.primary_actions(seat))
        e.situation->choices.push_back(before.action_to_json(seat, a));
    }
    steps += e.aside ? 0 : 1;
    all.push_back(std::move(e));
  };
  auto start = room.game().new_game(record.params, record.players);
  if (!start) return {};
  look(*start);
  if (!replay_record(room.game(), record, look)) return {};
  std::vector<std::optional<Situation>> out;
  for (Entry& e : all)
    if (!e.aside) out.push_back(std::move(e.situation));
  return out;
}

Error corrupt(std::string_view why) {
  return make_error(errc::kCorruptGuide, fmt::format("the guide does not read: {}", why));
}

}  // namespace

Expected<GuideScript> GuideScript::of(const AnyGame& game, int part) {
  if (game.guide().empty())
    return make_error(errc::kNoGuide, fmt::format("{} has no guided game", game.name()));
  return parse(game, game.guide(), part);
}

Expected<GuideScript> GuideScript::parse(const AnyGame& game, std::string_view text, int part) {
  const Json whole = Json::parse(text, nullptr, false);
  if (!whole.is_object()) return corrupt("not a JSON object");
  const bool several = whole.contains("parts");
  if (several && (!whole["parts"].is_array() || whole["parts"].empty()))
    return corrupt("parts is a list of scripts");
  const int parts = several ? static_cast<int>(whole["parts"].size()) : 1;
  if (part < 0 || part >= parts)
    return make_error(errc::kNoGuide, fmt::format("{}'s guide has {} part(s), not part {}",
                                                  game.name(), parts, part + 1));
  const Json& j = several ? whole["parts"][static_cast<std::size_t>(part)] : whole;
  if (!j.is_object()) return corrupt("a part is a JSON object");
  GuideScript s;
  s.part = part;
  s.parts = parts;
  try {
    s.players = j.at("players").get<int>();
    s.params = j.value("params", Json::object());
    s.seed = j.at("seed").get<std::uint64_t>();
    s.seat = j.at("seat").get<Seat>();
    s.bot = j.value("bot", "");
    s.intro = j.value("intro", "");
    s.done = j.value("done", s.done);
    s.asides = j.value("asides", Json::array());
    for (const Json& st : j.at("steps")) {
      GuideStep step{.action = st.at("action"),
                     .say = st.at("say").get<std::string>(),
                     .rules = st.value("rules", ""),
                     .teaches = st.value("teaches", std::vector<std::string>{}),
                     .expect = st.value("expect", "")};
      s.steps.push_back(std::move(step));
    }
    for (const Json& l : j.value("lessons", Json::array()))
      s.lessons.push_back({.teaches = l.at("teaches").get<std::string>(),
                           .when = l.at("when"),
                           .view = l.value("view", Json()),
                           .say = l.at("say").get<std::string>(),
                           .rules = l.value("rules", "")});
  } catch (const Json::exception& e) {
    return corrupt(e.what());
  }
  if (s.players < game.min_players() || s.players > game.max_players() || s.seat < 0 ||
      s.seat >= s.players || !s.params.is_object())
    return corrupt("players, seat or params out of range");
  return s;
}

std::vector<SeatConfig> GuideScript::seats(const AnyGame& game, std::string name) const {
  std::vector<SeatConfig> out;
  for (Seat i = 0; i < players; ++i)
    if (i == seat)
      out.push_back({.kind = SeatKind::kPerson, .name = name});
    else
      out.push_back({.kind = SeatKind::kBot, .bot = bot.empty() ? default_bot(game) : bot});
  return out;
}

Json GuideNote::to_json() const {
  return {{"step", step},   {"steps", steps},           {"part", part},
          {"parts", parts}, {"on_script", on_script},   {"text", text},
          {"rules", rules}, {"suggestion", suggestion}, {"instead", instead}};
}

GuideNote guide_note(const GuideScript& script, const Room& room, std::string_view lang) {
  static const Catalog kNone;
  const Catalog& words = room.game().messages() ? *room.game().messages() : kNone;
  const Seat seat = script.seat;
  const std::vector<Room::Decision> mine = counted(script, room);
  GuideNote note;
  note.step = mine.size();
  note.steps = script.steps.size();
  note.part = script.part;
  note.parts = script.parts;
  // The first decision that was not the suggested one, if any.
  std::size_t off = mine.size();
  for (std::size_t i = 0; i < mine.size(); ++i)
    if (i >= script.steps.size() || mine[i].json != script.steps[i].action) {
      off = i;
      break;
    }
  note.on_script = off == mine.size() || off >= script.steps.size();
  // Just after a departure (until the person's next decision is made): what
  // they did, in their seat's words, and what followed.
  if (!note.on_script && off + 1 == mine.size()) {
    const std::size_t at = mine[off].event;
    std::string followed;
    for (std::size_t e = at + 1, told = 0; e < room.event_count() && told < kFollowedEvents; ++e) {
      std::string w = without_full_stop(room.event_words(e, seat, lang));
      if (w.empty()) continue;
      followed += (followed.empty() ? "" : "; ") + w;
      ++told;
    }
    note.instead = words.format("guide.instead", lang,
                                {{"taken", without_full_stop(room.event_words(at, seat, lang))}});
    // Nothing may have followed yet (the others are still to play).
    if (!followed.empty())
      note.instead += " " + words.format("guide.followed", lang, {{"followed", followed}});
  }
  if (note.on_script && note.step >= script.steps.size()) {
    // The part is over, whoever is to play: say so (and what comes next).
    note.text = words.text(script.done, lang);
    return note;
  }
  if (room.finished() || !room.must_act(seat)) return note;
  if (!note.on_script) {
    // Re-planned: the lessons whose rule the script had still to show, less
    // those already followed; then the first of them that `now` offers.
    const std::size_t n = script.lessons.size();
    std::vector<bool> open(n, false);
    for (std::size_t l = 0; l < n; ++l)
      for (std::size_t i = off; i < script.steps.size(); ++i)
        for (const auto& t : script.steps[i].teaches)
          open[l] = open[l] || t == script.lessons[l].teaches;
    const auto told = [&](const Situation& now) -> std::optional<std::size_t> {
      for (std::size_t l = 0; l < n; ++l)
        if (open[l] && offers(script.lessons[l], now)) return l;
      return std::nullopt;
    };
    // A lesson is followed by taking its action where it was told; at the
    // departure, where the step's own words told the rules it teaches.
    const auto may_follow = [&](const Json& action) {
      for (std::size_t l = 0; l < n; ++l)
        if (open[l] && fits(script.lessons[l].when, action)) return true;
      return false;
    };
    bool with_view = false;  // whether a lesson looks at the view
    for (const GuideLesson& lesson : script.lessons)
      with_view = with_view || !lesson.view.is_null();
    // The past situations only when a decision since may have followed one.
    bool replay = false;
    for (std::size_t i = off; i < mine.size(); ++i) replay = replay || may_follow(mine[i].json);
    const auto past = replay ? situations(script, room, off, with_view, may_follow)
                             : std::vector<std::optional<Situation>>{};
    for (std::size_t i = off; i < mine.size() && i < past.size(); ++i) {
      if (!past[i]) continue;
      const Json& taken = mine[i].json;
      if (i == off) {
        const auto& teaches = script.steps[off].teaches;
        for (std::size_t l = 0; l < n; ++l) {
          const GuideLesson& lesson = script.lessons[l];
          if (std::find(teaches.begin(), teaches.end(), lesson.teaches) != teaches.end() &&
              fits(lesson.view, past[i]->view) && fits(lesson.when, taken))
            open[l] = false;
        }
      } else if (const auto l = told(*past[i]); l && fits(script.lessons[*l].when, taken)) {
        open[*l] = false;
      }
    }
    Situation now;
    for (std::size_t l = 0; l < n; ++l)
      if (open[l] && !script.lessons[l].view.is_null()) {
        now.view = room.view(seat);
        break;
      }
    for (const Choice& c : room.choices(seat, lang)) now.choices.push_back(c.json);
    if (const auto l = told(now)) {
      note.text = words.text(script.lessons[*l].say, lang);
      note.rules = script.lessons[*l].rules;
      return note;
    }
    // Between lessons: the lesson goes on; after the last one: play freely.
    const bool pending = std::find(open.begin(), open.end(), true) != open.end();
    note.text = words.text(pending ? "guide.replan" : "guide.free", lang);
    return note;
  }
  const GuideStep& step = script.steps[note.step];
  bool open = false;
  for (const Choice& c : room.choices(seat, lang)) open = open || c.json == step.action;
  if (!open) {
    // The scripted move is not possible (only a bot's departure from the
    // seeded game could do this): play freely.
    note.text = words.text("guide.free", lang);
    return note;
  }
  note.text = words.text(step.say, lang);
  if (note.step == 0 && !script.intro.empty())
    note.text = words.text(script.intro, lang) + " " + note.text;
  note.rules = step.rules;
  note.suggestion = step.action;
  return note;
}

}  // namespace meeple::room
