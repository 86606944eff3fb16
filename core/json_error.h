// What went wrong reading a JSON document, in words: nlohmann's exceptions
// say "[json.exception.out_of_range.403] key 'active' not found"; a person
// or a program reading a refusal should read "the field 'active' is
// missing". Used where a reader of states, records or actions catches them.
#pragma once

#include <exception>
#include <string>

namespace meeple {

std::string json_error_words(const std::exception& e);

}  // namespace meeple
