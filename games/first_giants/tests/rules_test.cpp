// Rules tests of First Giants: the seed's examples and RULINGS section 2.
//
// Card ids used below (games/first_giants/data/cards.json): family f holds
// ids 12f .. 12f+11, families carnivore 0, herbivore 1, flyer 2, swimmer 3,
// mammal 4. Within a family:
//   +0 size 1, once: 1 amber per pair of studio cards
//   +1 size 1, once: 1 point
//   +2 size 1, whenever you take a card of this family: 1 amber
//   +3 size 1, once: may exhibit 1 fossil or gain 1 point
//   +4 size 2, once: may exhibit 1 fossil
//   +5 size 2, once: 1 amber per different family in the studio
//   +6 size 2, whenever you take a card of a family not in your studio: 1 amber
//   +7 size 2, once: may spend 3 amber for 2 points, per studio card of this family
//   +8 size 3, once: may exhibit 1 fossil for free
//   +9 size 3, once: may exhibit up to 2 fossils of different families
//   +10 size 3: carnivore "whenever any player takes a card: may spend 3
//       amber for 2 points", herbivore "... may exhibit 1 fossil", flyer
//       "once: each opponent may exhibit 1 fossil", swimmer "whenever you take
//       a swimmer card: 1 point", mammal "whenever you take a card of a
//       family not in your studio: 1 point"
//   +11 egg, once: may exhibit up to 2 fossils of the same family
#include <gtest/gtest.h>

#include <set>

#include "games/first_giants/first_giants.h"

namespace meeple::first_giants {
namespace {

using Position = FirstGiantsState::Setup;

constexpr int kC = 0, kH = 12, kF = 24, kS = 36, kM = 48;  // family blocks

Action take(int site, int slot) {
  return act::kTake + site * 2 + slot;
}
Action exhibit(int card) {
  return act::kExhibit + card;
}
Action into(int set) {
  return act::kIntoSet + set;
}

void play(FirstGiantsState& s, Seat seat, Action a) {
  auto err = s.apply(seat, a);
  ASSERT_FALSE(err) << err->code << ": " << err->message << " action "
                    << s.action_to_json(seat, a).dump();
}

bool legal(const FirstGiantsState& s, Seat seat, Action a) {
  ActionList l;
  s.legal_actions(seat, l);
  return l.contains(a);
}

// Refills the emptied slot with the lowest card left in the deck.
void refill(FirstGiantsState& s) {
  ASSERT_TRUE(s.is_chance());
  play(s, kChance, __builtin_ctzll(s.deck()));
}

// Answers every decision until the game waits for chance or ends: the first
// listed order, declining what may be declined, a point over an exhibit.
void settle(FirstGiantsState& s) {
  for (int i = 0; i < 500 && !s.is_chance() && !s.is_terminal(); ++i) {
    const Seat seat = s.to_act().lowest();
    ActionList l;
    s.legal_actions(seat, l);
    Action a = l[0];
    if (l.contains(act::kDecline)) a = act::kDecline;
    if (l.contains(act::kGainPoint)) a = act::kGainPoint;
    play(s, seat, a);
  }
  ASSERT_TRUE(s.is_chance() || s.is_terminal());
}

Position two_players() {
  Position su;
  su.players = 2;
  su.sites = {{{kC + 1, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 5}, {kH + 5, kF + 5}}};
  return su;
}

// --- The deck (RULINGS 2) ----------------------------------------------------

TEST(FirstGiantsDeck, EachFamilyHasFourSmallFourMediumThreeLargeAndOneEgg) {
  std::array<std::array<int, 4>, kFamilies> count{};
  for (const Card& c : cards()) ++count[c.family][c.size];
  for (int f = 0; f < kFamilies; ++f) {
    EXPECT_EQ(count[f][1], 4) << family_name(f);
    EXPECT_EQ(count[f][2], 4) << family_name(f);
    EXPECT_EQ(count[f][3], 3) << family_name(f);
    EXPECT_EQ(count[f][0], 1) << family_name(f);
  }
}

TEST(FirstGiantsDeck, EveryTriggerConditionAndEffectOfTheSymbolPageAppears) {
  std::set<int> triggers, effects, multipliers, take_family;
  bool opponent = false;
  for (const Card& c : cards()) {
    triggers.insert(static_cast<int>(c.trigger));
    effects.insert(static_cast<int>(c.effect));
    multipliers.insert(static_cast<int>(c.multiplier));
    if (c.trigger == Trigger::kYouTakeFamily) take_family.insert(c.condition_family);
    opponent |= c.each_opponent;
  }
  EXPECT_EQ(triggers.size(), 4u);     // once, any player takes, you take <family>, new family
  EXPECT_EQ(multipliers.size(), 4u);  // one, per <family> card, per family, per pair
  EXPECT_TRUE(opponent);              // each opponent applies this effect
  EXPECT_EQ(effects.size(), 8u);
  EXPECT_EQ(take_family.size(), 5u);  // "whenever you take a <family> card" for every family
}

TEST(FirstGiantsDeck, CardTextInThreeLanguagesIsInTheView) {
  auto s = FirstGiantsState::from_setup(two_players());
  Json v = s.view(kSpectator);
  const Json& card = v["sites"][0]["left"];
  EXPECT_EQ(card["id"], kC + 1);
  for (const char* lang : {"en", "it", "ko"})
    EXPECT_FALSE(card["text"][lang].get<std::string>().empty()) << lang;
  EXPECT_EQ(card["text"]["it"], "Una volta durante questo turno: ottieni 1 punto.");
}

TEST(FirstGiantsDeck, ActionsAreDescribedWithTheCardTextInTheChosenLanguage) {
  auto s = FirstGiantsState::from_setup(two_players());
  const std::string it = s.describe_action(0, take(0, 0), "it");
  EXPECT_NE(it.find("dig site 0"), std::string::npos);
  EXPECT_NE(it.find("ottieni 1 punto"), std::string::npos);
  EXPECT_NE(s.describe_action(0, take(0, 0), "fr").find("gain 1 point"), std::string::npos);
}

TEST(FirstGiantsDeck, TheTextViewShowsTheSitesInTheChosenLanguage) {
  auto s = FirstGiantsState::from_setup(two_players());
  const std::string t = s.text_view(0, "it");
  EXPECT_NE(t.find("Dig site 3"), std::string::npos);
  EXPECT_NE(t.find("ottieni 1 punto"), std::string::npos);
}

// --- Setup ------------------------------------------------------------------

TEST(FirstGiantsSetup, EightCardsAreDealtFromTheWholeDeckThenSeatZeroStarts) {
  for (int players = 2; players <= 5; ++players) {
    auto s = FirstGiants::new_game(Json::object(), players).value();
    ChanceList o;
    s.chance_outcomes(o);
    EXPECT_EQ(o.size(), 60u);
    for (int i = 0; i < 8; ++i) {
      ASSERT_TRUE(s.is_chance());
      play(s, kChance, i * 7);
    }
    EXPECT_FALSE(s.is_chance());
    EXPECT_EQ(s.to_act(), SeatSet::only(0));
    EXPECT_EQ(s.deck_count(), 52);
    for (int p = 0; p < players; ++p) {
      EXPECT_EQ(s.player(p).amber, 2);
      EXPECT_EQ(s.player(p).pawns_out, 0);
    }
    const int expected[] = {0, 0, 14, 20, 24, 24};
    EXPECT_EQ(s.reserve_tokens(), expected[players]);
    EXPECT_EQ(s.reserve_tokens() + s.box_tokens(), 24);
  }
}

// --- Turn: play a pawn ------------------------------------------------------

TEST(FirstGiantsTurn, TakingACardPutsItInTheStudioAndTheSiteIsRefilledFromTheDeck) {
  auto s = FirstGiantsState::from_setup(two_players());
  const int deck_before = s.deck_count();
  play(s, 0, take(0, 0));  // carnivore size 1: once, gain 1 point
  EXPECT_TRUE(s.player(0).studio & (1ull << (kC + 1)));
  EXPECT_EQ(s.player(0).points, 1);
  EXPECT_EQ(s.player(0).pawns_out, 0b0001);
  ASSERT_TRUE(s.is_chance());
  ChanceList o;
  s.chance_outcomes(o);
  EXPECT_EQ(static_cast<int>(o.size()), deck_before);
  for (const auto& c : o) EXPECT_EQ(c.weight, 1u);
  play(s, kChance, kM + 9);
  EXPECT_EQ(s.site_card(0, 0), kM + 9);
  EXPECT_EQ(s.to_act(), SeatSet::only(1));
}

TEST(FirstGiantsTurn, APawnCannotGoToASiteHoldingOneOfYourPawns) {
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  auto s = FirstGiantsState::from_setup(su);
  EXPECT_FALSE(legal(s, 0, take(0, 0)));
  EXPECT_FALSE(legal(s, 0, take(0, 1)));
  EXPECT_TRUE(legal(s, 0, take(1, 0)));
  EXPECT_EQ(s.apply(0, take(0, 1))->code, errc::kIllegal);
  EXPECT_TRUE(legal(s, 1, act::kReclaim) == false);  // not seat 1's turn
  EXPECT_EQ(s.apply(1, take(0, 1))->code, errc::kNotYourTurn);
}

TEST(FirstGiantsTurn, ReclaimNeedsAPawnOnASiteAndIsForcedWithNoPawnInHand) {
  auto s = FirstGiantsState::from_setup(two_players());
  EXPECT_FALSE(legal(s, 0, act::kReclaim));
  auto su = two_players();
  su.pawns_out[0] = 0b1111;
  s = FirstGiantsState::from_setup(su);
  ActionList l;
  s.legal_actions(0, l);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0], act::kReclaim);
}

// Seed example: Silvia reclaims her three pawns, gains 2 amber and exhibits 1
// fossil.
TEST(FirstGiantsTurn, SilviaReclaimsThreePawnsForTwoAmberAndOneExhibit) {
  auto su = two_players();
  su.pawns_out[0] = 0b0111;
  su.amber[0] = 0;
  su.studio[0] = {kC + 4};  // a size-2 carnivore: she needs both amber first
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, act::kReclaim);
  EXPECT_EQ(s.player(0).pawns_out, 0);
  EXPECT_EQ(s.phase(), Phase::kReclaim);
  EXPECT_FALSE(legal(s, 0, exhibit(kC + 4)));  // 0 amber: not yet
  play(s, 0, act::kGainAmber);
  play(s, 0, act::kGainAmber);
  EXPECT_EQ(s.player(0).amber, 2);
  play(s, 0, exhibit(kC + 4));
  play(s, 0, act::kNewSet);
  EXPECT_EQ(s.player(0).amber, 0);
  EXPECT_EQ(s.player(0).studio, 0u);
  ASSERT_EQ(s.player(0).sets.size(), 1u);
  EXPECT_EQ(s.to_act(), SeatSet::only(1));  // no refill after a reclaim
  EXPECT_FALSE(s.is_chance());
}

TEST(FirstGiantsTurn, ReclaimWithNothingExhibitableGivesAmberForEveryPawn) {
  auto su = two_players();
  su.pawns_out[0] = 0b0011;
  su.amber[0] = 0;
  su.studio[0] = {kC + 8};  // size 3: 0 amber + 1 other pawn cannot pay it
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, act::kReclaim);
  EXPECT_EQ(s.player(0).amber, 2);
  EXPECT_EQ(s.to_act(), SeatSet::only(1));
}

// --- Exhibiting and sets -----------------------------------------------------

TEST(FirstGiantsExhibit, CostIsTheSizeInAmberAndTwoForAnEgg) {
  EXPECT_EQ(cards()[kC + 0].cost(), 1);
  EXPECT_EQ(cards()[kC + 4].cost(), 2);
  EXPECT_EQ(cards()[kC + 8].cost(), 3);
  EXPECT_EQ(cards()[kC + 11].cost(), 2);
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  su.amber[0] = 2;
  su.studio[0] = {kC + 0, kC + 4, kC + 8, kC + 11};
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, act::kReclaim);
  EXPECT_TRUE(legal(s, 0, exhibit(kC + 0)));
  EXPECT_TRUE(legal(s, 0, exhibit(kC + 4)));
  EXPECT_FALSE(legal(s, 0, exhibit(kC + 8)));  // 3 amber needed, 2 held
  EXPECT_TRUE(legal(s, 0, exhibit(kC + 11)));
  play(s, 0, exhibit(kC + 11));
  play(s, 0, act::kNewSet);
  EXPECT_EQ(s.player(0).amber, 0);
}

TEST(FirstGiantsExhibit, AFreeExhibitIgnoresTheCost) {
  auto su = two_players();
  su.amber[0] = 0;
  su.studio[0] = {kS + 8};  // a size-3 swimmer
  su.sites[0][0] = kC + 8;  // carnivore size 3: may exhibit 1 fossil for free
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 0));
  ASSERT_EQ(s.phase(), Phase::kEffect);
  EXPECT_TRUE(legal(s, 0, exhibit(kS + 8)));
  EXPECT_TRUE(legal(s, 0, act::kDecline));
  play(s, 0, exhibit(kS + 8));
  play(s, 0, act::kNewSet);
  EXPECT_EQ(s.player(0).amber, 0);
  EXPECT_EQ(s.player(0).sets.size(), 1u);
}

// Seed example: a small herbivore added to a small carnivore makes a Size set.
TEST(FirstGiantsExhibit, SmallHerbivoreOnSmallCarnivoreMakesASizeSet) {
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  su.amber[0] = 1;
  su.sets[0] = {{kC + 0}};
  su.studio[0] = {kH + 0};
  auto s = FirstGiantsState::from_setup(su);
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

TEST(FirstGiantsExhibit, TheSecondCardFixesTheKindAndTheKindForbidsOthers) {
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

TEST(FirstGiantsExhibit, FamilySetsCompleteAtThreeAndSizeSetsAtFive) {
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

// Seed: set tokens turn to their 3-point side when the set is completed.
TEST(FirstGiantsExhibit, SetTokensTurnOverWhenTheSetIsCompleted) {
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  su.amber[0] = 3;
  su.sets[0] = {{kC + 0, kC + 4}};
  su.studio[0] = {kC + 8};
  auto s = FirstGiantsState::from_setup(su);
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

// --- Eggs (RULINGS 2.3) -----------------------------------------------------

TEST(FirstGiantsEggs, EggWithItsOwnFamilyMakesAFamilySetTakingAMissingSize) {
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

TEST(FirstGiantsEggs, EggWithAnotherFamilyMakesASizeSetOfThatSize) {
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

TEST(FirstGiantsEggs, TwoEggsOfOneFamilyMakeAFamilySet) {
  // The deck has one egg per family; the rule is checked on the set logic.
  ExhibitSet s;
  set_add(s, kC + 11, 0, 0);
  set_add(s, kC + 11, 0, 0);
  EXPECT_EQ(s.kind, kFamilySet);
  EXPECT_EQ(s.family, 0);
  EXPECT_TRUE(set_accepts(s, 0, 2));
  EXPECT_FALSE(set_accepts(s, 1, 2));
}

TEST(FirstGiantsEggs, TwoEggsOfTwoFamiliesMakeASizeSetWithoutSizeUntilAFossilFixesIt) {
  auto su = two_players();
  su.pawns_out[0] = 0b0011;
  su.amber[0] = 4;
  su.sets[0] = {{kC + 11}};
  su.studio[0] = {kH + 11, kF + 4};
  su.sets[1] = {{kS + 4, kM + 4}};  // seat 1: a Size set of size 2, two cards
  auto s = FirstGiantsState::from_setup(su);
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

// --- News tokens (RULINGS 2.2) -----------------------------------------------

// Seed: a News token stolen by a strictly larger set, then kept for good by
// the first player completing a set of that kind.
TEST(FirstGiantsNews, StolenByALargerSetThenKeptForGoodOnCompletion) {
  Position su;
  su.players = 2;
  su.sites = {{{kC + 1, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 3}, {kH + 3, kF + 3}}};
  su.sets[0] = {{kC + 0, kH + 0}};
  su.studio[0] = {kF + 0, kS + 0};
  su.sets[1] = {{kM + 0, kS + 2}};
  su.studio[1] = {kF + 2, kH + 2, kC + 2};
  su.amber = {5, 5, 5, 5, 5};
  su.pawns_out = {0b0001, 0b0011};
  auto s = FirstGiantsState::from_setup(su);
  // Seat 0 makes its size-1 set of three: it takes the unheld News token.
  play(s, 0, act::kReclaim);
  play(s, 0, exhibit(kF + 0));
  play(s, 0, into(0));
  EXPECT_EQ(s.news_holder(kFamilies), 0);
  // Seat 1 matches with three: not strictly larger, no steal.
  play(s, 1, act::kReclaim);
  play(s, 1, exhibit(kF + 2));
  play(s, 1, into(0));
  EXPECT_EQ(s.news_holder(kFamilies), 0);
  // ... then four: stolen.
  play(s, 1, exhibit(kH + 2));
  play(s, 1, into(0));
  EXPECT_EQ(s.news_holder(kFamilies), 1);
  EXPECT_FALSE(s.news_kept(kFamilies));
  // Seat 0 reaches four: equal, no steal back.
  auto s0 = s;
  ASSERT_EQ(s0.to_act(), SeatSet::only(0));
  play(s0, 0, take(0, 0));  // a carnivore card: nothing to decide
  refill(s0);
  // Seat 1 completes its Size set (five): it keeps the token for good.
  play(s0, 1, take(1, 0));
  if (s0.is_chance()) refill(s0);
  ASSERT_EQ(s0.to_act(), SeatSet::only(0));
  play(s0, 0, act::kReclaim);
  play(s0, 0, exhibit(kS + 0));
  play(s0, 0, into(0));
  EXPECT_EQ(s0.player(0).sets[0].n, 4);
  EXPECT_EQ(s0.news_holder(kFamilies), 1);
  ASSERT_EQ(s0.to_act(), SeatSet::only(1));
  play(s0, 1, act::kReclaim);
  play(s0, 1, exhibit(kC + 2));
  play(s0, 1, into(0));
  EXPECT_TRUE(s0.player(1).sets[0].complete());
  EXPECT_EQ(s0.news_holder(kFamilies), 1);
  EXPECT_TRUE(s0.news_kept(kFamilies));
  EXPECT_EQ(s0.score(1), 4 * 3 + 5 + 1);  // and the point of its flyer
}

TEST(FirstGiantsNews, FamilyTokensAreWorthThreeAndSizeTokensFive) {
  auto su = two_players();
  su.sets[0] = {{kC + 0, kC + 4}};
  su.sets[1] = {{kH + 4, kF + 4}};
  auto s = FirstGiantsState::from_setup(su);
  // from_setup places sets without News; build them through play instead.
  EXPECT_EQ(s.score(0), 2);
  auto su2 = two_players();
  su2.pawns_out = {0b0001, 0};
  su2.sets[0] = {{kC + 0}};
  su2.studio[0] = {kC + 4};
  auto t = FirstGiantsState::from_setup(su2);
  play(t, 0, act::kReclaim);
  play(t, 0, exhibit(kC + 4));
  play(t, 0, into(0));
  EXPECT_EQ(t.news_holder(0), 0);
  EXPECT_EQ(t.score(0), 2 + 3);
}

// --- Effects -------------------------------------------------------------------

TEST(FirstGiantsEffects, ARecurringEffectTriggersWhenItsCardIsTaken) {
  auto su = two_players();
  su.sites[0][0] = kC + 2;  // whenever you take a carnivore card: 1 amber
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 0));
  EXPECT_EQ(s.player(0).amber, 3);
  refill(s);
  play(s, 1, take(1, 0));  // seat 1's take does not trigger seat 0's card
  EXPECT_EQ(s.player(0).amber, 3);
  refill(s);
  play(s, 0, take(2, 1));  // carnivore size 1 (+0): and again
  EXPECT_GE(s.player(0).amber, 4);
}

TEST(FirstGiantsEffects, NewFamilyTriggerNeedsAFamilyAbsentFromTheStudio) {
  Position su;
  su.players = 2;
  // H+6: whenever you take a card of a family not in your studio, 1 amber.
  su.sites = {{{kH + 6, kM + 1}, {kH + 1, kS + 1}, {kF + 1, kC + 1}, {kM + 5, kC + 5}}};
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 0));
  EXPECT_EQ(s.player(0).amber, 3);  // itself: herbivores were absent
  refill(s);
  play(s, 1, take(3, 0));
  refill(s);
  play(s, 0, take(1, 0));  // herbivore again: no amber
  EXPECT_EQ(s.player(0).amber, 3);
  EXPECT_EQ(s.player(0).points, 1);
  refill(s);
  play(s, 1, take(0, 1));
  refill(s);
  play(s, 0, take(2, 0));  // a flyer: new family
  EXPECT_EQ(s.player(0).amber, 4);
}

TEST(FirstGiantsEffects, AnyPlayerTakingACardTriggersEveryOwner) {
  auto su = two_players();
  su.studio[1] = {kC + 10};  // whenever any player takes a card: may spend 3 amber for 2 points
  su.amber[1] = 4;
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 1));
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  play(s, 1, act::kAmberForPoints);
  EXPECT_EQ(s.player(1).points, 2);
  EXPECT_EQ(s.player(1).amber, 1);
}

TEST(FirstGiantsEffects, ASingleUseEffectResolvesOnlyTheTurnTheCardIsTaken) {
  auto s = FirstGiantsState::from_setup(two_players());
  play(s, 0, take(0, 0));  // +1 point
  refill(s);
  play(s, 1, take(1, 0));
  refill(s);
  play(s, 0, take(1, 1));  // another "+1 point" card
  EXPECT_EQ(s.player(0).points, 2);
}

TEST(FirstGiantsEffects, MultipliersCountTheOwnersStudio) {
  auto su = two_players();
  su.studio[0] = {kC + 4, kH + 4, kF + 8};
  su.sites[0][0] = kS + 5;  // 1 amber per different family: 4 with itself
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 0));
  EXPECT_EQ(s.player(0).amber, 2 + 4);
  auto su2 = two_players();
  su2.studio[0] = {kC + 4, kH + 4, kF + 8, kS + 9, kM + 9};
  su2.sites[0][0] = kS + 0;  // 1 amber per pair: 6 cards with itself, 3 pairs
  auto t = FirstGiantsState::from_setup(su2);
  play(t, 0, take(0, 0));
  EXPECT_EQ(t.player(0).amber, 2 + 3);
}

TEST(FirstGiantsEffects, SpendingThreeAmberForTwoPointsNeedsThreeAmberAndIsAChoice) {
  auto su = two_players();
  su.studio[0] = {kC + 4};
  su.amber[0] = 7;
  su.sites[0][0] = kC + 7;  // may spend 3 amber for 2 points, per carnivore: twice
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 0));
  ASSERT_EQ(s.phase(), Phase::kEffect);
  EXPECT_TRUE(legal(s, 0, act::kDecline));
  play(s, 0, act::kAmberForPoints);
  play(s, 0, act::kAmberForPoints);
  EXPECT_EQ(s.player(0).amber, 1);
  EXPECT_EQ(s.player(0).points, 4);
  EXPECT_TRUE(s.is_chance());
  auto su2 = su;
  su2.amber[0] = 2;
  auto t = FirstGiantsState::from_setup(su2);
  play(t, 0, take(0, 0));
  EXPECT_TRUE(t.is_chance());  // too little amber: nothing to decide
  EXPECT_EQ(t.player(0).points, 0);
}

TEST(FirstGiantsEffects, ExhibitOrPointOffersBoth) {
  auto su = two_players();
  su.studio[0] = {kH + 4};
  su.sites[0][0] = kC + 3;
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 0));
  EXPECT_TRUE(legal(s, 0, act::kGainPoint));
  EXPECT_TRUE(legal(s, 0, exhibit(kH + 4)));
  EXPECT_TRUE(legal(s, 0, exhibit(kC + 3)));  // the card itself is in the studio now
  play(s, 0, act::kGainPoint);
  EXPECT_EQ(s.player(0).points, 1);
}

TEST(FirstGiantsEffects, UpToTwoFossilsOfDifferentFamiliesOrOfTheSameFamily) {
  auto su = two_players();
  su.studio[0] = {kC + 0, kC + 4, kH + 0};
  su.amber[0] = 9;
  su.sites[0][0] = kF + 9;  // up to 2 of different families
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 0));
  play(s, 0, exhibit(kC + 0));
  play(s, 0, act::kNewSet);
  EXPECT_FALSE(legal(s, 0, exhibit(kC + 4)));
  EXPECT_TRUE(legal(s, 0, exhibit(kH + 0)));
  play(s, 0, exhibit(kH + 0));
  play(s, 0, into(0));
  EXPECT_TRUE(s.is_chance());
  EXPECT_EQ(s.player(0).amber, 9 - 2);

  su.sites[0][0] = kF + 11;  // the flyer egg: up to 2 of the same family
  auto t = FirstGiantsState::from_setup(su);
  play(t, 0, take(0, 0));
  play(t, 0, exhibit(kC + 0));
  play(t, 0, act::kNewSet);
  EXPECT_TRUE(legal(t, 0, exhibit(kC + 4)));
  EXPECT_FALSE(legal(t, 0, exhibit(kH + 0)));
  play(t, 0, act::kDecline);  // stopping after one is allowed
  EXPECT_TRUE(t.is_chance());
}

// Seed: effects of one player triggering together are ordered by their owner.
TEST(FirstGiantsEffects, TheOwnerOrdersItsEffectsThatTriggerTogether) {
  auto su = two_players();
  su.amber[0] = 1;
  su.studio[0] = {kC + 2, kH + 4};  // carnivore taken: +1 amber
  su.sites[0][0] = kC + 4;          // may exhibit 1 fossil
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 0));
  ASSERT_EQ(s.phase(), Phase::kOrder);
  EXPECT_TRUE(legal(s, 0, act::kResolve + kC + 2));
  EXPECT_TRUE(legal(s, 0, act::kResolve + kC + 4));
  // Amber first, so the 2-amber herbivore can then be paid.
  play(s, 0, act::kResolve + kC + 2);
  EXPECT_EQ(s.player(0).amber, 2);
  ASSERT_EQ(s.phase(), Phase::kEffect);
  play(s, 0, exhibit(kH + 4));
  play(s, 0, act::kNewSet);
  EXPECT_EQ(s.player(0).amber, 0);
  // The other order: exhibiting first leaves only a 1-amber fossil possible.
  auto t = FirstGiantsState::from_setup(su);
  play(t, 0, take(0, 0));
  play(t, 0, act::kResolve + kC + 4);
  EXPECT_FALSE(legal(t, 0, exhibit(kH + 4)));
}

// Seed: effects of several players resolve from the active player clockwise.
TEST(FirstGiantsEffects, SeveralPlayersResolveFromTheActivePlayerClockwise) {
  Position su;
  su.players = 3;
  su.active = 1;
  su.sites = {{{kC + 4, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 0}, {kH + 0, kF + 0}}};
  su.studio[0] = {kH + 10, kM + 4};  // any player takes: may exhibit 1 fossil
  su.studio[2] = {kC + 10};          // any player takes: may spend 3 amber for 2 points
  su.amber[2] = 3;
  auto s = FirstGiantsState::from_setup(su);
  play(s, 1, take(0, 0));  // seat 1's own "may exhibit" comes first
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  play(s, 1, act::kDecline);
  ASSERT_EQ(s.to_act(), SeatSet::only(2));  // then seat 2
  play(s, 2, act::kAmberForPoints);
  EXPECT_EQ(s.player(2).points, 2);
  ASSERT_EQ(s.to_act(), SeatSet::only(0));  // then seat 0
  EXPECT_TRUE(legal(s, 0, exhibit(kM + 4)));
  play(s, 0, act::kDecline);
  EXPECT_TRUE(s.is_chance());
}

// An effect that each opponent applies is each opponent's own decision.
TEST(FirstGiantsEffects, EachOpponentDecidesItsOwnMay) {
  Position su;
  su.players = 3;
  su.sites = {{{kF + 10, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 5}, {kH + 5, kF + 5}}};
  su.studio[1] = {kC + 0};
  su.studio[2] = {kH + 0};
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, take(0, 0));  // flyer: each opponent may exhibit 1 fossil
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  EXPECT_TRUE(legal(s, 1, act::kDecline));
  EXPECT_FALSE(legal(s, 0, act::kDecline));
  play(s, 1, exhibit(kC + 0));
  play(s, 1, act::kNewSet);
  ASSERT_EQ(s.to_act(), SeatSet::only(2));
  play(s, 2, act::kDecline);
  EXPECT_EQ(s.player(1).sets.size(), 1u);
  EXPECT_EQ(s.player(2).sets.size(), 0u);
  EXPECT_EQ(s.player(0).sets.size(), 0u);
  EXPECT_TRUE(s.is_chance());
}

TEST(FirstGiantsEffects, AnExhibitedFossilLosesItsEffects) {
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  su.studio[0] = {kC + 10};  // any player takes: may spend 3 amber for 2 points
  su.amber[0] = 6;
  auto s = FirstGiantsState::from_setup(su);
  play(s, 0, act::kReclaim);
  play(s, 0, exhibit(kC + 10));
  play(s, 0, act::kNewSet);
  play(s, 1, take(0, 0));
  EXPECT_TRUE(s.is_chance());  // seat 0 is not asked any more
  EXPECT_EQ(s.player(0).amber, 3);
}

// --- End of the game ----------------------------------------------------------

TEST(FirstGiantsEnd, LastSetTokenTriggersTheEndAndTheRoundIsPlayedOut) {
  Position su;
  su.players = 3;
  su.active = 1;
  su.sites = {{{kC + 1, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 3}, {kH + 3, kF + 3}}};
  su.sets[1] = {{kC + 0}};
  su.studio[1] = {kC + 4};
  su.pawns_out[1] = 0b0001;
  su.reserve = 1;
  auto s = FirstGiantsState::from_setup(su);
  EXPECT_EQ(s.box_tokens(), 23);
  play(s, 1, act::kReclaim);
  play(s, 1, exhibit(kC + 4));
  play(s, 1, into(0));
  EXPECT_TRUE(s.end_triggered());
  EXPECT_EQ(s.reserve_tokens(), 23);  // the box's tokens join the reserve
  EXPECT_EQ(s.box_tokens(), 0);
  EXPECT_FALSE(s.is_terminal());
  ASSERT_EQ(s.to_act(), SeatSet::only(2));  // seat 2 still plays
  play(s, 2, take(0, 0));
  refill(s);
  EXPECT_TRUE(s.is_terminal());  // everyone has had the same number of turns
  GameResult r = s.result();
  EXPECT_EQ(r.score[1], 2 + 3);
}

TEST(FirstGiantsEnd, TheDeckRunningOutWhileRefillingTriggersTheEnd) {
  Position su;
  su.players = 2;
  su.sites = {{{kC + 1, kH + 1}, {kF + 1, kS + 1}, {kM + 1, kC + 3}, {kH + 3, kF + 3}}};
  // Every other card but three is already in a studio.
  for (int c = 0; c < kCards; ++c) {
    bool on_site = false;
    for (const auto& site : su.sites) on_site |= site[0] == c || site[1] == c;
    if (!on_site && c != kM + 11 && c != kH + 10 && c != kF + 10) su.studio[c % 2].push_back(c);
  }
  auto s = FirstGiantsState::from_setup(su);
  EXPECT_EQ(s.deck_count(), 3);
  play(s, 0, take(0, 0));
  settle(s);
  play(s, kChance, kH + 10);
  play(s, 1, take(0, 0));
  settle(s);
  play(s, kChance, kF + 10);
  play(s, 0, take(1, 0));
  settle(s);
  EXPECT_FALSE(s.end_triggered());
  play(s, kChance, kM + 11);  // the last card
  EXPECT_TRUE(s.end_triggered());
  EXPECT_FALSE(s.is_terminal());  // seat 1 still has its turn
  ASSERT_EQ(s.to_act(), SeatSet::only(1));
  play(s, 1, take(1, 0));
  settle(s);
  EXPECT_TRUE(s.is_terminal());  // the site stays short: no draw
  EXPECT_EQ(s.deck_count(), 0);
}

TEST(FirstGiantsEnd, ScoreAddsPointsNewsAndSetTokensAndTiesShareTheVictory) {
  Position su;
  su.players = 3;
  su.sets[0] = {{kC + 0, kC + 4, kC + 8}};  // complete: 2 tokens x 3
  su.points = {0, 6, 2};
  su.sets[2] = {{kH + 0, kH + 4}};  // 1 token x 2
  auto s = FirstGiantsState::from_setup(su);
  EXPECT_EQ(s.score(0), 6);
  EXPECT_EQ(s.score(1), 6);
  EXPECT_EQ(s.score(2), 4);
  GameResult r = s.result();
  EXPECT_TRUE(r.winners.contains(0));
  EXPECT_TRUE(r.winners.contains(1));
  EXPECT_FALSE(r.winners.contains(2));
  EXPECT_EQ(r.rank[0], 1);
  EXPECT_EQ(r.rank[1], 1);
}

// --- JSON --------------------------------------------------------------------

TEST(FirstGiantsJson, ActionsRoundTripAndBadShapesAreMalformed) {
  auto s = FirstGiantsState::from_setup(two_players());
  for (Action a : {take(2, 1), act::kReclaim, act::kDecline, act::kGainAmber, act::kGainPoint,
                   act::kAmberForPoints, act::kResolve + 7, exhibit(33), act::kNewSet, into(4)}) {
    auto back = s.action_from_json(0, s.action_to_json(0, a));
    ASSERT_TRUE(back) << a;
    EXPECT_EQ(*back, a);
  }
  EXPECT_EQ(s.action_to_json(0, take(2, 1)), Json({{"take", "right"}, {"site", 2}}));
  EXPECT_EQ(s.action_from_json(0, Json::array()).error().code, errc::kMalformedAction);
  EXPECT_EQ(s.action_from_json(0, {{"take", "up"}, {"site", 0}}).error().code,
            errc::kMalformedAction);
  EXPECT_EQ(s.action_from_json(0, {{"exhibit", 60}}).error().code, errc::kMalformedAction);
}

TEST(FirstGiantsJson, StateRoundTripsAndCorruptStatesAreRefused) {
  auto su = two_players();
  su.sets[0] = {{kC + 2, kH + 2}};
  su.studio[1] = {kM + 10};
  auto s = FirstGiantsState::from_setup(su);
  auto back = FirstGiantsState::from_json(s.to_json());
  ASSERT_TRUE(back);
  EXPECT_TRUE(*back == s);
  Json j = s.to_json();
  j["areas"][1]["studio"].push_back(kC + 2);  // a card in two places
  EXPECT_EQ(FirstGiantsState::from_json(j).error().code, errc::kCorruptState);
  j = s.to_json();
  j["areas"][0]["sets"][0]["cards"] = {kC + 2, kC + 3};  // same family and size
  j["deck"].push_back(kH + 2);
  j["deck"].erase(std::find(j["deck"].begin(), j["deck"].end(), Json(kC + 3)));
  EXPECT_EQ(FirstGiantsState::from_json(j).error().code, errc::kCorruptState);
  j = s.to_json();
  j["players"] = 9;
  EXPECT_EQ(FirstGiantsState::from_json(j).error().code, errc::kCorruptState);
}

// The plain definition of exhibiting, card by card: the fossil is in p's
// studio, p pays for it (unless the effect being resolved exhibits for
// free), a second fossil of "up to 2" is of another / the same family as the
// first, and p has room for a new set or the fossil fits one of its sets.
bool plain_exhibit_allowed(const FirstGiantsState& s, int p, int c) {
  const Card& k = cards()[c];
  const PlayerArea& a = s.player(p);
  if (!((a.studio >> c) & 1)) return false;
  if (s.phase() == Phase::kEffect) {
    const Effect e = cards()[s.current_card()].effect;
    if (e != Effect::kExhibitFree && a.amber < k.cost()) return false;
    if (s.effect_exhibited() > 0 && e == Effect::kExhibitTwoDifferent &&
        k.family == s.effect_first_family())
      return false;
    if (s.effect_exhibited() > 0 && e == Effect::kExhibitTwoSame &&
        k.family != s.effect_first_family())
      return false;
  } else if (a.amber < k.cost()) {
    return false;
  }
  if (a.sets.size() < kMaxSets) return true;
  for (const auto& set : a.sets)
    if (set_accepts(set, k.family, k.size)) return true;
  return false;
}

ActionList plain_exhibit_options(const FirstGiantsState& s, int p) {
  ActionList out;
  for (int c = 0; c < kCards; ++c)
    if (plain_exhibit_allowed(s, p, c)) out.push_back(exhibit(c));
  return out;
}

ActionList exhibit_actions(const ActionList& legal) {
  ActionList out;
  for (Action a : legal)
    if (a >= act::kExhibit && a < act::kExhibit + kCards) out.push_back(a);
  return out;
}

// A reclaim is a choice while some studio fossil could be exhibited with the
// amber the other reclaimed pawns could bring first.
bool plain_reclaim_has_choice(const FirstGiantsState& s) {
  const PlayerArea& a = s.player(s.active());
  for (int c = 0; c < kCards; ++c) {
    const Card& k = cards()[c];
    if (!((a.studio >> c) & 1) || k.cost() > a.amber + s.reclaim_left() - 1) continue;
    if (a.sets.size() < kMaxSets) return true;
    for (const auto& set : a.sets)
      if (set_accepts(set, k.family, k.size)) return true;
  }
  return false;
}

// Checks the lists and decisions of `s` against the plain definitions.
void check_against_plain(const FirstGiantsState& s) {
  if (s.is_terminal() || s.is_chance()) return;
  const Seat seat = s.to_act().lowest();
  ActionList legal;
  s.legal_actions(seat, legal);
  if (s.phase() == Phase::kEffect) {
    // The applier is asked only when it has a real decision.
    if (cards()[s.current_card()].effect == Effect::kAmberForPoints) {
      ASSERT_GE(s.player(seat).amber, 3);
      ASSERT_EQ(legal, ActionList({act::kDecline, act::kAmberForPoints}));
    } else {
      const ActionList plain = plain_exhibit_options(s, seat);
      ASSERT_EQ(exhibit_actions(legal), plain);
      ASSERT_FALSE(plain.empty());
    }
  }
  if (s.phase() == Phase::kReclaim) {
    ASSERT_EQ(exhibit_actions(legal), plain_exhibit_options(s, seat));
    ASSERT_GT(s.reclaim_left(), 0);
    ASSERT_TRUE(plain_reclaim_has_choice(s));
  }
}

// Exhibit options and the "is there a decision?" tests come from bit sets
// of the studio (affordable cards, families); checked here against the plain
// definitions at every step of random games at every player count.
TEST(FirstGiantsLists, FastListsEqualThePlainDefinitions) {
  Rng rng(7);
  for (int players = FirstGiants::kMinPlayers; players <= FirstGiants::kMaxPlayers; ++players)
    for (int game = 0; game < 40; ++game) {
      FirstGiantsState s(players);
      while (!s.is_terminal()) {
        if (s.is_chance()) {
          ChanceList outs;
          s.chance_outcomes(outs);
          s.apply_unchecked(kChance, sample_chance(outs, rng));
          continue;
        }
        check_against_plain(s);
        if (HasFatalFailure()) return;
        const Seat seat = s.to_act().lowest();
        ActionList actions;
        s.legal_actions(seat, actions);
        s.apply_unchecked(seat, actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
      }
    }
}

// With all 32 sets exhibited a fossil is exhibitable only if it fits one:
// random positions with 32 sets, a reclaim and the "may exhibit 1 fossil"
// card (carnivore +4) taken, against the plain definitions.
TEST(FirstGiantsLists, FullExhibitsEqualThePlainDefinitions) {
  Rng rng(9);
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<int> pool;
    for (int c = 0; c < kCards; ++c)
      if (c != kC + 4) pool.push_back(c);
    for (std::size_t i = pool.size(); i > 1; --i)
      std::swap(pool[i - 1], pool[rng.below(static_cast<std::uint32_t>(i))]);
    Position su;
    su.players = 2;
    su.sites[0] = {kC + 4, -1};
    // Sets of random target sizes from the shuffled pool; recurring cards
    // go into sets so that the take below triggers only its own effect.
    std::vector<std::vector<int>> sets;
    std::vector<int> studio;
    int tokens = 0;  // at most the 24 set tokens of the game
    for (int c : pool) {
      if (sets.size() == static_cast<std::size_t>(kMaxSets)) {
        if (!cards()[c].recurring && studio.size() < 6) studio.push_back(c);
        continue;
      }
      bool joined = false;
      if (!sets.empty() && tokens < kTotalSetTokens && sets.back().size() < 1 + rng.below(3)) {
        ExhibitSet es;
        for (int d : sets.back())
          set_add(es, static_cast<std::uint8_t>(d), cards()[d].family, cards()[d].size);
        if (set_accepts(es, cards()[c].family, cards()[c].size)) {
          sets.back().push_back(c);
          ++tokens;
          joined = true;
        }
      }
      if (!joined) sets.push_back({c});
    }
    if (sets.size() < static_cast<std::size_t>(kMaxSets)) continue;
    su.sets[0] = sets;
    su.studio[0] = studio;
    su.amber[0] = static_cast<int>(rng.below(5));
    su.pawns_out[0] = static_cast<std::uint8_t>(rng.below(16));
    su.reserve = 0;
    auto start = FirstGiantsState::from_setup(su);
    ASSERT_EQ(start.player(0).sets.size(), static_cast<std::size_t>(kMaxSets));

    FirstGiantsState s = start;
    if (legal(s, 0, act::kReclaim)) {
      // A choice while a studio fossil fits a set with the amber of all
      // reclaimed pawns but one.
      const int n = __builtin_popcount(su.pawns_out[0]);
      bool choice = false;
      for (int c : studio) {
        const Card& k = cards()[c];
        if (k.cost() > su.amber[0] + n - 1) continue;
        for (const auto& set : start.player(0).sets)
          choice = choice || set_accepts(set, k.family, k.size);
      }
      play(s, 0, act::kReclaim);
      EXPECT_EQ(s.phase() == Phase::kReclaim, choice);
      check_against_plain(s);
    }
    s = start;
    if (legal(s, 0, take(0, 0))) {
      play(s, 0, take(0, 0));
      check_against_plain(s);
      // Asked exactly when some studio fossil (the taken one included) can
      // be exhibited and paid for.
      ActionList plain;
      for (std::uint64_t st = s.player(0).studio; st; st &= st - 1) {
        const int c = __builtin_ctzll(st);
        const Card& k = cards()[c];
        if (s.player(0).amber < k.cost()) continue;
        for (const auto& set : s.player(0).sets)
          if (set_accepts(set, k.family, k.size)) {
            plain.push_back(exhibit(c));
            break;
          }
      }
      EXPECT_EQ(s.phase() == Phase::kEffect, !plain.empty());
      ++checked;
    }
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(checked, 20);
}

}  // namespace
}  // namespace meeple::first_giants
