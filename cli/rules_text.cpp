#include "cli/rules_text.h"

#include "cli/rules_list.h"

namespace meeple::embedded {
#define MEEPLE_DECLARE_RULES(dir, name) extern const std::string_view rules_##dir;
MEEPLE_FOR_EACH_RULES(MEEPLE_DECLARE_RULES)
#undef MEEPLE_DECLARE_RULES
}  // namespace meeple::embedded

namespace meeple::cli {

std::string_view rules_text(std::string_view game) {
#define MEEPLE_FIND_RULES(dir, name) \
  if (game == name) return embedded::rules_##dir;
  MEEPLE_FOR_EACH_RULES(MEEPLE_FIND_RULES)
#undef MEEPLE_FIND_RULES
  (void)game;
  return {};
}

}  // namespace meeple::cli
