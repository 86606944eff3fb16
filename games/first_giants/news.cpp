// News tokens (docs/rules/first-giants.md "News tokens"): one per family for
// the largest Family set, one per size for the largest Size set. The first
// set of a kind to reach 2 cards takes it, a strictly larger one steals it,
// and the first completed set of that kind keeps it for good.
#include <algorithm>
#include <string>

#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants {

std::string news_name(int news) {
  if (news < kFamilies)
    return std::string("largest Family set of ") + std::string(kFamilyNames[news]);
  return "largest Size set of size " + std::to_string(news - kFamilies + 1);
}

// p's set `s` just grew.
void FirstGiantsState::check_news(int p, const ExhibitSet& s) {
  const int n = news_of(s);
  if (n < 0 || news_kept_[n]) return;
  const int h = news_holder_[n];
  if (h < 0) {
    news_holder_[n] = static_cast<std::int8_t>(p);
  } else if (h != p) {
    int best = 0;
    for (const auto& o : area_[h].sets)
      if (news_of(o) == n) best = std::max<int>(best, o.n);
    if (s.n > best) news_holder_[n] = static_cast<std::int8_t>(p);
  }
  if (news_holder_[n] == p && s.complete()) news_kept_[n] = true;
}

}  // namespace meeple::first_giants
