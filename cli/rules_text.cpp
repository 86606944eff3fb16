#include "cli/rules_text.h"

#include "cli/rules_list.h"

namespace meeple::embedded {
#define MEEPLE_DECLARE_RULES(symbol, name, lang) extern const std::string_view symbol;
MEEPLE_FOR_EACH_RULES(MEEPLE_DECLARE_RULES)
#undef MEEPLE_DECLARE_RULES
}  // namespace meeple::embedded

namespace meeple::cli {

namespace {
std::string_view find_rules(std::string_view game, std::string_view lang) {
#define MEEPLE_FIND_RULES(symbol, name, doc_lang) \
  if (game == name && lang == doc_lang) return embedded::symbol;
  MEEPLE_FOR_EACH_RULES(MEEPLE_FIND_RULES)
#undef MEEPLE_FIND_RULES
  (void)game;
  (void)lang;
  return {};
}
}  // namespace

std::string_view rules_text(std::string_view game, std::string_view lang) {
  for (std::string_view l : {lang, std::string_view("en"), std::string_view("")})
    if (auto text = find_rules(game, l); !text.empty()) return text;
  return {};
}

}  // namespace meeple::cli
