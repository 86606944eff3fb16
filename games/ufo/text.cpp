// Ufo!: the game in words for people (terminal play, the room's events):
// describe_action, describe_event and the message catalog they read
// (games/ufo/data/messages.json, en/it/ko, place names included); the board
// (text_view) is in text_board.cpp, the shared words in words.h.
// Nothing is hidden in Ufo!, so every text shows only what view() holds, and
// an event reads the same for every observer. None of this runs in search.
#include <string>
#include <string_view>

#include "games/ufo/internal.h"
#include "games/ufo/words.h"

namespace meeple::embedded {
extern const std::string_view ufo_messages_json;
extern const std::string_view ufo_guide;
}  // namespace meeple::embedded

namespace meeple::ufo {

std::string_view Ufo::guide() {
  return embedded::ufo_guide;
}

const Catalog& Ufo::messages() {
  static const Catalog c = *Catalog::parse(embedded::ufo_messages_json);
  return c;
}

UfoState::Figures UfoState::figures(Seat p) const {
  Figures r;
  for (int c = 0; c < kNumCities; ++c) {
    for (auto o : restaurant_[c]) r.restaurant_points += o == p ? resistance(c) : 0;
    r.eyewitnesses += eyewitness_[c][p];
  }
  for (auto o : kiosk_) r.kiosks += o == p;
  r.cities = controlled_cities(p);
  r.score = score(p);
  return r;
}

std::string UfoState::describe_action(Seat seat, Action a, std::string_view lang) const {
  const Words w{lang};
  const int n = static_cast<int>(ufos_.size());
  auto ufo = [&](int u) { return ufo_words(w, *this, u, seat); };
  auto where = [&](int u) { return u < n ? w.place(ufos_[u].space) : std::string("?"); };
  if (a == act::kPass) {
    if (phase_ == Phase::kNewUfo) return w.t("do.decline_ufo");
    if (phase_ == Phase::kEyewitness)
      return w.f("do.decline_eyewitness", {{"loser", w.seat(loser_)}});
    if (phase_ == Phase::kActions) return w.t("do.end_actions");
    return w.t("do.end_movement");
  }
  if (a == act::kRoll) {
    const int need = roller_ == kNone
                         ? 0
                         : resistance(ufos_[roller_].space) - control_modifier(roller_) - assist_;
    return w.f("do.roll", {{"n", std::to_string(assist_)}, {"need", std::to_string(need)}});
  }
  if (a < act::kMoveBase) {
    static const char* const kKeys[3] = {"do.support.nobody", "do.support.attacker",
                                         "do.support.defender"};
    const int k = a - act::kSupportBase;
    return w.f(kKeys[k], {{"ufo", ufo(supporter())},
                          {"space", supporter() == kNone ? "?" : where(supporter())},
                          {"att", w.seat(active_)},
                          {"def", w.seat(defender_)}});
  }
  if (a < act::kPlaceBase) {
    const int u = (a - act::kMoveBase) / kMaxLines;
    const int k = (a - act::kMoveBase) % kMaxLines;
    if (u >= n || k >= static_cast<int>(space_at(ufos_[u].space).lines.size()))
      return w.f("do.move", {{"ufo", ufo(u)}, {"from", "?"}, {"to", "?"}});
    const int from = ufos_[u].space;
    return w.f(
        phase_ == Phase::kDisplace ? "do.push" : "do.move",
        {{"ufo", ufo(u)}, {"from", w.place(from)}, {"to", w.place(space_at(from).lines[k])}});
  }
  if (a < act::kBumpBase) {
    const int ty = (a - act::kPlaceBase) / kNumCities;
    const int c = (a - act::kPlaceBase) % kNumCities;
    return w.f(phase_ == Phase::kSetup ? "do.place" : "do.new_ufo",
               {{"type", w.type(UfoType(ty))}, {"city", w.place(c)}});
  }
  if (a < act::kEyeBase) {
    const int u = (a - act::kBumpBase) / kMaxPlayers;
    const Seat q = (a - act::kBumpBase) % kMaxPlayers;
    return w.f("do.bump", {{"ufo", ufo(u)}, {"space", where(u)}, {"def", w.seat(q)}});
  }
  if (a < act::kDeedBase) {
    return w.f("do.eyewitness", {{"loser", w.seat(loser_)},
                                 {"from", w.place(a - act::kEyeBase)},
                                 {"to", eye_city_ == kNone ? "?" : w.place(eye_city_)}});
  }
  if (a < act::kAssistBase) {
    const int u = (a - act::kDeedBase) / kNumDeeds;
    const Deed d = Deed((a - act::kDeedBase) % kNumDeeds);
    const int s = u < n ? ufos_[u].space : 0;
    switch (d) {
      case Deed::kOpenKiosk:
        return w.f("do.open_kiosk", {{"ufo", ufo(u)}, {"space", where(u)}});
      case Deed::kTakeKiosk:
        return w.f("do.take_kiosk",
                   {{"ufo", ufo(u)}, {"space", where(u)}, {"owner", w.seat(kiosk_[s])}});
      case Deed::kOpenRestaurant:
        return w.f("do.open_restaurant",
                   {{"ufo", ufo(u)},
                    {"space", where(u)},
                    {"res", std::to_string(s < kNumCities ? resistance(s) : 0)}});
      default: {
        const int k = d == Deed::kTakeRestaurant0 ? 0 : 1;
        const int owner = s < kNumCities ? restaurant_[s][k] : kNone;
        return w.f("do.take_restaurant",
                   {{"ufo", ufo(u)},
                    {"space", where(u)},
                    {"slot", std::to_string(k + 1)},
                    {"owner", w.seat(owner)},
                    {"res", std::to_string(s < kNumCities ? resistance(s) : 0)}});
      }
    }
  }
  if (a < act::kCount) {
    const int u = a - act::kAssistBase;
    return w.f("do.assist", {{"ufo", ufo(u)}, {"space", where(u)}});
  }
  return std::to_string(a);
}

std::string UfoState::describe_event(Seat, Seat actor, Action a, std::string_view lang) const {
  const Words w{lang};
  std::vector<std::string> lines;
  auto ufo = [&](int u) { return ufo_words(w, *this, u, kNone); };
  if (actor == kChance) {
    switch (phase_) {
      case Phase::kTokens: {
        const CityToken& t = board().tokens[static_cast<std::size_t>(a)];
        lines.push_back(w.f("ev.token", {{"city", w.place(next_token_city_)},
                                         {"res", std::to_string(t.resistance)},
                                         {"n", std::to_string(t.restaurants)}}));
        break;
      }
      case Phase::kAttackDie:
        lines.push_back(w.f("ev.attack_die", {{"seat", w.seat(active_)},
                                              {"die", std::to_string(a)},
                                              {"bonus", signed_number(att_bonus_)},
                                              {"total", std::to_string(a + att_bonus_)}}));
        break;
      case Phase::kDefendDie: {
        const int att = att_die_ + att_bonus_, def = a + def_bonus_;
        lines.push_back(w.f("ev.defence_die", {{"seat", w.seat(defender_)},
                                               {"die", std::to_string(a)},
                                               {"bonus", signed_number(def_bonus_)},
                                               {"total", std::to_string(def)}}));
        if (att == def) {
          lines.push_back(w.t("bump.tie"));
        } else {
          UfoState next = *this;
          next.apply_unchecked(kChance, a);
          lines.push_back(w.f("bump.wins", {{"seat", w.seat(att > def ? active_ : defender_)},
                                            {"n", std::to_string(next.steps_left_)}}));
          if (att < def) lines.push_back(w.f("bump.attacker_lost", {{"seat", w.seat(active_)}}));
        }
        break;
      }
      case Phase::kControlDie: {
        const int c = ufos_[roller_].space;
        const int mod = control_modifier(roller_) + assist_;
        lines.push_back(w.f("ev.control", {{"seat", w.seat(active_)},
                                           {"die", std::to_string(a)},
                                           {"mod", signed_number(mod)},
                                           {"total", std::to_string(a + mod)},
                                           {"res", std::to_string(resistance(c))}}));
        const bool ok = a + mod >= resistance(c);
        const int slot = deed_ == Deed::kTakeRestaurant1 ? 1 : 0;
        if (deed_ == Deed::kOpenRestaurant)
          lines.push_back(
              ok ? w.f("control.opened", {{"seat", w.seat(active_)}, {"city", w.place(c)}})
                 : w.f("control.failed_open", {{"city", w.place(c)}}));
        else
          lines.push_back(w.f(ok ? "control.taken" : "control.failed_take",
                              {{"seat", w.seat(active_)},
                               {"city", w.place(c)},
                               {"owner", w.seat(restaurant_[c][slot])}}));
        if (ok && controller(c) != active_) {
          UfoState next = *this;
          next.apply_unchecked(kChance, a);
          if (next.controller(c) == active_)
            lines.push_back(
                w.f("control.gained", {{"seat", w.seat(active_)}, {"city", w.place(c)}}));
        }
        break;
      }
      default:
        break;
    }
    return one_per_line(lines);
  }

  // A seat's decision: the imperative choices read in the third person; the
  // others name the UFO that acts.
  const std::string who = w.seat(actor);
  const int n = static_cast<int>(ufos_.size());
  if (a == act::kPass) {
    if (phase_ == Phase::kNewUfo)
      lines.push_back(w.f("ev.decline_ufo", {{"seat", who}}));
    else if (phase_ == Phase::kEyewitness)
      lines.push_back(w.f("ev.decline_eyewitness", {{"seat", who}, {"loser", w.seat(loser_)}}));
    else if (phase_ == Phase::kActions)
      lines.push_back(w.f("ev.end_actions", {{"seat", who}}));
    else
      lines.push_back(w.f("ev.end_movement", {{"seat", who}}));
  } else if (a == act::kRoll) {
    lines.push_back(w.f("ev.roll", {{"seat", who}, {"n", std::to_string(assist_)}}));
  } else if (a >= act::kMoveBase && a < act::kPlaceBase) {
    const int u = (a - act::kMoveBase) / kMaxLines;
    const int k = (a - act::kMoveBase) % kMaxLines;
    const int from = u < n ? ufos_[u].space : 0;
    const int to = k < static_cast<int>(space_at(from).lines.size()) ? space_at(from).lines[k] : 0;
    lines.push_back(
        w.f(phase_ == Phase::kDisplace ? "ev.push" : "ev.move",
            {{"seat", who}, {"ufo", ufo(u)}, {"from", w.place(from)}, {"to", w.place(to)}}));
    // rulings 3.2: a displaced UFO entering another city is seen there.
    if (phase_ == Phase::kDisplace && to < kNumCities && to != bump_space_ &&
        eyewitness_supply(loser_) > 0)
      lines.push_back(
          w.f("ev.eyewitness_added", {{"seat", w.seat(loser_)}, {"city", w.place(to)}}));
  } else if (a >= act::kPlaceBase && a < act::kBumpBase) {
    const int ty = (a - act::kPlaceBase) / kNumCities;
    const int c = (a - act::kPlaceBase) % kNumCities;
    lines.push_back(w.f(phase_ == Phase::kSetup ? "ev.place" : "ev.new_ufo",
                        {{"seat", who}, {"type", w.type(UfoType(ty))}, {"city", w.place(c)}}));
  } else if (a >= act::kBumpBase && a < act::kEyeBase) {
    const int u = (a - act::kBumpBase) / kMaxPlayers;
    const Seat q = (a - act::kBumpBase) % kMaxPlayers;
    lines.push_back(w.f("ev.bump", {{"seat", who},
                                    {"ufo", ufo(u)},
                                    {"space", u < n ? w.place(ufos_[u].space) : "?"},
                                    {"def", w.seat(q)}}));
  } else if (a >= act::kEyeBase && a < act::kDeedBase) {
    lines.push_back(w.f("ev.eyewitness", {{"seat", who},
                                          {"loser", w.seat(loser_)},
                                          {"from", w.place(a - act::kEyeBase)},
                                          {"to", eye_city_ == kNone ? "?" : w.place(eye_city_)}}));
  } else {
    lines.push_back(w.f("ev.says", {{"seat", who}, {"what", describe_action(kNone, a, lang)}}));
  }

  // What follows at once: the end of the game, skipped turns, the next turn.
  UfoState next = *this;
  next.apply_unchecked(actor, a);
  if (next.phase_ == Phase::kOver) {
    lines.push_back(w.f("game.over", {{"why", w.t(std::string("verdict.") + next.verdict())}}));
  } else if (next.turns_ > turns_) {
    const int begun = next.turns_ - turns_;
    for (int i = 1; i < begun; ++i)
      lines.push_back(w.f("turn.skip", {{"seat", w.seat(seat_after(active_, i % players_))}}));
    lines.push_back(w.f("turn.start", {{"round", std::to_string((next.turns_ - 1) / players_ + 1)},
                                       {"seat", w.seat(next.active_)}}));
  }
  return one_per_line(lines);
}

}  // namespace meeple::ufo
