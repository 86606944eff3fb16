#include "core/params.h"

#include <fmt/format.h>

namespace meeple {

namespace {
const char* type_name(ParamType t) {
  switch (t) {
    case ParamType::kInt:
      return "int";
    case ParamType::kBool:
      return "bool";
    case ParamType::kEnum:
      return "enum";
  }
  return "?";
}

const ParamSpec* find_spec(const ParamSchema& schema, const std::string& name) {
  for (const auto& s : schema)
    if (s.name == name) return &s;
  return nullptr;
}

MaybeError check_value(const ParamSpec& spec, const Json& v) {
  switch (spec.type) {
    case ParamType::kInt:
      if (!v.is_number_integer())
        return make_error(errc::kBadParam, fmt::format("{} must be an integer", spec.name));
      if (spec.allowed.size() == 2 && (v.get<long long>() < spec.allowed[0].get<long long>() ||
                                       v.get<long long>() > spec.allowed[1].get<long long>()))
        return make_error(errc::kBadParam,
                          fmt::format("{} must be between {} and {}", spec.name,
                                      spec.allowed[0].dump(), spec.allowed[1].dump()));
      return {};
    case ParamType::kBool:
      if (!v.is_boolean())
        return make_error(errc::kBadParam, fmt::format("{} must be true or false", spec.name));
      return {};
    case ParamType::kEnum:
      for (const auto& a : spec.allowed)
        if (a == v) return {};
      {
        std::string list;
        for (const auto& a : spec.allowed) list += (list.empty() ? "" : ", ") + a.dump();
        // `v` may come from a command line (parse_param_assignment) and not be
        // UTF-8, which dump() would throw on.
        const std::string got = v.dump(-1, ' ', false, Json::error_handler_t::replace);
        return make_error(errc::kBadParam,
                          fmt::format("{} must be one of {} (got {})", spec.name, list, got));
      }
  }
  return {};
}
}  // namespace

Json param_spec_to_json(const ParamSpec& spec) {
  Json j = {{"name", spec.name},
            {"type", type_name(spec.type)},
            {"default", spec.default_value},
            {"description", spec.description}};
  if (spec.type == ParamType::kEnum) j["allowed"] = spec.allowed;
  if (spec.type == ParamType::kInt && spec.allowed.size() == 2) {
    j["min"] = spec.allowed[0];
    j["max"] = spec.allowed[1];
  }
  if (spec.type == ParamType::kBool) j["allowed"] = Json::array({false, true});
  return j;
}

Json schema_to_json(const ParamSchema& schema) {
  Json a = Json::array();
  for (const auto& s : schema) a.push_back(param_spec_to_json(s));
  return a;
}

Expected<Json> resolve_params(const ParamSchema& schema, const Json& user) {
  if (!user.is_null() && !user.is_object())
    return make_error(errc::kBadParam, "parameters must be a JSON object");
  Json out = Json::object();
  if (user.is_object()) {
    for (const auto& [k, v] : user.items()) {
      const ParamSpec* spec = find_spec(schema, k);
      if (!spec) {
        std::string names;
        for (const auto& s : schema) names += (names.empty() ? "" : ", ") + s.name;
        return make_error(errc::kUnknownParam,
                          fmt::format("unknown parameter '{}' (this game has: {})", k,
                                      names.empty() ? "none" : names));
      }
      if (auto err = check_value(*spec, v)) return *err;
      out[k] = v;
    }
  }
  for (const auto& s : schema)
    if (!out.contains(s.name)) out[s.name] = s.default_value;
  return out;
}

Expected<std::pair<std::string, Json>> parse_param_assignment(const ParamSchema& schema,
                                                              const std::string& text) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return make_error(errc::kBadParam, fmt::format("expected key=value, got '{}'", text));
  std::string key = text.substr(0, eq);
  std::string raw = text.substr(eq + 1);
  const ParamSpec* spec = find_spec(schema, key);
  if (!spec) return make_error(errc::kUnknownParam, fmt::format("unknown parameter '{}'", key));
  Json v;
  switch (spec->type) {
    case ParamType::kInt:
      try {
        std::size_t used = 0;
        long long n = std::stoll(raw, &used);
        if (used != raw.size()) throw std::invalid_argument(raw);
        v = n;
      } catch (const std::exception&) {
        return make_error(errc::kBadParam, fmt::format("{} must be an integer", key));
      }
      break;
    case ParamType::kBool:
      if (raw == "true" || raw == "on" || raw == "1" || raw == "yes")
        v = true;
      else if (raw == "false" || raw == "off" || raw == "0" || raw == "no")
        v = false;
      else
        return make_error(errc::kBadParam, fmt::format("{} must be true or false", key));
      break;
    case ParamType::kEnum:
      v = raw;
      for (const auto& a : spec->allowed)
        if (a.is_number_integer() && a.dump() == raw) v = a;
      break;
  }
  if (auto err = check_value(*spec, v)) return *err;
  return std::pair{key, v};
}

}  // namespace meeple
