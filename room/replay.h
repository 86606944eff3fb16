// Layer 6 (room/): a finished game's record told again, step by step.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "core/any_game.h"
#include "core/record.h"

namespace meeple::room {

// A finished game's record told step by step for one observer (a seat or
// kSpectator) in `lang`: the record is public once the game is over, but each
// step shows only what that observer saw then. Step 0 is the start; step i
// follows the record's i-th action. Without `step`: every step's actor, the
// action in the actor's words ("" for chance) and the events as the observer
// was told them (`steps`). With it: that step's view for the observer and who
// had to act (`view`, `to_act`). seat/invalid for an observer that is not at
// the table, request/malformed for a step past the end, record/corrupt for a
// record that does not replay.
Expected<Json> replay_json(const AnyGame& game, const GameRecord& record, Seat observer,
                           std::string_view lang, std::optional<std::size_t> step);

}  // namespace meeple::room
