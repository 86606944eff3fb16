// Words (plumbing for text.cpp, events.cpp and chat.cpp): every text a person
// reads comes from the message catalog data/messages.json (en/it/ko, one key
// per message); item and characteristic names come from the component data.
// Not part of the game's interface.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/i18n.h"
#include "core/types.h"

namespace meeple::first_contact {

// The catalog of data/messages.json (FirstContact::messages()).
const meeple::Catalog& message_catalog();

// Catalog text `key` in `lang` with its placeholders filled.
std::string say(std::string_view key, std::string_view lang,
                const meeple::Catalog::Args& args = {});

// Names from the component data in `lang` ("?" when out of range).
std::string characteristic_name(int k, std::string_view lang);
std::string item_name(int item, std::string_view lang);
// "glyph 3 (zigzag)"; a message glyph (| 0x80 when negated) may read "NOT ...".
std::string glyph_words(int g, std::string_view lang);
std::string message_glyph_words(int coded, std::string_view lang);
// A seat in words for `observer` ("red alien (seat 0)", "... (seat 3, you)");
// a square with its item ("square 7 (Horse)"); a set of squares, short
// ("7 Horse, 9 Pig"). Public facts of the state only.
class FirstContactState;
std::string seat_words(const FirstContactState& s, Seat seat, Seat observer, std::string_view lang);
std::string square_words(const FirstContactState& s, int square, std::string_view lang);
std::string squares_short(const FirstContactState& s, std::uint32_t squares, std::string_view lang);
// A seat's name at the table ("red alien", "earthling 2"); "" for no seat.
std::string seat_name(const FirstContactState& s, Seat seat, std::string_view lang);
// A number as the catalog's placeholders take it ("7").
std::string num(int n);
// A colour (Colour index) in words.
std::string colour_words(int colour, std::string_view lang);
// "a, b, c"; the catalog's "none" when empty.
std::string join(const std::vector<std::string>& parts, std::string_view lang);

}  // namespace meeple::first_contact
