// A TableSpec as the JSON text the SQL stores keep (its id is the row's key).
#pragma once

#include <string>
#include <vector>

#include "store/store.h"

namespace meeple::store {

inline Json spec_to_json(const TableSpec& s) {
  return {{"game", s.game},
          {"players", s.players},
          {"params", s.params},
          {"seats", s.seats},
          {"options", s.options}};
}

inline TableSpec spec_from_json(const TableId& id, const Json& j) {
  TableSpec s;
  s.id = id;
  s.game = j.value("game", "");
  s.players = j.value("players", 0);
  s.params = j.value("params", Json::object());
  s.seats = j.value("seats", std::vector<std::string>{});
  s.options = j.value("options", Json::object());
  return s;
}

// The options of a spec kept as JSON text (an object; {} when unreadable).
inline Json spec_options(const std::string& text) {
  Json j = Json::parse(text, nullptr, false);
  if (!j.is_object()) return Json::object();
  Json o = j.value("options", Json::object());
  return o.is_object() ? o : Json::object();
}

}  // namespace meeple::store
