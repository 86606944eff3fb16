// First Contact: the observation tensor (core/observation.h), the same facts
// as view(seat) (view.cpp) and nothing else: an alien's tensor holds the
// language pad, the request card's wanted and black squares and its target;
// an earthling's its own note pad, characteristics and offer; the
// spectator's and the others' parts stay 0. Seats are absolute (the seat
// decides the role: aliens first). A field square is its item's 25
// characteristics. The result of a finished game is not in it. The layout,
// field by field, is in docs/state-and-views.md ("First Contact").
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

namespace {

// A message's glyphs, each with its negation.
void write_glyphs(ObservationWriter& w, const InlineVec<std::uint8_t, kMaxMessage>& m) {
  for (int i = 0; i < kMaxMessage; ++i) {
    if (i >= static_cast<int>(m.size())) {
      w.skip(kObsGlyph);
      continue;
    }
    const int g = m[static_cast<std::size_t>(i)];
    w.flag(true);
    w.one_hot(g & 0x7f, kGlyphs);
    w.flag((g & 0x80) != 0);
  }
}

}  // namespace

// The header: the seat, the table, the phase and who acts.
void FirstContactState::observe_header(Seat seat, ObservationWriter& w) const {
  const bool alien = is_alien(seat);
  const bool earthling = is_earthling(seat);
  w.one_hot(seat, kObsSeats);
  w.flag(alien);
  w.flag(earthling);
  w.scaled(aliens_, kMaxAliens);
  w.scaled(players_, kObsSeats);
  w.one_hot(static_cast<int>(phase_), kObsPhases);
  w.scaled(round_, kObsMaxRounds);
  w.flag(attempt_ == 1);
  const SeatSet ta = to_act();
  for (int s = 0; s < kObsSeats; ++s) w.flag(s < players_ && ta.contains(s));
  for (int s = 0; s < kObsSeats; ++s)
    w.flag(is_alien(s) ? proposal_[s] >= 0 : is_earthling(s) && offer_[s - aliens_] >= 0);
  w.one_hot(static_cast<int>(edition_), 3);
  w.flag(advanced_);
  w.flag(negation_rule());
  w.flag(custom_symbols_);
  w.scaled(goal(), kSquares);
  w.scaled(small_game() ? timer_ : 0, kObsMaxTimer);
  w.scaled(phase_ == Phase::kCustomSymbols ? assigned_ : 0, kCharacteristics);
}

// This round (rulings 1.4): messages with their offers, then questions; the
// aliens' answers only to an alien.
void FirstContactState::observe_round(bool alien, ObservationWriter& w) const {
  for (int a = 0; a < kMaxAliens; ++a) {
    const bool writing = a == turn_ && phase_ == Phase::kMessage;
    const auto& m = writing ? message_ : round_message_[a];
    if (a >= aliens_ || (m.empty() && !writing)) {
      w.skip(kObsRoundMessage);
      continue;
    }
    w.flag(true);
    w.flag(!writing);
    write_glyphs(w, m);
    for (int t = 0; t < 2; ++t)
      for (int e = 0; e < kMaxEarthlings; ++e) {
        const int q = e < earthlings() ? round_offer_[a][e][t] : -1;
        w.one_hot(q, kSquares);
        w.flag(q >= 0 && covered_by_[q] == a);
      }
  }
  for (int e = 0; e < kMaxEarthlings; ++e) {
    const bool asking = e == turn_ && (phase_ == Phase::kRotate || phase_ == Phase::kPropose);
    const Mask rotated = e < earthlings() ? (asking ? rotated_ : round_rotated_[e]) : 0;
    if (rotated == 0 && !asking) {
      w.skip(kObsRoundQuestion);
      continue;
    }
    const bool answered = !asking && round_proposals_[e][0] >= 0;
    w.flag(true);
    w.bits(rotated, kSquares);
    Mask given = 0;
    if (answered)
      for (int a = 0; a < aliens_; ++a) given |= bit<Mask>(round_proposals_[e][a]);
    w.bits(given, kGlyphs);
    for (int a = 0; a < kMaxAliens; ++a)
      w.one_hot(alien && answered && a < aliens_ ? round_proposals_[e][a] : -1, kGlyphs);
  }
}

void FirstContactState::observation(Seat seat, std::span<float> out) const {
  ObservationWriter w(out);
  const Catalog& cat = catalog();
  const bool alien = is_alien(seat);
  const bool earthling = is_earthling(seat);
  const int e_seat = seat - aliens_;
  observe_header(seat, w);
  // Aliens and earthlings.
  for (int a = 0; a < kMaxAliens; ++a) {
    w.flag(a < aliens_);
    w.scaled(a < aliens_ ? items_of(a) : 0, kSquares);
  }
  for (int e = 0; e < kMaxEarthlings; ++e) {
    if (e >= earthlings()) {
      w.skip(kObsEarthling);
      continue;
    }
    w.flag(true);
    for (int a = 0; a < kMaxAliens; ++a) w.scaled(a < aliens_ ? tokens_[e][a] : 0, kSquares);
    w.scaled(tokens_of(e), kSquares);
  }
  // The field.
  for (int s = 0; s < kSquares; ++s) {
    if (s >= laid_) {
      w.skip(kObsSquare);
      continue;
    }
    w.flag(true);
    w.bits(cat.items[static_cast<std::size_t>(item_at(s))].traits, kCharacteristics);
    w.one_hot(covered_by_[s], kMaxAliens);
  }
  // The language pad (aliens): each characteristic's glyph, as far as known.
  const int known = !alien ? 0 : pad_ == kPads ? assigned_ : (pad_ >= 0 ? kCharacteristics : 0);
  for (int k = 0; k < kCharacteristics; ++k) w.one_hot(k < known ? glyph_of_[k] : -1, kGlyphs);
  // The last message and its speaker.
  write_glyphs(w, message_);
  w.one_hot(speaker_, kMaxAliens);
  // The seat's own decisions.
  w.one_hot(earthling && asker_ == e_seat ? chosen_ : -1, kCharacteristics);
  w.bits(earthling ? chosen_ever_[e_seat] : 0, kCharacteristics);
  w.one_hot(earthling ? offer_[e_seat] : -1, kSquares);
  w.one_hot(alien ? proposal_[seat] : -1, kGlyphs);
  // The seat's note pad (earthlings), by characteristic.
  for (int k = 0; k < kCharacteristics; ++k) w.one_hot(earthling ? note_[e_seat][k] : -1, kGlyphs);
  w.bits(earthling ? unknown_[e_seat] : 0, kGlyphs);
  // The last question.
  Mask answer = 0;
  for (auto g : answer_) answer |= bit<Mask>(g);
  w.bits(answer, kGlyphs);
  w.bits(rotated_, kSquares);
  w.one_hot(asker_, kMaxEarthlings);
  // The request card (aliens).
  const bool card_known = alien && card_ >= 0;
  w.bits(card_known ? black_ : 0, kSquares);
  for (int a = 0; a < kMaxAliens; ++a) w.bits(card_known && a < aliens_ ? wanted_[a] : 0, kSquares);
  // Revealed offers.
  for (int e = 0; e < kMaxEarthlings; ++e)
    for (int t = 0; t < 2; ++t) w.one_hot(e < earthlings() ? last_offer_[e][t] : -1, kSquares);
  // The current target (aliens).
  const bool current = phase_ > Phase::kTarget && phase_ <= Phase::kSecondAttempt;
  w.one_hot(alien && current ? target_ : -1, kSquares);
  observe_round(alien, w);
  // The zero turn.
  for (int e = 0; e < kMaxEarthlings; ++e) {
    const bool asked = e < earthlings() && zero_char_[e] >= 0;
    w.flag(asked);
    w.one_hot(asked ? zero_char_[e] : -1, kCharacteristics);
    w.one_hot(asked ? zero_glyph_[e] : -1, kGlyphs);
  }
}

}  // namespace meeple::first_contact
