// Fuzz target: a game's state JSON (Game::state_from_json through AnyGame),
// as `meeple apply|legal|view --state FILE` and the engine read it.
// Input: one selector byte (the game, fuzz.h) and the JSON text.
// Contract: corrupt input is refused with an error and never crashes; an
// accepted state re-encodes to itself (to_json, from_json, to_json gives the
// same bytes and an equal state) and keeps the game contract's cheap checks
// (whose turn, legal actions, chance outcomes, views, result), and every
// state it leads to is accepted too.
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace meeple;
  if (size < 1) return 0;
  const AnyGame& game = fuzz::game_for(data[0]);
  auto j = fuzz::parse_json(fuzz::as_text(data + 1, size - 1));
  if (!j) return 0;
  auto s = game.state_from_json(*j);
  if (!s) {
    FUZZ_CHECK(!s.error().code.empty(), "a refusal without an error code");
    return 0;
  }
  fuzz::check_round_trip(*s);
  fuzz::check_usable(*s);
  fuzz::check_successors(*s);
  return 0;
}
