// First Contact components as data (rulings 1.2): characteristics, glyphs,
// items, language pads, request cards and the edition decks. Parsed once from
// the embedded JSON of data/ into an immutable catalog; game states refer to
// its entries by small indices only.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace meeple::first_contact {

inline constexpr int kCharacteristics = 25;
inline constexpr int kGlyphs = 25;
inline constexpr int kSquares = 25;
inline constexpr int kPads = 24;  // the printed pads in data/pads.json
inline constexpr int kRequestCards = 12;
inline constexpr int kRotations = 4;

enum class Edition : std::uint8_t { kIt = 0, kEn = 1, kKo = 2 };
// Colours of a request card square; the first three are also the aliens'.
enum class Colour : std::uint8_t { kRed = 0, kBlue = 1, kGreen = 2, kBlack = 3 };

const char* edition_name(Edition e);

// The printed language pads in an edition's box, as the rulebooks' contents
// lists count them: it 12 double-sided (24 faces), en 24, ko 16 of which one
// is blank (used only with custom symbols, rulings 1.9), so 15 printed. A
// game draws its pad among the first printed_pads(e) of the data's kPads.
inline constexpr int printed_pads(Edition e) {
  return e == Edition::kKo ? 15 : kPads;
}
const char* colour_name(int colour);

struct Characteristic {
  std::string id, en, it, ko;
  // Other word forms per language, for the chat filter.
  std::vector<std::string> alt_en, alt_it, alt_ko;
};

struct Glyph {
  int id = 0;
  std::string name, path;
};

struct Item {
  std::string id, en, it, ko, label, set;
  std::string picture;       // empty when the data has none
  std::uint32_t traits = 0;  // bit k = characteristic index k
};

// A physical card of an edition deck: one or two item faces.
struct DeckCard {
  std::array<std::int16_t, 2> face{-1, -1};  // item indices; -1 = no second face
  int faces() const { return face[1] < 0 ? 1 : 2; }
};

struct RequestCard {
  int id = 0;
  std::array<Colour, kSquares> side_a{}, side_b{};  // row-major, row 0 farthest from the aliens
};

struct Catalog {
  std::vector<Characteristic> characteristics;  // kCharacteristics, fixed order
  std::vector<Glyph> glyphs;                    // kGlyphs
  std::vector<Item> items;
  std::vector<std::array<std::uint8_t, kCharacteristics>> pads;  // glyph of each characteristic
  std::vector<RequestCard> request_cards;
  std::array<std::vector<DeckCard>, 3> decks;  // by Edition

  int item_index(const std::string& id) const;            // -1 when unknown
  int characteristic_index(const std::string& id) const;  // -1 when unknown
};

// The catalog, parsed on first use. Throws only if the embedded data is broken
// (a build problem, caught by the data test).
const Catalog& catalog();

// The colour of field square `square` when request card side `colours` lies
// in `rotation` (quarter turns clockwise, 0..3).
Colour square_colour(const std::array<Colour, kSquares>& colours, int rotation, int square);

// The order in which the characteristics are printed on earthling note pad
// `pad` (0..3): a fixed permutation per pad so neighbours cannot copy by
// position (rulings 1.2).
const std::array<std::uint8_t, kCharacteristics>& note_pad_order(int pad);

}  // namespace meeple::first_contact
