// Taking back a move (docs/architecture.md, "Taking back a move"). A person
// may take back their own latest decisions until something new becomes known
// to them or to anyone: a chance outcome, another seat's action (a bot's
// included), a decision of theirs that revealed something hidden
// (AnyState::reveals: the last secret decision of a simultaneous one), or a
// decision a bot made for their seat. The trail keeps, for the one seat
// whose decisions may be taken back, the state before each of them; taking
// one back gives that state again, so an undo shows nothing that the state
// before the decision did not show, and a replay of a record with undo
// entries rebuilds the same states byte for byte.
#pragma once

#include <cstddef>
#include <vector>

#include "core/any_game.h"

namespace meeple {

class UndoTrail {
 public:
  // Call once `seat` took its legal action `a` (chance: seat kChance) in the
  // state `before`. `by_person`: a person decided it, not a bot or a
  // stand-in.
  // `tag` is the caller's own mark for the decision (the room keeps the
  // index of its event), given back by take_back.
  void record(AnyState before, Seat seat, Action a, bool by_person, std::size_t tag = 0) {
    if (seat == kChance || !by_person || seat != seat_) clear();
    if (seat == kChance || !by_person || before.reveals(seat, a)) return;
    seat_ = seat;
    before_.push_back({std::move(before), tag});
  }
  // Something else became known or changed hands (a seat given to a bot).
  void clear() {
    seat_ = kChance;
    before_.clear();
  }
  // How many of `seat`'s latest decisions may be taken back now.
  int available(Seat seat) const { return seat == seat_ ? static_cast<int>(before_.size()) : 0; }
  struct Step {
    AnyState before;  // the state before the decision
    std::size_t tag = 0;
  };
  // The latest decision of the seat whose decisions may be taken back,
  // which is then forgotten. Requires available(seat) > 0.
  Step take_back() {
    Step s = std::move(before_.back());
    before_.pop_back();
    if (before_.empty()) seat_ = kChance;
    return s;
  }

 private:
  Seat seat_ = kChance;
  std::vector<Step> before_;
};

}  // namespace meeple
