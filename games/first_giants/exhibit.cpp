// Exhibiting (docs/rules/first-giants.md "Exhibiting"): which studio fossils
// a player may exhibit now (paid in amber unless free; the second fossil of
// an "up to 2" effect), then the set it goes to. Two decisions: the fossil
// (in Phase::kEffect or Phase::kReclaim), then its set (Phase::kTarget).
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

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
[[gnu::always_inline]] inline std::uint64_t FirstGiantsState::exhibit_candidates(int p) const {
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
  for_each_bit(m, [&](int c) {
    if (room || fits_some_set(p, c)) out.push_back(act::kExhibit + c);
  });
}

// Whether exhibit_options would list anything, stopping at the first.
bool FirstGiantsState::has_exhibit_option(int p) const {
  const std::uint64_t m = exhibit_candidates(p);
  if (m == 0 || area_[p].sets.size() < kMaxSets) return m != 0;
  for (std::uint64_t s = m; s; s &= s - 1)
    if (fits_some_set(p, lowest_bit(s))) return true;
  return false;
}

// The fossil `c` is chosen; its set comes next (Phase::kTarget).
void FirstGiantsState::choose_fossil(Seat seat, int c, bool free, bool in_reclaim) {
  chosen_card_ = static_cast<std::uint8_t>(c);
  exhibitor_ = static_cast<std::uint8_t>(seat);
  chosen_free_ = free;
  chosen_in_reclaim_ = in_reclaim;
  phase_ = Phase::kTarget;
}

// Phase::kTarget: a new set (while there is room), or one that accepts it.
void FirstGiantsState::legal_target(const PlayerArea& a, ActionList& out) const {
  const Card& k = card(chosen_card_);
  if (a.sets.size() < kMaxSets) out.push_back(act::kNewSet);
  for (int j = 0; j < static_cast<int>(a.sets.size()); ++j)
    if (set_accepts(a.sets[j], k.family, k.size)) out.push_back(act::kIntoSet + j);
}

// The fossil is exhibited, then the reclaim or the effect it was chosen for
// goes on.
void FirstGiantsState::apply_target(Seat seat, Action a) {
  const int c = chosen_card_;
  exhibit(seat, c, a == act::kNewSet ? -1 : a - act::kIntoSet, chosen_free_);
  chosen_card_ = kNoCard;
  if (chosen_in_reclaim_) {
    --reclaim_left_;
    return continue_reclaim(seat);  // reclaim.cpp
  }
  effect_exhibited(c);  // effects.cpp
}

// Moves `c` from p's studio to a new set (set_index < 0) or into set
// `set_index`, which then takes a set token and may win a News token.
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
  take_set_token(s);  // sets.cpp
  check_news(p, s);   // news.cpp
}

}  // namespace meeple::first_giants
