// The view: the whole table as JSON, the same for every seat: everything in
// First Giants is public but the face-down cards below the deck's top (the
// deck is face up: its top card and its size are shown). Written as text
// (core/json_writer.h), each object's keys in ascending order; a card is
// copied from the catalog, written once (Catalog::card_text).
#include <string>

#include "core/json_writer.h"
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

namespace {
void write_card(JsonWriter& w, int id) {
  if (id == kNoCard) {
    w.null();
    return;
  }
  const Catalog& c = catalog();
  w.copy(c.card_text[id], c.card_tape[id]);
}

void write_set(JsonWriter& w, const ExhibitSet& s) {
  w.begin_object();
  w.key("cards").begin_array();
  for (int i = 0; i < s.n; ++i) write_card(w, s.card[i]);
  w.end_array();
  w.field("complete", s.complete());
  if (s.kind == kFamilySet) w.field("family", kFamilyNames[s.family]);
  w.field("kind", s.kind == kFamilySet ? "family" : s.kind == kSizeSet ? "size" : "open");
  if (s.kind == kSizeSet) w.key("size").value_or_null<int>(s.size, 0);
  w.field("tokens", s.tokens);
  w.end_object();
}
}  // namespace

// The News tokens: the "news" field.
void FirstGiantsState::write_news_view(JsonWriter& w) const {
  w.key("news").begin_array();
  for (int n = 0; n < kNews; ++n) {
    // "kind" and "family" / "size" let a client name the token in its own
    // language; "name" is the English developers' name.
    w.begin_object();
    if (n < kFamilies) w.field("family", kFamilyNames[n]);
    w.key("holder").value_or_null<int>(news_holder_[n], -1);
    w.field("kept_for_good", news_kept_[n]);
    w.field("kind", n < kFamilies ? "family" : "size");
    w.field("name", news_name(n));
    w.field("points", news_points(n));
    if (n >= kFamilies) w.field("size", n - kFamilies + 1);
    w.end_object();
  }
  w.end_array();
}

// Each player's area: the "players" field.
void FirstGiantsState::write_players_view(JsonWriter& w) const {
  w.key("players").begin_array();
  for (int p = 0; p < players_; ++p) {
    const PlayerArea& a = area_[p];
    w.begin_object();
    w.field("amber", a.amber);
    w.key("exhibit").begin_array();
    for (const auto& s : a.sets) write_set(w, s);
    w.end_array();
    w.field("pawns_on_board", kPawns - count_bits(std::uint32_t{a.pawns_out}));
    w.field("points", a.points);
    w.field("score", score(p));
    w.field("seat", p);
    w.key("studio").begin_array();
    for_each_bit(a.studio, [&](int c) { write_card(w, c); });
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

void FirstGiantsState::write_view(Seat, JsonWriter& w) const {
  w.begin_object();
  w.field("active", active_);
  w.field("deck_count", deck_count());
  w.key("deck_top");
  write_card(w, top_);
  const bool effect =
      (phase_ == Phase::kEffect || phase_ == Phase::kTarget) && cur_card_ != kNoCard;
  if (effect) {
    w.key("effect").begin_object();
    w.field("applier", cur_applier_);
    w.key("card");
    write_card(w, cur_card_);
    w.field("exhibited_in_this_effect", cur_done_);
    w.field("owner", cur_owner_);
    w.field("repetitions_left", cur_left_);
    w.end_object();
  }
  w.field("end_triggered", end_triggered_);
  if (phase_ == Phase::kTarget) {
    w.key("exhibiting");
    write_card(w, chosen_card_);
  }
  w.field("game", "first-giants");
  write_news_view(w);
  w.key("pending_effects").begin_array();
  for (const auto& pd : pending_) {
    w.begin_object();
    w.key("card");
    write_card(w, pd.card);
    w.field("owner", pd.owner);
    w.end_object();
  }
  w.end_array();
  w.field("phase", kPhaseNames[static_cast<int>(phase_)]);
  write_players_view(w);
  if (phase_ == Phase::kReclaim || (phase_ == Phase::kTarget && chosen_in_reclaim_))
    w.field("reclaim_choices_left", reclaim_left_);
  w.key("set_tokens").begin_object();
  w.field("box", box_);
  w.field("reserve", reserve_);
  w.end_object();
  w.key("sites").begin_array();
  for (int s = 0; s < kSites; ++s) {
    w.begin_object();
    w.key("left");
    write_card(w, site_[s][0]);
    w.key("pawns").begin_array();
    for (int p = 0; p < players_; ++p)
      if (area_[p].pawns_out & (1 << s)) w.value(p);
    w.end_array();
    w.key("right");
    write_card(w, site_[s][1]);
    w.field("site", s);
    w.end_object();
  }
  w.end_array();
  w.key("to_act").begin_array();
  const SeatSet ta = to_act();
  for (int p = 0; p < players_; ++p)
    if (ta.contains(p)) w.value(p);
  w.end_array();
  w.field("turns_played", turn_);
  w.end_object();
}

Json FirstGiantsState::view(Seat seat) const {
  return parsed_view(*this, seat);
}

}  // namespace meeple::first_giants
