// Card effects (docs/rules/first-giants.md "Card effects"): which effects a
// take triggers, the queue they wait in (from the active player clockwise,
// each owner ordering its own), and the resolution of one effect: its
// repetitions, its "may" decisions, and each opponent applying it in turn.
#include <algorithm>

#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

// Triggered effects of `taker` taking card `c`, from the active player
// clockwise (the rulebook, step 3), each studio in id order. The taker's cards that
// fire: the taken card's single-use effect, "any take", "you take a card of
// family F" for the taken card's family, "a family new to your studio" when
// it is (`new_family`: the studio had no card of its family before);
// everyone else's: "any take".
void FirstGiantsState::trigger_effects(Seat taker, int c, bool new_family) {
  const Catalog& cat = catalog();
  const int family = cat.cards[c].family;
  const std::uint64_t mine =
      (cat.once & bit(c)) | cat.any_take | cat.you_take[family] | (new_family ? cat.new_family : 0);
  pending_.clear();
  auto fire = [&](int q, std::uint64_t cards) {
    for_each_bit(area_[q].studio & cards, [&](int card_id) {
      pending_.push_back({static_cast<std::uint8_t>(q), static_cast<std::uint8_t>(card_id)});
    });
  };
  // The taker is the active player: its cards first, then the others clockwise.
  fire(taker, mine);
  for (int q = taker + 1; q < players_; ++q) fire(q, cat.any_take);
  for (int q = 0; q < taker; ++q) fire(q, cat.any_take);
}

// Resolves the queue until a decision is needed or it is empty (then the
// take goes on with its refill, turn.cpp).
void FirstGiantsState::resolve_pending() {
  // A fossil exhibited before its triggered effect resolved has lost it.
  for (int i = 0; i < static_cast<int>(pending_.size());)
    if (area_[pending_[i].owner].studio & bit(pending_[i].card))
      ++i;
    else
      pending_.erase_at(i);
  if (pending_.empty()) return finish_take();
  if (group_needs_order()) {
    phase_ = Phase::kOrder;
    return;
  }
  start_effect(0);
}

// The effects at the head of the queue that belong to one owner.
int FirstGiantsState::group_size() const {
  int n = 0;
  while (n < static_cast<int>(pending_.size()) && pending_[n].owner == pending_[0].owner) ++n;
  return n;
}

// The owner picks the order only when it matters: two or more effects, one
// of them with a decision.
bool FirstGiantsState::group_needs_order() const {
  // Most takes trigger one effect, or one per owner: no order to choose.
  if (pending_.size() < 2 || pending_[1].owner != pending_[0].owner) return false;
  const std::uint64_t decides = catalog().decides;
  const int n = group_size();
  for (int i = 0; i < n; ++i)
    if (decides & bit(pending_[i].card)) return true;
  return false;
}

// Phase::kOrder: which of the owner's effects resolves next, by card id.
void FirstGiantsState::legal_order(ActionList& out) const {
  const int n = group_size();
  for (int i = 0; i < n; ++i) out.push_back(act::kResolve + pending_[i].card);
  std::sort(out.begin(), out.end());
}

void FirstGiantsState::apply_order(Action a) {
  for (int i = 0; i < static_cast<int>(pending_.size()); ++i)
    if (pending_[i].card == a - act::kResolve) return start_effect(i);
}

// How many times an effect repeats, counted in its owner's studio when it
// starts resolving.
int FirstGiantsState::multiplier_count(int owner, const Card& c) const {
  // Nine cards in twelve repeat once: tested first, before the switch's jump.
  if (c.multiplier == Multiplier::kOne) return 1;
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

void FirstGiantsState::begin_applier() {
  cur_left_ = cur_count_;
  cur_done_ = 0;
}

// Whether the current applier has a decision now (its "may" can happen).
bool FirstGiantsState::effect_needs_decision() const {
  const Effect e = card(cur_card_).effect;
  if (e == Effect::kAmberForPoints) return area_[cur_applier_].amber >= 3;
  return has_exhibit_option(cur_applier_);
}

// Resolves the automatic parts of the current effect (points, amber, and
// every repetition without a real choice), applier after applier, until a
// decision is needed or the effect is done.
void FirstGiantsState::continue_effect() {
  // phase_ must read kEffect for exhibit_candidates' effect-specific rules.
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
      gain(a.points, cur_left_);
      cur_left_ = 0;
    } else if (k.effect == Effect::kAmber) {
      gain(a.amber, cur_left_);
      cur_left_ = 0;
    } else if (effect_needs_decision()) {
      return;
    } else if (k.effect == Effect::kExhibitOrPoint) {
      gain(a.points, 1);
      --cur_left_;
    } else if (cur_done_ > 0) {
      cur_done_ = 0;
      --cur_left_;
    } else {
      cur_left_ = 0;
    }
  }
  cur_card_ = kNoCard;
  resolve_pending();
}

// Phase::kEffect: the applier's choices for the current effect.
void FirstGiantsState::legal_effect(Seat seat, ActionList& out) const {
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
}

void FirstGiantsState::apply_effect(Seat seat, Action a) {
  PlayerArea& me = area_[seat];
  if (a == act::kDecline) {
    cur_left_ = 0;
    cur_done_ = 0;
  } else if (a == act::kGainPoint) {
    gain(me.points, 1);
    --cur_left_;
  } else if (a == act::kAmberForPoints) {
    me.amber = static_cast<std::int16_t>(me.amber - 3);
    gain(me.points, 2);
    --cur_left_;
  } else {
    // exhibit.cpp; the fossil's set is chosen next, then effect_exhibited.
    return choose_fossil(seat, a - act::kExhibit, card(cur_card_).effect == Effect::kExhibitFree,
                         /*in_reclaim=*/false);
  }
  continue_effect();
}

// The applier exhibited `c` for the current effect: "up to 2" effects may
// take a second fossil (of another / the same family), others count one
// repetition done.
void FirstGiantsState::effect_exhibited(int c) {
  const Effect e = card(cur_card_).effect;
  if ((e == Effect::kExhibitTwoDifferent || e == Effect::kExhibitTwoSame) && cur_done_ == 0) {
    cur_done_ = 1;
    cur_family_ = static_cast<std::uint8_t>(card(c).family);
  } else {
    cur_done_ = 0;
    --cur_left_;
  }
  continue_effect();
}

}  // namespace meeple::first_giants
