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

}  // namespace meeple::store
