#include "games/first_contact/catalog.h"

#include <stdexcept>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/bits.h"
#include "core/rng.h"

namespace meeple::embedded {
extern const std::string_view fc_characteristics;
extern const std::string_view fc_glyphs;
extern const std::string_view fc_items;
extern const std::string_view fc_pads;
extern const std::string_view fc_request_cards;
extern const std::string_view fc_decks;
}  // namespace meeple::embedded

namespace meeple::first_contact {

namespace {

using nlohmann::json;

Colour parse_colour(const std::string& s) {
  if (s == "red") return Colour::kRed;
  if (s == "blue") return Colour::kBlue;
  if (s == "green") return Colour::kGreen;
  if (s == "black") return Colour::kBlack;
  throw std::runtime_error("first contact data: bad colour " + s);
}

std::array<Colour, kSquares> parse_side(const json& j) {
  if (!j.is_array() || j.size() != kSquares)
    throw std::runtime_error("first contact data: request card side is not 25 squares");
  std::array<Colour, kSquares> out{};
  for (int i = 0; i < kSquares; ++i) out[i] = parse_colour(j[i].get<std::string>());
  return out;
}

std::vector<std::string> strings(const json& j, const char* key) {
  std::vector<std::string> out;
  if (j.contains(key))
    for (const auto& s : j.at(key)) out.push_back(s.get<std::string>());
  return out;
}

Catalog load() {
  Catalog c;
  json chars = json::parse(embedded::fc_characteristics);
  for (const auto& j : chars) {
    Characteristic ch;
    ch.id = j.at("id").get<std::string>();
    ch.en = j.at("en").get<std::string>();
    ch.it = j.at("it").get<std::string>();
    ch.ko = j.at("ko").get<std::string>();
    if (j.contains("alt")) {
      ch.alt_en = strings(j["alt"], "en");
      ch.alt_it = strings(j["alt"], "it");
      ch.alt_ko = strings(j["alt"], "ko");
    }
    c.characteristics.push_back(std::move(ch));
  }
  if (c.characteristics.size() != kCharacteristics)
    throw std::runtime_error("first contact data: need 25 characteristics");

  for (const auto& j : json::parse(embedded::fc_glyphs))
    c.glyphs.push_back(
        {j.at("id").get<int>(), j.at("name").get<std::string>(), j.at("path").get<std::string>()});
  if (c.glyphs.size() != kGlyphs) throw std::runtime_error("first contact data: need 25 glyphs");

  for (const auto& j : json::parse(embedded::fc_items)) {
    Item it;
    it.id = j.at("id").get<std::string>();
    it.en = j.at("en").get<std::string>();
    it.it = j.at("it").get<std::string>();
    it.ko = j.at("ko").get<std::string>();
    it.label = j.value("label", it.en);
    it.set = j.value("set", "base");
    if (j.contains("picture") && j["picture"].is_string())
      it.picture = j["picture"].get<std::string>();
    for (const auto& t : j.at("traits")) {
      int k = c.characteristic_index(t.get<std::string>());
      if (k < 0) throw std::runtime_error("first contact data: unknown trait of " + it.id);
      it.traits |= bit<std::uint32_t>(k);
    }
    c.items.push_back(std::move(it));
  }

  json pads = json::parse(embedded::fc_pads);
  if (pads.is_object() && pads.contains("pads")) pads = pads["pads"];
  for (const auto& j : pads) {
    const json& g = j.is_object() ? j.at("glyph_of") : j;
    std::array<std::uint8_t, kCharacteristics> pad{};
    if (g.size() != kCharacteristics) throw std::runtime_error("first contact data: bad pad");
    for (int k = 0; k < kCharacteristics; ++k) pad[k] = g[k].get<std::uint8_t>();
    c.pads.push_back(pad);
  }
  if (c.pads.size() != kPads) throw std::runtime_error("first contact data: need 24 pads");

  for (const auto& j : json::parse(embedded::fc_request_cards))
    c.request_cards.push_back(
        {j.at("id").get<int>(), parse_side(j.at("A")), parse_side(j.at("B"))});
  if (c.request_cards.size() != kRequestCards)
    throw std::runtime_error("first contact data: need 12 request cards");

  json decks = json::parse(embedded::fc_decks);
  const char* names[3] = {"it", "en", "ko"};
  for (int e = 0; e < 3; ++e)
    for (const auto& card : decks.at(names[e])) {
      DeckCard d;
      if (card.empty() || card.size() > 2)
        throw std::runtime_error("first contact data: bad deck card");
      for (std::size_t f = 0; f < card.size(); ++f) {
        int idx = c.item_index(card[f].get<std::string>());
        if (idx < 0) throw std::runtime_error("first contact data: deck names unknown item");
        d.face[f] = static_cast<std::int16_t>(idx);
      }
      c.decks[e].push_back(d);
    }
  return c;
}

}  // namespace

const char* edition_name(Edition e) {
  switch (e) {
    case Edition::kIt:
      return "it";
    case Edition::kEn:
      return "en";
    case Edition::kKo:
      return "ko";
  }
  return "it";
}

const char* colour_name(int colour) {
  static const char* names[] = {"red", "blue", "green", "black"};
  return colour >= 0 && colour < 4 ? names[colour] : "none";
}

int Catalog::item_index(const std::string& id) const {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].id == id) return static_cast<int>(i);
  return -1;
}

int Catalog::characteristic_index(const std::string& id) const {
  for (std::size_t i = 0; i < characteristics.size(); ++i)
    if (characteristics[i].id == id) return static_cast<int>(i);
  return -1;
}

const Catalog& catalog() {
  static const Catalog c = load();
  return c;
}

namespace {
// The card cell lying under field square `square` when the card is turned
// `rotation` quarters clockwise. A quarter turn moves card cell (r, c) to
// (c, 4 - r); walk back from the field square to the card cell.
int cell_under(int rotation, int square) {
  int r = square / 5, c = square % 5;
  for (int k = 0; k < (rotation & 3); ++k) {
    int pr = 4 - c, pc = r;
    r = pr;
    c = pc;
  }
  return r * 5 + c;
}
}  // namespace

Colour square_colour(const std::array<Colour, kSquares>& colours, int rotation, int square) {
  static const auto cell_of = [] {
    std::array<std::array<std::uint8_t, kSquares>, kRotations> t{};
    for (int rot = 0; rot < kRotations; ++rot)
      for (int q = 0; q < kSquares; ++q) t[rot][q] = static_cast<std::uint8_t>(cell_under(rot, q));
    return t;
  }();
  return colours[cell_of[rotation & 3][square]];
}

const std::array<std::uint8_t, kCharacteristics>& note_pad_order(int pad) {
  static const std::array<std::array<std::uint8_t, kCharacteristics>, 4> orders = [] {
    std::array<std::array<std::uint8_t, kCharacteristics>, 4> o{};
    for (int p = 0; p < 4; ++p) {
      for (int k = 0; k < kCharacteristics; ++k) o[p][k] = static_cast<std::uint8_t>(k);
      if (p == 0) continue;  // the first pad keeps the rulebook's order
      Rng rng(0xfc0000u + static_cast<unsigned>(p));
      rng.shuffle(o[p].begin(), o[p].end());
    }
    return o;
  }();
  return orders[static_cast<std::size_t>(pad & 3)];
}

}  // namespace meeple::first_contact
