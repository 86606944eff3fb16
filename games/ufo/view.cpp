// Ufo!: what a seat sees. No information is hidden, so view(seat) is the
// same for every seat and determinize has nothing to re-sample.
#include "games/ufo/internal.h"

namespace meeple::ufo {

Json UfoState::view(Seat) const {
  Json v;
  v["phase"] = kPhaseNames[static_cast<int>(phase_)];
  v["to_act"] = Json::array();
  const SeatSet ta = to_act();
  for (Seat s = 0; s < players_; ++s)
    if (ta.contains(s)) v["to_act"].push_back(s);
  v["active"] = active_;
  v["round"] = turns_ == 0 ? 0 : (turns_ - 1) / players_ + 1;
  v["max_rounds"] = max_rounds_;
  Json players = Json::array();
  for (Seat p = 0; p < players_; ++p) {
    players.push_back({{"cities", controlled_cities(p)},
                       {"score", score(p)},
                       {"ufos", ufos_in_play(p)},
                       {"restaurants_left", restaurant_supply(p)},
                       {"kiosks_left", kiosk_supply(p)},
                       {"eyewitnesses_left", eyewitness_supply(p)},
                       {"ufos_left",
                        {{"standard", ufo_supply(p, UfoType::kStandard)},
                         {"bumper", ufo_supply(p, UfoType::kBumper)},
                         {"sedator", ufo_supply(p, UfoType::kSedator)}}},
                       {"skips_next_turn", skips_next_turn(p)}});
  }
  v["players"] = players;
  Json spaces = Json::array();
  for (int s = 0; s < kNumSpaces; ++s) {
    if (!in_play(s)) continue;
    Json o = {{"id", space_at(s).key},
              {"name", space_at(s).name},
              {"kind", space_at(s).city ? "city" : "village"}};
    if (space_at(s).city) {
      if (token_[s] != kNone) {
        o["resistance"] = resistance(s);
        o["restaurants"] = Json::array();
        for (int k = 0; k < slots(s); ++k)
          o["restaurants"].push_back(restaurant_[s][k] == kNone ? Json(nullptr)
                                                                : Json(restaurant_[s][k]));
      }
      o["opening_tried"] = ((tried_mask_ >> s) & 1u) != 0;  // RULINGS 3.2: one attempt a turn
      o["eyewitnesses"] = Json::array();
      for (Seat p = 0; p < players_; ++p) o["eyewitnesses"].push_back(eyewitness_[s][p]);
    } else {
      o["kiosk"] = kiosk_[s] == kNone ? Json(nullptr) : Json(kiosk_[s]);
    }
    spaces.push_back(o);
  }
  v["spaces"] = spaces;
  Json ufos = Json::array();
  for (int u = 0; u < static_cast<int>(ufos_.size()); ++u) {
    const UfoPiece& f = ufos_[u];
    ufos.push_back({{"id", u},
                    {"owner", f.owner},
                    {"type", kTypeNames[static_cast<int>(f.type)]},
                    {"space", space_at(f.space).key},
                    {"moved", f.moved},
                    {"stopped", f.stopped},
                    {"used", f.used}});
  }
  v["ufos"] = ufos;
  v["lost_bump"] = lost_bump_;
  v["gained_city"] = gained_city_;  // this turn: a condition of the new UFO
  if (bump_space_ != kNone) {
    Json b = {{"space", space_at(bump_space_).key},
              {"attacking_ufo", attacker_ufo_},
              {"defender", defender_},
              {"attack_bonus", att_bonus_},
              {"defence_bonus", def_bonus_}};
    if (phase_ == Phase::kDefendDie) b["attack_die"] = att_die_;
    if (supporter() != kNone) b["deciding_ufo"] = supporter();
    if (winner_ != kNone) {
      b["winner"] = winner_;
      b["steps_left"] = steps_left_;
      b["losing_ufos"] = Json::array();
      for (auto u : losers_) b["losing_ufos"].push_back(u);
    }
    if (eye_city_ != kNone) b["eyewitness_for"] = space_at(eye_city_).key;
    v["bump"] = b;
  }
  if (roller_ != kNone) {
    v["control_roll"] = {{"ufo", roller_},
                         {"deed", kDeedNames[static_cast<int>(deed_)]},
                         {"modifier", control_modifier(roller_) + assist_},
                         {"resistance", resistance(ufos_[roller_].space)},
                         {"assistants", assist_}};
  }
  return v;
}

UfoState UfoState::determinize(Seat, Rng&) const {
  return *this;  // nothing is hidden
}

}  // namespace meeple::ufo
