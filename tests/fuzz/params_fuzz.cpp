// Fuzz target: rule options, as POST /api/tables, `--param key=value` and
// records give them: resolve_params against each game's schema, then
// new_game with the resolved options for every player count.
// Input: one selector byte (the game, fuzz.h), the options' JSON on the first
// line, then `key=value` lines as typed on a command line.
// Contract: nothing crashes; accepted options are an object with exactly the
// schema's names and resolve to themselves again; a game made from them
// round-trips and keeps the game contract's cheap checks; a parsed
// `key=value` names a parameter of the schema.
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace meeple;
  if (size < 1) return 0;
  const AnyGame& game = fuzz::game_for(data[0]);
  const ParamSchema& schema = game.params_schema();
  std::string_view rest = fuzz::as_text(data + 1, size - 1);
  const auto nl = rest.find('\n');
  auto j = fuzz::parse_json(rest.substr(0, nl));
  rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);

  if (j) {
    auto resolved = resolve_params(schema, *j);
    if (resolved) {
      FUZZ_CHECK(resolved->is_object() && resolved->size() == schema.size(),
                 "resolved options are not the schema's: " + resolved->dump());
      for (const auto& spec : schema)
        FUZZ_CHECK(resolved->contains(spec.name), "resolved options lack " + spec.name);
      auto twice = resolve_params(schema, *resolved);
      FUZZ_CHECK(twice.ok() && *twice == *resolved,
                 "resolved options do not resolve to themselves: " + resolved->dump());
    } else {
      FUZZ_CHECK(
          resolved.error().code == errc::kBadParam || resolved.error().code == errc::kUnknownParam,
          "options refused with " + resolved.error().code);
    }
    for (int players = game.min_players(); players <= game.max_players(); ++players) {
      auto s = game.new_game(*j, players);
      if (!s) continue;
      FUZZ_CHECK(resolved.ok(), "new_game accepts options resolve_params refuses: " + j->dump());
      fuzz::check_round_trip(*s);
      fuzz::check_usable(*s);
    }
  }

  while (!rest.empty()) {
    const auto end = rest.find('\n');
    const std::string line(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    auto kv = parse_param_assignment(schema, line);
    if (!kv) continue;
    bool known = false;
    for (const auto& spec : schema) known = known || spec.name == kv->first;
    FUZZ_CHECK(known, "key=value parsed for a name not in the schema: " + line);
  }
  return 0;
}
