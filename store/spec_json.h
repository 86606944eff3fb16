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

// Store::rename_seat on a spec: seats[seat] and the server's seat plan
// (options.server.seats[seat].name) when there is one.
inline void rename_seat_in(TableSpec& s, int seat, const std::string& name) {
  if (seat < 0) return;
  const auto i = static_cast<std::size_t>(seat);
  if (i < s.seats.size()) s.seats[i] = name;
  if (!s.options.is_object() || !s.options.contains("server")) return;
  Json& plan = s.options["server"];
  if (!plan.is_object() || !plan.contains("seats") || !plan["seats"].is_array()) return;
  Json& seats = plan["seats"];
  if (i < seats.size() && seats[i].is_object()) seats[i]["name"] = name;
}

}  // namespace meeple::store
