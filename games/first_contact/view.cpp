// Who sees what (plumbing for rulings 1.5): view(seat), everything that seat
// may know, and determinize(seat, rng), a full state consistent with it that
// re-samples exactly the hidden parts.
//
// The view is written as text directly (write_view, core/json_writer.h), as
// Ufo!'s is: the server writes one for every observer after every action,
// and the conformance suite several per seat on every step of its random
// games, where building a tree of JSON values for it took three quarters of
// First Contact's time. view() parses that text, so both are one definition.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

namespace {

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kLayField:
      return "lay_field";
    case Phase::kDrawPad:
      return "draw_language_pad";
    case Phase::kDrawRequest:
      return "draw_request_card";
    case Phase::kCustomSymbols:
      return "custom_symbols";
    case Phase::kZeroTurn:
      return "zero_turn";
    case Phase::kChoose:
      return "choose_characteristic";
    case Phase::kRotate:
      return "rotate_cards";
    case Phase::kPropose:
      return "propose_glyph";
    case Phase::kTarget:
      return "choose_target";
    case Phase::kMessage:
      return "write_message";
    case Phase::kOffer:
      return "offer";
    case Phase::kSecondAttempt:
      return "second_attempt";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

}  // namespace

namespace {

// The colours in the order their names sort ("black" < "blue" < "green" <
// "red"), for objects keyed by colour name (Json::dump() sorts keys).
constexpr int kColoursByName[] = {3, 1, 2, 0};

void write_squares(JsonWriter& w, Mask mask) {
  w.begin_array();
  for_each_bit(mask, [&](int s) { w.value(s); });
  w.end_array();
}

// An index, or null when it is negative (none).
void write_index(JsonWriter& w, int i) {
  if (i < 0)
    w.null();
  else
    w.value(i);
}

void write_characteristic(JsonWriter& w, int k) {
  if (k < 0)
    w.null();
  else
    w.value(catalog().characteristics[static_cast<std::size_t>(k)].id);
}

void write_glyphs(JsonWriter& w, const InlineVec<std::uint8_t, kMaxMessage>& m) {
  w.begin_array();
  for (auto g : m) {
    w.begin_object();
    w.field("glyph", g & 0x7f);
    w.field("negated", (g & 0x80) != 0);
    w.end_object();
  }
  w.end_array();
}

}  // namespace

void FirstContactState::write_round_history(JsonWriter& w, bool alien) const {
  // The public history of the round (rulings 1.4). Aliens also see which
  // alien proposed which glyph; the others see the distinct glyphs.
  w.begin_object();
  w.key("messages").begin_array();
  for (int a = 0; a < aliens_; ++a) {
    const bool writing = a == turn_ && phase_ == Phase::kMessage;
    const auto& m = writing ? message_ : round_message_[a];
    if (m.empty() && !writing) continue;
    w.begin_object();
    w.key("glyphs");
    write_glyphs(w, m);
    w.key("offers").begin_array();
    for (int t = 0; t < 2; ++t)
      for (int e = 0; e < earthlings(); ++e) {
        const int q = round_offer_[a][e][t];
        if (q < 0) continue;
        w.begin_object();
        w.field("attempt", t + 1);
        w.field("covered", covered_by_[q] == a);
        w.field("seat", earthling_seat(e));
        w.field("square", q);
        w.end_object();
      }
    w.end_array();
    w.field("seat", alien_seat(a));
    w.field("sent", !writing);
    w.end_object();
  }
  w.end_array();
  w.key("questions").begin_array();
  for (int e = 0; e < earthlings(); ++e) {
    const bool asking = e == turn_ && (phase_ == Phase::kRotate || phase_ == Phase::kPropose);
    const Mask rotated = asking ? rotated_ : round_rotated_[e];
    if (rotated == 0 && !asking) continue;
    const bool answered = !asking && round_proposals_[e][0] >= 0;
    w.begin_object();
    w.key("answer").begin_array();
    if (answered)
      for (int a = 0; a < aliens_; ++a) {
        const int g = round_proposals_[e][a];
        bool seen = false;
        for (int b = 0; b < a; ++b) seen = seen || round_proposals_[e][b] == g;
        if (!seen) w.value(g);
      }
    w.end_array();
    if (alien) {
      w.key("proposals").begin_array();
      if (answered)
        for (int a = 0; a < aliens_; ++a) {
          w.begin_object();
          w.field("glyph", round_proposals_[e][a]);
          w.field("seat", alien_seat(a));
          w.end_object();
        }
      w.end_array();
    }
    w.key("rotated");
    write_squares(w, rotated);
    w.field("seat", earthling_seat(e));
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

// The aliens: the "aliens" field.
void FirstContactState::write_aliens_view(JsonWriter& w) const {
  w.key("aliens").begin_array();
  for (int a = 0; a < aliens_; ++a) {
    w.begin_object();
    w.field("colour", colour_name(alien_colour(a)));
    w.field("items", items_of(a));
    w.field("seat", alien_seat(a));
    w.end_object();
  }
  w.end_array();
}

// The seats that have decided: the "decided" field.
void FirstContactState::write_decided_view(JsonWriter& w) const {
  w.key("decided").begin_array();
  for (int a = 0; a < aliens_; ++a)
    if (proposal_[a] >= 0) w.value(alien_seat(a));
  for (int e = 0; e < earthlings(); ++e)
    if (offer_[e] >= 0) w.value(earthling_seat(e));
  w.end_array();
}

// The earthlings and their tokens: the "earthlings" field.
void FirstContactState::write_earthlings_view(JsonWriter& w) const {
  w.key("earthlings").begin_array();
  for (int e = 0; e < earthlings(); ++e) {
    w.begin_object();
    w.field("seat", earthling_seat(e));
    w.key("tokens").begin_object();
    for (int colour : kColoursByName)
      for (int c = aliens_ - 1; c >= 0; --c)  // the last alien of a colour, as a map keeps it
        if (reward_colour(c) == colour) {
          w.field(colour_name(colour), tokens_[e][c]);
          break;
        }
    w.end_object();
    w.field("total", tokens_of(e));
    w.end_object();
  }
  w.end_array();
}

// The field: the "field" field.
void FirstContactState::write_field_view(JsonWriter& w) const {
  const Catalog& cat = catalog();
  w.key("field").begin_array();
  for (int s = 0; s < laid_; ++s) {
    w.begin_object();
    w.key("covered_by");
    if (covered_by_[s] < 0)
      w.null();
    else
      w.value(colour_name(alien_colour(covered_by_[s])));
    w.field("item", cat.items[static_cast<std::size_t>(item_at(s))].id);
    w.field("square", s);
    w.end_object();
  }
  w.end_array();
}

// An alien's language pad: the "language_pad" field.
void FirstContactState::write_language_pad_view(JsonWriter& w) const {
  const int known = pad_ == kPads ? assigned_ : (pad_ >= 0 ? kCharacteristics : 0);
  w.key("language_pad").begin_object();
  if (pad_ == kPads)
    w.field("id", "custom");
  else
    w.field("id", pad_);
  w.key("symbols").begin_array();
  for (int k = 0; k < known; ++k) {
    w.begin_object();
    w.key("characteristic");
    write_characteristic(w, k);
    w.field("glyph", glyph_of_[k]);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

// An earthling's own characteristics and offer: the "my_*" fields.
void FirstContactState::write_my_choices_view(int e_seat, JsonWriter& w) const {
  w.key("my_characteristic");
  write_characteristic(w, asker_ == e_seat ? chosen_ : -1);
  w.key("my_characteristics").begin_array();
  for (int k = 0; k < kCharacteristics; ++k)
    if (chosen_ever_[e_seat] & bit<Mask>(k)) write_characteristic(w, k);
  w.end_array();
  w.key("my_offer");
  write_index(w, offer_[e_seat]);
}

// An earthling's note pad: the "note_pad" field.
void FirstContactState::write_note_pad_view(int e_seat, JsonWriter& w) const {
  w.key("note_pad").begin_object();
  w.key("cells").begin_array();
  for (int i = 0; i < kCharacteristics; ++i) {
    const int k = note_pad_order(e_seat)[i];
    w.begin_object();
    w.key("characteristic");
    write_characteristic(w, k);
    w.key("glyph");
    write_index(w, note_[e_seat][k]);
    w.end_object();
  }
  w.end_array();
  w.field("pad", e_seat);
  w.key("unknown_symbols").begin_array();
  for (int g = 0; g < kGlyphs; ++g)
    if (unknown_[e_seat] & bit<Mask>(g)) w.value(g);
  w.end_array();
  w.end_object();
}

// The offers revealed: the "revealed_offers" field.
void FirstContactState::write_revealed_offers_view(JsonWriter& w) const {
  w.key("revealed_offers").begin_array();
  for (int e = 0; e < earthlings(); ++e) {
    w.begin_object();
    w.field("seat", earthling_seat(e));
    w.key("squares").begin_array();
    for (int t = 0; t < 2; ++t)
      if (last_offer_[e][t] >= 0) w.value(last_offer_[e][t]);
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

// The request card's wanted squares (an alien's): the "wanted" field.
void FirstContactState::write_wanted_view(JsonWriter& w) const {
  w.key("wanted").begin_object();
  for (int colour : kColoursByName)
    for (int a = aliens_ - 1; a >= 0; --a)
      if (alien_colour(a) == colour) {
        w.key(colour_name(colour));
        write_squares(w, wanted_[a]);
        break;
      }
  w.end_object();
}

// The zero turn: the "zero_turn" field.
void FirstContactState::write_zero_turn_view(JsonWriter& w) const {
  w.key("zero_turn").begin_array();
  for (int e = 0; e < earthlings(); ++e)
    if (zero_char_[e] >= 0) {
      w.begin_object();
      w.key("characteristic");
      write_characteristic(w, zero_char_[e]);
      w.field("glyph", zero_glyph_[e]);
      w.field("seat", earthling_seat(e));
      w.end_object();
    }
  w.end_array();
}

void FirstContactState::write_view(Seat seat, JsonWriter& w) const {
  const bool alien = is_alien(seat);
  const bool earthling = is_earthling(seat);
  const int e_seat = seat - aliens_;  // the seat's earthling index, when it is one
  const bool card_known = alien && card_ >= 0;
  w.begin_object();
  write_aliens_view(w);
  w.field("attempt", attempt_ + 1);
  if (card_known) {
    w.key("black");
    write_squares(w, black_);
  }
  w.field("custom_symbols", custom_symbols_);
  write_decided_view(w);
  write_earthlings_view(w);
  w.field("edition", edition_name(edition_));
  write_field_view(w);
  w.field("goal", goal());
  if (alien) write_language_pad_view(w);
  w.key("message").begin_object();
  w.key("glyphs");
  write_glyphs(w, message_);
  w.key("seat");
  write_index(w, speaker_ < 0 ? -1 : alien_seat(speaker_));
  w.end_object();
  w.field("mode", advanced_ ? "advanced" : "standard");
  if (earthling) write_my_choices_view(e_seat, w);
  if (alien) {
    w.key("my_proposal");
    write_index(w, proposal_[seat]);
  }
  w.field("negation", negation_rule());
  if (earthling) write_note_pad_view(e_seat, w);
  w.field("phase", phase_name(phase_));
  w.field("players", players_);
  w.key("question").begin_object();
  w.key("answer").begin_array();
  for (auto g : answer_) w.value(g);
  w.end_array();
  w.key("rotated");
  write_squares(w, rotated_);
  w.key("seat");
  write_index(w, asker_ < 0 ? -1 : earthling_seat(asker_));
  w.end_object();
  if (card_known) {
    w.key("request_card").begin_object();
    w.field("id", card_);
    w.field("rotation", rotation_);
    w.field("side", (small_game() ? edition_ != Edition::kEn : advanced_) ? "B" : "A");
    w.end_object();
  }
  if (is_terminal()) w.field("result", result_details());
  write_revealed_offers_view(w);
  w.field("round", round_);
  if (phase_ == Phase::kCustomSymbols) w.field("symbols_assigned", assigned_);
  if (alien) {
    // The current target only: the state keeps the last one into the next
    // earthling phase (determinization draws it), covered by then or not.
    const bool current = phase_ > Phase::kTarget && phase_ <= Phase::kSecondAttempt;
    w.key("target");
    write_index(w, current ? target_ : -1);
  }
  w.key("this_round");
  write_round_history(w, alien);
  if (small_game()) w.field("timer", timer_);
  w.key("to_act").begin_array();
  const SeatSet ta = to_act();
  for (int s = 0; s < players_; ++s)
    if (ta.contains(s)) w.value(s);
  w.end_array();
  if (card_known) write_wanted_view(w);
  write_zero_turn_view(w);
  w.end_object();
}

Json FirstContactState::view(Seat seat) const {
  return parsed_view(*this, seat);
}

// ---------------------------------------------------------------- determinize

bool FirstContactState::card_consistent(int card, int rotation,
                                        std::array<std::uint32_t, kMaxAliens>& wanted,
                                        std::uint32_t& black) const {
  wanted_for(card, rotation, players_, aliens_, edition_, advanced_, wanted, black);
  for (int s = 0; s < kSquares; ++s)
    if (covered_by_[s] >= 0 && !(wanted[covered_by_[s]] & bit<Mask>(s))) return false;
  for (int a = 0; a < aliens_; ++a)
    if (refused_[a] & wanted[a]) return false;
  for (const auto& r : small_rounds_)
    if (r.penalty >= 0 && timer_penalty(edition_, black, r) != r.penalty) return false;
  return true;
}

FirstContactState FirstContactState::determinize(Seat seat, Rng& rng) const {
  if (is_terminal()) return *this;  // everything is shown at the end
  FirstContactState d = *this;
  const bool alien = is_alien(seat);
  // Pending proposals are secret from everyone but their author.
  for (int a = 0; a < aliens_; ++a)
    if (a != seat && proposal_[a] >= 0)
      d.proposal_[a] = static_cast<std::int8_t>(rng.below(kGlyphs));
  // Other earthlings' note pads, past choices and pending offers.
  const std::uint32_t open = uncovered();
  for (int e = 0; e < earthlings(); ++e) {
    if (earthling_seat(e) == seat) continue;
    d.note_[e].fill(-1);
    d.unknown_[e] = 0;
    d.chosen_ever_[e] = 0;
    if (offer_[e] >= 0) {
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(count_bits(open))));
      for (int s = 0; s < kSquares; ++s)
        if ((open & bit<Mask>(s)) && pick-- == 0) d.offer_[e] = static_cast<std::int8_t>(s);
    }
  }
  if (asker_ >= 0 && earthling_seat(asker_) != seat) {
    if (chosen_ >= 0) d.chosen_ = static_cast<std::int8_t>(rng.below(kCharacteristics));
    // The asker's earlier choices were re-sampled away; keep the current one.
    if (d.chosen_ >= 0) d.chosen_ever_[asker_] = bit<Mask>(d.chosen_);
  }
  if (alien) return d;

  // Which alien proposed which glyph of a revealed answer is the aliens' own
  // knowledge; the others know the distinct glyphs in colour order. Re-drawn:
  // alien 0 gave the first; each later alien repeats one already given or
  // gives the next new one, so that every glyph of the answer is given.
  for (int e = 0; e < earthlings(); ++e) {
    auto& p = d.round_proposals_[e];
    if (p[0] < 0) continue;
    InlineVec<std::int8_t, kMaxAliens> answer;
    for (int a = 0; a < aliens_; ++a)
      if (!answer.contains(p[a])) answer.push_back(p[a]);
    int given = 1;
    for (int a = 1; a < aliens_; ++a) {
      const int fresh = static_cast<int>(answer.size()) - given;
      const int options = given + (fresh > 0 ? 1 : 0);
      const int pick = fresh == aliens_ - a
                           ? given
                           : static_cast<int>(rng.below(static_cast<std::uint32_t>(options)));
      p[a] = pick == given ? answer[static_cast<std::size_t>(given++)]
                           : answer[static_cast<std::size_t>(pick)];
    }
  }

  // Earthlings and spectators: the language pad must agree with the glyphs the
  // engine revealed in the zero turn.
  if (pad_ >= 0 && pad_ < kPads) {
    int candidates[kPads];
    int n = 0;
    for (int p = 0; p < printed_pads(edition_); ++p) {
      bool ok = true;
      for (int e = 0; e < kMaxEarthlings && ok; ++e)
        if (zero_char_[e] >= 0 && catalog().pads[p][zero_char_[e]] != zero_glyph_[e]) ok = false;
      if (ok) candidates[n++] = p;
    }
    if (n > 0) {
      d.pad_ = static_cast<std::int8_t>(candidates[rng.below(static_cast<std::uint32_t>(n))]);
      d.glyph_of_ = catalog().pads[static_cast<std::size_t>(d.pad_)];
    }
  } else if (pad_ == kPads) {
    // A custom pad: keep the revealed pairs, shuffle every other assignment.
    std::array<std::int8_t, kCharacteristics> fixed;
    fixed.fill(-1);
    std::uint32_t taken = 0;
    for (int e = 0; e < kMaxEarthlings; ++e)
      if (zero_char_[e] >= 0) {
        fixed[zero_char_[e]] = zero_glyph_[e];
        taken |= bit<Mask>(zero_glyph_[e]);
      }
    for (int k = 0; k < assigned_; ++k) {
      if (fixed[k] >= 0) {
        d.glyph_of_[k] = static_cast<std::uint8_t>(fixed[k]);
        continue;
      }
      const Mask free = ~taken & kAllGlyphs;
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(count_bits(free))));
      for (int g = 0; g < kGlyphs; ++g)
        if ((free & bit<Mask>(g)) && pick-- == 0) {
          d.glyph_of_[k] = static_cast<std::uint8_t>(g);
          taken |= bit<Mask>(g);
          break;
        }
    }
  }
  // The request card: rejection over the 12 x 4 placements, keeping those that
  // explain every covering, every refused offer and every timer penalty.
  if (card_ >= 0) {
    int options[kRequestCards * kRotations];
    int n = 0;
    std::array<std::uint32_t, kMaxAliens> w{};
    std::uint32_t b = 0;
    for (int c = 0; c < kRequestCards * kRotations; ++c)
      if (card_consistent(c / kRotations, c % kRotations, w, b)) options[n++] = c;
    if (n > 0) {
      const int c = options[rng.below(static_cast<std::uint32_t>(n))];
      d.card_ = static_cast<std::int8_t>(c / kRotations);
      d.rotation_ = static_cast<std::uint8_t>(c % kRotations);
      d.compute_wanted();
    }
  }
  // The target is the last alien's to write a message (the speaker): in its
  // turn the current one, in the next earthling phase still its target.
  if (target_ >= 0 && d.card_ >= 0) {
    std::uint32_t options = d.wanted_[speaker_] & open;
    if (options == 0) options = d.wanted_[speaker_];
    if (options != 0) {
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(count_bits(options))));
      for (int s = 0; s < kSquares; ++s)
        if ((options & bit<Mask>(s)) && pick-- == 0) d.target_ = static_cast<std::int8_t>(s);
    }
  }
  return d;
}

}  // namespace meeple::first_contact
