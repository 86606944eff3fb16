// Components (docs/rules/first-contact.md "Components", rulings 1.2): the
// component data as the rules engine reads it.
#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "core/bits.h"
#include "games/first_contact/catalog.h"

namespace meeple::first_contact {
namespace {

bool has(const Item& it, const char* characteristic) {
  const int k = catalog().characteristic_index(characteristic);
  return k >= 0 && (it.traits >> k) & 1u;
}

const Item& item(const char* id) {
  const int i = catalog().item_index(id);
  EXPECT_GE(i, 0) << id;
  return catalog().items.at(static_cast<std::size_t>(std::max(i, 0)));
}

TEST(FirstContactComponents, CharacteristicsInTheFixedOrderWithThreeLanguages) {
  const auto& c = catalog().characteristics;
  ASSERT_EQ(c.size(), 25u);
  const char* order[] = {
      "alive", "big",      "food",   "danger",  "round",     "solid",   "liquid", "sharp", "human",
      "plant", "tool",     "weapon", "metal",   "beautiful", "clothes", "long",   "heavy", "light",
      "fly",   "valuable", "warm",   "defense", "knowledge", "fast",    "power"};
  for (int k = 0; k < 25; ++k) {
    EXPECT_EQ(c[k].id, order[k]);
    EXPECT_FALSE(c[k].en.empty());
    EXPECT_FALSE(c[k].it.empty());
    EXPECT_FALSE(c[k].ko.empty());
  }
}

TEST(FirstContactComponents, TwentyFiveDistinctGlyphs) {
  ASSERT_EQ(catalog().glyphs.size(), 25u);
  std::set<std::string> paths;
  for (int g = 0; g < 25; ++g) {
    EXPECT_EQ(catalog().glyphs[g].id, g);
    EXPECT_FALSE(catalog().glyphs[g].path.empty());
    paths.insert(catalog().glyphs[g].path);
  }
  EXPECT_EQ(paths.size(), 25u);
}

TEST(FirstContactComponents, ItemsHaveNamesInThreeLanguagesAndAtLeastThreeCharacteristics) {
  const auto& items = catalog().items;
  EXPECT_GE(items.size(), 168u);
  std::set<std::string> ids;
  int base = 0, korea = 0, en = 0;
  for (const Item& it : items) {
    EXPECT_TRUE(ids.insert(it.id).second) << "duplicate " << it.id;
    EXPECT_FALSE(it.en.empty()) << it.id;
    EXPECT_FALSE(it.it.empty()) << it.id;
    EXPECT_FALSE(it.ko.empty()) << it.id;
    EXPECT_GE(count_bits(it.traits), 3) << it.id;
    EXPECT_TRUE(!it.picture.empty() || !it.label.empty()) << it.id;
    base += it.set == "base";
    korea += it.set == "korea";
    en += it.set == "en";
  }
  EXPECT_EQ(base, 120);
  EXPECT_EQ(korea, 40);
  EXPECT_EQ(en, 8);
}

TEST(FirstContactComponents, RulebookItemsAndTheirCharacteristics) {
  for (const char* id : {"pyramid", "horse", "hippo", "house", "elephant", "hammer", "pharaoh",
                         "shovel", "pickaxe", "meat", "snake", "rhino"})
    EXPECT_GE(catalog().item_index(id), 0) << id;
  // The five Big items Enrico / John rotates.
  for (const char* id : {"pyramid", "horse", "hippo", "house", "elephant"})
    EXPECT_TRUE(has(item(id), "big")) << id;
  // The Hammer is described by Tool, Danger and Metal.
  EXPECT_TRUE(has(item("hammer"), "tool"));
  EXPECT_TRUE(has(item("hammer"), "danger"));
  EXPECT_TRUE(has(item("hammer"), "metal"));
  // The Pharaoh: Power and Human, and NOT Big; the Pyramid has Power.
  EXPECT_TRUE(has(item("pharaoh"), "power"));
  EXPECT_TRUE(has(item("pharaoh"), "human"));
  EXPECT_FALSE(has(item("pharaoh"), "big"));
  EXPECT_TRUE(has(item("pyramid"), "power"));
}

TEST(FirstContactComponents, LanguagePadsArePermutationsAndDiffer) {
  const auto& pads = catalog().pads;
  ASSERT_EQ(pads.size(), 24u);
  std::set<std::array<std::uint8_t, 25>> distinct(pads.begin(), pads.end());
  EXPECT_EQ(distinct.size(), 24u);
  for (const auto& p : pads) {
    auto sorted = p;
    std::sort(sorted.begin(), sorted.end());
    for (int g = 0; g < 25; ++g) EXPECT_EQ(sorted[g], g);
  }
}

TEST(FirstContactComponents, RequestCardsHaveTheColourCountsOfBothSides) {
  ASSERT_EQ(catalog().request_cards.size(), 12u);
  for (const auto& rc : catalog().request_cards) {
    int a[4] = {}, b[4] = {};
    for (int s = 0; s < 25; ++s) {
      ++a[static_cast<int>(rc.side_a[s])];
      ++b[static_cast<int>(rc.side_b[s])];
    }
    EXPECT_EQ(a[0], 5);
    EXPECT_EQ(a[1], 5);
    EXPECT_EQ(a[2], 5);
    EXPECT_EQ(a[3], 10);
    EXPECT_EQ(b[0], 8);
    EXPECT_EQ(b[1], 8);
    EXPECT_EQ(b[2], 8);
    EXPECT_EQ(b[3], 1);
  }
}

TEST(FirstContactComponents, EditionDecks) {
  const auto& d = catalog().decks;
  ASSERT_EQ(d[0].size(), 60u);   // it
  ASSERT_EQ(d[1].size(), 128u);  // en
  ASSERT_EQ(d[2].size(), 80u);   // ko
  auto faces = [](const std::vector<DeckCard>& deck, int want) {
    std::multiset<int> items;
    for (const auto& c : deck) {
      EXPECT_EQ(c.faces(), want);
      for (int f = 0; f < c.faces(); ++f) items.insert(c.face[f]);
    }
    return items;
  };
  auto it = faces(d[0], 2), en = faces(d[1], 1), ko = faces(d[2], 2);
  EXPECT_EQ(std::set<int>(it.begin(), it.end()).size(), 120u);
  EXPECT_EQ(std::set<int>(en.begin(), en.end()).size(), 128u);
  EXPECT_EQ(std::set<int>(ko.begin(), ko.end()).size(), 160u);
  for (int i : it) EXPECT_EQ(catalog().items[i].set, "base");
  int korea = 0;
  for (int i : ko) korea += catalog().items[i].set == "korea";
  EXPECT_EQ(korea, 40);
}

TEST(FirstContactComponents, RotationsTurnTheCardAQuarterAtATime) {
  std::array<Colour, 25> side{};
  side.fill(Colour::kBlack);
  side[0] = Colour::kRed;  // top-left corner of the card
  EXPECT_EQ(square_colour(side, 0, 0), Colour::kRed);
  EXPECT_EQ(square_colour(side, 1, 4), Colour::kRed);   // top-right after a quarter turn
  EXPECT_EQ(square_colour(side, 2, 24), Colour::kRed);  // bottom-right after a half turn
  EXPECT_EQ(square_colour(side, 3, 20), Colour::kRed);  // bottom-left
}

TEST(FirstContactComponents, NotePadOrdersArePermutationsThatDifferPerPad) {
  std::set<std::array<std::uint8_t, 25>> orders;
  for (int p = 0; p < 4; ++p) {
    auto o = note_pad_order(p);
    orders.insert(o);
    std::sort(o.begin(), o.end());
    for (int k = 0; k < 25; ++k) EXPECT_EQ(o[k], k);
  }
  EXPECT_EQ(orders.size(), 4u);
}

}  // namespace
}  // namespace meeple::first_contact
