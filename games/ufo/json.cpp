// Ufo!: the JSON forms of actions (for people, the protocol and records) and
// of the whole state (for tests, `meeple apply` and the store). Both
// round-trip; from_json refuses corrupt input with state/corrupt (and, by
// unreachable() in unreachable.cpp, states that break an invariant).
#include <algorithm>
#include <cctype>
#include <string>

#include <fmt/format.h>

#include "games/ufo/internal.h"

namespace meeple::ufo {

namespace {

int type_index(const std::string& name) {
  for (int t = 0; t < kNumUfoTypes; ++t)
    if (name == kTypeNames[t]) return t;
  return kNone;
}

Error malformed(const char* what) {
  return make_error(errc::kMalformedAction, what);
}

}  // namespace

// Written as text (the server writes every choice's JSON after every
// action); action_to_json reads that text, so both are one definition. Keys
// in ascending order, as Json::dump() orders them.
void UfoState::write_action(Seat seat, Action a, JsonWriter& w) const {
  w.begin_object();
  if (seat == kChance) {
    if (phase_ == Phase::kTokens) {
      const CityToken& t =
          board().tokens[static_cast<std::size_t>(std::clamp(a, 0, kNumTokens - 1))];
      w.field("city", space_at(next_token_city_ < kNumCities ? next_token_city_ : 0).key);
      w.field("resistance", t.resistance);
      w.field("restaurants", t.restaurants);
      w.field("token", a);
    } else {
      w.field("die", a);
    }
  } else if (a == act::kPass) {
    if (phase_ == Phase::kNewUfo)
      w.field("decline", "new-ufo");
    else if (phase_ == Phase::kEyewitness)
      w.field("decline", "eyewitness");
    else
      w.field("end", phase_ == Phase::kActions ? "actions" : "movement");
  } else if (a == act::kRoll) {
    w.field("roll", true);
  } else if (a < act::kMoveBase) {
    static const char* names[3] = {"nobody", "attacker", "defender"};
    w.field("support", names[a - act::kSupportBase]);
    w.field("ufo", supporter());
  } else if (a < act::kPlaceBase) {
    const int u = (a - act::kMoveBase) / kMaxLines;
    const int k = (a - act::kMoveBase) % kMaxLines;
    std::string_view to = "?";
    if (u < static_cast<int>(ufos_.size()) &&
        k < static_cast<int>(space_at(ufos_[u].space).lines.size()))
      to = space_at(space_at(ufos_[u].space).lines[k]).key;
    w.key(phase_ == Phase::kDisplace ? "push" : "move").begin_object();
    w.field("to", to);
    w.field("ufo", u);
    w.end_object();
  } else if (a < act::kBumpBase) {
    const int t = (a - act::kPlaceBase) / kNumCities;
    const int c = (a - act::kPlaceBase) % kNumCities;
    w.key(phase_ == Phase::kSetup ? "place" : "new_ufo").begin_object();
    w.field("city", space_at(c).key);
    w.field("type", kTypeNames[t]);
    w.end_object();
  } else if (a < act::kEyeBase) {
    w.key("bump").begin_object();
    w.field("defender", (a - act::kBumpBase) % kMaxPlayers);
    w.field("ufo", (a - act::kBumpBase) / kMaxPlayers);
    w.end_object();
  } else if (a < act::kDeedBase) {
    w.field("eyewitness_from", space_at(a - act::kEyeBase).key);
  } else if (a < act::kAssistBase) {
    const int u = (a - act::kDeedBase) / kNumDeeds;
    const int d = (a - act::kDeedBase) % kNumDeeds;
    w.key("deed").begin_object();
    w.field("do", kDeedNames[d]);
    if (d >= static_cast<int>(Deed::kTakeRestaurant0))
      w.field("slot", d - static_cast<int>(Deed::kTakeRestaurant0));
    w.field("ufo", u);
    w.end_object();
  } else {
    w.field("assist", a - act::kAssistBase);
  }
  w.end_object();
}

Json UfoState::action_to_json(Seat seat, Action a) const {
  std::string text;
  JsonWriter w(text);
  write_action(seat, a, w);
  return Json::parse(text);
}

namespace {
// What is wrong with a city that names none (kNone from city_at): a city's
// name or a key in other letters gets its key ("Rome": "rome").
std::string city_words(const Json& v) {
  if (!v.is_string()) return "a city is its key, as legal lists it (\"rome\")";
  auto lower = [](std::string t) {
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t;
  };
  const std::string asked = lower(v.get<std::string>());
  for (int c = 0; c < kNumCities; ++c) {
    const Space& sp = space_at(c);
    if (lower(sp.key) == asked || lower(sp.name) == asked)
      return fmt::format("{} is no city key: {}'s key is \"{}\"", v.dump(), sp.name, sp.key);
  }
  return fmt::format("{} is no city key (keys as legal lists them: \"rome\", \"new-york\", ...)",
                     v.dump());
}
// An integer field of `o` in lo..hi, else kNone - 1.
int int_at(const Json& o, const char* key, int lo, int hi) {
  if (!o.is_object() || !o.contains(key) || !o[key].is_number_integer()) return kNone - 1;
  const int v = o[key].get<int>();
  return v < lo || v > hi ? kNone - 1 : v;
}

// A city named by its key in field `key` of `o`, else kNone.
int city_at(const Json& o, const char* key) {
  if (!o.is_object() || !o.contains(key) || !o[key].is_string()) return kNone;
  const int c = board().space_by_key(o[key].get<std::string>());
  return c < kNumCities ? c : kNone;
}

// {"deed": {"ufo", "do", "slot"}}: a UFO's deed in the actions.
Expected<Action> deed_from_json(const Json& m) {
  const int u = int_at(m, "ufo", 0, kMaxUfos - 1);
  if (u < 0 || !m.contains("do") || !m["do"].is_string())
    return malformed("expected {\"ufo\", \"do\"}");
  const std::string d = m["do"].get<std::string>();
  int deed = kNone;
  if (d == "open-kiosk") deed = 0;
  if (d == "take-kiosk") deed = 1;
  if (d == "open-restaurant") deed = 2;
  if (d == "take-restaurant") {
    const int slot = int_at(m, "slot", 0, 1);
    if (slot < 0) return malformed("take-restaurant needs a slot 0 or 1");
    deed = 3 + slot;
  }
  if (deed == kNone) return malformed("unknown deed");
  return act::kDeedBase + u * kNumDeeds + deed;
}
}  // namespace

Expected<Action> UfoState::action_from_json(Seat seat, const Json& j) const {
  if (!j.is_object() || j.size() < 1) return malformed("an action is a JSON object");
  if (seat == kChance) {
    if (j.contains("token")) {
      const int t = int_at(j, "token", 0, kNumTokens - 1);
      if (t < 0) return malformed("expected {\"token\": 0..17}");
      return t;
    }
    const int f = int_at(j, "die", 1, 12);
    if (f < 0) return malformed("expected {\"die\": 1..12}");
    return f;
  }
  if (j.contains("end") || j.contains("decline")) {
    // The pass names what it ends or declines, which is this phase's.
    const Json pass = action_to_json(seat, act::kPass);
    const char* key = j.contains("end") ? "end" : "decline";
    if (!pass.contains(key) || j[key] != pass[key])
      return make_error(errc::kMalformedAction,
                        fmt::format("{} is not a pass now: it is {}", j.dump(), pass.dump()));
    return act::kPass;
  }
  if (j.contains("roll")) return act::kRoll;
  if (j.contains("support")) {
    if (!j["support"].is_string()) return malformed("support is nobody, attacker or defender");
    const std::string s = j["support"].get<std::string>();
    if (s == "nobody") return act::kSupportBase;
    if (s == "attacker") return act::kSupportBase + 1;
    if (s == "defender") return act::kSupportBase + 2;
    return malformed("support is nobody, attacker or defender");
  }
  for (const char* key : {"move", "push"}) {
    if (!j.contains(key)) continue;
    const Json& m = j[key];
    const int u = int_at(m, "ufo", 0, static_cast<int>(ufos_.size()) - 1);
    if (u < 0 || !m.contains("to") || !m["to"].is_string())
      return malformed("expected {\"ufo\", \"to\"}");
    const int to = board().space_by_key(m["to"].get<std::string>());
    const auto& lines = space_at(ufos_[u].space).lines;
    for (int k = 0; k < static_cast<int>(lines.size()); ++k)
      if (lines[k] == to) return act::kMoveBase + u * kMaxLines + k;
    return malformed("that space is not next to the UFO");
  }
  for (const char* key : {"place", "new_ufo"}) {
    if (!j.contains(key)) continue;
    const Json& m = j[key];
    const int c = city_at(m, "city");
    const int t = m.is_object() && m.contains("type") && m["type"].is_string()
                      ? type_index(m["type"].get<std::string>())
                      : kNone;
    if (c == kNone && m.is_object() && m.contains("city"))
      return make_error(errc::kMalformedAction, city_words(m["city"]));
    if (c == kNone || t == kNone) return malformed("expected {\"type\", \"city\"}");
    return act::kPlaceBase + t * kNumCities + c;
  }
  if (j.contains("bump")) {
    const int u = int_at(j["bump"], "ufo", 0, kMaxUfos - 1);
    const int q = int_at(j["bump"], "defender", 0, kMaxPlayers - 1);
    if (u < 0 || q < 0) return malformed("expected {\"bump\": {\"ufo\", \"defender\"}}");
    return act::kBumpBase + u * kMaxPlayers + q;
  }
  if (j.contains("eyewitness_from")) {
    const int c = city_at(j, "eyewitness_from");
    if (c == kNone) return make_error(errc::kMalformedAction, city_words(j["eyewitness_from"]));
    return act::kEyeBase + c;
  }
  if (j.contains("deed")) {
    return deed_from_json(j["deed"]);
  }
  if (j.contains("assist")) {
    const int u = int_at(j, "assist", 0, kMaxUfos - 1);
    if (u < 0) return malformed("expected {\"assist\": ufo}");
    return act::kAssistBase + u;
  }
  return malformed("unknown action");
}

Json UfoState::to_json() const {
  Json j;
  j["players"] = players_;
  j["max_rounds"] = max_rounds_;
  j["phase"] = static_cast<int>(phase_);
  j["active"] = active_;
  j["turns"] = turns_;
  j["next_token_city"] = next_token_city_;
  j["tokens"] = token_;
  j["kiosks"] = kiosk_;
  j["restaurants"] = restaurant_;
  j["eyewitnesses"] = eyewitness_;
  Json ufos = Json::array();
  for (const auto& f : ufos_)
    ufos.push_back({f.owner, static_cast<int>(f.type), f.space, f.moved, f.stopped, f.used});
  j["ufos"] = ufos;
  j["opened"] = tried_mask_;
  j["gained_city"] = gained_city_;
  j["skip"] = skip_mask_;
  j["lost_bump"] = lost_bump_;
  j["bump"] = {bump_space_, attacker_ufo_, defender_, att_bonus_,  def_bonus_,
               att_die_,    winner_,       loser_,    steps_left_, eye_city_};
  j["support_queue"] = std::vector<int>(support_queue_.begin(), support_queue_.end());
  j["losers"] = std::vector<int>(losers_.begin(), losers_.end());
  j["pushed"] = pushed_;
  j["roll"] = {roller_, static_cast<int>(deed_), assist_};
  return j;
}

void UfoState::count_buildings() {
  kiosks_built_.fill(0);
  restaurants_built_.fill(0);
  for (auto o : kiosk_)
    if (o != kNone) ++kiosks_built_[static_cast<std::size_t>(o)];
  for (const auto& c : restaurant_)
    for (auto o : c)
      if (o != kNone) ++restaurants_built_[static_cast<std::size_t>(o)];
}

Expected<UfoState> UfoState::from_json(const Json& j) {
  auto bad = [](const char* what) {
    return make_error(errc::kCorruptState, std::string("ufo state: ") + what);
  };
  auto in = [](const Json& v, int lo, int hi) {
    return v.is_number_integer() && v.get<int>() >= lo && v.get<int>() <= hi;
  };
  // A field out of its range, with what it holds and what it may hold.
  auto out_of_range = [](const std::string& field, const Json& v, int lo, int hi) {
    return make_error(errc::kCorruptState,
                      fmt::format("ufo state: {} is {}, not {} {} to {}", field, v.dump(),
                                  v.is_number_integer() ? "within" : "a whole number", lo, hi));
  };
  if (!j.is_object()) return bad("not an object");
  UfoState s;
  if (!in(j.at("players"), 2, kMaxPlayers))
    return out_of_range("players", j.at("players"), 2, kMaxPlayers);
  s.players_ = j["players"].get<std::uint8_t>();
  const int np = s.players_;
  if (!in(j.at("max_rounds"), 0, 250))
    return out_of_range("max_rounds", j.at("max_rounds"), 0, 250);
  s.max_rounds_ = j["max_rounds"].get<std::uint8_t>();
  if (!in(j.at("phase"), 0, static_cast<int>(Phase::kOver)))
    return out_of_range("phase", j.at("phase"), 0, static_cast<int>(Phase::kOver));
  s.phase_ = Phase(j["phase"].get<int>());
  if (!in(j.at("active"), 0, np - 1)) return out_of_range("active", j.at("active"), 0, np - 1);
  s.active_ = j["active"].get<std::int8_t>();
  // (No bound below the field's: with no round limit a game may go on.)
  if (!in(j.at("turns"), 0, 0xffff)) return out_of_range("turns", j.at("turns"), 0, 0xffff);
  s.turns_ = j["turns"].get<std::uint16_t>();
  if (!in(j.at("next_token_city"), 0, kNumCities))
    return out_of_range("next_token_city", j.at("next_token_city"), 0, kNumCities);
  s.next_token_city_ = j["next_token_city"].get<std::uint8_t>();
  const Json& tok = j.at("tokens");
  if (!tok.is_array() || tok.size() != kNumCities) return bad("tokens");
  std::uint32_t seen = 0;
  for (int c = 0; c < kNumCities; ++c) {
    if (!in(tok[c], kNone, kNumTokens - 1))
      return out_of_range(fmt::format("tokens[{}]", c), tok[c], kNone, kNumTokens - 1);
    s.token_[c] = tok[c].get<std::int8_t>();
    if (s.token_[c] != kNone) {
      if ((seen >> s.token_[c]) & 1u) return bad("token used twice");
      seen |= bit<std::uint32_t>(s.token_[c]);
      if (!s.in_play(c)) return bad("token on a city out of play");
    }
  }
  const Json& ki = j.at("kiosks");
  if (!ki.is_array() || ki.size() != kNumSpaces) return bad("kiosks");
  for (int v = 0; v < kNumSpaces; ++v) {
    if (!in(ki[v], kNone, np - 1))
      return out_of_range(fmt::format("kiosks[{}]", v), ki[v], kNone, np - 1);
    s.kiosk_[v] = ki[v].get<std::int8_t>();
    if (s.kiosk_[v] != kNone && (v < kNumCities || !s.in_play(v))) return bad("kiosk place");
  }
  const Json& re = j.at("restaurants");
  const Json& ey = j.at("eyewitnesses");
  if (!re.is_array() || re.size() != kNumCities || !ey.is_array() || ey.size() != kNumCities)
    return bad("cities");
  for (int c = 0; c < kNumCities; ++c) {
    if (!re[c].is_array() || re[c].size() != 2 || !ey[c].is_array() || ey[c].size() != kMaxPlayers)
      return bad("city");
    for (int k = 0; k < 2; ++k) {
      if (!in(re[c][k], kNone, np - 1)) return bad("restaurant");
      s.restaurant_[c][k] = re[c][k].get<std::int8_t>();
      if (s.restaurant_[c][k] != kNone && k >= s.slots(c)) return bad("restaurant slot");
    }
    for (int p = 0; p < kMaxPlayers; ++p) {
      if (!in(ey[c][p], 0, kEyewitnessSupply) || (p >= np && ey[c][p].get<int>() != 0))
        return bad("eyewitness");
      s.eyewitness_[c][p] = ey[c][p].get<std::uint8_t>();
    }
  }
  const Json& uf = j.at("ufos");
  if (!uf.is_array() || uf.size() > kMaxUfos) return bad("ufos");
  for (const Json& f : uf) {
    if (!f.is_array() || f.size() != 6 || !in(f[0], 0, np - 1) || !in(f[1], 0, 2) ||
        !in(f[2], 0, kNumSpaces - 1) || !f[3].is_boolean() || !f[4].is_boolean() ||
        !f[5].is_boolean())
      return bad("ufo");
    UfoPiece p;
    p.owner = f[0].get<std::int8_t>();
    p.type = UfoType(f[1].get<int>());
    p.space = f[2].get<std::uint8_t>();
    p.moved = f[3].get<bool>();
    p.stopped = f[4].get<bool>();
    p.used = f[5].get<bool>();
    if (!s.in_play(p.space)) return bad("ufo out of play");
    s.add_ufo(p);
  }
  s.count_buildings();
  for (Seat p = 0; p < np; ++p)
    if (s.restaurant_supply(p) < 0 || s.kiosk_supply(p) < 0 || s.eyewitness_supply(p) < 0 ||
        s.ufo_supply(p, UfoType::kStandard) < 0 || s.ufo_supply(p, UfoType::kBumper) < 0 ||
        s.ufo_supply(p, UfoType::kSedator) < 0)
      return bad("supply exceeded");
  if (!in(j.at("opened"), 0, (1 << kNumCities) - 1) || !in(j.at("skip"), 0, (1 << np) - 1) ||
      !j.at("lost_bump").is_boolean())
    return bad("turn flags");
  s.tried_mask_ = j["opened"].get<std::uint16_t>();
  if (j.contains("gained_city")) {  // (absent in states saved before RULINGS 3.2 asked for it)
    if (!j["gained_city"].is_boolean()) return bad("turn flags");
    s.gained_city_ = j["gained_city"].get<bool>();
  }
  s.skip_mask_ = j["skip"].get<std::uint8_t>();
  s.lost_bump_ = j["lost_bump"].get<bool>();
  const Json& b = j.at("bump");
  const int nu = static_cast<int>(s.ufos_.size());
  if (!b.is_array() || b.size() != 10 || !in(b[0], kNone, kNumSpaces - 1) ||
      !in(b[1], kNone, nu - 1) || !in(b[2], kNone, np - 1) || !in(b[3], -10, 40) ||
      !in(b[4], -10, 40) || !in(b[5], 0, 6) || !in(b[6], kNone, np - 1) ||
      !in(b[7], kNone, np - 1) || !in(b[8], 0, 100) || !in(b[9], kNone, kNumCities - 1))
    return bad("bump");
  s.bump_space_ = b[0].get<std::int8_t>();
  s.attacker_ufo_ = b[1].get<std::int8_t>();
  s.defender_ = b[2].get<std::int8_t>();
  s.att_bonus_ = b[3].get<std::int8_t>();
  s.def_bonus_ = b[4].get<std::int8_t>();
  s.att_die_ = b[5].get<std::int8_t>();
  s.winner_ = b[6].get<std::int8_t>();
  s.loser_ = b[7].get<std::int8_t>();
  s.steps_left_ = b[8].get<std::int8_t>();
  s.eye_city_ = b[9].get<std::int8_t>();
  const Json& sq = j.at("support_queue");
  const Json& lo = j.at("losers");
  if (!sq.is_array() || sq.size() > kMaxUfos || !lo.is_array() || lo.size() > kMaxUfos)
    return bad("queues");
  for (const Json& v : sq) {
    if (!in(v, 0, nu - 1)) return bad("support queue");
    s.support_queue_.push_back(v.get<std::uint8_t>());
  }
  for (const Json& v : lo) {
    if (!in(v, 0, nu - 1)) return bad("losers");
    s.losers_.push_back(v.get<std::uint8_t>());
  }
  const Json& pu = j.at("pushed");
  if (!pu.is_array() || pu.size() != kMaxUfos) return bad("pushed");
  for (int u = 0; u < kMaxUfos; ++u) {
    if (!in(pu[u], 0, 1)) return bad("pushed");
    s.pushed_[u] = pu[u].get<std::uint8_t>();
  }
  const Json& r = j.at("roll");
  if (!r.is_array() || r.size() != 3 || !in(r[0], kNone, nu - 1) || !in(r[1], 0, kNumDeeds - 1) ||
      !in(r[2], 0, kMaxUfos))
    return bad("roll");
  s.roller_ = r[0].get<std::int8_t>();
  s.deed_ = Deed(r[1].get<int>());
  s.assist_ = r[2].get<std::int8_t>();
  // The phase's own context must be present.
  switch (s.phase_) {
    case Phase::kTokens:
      if (s.next_token_city_ >= kNumCities) return bad("tokens phase");
      break;
    case Phase::kSupport:
      if (s.support_queue_.empty() || s.bump_space_ == kNone) return bad("support phase");
      if (!s.bump_sides_present()) return bad("bump");
      break;
    case Phase::kAttackDie:
    case Phase::kDefendDie:
      if (s.bump_space_ == kNone || s.defender_ == kNone) return bad("die phase");
      if (!s.bump_sides_present()) return bad("bump");
      break;
    case Phase::kDisplace:
    case Phase::kEyewitness:
      if (s.winner_ == kNone || s.loser_ == kNone || s.losers_.empty()) return bad("displacement");
      if (s.phase_ == Phase::kEyewitness && s.eye_city_ == kNone) return bad("eyewitness phase");
      break;
    case Phase::kAssist:
    case Phase::kControlDie:
      if (s.roller_ == kNone || !board().spaces[s.ufos_[s.roller_].space].city ||
          s.deed_ < Deed::kOpenRestaurant)
        return bad("control roll");
      break;
    default:
      break;
  }
  // The view shows a roll in progress whenever roller_ is set, reading its
  // UFO's city: a roller outside these phases (whose UFO may stand between
  // cities) is refused.
  if (s.roller_ != kNone && s.phase_ != Phase::kAssist && s.phase_ != Phase::kControlDie)
    return bad("a control roll outside its phases");
  if (!s.is_terminal() && !s.is_chance()) {
    ActionList legal;
    s.legal_in_phase(legal);
    if (legal.empty()) return bad("nobody can act");
  }
  if (const char* why = s.unreachable()) return bad(why);
  return s;
}

}  // namespace meeple::ufo
