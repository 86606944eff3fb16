// First Giants rules tests, Exhibiting: the cost, free exhibits, and the exhibit lists checked
// against the plain definitions of the rules.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "games/first_giants/tests/fixture.h"

namespace meeple::first_giants {
namespace {

using namespace test;

TEST(FirstGiantsExhibit, CostIsTheSizeInAmberAndTwoForAnEgg) {
  EXPECT_EQ(cards()[kC + 0].cost(), 1);
  EXPECT_EQ(cards()[kC + 4].cost(), 2);
  EXPECT_EQ(cards()[kC + 8].cost(), 3);
  EXPECT_EQ(cards()[kC + 11].cost(), 2);
  auto su = two_players();
  su.pawns_out[0] = 0b0001;
  su.amber[0] = 2;
  su.studio[0] = {kC + 0, kC + 4, kC + 8, kC + 11};
  auto s = position(su);
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
  auto s = position(su);
  play(s, 0, take(0, 0));
  ASSERT_EQ(s.phase(), Phase::kEffect);
  EXPECT_TRUE(legal(s, 0, exhibit(kS + 8)));
  EXPECT_TRUE(legal(s, 0, act::kDecline));
  play(s, 0, exhibit(kS + 8));
  play(s, 0, act::kNewSet);
  EXPECT_EQ(s.player(0).amber, 0);
  EXPECT_EQ(s.player(0).sets.size(), 1u);
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
TEST(FirstGiantsExhibit, FastListsEqualThePlainDefinitions) {
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
TEST(FirstGiantsExhibit, FullExhibitsEqualThePlainDefinitions) {
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
    auto start = position(su);
    ASSERT_EQ(start.player(0).sets.size(), static_cast<std::size_t>(kMaxSets));

    FirstGiantsState s = start;
    if (legal(s, 0, act::kReclaim)) {
      // A choice while a studio fossil fits a set with the amber of all
      // reclaimed pawns but one.
      const int n = count_bits(std::uint32_t{su.pawns_out[0]});
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
        const int c = lowest_bit(st);
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
