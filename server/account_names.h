// Internal to server/: accounts' names (docs/protocol.md, "Names and
// passwords"). A name is checked as written and compared two ways: folded
// (case ignored: the key it is found by) and by its skeleton (Unicode
// TR39's confusable skeleton, ICU's spoof checker: names that look the
// same have the same skeleton), so that nobody can take a name that reads
// as another's.
#pragma once

#include <string>
#include <string_view>

#include "core/error.h"
#include "core/params.h"

namespace meeple::server {

// An account's name: 3 to 24 characters (code points) of letters of any
// script, digits, space, '_' and '-', not starting or ending with a space,
// and no invisible character (a default-ignorable code point: U+3164 HANGUL
// FILLER, U+115F and U+1160, zero-width joiners and spaces, ...);
// account/name otherwise (also for a string that is not UTF-8).
Expected<std::string> check_account_name(const Json& name);
// The name as it is found by: case folded (Latin, Greek, Cyrillic,
// Armenian; scripts without case, Korean among them, as they are).
std::string fold_name(std::string_view name);
// The name as it looks: the TR39 skeleton of its NFKC form, case folded
// (NFKC_Casefold) and skeletoned again, so that "Anna", "ANNA", "Аnna" (a
// Cyrillic А), "αnna" (a Greek α) and "AIice" for "Alice" have one
// skeleton, as have a composed "ë" and an "e" with a combining diaeresis.
// "" when ICU cannot tell (not UTF-8).
std::string name_skeleton(std::string_view name);

}  // namespace meeple::server
