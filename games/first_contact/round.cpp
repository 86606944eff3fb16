// A round (docs/rules/first-contact.md "A round"): who acts in each phase, the
// dispatch of legal actions, chance outcomes and actions to the phase's own
// functions in its section's file, and the order of turns and rounds.
#include "games/first_contact/internal.h"

namespace meeple::first_contact {

bool FirstContactState::is_chance() const {
  switch (phase_) {
    case Phase::kLayField:
    case Phase::kDrawPad:
    case Phase::kDrawRequest:
      return true;
    case Phase::kCustomSymbols:
      return random_fill_;
    default:
      return false;
  }
}

SeatSet FirstContactState::to_act() const {
  SeatSet s;
  switch (phase_) {
    case Phase::kCustomSymbols:
      if (!random_fill_) s.insert(alien_seat(0));
      break;
    case Phase::kZeroTurn:
    case Phase::kChoose:
    case Phase::kRotate:
      s.insert(earthling_seat(turn_));
      break;
    case Phase::kPropose:
      for (int a = 0; a < aliens_; ++a)
        if (proposal_[a] < 0) s.insert(alien_seat(a));
      break;
    case Phase::kTarget:
    case Phase::kMessage:
      s.insert(alien_seat(turn_));
      break;
    case Phase::kOffer:
      for (int e = 0; e < earthlings(); ++e)
        if (offer_[e] < 0) s.insert(earthling_seat(e));
      break;
    case Phase::kSecondAttempt:
      s.insert(earthling_seat(0));
      break;
    default:
      break;
  }
  return s;
}

void FirstContactState::legal_actions(Seat seat, ActionList& out) const {
  if (seat < 0 || seat >= players_ || is_terminal()) return;
  decision_actions(seat, out);
  if (is_earthling(seat) && earthlings_may_edit()) note_pad_actions(seat, out);
}

void FirstContactState::search_actions(Seat seat, ActionList& out) const {
  if (seat < 0 || seat >= players_ || is_terminal()) return;
  decision_actions(seat, out);
}

// Flattened: the per-phase functions are small and this is the hot list of a
// playout, so they are inlined here as they were when this was one switch.
[[gnu::flatten]] void FirstContactState::decision_actions(Seat seat, ActionList& out) const {
  if (!to_act().contains(seat)) return;
  switch (phase_) {
    case Phase::kCustomSymbols:
      return custom_symbols_actions(out);
    case Phase::kZeroTurn:
      return zero_turn_actions(out);
    case Phase::kChoose:
      return choose_actions(out);
    case Phase::kRotate:
      return rotate_actions(out);
    case Phase::kPropose:
      return propose_actions(out);
    case Phase::kTarget:
      return target_actions(out);
    case Phase::kMessage:
      return message_actions(out);
    case Phase::kOffer:
      return offer_actions(out);
    case Phase::kSecondAttempt:
      return second_attempt_actions(out);
    default:
      return;
  }
}

void FirstContactState::chance_outcomes(ChanceList& out) const {
  switch (phase_) {
    case Phase::kLayField:
      return lay_field_outcomes(out);
    case Phase::kDrawPad:
      for (int p = 0; p < printed_pads(edition_); ++p) out.push_back({p, 1});
      return;
    case Phase::kDrawRequest:
      for (int c = 0; c < kRequestCards * kRotations; ++c) out.push_back({c, 1});
      return;
    case Phase::kCustomSymbols:
      return custom_symbols_outcomes(out);
    default:
      return;
  }
}

MaybeError FirstContactState::apply(Seat seat, Action a) {
  if (auto err = validate_action(*this, seat, a)) return err;
  apply_unchecked(seat, a);
  return {};
}

void FirstContactState::apply_unchecked(Seat seat, Action a) {
  if (seat == kChance) {
    switch (phase_) {
      case Phase::kLayField:
        return apply_lay_field(a);
      case Phase::kDrawPad:
        return apply_draw_pad(a);
      case Phase::kDrawRequest:
        return apply_draw_request(a);
      case Phase::kCustomSymbols:
        return apply_random_symbol(a);
      default:
        return;
    }
  }
  if (a >= act::kNoteWrite) return apply_note_pad(seat, a);
  switch (phase_) {
    case Phase::kCustomSymbols:
      return apply_custom_symbol(a);
    case Phase::kZeroTurn:
      return apply_zero_turn(a);
    case Phase::kChoose:
      return apply_choose(a);
    case Phase::kRotate:
      return apply_rotate(a);
    case Phase::kPropose:
      return apply_propose(seat, a);
    case Phase::kTarget:
      return apply_target(a);
    case Phase::kMessage:
      return apply_message(a);
    case Phase::kOffer:
      return apply_offer(seat, a);
    case Phase::kSecondAttempt:
      return apply_second_attempt(a);
    default:
      return;
  }
}

bool FirstContactState::reveals(Seat seat, Action a) const {
  if (is_terminal() || is_chance() || a >= act::kNoteWrite || seat < 0 || seat >= players_)
    return false;
  switch (phase_) {
    case Phase::kZeroTurn:  // the named characteristic's glyph is shown
      return true;
    case Phase::kPropose:
      for (int i = 0; i < aliens_; ++i)
        if (i != seat && proposal_[i] < 0) return false;
      return true;
    case Phase::kOffer:
      for (int e = 0; e < earthlings(); ++e)
        if (e != seat - aliens_ && offer_[e] < 0) return false;
      return true;
    case Phase::kSecondAttempt:
      return true;
    default:
      return false;
  }
}

// ------------------------------------------------------------ turn order

void FirstContactState::start_round() {
  ++round_;
  if (small_game()) small_rounds_.push_back(SmallRound{});
  // A new round's public history (rulings 1.4).
  round_rotated_.fill(0);
  for (auto& q : round_proposals_) q.fill(-1);
  for (auto& m : round_message_) m.clear();
  for (auto& a : round_offer_)
    for (auto& e : a) e.fill(-1);
  turn_ = 0;
  phase_ = Phase::kChoose;
}

void FirstContactState::next_earthling_turn() {
  ++turn_;
  if (turn_ < earthlings()) {
    phase_ = Phase::kChoose;
  } else {
    turn_ = 0;
    start_alien_turn();
  }
}

void FirstContactState::start_alien_turn() {
  phase_ = Phase::kTarget;
  target_ = -1;
  attempt_ = 0;
  offer_.fill(-1);
}

void FirstContactState::end_alien_turn() {
  ++turn_;
  if (turn_ < aliens_)
    start_alien_turn();
  else
    end_round();
}

void FirstContactState::end_round() {
  if (small_game() && !pay_timer()) return;
  start_round();
}

}  // namespace meeple::first_contact
