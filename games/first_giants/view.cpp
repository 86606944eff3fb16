// The view: the whole table as JSON, the same for every seat: everything in
// First Giants is public but the face-down cards below the deck's top (the
// deck is face up: its top card and its size are shown).
#include <string>
#include <utility>

#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

namespace {
Json set_view(const ExhibitSet& s) {
  Json cards_j = Json::array();
  for (int i = 0; i < s.n; ++i) cards_j.push_back(card_json(s.card[i]));
  Json v = {{"cards", std::move(cards_j)},
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
  v["to_act"] = std::move(who);
  v["active"] = active_;
  v["turns_played"] = turn_;
  v["deck_count"] = deck_count();
  v["deck_top"] = top_ == kNoCard ? Json() : card_json(top_);
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
    sites.push_back({{"site", s},
                     {"left", std::move(cs[0])},
                     {"right", std::move(cs[1])},
                     {"pawns", std::move(pawns)}});
  }
  v["sites"] = std::move(sites);
  Json ps = Json::array();
  for (int p = 0; p < players_; ++p) {
    const PlayerArea& a = area_[p];
    Json studio = Json::array();
    for_each_bit(a.studio, [&](int c) { studio.push_back(card_json(c)); });
    Json sets = Json::array();
    for (const auto& s : a.sets) sets.push_back(set_view(s));
    ps.push_back({{"seat", p},
                  {"amber", a.amber},
                  {"points", a.points},
                  {"pawns_on_board", kPawns - count_bits(std::uint32_t{a.pawns_out})},
                  {"studio", std::move(studio)},
                  {"exhibit", std::move(sets)},
                  {"score", score(p)}});
  }
  v["players"] = std::move(ps);
  Json news = Json::array();
  for (int n = 0; n < kNews; ++n) {
    // "kind" and "family" / "size" let a client name the token in its own
    // language; "name" is the English developers' name.
    Json what = n < kFamilies ? Json{{"kind", "family"}, {"family", kFamilyNames[n]}}
                              : Json{{"kind", "size"}, {"size", n - kFamilies + 1}};
    what.update(Json{{"name", news_name(n)},
                     {"points", news_points(n)},
                     {"holder", news_holder_[n] < 0 ? Json() : Json(news_holder_[n])},
                     {"kept_for_good", news_kept_[n]}});
    news.push_back(std::move(what));
  }
  v["news"] = std::move(news);
  Json pend = Json::array();
  for (const auto& pd : pending_)
    pend.push_back({{"owner", pd.owner}, {"card", card_json(pd.card)}});
  v["pending_effects"] = std::move(pend);
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

}  // namespace meeple::first_giants
