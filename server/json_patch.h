// Internal to server/: JSON Patch (RFC 6902) between two views kept as
// text. The server keeps each observer's last view as its compact text (a
// few KB, where a tree of the same view took tens). It has the next view's
// tape of where each value lies in it (core/json_tape.h), and computes the patch by
// walking the old text alongside that tape: a subtree whose text is
// unchanged is passed over with one memcmp (the old text is read only where
// it changed), and the values of the patch are copied from the new text.
//
// The patch is the one nlohmann's Json::diff(from, to) gives, byte for byte
// as its dump() (same operations in the same order), when both texts are
// dumps of nlohmann values (keys in ascending order), as views are
// (AnyState::view_text). For other valid JSON it is still a correct patch.
#pragma once

#include <string>
#include <string_view>

#include "core/json_tape.h"

namespace meeple::server {

// Appends to `out` the patch that turns `from_text` into `to_text` (read
// into the tape `to`), as a JSON array: "[]" when they are equal. False,
// with `out` unchanged, when `from_text` is not JSON this reader
// understands or `to` is empty.
bool append_patch(std::string_view from_text, std::string_view to_text, const JsonTape& to,
                  std::string& out);

}  // namespace meeple::server
