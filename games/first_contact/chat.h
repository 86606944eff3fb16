// Table talk (docs/rules/first-contact.md "Table talk"). Included by
// first_contact.h, so code that includes the game's header has it too.
#pragma once

#include <optional>
#include <string_view>

#include "core/error.h"

namespace meeple::first_contact {

// The table-talk rule (rulings 1.4): players may chat but may not name a
// characteristic. Refuses (code "chat/names_characteristic") any message that
// contains a characteristic's name or one of its other word forms in English,
// Italian or Korean; case-insensitive, whole words for en/it; for Korean, a
// word that begins with the form and goes on with nothing or a particle or
// copula ending (큰게, 무기인가), so that 힘들다 or 옷장 pass.
// The message (in `lang`, from the message catalog) quotes the refused word
// as it was typed, with its ending, and names the characteristic in the
// three languages.
std::optional<Error> check_chat_message(std::string_view text, std::string_view lang = "en");

}  // namespace meeple::first_contact
