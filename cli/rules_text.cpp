#include "cli/rules_text.h"

namespace meeple::embedded {
#ifdef MEEPLE_RULES_first_giants
extern const std::string_view rules_first_giants;
#endif
#ifdef MEEPLE_RULES_ufo
extern const std::string_view rules_ufo;
#endif
#ifdef MEEPLE_RULES_first_contact
extern const std::string_view rules_first_contact;
#endif
}  // namespace meeple::embedded

namespace meeple::cli {

std::string_view rules_text(std::string_view game) {
#ifdef MEEPLE_RULES_first_giants
  if (game == "first-giants") return embedded::rules_first_giants;
#endif
#ifdef MEEPLE_RULES_ufo
  if (game == "ufo") return embedded::rules_ufo;
#endif
#ifdef MEEPLE_RULES_first_contact
  if (game == "first-contact") return embedded::rules_first_contact;
#endif
  (void)game;
  return {};
}

}  // namespace meeple::cli
