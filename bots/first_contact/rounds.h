// When a First Contact question or alien turn is over, for the bots that
// learn from each once its outcome is out (the talker and the simple bot).
// The state keeps a question's rotated cards and answer, and an alien
// turn's message and revealed offers, until the next one starts: a question
// is over once the phase has moved past the proposals, an alien turn once it
// has moved past the offers.
#pragma once

#include "games/first_contact/first_contact.h"

namespace meeple::first_contact {

class RoundWatch {
 public:
  // After each action, with the seat's view of the state: calls
  // on_question() once a question with an answer is over and on_turn() once
  // an alien turn is over (the state still holds what they showed).
  template <class OnQuestion, class OnTurn>
  void observe(const FirstContactState& s, Seat seat, OnQuestion&& on_question, OnTurn&& on_turn) {
    const Phase ph = s.phase();
    if (ph == Phase::kRotate || ph == Phase::kPropose) {
      if (!in_question_) my_question_ = -1;
      in_question_ = true;
      // The asker's own characteristic; anyone else's determinization has a
      // random one, which is never read.
      if (s.earthling_seat(s.current()) == seat && s.chosen() >= 0) my_question_ = s.chosen();
    } else if (in_question_) {
      in_question_ = false;
      if (!s.answer().empty()) on_question();
    }
    if (ph == Phase::kMessage || ph == Phase::kOffer || ph == Phase::kSecondAttempt) {
      in_turn_ = true;
    } else if (in_turn_) {
      in_turn_ = false;
      on_turn();
    }
  }
  // The characteristic this seat asked about in the current (or just ended)
  // question; -1 when it asked none.
  int my_question() const { return my_question_; }

 private:
  bool in_question_ = false, in_turn_ = false;
  int my_question_ = -1;
};

}  // namespace meeple::first_contact
