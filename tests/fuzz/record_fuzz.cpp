// Fuzz target: game records (meeple-record/1), as `meeple replay FILE` reads
// them: record_from_json, then replay_record against the game it names.
// Input: the record's JSON text.
// Contract: nothing crashes; a record that decodes encodes to a form that
// decodes to the same form again (record_to_json is stable after one
// decode); a record that replays gives a state whose JSON round-trips, which
// is over when the record has a result, and which keeps the game contract's
// cheap checks.
#include "core/record.h"
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace meeple;
  auto j = fuzz::parse_json(fuzz::as_text(data, size));
  if (!j) return 0;
  auto r = record_from_json(*j);
  if (!r) {
    FUZZ_CHECK(r.error().code == errc::kCorruptRecord, "record refused with " + r.error().code);
    return 0;
  }
  const std::string once = record_to_json(*r).dump();
  auto again = record_from_json(Json::parse(once));
  FUZZ_CHECK(again.ok(), "an accepted record's own form is refused: " + once);
  FUZZ_CHECK(record_to_json(*again).dump() == once, "a record's form changes on decoding: " + once);

  const AnyGame* game = find_game(r->game);
  if (game == nullptr) return 0;
  auto s = replay_record(*game, *r);
  if (!s) {
    FUZZ_CHECK(!s.error().code.empty(), "a refusal without an error code");
    return 0;
  }
  FUZZ_CHECK(r->result.is_null() || s->is_terminal(), "a record with a result replays unfinished");
  fuzz::check_round_trip(*s);
  fuzz::check_usable(*s);
  return 0;
}
