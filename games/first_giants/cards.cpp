// The cards (docs/rules/first-giants.md "The cards"): the deck is data,
// games/first_giants/data/cards.json, embedded at build time and read once.
#include <stdexcept>
#include <string>

#include "games/first_giants/rules_internal.h"

namespace meeple::embedded {
extern const std::string_view first_giants_cards;
extern const std::string_view first_giants_messages;
}  // namespace meeple::embedded

namespace meeple::first_giants {

namespace {

constexpr std::array<std::string_view, 4> kTriggerNames = {"once", "any_take", "you_take_family",
                                                           "new_family"};
constexpr std::array<std::string_view, 8> kEffectNames = {"point",
                                                          "amber",
                                                          "exhibit",
                                                          "exhibit_free",
                                                          "exhibit_two_different",
                                                          "exhibit_two_same",
                                                          "amber_for_points",
                                                          "exhibit_or_point"};
constexpr std::array<std::string_view, 4> kMultiplierNames = {"one", "per_family_card",
                                                              "per_different_family", "per_pair"};

template <std::size_t N>
int index_of(const std::array<std::string_view, N>& names, const std::string& s) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<int>(i);
  return -1;
}

}  // namespace

// The deck is data; a malformed file is a build bug, so it fails loudly once.
[[gnu::noinline]] Catalog load_catalog() {
  Catalog c;
  Json doc = Json::parse(embedded::first_giants_cards);
  // Card names live with every other text, in data/messages.json.
  const Json messages = Json::parse(embedded::first_giants_messages);
  const Json& list = doc.at("cards");
  if (list.size() != kCards) throw std::logic_error("first-giants: the deck must have 60 cards");
  for (int i = 0; i < kCards; ++i) {
    const Json& j = list[i];
    Card& k = c.cards[i];
    k.id = j.at("id").get<int>();
    if (k.id != i) throw std::logic_error("first-giants: card ids must be 0..59 in order");
    k.family = index_of(kFamilyNames, j.at("family").get<std::string>());
    k.size = j.at("egg").get<bool>() ? 0 : j.at("size").get<int>();
    k.recurring = j.at("recurring").get<bool>();
    int t = index_of(kTriggerNames, j.at("trigger").get<std::string>());
    int e = index_of(kEffectNames, j.at("effect").get<std::string>());
    int m = index_of(kMultiplierNames, j.at("multiplier").get<std::string>());
    if (k.family < 0 || t < 0 || e < 0 || m < 0 || k.size < 0 || k.size > 3)
      throw std::logic_error("first-giants: bad card " + std::to_string(i));
    k.trigger = static_cast<Trigger>(t);
    k.effect = static_cast<Effect>(e);
    k.multiplier = static_cast<Multiplier>(m);
    if (!j.at("condition").is_null())
      k.condition_family = index_of(kFamilyNames, j["condition"].get<std::string>());
    if (!j.at("multiplier_family").is_null())
      k.multiplier_family = index_of(kFamilyNames, j["multiplier_family"].get<std::string>());
    k.each_opponent = j.at("applies_to").get<std::string>() == "each_opponent";
    if (k.recurring != (k.trigger != Trigger::kOnce) ||
        (k.trigger == Trigger::kYouTakeFamily && k.condition_family < 0) ||
        (k.multiplier == Multiplier::kPerFamilyCard && k.multiplier_family < 0))
      throw std::logic_error("first-giants: inconsistent card " + std::to_string(i));
    // Views show a card by id, name, family, size and its text; the effect
    // fields stay in the data file (and in cards()).
    c.json[i] = {{"id", i},
                 {"name", messages.at("card." + std::to_string(i) + ".name")},
                 {"family", j["family"]},
                 {"size", k.egg() ? Json() : Json(k.size)},
                 {"text", j.at("text")}};
    c.card_text[i] = c.json[i].dump();
    if (!c.card_tape[i].read(c.card_text[i]))
      throw std::logic_error("first-giants: card " + std::to_string(i) + " is not JSON");
    c.of_family[k.family] |= bit(i);
    for (int a = k.cost(); a < 4; ++a) c.affordable[a] |= bit(i);
    if (k.effect != Effect::kPoint && k.effect != Effect::kAmber) c.decides |= bit(i);
    switch (k.trigger) {
      case Trigger::kOnce:
        c.once |= bit(i);
        break;
      case Trigger::kAnyTake:
        c.any_take |= bit(i);
        break;
      case Trigger::kYouTakeFamily:
        c.you_take[k.condition_family] |= bit(i);
        break;
      case Trigger::kNewFamily:
        c.new_family |= bit(i);
        break;
    }
  }
  return c;
}

const std::array<Card, kCards>& cards() {
  return catalog().cards;
}
const Json& card_json(int id) {
  return catalog().json[id];
}
std::string_view family_name(int family) {
  return kFamilyNames[family];
}
std::string_view effect_name(Effect e) {
  return kEffectNames[static_cast<int>(e)];
}

}  // namespace meeple::first_giants
