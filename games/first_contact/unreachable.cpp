// The invariants a state read from JSON must keep (unreachable(), called by
// from_json in json.cpp): a state that breaks one is one play cannot reach.
#include <algorithm>
#include <array>
#include <cstdint>

#include "games/first_contact/internal.h"

namespace meeple::first_contact {

// Each check is an invariant that play keeps and that the rules, the views,
// the determinization or the reader of the next state rely on (tests/fuzz
// finds states breaking them). Every state play reaches keeps them:
// Conformance, Golden and the bench signature load them all.
const char* FirstContactState::unreachable() const {
  const int E = earthlings(), A = aliens_;
  // The options, as new_game allows them.
  if (small_game() && A != 1) return "2-3 players have one alien";
  if (edition_ == Edition::kEn && (advanced_ || !zero_turn_)) return "options the en edition lacks";
  if (custom_symbols_ && edition_ != Edition::kKo) return "custom symbols outside ko";

  // Setup and the zero turn: nothing but the field, the pad, the request card,
  // the custom symbols, the zero turn's questions and the note pads (free
  // actions from the custom symbols on) has happened yet.
  if (phase_ <= Phase::kZeroTurn) {
    Options o;
    o.edition = edition_;
    o.advanced = advanced_;
    o.zero_turn = zero_turn_;
    o.negation = negation_;
    o.custom_symbols = custom_symbols_;
    o.aliens = A;
    FirstContactState f(players_, o);
    f.phase_ = phase_;
    for (int q = 0; q < laid_; ++q) {
      f.field_card_[q] = field_card_[q];
      f.field_face_[q] = field_face_[q];
    }
    f.laid_ = laid_;
    f.used_ = used_;
    f.pad_ = pad_;
    if (pad_ >= 0) f.glyph_of_ = glyph_of_;
    f.assigned_ = assigned_;
    f.random_fill_ = random_fill_;
    if (card_ >= 0) {
      f.card_ = card_;
      f.rotation_ = rotation_;
      f.compute_wanted();
    }
    if (phase_ >= Phase::kCustomSymbols) {
      f.note_ = note_;
      f.unknown_ = unknown_;
    }
    if (phase_ == Phase::kZeroTurn) {
      f.turn_ = turn_;
      f.zero_char_ = zero_char_;
      f.zero_glyph_ = zero_glyph_;
    }
    if (!(f == *this)) return "setup fields out of step with the phase";
  }
  // The language pad: drawn after the field (custom: made after the request
  // card is drawn, one glyph per characteristic in order), a one-to-one map.
  const bool pad_drawn = phase_ > (custom_symbols_ ? Phase::kDrawRequest : Phase::kDrawPad);
  const bool card_drawn = phase_ > Phase::kDrawRequest;
  if (pad_drawn != (pad_ >= 0) || card_drawn != (card_ >= 0)) return "setup incomplete";
  if (pad_ >= 0 && (pad_ == kPads) != custom_symbols_) return "pad";
  if (pad_ >= printed_pads(edition_) && pad_ != kPads) return "a pad not in the edition's box";
  if (pad_ >= 0 && pad_ < kPads && glyph_of_ != catalog().pads[static_cast<std::size_t>(pad_)])
    return "glyphs of the pad";
  const int assigned = phase_ == Phase::kCustomSymbols ? assigned_
                       : custom_symbols_ && pad_drawn  ? kCharacteristics
                                                       : 0;
  if (assigned_ != assigned) return "assigned";
  if (pad_ == kPads) {
    Mask used = 0;
    for (int k = 0; k < kCharacteristics; ++k) {
      if (k < assigned_ && (used & bit<Mask>(glyph_of_[k]))) return "a glyph assigned twice";
      if (k >= assigned_ && glyph_of_[k] != 0) return "a glyph not assigned yet";
      if (k < assigned_) used |= bit<Mask>(glyph_of_[k]);
    }
  }
  // The zero turn's questions, answered truthfully.
  for (int e = 0; e < kMaxEarthlings; ++e) {
    const bool asked = zero_turn_ && e < E &&
                       (phase_ > Phase::kZeroTurn || (phase_ == Phase::kZeroTurn && e < turn_));
    if ((zero_char_[e] >= 0) != asked) return "zero turn questions";
    if (zero_glyph_[e] != (asked ? glyph_of_[zero_char_[e]] : -1)) return "zero turn answers";
  }
  if (phase_ <= Phase::kZeroTurn) return nullptr;

  // Seats that do not exist hold nothing.
  for (int e = E; e < kMaxEarthlings; ++e) {
    if (chosen_ever_[e] || unknown_[e] || offer_[e] != -1 || last_offer_[e][0] != -1 ||
        last_offer_[e][1] != -1 || round_rotated_[e] ||
        std::any_of(note_[e].begin(), note_[e].end(), [](auto x) { return x != -1; }))
      return "an earthling seat that does not exist";
    for (int a = 0; a < kMaxAliens; ++a)
      if (tokens_[e][a] || round_proposals_[e][a] != -1) return "an earthling that does not exist";
  }
  for (int a = A; a < kMaxAliens; ++a) {
    if (refused_[a] || proposal_[a] != -1 || !round_message_[a].empty())
      return "an alien seat that does not exist";
    for (int e = 0; e < kMaxEarthlings; ++e)
      if (tokens_[e][a] || round_proposals_[e][a] != -1 || round_offer_[a][e][0] != -1 ||
          round_offer_[a][e][1] != -1)
        return "an alien that does not exist";
  }

  // The field: a square is covered by the alien who wants it; each covering
  // gave a token of its colour to every earthling who offered the square (one
  // offer each per resolution); a refused offer was of a square the alien
  // does not want.
  std::array<int, kMaxAliens> items{};
  for (int q = 0; q < kSquares; ++q)
    if (covered_by_[q] >= 0) {
      if (!(wanted_[covered_by_[q]] & bit<Mask>(q)))
        return "a square covered by an alien not wanting it";
      ++items[covered_by_[q]];
    }
  for (int a = 0; a < A; ++a) {
    int tokens = 0;
    for (int e = 0; e < E; ++e) {
      if (tokens_[e][a] > items[a]) return "more tokens than items";
      tokens += tokens_[e][a];
    }
    if (tokens < items[a]) return "an item nobody offered";
    if (refused_[a] & wanted_[a]) return "a wanted square refused";
  }
  // The end: an alien reaching its goal ends the game, and so does the timer.
  if (is_terminal() != (alien_winner_ >= 0 || timer_ran_out_) ||
      (alien_winner_ >= 0 && timer_ran_out_))
    return "the end";
  for (int a = 0; a < A; ++a)
    if ((items[a] >= goal()) != (a == alien_winner_)) return "an alien's goal";

  // 2-3 players: a record per round, the timer paid at the end of each.
  if (small_game()) {
    if (small_rounds_.size() != round_) return "small game rounds";
    const int initial = edition_ == Edition::kEn ? 10 : 9;
    int spent = 0;
    for (std::size_t i = 0; i < small_rounds_.size(); ++i) {
      const SmallRound& r = small_rounds_[i];
      for (int k = 0; k < 2; ++k)
        if ((r.offer[k] >= 0) != (k < r.offers)) return "small game offers";
      const bool paid = i + 1 < small_rounds_.size() || timer_ran_out_;
      if (r.penalty != (paid ? timer_penalty(edition_, black_, r) : -1))
        return "small game penalties";
      if (paid) spent += 1 + r.penalty;
    }
    if (timer_ran_out_ ? timer_ != 0 : timer_ != initial - spent) return "timer";
    if (!timer_ran_out_ && (edition_ == Edition::kEn ? timer_ < 1 : timer_ < 0)) return "timer";
  } else if (!small_rounds_.empty() || timer_ != 0 || timer_ran_out_) {
    return "a timer in a game of 4 or more";
  }

  // The turn in progress and the round's public history.
  const bool alien_phase = phase_ >= Phase::kTarget && phase_ <= Phase::kSecondAttempt;
  const bool asking = phase_ == Phase::kRotate || phase_ == Phase::kPropose;
  const int t = turn_;
  if (asking != (chosen_ >= 0) || (asking && !(chosen_ever_[t] & bit<Mask>(chosen_))))
    return "chosen characteristic";
  if (asking && asker_ != t) return "asker";
  if (phase_ == Phase::kChoose && asker_ != t - 1 && !(t == 0 && (asker_ == -1 || asker_ == E - 1)))
    return "asker";
  if (alien_phase && asker_ != E - 1) return "asker";
  if (count_bits(rotated_) > kMaxRotated ||
      (phase_ == Phase::kRotate && count_bits(rotated_) == kMaxRotated) ||
      (phase_ == Phase::kPropose && rotated_ == 0))
    return "rotated cards";
  if (answer_.size() > static_cast<std::size_t>(A) || (asking && !answer_.empty())) return "answer";
  for (std::size_t i = 0; i < answer_.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if (answer_[i] == answer_[k]) return "answer";
  int proposed = 0;
  for (int a = 0; a < A; ++a) proposed += proposal_[a] >= 0;
  if (phase_ == Phase::kPropose ? proposed == A : proposed != 0) return "proposals";
  const Mask open = uncovered();
  int offered = 0;
  for (int e = 0; e < E; ++e)
    if (offer_[e] >= 0) {
      ++offered;
      if (!(open & bit<Mask>(offer_[e]))) return "an offer of a covered square";
    }
  if (phase_ == Phase::kOffer ? offered == E : offered != 0) return "offers";
  if (alien_phase && (phase_ == Phase::kSecondAttempt) != (attempt_ == 1)) return "attempt";
  if (phase_ == Phase::kSecondAttempt && players_ != 2) return "a second attempt";
  if (alien_phase) {
    const bool targeted = phase_ != Phase::kTarget;
    if (targeted != (target_ >= 0)) return "target";
    if (targeted && !(wanted_[t] & bit<Mask>(target_))) return "a target the alien does not want";
    if (targeted && phase_ != Phase::kSecondAttempt && !(open & bit<Mask>(target_)))
      return "a covered target";
    if (!targeted && !(wanted_[t] & open)) return "no target left";
    if (targeted && speaker_ != t) return "speaker";
    const std::size_t n = message_.size();
    if (phase_ == Phase::kMessage ? n >= kMaxMessage : targeted && n == 0) return "message";
  }
  // A target is chosen with its message: the speaker's, one of its squares.
  if (target_ >= 0 && (speaker_ < 0 || !(wanted_[speaker_] & bit<Mask>(target_))))
    return "a target not its speaker's";
  for (int a = 0; a <= A; ++a) {
    const auto& m = a < A ? round_message_[a] : message_;
    for (auto g : m)
      if ((g & 0x80) && !negation_rule()) return "a negated glyph without the negation rule";
  }
  if (is_terminal()) return nullptr;
  for (int e = 0; e < E; ++e) {
    // Questions asked this round: before the current one, all of them in the
    // alien phase; the current one's rotation once it is complete.
    const bool asked = alien_phase || e < t;
    const bool rotated = asked || (e == t && phase_ == Phase::kPropose);
    if ((round_rotated_[e] != 0) != rotated ||
        (e == t && phase_ == Phase::kPropose && round_rotated_[e] != rotated_))
      return "the round's questions";
    for (int a = 0; a < A; ++a)
      if ((round_proposals_[e][a] >= 0) != asked) return "the round's answers";
  }
  for (int a = 0; a < A; ++a) {
    // Messages sent this round: the earlier aliens', and the current one's
    // once sent; the offers for them: every earthling's first attempt.
    const bool sent = alien_phase && (a < t || (a == t && phase_ >= Phase::kOffer));
    const bool resolved = alien_phase && (a < t || (a == t && phase_ == Phase::kSecondAttempt));
    if (round_message_[a].empty() == sent) return "the round's messages";
    if (a == t && sent && !(round_message_[a] == message_)) return "the round's messages";
    for (int e = 0; e < E; ++e) {
      if ((round_offer_[a][e][0] >= 0) != resolved) return "the round's offers";
      if (round_offer_[a][e][1] >= 0 && !(resolved && a < t)) return "the round's offers";
    }
  }
  return nullptr;
}

}  // namespace meeple::first_contact
