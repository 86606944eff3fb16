// Ufo!: text_view, describe_action and describe_event for terminal play
// (meeple play ufo).
// Nothing is hidden in Ufo!, so the text shows only what view() holds: the
// phase, the players' supplies and scores, the cities, the villages with a
// kiosk or a UFO, the UFOs and the bump or control roll in progress. English
// for every language (the map data has English names only).
#include <string>
#include <string_view>

#include "games/ufo/internal.h"

namespace meeple::ufo {

namespace {

const char* const kTypeWords[kNumUfoTypes] = {"Standard", "Bumper", "Sedator"};
const char* const kTypeTags[kNumUfoTypes] = {"Std", "Bmp", "Sed"};
const char* const kPhaseWords[] = {
    "city tokens",    "setup",          "movement",     "bump",       "support",
    "attacker's die", "defender's die", "displacement", "eyewitness", "actions",
    "assistance",     "control die",    "new UFO",      "game over"};

std::string seat_word(Seat p) {
  return "seat " + std::to_string(p);
}

std::string signed_number(int n) {
  return (n >= 0 ? "+" : "") + std::to_string(n);
}

std::string pad(std::string s, std::size_t width) {
  s.append(s.size() < width ? width - s.size() : 1, ' ');  // at least one space
  return s;
}

}  // namespace

std::string UfoState::describe_action(Seat seat, Action a, std::string_view) const {
  const int n = static_cast<int>(ufos_.size());
  auto ufo_words = [&](int u) {
    if (u < 0 || u >= n) return "UFO #" + std::to_string(u);
    const UfoPiece& f = ufos_[u];
    std::string w = "UFO #" + std::to_string(u) + " (" + kTypeWords[static_cast<int>(f.type)];
    if (f.owner != seat) w += ", " + seat_word(f.owner);
    return w + ")";
  };
  if (a == act::kPass) {
    if (phase_ == Phase::kNewUfo) return "take no new UFO and end the turn";
    if (phase_ == Phase::kActions) return "end actions";
    return "end movement";
  }
  if (a == act::kRoll) {
    const int need = roller_ == kNone
                         ? 0
                         : resistance(ufos_[roller_].space) - control_modifier(roller_) - assist_;
    return "roll the control die now with " + std::to_string(assist_) + " assistant(s) (need " +
           std::to_string(need) + "+ on the d12)";
  }
  if (a < act::kMoveBase) {
    const int k = a - act::kSupportBase;
    const std::string who = ufo_words(supporter());
    if (k == 0) return who + " supports nobody";
    if (k == 1) return who + " supports the attacker (" + seat_word(active_) + ")";
    return who + " supports the defender (" + seat_word(defender_) + ")";
  }
  if (a < act::kPlaceBase) {
    const int u = (a - act::kMoveBase) / kMaxLines;
    const int k = (a - act::kMoveBase) % kMaxLines;
    if (u >= n || k >= static_cast<int>(space_at(ufos_[u].space).lines.size()))
      return "move " + ufo_words(u);
    const int from = ufos_[u].space;
    const int to = space_at(from).lines[k];
    return std::string(phase_ == Phase::kDisplace ? "push " : "move ") + ufo_words(u) + " from " +
           space_at(from).name + " to " + space_at(to).name;
  }
  if (a < act::kBumpBase) {
    const int t = (a - act::kPlaceBase) / kNumCities;
    const int c = (a - act::kPlaceBase) % kNumCities;
    if (phase_ == Phase::kSetup) return "place your 2 Standard UFOs in " + space_at(c).name;
    return "take a new " + std::string(kTypeWords[t]) + " UFO in " + space_at(c).name;
  }
  if (a < act::kEyeBase) {
    const int u = (a - act::kBumpBase) / kMaxPlayers;
    const Seat q = (a - act::kBumpBase) % kMaxPlayers;
    return ufo_words(u) + (u < n ? " in " + space_at(ufos_[u].space).name : std::string()) +
           " bumps " + seat_word(q);
  }
  if (a < act::kDeedBase) {
    const int c = a - act::kEyeBase;
    std::string w = "move an eyewitness of " + seat_word(loser_) + " from " + space_at(c).name;
    if (eye_city_ != kNone) w += " to " + space_at(eye_city_).name;
    return w;
  }
  if (a < act::kAssistBase) {
    const int u = (a - act::kDeedBase) / kNumDeeds;
    const int d = (a - act::kDeedBase) % kNumDeeds;
    const std::string where = u < n ? space_at(ufos_[u].space).name : std::string("?");
    std::string what;
    switch (Deed(d)) {
      case Deed::kOpenKiosk:
        what = "opens a kiosk in " + where;
        break;
      case Deed::kTakeKiosk:
        what = "takes over the kiosk in " + where;
        if (u < n && kiosk_[ufos_[u].space] != kNone)
          what += " from " + seat_word(kiosk_[ufos_[u].space]);
        break;
      case Deed::kOpenRestaurant:
        what = "tries to open a restaurant in " + where + " (control roll)";
        break;
      default: {
        const int k = d == static_cast<int>(Deed::kTakeRestaurant0) ? 0 : 1;
        what = "tries to take over restaurant " + std::to_string(k + 1) + " in " + where;
        if (u < n && restaurant_[ufos_[u].space][k] != kNone)
          what += " from " + seat_word(restaurant_[ufos_[u].space][k]);
        what += " (control roll)";
      }
    }
    return ufo_words(u) + " " + what;
  }
  if (a < act::kCount) {
    const int u = a - act::kAssistBase;
    return ufo_words(u) + (u < n ? " in " + space_at(ufos_[u].space).name : std::string()) +
           " assists the control roll (+1)";
  }
  return "action " + std::to_string(a);
}

std::string UfoState::text_view(Seat seat, std::string_view) const {
  const int n = static_cast<int>(ufos_.size());
  std::string out = "Ufo! round " + std::to_string(turns_ == 0 ? 0 : (turns_ - 1) / players_ + 1);
  if (max_rounds_ > 0) out += " of " + std::to_string(max_rounds_);
  out += ", " + std::string(kPhaseWords[static_cast<int>(phase_)]);
  if (phase_ != Phase::kOver) out += ", turn of " + seat_word(active_);
  const SeatSet ta = to_act();
  for (Seat p = 0; p < players_; ++p)
    if (ta.contains(p) && p != active_) out += ", " + seat_word(p) + " to decide";
  if (seat >= 0 && seat < players_) out += " (you are " + seat_word(seat) + ")";
  out += "\n";

  out += "Seat  score cities ufos  left: Std Bmp Sed rest kiosk eyew\n";
  for (Seat p = 0; p < players_; ++p) {
    out += pad(std::to_string(p) + (p == seat ? "*" : ""), 6) + pad(std::to_string(score(p)), 6) +
           pad(std::to_string(controlled_cities(p)), 7) + pad(std::to_string(ufos_in_play(p)), 12) +
           pad(std::to_string(ufo_supply(p, UfoType::kStandard)), 4) +
           pad(std::to_string(ufo_supply(p, UfoType::kBumper)), 4) +
           pad(std::to_string(ufo_supply(p, UfoType::kSedator)), 4) +
           pad(std::to_string(restaurant_supply(p)), 5) + pad(std::to_string(kiosk_supply(p)), 6) +
           std::to_string(eyewitness_supply(p));
    if (skips_next_turn(p)) out += "  (skips next turn)";
    out += "\n";
  }

  auto ufos_at = [&](int s) {
    std::string w;
    for (int u = 0; u < n; ++u) {
      const UfoPiece& f = ufos_[u];
      if (f.space != s) continue;
      w += " #" + std::to_string(u) + ":s" + std::to_string(f.owner) +
           kTypeTags[static_cast<int>(f.type)];
      std::string flags;
      if (f.moved) flags += "m";
      if (f.stopped) flags += "x";
      if (f.used) flags += "u";
      if (!flags.empty()) w += "[" + flags + "]";
    }
    return w;
  };

  out += "Cities (res = resistance; rest = restaurant owners; eyew = eyewitnesses by seat):\n";
  for (int c = 0; c < kNumCities; ++c) {
    if (!in_play(c)) continue;
    std::string line = "  " + pad(space_at(c).name, 15);
    if (token_[c] != kNone) {
      line += "res " + std::to_string(resistance(c)) + " rest";
      for (int k = 0; k < slots(c); ++k)
        line += restaurant_[c][k] == kNone ? " -" : " s" + std::to_string(restaurant_[c][k]);
    } else {
      line += "no token yet";
    }
    std::string eyes;
    for (Seat p = 0; p < players_; ++p)
      if (eyewitness_[c][p] > 0)
        eyes += " s" + std::to_string(p) + "x" + std::to_string(eyewitness_[c][p]);
    if (!eyes.empty()) line += "  eyew" + eyes;
    for (Seat p = 0; p < players_; ++p)
      if (controls(p, c)) line += "  controlled by " + seat_word(p);
    const std::string here = ufos_at(c);
    if (!here.empty()) line += "  UFOs" + here;
    out += line + "\n";
  }

  std::string villages;
  for (int s = kNumCities; s < kNumSpaces; ++s) {
    if (!in_play(s)) continue;
    const std::string here = ufos_at(s);
    if (kiosk_[s] == kNone && here.empty()) continue;
    villages += "  " + pad(space_at(s).name, 15);
    if (kiosk_[s] != kNone) villages += "kiosk s" + std::to_string(kiosk_[s]);
    if (!here.empty()) villages += (kiosk_[s] != kNone ? "  UFOs" : "UFOs") + here;
    villages += "\n";
  }
  if (!villages.empty()) out += "Villages with a kiosk or a UFO:\n" + villages;
  out +=
      "UFOs: #id:s<seat><Std/Bmp/Sed = Standard/Bumper/Sedator>, [m] moved, [x] stopped, [u] "
      "used\n";

  if (lost_bump_) out += seat_word(active_) + " lost a bump as attacker this turn\n";
  if (bump_space_ != kNone) {
    out += "Bump in " + space_at(bump_space_).name + ": UFO #" + std::to_string(attacker_ufo_) +
           " of " + seat_word(active_) + " attacks " + seat_word(defender_) + ", bonus " +
           signed_number(att_bonus_) + " vs " + signed_number(def_bonus_);
    if (phase_ == Phase::kDefendDie) out += ", attacker rolled " + std::to_string(att_die_);
    if (supporter() != kNone) out += "; UFO #" + std::to_string(supporter()) + " to decide support";
    if (winner_ != kNone) {
      out += "; " + seat_word(winner_) + " won, " + std::to_string(steps_left_) +
             " step(s) left, losing UFOs";
      for (auto u : losers_) out += " #" + std::to_string(u);
    }
    if (eye_city_ != kNone) out += "; an eyewitness is moving to " + space_at(eye_city_).name;
    out += "\n";
  }
  if (roller_ != kNone) {
    static const char* const kDeedWords[kNumDeeds] = {"open a kiosk", "take a kiosk",
                                                      "open a restaurant", "take restaurant 1",
                                                      "take restaurant 2"};
    const int c = ufos_[roller_].space;
    out += "Control roll: UFO #" + std::to_string(roller_) + " to " +
           kDeedWords[static_cast<int>(deed_)] + " in " + space_at(c).name + ", resistance " +
           std::to_string(resistance(c)) + ", modifier " +
           signed_number(control_modifier(roller_) + assist_) + " (" + std::to_string(assist_) +
           " assistant(s)); d12 + modifier must reach the resistance\n";
  }
  if (phase_ == Phase::kOver) out += "The game is over.\n";
  return out;
}

std::string UfoState::describe_event(Seat, Seat actor, Action a, std::string_view lang) const {
  if (actor != kChance) return seat_word(actor) + ": " + describe_action(actor, a, lang);
  switch (phase_) {
    case Phase::kTokens: {
      const CityToken& t = board().tokens[static_cast<std::size_t>(a)];
      return space_at(next_token_city_).name + " gets a city token: resistance " +
             std::to_string(t.resistance) + ", " + std::to_string(t.restaurants) +
             (t.restaurants == 1 ? " restaurant" : " restaurants");
    }
    case Phase::kAttackDie:
      return "the attacker (" + seat_word(active_) + ") rolls " + std::to_string(a) + " " +
             signed_number(att_bonus_) + " = " + std::to_string(a + att_bonus_);
    case Phase::kDefendDie: {
      const int att = att_die_ + att_bonus_, def = a + def_bonus_;
      return "the defender (" + seat_word(defender_) + ") rolls " + std::to_string(a) + " " +
             signed_number(def_bonus_) + " = " + std::to_string(def) +
             (att > def   ? ": the attacker wins the bump"
              : att < def ? ": the defender wins the bump"
                          : ": a tie, both roll again");
    }
    case Phase::kControlDie:
      return seat_word(active_) + " rolls " + std::to_string(a) + " on the control die";
    default:
      return {};
  }
}

}  // namespace meeple::ufo
