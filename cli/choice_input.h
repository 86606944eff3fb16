// What a person types at `meeple play`'s prompt, read against the choices on
// the screen (issue 32). The contract:
// - Each listed choice has a letter key (a, b, ..., z, then aa, ab, ...):
//   the list's own labels are letters so that no list position can be
//   mistaken for a number the screen shows on a thing.
// - A typed number means the thing that shows that number: it must be a whole
//   word of the choice's words ("23" is square 23 Pyramid in "offer square 23
//   (Pyramid)", never the 23rd line). Korean's counter after a number is
//   the number ("23번" is 23).
// - Other typed words name a choice by the start of its words ("pyr", "rom").
// - Every typed word must fit; one choice fits: it is picked; several: the
//   input is refused and the candidates listed, never guessed.
// - A token mixing digits with signs or marks ("-1", "+2", "#3", "2x") is
//   refused: the screen shows no such thing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace meeple::cli {

// The key shown beside the i-th choice: a..z, aa..az, ba.., ...
std::string choice_key(std::size_t i);

struct TypedChoice {
  enum class Kind {
    kPicked,    // `index` names one choice
    kSeveral,   // `fits` lists the choices that fit
    kNone,      // nothing fits
    kBadToken,  // `token` mixes digits with other marks
  };
  Kind kind = Kind::kNone;
  std::size_t index = 0;
  std::vector<std::size_t> fits;
  std::string token;
};

// Reads `typed` against the choices' words. With `keys`, a line that is
// exactly a listed choice's key picks it (a key shadows words: "a" is the
// first choice, not every word starting with a).
TypedChoice read_choice(const std::vector<std::string>& words, std::string_view typed, bool keys);

// Whether the typed line holds a word that is not a number (free actions
// such as First Contact's note pad are looked up by words only).
bool has_word(std::string_view typed);

}  // namespace meeple::cli
