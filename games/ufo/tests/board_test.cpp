// Rules tests for Ufo!, section "The board" (rulings 3.1): the map and the
// city tokens.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "games/ufo/tests/fixture.h"

namespace meeple::ufo {
namespace {

TEST(UfoBoard, ThirteenCitiesAndThirtyNineVillagesAllConnected) {
  int cities = 0, marked_cities = 0;
  for (const Space& s : board().spaces) {
    cities += s.city;
    marked_cities += s.city && s.marked;
    EXPECT_FALSE(s.lines.empty()) << s.key;
    EXPECT_FALSE(s.name.empty());
  }
  EXPECT_EQ(cities, 13);
  EXPECT_EQ(board().spaces.size() - static_cast<std::size_t>(cities), 39u);
  EXPECT_EQ(marked_cities, 7);
  // Both the whole map and the marked half are connected on their own.
  for (bool half : {false, true}) {
    std::set<int> seen = {0};
    std::vector<int> todo = {0};
    while (!todo.empty()) {
      const int x = todo.back();
      todo.pop_back();
      for (auto y : board().spaces[static_cast<std::size_t>(x)].lines)
        if ((!half || board().spaces[y].marked) && seen.insert(y).second) todo.push_back(y);
    }
    int expected = 0;
    for (const Space& s : board().spaces) expected += !half || s.marked;
    EXPECT_EQ(static_cast<int>(seen.size()), expected) << (half ? "marked half" : "whole map");
  }
  // Every village touches a city and another village.
  for (const Space& s : board().spaces) {
    if (s.city) continue;
    bool city = false, village = false;
    for (auto y : s.lines) (board().spaces[y].city ? city : village) = true;
    EXPECT_TRUE(city && village) << s.key;
  }
}

TEST(UfoBoard, CityTokensCoverTheRulebookExamples) {
  auto has = [](int r, int slots) {
    for (const CityToken& t : board().tokens)
      if (t.resistance == r && (slots == 0 || t.restaurants == slots)) return true;
    return false;
  };
  EXPECT_EQ(board().tokens.size(), 18u);
  EXPECT_TRUE(has(3, 2));  // the takeover example: two rival restaurants
  EXPECT_TRUE(has(4, 2));
  EXPECT_TRUE(has(6, 1));
  EXPECT_TRUE(has(8, 0));
  for (const CityToken& t : board().tokens) {
    EXPECT_GE(t.resistance, 3);
    EXPECT_LE(t.resistance, 12);
    EXPECT_TRUE(t.restaurants == 1 || t.restaurants == 2);
  }
}

}  // namespace
}  // namespace meeple::ufo
