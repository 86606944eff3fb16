// Ufo!: the game in words for people (terminal play, the room's events):
// text_view, describe_action, describe_event and the message catalog they
// read (games/ufo/data/messages.json, en/it/ko, place names included).
// Nothing is hidden in Ufo!, so every text shows only what view() holds, and
// an event reads the same for every observer. None of this runs in search.
#include <string>
#include <string_view>

#include "games/ufo/internal.h"

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

namespace {

// Italian place names with an article (Il Cairo) after a preposition or
// inside a sentence: "a Il Cairo" is "al Cairo", "da Il Cairo" "dal Cairo",
// "controlla Il Cairo" "controlla il Cairo"; at the start of a text or a
// line the name keeps its capital.
void with_italian_articles(std::string& text) {
  static constexpr std::pair<std::string_view, std::string_view> kJoined[] = {
      {" a Il ", " al "},   {" da Il ", " dal "}, {" di Il ", " del "}, {" in Il ", " al "},
      {" su Il ", " sul "}, {"→ Il ", "→ il "},   {", Il ", ", il "},   {" per Il ", " per il "}};
  for (const auto& [from, to] : kJoined)
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  // Any other word before it: the article in lower case.
  for (auto at = text.find(" Il Cairo"); at != std::string::npos; at = text.find(" Il Cairo", at))
    if (at > 0 && text[at - 1] != '\n' && text[at - 1] != '.' && text[at - 1] != ':')
      text.replace(at + 1, 2, "il");
    else
      ++at;
}

// The catalog in one language, with the game's recurring names.
struct Words {
  std::string_view lang;

  std::string t(std::string_view key) const { return Ufo::messages().text(key, lang); }
  std::string f(std::string_view key, const Catalog::Args& args) const {
    std::string out = Ufo::messages().format(key, lang, args);
    if (lang == "it") with_italian_articles(out);
    return out;
  }
  std::string seat(Seat p) const { return f("seat", {{"n", std::to_string(p)}}); }
  std::string place(int s) const { return t("place." + space_at(s).key); }
  std::string type(UfoType ty) const {
    return t(std::string("type.") + kTypeNames[static_cast<int>(ty)]);
  }
};

std::string signed_number(int n) {
  return (n >= 0 ? "+" : "") + std::to_string(n);
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

// An event of several sentences, one a line.
std::string one_per_line(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

}  // namespace

// "UFO 3 (Bumper, seat 1)"; the owner is left out when it is `viewer`.
static std::string ufo_words(const Words& w, const UfoState& s, int u, Seat viewer) {
  if (u < 0 || u >= static_cast<int>(s.ufos().size()))
    return w.f("ufo", {{"n", std::to_string(u)}});
  const UfoPiece& f = s.ufos()[static_cast<std::size_t>(u)];
  if (f.owner == viewer)
    return w.f("ufo_typed", {{"n", std::to_string(u)}, {"type", w.type(f.type)}});
  return w.f("ufo_of",
             {{"n", std::to_string(u)}, {"type", w.type(f.type)}, {"seat", w.seat(f.owner)}});
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

// The board being written by text_view: the words of its language, whose
// board it is, the detail asked for and the text so far.
struct UfoState::TextBoard {
  const UfoState& s;
  const std::string_view lang;  // (Words{lang}: a type of this file only)
  const Seat seat;
  const bool marked;
  const bool compact;
  std::string out;

  std::string ufo(int u) const { return ufo_words(Words{lang}, s, u, kNone); }
  // A seat, "(you)" after the observer's own wherever the board names it
  // as a player (the players' lines, who is asked, the final scores).
  std::string who(Seat p) const {
    const Words w{lang};
    return w.seat(p) + (p == seat ? " (" + w.t("you") + ")" : "");
  }
};

// The heading: round, phase, whose turn, who decides, who you are.
void UfoState::text_heading(TextBoard& b) const {
  const Words w{b.lang};
  const Seat seat = b.seat;
  const int rnd = turns_ == 0 ? 0 : (turns_ - 1) / players_ + 1;
  std::string head = w.f(
      "tv.header",
      {{"round", std::to_string(rnd)},
       {"limit", max_rounds_ > 0 ? w.f("tv.limit", {{"max", std::to_string(max_rounds_)}}) : ""},
       {"phase", w.t(std::string("phase.") + kPhaseNames[static_cast<int>(phase_)])}});
  if (phase_ != Phase::kOver && phase_ != Phase::kTokens)
    head += "; " + w.f("tv.turn_of", {{"seat", w.seat(active_)}});
  const SeatSet ta = to_act();
  for (Seat p = 0; p < players_; ++p)
    if (ta.contains(p) && p != active_) head += "; " + w.f("tv.to_decide", {{"seat", w.seat(p)}});
  if (seat >= 0 && seat < players_) head += "; " + w.f("tv.you_are", {{"seat", w.seat(seat)}});
  b.out += head + "\n";
}

// Each player's score, cities, UFOs and supplies.
void UfoState::text_players(TextBoard& b) const {
  const Words w{b.lang};
  b.out += w.t("tv.players") + "\n";
  for (Seat p = 0; p < players_; ++p) {
    b.out += "  " + w.f("tv.player", {{"seat", b.who(p)},
                                      {"score", std::to_string(score(p))},
                                      {"cities", std::to_string(controlled_cities(p))},
                                      {"ufos", std::to_string(ufos_in_play(p))},
                                      {"std", std::to_string(ufo_supply(p, UfoType::kStandard))},
                                      {"t_std", w.type(UfoType::kStandard)},
                                      {"bmp", std::to_string(ufo_supply(p, UfoType::kBumper))},
                                      {"t_bmp", w.type(UfoType::kBumper)},
                                      {"sed", std::to_string(ufo_supply(p, UfoType::kSedator))},
                                      {"t_sed", w.type(UfoType::kSedator)},
                                      {"rest", std::to_string(restaurant_supply(p))},
                                      {"kiosks", std::to_string(kiosk_supply(p))},
                                      {"eyes", std::to_string(eyewitness_supply(p))}});
    if (skips_next_turn(p)) b.out += w.t("tv.skips");
    b.out += "\n";
  }
}

// The UFOs on space `s`, each with what it did this turn.
std::vector<std::string> UfoState::text_ufos_at(const TextBoard& b, int s) const {
  const Words w{b.lang};
  const int n = static_cast<int>(ufos_.size());
  std::vector<std::string> items;
  for (int u = 0; u < n; ++u) {
    const UfoPiece& f = ufos_[u];
    if (f.space != s) continue;
    std::string item = b.ufo(u);
    std::vector<std::string> flags;
    if (f.moved) flags.push_back(w.t("tv.flag.moved"));
    if (f.stopped) flags.push_back(w.t("tv.flag.stopped"));
    if (f.used) flags.push_back(w.t("tv.flag.used"));
    if (!flags.empty()) item += " [" + joined(flags) + "]";
    items.push_back(item);
  }
  return items;
}

// The spaces in play that space `s`'s lines lead to.
std::string UfoState::text_lines_of(const TextBoard& b, int s) const {
  const Words w{b.lang};
  std::vector<std::string> to;
  for (auto x : space_at(s).lines)
    if (in_play(x)) to.push_back(w.place(x));
  return " → " + joined(to);
}

// The villages in play: kiosks, UFOs and lines.
std::string UfoState::text_villages(const TextBoard& b) const {
  const Words w{b.lang};
  std::string villages = w.t("tv.villages") + "\n";
  for (int s = kNumCities; s < kNumSpaces; ++s) {
    if (!in_play(s)) continue;
    std::vector<std::string> parts;
    if (kiosk_[s] != kNone) parts.push_back(w.f("tv.kiosk", {{"seat", w.seat(kiosk_[s])}}));
    const auto here = text_ufos_at(b, s);
    if (!here.empty()) parts.push_back(w.f("tv.ufos", {{"list", joined(here)}}));
    std::string line = "  " + w.place(s);
    if (!parts.empty()) line += ": ";
    for (std::size_t i = 0; i < parts.size(); ++i) line += (i ? "; " : "") + parts[i];
    villages += line + text_lines_of(b, s) + "\n";
  }
  return villages;
}

// The cities in play: token, restaurants, control, eyewitnesses, UFOs and (but
// compact) lines.
void UfoState::text_cities(TextBoard& b) const {
  const Words w{b.lang};
  const bool compact = b.compact;
  b.out += w.t("tv.cities") + "\n";
  for (int c = 0; c < kNumCities; ++c) {
    if (!in_play(c)) continue;
    std::vector<std::string> parts;
    if (token_[c] != kNone) {
      std::vector<std::string> slots_words;
      for (int k = 0; k < slots(c); ++k)
        slots_words.push_back(restaurant_[c][k] == kNone ? w.t("tv.free")
                                                         : w.seat(restaurant_[c][k]));
      parts.push_back(
          w.f("tv.city", {{"res", std::to_string(resistance(c))}, {"slots", joined(slots_words)}}));
    } else {
      parts.push_back(w.t("tv.no_token"));
    }
    if (controller(c) != kNone)
      parts.push_back(w.f("tv.controlled", {{"seat", w.seat(controller(c))}}));
    if ((tried_mask_ >> c) & 1u) parts.push_back(w.t("tv.tried"));
    std::vector<std::string> eyes;
    for (Seat p = 0; p < players_; ++p)
      if (eyewitness_[c][p] > 0)
        eyes.push_back(
            w.f("tv.count_of", {{"n", std::to_string(eyewitness_[c][p])}, {"seat", w.seat(p)}}));
    if (!eyes.empty()) parts.push_back(w.f("tv.eyewitnesses", {{"list", joined(eyes)}}));
    const auto here = text_ufos_at(b, c);
    if (!here.empty()) parts.push_back(w.f("tv.ufos", {{"list", joined(here)}}));
    std::string line = "  " + w.place(c) + ": ";
    for (std::size_t i = 0; i < parts.size(); ++i) line += (i ? "; " : "") + parts[i];
    b.out += line + (compact ? "" : text_lines_of(b, c)) + "\n";
  }
}

// A bump under way: who attacks whom, who is in range and whom each backs
// (rulings 3.2), the dice and the pushing.
void UfoState::text_bump(TextBoard& b) const {
  const Words w{b.lang};
  const int n = static_cast<int>(ufos_.size());
  if (lost_bump_) b.out += w.f("tv.lost_bump", {{"seat", w.seat(active_)}}) + "\n";
  if (bump_space_ != kNone) {
    b.out += w.f("tv.bump", {{"space", w.place(bump_space_)},
                             {"ufo", b.ufo(attacker_ufo_)},
                             {"att", w.seat(active_)},
                             {"def", w.seat(defender_)},
                             {"ab", signed_number(att_bonus_)},
                             {"db", signed_number(def_bonus_)}}) +
             "\n";
    // Who is in range and whom each backs (rulings 3.2).
    const std::uint64_t near = topology().neighbours[bump_space_] | bit(bump_space_);
    std::vector<std::string> range;
    bool defender_named = false;
    for (int u = 0; u < n; ++u) {
      const UfoPiece& f = ufos_[u];
      if (!((near >> f.space) & 1u)) continue;
      bool queued = false;
      for (auto v : support_queue_) queued |= v == u;
      if (u == attacker_ufo_) {
        range.push_back(w.f("tv.attacks", {{"ufo", b.ufo(u)}}));
      } else if (f.owner == active_) {
        range.push_back(w.f("tv.backs_attacker", {{"ufo", b.ufo(u)}}));
      } else if (f.owner == defender_) {
        const bool defends = !defender_named && f.space == bump_space_;
        defender_named |= defends;
        range.push_back(w.f(defends ? "tv.defends" : "tv.backs_defender", {{"ufo", b.ufo(u)}}));
      } else {
        range.push_back(w.f(queued ? "tv.undecided" : "tv.decided", {{"ufo", b.ufo(u)}}));
      }
    }
    b.out += "  " + w.f("tv.in_range", {{"list", joined(range)}}) + "\n";
    if (phase_ == Phase::kDefendDie)
      b.out += "  " + w.f("tv.attacker_rolled", {{"die", std::to_string(att_die_)}}) + "\n";
    if (winner_ != kNone) {
      std::vector<std::string> losing;
      for (auto u : losers_) losing.push_back(b.ufo(u));
      b.out += "  " +
               w.f("tv.pushing", {{"seat", w.seat(winner_)},
                                  {"n", std::to_string(steps_left_)},
                                  {"list", joined(losing)}}) +
               "\n";
    }
  }
}

// A control roll under way: the city, the deed and the roll needed.
void UfoState::text_control(TextBoard& b) const {
  const Words w{b.lang};
  if (roller_ != kNone) {
    const int c = ufos_[roller_].space;
    const int mod = control_modifier(roller_) + assist_;
    b.out += w.f("tv.control",
                 {{"city", w.place(c)},
                  {"ufo", b.ufo(roller_)},
                  {"deed", w.t(deed_ == Deed::kOpenRestaurant ? "deed.open" : "deed.take")},
                  {"res", std::to_string(resistance(c))},
                  {"mod", signed_number(mod)},
                  {"n", std::to_string(assist_)},
                  {"need", std::to_string(resistance(c) - mod)}}) +
             "\n";
  }
}

// Why a seat is asked now, when it is not plainly its own turn's step.
void UfoState::text_why(TextBoard& b) const {
  const Words w{b.lang};
  switch (phase_) {
    case Phase::kSupport:
      b.out += w.f("why.support", {{"seat", b.who(ufos_[supporter()].owner)},
                                   {"ufo", b.ufo(supporter())},
                                   {"space", w.place(bump_space_)}}) +
               "\n";
      break;
    case Phase::kDisplace:
      b.out += w.f("why.displace", {{"seat", b.who(winner_)}}) + "\n";
      break;
    case Phase::kEyewitness:
      b.out +=
          w.f("why.eyewitness",
              {{"seat", b.who(winner_)}, {"loser", w.seat(loser_)}, {"city", w.place(eye_city_)}}) +
          "\n";
      break;
    case Phase::kNewUfo:
      b.out += w.f("why.new_ufo", {{"seat", b.who(active_)},
                                   {"cities", std::to_string(controlled_cities(active_))},
                                   {"ufos", std::to_string(ufos_in_play(active_))}}) +
               "\n";
      break;
    default:
      break;
  }
}

// The end: every score with its figures.
void UfoState::text_final(TextBoard& b) const {
  const Words w{b.lang};
  if (phase_ == Phase::kOver) {
    const GameResult r = result();
    b.out += w.f("tv.final", {{"why", w.t(std::string("verdict.") + verdict())}}) + "\n";
    for (Seat p = 0; p < players_; ++p) {
      const Figures fig = figures(p);
      b.out += "  " +
               w.f("tv.final_line", {{"seat", b.who(p)},
                                     {"score", std::to_string(fig.score)},
                                     {"rest", std::to_string(fig.restaurant_points)},
                                     {"kiosks", std::to_string(fig.kiosks)},
                                     {"eyes", std::to_string(fig.eyewitnesses)},
                                     {"cities", std::to_string(fig.cities)},
                                     {"winner", r.winners.contains(p) ? w.t("tv.winner") : ""}}) +
               "\n";
    }
  }
}

// The board from the top of the screen down: the heading, the players, the
// map (a marked board has the villages above its mark and the cities, where
// UFOs open restaurants, take control and bump, after it, next to the
// prompt; compact, the cities without their lines), a bump or a control
// roll under way, why a seat is asked, and the end.
std::string UfoState::text_view(Seat seat, std::string_view lang, int level) const {
  TextBoard b{.s = *this,
              .lang = lang,
              .seat = seat,
              .marked = level >= kTextDetailMarked,
              .compact = level >= kTextDetailCompact,
              .out = {}};
  text_heading(b);
  text_players(b);
  const std::string villages = text_villages(b);
  b.out += Words{lang}.t("tv.map") + "\n";
  if (b.marked) b.out += villages + std::string(kTextDecisionMark) + "\n";
  text_cities(b);
  if (!b.marked) b.out += villages;
  text_bump(b);
  text_control(b);
  text_why(b);
  text_final(b);
  return std::move(b.out);
}

}  // namespace meeple::ufo
