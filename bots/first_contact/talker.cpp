// The talker bot (bots/first_contact/talker.h): it keeps its belief of the
// glyphs (talker_belief.cpp) up to date and decides its turns from it
// (talker_turns.cpp).
#include "bots/first_contact/talker.h"

#include "core/any_game.h"

namespace meeple::first_contact {

// ---------------------------------------------------------------- the bot

void TalkerBot::learn(const FirstContactState& info, Seat seat) {
  belief_.observe(info, seat);
}

Action TalkerBot::decide(const FirstContactState& s, Seat seat, Rng& rng) {
  belief_.observe(s, seat);
  if (s.is_alien(seat)) return alien_decision(s, seat, belief_);
  if (const Action edit = note_edit(s, seat, belief_); edit >= 0) return edit;
  return earthling_decision(s, seat, belief_, rng);
}

}  // namespace meeple::first_contact
