// First Giants: the observation tensor (core/observation.h), the same facts
// as view(seat) (view.cpp): the whole table but the face-down cards below
// the deck's top, with the players counted from the observing seat. A card
// is its id, one-hot over the 60 (its family, size and effect follow from
// the id, games/first_giants/data/cards.json). The layout, field by field,
// is in docs/state-and-views.md ("First Giants").
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

// The players, from the observer on.
void FirstGiantsState::observe_players(Seat seat, ObservationWriter& w) const {
  for (int r = 0; r < kMaxPlayers; ++r) {
    if (r >= players_) {
      w.skip(kObsPlayer);
      continue;
    }
    const int p = (seat + r) % players_;
    const PlayerArea& a = area_[p];
    w.flag(true);
    w.scaled(a.amber, kObsMaxAmber);
    w.scaled(a.points, kObsMaxScore);
    w.scaled(score(p), kObsMaxScore);
    w.scaled(kPawns - count_bits(std::uint32_t{a.pawns_out}), kPawns);
    w.bits(a.studio, kCards);
    std::uint64_t exhibited = 0;
    for (const ExhibitSet& s : a.sets)
      for (int i = 0; i < s.n; ++i) exhibited |= std::uint64_t{1} << s.card[i];
    w.bits(exhibited, kCards);
    for (int i = 0; i < kMaxSets; ++i) {
      if (i >= static_cast<int>(a.sets.size())) {
        w.skip(kObsSet);
        continue;
      }
      const ExhibitSet& s = a.sets[static_cast<std::size_t>(i)];
      w.flag(true);
      w.one_hot(s.kind, 3);
      w.one_hot(s.kind == kFamilySet ? s.family : -1, kFamilies);
      w.one_hot(s.kind == kSizeSet ? s.size : -1, 4);
      w.scaled(s.n, 5);
      w.scaled(s.tokens, kObsMaxSetTokens);
      w.flag(s.complete());
    }
  }
}

void FirstGiantsState::observation(Seat seat, std::span<float> out) const {
  ObservationWriter w(out);
  const auto rel = [&](int p) { return relative_seat(p, seat, players_); };
  const auto card = [&](int id) { w.one_hot(id == kNoCard ? -1 : id, kCards); };
  // Header.
  w.one_hot(static_cast<int>(phase_), kObsPhases);
  w.one_hot(rel(active_), kMaxPlayers);
  w.one_hot(rel(decider()), kMaxPlayers);
  w.scaled(players_, kMaxPlayers);
  w.scaled(deck_count(), kCards);
  card(top_);
  w.flag(end_triggered_);
  w.scaled(box_, kTotalSetTokens);
  w.scaled(reserve_, kTotalSetTokens);
  w.scaled(turn_, kObsMaxTurns);
  const bool reclaiming =
      phase_ == Phase::kReclaim || (phase_ == Phase::kTarget && chosen_in_reclaim_);
  w.scaled(reclaiming ? reclaim_left_ : 0, kPawns);
  // The effect being resolved.
  if ((phase_ == Phase::kEffect || phase_ == Phase::kTarget) && cur_card_ != kNoCard) {
    w.flag(true);
    w.one_hot(rel(cur_applier_), kMaxPlayers);
    card(cur_card_);
    w.scaled(cur_done_, 2);
    w.one_hot(rel(cur_owner_), kMaxPlayers);
    w.scaled(cur_left_, kCards);
  } else {
    w.skip(kObsEffect);
  }
  // The fossil waiting for its set.
  card(phase_ == Phase::kTarget ? chosen_card_ : kNoCard);
  // News tokens.
  for (int n = 0; n < kNews; ++n) {
    w.one_hot(rel(news_holder_[n]), kMaxPlayers);
    w.flag(news_kept_[n]);
  }
  // Pending effects, by card: whether it waits, its owner, and its place in
  // the queue (the first, when a card waits twice).
  const std::size_t pending_at = w.position();
  w.skip(kCards * kObsPending);
  for (int i = static_cast<int>(pending_.size()) - 1; i >= 0; --i) {
    const Pending& pd = pending_[static_cast<std::size_t>(i)];
    const std::size_t at = pending_at + static_cast<std::size_t>(pd.card) * kObsPending;
    std::fill(out.begin() + static_cast<std::ptrdiff_t>(at),
              out.begin() + static_cast<std::ptrdiff_t>(at + kObsPending), 0.0f);
    out[at] = 1.0f;
    out[at + 1 + static_cast<std::size_t>(rel(pd.owner))] = 1.0f;
    out[at + 1 + kMaxPlayers] = static_cast<float>(i) / 64.0f;
  }
  // Dig sites.
  for (int s = 0; s < kSites; ++s) {
    card(site_[s][0]);
    card(site_[s][1]);
    for (int r = 0; r < kMaxPlayers; ++r)
      w.flag(r < players_ && (area_[(seat + r) % players_].pawns_out & (1 << s)) != 0);
  }
  observe_players(seat, w);
}

}  // namespace meeple::first_giants
