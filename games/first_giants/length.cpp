// A bound on the length of a First Giants game: every action, chance
// included, from the deal to the end (`meeple engine`'s game facts,
// docs/engine-protocol.md). It is derived from the rules as this folder
// implements them, not measured, and is far above real games (a random game
// of 2 to 5 players takes about 230 actions), since it lets every effect
// repeat as often as the whole deck would allow.
#include <cstdint>

#include "games/first_giants/first_giants.h"

namespace meeple::first_giants {

std::int64_t FirstGiants::max_game_length(int players) {
  // Takes: a take moves a card from a dig site to a studio, and a card
  // reaches a site only once (from the deal or the deck): at most kCards.
  const std::int64_t takes = kCards;
  // Chance: the deal and every card turning up each reveal another card.
  const std::int64_t chance = kCards;
  // Exhibits: each moves a studio card to a set for good (two decisions:
  // the fossil, then its set), so at most one per card taken.
  const std::int64_t exhibits = 2 * takes;
  // Reclaims: one with pawns out brings back pawns that takes put out (at
  // most one reclaim per take), each decision without an exhibit gives a
  // pawn's amber (at most kPawns); one with none out (a pass) happens only
  // when every dig site is empty, so the deck is out and the end triggered:
  // at most one turn per player is left.
  const std::int64_t reclaims = takes * (1 + kPawns) + players;
  // A take's effects: at most one per studio card (kCards), each with its
  // order decision, applied by its owner or each opponent (at most
  // `players`), each applier deciding at most once per repetition plus a
  // decline; repetitions are counted in a studio (at most kCards).
  const std::int64_t per_take = 1 + kCards * (1 + players * (kCards + 1));
  return takes * per_take + chance + exhibits + reclaims;
}

}  // namespace meeple::first_giants
