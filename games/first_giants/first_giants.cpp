#include "games/first_giants/first_giants.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace meeple::embedded {
extern const std::string_view first_giants_cards;
}

namespace meeple::first_giants {

namespace {

constexpr std::array<std::string_view, kFamilies> kFamilyNames = {"carnivore", "herbivore", "flyer",
                                                                  "swimmer", "mammal"};
constexpr std::array<std::string_view, 4> kTriggerNames = {"once", "any_take", "you_take_family",
                                                           "new_family"};
constexpr std::array<std::string_view, 8> kEffectNames = {"point",
                                                          "amber",
                                                          "exhibit",
                                                          "exhibit_free",
                                                          "exhibit_two_different",
                                                          "exhibit_two_same",
                                                          "amber_for_points",
                                                          "exhibit_or_point"};
constexpr std::array<std::string_view, 4> kMultiplierNames = {"one", "per_family_card",
                                                              "per_different_family", "per_pair"};
constexpr std::array<std::string_view, 8> kPhaseNames = {"deal",   "turn",    "order",  "effect",
                                                         "target", "reclaim", "refill", "over"};
constexpr std::array<int, 6> kSetTokensByPlayers = {0, 0, 14, 20, 24, 24};

template <std::size_t N>
int index_of(const std::array<std::string_view, N>& names, const std::string& s) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<int>(i);
  return -1;
}

struct Catalog {
  std::array<Card, kCards> cards{};
  std::array<Json, kCards> json;
  // Derived from `cards` for the rules' hot paths: bit sets of card ids.
  std::array<std::uint64_t, kFamilies> of_family{};
  std::array<std::uint64_t, 4> affordable{};        // [a]: the cards costing at most a amber
  std::uint64_t once = 0;                           // Trigger::kOnce
  std::uint64_t any_take = 0;                       // Trigger::kAnyTake
  std::uint64_t new_family = 0;                     // Trigger::kNewFamily
  std::array<std::uint64_t, kFamilies> you_take{};  // kYouTakeFamily by condition family
};

std::uint64_t bit(int id) {
  return std::uint64_t{1} << id;
}

// The deck is data; a malformed file is a build bug, so it fails loudly once.
[[gnu::noinline]] Catalog load_catalog() {
  Catalog c;
  Json doc = Json::parse(embedded::first_giants_cards);
  const Json& list = doc.at("cards");
  if (list.size() != kCards) throw std::logic_error("first-giants: the deck must have 60 cards");
  for (int i = 0; i < kCards; ++i) {
    const Json& j = list[i];
    Card& k = c.cards[i];
    k.id = j.at("id").get<int>();
    if (k.id != i) throw std::logic_error("first-giants: card ids must be 0..59 in order");
    k.family = index_of(kFamilyNames, j.at("family").get<std::string>());
    k.size = j.at("egg").get<bool>() ? 0 : j.at("size").get<int>();
    k.recurring = j.at("recurring").get<bool>();
    int t = index_of(kTriggerNames, j.at("trigger").get<std::string>());
    int e = index_of(kEffectNames, j.at("effect").get<std::string>());
    int m = index_of(kMultiplierNames, j.at("multiplier").get<std::string>());
    if (k.family < 0 || t < 0 || e < 0 || m < 0 || k.size < 0 || k.size > 3)
      throw std::logic_error("first-giants: bad card " + std::to_string(i));
    k.trigger = static_cast<Trigger>(t);
    k.effect = static_cast<Effect>(e);
    k.multiplier = static_cast<Multiplier>(m);
    if (!j.at("condition").is_null())
      k.condition_family = index_of(kFamilyNames, j["condition"].get<std::string>());
    if (!j.at("multiplier_family").is_null())
      k.multiplier_family = index_of(kFamilyNames, j["multiplier_family"].get<std::string>());
    k.each_opponent = j.at("applies_to").get<std::string>() == "each_opponent";
    if (k.recurring != (k.trigger != Trigger::kOnce) ||
        (k.trigger == Trigger::kYouTakeFamily && k.condition_family < 0) ||
        (k.multiplier == Multiplier::kPerFamilyCard && k.multiplier_family < 0))
      throw std::logic_error("first-giants: inconsistent card " + std::to_string(i));
    // Views show a card by id, family, size and its text; the effect
    // fields stay in the data file (and in cards()).
    c.json[i] = {{"id", i},
                 {"family", j["family"]},
                 {"size", k.egg() ? Json() : Json(k.size)},
                 {"text", j.at("text")}};
    c.of_family[k.family] |= bit(i);
    for (int a = k.cost(); a < 4; ++a) c.affordable[a] |= bit(i);
    switch (k.trigger) {
      case Trigger::kOnce:
        c.once |= bit(i);
        break;
      case Trigger::kAnyTake:
        c.any_take |= bit(i);
        break;
      case Trigger::kYouTakeFamily:
        c.you_take[k.condition_family] |= bit(i);
        break;
      case Trigger::kNewFamily:
        c.new_family |= bit(i);
        break;
    }
  }
  return c;
}

// Inlined: after the first call, one test of the guard (GCC would otherwise
// keep it a call). Hot loops still take the reference once, outside the loop.
[[gnu::always_inline]] inline const Catalog& catalog() {
  static const Catalog cat = load_catalog();
  return cat;
}

[[gnu::always_inline]] inline const Card& card(int id) {
  return catalog().cards[id];
}

// The number of set bits. std::popcount compiles to a libgcc call when the
// build targets baseline x86-64 (no POPCNT instruction); this is a few
// inline instructions.
constexpr int count_bits(std::uint64_t m) {
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<int>((m * 0x0101010101010101ull) >> 56);
}
static_assert(count_bits(0) == 0 && count_bits(~std::uint64_t{0}) == 64 &&
              count_bits(0x8000000000000001ull) == 2 && count_bits(0xf0) == 4);

// The cards costing at most `amber` (a card costs 1 to 3).
std::uint64_t affordable(const Catalog& cat, int amber) {
  return amber >= 3 ? cat.affordable[3] : amber < 0 ? 0 : cat.affordable[amber];
}

// Bit f set when the studio holds a card of family f.
int families_in(const Catalog& cat, std::uint64_t studio) {
  int mask = 0;
  for (int f = 0; f < kFamilies; ++f)
    if (studio & cat.of_family[f]) mask |= 1 << f;
  return mask;
}

bool is_auto_effect(Effect e) {
  return e == Effect::kPoint || e == Effect::kAmber;
}

int news_of(const ExhibitSet& s) {
  if (s.kind == kFamilySet) return s.family;
  if (s.kind == kSizeSet && s.size != 0) return kFamilies + s.size - 1;
  return -1;
}

int news_points(int news) {
  return news < kFamilies ? 3 : 5;
}

Json news_name(int news) {
  if (news < kFamilies)
    return std::string("largest Family set of ") + std::string(kFamilyNames[news]);
  return "largest Size set of size " + std::to_string(news - kFamilies + 1);
}

}  // namespace

const std::array<Card, kCards>& cards() {
  return catalog().cards;
}
const Json& card_json(int id) {
  return catalog().json[id];
}
std::string_view family_name(int family) {
  return kFamilyNames[family];
}
std::string_view effect_name(Effect e) {
  return kEffectNames[static_cast<int>(e)];
}

bool set_accepts(const ExhibitSet& s, int family, int size) {
  if (s.n == 0) return true;
  if (s.kind == kOpenSet) {
    const int f0 = s.family, s0 = s.size;
    if (s0 == 0 || size == 0) return true;  // an egg joins anything (RULINGS 2.3)
    return (f0 == family) != (s0 == size);
  }
  const Catalog& cat = catalog();
  if (s.kind == kFamilySet) {
    if (s.n >= 3 || family != s.family) return false;
    if (size == 0) return true;
    for (int i = 0; i < s.n; ++i)
      if (cat.cards[s.card[i]].size == size) return false;
    return true;
  }
  if (s.n >= 5) return false;
  for (int i = 0; i < s.n; ++i)
    if (cat.cards[s.card[i]].family == family) return false;
  return size == 0 || s.size == 0 || s.size == size;
}

// For an open set, family/size hold the first card's (size 0 = egg).
void set_add(ExhibitSet& s, std::uint8_t card_id, int family, int size) {
  s.card[s.n++] = card_id;
  if (s.n == 1) {
    s.kind = kOpenSet;
    s.family = static_cast<std::uint8_t>(family);
    s.size = static_cast<std::uint8_t>(size);
    return;
  }
  if (s.n == 2) {
    // The second card fixes the kind: same family is a Family set (an egg
    // taking a missing size), otherwise a Size set (an egg taking its size).
    if (s.family == family) {
      s.kind = kFamilySet;
      s.size = 0;
    } else {
      s.kind = kSizeSet;
      if (s.size == 0) s.size = static_cast<std::uint8_t>(size);
    }
    return;
  }
  if (s.kind == kSizeSet && s.size == 0) s.size = static_cast<std::uint8_t>(size);
}

FirstGiantsState::FirstGiantsState(int players) : players_(static_cast<std::uint8_t>(players)) {
  catalog();
  deck_ = (std::uint64_t{1} << kCards) - 1;
  for (auto& site : site_) site = {kNoCard, kNoCard};
  news_holder_.fill(-1);
  reserve_ = static_cast<std::uint8_t>(kSetTokensByPlayers[players]);
  box_ = static_cast<std::uint8_t>(kTotalSetTokens - reserve_);
  for (int p = 0; p < kMaxPlayers; ++p) area_[p].amber = p < players ? kStartAmber : 0;
}

int FirstGiantsState::score(int p) const {
  int total = area_[p].points;
  for (int n = 0; n < kNews; ++n)
    if (news_holder_[n] == p) total += news_points(n);
  for (const auto& s : area_[p].sets) total += s.tokens * (s.complete() ? 3 : 2);
  return total;
}

SeatSet FirstGiantsState::to_act() const {
  switch (phase_) {
    case Phase::kTurn:
    case Phase::kReclaim:
      return SeatSet::only(active_);
    case Phase::kOrder:
      return SeatSet::only(pending_[0].owner);
    case Phase::kEffect:
      return SeatSet::only(cur_applier_);
    case Phase::kTarget:
      return SeatSet::only(exhibitor_);
    default:
      return {};
  }
}

// Whether the fossil `c` joins one of p's sets (needed only when p has no
// room for a new set).
bool FirstGiantsState::fits_some_set(int p, int c) const {
  const Card& k = card(c);
  for (const auto& s : area_[p].sets)
    if (set_accepts(s, k.family, k.size)) return true;
  return false;
}

// The studio fossils p may exhibit now, as far as amber and the effect
// being resolved allow: the fossils it pays for (any, for "exhibit for
// free"), and for the second fossil of "up to 2 of different families" /
// "of the same family" those of another / the same family as the first.
// A fossil is then exhibitable when p has room for a new set or it fits one.
std::uint64_t FirstGiantsState::exhibit_candidates(int p) const {
  const Catalog& cat = catalog();
  const PlayerArea& a = area_[p];
  std::uint64_t m = a.studio;
  if (phase_ == Phase::kEffect) {
    const Effect e = cat.cards[cur_card_].effect;
    if (e != Effect::kExhibitFree) m &= affordable(cat, a.amber);
    if (cur_done_ > 0 && e == Effect::kExhibitTwoDifferent) m &= ~cat.of_family[cur_family_];
    if (cur_done_ > 0 && e == Effect::kExhibitTwoSame) m &= cat.of_family[cur_family_];
  } else {
    m &= affordable(cat, a.amber);
  }
  return m;
}

// The exhibit actions, in ascending card id order.
void FirstGiantsState::exhibit_options(int p, ActionList& out) const {
  const std::uint64_t m = exhibit_candidates(p);
  const bool room = area_[p].sets.size() < kMaxSets;
  for (std::uint64_t s = m; s; s &= s - 1) {
    const int c = __builtin_ctzll(s);
    if (room || fits_some_set(p, c)) out.push_back(act::kExhibit + c);
  }
}

// Whether exhibit_options would list anything, stopping at the first.
bool FirstGiantsState::has_exhibit_option(int p) const {
  const std::uint64_t m = exhibit_candidates(p);
  if (m == 0 || area_[p].sets.size() < kMaxSets) return m != 0;
  for (std::uint64_t s = m; s; s &= s - 1)
    if (fits_some_set(p, __builtin_ctzll(s))) return true;
  return false;
}

// Reclaiming is a real choice while some studio fossil could still be
// exhibited, counting the amber the other reclaimed pawns could bring first.
bool FirstGiantsState::reclaim_has_choice() const {
  const PlayerArea& a = area_[active_];
  if (reclaim_left_ == 0) return false;
  const std::uint64_t m = a.studio & affordable(catalog(), a.amber + reclaim_left_ - 1);
  if (m == 0 || a.sets.size() < kMaxSets) return m != 0;
  for (std::uint64_t s = m; s; s &= s - 1)
    if (fits_some_set(active_, __builtin_ctzll(s))) return true;
  return false;
}

int FirstGiantsState::group_size() const {
  int n = 0;
  while (n < static_cast<int>(pending_.size()) && pending_[n].owner == pending_[0].owner) ++n;
  return n;
}

bool FirstGiantsState::group_needs_order() const {
  const int n = group_size();
  if (n < 2) return false;
  const Catalog& cat = catalog();
  for (int i = 0; i < n; ++i)
    if (!is_auto_effect(cat.cards[pending_[i].card].effect)) return true;
  return false;
}

void FirstGiantsState::legal_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  const PlayerArea& a = area_[seat];
  switch (phase_) {
    case Phase::kTurn: {
      const bool hand = count_bits(a.pawns_out) < kPawns;
      if (hand)
        for (int s = 0; s < kSites; ++s)
          if (!(a.pawns_out & (1 << s)))
            for (int k = 0; k < 2; ++k)
              if (site_[s][k] != kNoCard) out.push_back(act::kTake + s * 2 + k);
      // Reclaiming needs a pawn on a site; with nothing else possible it is
      // also how a player with no card to take passes.
      if (a.pawns_out || out.empty()) out.push_back(act::kReclaim);
      break;
    }
    case Phase::kOrder: {
      const int n = group_size();
      for (int i = 0; i < n; ++i) out.push_back(act::kResolve + pending_[i].card);
      std::sort(out.begin(), out.end());
      break;
    }
    case Phase::kEffect: {
      const Effect e = card(cur_card_).effect;
      if (e == Effect::kAmberForPoints) {
        out.push_back(act::kDecline);
        out.push_back(act::kAmberForPoints);
      } else if (e == Effect::kExhibitOrPoint) {
        out.push_back(act::kGainPoint);
        exhibit_options(seat, out);
      } else {
        out.push_back(act::kDecline);
        exhibit_options(seat, out);
      }
      break;
    }
    case Phase::kTarget: {
      const Card& k = card(chosen_card_);
      if (a.sets.size() < kMaxSets) out.push_back(act::kNewSet);
      for (int j = 0; j < static_cast<int>(a.sets.size()); ++j)
        if (set_accepts(a.sets[j], k.family, k.size)) out.push_back(act::kIntoSet + j);
      break;
    }
    case Phase::kReclaim:
      out.push_back(act::kGainAmber);
      exhibit_options(seat, out);
      break;
    default:
      break;
  }
}

void FirstGiantsState::chance_outcomes(ChanceList& out) const {
  if (!is_chance()) return;
  for (std::uint64_t d = deck_; d; d &= d - 1) out.push_back({__builtin_ctzll(d), 1});
}

MaybeError FirstGiantsState::apply(Seat seat, Action a) {
  if (auto err = validate_action(*this, seat, a)) return err;
  apply_unchecked(seat, a);
  return {};
}

int FirstGiantsState::multiplier_count(int owner, const Card& c) const {
  const std::uint64_t studio = area_[owner].studio;
  switch (c.multiplier) {
    case Multiplier::kOne:
      return 1;
    case Multiplier::kPerFamilyCard:
      return count_bits(studio & catalog().of_family[c.multiplier_family]);
    case Multiplier::kPerDifferentFamily:
      return count_bits(static_cast<std::uint64_t>(families_in(catalog(), studio)));
    case Multiplier::kPerPair:
      return count_bits(studio) / 2;
  }
  return 0;
}

void FirstGiantsState::trigger_end() {
  if (end_triggered_) return;
  end_triggered_ = true;
  // The rest of the set tokens come out of the box (seed, end of the game).
  reserve_ = static_cast<std::uint8_t>(reserve_ + box_);
  box_ = 0;
}

void FirstGiantsState::take_set_token(ExhibitSet& s) {
  if (reserve_ == 0) return;
  --reserve_;
  ++s.tokens;
  if (reserve_ == 0) trigger_end();
}

void FirstGiantsState::check_news(int p, const ExhibitSet& s) {
  const int n = news_of(s);
  if (n < 0 || news_kept_[n]) return;
  const int h = news_holder_[n];
  if (h < 0) {
    news_holder_[n] = static_cast<std::int8_t>(p);
  } else if (h != p) {
    int best = 0;
    for (const auto& o : area_[h].sets)
      if (news_of(o) == n) best = std::max<int>(best, o.n);
    if (s.n > best) news_holder_[n] = static_cast<std::int8_t>(p);
  }
  if (news_holder_[n] == p && s.complete()) news_kept_[n] = true;
}

void FirstGiantsState::exhibit(int p, int c, int set_index, bool free) {
  PlayerArea& a = area_[p];
  const Card& k = card(c);
  if (!free) a.amber = static_cast<std::int16_t>(a.amber - k.cost());
  a.studio &= ~bit(c);
  if (set_index < 0) {
    ExhibitSet s;
    set_add(s, static_cast<std::uint8_t>(c), k.family, k.size);
    a.sets.push_back(s);
    return;
  }
  ExhibitSet& s = a.sets[set_index];
  set_add(s, static_cast<std::uint8_t>(c), k.family, k.size);
  take_set_token(s);
  check_news(p, s);
}

// Resolves the automatic parts of the current effect; true when its applier
// must decide.
bool FirstGiantsState::effect_needs_decision() const {
  const Effect e = card(cur_card_).effect;
  if (e == Effect::kAmberForPoints) return area_[cur_applier_].amber >= 3;
  return has_exhibit_option(cur_applier_);
}

void FirstGiantsState::begin_applier() {
  cur_left_ = cur_count_;
  cur_done_ = 0;
}

void FirstGiantsState::continue_effect() {
  // phase_ must read kEffect for exhibit_allowed's effect-specific rules.
  phase_ = Phase::kEffect;
  const Card& k = card(cur_card_);
  while (true) {
    if (cur_left_ == 0) {
      if (!k.each_opponent) break;
      cur_applier_ = static_cast<std::uint8_t>((cur_applier_ + 1) % players_);
      if (cur_applier_ == cur_owner_) break;
      begin_applier();
      continue;
    }
    PlayerArea& a = area_[cur_applier_];
    if (k.effect == Effect::kPoint) {
      a.points = static_cast<std::int16_t>(a.points + cur_left_);
      cur_left_ = 0;
    } else if (k.effect == Effect::kAmber) {
      a.amber = static_cast<std::int16_t>(a.amber + cur_left_);
      cur_left_ = 0;
    } else if (effect_needs_decision()) {
      return;
    } else if (k.effect == Effect::kExhibitOrPoint) {
      ++a.points;
      --cur_left_;
    } else if (cur_done_ > 0) {
      cur_done_ = 0;
      --cur_left_;
    } else {
      cur_left_ = 0;
    }
  }
  cur_card_ = kNoCard;
  advance();
}

void FirstGiantsState::start_effect(int index) {
  const Pending pd = pending_[index];
  pending_.erase_at(index);
  const Card& k = card(pd.card);
  cur_owner_ = pd.owner;
  cur_card_ = pd.card;
  cur_count_ = static_cast<std::uint8_t>(multiplier_count(pd.owner, k));
  cur_applier_ = k.each_opponent ? static_cast<std::uint8_t>((pd.owner + 1) % players_) : pd.owner;
  begin_applier();
  continue_effect();
}

void FirstGiantsState::advance() {
  // A fossil exhibited before its triggered effect resolved has lost it.
  for (int i = 0; i < static_cast<int>(pending_.size());)
    if (area_[pending_[i].owner].studio & bit(pending_[i].card))
      ++i;
    else
      pending_.erase_at(i);
  if (!pending_.empty()) {
    if (group_needs_order()) {
      phase_ = Phase::kOrder;
      return;
    }
    start_effect(0);
    return;
  }
  if (refill_due_) {
    if (deck_) {
      phase_ = Phase::kRefill;
      return;
    }
    refill_due_ = false;
    trigger_end();
  }
  end_turn();
}

void FirstGiantsState::end_turn() {
  cur_card_ = kNoCard;
  chosen_card_ = kNoCard;
  ++turn_;
  if (end_triggered_ && active_ == players_ - 1) {
    phase_ = Phase::kOver;
    return;
  }
  active_ = static_cast<std::uint8_t>((active_ + 1) % players_);
  phase_ = Phase::kTurn;
}

void FirstGiantsState::apply_unchecked(Seat seat, Action a) {
  if (seat == kChance) {
    deck_ &= ~bit(a);
    if (phase_ == Phase::kDeal) {
      for (auto& site : site_)
        for (auto& slot : site)
          if (slot == kNoCard) {
            slot = static_cast<std::uint8_t>(a);
            for (const auto& s2 : site_)
              if (s2[0] == kNoCard || s2[1] == kNoCard) return;
            phase_ = Phase::kTurn;
            return;
          }
      return;
    }
    site_[refill_site_][refill_slot_] = static_cast<std::uint8_t>(a);
    refill_due_ = false;
    // The deck running out while refilling ends the game (seed, end).
    if (!deck_) trigger_end();
    end_turn();
    return;
  }
  PlayerArea& me = area_[seat];
  switch (phase_) {
    case Phase::kTurn: {
      if (a == act::kReclaim) {
        reclaim_left_ = static_cast<std::uint8_t>(count_bits(me.pawns_out));
        me.pawns_out = 0;
        phase_ = Phase::kReclaim;
        if (!reclaim_has_choice()) {
          me.amber = static_cast<std::int16_t>(me.amber + reclaim_left_);
          reclaim_left_ = 0;
        }
        if (reclaim_left_ == 0) end_turn();
        return;
      }
      const int s = (a - act::kTake) / 2, k = (a - act::kTake) % 2;
      const int c = site_[s][k];
      const Catalog& cat = catalog();
      const int before = families_in(cat, me.studio);
      me.studio |= bit(c);
      me.pawns_out = static_cast<std::uint8_t>(me.pawns_out | (1 << s));
      site_[s][k] = kNoCard;
      refill_site_ = static_cast<std::uint8_t>(s);
      refill_slot_ = static_cast<std::uint8_t>(k);
      refill_due_ = true;
      const int family = cat.cards[c].family;
      // Triggered effects, from the active player clockwise (seed, step 3),
      // each studio in id order. The taker's cards that fire: the taken
      // card's single-use effect, "any take", "you take a card of family
      // F" for the taken card's family, "a family new to your studio" when
      // it is; everyone else's: "any take".
      const std::uint64_t mine = (cat.once & bit(c)) | cat.any_take | cat.you_take[family] |
                                 ((before & (1 << family)) ? 0 : cat.new_family);
      pending_.clear();
      for (int i = 0, q = active_; i < players_; ++i, q = q + 1 == players_ ? 0 : q + 1) {
        const std::uint64_t fire = area_[q].studio & (q == seat ? mine : cat.any_take);
        for (std::uint64_t st = fire; st; st &= st - 1)
          pending_.push_back(
              {static_cast<std::uint8_t>(q), static_cast<std::uint8_t>(__builtin_ctzll(st))});
      }
      advance();
      return;
    }
    case Phase::kOrder: {
      for (int i = 0; i < static_cast<int>(pending_.size()); ++i)
        if (pending_[i].card == a - act::kResolve) {
          start_effect(i);
          return;
        }
      return;
    }
    case Phase::kEffect: {
      if (a == act::kDecline) {
        cur_left_ = 0;
        cur_done_ = 0;
      } else if (a == act::kGainPoint) {
        ++me.points;
        --cur_left_;
      } else if (a == act::kAmberForPoints) {
        me.amber = static_cast<std::int16_t>(me.amber - 3);
        me.points = static_cast<std::int16_t>(me.points + 2);
        --cur_left_;
      } else {
        chosen_card_ = static_cast<std::uint8_t>(a - act::kExhibit);
        exhibitor_ = static_cast<std::uint8_t>(seat);
        chosen_free_ = card(cur_card_).effect == Effect::kExhibitFree;
        chosen_in_reclaim_ = false;
        phase_ = Phase::kTarget;
        return;
      }
      continue_effect();
      return;
    }
    case Phase::kTarget: {
      const int c = chosen_card_;
      exhibit(seat, c, a == act::kNewSet ? -1 : a - act::kIntoSet, chosen_free_);
      chosen_card_ = kNoCard;
      if (chosen_in_reclaim_) {
        --reclaim_left_;
        phase_ = Phase::kReclaim;
      } else {
        const Effect e = card(cur_card_).effect;
        if ((e == Effect::kExhibitTwoDifferent || e == Effect::kExhibitTwoSame) && cur_done_ == 0) {
          cur_done_ = 1;
          cur_family_ = static_cast<std::uint8_t>(card(c).family);
        } else {
          cur_done_ = 0;
          --cur_left_;
        }
        continue_effect();
        return;
      }
      [[fallthrough]];
    }
    case Phase::kReclaim: {
      if (phase_ == Phase::kReclaim && a == act::kGainAmber) {
        ++me.amber;
        --reclaim_left_;
      } else if (phase_ == Phase::kReclaim && a >= act::kExhibit && a < act::kNewSet) {
        chosen_card_ = static_cast<std::uint8_t>(a - act::kExhibit);
        exhibitor_ = static_cast<std::uint8_t>(seat);
        chosen_free_ = false;
        chosen_in_reclaim_ = true;
        phase_ = Phase::kTarget;
        return;
      }
      if (reclaim_left_ > 0) {
        if (reclaim_has_choice()) return;
        me.amber = static_cast<std::int16_t>(me.amber + reclaim_left_);
        reclaim_left_ = 0;
      }
      end_turn();
      return;
    }
    default:
      return;
  }
}

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

namespace {
Json set_view(const ExhibitSet& s) {
  Json cards_j = Json::array();
  for (int i = 0; i < s.n; ++i) cards_j.push_back(card_json(s.card[i]));
  Json v = {{"cards", cards_j},
            {"kind", s.kind == kFamilySet ? "family"
                     : s.kind == kSizeSet ? "size"
                                          : "open"},
            {"tokens", s.tokens},
            {"complete", s.complete()}};
  if (s.kind == kFamilySet) v["family"] = kFamilyNames[s.family];
  if (s.kind == kSizeSet) v["size"] = s.size == 0 ? Json() : Json(s.size);
  return v;
}
}  // namespace

Json FirstGiantsState::view(Seat) const {
  Json v;
  v["game"] = "first-giants";
  v["phase"] = kPhaseNames[static_cast<int>(phase_)];
  Json who = Json::array();
  const SeatSet ta = to_act();
  for (int p = 0; p < players_; ++p)
    if (ta.contains(p)) who.push_back(p);
  v["to_act"] = who;
  v["active"] = active_;
  v["turns_played"] = turn_;
  v["deck_count"] = deck_count();
  v["end_triggered"] = end_triggered_;
  v["set_tokens"] = {{"reserve", reserve_}, {"box", box_}};
  Json sites = Json::array();
  for (int s = 0; s < kSites; ++s) {
    Json pawns = Json::array();
    for (int p = 0; p < players_; ++p)
      if (area_[p].pawns_out & (1 << s)) pawns.push_back(p);
    Json cs = Json::array();
    for (int k = 0; k < 2; ++k)
      cs.push_back(site_[s][k] == kNoCard ? Json() : card_json(site_[s][k]));
    sites.push_back({{"site", s}, {"left", cs[0]}, {"right", cs[1]}, {"pawns", pawns}});
  }
  v["sites"] = sites;
  Json ps = Json::array();
  for (int p = 0; p < players_; ++p) {
    const PlayerArea& a = area_[p];
    Json studio = Json::array();
    for (std::uint64_t s = a.studio; s; s &= s - 1) studio.push_back(card_json(__builtin_ctzll(s)));
    Json sets = Json::array();
    for (const auto& s : a.sets) sets.push_back(set_view(s));
    ps.push_back({{"seat", p},
                  {"amber", a.amber},
                  {"points", a.points},
                  {"pawns_on_board", kPawns - count_bits(a.pawns_out)},
                  {"studio", studio},
                  {"exhibit", sets},
                  {"score", score(p)}});
  }
  v["players"] = ps;
  Json news = Json::array();
  for (int n = 0; n < kNews; ++n)
    news.push_back({{"name", news_name(n)},
                    {"points", news_points(n)},
                    {"holder", news_holder_[n] < 0 ? Json() : Json(news_holder_[n])},
                    {"kept_for_good", news_kept_[n]}});
  v["news"] = news;
  Json pend = Json::array();
  for (const auto& pd : pending_)
    pend.push_back({{"owner", pd.owner}, {"card", card_json(pd.card)}});
  v["pending_effects"] = pend;
  if ((phase_ == Phase::kEffect || phase_ == Phase::kTarget) && cur_card_ != kNoCard) {
    v["effect"] = {{"card", card_json(cur_card_)},
                   {"owner", cur_owner_},
                   {"applier", cur_applier_},
                   {"repetitions_left", cur_left_},
                   {"exhibited_in_this_effect", cur_done_}};
  }
  if (phase_ == Phase::kReclaim || (phase_ == Phase::kTarget && chosen_in_reclaim_))
    v["reclaim_choices_left"] = reclaim_left_;
  if (phase_ == Phase::kTarget) v["exhibiting"] = card_json(chosen_card_);
  return v;
}

Json FirstGiantsState::to_json() const {
  Json deck = Json::array();
  for (std::uint64_t d = deck_; d; d &= d - 1) deck.push_back(__builtin_ctzll(d));
  Json sites = Json::array();
  for (const auto& s : site_)
    sites.push_back({s[0] == kNoCard ? -1 : s[0], s[1] == kNoCard ? -1 : s[1]});
  Json areas = Json::array();
  for (int p = 0; p < players_; ++p) {
    const PlayerArea& a = area_[p];
    Json studio = Json::array();
    for (std::uint64_t s = a.studio; s; s &= s - 1) studio.push_back(__builtin_ctzll(s));
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
  return s;
}

namespace {
std::string card_words(int id, std::string_view lang) {
  const Card& c = card(id);
  const Json& text = card_json(id)["text"];
  const std::string l(lang);
  std::string name =
      c.egg() ? std::string(kFamilyNames[c.family]) + " egg"
              : "size-" + std::to_string(c.size) + " " + std::string(kFamilyNames[c.family]);
  return name + " (#" + std::to_string(id) + ": " +
         (text.contains(l) ? text[l] : text["en"]).get<std::string>() + ")";
}
}  // namespace

std::string FirstGiantsState::describe_action(Seat seat, Action a, std::string_view lang) const {
  if (seat == kChance) return "draw " + card_words(a, lang);
  if (a >= act::kTake && a < act::kTake + 8) {
    const int s = (a - act::kTake) / 2, k = (a - act::kTake) % 2;
    return "play a pawn on dig site " + std::to_string(s) + " and take the " +
           card_words(site_[s][k], lang);
  }
  if (a == act::kReclaim) return "reclaim your pawns";
  if (a == act::kDecline) return "decline";
  if (a == act::kGainAmber) return "gain 1 amber";
  if (a == act::kGainPoint) return "gain 1 point";
  if (a == act::kAmberForPoints) return "spend 3 amber for 2 points";
  if (a >= act::kResolve && a < act::kResolve + kCards)
    return "resolve next the effect of the " + card_words(a - act::kResolve, lang);
  if (a >= act::kExhibit && a < act::kExhibit + kCards)
    return "exhibit the " + card_words(a - act::kExhibit, lang);
  if (a == act::kNewSet) return "start a new set with it";
  if (a >= act::kIntoSet && a < act::kCount && seat >= 0 && seat < players_) {
    const int j = a - act::kIntoSet;
    if (j >= static_cast<int>(area_[seat].sets.size())) return "add it to set " + std::to_string(j);
    const ExhibitSet& set = area_[seat].sets[j];
    std::string what =
        set.kind == kFamilySet ? "Family set of " + std::string(kFamilyNames[set.family])
        : set.kind == kSizeSet ? (set.size ? "Size set of size " + std::to_string(set.size)
                                           : std::string("Size set of eggs"))
                               : "set started by the " + card_words(set.card[0], "en");
    return "add it to set " + std::to_string(j) + " (" + what + ", " + std::to_string(set.n) +
           " cards)";
  }
  return "action " + std::to_string(a);
}

std::string FirstGiantsState::text_view(Seat, std::string_view lang) const {
  std::string out = "Turn of seat " + std::to_string(active_) + " (" +
                    std::string(kPhaseNames[static_cast<int>(phase_)]) + "), deck " +
                    std::to_string(deck_count()) + ", set tokens in reserve " +
                    std::to_string(reserve_) + (end_triggered_ ? ", END TRIGGERED" : "") + "\n";
  for (int s = 0; s < kSites; ++s) {
    out += "Dig site " + std::to_string(s) + ":";
    for (int p = 0; p < players_; ++p)
      if (area_[p].pawns_out & (1 << s)) out += " [pawn " + std::to_string(p) + "]";
    out += "\n";
    for (int k = 0; k < 2; ++k)
      out += std::string(k == 0 ? "  left:  " : "  right: ") +
             (site_[s][k] == kNoCard ? std::string("-") : card_words(site_[s][k], lang)) + "\n";
  }
  for (int p = 0; p < players_; ++p) {
    const PlayerArea& a = area_[p];
    out += "Seat " + std::to_string(p) + ": " + std::to_string(a.amber) + " amber, " +
           std::to_string(a.points) + " points, score " + std::to_string(score(p)) + ", " +
           std::to_string(kPawns - count_bits(a.pawns_out)) + " pawns in hand\n";
    for (std::uint64_t st = a.studio; st; st &= st - 1)
      out += "  studio: " + card_words(__builtin_ctzll(st), lang) + "\n";
    for (int j = 0; j < static_cast<int>(a.sets.size()); ++j) {
      const ExhibitSet& set = a.sets[j];
      out += "  set " + std::to_string(j) + " (" +
             (set.kind == kFamilySet ? "family"
              : set.kind == kSizeSet ? "size"
                                     : "open") +
             ", " + std::to_string(set.tokens) + " tokens" + (set.complete() ? ", complete" : "") +
             "):";
      for (int i = 0; i < set.n; ++i) out += " #" + std::to_string(set.card[i]);
      out += "\n";
    }
  }
  for (int n = 0; n < kNews; ++n)
    if (news_holder_[n] >= 0)
      out += "News " + news_name(n).get<std::string>() + ": seat " +
             std::to_string(news_holder_[n]) + (news_kept_[n] ? " (kept for good)" : "") + "\n";
  return out;
}

GameResult FirstGiantsState::result() const {
  return result_by_score(players_, [&](Seat p) { return score(p); });
}

Json FirstGiantsState::result_details() const {
  Json d = Json::array();
  for (int p = 0; p < players_; ++p) {
    int news = 0, tokens = 0;
    for (int n = 0; n < kNews; ++n)
      if (news_holder_[n] == p) news += news_points(n);
    for (const auto& s : area_[p].sets) tokens += s.tokens * (s.complete() ? 3 : 2);
    d.push_back({{"seat", p},
                 {"points", area_[p].points},
                 {"news_tokens", news},
                 {"set_tokens", tokens},
                 {"total", score(p)}});
  }
  return {{"scores", d}};
}

FirstGiantsState FirstGiantsState::from_setup(const Setup& su) {
  // A fixture placing a card twice is a bug in the test.
  std::array<int, kCards> uses{};
  auto use = [&](int c) {
    if (c < 0 || c >= kCards || ++uses[c] > 1)
      throw std::logic_error("first-giants setup: card " + std::to_string(c) + " placed twice");
  };
  for (const auto& site : su.sites)
    for (int c : site)
      if (c >= 0) use(c);
  for (int p = 0; p < su.players; ++p) {
    for (int c : su.studio[p]) use(c);
    for (const auto& set : su.sets[p])
      for (int c : set) use(c);
  }
  FirstGiantsState s(su.players);
  s.active_ = static_cast<std::uint8_t>(su.active);
  s.phase_ = Phase::kTurn;
  for (int i = 0; i < kSites; ++i)
    for (int k = 0; k < 2; ++k)
      if (su.sites[i][k] >= 0) {
        s.site_[i][k] = static_cast<std::uint8_t>(su.sites[i][k]);
        s.deck_ &= ~bit(su.sites[i][k]);
      }
  int tokens = 0;
  for (int p = 0; p < su.players; ++p) {
    PlayerArea& a = s.area_[p];
    for (int c : su.studio[p]) {
      a.studio |= bit(c);
      s.deck_ &= ~bit(c);
    }
    for (const auto& set : su.sets[p]) {
      ExhibitSet es;
      for (int c : set) {
        set_add(es, static_cast<std::uint8_t>(c), card(c).family, card(c).size);
        s.deck_ &= ~bit(c);
      }
      es.tokens = static_cast<std::uint8_t>(es.n - 1);
      tokens += es.tokens;
      a.sets.push_back(es);
    }
    a.amber = static_cast<std::int16_t>(su.amber[p]);
    a.points = static_cast<std::int16_t>(su.points[p]);
    a.pawns_out = su.pawns_out[p];
  }
  const int standard = kSetTokensByPlayers[su.players];
  s.reserve_ = static_cast<std::uint8_t>(su.reserve >= 0 ? su.reserve : standard - tokens);
  s.box_ = static_cast<std::uint8_t>(kTotalSetTokens - tokens - s.reserve_);
  return s;
}

}  // namespace meeple::first_giants
