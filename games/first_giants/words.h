// Words for people (text.cpp): every text of First Giants comes from one
// message catalog, data/messages.json (en/it/ko), joined with the cards' own
// effect texts from data/cards.json as "card.<id>.text". Used by the text
// view, describe_action and describe_event; never on the search path.
#pragma once

#include <string>
#include <string_view>

#include "core/i18n.h"
#include "games/first_giants/rules_internal.h"

namespace meeple::first_giants::words {

const meeple::Catalog& catalog();
std::string say(std::string_view key, std::string_view lang,
                const meeple::Catalog::Args& args = {});
// A card's words (made once per card and language; another language reads
// as English). "Allosaurus (carnivore, size 2)":
const std::string& card(int id, std::string_view lang);
// The card's effect text.
const std::string& card_text(int id, std::string_view lang);
// "Allosaurus (carnivore, size 2): Once this turn: ..."
const std::string& card_with_text(int id, std::string_view lang);
// "seat 2", or "seat 2 (you)" for the observer's own seat.
std::string seat(int p, Seat observer, std::string_view lang);
// Dig sites and sets are numbered from 1 for people (JSON counts from 0).
inline std::string number(int index) {
  return std::to_string(index + 1);
}
// A set's kind and cards: "Family set of carnivores: A, B".
std::string set(const ExhibitSet& s, std::string_view lang);
// "News token for the largest Family set of carnivores (3 points)"
std::string news(int n, std::string_view lang);

}  // namespace meeple::first_giants::words
