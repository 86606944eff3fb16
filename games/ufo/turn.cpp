// Ufo!, section "A turn": the phases in order (movement, bumping, actions,
// city count; rulings 3.2). legal_actions, apply and chance_outcomes dispatch
// on the phase to one function per phase, which lives in the file of its
// rules section (setup.cpp, movement.cpp, bump.cpp, actions.cpp,
// city_count.cpp).
#include "games/ufo/internal.h"

namespace meeple::ufo {

void UfoState::chance_outcomes(ChanceList& out) const {
  switch (phase_) {
    case Phase::kTokens:
      token_outcomes(out);
      break;
    case Phase::kAttackDie:
    case Phase::kDefendDie:  // bump dice: 1d6 each
      for (int f = 1; f <= 6; ++f) out.push_back({f, 1});
      break;
    case Phase::kControlDie:  // control roll: 1d12
      for (int f = 1; f <= 12; ++f) out.push_back({f, 1});
      break;
    default:
      break;
  }
}

void UfoState::legal_in_phase(ActionList& out) const {
  switch (phase_) {
    case Phase::kSetup:
      return legal_setup(out);
    case Phase::kMove:
      return legal_move(out);
    case Phase::kBump:
      return legal_bump(out);
    case Phase::kSupport:
      return legal_support(out);
    case Phase::kDisplace:
      return legal_displace(out);
    case Phase::kEyewitness:
      return legal_eyewitness(out);
    case Phase::kActions:
      return legal_deeds(out);
    case Phase::kAssist:
      return legal_assist(out);
    case Phase::kNewUfo:
      return legal_new_ufo(out);
    default:  // chance phases and the end: no seat acts
      return;
  }
}

MaybeError UfoState::apply(Seat seat, Action a) {
  if (auto err = validate_action(*this, seat, a)) return err;
  apply_unchecked(seat, a);
  return {};
}

void UfoState::apply_unchecked(Seat, Action a) {
  switch (phase_) {
    case Phase::kTokens:
      return apply_token(a);
    case Phase::kSetup:
      return apply_setup(a);
    case Phase::kMove:
      return apply_move(a);
    case Phase::kBump:
      return apply_bump(a);
    case Phase::kSupport:
      return apply_support(a);
    case Phase::kAttackDie:
      return apply_attack_die(a);
    case Phase::kDefendDie:
      return apply_defence_die(a);
    case Phase::kDisplace:
      return apply_displace(a);
    case Phase::kEyewitness:
      return apply_eyewitness(a);
    case Phase::kActions:
      return apply_deed(a);
    case Phase::kAssist:
      return apply_assist(a);
    case Phase::kControlDie:
      return apply_control_die(a);
    case Phase::kNewUfo:
      return apply_new_ufo(a);
    default:
      return;
  }
}

void UfoState::start_turn() {
  for (;;) {
    if (round_limit_reached()) {
      phase_ = Phase::kOver;
      return;
    }
    ++turns_;
    if (!skips_next_turn(active_)) break;
    // rulings 3.2: a player who took a new UFO skips its next turn entirely.
    skip_mask_ = static_cast<std::uint8_t>(skip_mask_ & ~bit<std::uint32_t>(active_));
    active_ = static_cast<std::int8_t>(seat_after(active_, 1));
  }
  for (auto& u : ufos_) u.moved = u.stopped = u.used = false;
  tried_mask_ = 0;
  gained_city_ = false;
  lost_bump_ = false;
  phase_ = Phase::kMove;
}

void UfoState::next_turn() {
  active_ = static_cast<std::int8_t>(seat_after(active_, 1));
  start_turn();
}

}  // namespace meeple::ufo
