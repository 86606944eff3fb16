// JSON codecs: actions in the form people and records use ({"take":"left",
// "site":0}, {"exhibit":card}, ...; docs/rules/first-giants.md "Phases and
// actions"), and the whole state, which round-trips and is checked on input
// (every card in exactly one place, set tokens adding up to 24, phase-specific
// references pointing at something real).
#include <string>

#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

Json FirstGiantsState::action_to_json(Seat seat, Action a) const {
  if (seat == kChance) return {{"draw", a}};
  if (a >= act::kTake && a < act::kTake + 8)
    return {{"take", (a - act::kTake) % 2 == 0 ? "left" : "right"}, {"site", (a - act::kTake) / 2}};
  if (a == act::kReclaim) return {{"reclaim", true}};
  if (a == act::kDecline) return {{"decline", true}};
  if (a == act::kGainAmber) return {{"gain", "amber"}};
  if (a == act::kGainPoint) return {{"gain", "point"}};
  if (a == act::kAmberForPoints) return {{"spend_amber_for_points", true}};
  if (a >= act::kResolve && a < act::kResolve + kCards) return {{"resolve", a - act::kResolve}};
  if (a >= act::kExhibit && a < act::kExhibit + kCards) return {{"exhibit", a - act::kExhibit}};
  if (a == act::kNewSet) return {{"into_set", "new"}};
  if (a >= act::kIntoSet && a < act::kCount) return {{"into_set", a - act::kIntoSet}};
  return {{"code", a}};
}

Expected<Action> FirstGiantsState::action_from_json(Seat seat, const Json& j) const {
  auto bad = [] {
    return make_error(errc::kMalformedAction,
                      "expected e.g. {\"take\":\"left\",\"site\":0}, {\"reclaim\":true}, "
                      "{\"decline\":true}, {\"gain\":\"amber\"|\"point\"}, "
                      "{\"spend_amber_for_points\":true}, {\"resolve\":card}, {\"exhibit\":card}, "
                      "{\"into_set\":\"new\"|index} or {\"draw\":card}");
  };
  if (!j.is_object() || j.size() < 1) return bad();
  auto int_in = [&](const char* key, int lo, int hi) -> int {
    if (!j.contains(key) || !j[key].is_number_integer()) return -1;
    const int v = j[key].get<int>();
    return v >= lo && v <= hi ? v : -1;
  };
  if (seat == kChance) {
    const int c = int_in("draw", 0, kCards - 1);
    return c < 0 ? Expected<Action>(bad()) : Expected<Action>(c);
  }
  if (j.contains("take")) {
    const int s = int_in("site", 0, kSites - 1);
    if (s < 0 || !j["take"].is_string()) return bad();
    const std::string side = j["take"].get<std::string>();
    if (side != "left" && side != "right") return bad();
    return act::kTake + s * 2 + (side == "right" ? 1 : 0);
  }
  if (j.contains("reclaim")) return act::kReclaim;
  if (j.contains("decline")) return act::kDecline;
  if (j.contains("spend_amber_for_points")) return act::kAmberForPoints;
  if (j.contains("gain")) {
    if (j["gain"] == "amber") return act::kGainAmber;
    if (j["gain"] == "point") return act::kGainPoint;
    return bad();
  }
  if (j.contains("resolve")) {
    const int c = int_in("resolve", 0, kCards - 1);
    return c < 0 ? Expected<Action>(bad()) : Expected<Action>(act::kResolve + c);
  }
  if (j.contains("exhibit")) {
    const int c = int_in("exhibit", 0, kCards - 1);
    return c < 0 ? Expected<Action>(bad()) : Expected<Action>(act::kExhibit + c);
  }
  if (j.contains("into_set")) {
    if (j["into_set"] == "new") return act::kNewSet;
    const int s = int_in("into_set", 0, kMaxSets - 1);
    return s < 0 ? Expected<Action>(bad()) : Expected<Action>(act::kIntoSet + s);
  }
  if (j.contains("code")) {
    const int c = int_in("code", 0, act::kCount - 1);
    return c < 0 ? Expected<Action>(bad()) : Expected<Action>(c);
  }
  return bad();
}

Json FirstGiantsState::to_json() const {
  Json deck = Json::array();
  for_each_bit(deck_, [&](int c) { deck.push_back(c); });
  Json sites = Json::array();
  for (const auto& s : site_)
    sites.push_back({s[0] == kNoCard ? -1 : s[0], s[1] == kNoCard ? -1 : s[1]});
  Json areas = Json::array();
  for (int p = 0; p < players_; ++p) {
    const PlayerArea& a = area_[p];
    Json studio = Json::array();
    for_each_bit(a.studio, [&](int c) { studio.push_back(c); });
    Json sets = Json::array();
    for (const auto& s : a.sets) {
      Json cs = Json::array();
      for (int i = 0; i < s.n; ++i) cs.push_back(s.card[i]);
      sets.push_back({{"cards", cs}, {"tokens", s.tokens}});
    }
    areas.push_back({{"studio", studio},
                     {"pawns_out", a.pawns_out},
                     {"amber", a.amber},
                     {"points", a.points},
                     {"sets", sets}});
  }
  Json pend = Json::array();
  for (const auto& pd : pending_) pend.push_back({pd.owner, pd.card});
  return {{"players", players_},
          {"phase", static_cast<int>(phase_)},
          {"active", active_},
          {"turn", turn_},
          {"deck", deck},
          {"top", top_ == kNoCard ? -1 : top_},
          {"sites", sites},
          {"areas", areas},
          {"news_holder", news_holder_},
          {"news_kept", news_kept_},
          {"reserve", reserve_},
          {"box", box_},
          {"end_triggered", end_triggered_},
          {"refill", {refill_site_, refill_slot_, refill_due_}},
          {"pending", pend},
          {"reclaim_left", reclaim_left_},
          {"effect",
           {cur_owner_, cur_card_, cur_applier_, cur_count_, cur_left_, cur_done_, cur_family_}},
          {"chosen", {chosen_card_, exhibitor_, chosen_free_, chosen_in_reclaim_}}};
}

Expected<FirstGiantsState> FirstGiantsState::from_json(const Json& j) {
  auto corrupt = [](const std::string& why) {
    return make_error(errc::kCorruptState, "first-giants state: " + why);
  };
  FirstGiantsState s;
  const int players = j.at("players").get<int>();
  if (players < 2 || players > kMaxPlayers) return corrupt("players out of range");
  s = FirstGiantsState(players);
  const int phase = j.at("phase").get<int>();
  if (phase < 0 || phase > static_cast<int>(Phase::kOver)) return corrupt("bad phase");
  s.phase_ = static_cast<Phase>(phase);
  const int active = j.at("active").get<int>();
  if (active < 0 || active >= players) return corrupt("bad active seat");
  s.active_ = static_cast<std::uint8_t>(active);
  s.turn_ = j.at("turn").get<std::uint16_t>();
  std::array<int, kCards> seen{};
  auto place = [&](int c) {
    if (c < 0 || c >= kCards) return false;
    return ++seen[c] == 1;
  };
  s.deck_ = 0;
  for (const auto& c : j.at("deck")) {
    const int id = c.get<int>();
    if (!place(id)) return corrupt("bad deck card");
    s.deck_ |= bit(id);
  }
  const int top = j.at("top").get<int>();
  if (top != -1) {
    if (!place(top)) return corrupt("bad top card");
    s.top_ = static_cast<std::uint8_t>(top);
  }
  const Json& sites = j.at("sites");
  if (!sites.is_array() || sites.size() != kSites) return corrupt("bad sites");
  for (int i = 0; i < kSites; ++i)
    for (int k = 0; k < 2; ++k) {
      const int c = sites[i].at(k).get<int>();
      if (c == -1) continue;
      if (!place(c)) return corrupt("bad site card");
      s.site_[i][k] = static_cast<std::uint8_t>(c);
    }
  const Json& areas = j.at("areas");
  if (!areas.is_array() || static_cast<int>(areas.size()) != players) return corrupt("bad areas");
  int tokens_out = 0;
  for (int p = 0; p < players; ++p) {
    const Json& a = areas[p];
    PlayerArea& pa = s.area_[p];
    for (const auto& c : a.at("studio")) {
      const int id = c.get<int>();
      if (!place(id)) return corrupt("bad studio card");
      pa.studio |= bit(id);
    }
    const int pawns = a.at("pawns_out").get<int>();
    if (pawns < 0 || pawns > 15) return corrupt("bad pawns");
    pa.pawns_out = static_cast<std::uint8_t>(pawns);
    pa.amber = a.at("amber").get<std::int16_t>();
    pa.points = a.at("points").get<std::int16_t>();
    if (pa.amber < 0 || pa.points < 0) return corrupt("negative amber or points");
    const Json& sets = a.at("sets");
    if (!sets.is_array() || sets.size() > kMaxSets) return corrupt("too many sets");
    for (const auto& sj : sets) {
      ExhibitSet es;
      const Json& cs = sj.at("cards");
      if (!cs.is_array() || cs.empty() || cs.size() > 5) return corrupt("bad set size");
      for (const auto& c : cs) {
        const int id = c.get<int>();
        if (!place(id)) return corrupt("bad set card");
        if (!set_accepts(es, card(id).family, card(id).size)) return corrupt("illegal set");
        set_add(es, static_cast<std::uint8_t>(id), card(id).family, card(id).size);
      }
      const int t = sj.at("tokens").get<int>();
      if (t < 0 || t > es.n - 1) return corrupt("bad set tokens");
      es.tokens = static_cast<std::uint8_t>(t);
      tokens_out += t;
      pa.sets.push_back(es);
    }
  }
  for (int c = 0; c < kCards; ++c)
    if (seen[c] != 1) return corrupt("every card must be in exactly one place");
  const Json& nh = j.at("news_holder");
  const Json& nk = j.at("news_kept");
  if (!nh.is_array() || nh.size() != kNews || !nk.is_array() || nk.size() != kNews)
    return corrupt("bad news");
  for (int n = 0; n < kNews; ++n) {
    const int h = nh[n].get<int>();
    if (h < -1 || h >= players) return corrupt("bad news holder");
    s.news_holder_[n] = static_cast<std::int8_t>(h);
    s.news_kept_[n] = nk[n].get<bool>();
    if (s.news_kept_[n] && h < 0) return corrupt("kept news without holder");
  }
  const int reserve = j.at("reserve").get<int>(), box = j.at("box").get<int>();
  if (reserve < 0 || box < 0 || reserve + box + tokens_out != kTotalSetTokens)
    return corrupt("set tokens do not add up");
  s.reserve_ = static_cast<std::uint8_t>(reserve);
  s.box_ = static_cast<std::uint8_t>(box);
  s.end_triggered_ = j.at("end_triggered").get<bool>();
  const Json& r = j.at("refill");
  const int rs = r.at(0).get<int>(), rk = r.at(1).get<int>();
  if (rs < 0 || rs >= kSites || rk < 0 || rk > 1) return corrupt("bad refill slot");
  s.refill_site_ = static_cast<std::uint8_t>(rs);
  s.refill_slot_ = static_cast<std::uint8_t>(rk);
  s.refill_due_ = r.at(2).get<bool>();
  // A refill is due from the take that emptied the slot until the card
  // below the deck's top turns up (kTurnUp); until refill() the slot is
  // empty. Else the refill overwrote a card (found by tests/fuzz).
  if (s.refill_due_ && s.phase_ != Phase::kTurnUp && s.site_[rs][rk] != kNoCard)
    return corrupt("a refill is due in a slot that holds a card");
  for (const auto& pd : j.at("pending")) {
    const int o = pd.at(0).get<int>(), c = pd.at(1).get<int>();
    if (o < 0 || o >= players || c < 0 || c >= kCards || s.pending_.full())
      return corrupt("bad pending effect");
    s.pending_.push_back({static_cast<std::uint8_t>(o), static_cast<std::uint8_t>(c)});
  }
  const int rl = j.at("reclaim_left").get<int>();
  if (rl < 0 || rl > kPawns) return corrupt("bad reclaim count");
  s.reclaim_left_ = static_cast<std::uint8_t>(rl);
  const Json& e = j.at("effect");
  const int eo = e.at(0).get<int>(), ec = e.at(1).get<int>(), ea = e.at(2).get<int>();
  if (eo < 0 || eo >= players || ea < 0 || ea >= players ||
      (ec != kNoCard && (ec < 0 || ec >= kCards)))
    return corrupt("bad effect");
  s.cur_owner_ = static_cast<std::uint8_t>(eo);
  s.cur_card_ = static_cast<std::uint8_t>(ec);
  s.cur_applier_ = static_cast<std::uint8_t>(ea);
  s.cur_count_ = e.at(3).get<std::uint8_t>();
  s.cur_left_ = e.at(4).get<std::uint8_t>();
  s.cur_done_ = e.at(5).get<std::uint8_t>();
  s.cur_family_ = e.at(6).get<std::uint8_t>();
  if (s.cur_done_ > 1 || s.cur_family_ >= kFamilies) return corrupt("bad effect progress");
  const Json& ch = j.at("chosen");
  const int cc = ch.at(0).get<int>(), ex = ch.at(1).get<int>();
  if ((cc != kNoCard && (cc < 0 || cc >= kCards)) || ex < 0 || ex >= players)
    return corrupt("bad chosen fossil");
  s.chosen_card_ = static_cast<std::uint8_t>(cc);
  s.exhibitor_ = static_cast<std::uint8_t>(ex);
  s.chosen_free_ = ch.at(2).get<bool>();
  s.chosen_in_reclaim_ = ch.at(3).get<bool>();
  // Phase-specific references must point at something real.
  if ((s.phase_ == Phase::kOrder && s.pending_.empty()) ||
      ((s.phase_ == Phase::kEffect || (s.phase_ == Phase::kTarget && !s.chosen_in_reclaim_)) &&
       s.cur_card_ == kNoCard) ||
      (s.phase_ == Phase::kTarget &&
       (s.chosen_card_ == kNoCard || !(s.area_[s.exhibitor_].studio & bit(s.chosen_card_)))) ||
      (s.is_chance() && s.deck_ == 0))
    return corrupt("phase does not match the turn in progress");
  // The deck is face up: a top card shows whenever cards are left, except
  // while the next one is turning up (and before the deal has finished).
  if (!s.is_chance() && s.deck_ != 0 && s.top_ == kNoCard)
    return corrupt("cards left in the deck but no top card");
  if (s.is_chance() && s.top_ != kNoCard) return corrupt("a top card while one turns up");
  return s;
}

}  // namespace meeple::first_giants
