// First Giants rules tests, Sets: Family and Size sets, eggs (rulings 2.3), set tokens.
#include <gtest/gtest.h>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

// The rulebook's example: a small herbivore added to a small carnivore makes a Size set.
TEST(FirstGiantsSets, SmallHerbivoreOnSmallCarnivoreMakesASizeSet) {
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  su.amber[0] = 1;
  su.sets[0] = {{kC + 0}};
  su.studio[0] = {kH + 0};
  auto s = position(su);
  const int reserve = s.reserve_tokens();
  play(s, 0, act::kReclaim);
  play(s, 0, exhibit(kH + 0));
  EXPECT_TRUE(legal(s, 0, into(0)));
  play(s, 0, into(0));
  const ExhibitSet& set = s.player(0).sets[0];
  EXPECT_EQ(set.kind, kSizeSet);
  EXPECT_EQ(set.size, 1);
  EXPECT_EQ(set.tokens, 1);
  EXPECT_EQ(s.reserve_tokens(), reserve - 1);
  EXPECT_EQ(s.news_holder(kFamilies + 0), 0);  // News: largest Size set of size 1
  EXPECT_EQ(s.score(0), 2 + 5);
}

TEST(FirstGiantsSets, TheSecondCardFixesTheKindAndTheKindForbidsOthers) {
  ExhibitSet family;
  set_add(family, kC + 0, 0, 1);
  set_add(family, kC + 4, 0, 2);
  EXPECT_EQ(family.kind, kFamilySet);
  EXPECT_FALSE(set_accepts(family, 1, 3));  // another family
  EXPECT_FALSE(set_accepts(family, 0, 2));  // a size already there
  EXPECT_TRUE(set_accepts(family, 0, 3));
  ExhibitSet size;
  set_add(size, kC + 4, 0, 2);
  set_add(size, kH + 4, 1, 2);
  EXPECT_EQ(size.kind, kSizeSet);
  EXPECT_FALSE(set_accepts(size, 2, 1));  // another size
  EXPECT_FALSE(set_accepts(size, 0, 2));  // a family already there
  EXPECT_TRUE(set_accepts(size, 2, 2));
  ExhibitSet open;
  set_add(open, kC + 0, 0, 1);
  EXPECT_FALSE(set_accepts(open, 0, 1));  // same family and size: neither kind
  EXPECT_FALSE(set_accepts(open, 1, 2));  // nothing in common
}

TEST(FirstGiantsSets, FamilySetsCompleteAtThreeAndSizeSetsAtFive) {
  ExhibitSet family;
  set_add(family, kC + 0, 0, 1);
  set_add(family, kC + 4, 0, 2);
  EXPECT_FALSE(family.complete());
  set_add(family, kC + 8, 0, 3);
  EXPECT_TRUE(family.complete());
  EXPECT_FALSE(set_accepts(family, 0, 0));  // not even an egg
  ExhibitSet size;
  for (int f = 0; f < 5; ++f) {
    EXPECT_FALSE(size.complete());
    ASSERT_TRUE(set_accepts(size, f, 1));
    set_add(size, static_cast<std::uint8_t>(12 * f), f, 1);
  }
  EXPECT_TRUE(size.complete());
}

// The rulebook: set tokens turn to their 3-point side when the set is completed.
TEST(FirstGiantsSets, SetTokensTurnOverWhenTheSetIsCompleted) {
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  su.amber[0] = 3;
  su.sets[0] = {{kC + 0, kC + 4}};
  su.studio[0] = {kC + 8};
  auto s = position(su);
  EXPECT_EQ(s.score(0), 2);
  play(s, 0, act::kReclaim);
  play(s, 0, exhibit(kC + 8));
  play(s, 0, into(0));
  EXPECT_TRUE(s.player(0).sets[0].complete());
  EXPECT_EQ(s.player(0).sets[0].tokens, 2);
  // 2 tokens at 3 points, plus the carnivore Family News token (3), kept.
  EXPECT_EQ(s.score(0), 2 * 3 + 3);
  EXPECT_TRUE(s.news_kept(0));
}

TEST(FirstGiantsSets, EggWithItsOwnFamilyMakesAFamilySetTakingAMissingSize) {
  ExhibitSet s;
  set_add(s, kC + 0, 0, 1);
  ASSERT_TRUE(set_accepts(s, 0, 0));
  set_add(s, kC + 11, 0, 0);
  EXPECT_EQ(s.kind, kFamilySet);
  EXPECT_FALSE(set_accepts(s, 0, 1));  // size 1 is taken by the real fossil
  EXPECT_TRUE(set_accepts(s, 0, 3));   // the egg stands for 2 or 3
  set_add(s, kC + 8, 0, 3);
  EXPECT_TRUE(s.complete());
}

TEST(FirstGiantsSets, EggWithAnotherFamilyMakesASizeSetOfThatSize) {
  ExhibitSet s;
  set_add(s, kC + 4, 0, 2);
  ASSERT_TRUE(set_accepts(s, 1, 0));
  set_add(s, kH + 11, 1, 0);
  EXPECT_EQ(s.kind, kSizeSet);
  EXPECT_EQ(s.size, 2);
  EXPECT_FALSE(set_accepts(s, 2, 1));
  EXPECT_FALSE(set_accepts(s, 1, 2));  // herbivore already there (the egg)
  EXPECT_TRUE(set_accepts(s, 2, 2));
}

TEST(FirstGiantsSets, TwoEggsOfOneFamilyMakeAFamilySet) {
  // The deck has one egg per family; the rule is checked on the set logic.
  ExhibitSet s;
  set_add(s, kC + 11, 0, 0);
  set_add(s, kC + 11, 0, 0);
  EXPECT_EQ(s.kind, kFamilySet);
  EXPECT_EQ(s.family, 0);
  EXPECT_TRUE(set_accepts(s, 0, 2));
  EXPECT_FALSE(set_accepts(s, 1, 2));
}

TEST(FirstGiantsSets, TwoEggsOfTwoFamiliesMakeASizeSetWithoutSizeUntilAFossilFixesIt) {
  auto su = two_players();
  su.pawns_out[0] = 0b0011;
  su.amber[0] = 4;
  su.sets[0] = {{kC + 11}};
  su.studio[0] = {kH + 11, kF + 4};
  su.sets[1] = {{kS + 4, kM + 4}};  // seat 1: a Size set of size 2, two cards
  auto s = position(su);
  play(s, 0, act::kReclaim);
  play(s, 0, exhibit(kH + 11));
  play(s, 0, into(0));
  ExhibitSet set = s.player(0).sets[0];
  EXPECT_EQ(set.kind, kSizeSet);
  EXPECT_EQ(set.size, 0);
  EXPECT_EQ(set.tokens, 1);
  for (int n = kFamilies; n < kNews; ++n) EXPECT_EQ(s.news_holder(n), -1);  // no size yet
  // Any size may now join; a size-2 flyer fixes it and makes 3 cards: the
  // size-2 News token comes to seat 0 (larger than seat 1's, unheld so far).
  EXPECT_TRUE(set_accepts(set, 2, 1));
  EXPECT_TRUE(set_accepts(set, 2, 3));
  play(s, 0, exhibit(kF + 4));
  play(s, 0, into(0));
  set = s.player(0).sets[0];
  EXPECT_EQ(set.size, 2);
  EXPECT_EQ(set.n, 3);
  EXPECT_EQ(s.news_holder(kFamilies + 1), 0);
}

}  // namespace
}  // namespace meeple::first_giants
