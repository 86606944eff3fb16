// Ufo!: what a seat sees. No information is hidden, so view(seat) is the
// same for every seat and determinize has nothing to re-sample.
//
// The view is written as text directly (write_view, core/json_writer.h):
// the server reads it after every action for every observer, and building
// a tree of some 600 JSON values for it cost more than the rest of an
// action. view() parses that text, so both are one definition. Keys are
// written in ascending order, as Json::dump() orders them.
#include "games/ufo/internal.h"

namespace meeple::ufo {

// The bump under way, if any: its "bump" field.
void UfoState::write_bump_view(JsonWriter& w) const {
  if (bump_space_ != kNone) {
    w.key("bump").begin_object();
    w.field("attack_bonus", att_bonus_);
    if (phase_ == Phase::kDefendDie) w.field("attack_die", att_die_);
    w.field("attacking_ufo", attacker_ufo_);
    if (supporter() != kNone) w.field("deciding_ufo", supporter());
    w.field("defence_bonus", def_bonus_);
    w.field("defender", defender_);
    if (eye_city_ != kNone) w.field("eyewitness_for", space_at(eye_city_).key);
    if (winner_ != kNone) {
      w.key("losing_ufos").begin_array();
      for (auto u : losers_) w.value(u);
      w.end_array();
    }
    w.field("space", space_at(bump_space_).key);
    if (winner_ != kNone) {
      w.field("steps_left", steps_left_);
      w.field("winner", winner_);
    }
    w.end_object();
  }
}

// The spaces in play: the "spaces" field.
void UfoState::write_spaces_view(JsonWriter& w) const {
  w.key("spaces").begin_array();
  for (int s = 0; s < kNumSpaces; ++s) {
    if (!in_play(s)) continue;
    const Space& sp = space_at(s);
    w.begin_object();
    if (sp.city) {
      w.key("eyewitnesses").begin_array();
      for (Seat p = 0; p < players_; ++p) w.value(eyewitness_[s][p]);
      w.end_array();
      w.field("id", sp.key);
      w.field("kind", "city");
      w.field("name", sp.name);
      w.field("opening_tried", ((tried_mask_ >> s) & 1u) != 0);  // rulings 3.2: one attempt a turn
      if (token_[s] != kNone) {
        w.field("resistance", resistance(s));
        w.key("restaurants").begin_array();
        for (int k = 0; k < slots(s); ++k) w.value_or_null<int>(restaurant_[s][k], kNone);
        w.end_array();
      }
    } else {
      w.field("id", sp.key);
      w.field("kind", "village");
      w.key("kiosk").value_or_null<int>(kiosk_[s], kNone);
      w.field("name", sp.name);
    }
    w.end_object();
  }
  w.end_array();
}

void UfoState::write_view(Seat, JsonWriter& w) const {
  w.begin_object();
  w.field("active", active_);
  write_bump_view(w);
  if (roller_ != kNone) {
    w.key("control_roll").begin_object();
    w.field("assistants", assist_);
    w.field("deed", kDeedNames[static_cast<int>(deed_)]);
    w.field("modifier", control_modifier(roller_) + assist_);
    w.field("resistance", resistance(ufos_[roller_].space));
    w.field("ufo", roller_);
    w.end_object();
  }
  w.field("gained_city", gained_city_);  // this turn: a condition of the new UFO
  w.field("lost_bump", lost_bump_);
  w.field("max_rounds", max_rounds_);
  w.field("phase", kPhaseNames[static_cast<int>(phase_)]);
  w.key("players").begin_array();
  for (Seat p = 0; p < players_; ++p) {
    w.begin_object();
    w.field("cities", controlled_cities(p));
    w.field("eyewitnesses_left", eyewitness_supply(p));
    w.field("kiosks_left", kiosk_supply(p));
    w.field("restaurants_left", restaurant_supply(p));
    w.field("score", score(p));
    w.field("skips_next_turn", skips_next_turn(p));
    w.field("ufos", ufos_in_play(p));
    w.key("ufos_left").begin_object();
    w.field("bumper", ufo_supply(p, UfoType::kBumper));
    w.field("sedator", ufo_supply(p, UfoType::kSedator));
    w.field("standard", ufo_supply(p, UfoType::kStandard));
    w.end_object();
    w.end_object();
  }
  w.end_array();
  w.field("round", turns_ == 0 ? 0 : (turns_ - 1) / players_ + 1);
  write_spaces_view(w);
  w.key("to_act").begin_array();
  const SeatSet ta = to_act();
  for (Seat s = 0; s < players_; ++s)
    if (ta.contains(s)) w.value(s);
  w.end_array();
  w.key("ufos").begin_array();
  for (int u = 0; u < static_cast<int>(ufos_.size()); ++u) {
    const UfoPiece& f = ufos_[u];
    w.begin_object();
    w.field("id", u);
    w.field("moved", f.moved);
    w.field("owner", f.owner);
    w.field("space", space_at(f.space).key);
    w.field("stopped", f.stopped);
    w.field("type", kTypeNames[static_cast<int>(f.type)]);
    w.field("used", f.used);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

Json UfoState::view(Seat seat) const {
  return parsed_view(*this, seat);
}

UfoState UfoState::determinize(Seat, Rng&) const {
  return *this;  // nothing is hidden
}

}  // namespace meeple::ufo
