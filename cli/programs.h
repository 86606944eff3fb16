// What programs are given of files and states: the reading of a file a
// program names (with a cap), and the state's JSON forms that `meeple legal |
// view | result | apply` and `meeple engine` show (core/state_json.h, shared
// with the engine built to WebAssembly).
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

#include "core/any_game.h"
#include "core/state_json.h"

namespace meeple::cli {

// A file (or the input) longer than kMaxInputBytes.
inline constexpr const char* kTooLarge = "io/too_large";

// The most a program reads of a file it is given (a state, a record, a kept
// game, a guide): the longest real record is a few MB, and without a cap a
// device that never ends (/dev/zero) was read until memory ran out.
inline constexpr std::size_t kMaxInputBytes = 64u << 20;

// The whole text of the file at `path`: io/failed when it cannot be read,
// io/too_large past kMaxInputBytes (nothing more is read).
Expected<std::string> read_file(const std::string& path);
// read_file, or the whole of `in` when `file` is "-" (with the same cap).
Expected<std::string> read_input(const std::string& file, std::istream& in);

// The state's JSON forms for programs (core/state_json.h), under their old
// names here.
using meeple::action_entry;
using meeple::kNotOver;
using meeple::legal_json;
using meeple::Move;
using meeple::parse_move;
using meeple::parse_seat;
using meeple::result_of;
using meeple::status_json;

}  // namespace meeple::cli
