// Fuzz target: actions from untrusted clients (action_from_json, then apply),
// as the server, `meeple apply` and the engine take them.
// Input: one selector byte (the game, fuzz.h), a state's JSON on the first
// line, then one action per line as `[seat, form]`: form an integer is
// applied as the dense action, anything else is parsed as the action's JSON
// form first. Lines that are not such arrays are skipped.
// Contract: nothing crashes; a refused action (parse or apply) leaves the
// state byte-identical and equal; an accepted one gives a state whose JSON
// round-trips (fuzz.h) and that keeps the game contract's cheap checks.
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace meeple;
  if (size < 1) return 0;
  const AnyGame& game = fuzz::game_for(data[0]);
  std::string_view rest = fuzz::as_text(data + 1, size - 1);
  auto next_line = [&rest] {
    const auto nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    return line;
  };
  auto j = fuzz::parse_json(next_line());
  if (!j) return 0;
  auto loaded = game.state_from_json(*j);
  if (!loaded) return 0;
  AnyState s = std::move(*loaded);
  for (int steps = 0; !rest.empty() && steps < 64; ++steps) {
    auto line = fuzz::parse_json(next_line());
    if (!line || !line->is_array() || line->size() != 2 || !(*line)[0].is_number_integer())
      continue;
    const Seat seat = static_cast<Seat>((*line)[0].get<long long>() % 1000);
    const Json& form = (*line)[1];
    const AnyState before = s;
    const std::string before_json = s.to_json().dump();
    MaybeError refused;
    if (form.is_number_integer()) {
      refused = s.apply(seat, static_cast<Action>(form.get<long long>()));
    } else {
      auto a = s.action_from_json(seat, form);
      refused = a ? s.apply(seat, *a) : MaybeError(a.error());
    }
    if (refused) {
      FUZZ_CHECK(!refused->code.empty(), "a refusal without an error code");
      FUZZ_CHECK(s.to_json().dump() == before_json && s == before,
                 "a refused action (" + refused->code + ") changed the state: " + line->dump());
      continue;
    }
    fuzz::check_round_trip(s);
    fuzz::check_usable(s);
  }
  return 0;
}
