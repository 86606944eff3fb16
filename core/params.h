// Game parameters (rule options) and their schema. Every rule option of a game
// is a parameter with a default, so `{}` always means "the standard game".
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.h"

namespace meeple {

using Json = nlohmann::json;

enum class ParamType { kInt, kBool, kEnum };

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::kInt;
  Json default_value;
  std::vector<Json> allowed;  // kEnum: the values; kInt: empty or [min, max]
  std::string description;    // one line
};

using ParamSchema = std::vector<ParamSpec>;

Json param_spec_to_json(const ParamSpec& spec);
Json schema_to_json(const ParamSchema& schema);

// Checks a user's parameters against the schema and fills in the defaults.
// Unknown names give params/unknown; wrong types or values params/invalid.
Expected<Json> resolve_params(const ParamSchema& schema, const Json& user);

// Parses "key=value" (as typed on a command line) into a JSON value of the
// parameter's type.
Expected<std::pair<std::string, Json>> parse_param_assignment(const ParamSchema& schema,
                                                              const std::string& text);

}  // namespace meeple
