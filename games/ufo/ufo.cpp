#include "games/ufo/ufo.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace meeple::embedded {
extern const std::string_view ufo_map_json;
}  // namespace meeple::embedded

namespace meeple::ufo {

namespace {

Board load_board() {
  Board b;
  const Json j = Json::parse(embedded::ufo_map_json);
  for (const Json& s : j.at("spaces")) {
    Space sp;
    sp.key = s.at("id").get<std::string>();
    sp.name = s.at("name").get<std::string>();
    sp.city = s.at("kind").get<std::string>() == "city";
    sp.marked = s.at("marked").get<bool>();
    sp.x = s.at("x").get<int>();
    sp.y = s.at("y").get<int>();
    b.spaces.push_back(sp);
  }
  if (b.spaces.size() != kNumSpaces) throw std::logic_error("ufo map: wrong number of spaces");
  for (int i = 0; i < kNumSpaces; ++i)
    if (b.spaces[static_cast<std::size_t>(i)].city != (i < kNumCities))
      throw std::logic_error("ufo map: cities must come first");
  for (const Json& l : j.at("lines")) {
    int a = b.space_by_key(l.at(0).get<std::string>());
    int c = b.space_by_key(l.at(1).get<std::string>());
    if (a == kNone || c == kNone || a == c) throw std::logic_error("ufo map: bad line");
    auto& la = b.spaces[static_cast<std::size_t>(a)].lines;
    auto& lc = b.spaces[static_cast<std::size_t>(c)].lines;
    if (la.full() || lc.full()) throw std::logic_error("ufo map: too many lines at a space");
    la.push_back(static_cast<std::uint8_t>(c));
    lc.push_back(static_cast<std::uint8_t>(a));
  }
  for (const Json& t : j.at("tokens"))
    b.tokens.push_back({t.at("resistance").get<int>(), t.at("restaurants").get<int>()});
  if (b.tokens.size() != kNumTokens) throw std::logic_error("ufo map: wrong number of city tokens");
  return b;
}

const char* kTypeNames[kNumUfoTypes] = {"standard", "bumper", "sedator"};
const char* kDeedNames[kNumDeeds] = {"open-kiosk", "take-kiosk", "open-restaurant",
                                     "take-restaurant", "take-restaurant"};
const char* kPhaseNames[] = {"tokens",     "setup",       "movement",     "bump",       "support",
                             "attack-die", "defence-die", "displacement", "eyewitness", "actions",
                             "assist",     "control-die", "new-ufo",      "over"};

std::uint64_t bit(int s) {
  return std::uint64_t{1} << s;
}

// Bits set in m, without libgcc's __popcountdi2 (no -mpopcnt here).
int count_bits(std::uint64_t m) {
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<int>((m * 0x0101010101010101ull) >> 56);
}

// Calls f(i) for every set bit i of m, lowest first.
template <class F>
void for_bits(std::uint64_t m, F f) {
  for (; m != 0; m &= m - 1) f(std::countr_zero(m));
}

const Space& sp(int i) {
  return board().spaces[static_cast<std::size_t>(i)];
}

int type_index(const std::string& name) {
  for (int t = 0; t < kNumUfoTypes; ++t)
    if (name == kTypeNames[t]) return t;
  return kNone;
}

Error malformed(const char* what) {
  return make_error(errc::kMalformedAction, what);
}

}  // namespace

int Board::space_by_key(std::string_view key) const {
  for (std::size_t i = 0; i < spaces.size(); ++i)
    if (spaces[i].key == key) return static_cast<int>(i);
  return kNone;
}

const Board& board() {
  static const Board b = load_board();
  return b;
}

Topology make_topology() {
  const Board& b = board();
  Topology t;
  for (int s = 0; s < kNumSpaces; ++s)
    if (b.spaces[static_cast<std::size_t>(s)].marked) t.marked |= bit(s);
  for (int s = 0; s < kNumSpaces; ++s) {
    const auto& lines = b.spaces[static_cast<std::size_t>(s)].lines;
    t.num_lines[s] = static_cast<std::uint8_t>(lines.size());
    for (int k = 0; k < static_cast<int>(lines.size()); ++k) {
      t.line[s][k] = lines[k];
      t.neighbours[s] |= bit(lines[k]);
      if ((t.marked >> lines[k]) & 1u) t.marked_lines[s] |= static_cast<std::uint8_t>(1u << k);
    }
  }
  for (int i = 0; i < kNumTokens; ++i) {
    t.resistance[i] = static_cast<std::int8_t>(b.tokens[static_cast<std::size_t>(i)].resistance);
    t.restaurants[i] = static_cast<std::int8_t>(b.tokens[static_cast<std::size_t>(i)].restaurants);
  }
  return t;
}

UfoState::UfoState(int players, int max_rounds)
    : players_(static_cast<std::uint8_t>(players)),
      max_rounds_(static_cast<std::uint8_t>(max_rounds)) {
  token_.fill(kNone);
  kiosk_.fill(kNone);
  for (auto& r : restaurant_) r.fill(kNone);
  while (next_token_city_ < kNumCities && !in_play(next_token_city_)) ++next_token_city_;
}

// ---------------------------------------------------------------- queries

int UfoState::free_slot(int city) const {
  for (int k = 0; k < slots(city); ++k)
    if (restaurant_[city][k] == kNone) return k;
  return kNone;
}

bool UfoState::holds_other_ufo(int space, Seat p) const {
  bool any = false;  // no early exit: a full short scan beats a mispredicted branch
  for (const auto& u : ufos_) any |= (u.space == space) & (u.owner != p);
  return any;
}

std::uint64_t UfoState::others_mask(Seat p) const {
  std::uint64_t m = 0;
  for (const auto& u : ufos_)
    if (u.owner != p) m |= bit(u.space);
  return m;
}

bool UfoState::has_buildings_all_own(int space, Seat p) const {
  if (space >= kNumCities) return kiosk_[space] == p;
  return controls(p, space);
}

std::uint64_t UfoState::new_ufo_cities() const {
  return controlled_mask(active_) & ~others_mask(active_);
}

UfoState::Controls UfoState::control_masks() const {
  const Topology& t = topology();
  Controls m{};
  for (int c = 0; c < kNumCities; ++c) {
    const int o = controller(t, c);
    if (o >= 0 && o < kMaxPlayers)
      m[static_cast<std::size_t>(o)] |= static_cast<std::uint16_t>(1u << c);
  }
  return m;
}

bool UfoState::may_take_new_ufo(const Controls& controls) const {
  if (ufos_.size() >= kMaxUfos) return false;
  std::array<int, kNumUfoTypes> of_type{};
  int mine = 0;
  for (const auto& u : ufos_)
    if (u.owner == active_) {
      ++mine;
      ++of_type[static_cast<std::size_t>(u.type)];
    }
  const std::uint64_t cities = controls[static_cast<std::size_t>(active_)];
  if (count_bits(cities) < mine) return false;
  bool type_left = false;
  for (int t = 0; t < kNumUfoTypes; ++t) type_left |= of_type[t] < kUfosPerType;
  if (!type_left) return false;
  return (cities & ~others_mask(active_)) != 0;
}

void UfoState::rest_distances(std::uint64_t blocked,
                              std::array<std::int8_t, kNumSpaces>& dist) const {
  // Breadth-first from every free space at once, one distance layer at a time.
  const Topology& t = topology();
  const std::uint64_t play = play_mask();
  dist.fill(-1);
  std::uint64_t layer = play & ~blocked, seen = layer;
  for (int d = 0; layer != 0; ++d) {
    std::uint64_t next = 0;
    for_bits(layer, [&](int x) {
      dist[x] = static_cast<std::int8_t>(d);
      next |= t.neighbours[x];
    });
    layer = next & play & ~seen;
    seen |= layer;
  }
}

bool UfoState::displacement_done() const {
  if (steps_left_ > 0) return false;
  const std::uint64_t others = others_mask(loser_);
  for (auto v : losers_)
    if (pushed_[v] == 0 || ((others >> ufos_[v].space) & 1u)) return false;
  return true;
}

bool UfoState::ends_game(const Controls& controls) const {
  // Every city in play has a restaurant (not with 3 players), or a player
  // controls enough cities.
  if (players_ != 3) {
    std::uint64_t built = 0;
    for (int c = 0; c < kNumCities; ++c)
      built |= std::uint64_t{restaurant_[c][0] != kNone || restaurant_[c][1] != kNone} << c;
    const std::uint64_t cities = play_mask() & ((std::uint64_t{1} << kNumCities) - 1);
    if ((cities & ~built) == 0) return true;
  }
  const int needed = (players_ == 3 || players_ == 5) ? 4 : 5;
  for (Seat p = 0; p < players_; ++p)
    if (count_bits(controls[p]) >= needed) return true;
  return false;
}

// ---------------------------------------------------------------- contract

void UfoState::chance_outcomes(ChanceList& out) const {
  switch (phase_) {
    case Phase::kTokens: {
      std::uint32_t used = 0;
      for (auto t : token_)
        if (t != kNone) used |= 1u << t;
      for (int t = 0; t < kNumTokens; ++t)
        if (!((used >> t) & 1u)) out.push_back({t, 1});
    } break;
    case Phase::kAttackDie:
    case Phase::kDefendDie:
      for (int f = 1; f <= 6; ++f) out.push_back({f, 1});
      break;
    case Phase::kControlDie:
      for (int f = 1; f <= 12; ++f) out.push_back({f, 1});
      break;
    default:
      break;
  }
}

void UfoState::legal_in_phase(ActionList& out) const {
  const Topology& t = topology();
  const int n = static_cast<int>(ufos_.size());
  switch (phase_) {
    case Phase::kSetup: {
      const std::uint64_t free = play_mask() & ~others_mask(active_);
      for (int c = 0; c < kNumCities; ++c)
        if ((free >> c) & 1u) out.push_back(act::kPlaceBase + c);
      break;
    }
    case Phase::kMove: {
      out.push_back(act::kPass);
      const bool all = players_ >= 4;
      std::uint32_t movers = 0;  // bit u: UFO u may move (branch-free scan)
      for (int u = 0; u < n; ++u)
        movers |= std::uint32_t{ufos_[u].owner == active_ && !ufos_[u].stopped} << u;
      for_bits(movers, [&](int u) {
        const int s = ufos_[u].space;
        const unsigned lines = all ? (1u << t.num_lines[s]) - 1 : unsigned{t.marked_lines[s]};
        // Branch-free: write all kMaxLines candidates, keep those in `lines`.
        std::size_t size = out.size();
        out.resize(size + kMaxLines);
        const Action base = act::kMoveBase + u * kMaxLines;
        for (int k = 0; k < kMaxLines; ++k) {
          out[size] = base + k;
          size += (lines >> k) & 1u;
        }
        out.resize(size);
      });
      break;
    }
    case Phase::kBump: {
      // A UFO of the active player may bump where another player's UFO is.
      std::array<std::uint64_t, kMaxPlayers> at{};
      for (const auto& g : ufos_) at[static_cast<std::size_t>(g.owner)] |= bit(g.space);
      const std::uint64_t others = others_mask(active_);
      for (int u = 0; u < n; ++u) {
        const int s = ufos_[u].space;
        if (ufos_[u].owner != active_ || !((others >> s) & 1u)) continue;
        for (Seat q = 0; q < players_; ++q)
          if (q != active_ && ((at[q] >> s) & 1u))
            out.push_back(act::kBumpBase + u * kMaxPlayers + q);
      }
      break;
    }
    case Phase::kSupport:
      for (int k = 0; k < 3; ++k) out.push_back(act::kSupportBase + k);
      break;
    case Phase::kDisplace: {
      // While steps are left, a loser may move unless the others that have
      // not moved yet need every remaining step. Once the budget is spent, a
      // UFO still sharing a space with another player's UFO keeps moving until
      // it reaches a space where it may stop, by a shortest way (so the extra
      // moves always end; docs/rules/ufo.md).
      const std::uint64_t play = play_mask();
      int unpushed = 0;
      for (auto v : losers_) unpushed += pushed_[v] == 0;
      const std::uint64_t blocked = others_mask(loser_);
      std::array<std::int8_t, kNumSpaces> dist;
      bool have_dist = false;
      std::uint32_t losing = 0;
      for (auto v : losers_) losing |= 1u << v;
      for_bits(losing, [&](int u) {
        const int s = ufos_[u].space;
        if (steps_left_ <= 0 && (pushed_[u] == 0 || !((blocked >> s) & 1u))) return;
        const bool free_step = steps_left_ > 0 && (pushed_[u] == 0 || steps_left_ - 1 >= unpushed);
        if (steps_left_ > 0 && !free_step) return;
        for (int k = 0; k < t.num_lines[s]; ++k) {
          const int to = t.line[s][k];
          if (!((play >> to) & 1u)) continue;
          if (steps_left_ <= 0) {
            if (!have_dist) {
              rest_distances(blocked, dist);
              have_dist = true;
            }
            if (dist[to] < 0 || dist[to] >= dist[s]) continue;
          }
          out.push_back(act::kMoveBase + u * kMaxLines + k);
        }
      });
      break;
    }
    case Phase::kEyewitness:
      for (int c = 0; c < kNumCities; ++c)
        if (c != eye_city_ && eyewitness_[c][loser_] > 0) out.push_back(act::kEyeBase + c);
      break;
    case Phase::kActions: {
      // The deeds in Deed order for each UFO (rulebook conditions below).
      out.push_back(act::kPass);
      const Seat p = active_;
      int kiosks_left = -1, restaurants_left = -1;  // supply > 0; -1: not counted yet
      for (int u = 0; u < n; ++u) {
        const UfoPiece& f = ufos_[u];
        if (f.used || f.owner != p) continue;
        const int s = f.space;
        const Action base = act::kDeedBase + u * kNumDeeds;
        if (s >= kNumCities) {
          if (kiosks_left < 0) kiosks_left = kiosk_supply(p) > 0;
          if (!kiosks_left) continue;
          if (kiosk_[s] == kNone) {
            out.push_back(base + static_cast<int>(Deed::kOpenKiosk));
          } else if (kiosk_[s] != p && f.moved) {
            out.push_back(base + static_cast<int>(Deed::kTakeKiosk));
          }
          continue;
        }
        if (restaurants_left < 0) restaurants_left = restaurant_supply(p) > 0;
        if (!restaurants_left) continue;
        const int free = free_slot(s);
        if (free != kNone) {
          if (!((opened_mask_ >> s) & 1u))
            out.push_back(base + static_cast<int>(Deed::kOpenRestaurant));
        } else if (!f.moved) {
          // Take over a restaurant: every slot is taken, and not by p.
          for (int k = 0; k < slots(s); ++k)
            if (restaurant_[s][k] != p)
              out.push_back(base + static_cast<int>(Deed::kTakeRestaurant0) + k);
        }
      }
      break;
    }
    case Phase::kAssist: {
      out.push_back(act::kRoll);
      const int c = ufos_[roller_].space;
      const std::uint64_t near = t.neighbours[c] | bit(c);
      for (int u = 0; u < n; ++u) {
        const UfoPiece& f = ufos_[u];
        if (u != roller_ && f.owner == active_ && !f.used && ((near >> f.space) & 1u))
          out.push_back(act::kAssistBase + u);
      }
      break;
    }
    case Phase::kNewUfo: {
      out.push_back(act::kPass);
      std::array<int, kNumUfoTypes> of_type{};
      for (const auto& u : ufos_)
        if (u.owner == active_) ++of_type[static_cast<std::size_t>(u.type)];
      const std::uint64_t cities = new_ufo_cities();
      for (int ty = 0; ty < kNumUfoTypes; ++ty) {
        if (of_type[ty] >= kUfosPerType) continue;
        for_bits(cities, [&](int c) { out.push_back(act::kPlaceBase + ty * kNumCities + c); });
      }
      break;
    }
    default:
      break;
  }
}

MaybeError UfoState::apply(Seat seat, Action a) {
  if (auto err = validate_action(*this, seat, a)) return err;
  apply_unchecked(seat, a);
  return {};
}

void UfoState::clear_eyewitnesses(int city, Seat p) {
  if (city < kNumCities) eyewitness_[city][p] = 0;
}

void UfoState::start_turn() {
  for (;;) {
    if (max_rounds_ > 0 && turns_ >= max_rounds_ * players_) {
      phase_ = Phase::kOver;
      return;
    }
    ++turns_;
    if (!skips_next_turn(active_)) break;
    // A player who took a new UFO sits this turn out entirely.
    skip_mask_ = static_cast<std::uint8_t>(skip_mask_ & ~(1u << active_));
    active_ = static_cast<std::int8_t>(seat_after(active_, 1));
  }
  for (auto& u : ufos_) u.moved = u.stopped = u.used = false;
  opened_mask_ = 0;
  lost_bump_ = false;
  phase_ = Phase::kMove;
}

void UfoState::end_turn(const Controls& controls) {
  if (ends_game(controls)) {
    phase_ = Phase::kOver;
    return;
  }
  active_ = static_cast<std::int8_t>(seat_after(active_, 1));
  start_turn();
}

void UfoState::next_bump_or_actions() {
  std::uint64_t mine = 0, others = 0;
  for (const auto& u : ufos_) (u.owner == active_ ? mine : others) |= bit(u.space);
  if (mine & others) {
    phase_ = Phase::kBump;
    return;
  }
  if (lost_bump_) {
    end_actions();
  } else {
    phase_ = Phase::kActions;
  }
}

void UfoState::end_actions() {
  const Controls controls = control_masks();
  if (may_take_new_ufo(controls)) {
    phase_ = Phase::kNewUfo;
  } else {
    end_turn(controls);
  }
}

void UfoState::enter_by_displacement(int u, int to) {
  (void)u;
  if (to >= kNumCities || to == bump_space_) return;
  if (eyewitness_supply(loser_) > 0) {
    ++eyewitness_[to][loser_];
    return;
  }
  for (int c = 0; c < kNumCities; ++c)
    if (c != to && eyewitness_[c][loser_] > 0) {
      eye_city_ = static_cast<std::int8_t>(to);
      phase_ = Phase::kEyewitness;
      return;
    }
}

void UfoState::finish_displacement() {
  bump_space_ = attacker_ufo_ = defender_ = winner_ = loser_ = kNone;
  att_bonus_ = def_bonus_ = att_die_ = 0;
  steps_left_ = 0;
  losers_.clear();
  pushed_.fill(0);
  next_bump_or_actions();
}

void UfoState::resolve_control(int die) {
  UfoPiece& f = ufos_[roller_];
  const int c = f.space;
  const int total = die + control_modifier(roller_) + assist_;
  if (total >= resistance(c)) {
    if (deed_ == Deed::kOpenRestaurant) {
      restaurant_[c][free_slot(c)] = active_;
      opened_mask_ = static_cast<std::uint16_t>(opened_mask_ | (1u << c));
      eyewitness_[c][active_] = 0;
    } else {
      restaurant_[c][deed_ == Deed::kTakeRestaurant0 ? 0 : 1] = active_;
    }
  }
  roller_ = kNone;
  deed_ = Deed::kOpenKiosk;
  assist_ = 0;
  phase_ = Phase::kActions;
}

void UfoState::apply_unchecked(Seat seat, Action a) {
  (void)seat;
  switch (phase_) {
    case Phase::kTokens:
      token_[next_token_city_] = static_cast<std::int8_t>(a);
      ++next_token_city_;
      while (next_token_city_ < kNumCities && !in_play(next_token_city_)) ++next_token_city_;
      if (next_token_city_ >= kNumCities) {
        phase_ = Phase::kSetup;
        active_ = 0;
      }
      return;
    case Phase::kSetup: {
      const int c = a - act::kPlaceBase;
      for (int i = 0; i < 2; ++i) {
        UfoPiece f;
        f.owner = active_;
        f.space = static_cast<std::uint8_t>(c);
        ufos_.push_back(f);
      }
      if (++active_ >= players_) {
        active_ = 0;
        start_turn();
      }
      return;
    }
    case Phase::kMove: {
      if (a == act::kPass) {
        phase_ = Phase::kBump;
        next_bump_or_actions();
        return;
      }
      const int u = (a - act::kMoveBase) / kMaxLines;
      const int k = (a - act::kMoveBase) % kMaxLines;
      UfoPiece& f = ufos_[u];
      const int to = topology().line[f.space][k];
      if (f.type == UfoType::kSedator) {
        clear_eyewitnesses(f.space, f.owner);
        clear_eyewitnesses(to, f.owner);
      }
      f.space = static_cast<std::uint8_t>(to);
      f.moved = true;
      if (!has_buildings_all_own(to, f.owner) || holds_other_ufo(to, f.owner)) f.stopped = true;
      return;
    }
    case Phase::kBump: {
      const int u = (a - act::kBumpBase) / kMaxPlayers;
      const Seat q = (a - act::kBumpBase) % kMaxPlayers;
      const UfoPiece& att = ufos_[u];
      const int s = att.space;
      bump_space_ = static_cast<std::int8_t>(s);
      attacker_ufo_ = static_cast<std::int8_t>(u);
      defender_ = static_cast<std::int8_t>(q);
      int ab = 1 + (att.type == UfoType::kBumper) - (att.type == UfoType::kSedator);
      int db = -1;  // one defending UFO in the space is the defender itself
      support_queue_.clear();
      // In range: in the space or one line away. Bit v: UFO v of that player.
      const std::uint64_t near = topology().neighbours[s] | bit(s);
      std::array<std::uint32_t, kMaxPlayers> in_range{};
      for (int v = 0; v < static_cast<int>(ufos_.size()); ++v) {
        const UfoPiece& g = ufos_[v];
        in_range[static_cast<std::size_t>(g.owner)] |= std::uint32_t{((near >> g.space) & 1u) != 0}
                                                       << v;
      }
      ab += count_bits(in_range[active_] & ~(1u << u));
      db += count_bits(in_range[q] & ~(1u << u));
      // Third players' UFOs in range, in turn order from the attacker.
      for (int off = 1; off < players_; ++off) {
        const Seat t = seat_after(active_, off);
        if (t == q) continue;
        for_bits(in_range[t],
                 [&](int v) { support_queue_.push_back(static_cast<std::uint8_t>(v)); });
      }
      att_bonus_ = static_cast<std::int8_t>(ab);
      def_bonus_ = static_cast<std::int8_t>(db);
      phase_ = support_queue_.empty() ? Phase::kAttackDie : Phase::kSupport;
      return;
    }
    case Phase::kSupport:
      if (a == act::kSupportBase + 1) ++att_bonus_;
      if (a == act::kSupportBase + 2) ++def_bonus_;
      support_queue_.erase_at(0);
      if (support_queue_.empty()) phase_ = Phase::kAttackDie;
      return;
    case Phase::kAttackDie:
      att_die_ = static_cast<std::int8_t>(a);
      phase_ = Phase::kDefendDie;
      return;
    case Phase::kDefendDie: {
      const int at = att_die_ + att_bonus_;
      const int de = a + def_bonus_;
      if (at == de) {  // ties are rolled again
        att_die_ = 0;
        phase_ = Phase::kAttackDie;
        return;
      }
      winner_ = static_cast<std::int8_t>(at > de ? active_ : defender_);
      loser_ = static_cast<std::int8_t>(at > de ? defender_ : active_);
      if (loser_ == active_) lost_bump_ = true;
      losers_.clear();
      pushed_.fill(0);
      for (int v = 0; v < static_cast<int>(ufos_.size()); ++v)
        if (ufos_[v].owner == loser_ && ufos_[v].space == bump_space_)
          losers_.push_back(static_cast<std::uint8_t>(v));
      steps_left_ = static_cast<std::int8_t>(
          std::max(at > de ? at - de : de - at, static_cast<int>(losers_.size())));
      att_die_ = 0;
      phase_ = Phase::kDisplace;
      return;
    }
    case Phase::kDisplace: {
      const int u = (a - act::kMoveBase) / kMaxLines;
      const int k = (a - act::kMoveBase) % kMaxLines;
      UfoPiece& f = ufos_[u];
      const int to = topology().line[f.space][k];
      f.space = static_cast<std::uint8_t>(to);
      pushed_[u] = 1;  // only "has moved at least once" matters
      if (steps_left_ > 0) --steps_left_;
      enter_by_displacement(u, to);
      if (phase_ == Phase::kDisplace && displacement_done()) finish_displacement();
      return;
    }
    case Phase::kEyewitness: {
      const int c = a - act::kEyeBase;
      --eyewitness_[c][loser_];
      ++eyewitness_[eye_city_][loser_];
      eye_city_ = kNone;
      phase_ = Phase::kDisplace;
      if (displacement_done()) finish_displacement();
      return;
    }
    case Phase::kActions: {
      if (a == act::kPass) {
        end_actions();
        return;
      }
      const int u = (a - act::kDeedBase) / kNumDeeds;
      const Deed d = Deed((a - act::kDeedBase) % kNumDeeds);
      UfoPiece& f = ufos_[u];
      f.used = true;
      if (d == Deed::kOpenKiosk || d == Deed::kTakeKiosk) {
        kiosk_[f.space] = active_;
        return;
      }
      roller_ = static_cast<std::int8_t>(u);
      deed_ = d;
      assist_ = 0;
      phase_ = Phase::kAssist;
      return;
    }
    case Phase::kAssist:
      if (a == act::kRoll) {
        phase_ = Phase::kControlDie;
        return;
      }
      ufos_[a - act::kAssistBase].used = true;
      ++assist_;
      return;
    case Phase::kControlDie:
      resolve_control(a);
      return;
    case Phase::kNewUfo: {
      if (a != act::kPass) {
        UfoPiece f;
        f.owner = active_;
        f.type = UfoType((a - act::kPlaceBase) / kNumCities);
        f.space = static_cast<std::uint8_t>((a - act::kPlaceBase) % kNumCities);
        ufos_.push_back(f);
        skip_mask_ = static_cast<std::uint8_t>(skip_mask_ | (1u << active_));
      }
      end_turn(control_masks());
      return;
    }
    default:
      return;
  }
}

// ---------------------------------------------------------------- JSON

Json UfoState::action_to_json(Seat seat, Action a) const {
  if (seat == kChance) {
    if (phase_ == Phase::kTokens) {
      const CityToken& t =
          board().tokens[static_cast<std::size_t>(std::clamp(a, 0, kNumTokens - 1))];
      return {{"token", a},
              {"city", sp(next_token_city_ < kNumCities ? next_token_city_ : 0).key},
              {"resistance", t.resistance},
              {"restaurants", t.restaurants}};
    }
    return {{"die", a}};
  }
  if (a == act::kPass) {
    if (phase_ == Phase::kNewUfo) return {{"decline", "new-ufo"}};
    return {{"end", phase_ == Phase::kActions ? "actions" : "movement"}};
  }
  if (a == act::kRoll) return {{"roll", true}};
  if (a < act::kMoveBase) {
    static const char* names[3] = {"nobody", "attacker", "defender"};
    return {{"support", names[a - act::kSupportBase]}, {"ufo", supporter()}};
  }
  if (a < act::kPlaceBase) {
    const int u = (a - act::kMoveBase) / kMaxLines;
    const int k = (a - act::kMoveBase) % kMaxLines;
    std::string to = "?";
    if (u < static_cast<int>(ufos_.size()) && k < static_cast<int>(sp(ufos_[u].space).lines.size()))
      to = sp(sp(ufos_[u].space).lines[k]).key;
    return {{phase_ == Phase::kDisplace ? "push" : "move", {{"ufo", u}, {"to", to}}}};
  }
  if (a < act::kBumpBase) {
    const int t = (a - act::kPlaceBase) / kNumCities;
    const int c = (a - act::kPlaceBase) % kNumCities;
    return {{phase_ == Phase::kSetup ? "place" : "new_ufo",
             {{"type", kTypeNames[t]}, {"city", sp(c).key}}}};
  }
  if (a < act::kEyeBase) {
    return {{"bump",
             {{"ufo", (a - act::kBumpBase) / kMaxPlayers},
              {"defender", (a - act::kBumpBase) % kMaxPlayers}}}};
  }
  if (a < act::kDeedBase) return {{"eyewitness_from", sp(a - act::kEyeBase).key}};
  if (a < act::kAssistBase) {
    const int u = (a - act::kDeedBase) / kNumDeeds;
    const int d = (a - act::kDeedBase) % kNumDeeds;
    Json j = {{"ufo", u}, {"do", kDeedNames[d]}};
    if (d >= static_cast<int>(Deed::kTakeRestaurant0))
      j["slot"] = d - static_cast<int>(Deed::kTakeRestaurant0);
    return {{"deed", j}};
  }
  return {{"assist", a - act::kAssistBase}};
}

Expected<Action> UfoState::action_from_json(Seat seat, const Json& j) const {
  if (!j.is_object() || j.size() < 1) return malformed("an action is a JSON object");
  auto int_at = [](const Json& o, const char* key, int lo, int hi) -> int {
    if (!o.is_object() || !o.contains(key) || !o[key].is_number_integer()) return kNone - 1;
    const int v = o[key].get<int>();
    return v < lo || v > hi ? kNone - 1 : v;
  };
  auto city_at = [](const Json& o, const char* key) -> int {
    if (!o.is_object() || !o.contains(key) || !o[key].is_string()) return kNone;
    const int c = board().space_by_key(o[key].get<std::string>());
    return c < kNumCities ? c : kNone;
  };
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
  if (j.contains("end") || j.contains("decline")) return act::kPass;
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
    const auto& lines = sp(ufos_[u].space).lines;
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
    if (c == kNone) return malformed("expected {\"eyewitness_from\": city}");
    return act::kEyeBase + c;
  }
  if (j.contains("deed")) {
    const Json& m = j["deed"];
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
  if (j.contains("assist")) {
    const int u = int_at(j, "assist", 0, kMaxUfos - 1);
    if (u < 0) return malformed("expected {\"assist\": ufo}");
    return act::kAssistBase + u;
  }
  return malformed("unknown action");
}

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
    Json o = {{"id", sp(s).key}, {"name", sp(s).name}, {"kind", sp(s).city ? "city" : "village"}};
    if (sp(s).city) {
      if (token_[s] != kNone) {
        o["resistance"] = resistance(s);
        o["restaurants"] = Json::array();
        for (int k = 0; k < slots(s); ++k)
          o["restaurants"].push_back(restaurant_[s][k] == kNone ? Json(nullptr)
                                                                : Json(restaurant_[s][k]));
      }
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
                    {"space", sp(f.space).key},
                    {"moved", f.moved},
                    {"stopped", f.stopped},
                    {"used", f.used}});
  }
  v["ufos"] = ufos;
  v["lost_bump"] = lost_bump_;
  if (bump_space_ != kNone) {
    Json b = {{"space", sp(bump_space_).key},
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
    if (eye_city_ != kNone) b["eyewitness_for"] = sp(eye_city_).key;
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
  j["opened"] = opened_mask_;
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

Expected<UfoState> UfoState::from_json(const Json& j) {
  auto bad = [](const char* what) {
    return make_error(errc::kCorruptState, std::string("ufo state: ") + what);
  };
  auto in = [](const Json& v, int lo, int hi) {
    return v.is_number_integer() && v.get<int>() >= lo && v.get<int>() <= hi;
  };
  if (!j.is_object()) return bad("not an object");
  UfoState s;
  if (!in(j.at("players"), 2, kMaxPlayers)) return bad("players");
  s.players_ = j["players"].get<std::uint8_t>();
  const int np = s.players_;
  if (!in(j.at("max_rounds"), 0, 250)) return bad("max_rounds");
  s.max_rounds_ = j["max_rounds"].get<std::uint8_t>();
  if (!in(j.at("phase"), 0, static_cast<int>(Phase::kOver))) return bad("phase");
  s.phase_ = Phase(j["phase"].get<int>());
  if (!in(j.at("active"), 0, np - 1)) return bad("active");
  s.active_ = j["active"].get<std::int8_t>();
  if (!in(j.at("turns"), 0, 60000)) return bad("turns");
  s.turns_ = j["turns"].get<std::uint16_t>();
  if (!in(j.at("next_token_city"), 0, kNumCities)) return bad("next_token_city");
  s.next_token_city_ = j["next_token_city"].get<std::uint8_t>();
  const Json& tok = j.at("tokens");
  if (!tok.is_array() || tok.size() != kNumCities) return bad("tokens");
  std::uint32_t seen = 0;
  for (int c = 0; c < kNumCities; ++c) {
    if (!in(tok[c], kNone, kNumTokens - 1)) return bad("token");
    s.token_[c] = tok[c].get<std::int8_t>();
    if (s.token_[c] != kNone) {
      if ((seen >> s.token_[c]) & 1u) return bad("token used twice");
      seen |= 1u << s.token_[c];
      if (!s.in_play(c)) return bad("token on a city out of play");
    }
  }
  const Json& ki = j.at("kiosks");
  if (!ki.is_array() || ki.size() != kNumSpaces) return bad("kiosks");
  for (int v = 0; v < kNumSpaces; ++v) {
    if (!in(ki[v], kNone, np - 1)) return bad("kiosk");
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
    s.ufos_.push_back(p);
  }
  for (Seat p = 0; p < np; ++p)
    if (s.restaurant_supply(p) < 0 || s.kiosk_supply(p) < 0 || s.eyewitness_supply(p) < 0 ||
        s.ufo_supply(p, UfoType::kStandard) < 0 || s.ufo_supply(p, UfoType::kBumper) < 0 ||
        s.ufo_supply(p, UfoType::kSedator) < 0)
      return bad("supply exceeded");
  if (!in(j.at("opened"), 0, (1 << kNumCities) - 1) || !in(j.at("skip"), 0, (1 << np) - 1) ||
      !j.at("lost_bump").is_boolean())
    return bad("turn flags");
  s.opened_mask_ = j["opened"].get<std::uint16_t>();
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
      break;
    case Phase::kAttackDie:
    case Phase::kDefendDie:
      if (s.bump_space_ == kNone || s.defender_ == kNone) return bad("die phase");
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
  if (!s.is_terminal() && !s.is_chance()) {
    ActionList legal;
    s.legal_in_phase(legal);
    if (legal.empty()) return bad("nobody can act");
  }
  return s;
}

GameResult UfoState::result() const {
  return result_by_score(players_, [&](Seat p) { return score(p); });
}

Json UfoState::result_details() const {
  Json d = Json::array();
  for (Seat p = 0; p < players_; ++p) {
    int rest = 0, kiosks = 0, eyes = 0;
    for (int c = 0; c < kNumCities; ++c) {
      for (auto o : restaurant_[c]) rest += o == p ? resistance(c) : 0;
      eyes += eyewitness_[c][p];
    }
    for (auto o : kiosk_) kiosks += o == p;
    d.push_back({{"restaurant_points", rest},
                 {"kiosks", kiosks},
                 {"eyewitnesses", eyes},
                 {"cities", controlled_cities(p)},
                 {"score", score(p)}});
  }
  return {{"players", d}, {"rounds_played", round()}};
}

}  // namespace meeple::ufo
