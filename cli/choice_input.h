// What a person types at `meeple play`'s prompt, read against the choices on
// the screen. The contract:
// - Each listed choice has a letter key (a, b, ..., z, then aa, ab, ...):
//   the list's own labels are letters so that no list position can be
//   mistaken for a number the screen shows on a thing. The keys are given
//   by the caller (a choice keeps its letter across a turn's decisions).
// - A typed number means the thing that shows that number: it must be a whole
//   word of the choice's words ("23" is square 23 Pyramid in "offer square 23
//   (Pyramid)", never the 23rd line), outside brackets that describe
//   ("(mammal, size 1)"; a bracket that labels a thing, "(pad 1)", counts)
//   and outside a description after ": " (a card's effect: "take Allosaurus
//   (carnivore, size 2) from dig site 3: gain 1 amber." shows dig site 3
//   only; "size 2" and "1 amber" are not things on the board). Korean's
//   counter after a number is the number ("23번" is 23).
// - Other typed words name a choice by the start of its words ("pyr", "rom").
// - Every typed word must fit; one choice fits: it is picked; several: the
//   input is refused and the candidates listed, never guessed.
// - A token mixing digits with signs or marks ("-1", "+2", "#3", "2x") is
//   refused: the screen shows no such thing.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace meeple::cli {

// The key shown beside the i-th choice: a..z, aa..az, ba.., ...
std::string choice_key(std::size_t i);

// The letters of the choices: a choice listed at an earlier decision of the
// turn keeps its letter (Ufo!'s "c" is the same kiosk after "b" opened
// another, and the same UFO after "b"'s control roll), the others take the
// first letters free, in the list's order. `kept`: the words and letters
// given in this turn (the caller empties it when the turn changes), updated.
std::vector<std::string> stable_keys(const std::vector<std::string>& words,
                                     std::map<std::string, std::string>& kept);

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

// Reads `typed` against the choices' words. A line that is exactly one of
// `keys` (the i-th choice's letter; empty: none) picks that choice (a key
// shadows words: "a" is the first choice, not every word starting with a).
// `also`: more words for each choice (empty, or one per choice: the English
// words on an Italian or Korean screen), which fit as its own words do.
// `descriptions`: the words after a ": " describe (a card's effect), and
// their numbers are not things; false for words that go on after one
// (First Contact's free "note pad: write glyph 3 (zigzag) for Alive").
TypedChoice read_choice(const std::vector<std::string>& words, std::string_view typed,
                        const std::vector<std::string>& keys,
                        const std::vector<std::string>& also = {}, bool descriptions = true);
// The same with the keys a, b, c, ... in the list's order (`keys`), or none.
TypedChoice read_choice(const std::vector<std::string>& words, std::string_view typed, bool keys);

// Whether the typed line holds a word that is not a number (free actions
// such as First Contact's note pad are looked up by words only).
bool has_word(std::string_view typed);

}  // namespace meeple::cli
