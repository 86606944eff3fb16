// Layer 6 (room/): one event of a table as told to each observer (the
// spectator first, then each seat) in each of the room's languages, added in
// that order. Most events read the same to everybody, so each distinct text
// is kept once: a table holds its whole history in words, and a Ufo! event is
// 3 texts instead of 15. A Room keeps one per event (empty for a chat line).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace meeple::room {

// Words are kept per observer: the spectator first, then each seat.
inline std::size_t observer_index(Seat observer) {
  return observer == kSpectator ? 0 : static_cast<std::size_t>(observer) + 1;
}

class EventWords {
 public:
  bool empty() const { return pick_.empty(); }
  // Adds the next (observer, language)'s words: `text`, or those of the
  // k-th added (add_as: the first observer's in the same language).
  void add(std::string text);
  void add_as(std::size_t k);
  // The text for the observer's and language's index.
  const std::string& at(std::size_t observer, std::size_t lang, std::size_t langs) const {
    return texts_[pick_[observer * langs + lang]];
  }

 private:
  std::vector<std::string> texts_;
  std::vector<std::uint8_t> pick_;
};

}  // namespace meeple::room
