// JSON codecs: actions in the form people and records use ({"take":"left",
// "site":0}, {"exhibit":card}, ...; docs/rules/first-giants.md "Phases and
// actions"), and the whole state, which round-trips and is checked on input:
// every value in its range, every card in exactly one place, set tokens
// adding up to 24, and the invariants play keeps between the fields
// (unreachable(): the turn in progress, the effect being resolved, the set
// and News tokens), so that a state that loads plays on to states that load.
#include <algorithm>
#include <string>

#include <fmt/format.h>

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
  // Integers are read as int and checked before they are narrowed.
  auto in = [](const Json& v, int lo, int hi) {
    if (!v.is_number_integer()) return false;
    const long long x = v.get<long long>();
    return x >= lo && x <= hi;
  };
  // A field out of its range, with what it holds and what it may hold.
  auto out_of_range = [&](const std::string& field, const Json& v, int lo, int hi) {
    std::string shown = v.dump();
    if (shown.size() > 40) shown = shown.substr(0, 37) + "...";
    return corrupt(fmt::format("{} is {}, not {} {} to {}", field, shown,
                               v.is_number_integer() ? "within" : "a whole number within", lo, hi));
  };
  // A list of the wrong length.
  auto length = [&](const std::string& field, const Json& v, const std::string& expected) {
    return corrupt(v.is_array()
                       ? fmt::format("{} holds {} entries, not {}", field, v.size(), expected)
                       : fmt::format("{} is a list of {}, not {}", field, expected, v.type_name()));
  };
  if (!j.is_object()) return corrupt("a state is a JSON object");
  if (!in(j.at("players"), 2, kMaxPlayers))
    return out_of_range("players", j.at("players"), 2, kMaxPlayers);
  const int players = j.at("players").get<int>();
  // A new game of this size: the deal, the set tokens of the reserve and
  // the box, and what the deal phase must still hold.
  const FirstGiantsState fresh(players);
  FirstGiantsState s = fresh;
  if (!in(j.at("phase"), 0, static_cast<int>(Phase::kOver)))
    return out_of_range("phase", j.at("phase"), 0, static_cast<int>(Phase::kOver));
  s.phase_ = static_cast<Phase>(j.at("phase").get<int>());
  if (!in(j.at("active"), 0, players - 1))
    return out_of_range("active", j.at("active"), 0, players - 1);
  s.active_ = static_cast<std::uint8_t>(j.at("active").get<int>());
  if (!in(j.at("turn"), 0, 0xffff)) return out_of_range("turn", j.at("turn"), 0, 0xffff);
  s.turn_ = static_cast<std::uint16_t>(j.at("turn").get<int>());
  std::array<int, kCards> seen{};
  // A card's place: a card number, in no other place yet; what is wrong
  // with it otherwise.
  auto place = [&](const std::string& field, const Json& c) -> MaybeError {
    if (!in(c, 0, kCards - 1)) return out_of_range(field, c, 0, kCards - 1);
    if (++seen[c.get<int>()] != 1)
      return corrupt(
          fmt::format("{} is card {}, which is already in another place (every card "
                      "is in exactly one place)",
                      field, c.get<int>()));
    return std::nullopt;
  };
  s.deck_ = 0;
  const Json& deck = j.at("deck");
  if (!deck.is_array()) return length("deck", deck, "card numbers");
  for (std::size_t k = 0; k < deck.size(); ++k) {
    if (auto e = place(fmt::format("deck[{}]", k), deck[k])) return *e;
    s.deck_ |= bit(deck[k].get<int>());
  }
  const Json& top = j.at("top");
  if (!in(top, -1, kCards - 1)) return out_of_range("top", top, -1, kCards - 1);
  if (top.get<int>() != -1) {
    if (auto e = place("top", top)) return *e;
    s.top_ = static_cast<std::uint8_t>(top.get<int>());
  }
  const Json& sites = j.at("sites");
  if (!sites.is_array() || sites.size() != kSites)
    return length("sites", sites, fmt::format("one per dig site ({})", kSites));
  for (int i = 0; i < kSites; ++i) {
    if (!sites[i].is_array() || sites[i].size() != 2)
      return length(fmt::format("sites[{}]", i), sites[i], "2 (a card or -1 each)");
    for (int k = 0; k < 2; ++k) {
      const Json& c = sites[i][k];
      const std::string field = fmt::format("sites[{}][{}]", i, k);
      if (!in(c, -1, kCards - 1)) return out_of_range(field, c, -1, kCards - 1);
      if (c.get<int>() == -1) continue;
      if (auto e = place(field, c)) return *e;
      s.site_[i][k] = static_cast<std::uint8_t>(c.get<int>());
    }
  }
  const Json& areas = j.at("areas");
  if (!areas.is_array() || static_cast<int>(areas.size()) != players)
    return length("areas", areas, fmt::format("one per player ({})", players));
  int tokens_out = 0;
  for (int p = 0; p < players; ++p) {
    const Json& a = areas[p];
    const std::string at = fmt::format("areas[{}].", p);
    PlayerArea& pa = s.area_[p];
    const Json& studio = a.at("studio");
    if (!studio.is_array()) return length(at + "studio", studio, "card numbers");
    for (std::size_t k = 0; k < studio.size(); ++k) {
      if (auto e = place(fmt::format("{}studio[{}]", at, k), studio[k])) return *e;
      pa.studio |= bit(studio[k].get<int>());
    }
    // pawns_out: a bit per dig site.
    if (!in(a.at("pawns_out"), 0, (1 << kSites) - 1))
      return out_of_range(at + "pawns_out", a.at("pawns_out"), 0, (1 << kSites) - 1);
    pa.pawns_out = static_cast<std::uint8_t>(a.at("pawns_out").get<int>());
    // Gains stop at kMaxAmount (rules_internal.h), so play keeps them in range.
    if (!in(a.at("amber"), 0, kMaxAmount))
      return out_of_range(at + "amber", a.at("amber"), 0, kMaxAmount);
    if (!in(a.at("points"), 0, kMaxAmount))
      return out_of_range(at + "points", a.at("points"), 0, kMaxAmount);
    pa.amber = static_cast<std::int16_t>(a.at("amber").get<int>());
    pa.points = static_cast<std::int16_t>(a.at("points").get<int>());
    const Json& sets = a.at("sets");
    if (!sets.is_array() || sets.size() > kMaxSets)
      return length(at + "sets", sets, fmt::format("at most {} sets", kMaxSets));
    for (std::size_t si = 0; si < sets.size(); ++si) {
      const Json& sj = sets[si];
      const std::string set_at = fmt::format("{}sets[{}]", at, si);
      ExhibitSet es;
      const Json& cs = sj.at("cards");
      if (!cs.is_array() || cs.empty() || cs.size() > 5)
        return length(set_at + ".cards", cs, "1 to 5 cards");
      for (std::size_t k = 0; k < cs.size(); ++k) {
        if (auto e = place(fmt::format("{}.cards[{}]", set_at, k), cs[k])) return *e;
        const int id = cs[k].get<int>();
        if (!set_accepts(es, card(id).family, card(id).size))
          return corrupt(
              fmt::format("{}.cards[{}] is card {}, which that set does not take (a "
                          "set is of one family, sizes in a row)",
                          set_at, k, id));
        set_add(es, static_cast<std::uint8_t>(id), card(id).family, card(id).size);
      }
      // A card joining a set takes a token while the reserve has one.
      if (!in(sj.at("tokens"), 0, es.n - 1))
        return out_of_range(set_at + ".tokens", sj.at("tokens"), 0, es.n - 1);
      es.tokens = static_cast<std::uint8_t>(sj.at("tokens").get<int>());
      tokens_out += es.tokens;
      pa.sets.push_back(es);
    }
  }
  for (int c = 0; c < kCards; ++c)
    if (seen[c] != 1)
      return corrupt(
          fmt::format("card {} is in no place: every card is in exactly one place "
                      "(deck, top, sites, a studio or a set)",
                      c));
  const Json& nh = j.at("news_holder");
  const Json& nk = j.at("news_kept");
  if (!nh.is_array() || nh.size() != kNews)
    return length("news_holder", nh, fmt::format("one per News token ({})", kNews));
  if (!nk.is_array() || nk.size() != kNews)
    return length("news_kept", nk, fmt::format("one per News token ({})", kNews));
  for (int n = 0; n < kNews; ++n) {
    if (!in(nh[n], -1, players - 1))
      return out_of_range(fmt::format("news_holder[{}]", n), nh[n], -1, players - 1);
    s.news_holder_[n] = static_cast<std::int8_t>(nh[n].get<int>());
    s.news_kept_[n] = nk[n].get<bool>();
  }
  if (!in(j.at("reserve"), 0, kTotalSetTokens))
    return out_of_range("reserve", j.at("reserve"), 0, kTotalSetTokens);
  if (!in(j.at("box"), 0, kTotalSetTokens))
    return out_of_range("box", j.at("box"), 0, kTotalSetTokens);
  const int reserve = j.at("reserve").get<int>(), box = j.at("box").get<int>();
  if (reserve + box + tokens_out != kTotalSetTokens)
    return corrupt(
        fmt::format("set tokens do not add up: reserve {} + box {} + {} on sets is {}, "
                    "not {}",
                    reserve, box, tokens_out, reserve + box + tokens_out, kTotalSetTokens));
  s.reserve_ = static_cast<std::uint8_t>(reserve);
  s.box_ = static_cast<std::uint8_t>(box);
  s.end_triggered_ = j.at("end_triggered").get<bool>();
  const Json& r = j.at("refill");
  if (!r.is_array() || r.size() != 3) return length("refill", r, "3: [dig site, slot, due]");
  if (!in(r[0], 0, kSites - 1)) return out_of_range("refill[0]", r[0], 0, kSites - 1);
  if (!in(r[1], 0, 1)) return out_of_range("refill[1]", r[1], 0, 1);
  const int rs = r[0].get<int>(), rk = r[1].get<int>();
  s.refill_site_ = static_cast<std::uint8_t>(rs);
  s.refill_slot_ = static_cast<std::uint8_t>(rk);
  s.refill_due_ = r[2].get<bool>();
  const Json& pending = j.at("pending");
  if (!pending.is_array()) return length("pending", pending, "[seat, card] pairs");
  for (std::size_t k = 0; k < pending.size(); ++k) {
    const Json& pd = pending[k];
    const std::string field = fmt::format("pending[{}]", k);
    if (s.pending_.full())
      return length("pending", pending, fmt::format("at most {}", s.pending_.capacity()));
    if (!pd.is_array() || pd.size() != 2) return length(field, pd, "2: [seat, card]");
    if (!in(pd[0], 0, players - 1)) return out_of_range(field + "[0]", pd[0], 0, players - 1);
    if (!in(pd[1], 0, kCards - 1)) return out_of_range(field + "[1]", pd[1], 0, kCards - 1);
    s.pending_.push_back(
        {static_cast<std::uint8_t>(pd[0].get<int>()), static_cast<std::uint8_t>(pd[1].get<int>())});
  }
  if (!in(j.at("reclaim_left"), 0, kPawns))
    return out_of_range("reclaim_left", j.at("reclaim_left"), 0, kPawns);
  s.reclaim_left_ = static_cast<std::uint8_t>(j.at("reclaim_left").get<int>());
  const Json& e = j.at("effect");
  if (!e.is_array() || e.size() != 7)
    return length("effect", e, "7: [owner, card, applier, count, left, done, family]");
  if (!in(e[0], 0, players - 1)) return out_of_range("effect[0]", e[0], 0, players - 1);
  if (!(in(e[1], 0, kCards - 1) || in(e[1], kNoCard, kNoCard)))
    return corrupt(fmt::format("effect[1] is {}, not a card 0 to {} or {} (none)", e[1].dump(),
                               kCards - 1, kNoCard));
  if (!in(e[2], 0, players - 1)) return out_of_range("effect[2]", e[2], 0, players - 1);
  if (!in(e[3], 0, kMaxRepeats)) return out_of_range("effect[3]", e[3], 0, kMaxRepeats);
  if (!in(e[4], 0, kMaxRepeats)) return out_of_range("effect[4]", e[4], 0, kMaxRepeats);
  if (!in(e[5], 0, 1)) return out_of_range("effect[5]", e[5], 0, 1);
  if (!in(e[6], 0, kFamilies - 1)) return out_of_range("effect[6]", e[6], 0, kFamilies - 1);
  s.cur_owner_ = static_cast<std::uint8_t>(e[0].get<int>());
  s.cur_card_ = static_cast<std::uint8_t>(e[1].get<int>());
  s.cur_applier_ = static_cast<std::uint8_t>(e[2].get<int>());
  s.cur_count_ = static_cast<std::uint8_t>(e[3].get<int>());
  s.cur_left_ = static_cast<std::uint8_t>(e[4].get<int>());
  s.cur_done_ = static_cast<std::uint8_t>(e[5].get<int>());
  s.cur_family_ = static_cast<std::uint8_t>(e[6].get<int>());
  const Json& ch = j.at("chosen");
  if (!ch.is_array() || ch.size() != 4)
    return length("chosen", ch, "4: [card, exhibitor, free, in a reclaim]");
  if (!(in(ch[0], 0, kCards - 1) || in(ch[0], kNoCard, kNoCard)))
    return corrupt(fmt::format("chosen[0] is {}, not a card 0 to {} or {} (none)", ch[0].dump(),
                               kCards - 1, kNoCard));
  if (!in(ch[1], 0, players - 1)) return out_of_range("chosen[1]", ch[1], 0, players - 1);
  s.chosen_card_ = static_cast<std::uint8_t>(ch[0].get<int>());
  s.exhibitor_ = static_cast<std::uint8_t>(ch[1].get<int>());
  s.chosen_free_ = ch[2].get<bool>();
  s.chosen_in_reclaim_ = ch[3].get<bool>();
  if (auto why = s.unreachable()) return corrupt(why);
  return s;
}

// Each check below is an invariant that play keeps and that apply, the
// views or the JSON reader of the next state rely on: a state read without
// it would play one step and give a next state the reader refuses, so it is
// refused at once. They hold for every state play reaches: Conformance,
// Golden and the bench signature load them all.
const char* FirstGiantsState::unreachable() const {
  const FirstGiantsState fresh(players_);
  const PlayerArea& me = area_[active_];
  bool tokens_missing = false;  // a set grew while the reserve was empty
  for (int p = 0; p < players_; ++p)
    for (const auto& st : area_[p].sets) tokens_missing = tokens_missing || st.tokens < st.n - 1;
  // While the cards are dealt, nothing else has happened: the dealt cards
  // fill the slots site by site, left before right.
  if (phase_ == Phase::kDeal) {
    FirstGiantsState dealt = fresh;
    dealt.deck_ = deck_;
    bool gap = false;
    for (int i = 0; i < kSites; ++i)
      for (int k = 0; k < 2; ++k) {
        if (site_[i][k] != kNoCard && gap) return "the deal fills the slots in order";
        gap = gap || site_[i][k] == kNoCard;
        dealt.site_[i][k] = site_[i][k];
      }
    if (!(dealt == *this)) return "a deal in a game that has begun";
    return nullptr;
  }
  // The deck is face up: a top card shows whenever cards are left, except
  // while the next one is turning up.
  if (is_chance() && deck_ == 0) return "a card turns up from an empty deck";
  if (!is_chance() && deck_ != 0 && top_ == kNoCard)
    return "cards left in the deck but no top card";
  if (is_chance() && top_ != kNoCard) return "a top card while one turns up";

  // Which parts of a turn are in progress, by phase. A take's effects
  // (kOrder, kEffect, and kTarget for an effect) and its refill (kTurnUp)
  // follow the take; a reclaim (kReclaim, and kTarget for it) follows the
  // reclaim action.
  const bool target = phase_ == Phase::kTarget;
  const bool reclaiming = phase_ == Phase::kReclaim || (target && chosen_in_reclaim_);
  const bool effect = phase_ == Phase::kEffect || (target && !chosen_in_reclaim_);
  const bool after_take = effect || phase_ == Phase::kOrder || phase_ == Phase::kTurnUp;

  // A take puts the pawn on the site and empties the slot until its refill,
  // which takes the deck's top card into it (kTurnUp: the next card turns up).
  if (refill_due_ != after_take) return "a refill due outside a take";
  if (after_take) {
    if (!(me.pawns_out & (1 << refill_site_))) return "a take without the pawn on its site";
    const bool filled = site_[refill_site_][refill_slot_] != kNoCard;
    if (filled != (phase_ == Phase::kTurnUp)) return "a refill due in a slot that holds a card";
  }

  // A reclaim brings every pawn back and asks per pawn while a choice is
  // left: one to four pawns wait while it asks, none otherwise.
  if (reclaiming ? reclaim_left_ < 1 || me.pawns_out != 0 : reclaim_left_ != 0)
    return "bad reclaim count";

  // The effect being resolved: its card, until it is done; the applier has
  // repetitions left and a real decision in kEffect.
  if ((cur_card_ != kNoCard) != effect) return "an effect outside the phases of an effect";
  if (effect) {
    const Card& k = card(cur_card_);
    if (k.effect == Effect::kPoint || k.effect == Effect::kAmber)
      return "an effect without a decision waits for one";
    if ((cur_applier_ == cur_owner_) == k.each_opponent) return "the effect's applier";
    if (cur_left_ < 1 || cur_left_ > cur_count_) return "bad effect repetitions";
    if (cur_done_ && k.effect != Effect::kExhibitTwoDifferent &&
        k.effect != Effect::kExhibitTwoSame)
      return "bad effect progress";
    if (phase_ == Phase::kEffect && !effect_needs_decision())
      return "an effect waits for a decision nobody has";
  } else if (cur_left_ != 0 || cur_done_ != 0) {
    return "bad effect progress";
  }

  // The triggered effects waiting: only while a take's effects resolve, each
  // a card of its owner's (in the studio or, exhibited since, in a set:
  // then it is dropped), from the active player clockwise; the owner
  // ordering them holds them all in the studio.
  const bool queue = effect || phase_ == Phase::kOrder;
  if (!queue && !pending_.empty()) return "triggered effects outside a take";
  if (phase_ == Phase::kOrder && pending_.empty()) return "nobody orders the effects";
  std::uint64_t pending_cards = 0;
  int last_offset = 0;
  for (const Pending& pd : pending_) {
    const PlayerArea& o = area_[pd.owner];
    std::uint64_t exhibited = 0;
    for (const auto& st : o.sets)
      for (int i = 0; i < st.n; ++i) exhibited |= bit(st.card[i]);
    if ((pending_cards & bit(pd.card)) || pd.card == cur_card_ ||
        !((o.studio | exhibited) & bit(pd.card)) ||
        (phase_ == Phase::kOrder && !(o.studio & bit(pd.card))))
      return "bad pending effect";
    pending_cards |= bit(pd.card);
    const int offset = (pd.owner - active_ + players_) % players_;
    if (offset < last_offset) return "pending effects out of turn order";
    last_offset = offset;
  }

  // A chosen fossil waits for its set: one its exhibitor could choose (in
  // the studio, paid for unless free, of the family the effect asks), which
  // a set accepts.
  if ((chosen_card_ != kNoCard) != target) return "a chosen fossil outside its phase";
  if (target) {
    if (exhibitor_ != (chosen_in_reclaim_ ? active_ : cur_applier_)) return "bad exhibitor";
    const bool free = effect && card(cur_card_).effect == Effect::kExhibitFree;
    if (chosen_free_ != free) return "bad free exhibit";
    FirstGiantsState choosing = *this;
    choosing.phase_ = chosen_in_reclaim_ ? Phase::kReclaim : Phase::kEffect;
    ActionList options;
    choosing.exhibit_options(exhibitor_, options);
    if (std::find(options.begin(), options.end(), act::kExhibit + chosen_card_) == options.end())
      return "a chosen fossil its exhibitor could not choose";
  }

  // Set tokens: a card joining a set takes one from the reserve; taking the
  // last triggers the end and the box's tokens join the reserve. So before
  // the end the box is full, the reserve not empty and every set has its
  // tokens; a set short of tokens grew once the reserve was empty for good.
  if (!end_triggered_ && (box_ != fresh.box_ || reserve_ == 0 || tokens_missing))
    return "set tokens before the end";
  if (end_triggered_ && box_ != 0) return "set tokens left in the box after the end";
  if (tokens_missing && reserve_ != 0) return "a set short of tokens while the reserve has some";
  // The deck running out triggers the end; the game is over after the last
  // seat's turn.
  if (!end_triggered_ && deck_ == 0 && top_ == kNoCard) return "an empty deck before the end";
  if (phase_ == Phase::kOver && (!end_triggered_ || active_ != players_ - 1))
    return "the game ended before the last seat's turn";

  // News tokens: the holder has a set of the token's kind at least as large
  // as anyone's (a strictly larger one steals it); a kept one's holder
  // completed such a set.
  for (int n = 0; n < kNews; ++n) {
    if (news_holder_[n] < 0) {
      if (news_kept_[n]) return "kept news without holder";
      // The first set of its kind took it (check_news) when it grew to 2.
      for (int p = 0; p < players_; ++p)
        for (const auto& st : area_[p].sets)
          if (news_of(st) == n) return "a News token nobody holds beside a set of its kind";
      continue;
    }
    std::array<int, kMaxPlayers> best{};
    bool complete = false;
    for (int p = 0; p < players_; ++p)
      for (const auto& st : area_[p].sets)
        if (news_of(st) == n) {
          best[p] = std::max<int>(best[p], st.n);
          complete = complete || (p == news_holder_[n] && st.complete());
        }
    if (best[news_holder_[n]] < 2) return "a News token without its set";
    for (int p = 0; p < players_; ++p)
      if (best[p] > best[news_holder_[n]]) return "a News token held by a smaller set";
    if (news_kept_[n] && !complete) return "a kept News token without a completed set";
  }
  return nullptr;
}

}  // namespace meeple::first_giants
