#include "room/event_words.h"

#include <algorithm>

namespace meeple::room {

void EventWords::add(std::string text) {
  auto it = std::find(texts_.begin(), texts_.end(), text);
  if (it == texts_.end()) it = texts_.insert(texts_.end(), std::move(text));
  pick_.push_back(static_cast<std::uint8_t>(it - texts_.begin()));
}

void EventWords::add_as(std::size_t k) {
  pick_.push_back(pick_[k]);
}

}  // namespace meeple::room
