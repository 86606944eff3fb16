// Message catalogs: every text a person reads comes from data, in English,
// Italian and Korean. A catalog is JSON, one object per message key:
//   {"turn_of": {"en": "{seat}'s turn", "it": "tocca a {seat}", "ko": "{seat} 차례"}}
// Placeholders are named ({seat}) and filled by Catalog::format; every
// language of a message uses the same placeholders, which check() verifies
// (tests run it over every catalog, so a missing translation fails a test).
//
// Counts use plural blocks, a subset of ICU MessageFormat:
//   "{n, plural, =0 {no steps} one {# step} other {# steps}}"
// The argument n (a number written in decimal) chooses a branch: "=N" when n
// is exactly N, else the branch of n's plural category in the language
// (plural_category: CLDR's rules), else "other", which every block has. In a
// branch "#" is n as given and {name} placeholders (plural blocks too) are
// filled. Outside plural blocks "{{" and "}}" are literal braces; inside a
// branch braces are always syntax. No apostrophe quoting, no other kinds
// ({n, number}, {x, select, ...}). Korean has the one category "other", so
// its texts write "{n}개" with no block; the English and Italian ones write
// a block on the same argument, and check() counts both as the placeholder n.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/params.h"
#include "core/types.h"

namespace meeple {

inline constexpr std::array<std::string_view, 3> kLanguages = {"en", "it", "ko"};

// True for "en", "it" and "ko".
bool is_language(std::string_view lang);

class Catalog {
 public:
  using Args = std::vector<std::pair<std::string_view, std::string>>;

  // A catalog from its JSON text; catalog/corrupt when it is not an object of
  // messages with a string per language.
  static Expected<Catalog> parse(std::string_view json_text);

  // The message in `lang`, or in English when `lang` is not one of ours. A
  // key that is not in the catalog gives the key itself in brackets (a bug a
  // test catches, never a crash in front of a player).
  const std::string& text(std::string_view key, std::string_view lang) const;
  // The message with its {name} placeholders replaced by args; "{{" and "}}"
  // stand for literal braces.
  std::string format(std::string_view key, std::string_view lang, const Args& args = {}) const;
  bool contains(std::string_view key) const { return messages_.find(key) != messages_.end(); }
  std::vector<std::string> keys() const;

  // Problems a test should fail on: a message missing a language or empty in
  // one, a malformed pattern (an unclosed or stray brace, a placeholder with
  // no name, a plural block without an "other" branch, with an unknown or a
  // repeated selector, or with a category its language never selects),
  // languages of one message with different placeholders. Empty if none.
  std::vector<std::string> check() const;

 private:
  // Hashed: a server looks up a message for every event and choice it words,
  // and the keys share long prefixes ("fg.event."), which a sorted map
  // compared at every step. keys() and check() sort.
  struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, std::array<std::string, kLanguages.size()>, KeyHash,
                     std::equal_to<>>
      messages_;
  mutable std::string missing_;
};

// Replaces {name} placeholders and plural blocks in `pattern`, choosing
// branches by the plural rules of `lang` (shared by Catalog::format and
// callers with their own patterns). A placeholder without an argument stays as
// written; a plural block without one takes "other" with "#" left as {name}.
// A malformed pattern (check() reports it) only has its {name} placeholders
// filled, never throws.
std::string fill(std::string_view pattern, const Catalog::Args& args, std::string_view lang = "en");

// The CLDR plural category ("one", "many" or "other") of `number`, a decimal
// such as "1", "12" or "1.5", in `lang` (English's rules for a language not
// ours); "other" when `number` is not a decimal.
std::string_view plural_category(std::string_view lang, std::string_view number);

// The plural categories `lang` selects ("other" last).
std::vector<std::string_view> plural_categories(std::string_view lang);

}  // namespace meeple
