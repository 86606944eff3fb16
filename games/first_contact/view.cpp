// Who sees what (plumbing for rulings 1.5): view(seat), everything that seat
// may know, and determinize(seat, rng), a full state consistent with it that
// re-samples exactly the hidden parts.
#include <algorithm>
#include <utility>

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

Json FirstContactState::round_history_json(bool alien) const {
  // The public history of the round (rulings 1.4). Aliens also see which
  // alien proposed which glyph; the others see the distinct glyphs.
  Json questions = Json::array();
  for (int e = 0; e < earthlings(); ++e) {
    const bool asking = e == turn_ && (phase_ == Phase::kRotate || phase_ == Phase::kPropose);
    const Mask rotated = asking ? rotated_ : round_rotated_[e];
    if (rotated == 0 && !asking) continue;
    Json q = {{"seat", earthling_seat(e)}, {"rotated", squares_json(rotated)}};
    Json answer = Json::array();
    Json proposals = Json::array();
    if (!asking && round_proposals_[e][0] >= 0)
      for (int a = 0; a < aliens_; ++a) {
        const int g = round_proposals_[e][a];
        if (std::find(answer.begin(), answer.end(), Json(g)) == answer.end()) answer.push_back(g);
        proposals.push_back({{"seat", alien_seat(a)}, {"glyph", g}});
      }
    q["answer"] = answer;
    if (alien) q["proposals"] = proposals;
    questions.push_back(q);
  }
  Json messages = Json::array();
  for (int a = 0; a < aliens_; ++a) {
    const bool writing = a == turn_ && phase_ == Phase::kMessage;
    const auto& m = writing ? message_ : round_message_[a];
    if (m.empty() && !writing) continue;
    Json glyphs = Json::array();
    for (auto g : m) glyphs.push_back({{"glyph", g & 0x7f}, {"negated", (g & 0x80) != 0}});
    Json offers = Json::array();
    for (int t = 0; t < 2; ++t)
      for (int e = 0; e < earthlings(); ++e) {
        const int q = round_offer_[a][e][t];
        if (q < 0) continue;
        offers.push_back({{"seat", earthling_seat(e)},
                          {"attempt", t + 1},
                          {"square", q},
                          {"covered", covered_by_[q] == a}});
      }
    messages.push_back(
        {{"seat", alien_seat(a)}, {"glyphs", glyphs}, {"sent", !writing}, {"offers", offers}});
  }
  return {{"questions", questions}, {"messages", messages}};
}

Json FirstContactState::view(Seat seat) const {
  const Catalog& cat = catalog();
  Json v;
  v["phase"] = phase_name(phase_);
  Json to = Json::array();
  for (int s = 0; s < players_; ++s)
    if (to_act().contains(s)) to.push_back(s);
  v["to_act"] = to;
  v["edition"] = edition_name(edition_);
  v["mode"] = advanced_ ? "advanced" : "standard";
  v["players"] = players_;
  v["negation"] = negation_rule();
  v["custom_symbols"] = custom_symbols_;
  v["round"] = round_;
  v["goal"] = goal();
  if (small_game()) v["timer"] = timer_;
  Json aliens = Json::array();
  for (int a = 0; a < aliens_; ++a)
    aliens.push_back({{"seat", alien_seat(a)},
                      {"colour", colour_name(alien_colour(a))},
                      {"items", items_of(a)}});
  v["aliens"] = aliens;
  Json earthlings_j = Json::array();
  for (int e = 0; e < earthlings(); ++e) {
    Json t;
    for (int c = 0; c < aliens_; ++c) t[colour_name(reward_colour(c))] = tokens_[e][c];
    earthlings_j.push_back({{"seat", earthling_seat(e)}, {"tokens", t}, {"total", tokens_of(e)}});
  }
  v["earthlings"] = earthlings_j;
  Json field = Json::array();
  for (int s = 0; s < laid_; ++s) {
    const Item& it = cat.items[static_cast<std::size_t>(item_at(s))];
    field.push_back(
        {{"square", s},
         {"item", it.id},
         {"covered_by",
          covered_by_[s] < 0 ? Json(nullptr) : Json(colour_name(alien_colour(covered_by_[s])))}});
  }
  v["field"] = std::move(field);
  Json zero = Json::array();
  for (int e = 0; e < earthlings(); ++e)
    if (zero_char_[e] >= 0)
      zero.push_back({{"seat", earthling_seat(e)},
                      {"characteristic", characteristic_json(zero_char_[e])},
                      {"glyph", zero_glyph_[e]}});
  v["zero_turn"] = std::move(zero);
  v["question"] = {{"seat", asker_ < 0 ? Json(nullptr) : Json(earthling_seat(asker_))},
                   {"rotated", squares_json(rotated_)},
                   {"answer", Json::array()}};
  for (auto g : answer_) v["question"]["answer"].push_back(g);
  Json msg = Json::array();
  for (auto g : message_) msg.push_back({{"glyph", g & 0x7f}, {"negated", (g & 0x80) != 0}});
  v["message"] = {{"seat", speaker_ < 0 ? Json(nullptr) : Json(alien_seat(speaker_))},
                  {"glyphs", std::move(msg)}};
  Json offers = Json::array();
  for (int e = 0; e < earthlings(); ++e) {
    Json o = Json::array();
    for (int t = 0; t < 2; ++t)
      if (last_offer_[e][t] >= 0) o.push_back(last_offer_[e][t]);
    offers.push_back({{"seat", earthling_seat(e)}, {"squares", std::move(o)}});
  }
  v["revealed_offers"] = std::move(offers);
  v["this_round"] = round_history_json(is_alien(seat));
  v["attempt"] = attempt_ + 1;
  Json decided = Json::array();
  for (int a = 0; a < aliens_; ++a)
    if (proposal_[a] >= 0) decided.push_back(alien_seat(a));
  for (int e = 0; e < earthlings(); ++e)
    if (offer_[e] >= 0) decided.push_back(earthling_seat(e));
  v["decided"] = std::move(decided);
  if (phase_ == Phase::kCustomSymbols) v["symbols_assigned"] = assigned_;

  if (is_alien(seat)) {
    Json pad = Json::array();
    const int known = pad_ == kPads ? assigned_ : (pad_ >= 0 ? kCharacteristics : 0);
    for (int k = 0; k < known; ++k)
      pad.push_back({{"characteristic", characteristic_json(k)}, {"glyph", glyph_of_[k]}});
    v["language_pad"] = {{"id", pad_ == kPads ? Json("custom") : Json(pad_)},
                         {"symbols", std::move(pad)}};
    if (card_ >= 0) {
      v["request_card"] = {
          {"id", card_},
          {"side", (small_game() ? edition_ != Edition::kEn : advanced_) ? "B" : "A"},
          {"rotation", rotation_}};
      Json w;
      for (int a = 0; a < aliens_; ++a) w[colour_name(alien_colour(a))] = squares_json(wanted_[a]);
      v["wanted"] = std::move(w);
      v["black"] = squares_json(black_);
    }
    // The current target only: the state keeps the last one into the next
    // earthling phase (determinization draws it), covered by then or not.
    const bool current = phase_ > Phase::kTarget && phase_ <= Phase::kSecondAttempt;
    v["target"] = current && target_ >= 0 ? Json(target_) : Json(nullptr);
    v["my_proposal"] = glyph_json(proposal_[seat]);
  }
  if (is_earthling(seat)) {
    const int e = seat - aliens_;
    Json cells = Json::array();
    for (int i = 0; i < kCharacteristics; ++i) {
      const int k = note_pad_order(e)[i];
      cells.push_back(
          {{"characteristic", characteristic_json(k)}, {"glyph", glyph_json(note_[e][k])}});
    }
    Json unknown = Json::array();
    for (int g = 0; g < kGlyphs; ++g)
      if (unknown_[e] & bit<Mask>(g)) unknown.push_back(g);
    v["note_pad"] = {
        {"pad", e}, {"cells", std::move(cells)}, {"unknown_symbols", std::move(unknown)}};
    Json mine = Json::array();
    for (int k = 0; k < kCharacteristics; ++k)
      if (chosen_ever_[e] & bit<Mask>(k)) mine.push_back(characteristic_json(k));
    v["my_characteristics"] = std::move(mine);
    v["my_characteristic"] = asker_ == e ? characteristic_json(chosen_) : Json(nullptr);
    v["my_offer"] = offer_[e] < 0 ? Json(nullptr) : Json(offer_[e]);
  }
  if (is_terminal()) v["result"] = result_details();
  return v;
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
    for (int p = 0; p < kPads; ++p) {
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
