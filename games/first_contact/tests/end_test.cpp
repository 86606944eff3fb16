// End and winners (docs/rules/first-contact.md, rulings 1.6): tokens, then
// the note-pad tie-break in it/ko, shared wins in en.
#include <gtest/gtest.h>

#include "games/first_contact/tests/fixture.h"

namespace meeple::first_contact {
namespace {

using namespace test;

S finished_tie(Json params) {
  S s = fresh(5, params);  // 2 aliens, 3 earthlings
  setup(s, {}, 0);
  TestAccess::tokens(s)[0] = {2, 1, 0};
  TestAccess::tokens(s)[1] = {1, 2, 0};
  TestAccess::tokens(s)[2] = {1, 0, 0};
  TestAccess::covered_by(s)[0] = 0;
  TestAccess::alien_winner(s) = 0;
  TestAccess::phase(s) = Phase::kOver;
  return s;
}

TEST(FirstContactEnd, ItAndKoBreakTokenTiesWithTheNotePads) {
  for (const char* ed : {"it", "ko"}) {
    S s = finished_tie({{"edition", ed}});
    // Earthling 1: two correct cells and one wrong (wrong costs nothing).
    TestAccess::note(s)[1][kBig] = static_cast<std::int8_t>(s.glyph_of(kBig));
    TestAccess::note(s)[1][kFood] = static_cast<std::int8_t>(s.glyph_of(kFood));
    TestAccess::note(s)[1][kTool] = static_cast<std::int8_t>(s.glyph_of(kBig));
    TestAccess::note(s)[0][kFood] = static_cast<std::int8_t>(s.glyph_of(kFood));
    EXPECT_EQ(s.pad_score(0), 1);
    EXPECT_EQ(s.pad_score(1), 2);
    GameResult r = s.result();
    EXPECT_FALSE(r.winners.contains(s.earthling_seat(0))) << ed;
    EXPECT_TRUE(r.winners.contains(s.earthling_seat(1))) << ed;
    EXPECT_FALSE(r.winners.contains(s.earthling_seat(2))) << ed;
    Json pad = s.result_details()["teams"]["earthlings"][1]["note_pad"];
    ASSERT_EQ(pad.size(), 3u);
    int right = 0;
    for (const auto& c : pad) right += c["correct"].get<bool>();
    EXPECT_EQ(right, 2);
  }
}

TEST(FirstContactEnd, TheRulebookPadComparisonFourRightTwoWrongAgainstSixRightOneWrong) {
  S s = finished_tie(Json::object());
  auto write = [&](int e, int k, bool right) {
    const int g = s.glyph_of(k);
    TestAccess::note(s)[e][k] = static_cast<std::int8_t>(right ? g : (g + 1) % kGlyphs);
  };
  for (int k : {kAlive, kBig, kFood, kDanger}) write(0, k, true);
  for (int k : {kRound, kSolid}) write(0, k, false);
  for (int k : {kAlive, kBig, kFood, kDanger, kRound, kSolid}) write(1, k, true);
  write(1, kLiquid, false);
  EXPECT_EQ(s.pad_score(0), 4);
  EXPECT_EQ(s.pad_score(1), 6);
  GameResult r = s.result();
  EXPECT_FALSE(r.winners.contains(s.earthling_seat(0)));
  EXPECT_TRUE(r.winners.contains(s.earthling_seat(1)));
  Json d = s.result_details()["teams"]["earthlings"];
  EXPECT_EQ(d[0]["pad_score"], 4);
  EXPECT_EQ(d[0]["note_pad"].size(), 6u);
  EXPECT_EQ(d[1]["pad_score"], 6);
}

TEST(FirstContactEnd, StillTiedOrEnTheEarthlingsShare) {
  S it = finished_tie(Json::object());
  GameResult r = it.result();
  EXPECT_TRUE(r.winners.contains(it.earthling_seat(0)));
  EXPECT_TRUE(r.winners.contains(it.earthling_seat(1)));
  EXPECT_FALSE(r.winners.contains(it.earthling_seat(2)));
  S en = fresh(5, {{"edition", "en"}});
  setup(en);
  TestAccess::tokens(en)[0] = {2, 1, 0};
  TestAccess::tokens(en)[1] = {1, 2, 0};
  TestAccess::note(en)[1][kBig] = static_cast<std::int8_t>(en.glyph_of(kBig));  // ignored in en
  TestAccess::alien_winner(en) = 1;
  TestAccess::phase(en) = Phase::kOver;
  r = en.result();
  EXPECT_TRUE(r.winners.contains(en.earthling_seat(0)));
  EXPECT_TRUE(r.winners.contains(en.earthling_seat(1)));
  EXPECT_TRUE(r.winners.contains(1));
  EXPECT_FALSE(r.winners.contains(0));
}

}  // namespace
}  // namespace meeple::first_contact
