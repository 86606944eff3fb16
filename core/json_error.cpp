#include "core/json_error.h"

#include <string_view>

#include <nlohmann/json.hpp>

namespace meeple {

namespace {

// The text after "[json.exception.<kind>.<id>] ".
std::string_view plain(std::string_view what) {
  if (what.rfind("[json.exception.", 0) == 0)
    if (const auto end = what.find("] "); end != std::string_view::npos)
      return what.substr(end + 2);
  return what;
}

// The quoted name in "key 'active' not found".
std::string quoted(std::string_view text) {
  const auto a = text.find('\'');
  const auto b = a == std::string_view::npos ? a : text.find('\'', a + 1);
  return b == std::string_view::npos ? std::string() : std::string(text.substr(a + 1, b - a - 1));
}

}  // namespace

std::string json_error_words(const std::exception& e) {
  const auto* j = dynamic_cast<const nlohmann::json::exception*>(&e);
  if (j == nullptr) return e.what();
  const std::string_view text = plain(e.what());
  switch (j->id) {
    case 403:  // key 'x' not found
      if (const std::string key = quoted(text); !key.empty())
        return "the field '" + key + "' is missing";
      break;
    case 401:  // array index N is out of range
      return "a list is shorter than it must be (" + std::string(text) + ")";
    case 302:  // type must be number, but is string
      return "a field has the wrong type (" + std::string(text) + ")";
    default:
      break;
  }
  if (dynamic_cast<const nlohmann::json::parse_error*>(&e) != nullptr) return "not valid JSON";
  return std::string(text);
}

}  // namespace meeple
