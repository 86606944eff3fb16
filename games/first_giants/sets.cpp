// Sets (docs/rules/first-giants.md "Sets"): the second card of a set fixes
// its kind (Family or Size), eggs stand for any size, and each card joining
// a set puts a set token on it.
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

bool set_accepts(const ExhibitSet& s, int family, int size) {
  if (s.n == 0) return true;
  if (s.kind == kOpenSet) {
    const int f0 = s.family, s0 = s.size;
    if (s0 == 0 || size == 0) return true;  // an egg joins anything (rulings 2.3)
    return (f0 == family) != (s0 == size);
  }
  const Catalog& cat = catalog();
  if (s.kind == kFamilySet) {
    if (s.n >= 3 || family != s.family) return false;
    if (size == 0) return true;
    for (int i = 0; i < s.n; ++i)
      if (cat.cards[s.card[i]].size == size) return false;
    return true;
  }
  if (s.n >= 5) return false;
  for (int i = 0; i < s.n; ++i)
    if (cat.cards[s.card[i]].family == family) return false;
  return size == 0 || s.size == 0 || s.size == size;
}

// For an open set, family/size hold the first card's (size 0 = egg).
void set_add(ExhibitSet& s, std::uint8_t card_id, int family, int size) {
  s.card[s.n++] = card_id;
  if (s.n == 1) {
    s.kind = kOpenSet;
    s.family = static_cast<std::uint8_t>(family);
    s.size = static_cast<std::uint8_t>(size);
    return;
  }
  if (s.n == 2) {
    // The second card fixes the kind: same family is a Family set (an egg
    // taking a missing size), otherwise a Size set (an egg taking its size).
    if (s.family == family) {
      s.kind = kFamilySet;
      s.size = 0;
    } else {
      s.kind = kSizeSet;
      if (s.size == 0) s.size = static_cast<std::uint8_t>(size);
    }
    return;
  }
  if (s.kind == kSizeSet && s.size == 0) s.size = static_cast<std::uint8_t>(size);
}

// A set grew: it takes a token from the reserve, if one is left. Taking the
// last one triggers the end of the game (end.cpp).
void FirstGiantsState::take_set_token(ExhibitSet& s) {
  if (reserve_ == 0) return;
  --reserve_;
  ++s.tokens;
  if (reserve_ == 0) trigger_end();
}

}  // namespace meeple::first_giants
