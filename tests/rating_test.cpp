// Ratings of rated tables (server/rating.h, docs/ratings.md): Glicko-2
// against the worked example of its paper, and whole tables' results split
// into pairwise games: a three-player Ufo!, a tie, First Contact's teams.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "games/registry.h"
#include "server/rating.h"

namespace meeple::server::rating {
namespace {

// Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf):
// a 1500/200/0.06 player plays 1400/30 (wins), 1550/100 (loses) and
// 1700/300 (loses) in one period with τ = 0.5. The paper gives μ' = −0.2069
// and φ' = 0.8722, rounded to four places, so r' = 1464.06 and RD' = 151.52,
// and σ' = 0.05999.
TEST(Rating, GlickmansWorkedExample) {
  const Rating player{.rating = 1500, .rd = 200, .volatility = 0.06};
  const std::vector<Outcome> games = {
      {.opponent = {.rating = 1400, .rd = 30}, .score = 1},
      {.opponent = {.rating = 1550, .rd = 100}, .score = 0},
      {.opponent = {.rating = 1700, .rd = 300}, .score = 0},
  };
  const Rating after = update(player, games, 0.5);
  EXPECT_NEAR((after.rating - 1500) / kScale, -0.2069, 0.00005);
  EXPECT_NEAR(after.rd / kScale, 0.8722, 0.00005);
  // r' from the paper's rounded μ' is 1464.06; unrounded it is 1464.05.
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.rd, 151.52, 0.005);
  // σ' is 0.0599960: the paper writes its first four figures.
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
  EXPECT_LT(after.volatility, 0.06);
  EXPECT_EQ(after.games, 1);
}

// Step 6 alone: who did not play keeps rating and volatility, and the RD
// grows to √(φ² + σ²) (200 → 200.27 with σ 0.06).
TEST(Rating, NoGamesOnlyGrowsTheDeviation) {
  const Rating player{.rating = 1500, .rd = 200, .volatility = 0.06, .games = 4};
  const Rating after = update(player, {});
  EXPECT_EQ(after.rating, 1500);
  EXPECT_EQ(after.volatility, 0.06);
  EXPECT_EQ(after.games, 4);
  const double phi = 200 / kScale;
  EXPECT_NEAR(after.rd, std::sqrt(phi * phi + 0.06 * 0.06) * kScale, 1e-9);
  EXPECT_NEAR(after.rd, 200.27, 0.005);
}

// A game's weight (docs/ratings.md, "Games that count") scales its terms:
// weight 1 is the paper's game; two halves against one opponent are one
// whole game; half a game pulls the rating less than a whole one.
TEST(Rating, AGamesWeightScalesWhatItCounts) {
  const Rating player{.rating = 1500, .rd = 200, .volatility = 0.06};
  const Rating opponent{.rating = 1400, .rd = 30};
  const Rating whole = update(player, {{.opponent = opponent, .score = 1}});
  const Rating weighed_one = update(player, {{.opponent = opponent, .score = 1, .weight = 1}});
  EXPECT_EQ(whole.rating, weighed_one.rating);
  EXPECT_EQ(whole.rd, weighed_one.rd);
  const Rating halves = update(player, {{.opponent = opponent, .score = 1, .weight = 0.5},
                                        {.opponent = opponent, .score = 1, .weight = 0.5}});
  EXPECT_NEAR(halves.rating, whole.rating, 1e-9);
  EXPECT_NEAR(halves.rd, whole.rd, 1e-9);
  EXPECT_NEAR(halves.volatility, whole.volatility, 1e-12);
  const Rating half = update(player, {{.opponent = opponent, .score = 1, .weight = 0.5}});
  EXPECT_GT(half.rating, player.rating);
  EXPECT_LT(half.rating, whole.rating);
  EXPECT_GT(half.rd, whole.rd) << "less is learnt from half a game";
  EXPECT_EQ(half.games, 1);
}

// The n-th rated table of one pair in the window: 1, 1, then halving, so
// however many they play, a window's tables count at most as 3 games.
TEST(Rating, APairsRepeatedGamesCountLess) {
  EXPECT_EQ(pair_weight(1), 1);
  EXPECT_EQ(pair_weight(2), 1);
  EXPECT_EQ(pair_weight(3), 0.5);
  EXPECT_EQ(pair_weight(4), 0.25);
  EXPECT_EQ(pair_weight(10), 1.0 / 256);
  double sum = 0;
  for (int n = 1; n <= 1000; ++n) sum += pair_weight(n);
  EXPECT_LE(sum, kFullPairGames + 1);
  EXPECT_GT(sum, kFullPairGames + 1 - 1e-9);
}

// A table's pairs of weight 0 (two accounts that shared an address) are
// left out: a seat with no other pair keeps its rating (no game counted),
// the others are rated by the pairs that count.
TEST(Rating, APairOfWeightZeroIsLeftOut) {
  const Json result = {{"rank", {1, 2, 3}}};
  const std::vector<std::optional<Rating>> prior = {Rating{}, Rating{}, Rating{}};
  // Seats 0 and 1 shared an address; seat 2 did not.
  const std::vector<std::vector<double>> weight = {{0, 0, 1}, {0, 0, 1}, {1, 1, 0}};
  auto rated = rate_table(result, prior, weight);
  ASSERT_TRUE(rated);
  const Rating zero = update(Rating{}, {{.opponent = Rating{}, .score = 1}});
  EXPECT_EQ((*rated)[0]->rating, zero.rating) << "seat 0 beat seat 2 only";
  EXPECT_EQ((*rated)[2]->games, 1);
  auto alone = rate_table({{"rank", {1, 2}}}, {Rating{}, Rating{}}, {{0, 0}, {0, 0}});
  ASSERT_TRUE(alone);
  EXPECT_EQ((*alone)[0]->games, 0);
  EXPECT_EQ((*alone)[0]->rating, kStartRating);
  EXPECT_EQ((*alone)[1]->rd, kStartRd);
  EXPECT_FALSE(rate_table(result, prior, {{1, 1}}));
}

// A finished game's result_json, played to the end by random choices.
Json played_result(const std::string& game_name, int players, std::uint64_t seed) {
  const AnyGame* game = find_game(game_name);
  EXPECT_NE(game, nullptr);
  auto s = game->new_game(Json::object(), players);
  EXPECT_TRUE(s);
  Rng rng(seed);
  for (int step = 0; step < 100000; ++step) {
    s->resolve_chance(rng);
    if (s->is_terminal()) return s->result_json();
    const SeatSet to_act = s->to_act();
    for (Seat seat = 0; seat < players; ++seat) {
      if (!to_act.contains(seat)) continue;
      const ActionList choices = s->primary_actions(seat);
      EXPECT_FALSE(choices.empty());
      EXPECT_FALSE(s->apply(seat, choices[rng.below(static_cast<std::uint32_t>(choices.size()))]));
      break;
    }
  }
  ADD_FAILURE() << game_name << " did not end";
  return {};
}

// Ufo! for three: every seat plays the other two, each pair once, in one
// period; who ranks first gains, who ranks last loses, and each update is
// the one of Glicko-2 over that seat's two games.
TEST(Rating, ThreePlayerUfoIsPairwiseByRank) {
  const Json result = played_result("ufo", 3, 7);
  ASSERT_EQ(result["rank"].size(), 3u);
  const std::vector<std::optional<Rating>> prior = {
      Rating{}, Rating{.rating = 1600, .rd = 120, .volatility = 0.06, .games = 9},
      Rating{.rating = 1450, .rd = 200, .volatility = 0.059, .games = 3}};
  auto after = rate_table(result, prior);
  ASSERT_TRUE(after) << after.error().message;
  ASSERT_EQ(after->size(), 3u);
  for (int s = 0; s < 3; ++s) {
    std::vector<Outcome> games;
    for (int o = 0; o < 3; ++o) {
      if (o == s) continue;
      const int rs = result["rank"][s], ro = result["rank"][o];
      games.push_back({*prior[o], rs < ro ? 1.0 : rs == ro ? 0.5 : 0.0});
    }
    ASSERT_TRUE((*after)[s]);
    const Rating want = update(*prior[s], games);
    EXPECT_DOUBLE_EQ((*after)[s]->rating, want.rating) << "seat " << s;
    EXPECT_DOUBLE_EQ((*after)[s]->rd, want.rd) << "seat " << s;
    EXPECT_EQ((*after)[s]->games, prior[s]->games + 1);
    if (result["rank"][s] == 1 && result["winners"].size() == 1) {
      EXPECT_GT((*after)[s]->rating, prior[s]->rating) << "the winner gains";
    }
    if (result["rank"][s] == 3) {
      EXPECT_LT((*after)[s]->rating, prior[s]->rating) << "last loses";
    }
  }
}

// A fixed three-player result: seat 1 first, seat 0 second, seat 2 third.
// Among equal newcomers the middle one's win and loss cancel out.
TEST(Rating, ThreePlayerRanksFromEqualStarts) {
  const Json result = {{"rank", {2, 1, 3}}, {"winners", {1}}, {"details", Json::array()}};
  auto after = rate_table(result, {Rating{}, Rating{}, Rating{}});
  ASSERT_TRUE(after);
  EXPECT_GT((*after)[1]->rating, 1500);
  EXPECT_NEAR((*after)[0]->rating, 1500, 1e-9);
  EXPECT_LT((*after)[2]->rating, 1500);
  EXPECT_NEAR((*after)[1]->rating - 1500, 1500 - (*after)[2]->rating, 1e-9);
  for (const auto& r : *after) EXPECT_LT(r->rd, 350) << "a played game makes it surer";
}

// A tie is a draw: equal players stay where they are (surer), and the
// favourite who only draws loses to the outsider.
TEST(Rating, ATieIsADraw) {
  const Json tie = {{"rank", {1, 1}}, {"winners", {0, 1}}};
  auto even = rate_table(tie, {Rating{}, Rating{}});
  ASSERT_TRUE(even);
  EXPECT_NEAR((*even)[0]->rating, 1500, 1e-9);
  EXPECT_NEAR((*even)[1]->rating, 1500, 1e-9);
  EXPECT_LT((*even)[0]->rd, 350);
  auto uneven =
      rate_table(tie, {Rating{.rating = 1800, .rd = 80}, Rating{.rating = 1400, .rd = 80}});
  ASSERT_TRUE(uneven);
  EXPECT_LT((*uneven)[0]->rating, 1800);
  EXPECT_GT((*uneven)[1]->rating, 1400);
}

// Seats nobody rates (a guest's, a bot's) are neither updated nor anyone's
// opponent.
TEST(Rating, UnratedSeatsAreLeftOut) {
  const Json result = {{"rank", {1, 2, 3}}};
  auto after = rate_table(result, {std::nullopt, Rating{}, Rating{}});
  ASSERT_TRUE(after);
  EXPECT_FALSE((*after)[0]);
  // Seat 1 beat seat 2 only: the same as a two-player table of them.
  auto two = rate_table({{"rank", {1, 2}}}, {Rating{}, Rating{}});
  EXPECT_DOUBLE_EQ((*after)[1]->rating, (*two)[0]->rating);
  EXPECT_DOUBLE_EQ((*after)[2]->rating, (*two)[1]->rating);
  EXPECT_FALSE(rate_table({{"rank", {1, 2}}}, {Rating{}}));             // seats differ
  EXPECT_FALSE(rate_table({{"score", {1, 2}}}, {Rating{}, Rating{}}));  // no ranks
}

// First Contact: the aliens and the earthlings do not play against each
// other (they try to understand each other); each team has its own winner
// (docs/rules/first-contact.md, "End and winners"). So an alien is rated
// against the other aliens and an earthling against the other earthlings.
TEST(Rating, FirstContactRatesEachTeamOnItsOwn) {
  // Five players: aliens at seats 0 and 1, earthlings at 2 to 4; the alien
  // at 1 and the earthling at 3 won.
  const Json result = {{"rank", {2, 1, 2, 1, 2}},
                       {"winners", {1, 3}},
                       {"details",
                        {{"teams",
                          {{"aliens", {{{"seat", 0}}, {{"seat", 1}}}},
                           {"earthlings", {{{"seat", 2}}, {{"seat", 3}}, {{"seat", 4}}}}}}}}};
  std::vector<std::optional<Rating>> prior(5, Rating{});
  auto after = rate_table(result, prior);
  ASSERT_TRUE(after) << after.error().message;
  // The alien winner beat one alien; the earthling winner beat two earthlings.
  EXPECT_DOUBLE_EQ((*after)[1]->rating, update(Rating{}, {{Rating{}, 1}}).rating);
  EXPECT_DOUBLE_EQ((*after)[3]->rating, update(Rating{}, {{Rating{}, 1}, {Rating{}, 1}}).rating);
  EXPECT_DOUBLE_EQ((*after)[2]->rating, update(Rating{}, {{Rating{}, 0}, {Rating{}, 0.5}}).rating);
  // However strong the aliens are, the earthlings' ratings do not change.
  prior[0] = prior[1] = Rating{.rating = 2400, .rd = 50};
  auto strong = rate_table(result, prior);
  ASSERT_TRUE(strong);
  for (int e = 2; e < 5; ++e) EXPECT_DOUBLE_EQ((*strong)[e]->rating, (*after)[e]->rating);
}

// A real First Contact game's result, played to the end: its teams are
// read from the result, and nobody is paired across them.
TEST(Rating, FirstContactPlayedGameHasTeams) {
  const Json result = played_result("first-contact", 5, 3);
  ASSERT_TRUE(result["details"].contains("teams"));
  auto pairs = pairings(result);
  ASSERT_TRUE(pairs) << pairs.error().message;
  std::vector<int> team(5, -1);
  for (const Json& a : result["details"]["teams"]["aliens"]) team[a["seat"].get<int>()] = 0;
  for (const Json& e : result["details"]["teams"]["earthlings"]) team[e["seat"].get<int>()] = 1;
  int total = 0;
  for (int s = 0; s < 5; ++s)
    for (const Pairing& p : (*pairs)[s]) {
      EXPECT_EQ(team[s], team[p.opponent]) << s << " paired with " << p.opponent;
      ++total;
    }
  // Two aliens and three earthlings: 1 + 3 pairs, each seen from both sides.
  EXPECT_EQ(total, 2 * (1 + 3));
}

// Two players of First Contact are one alien and one earthling: no rival
// in either team (in it/ko they even win or lose together), so nobody's
// rating changes.
TEST(Rating, FirstContactForTwoChangesNoRating) {
  const Json result = played_result("first-contact", 2, 5);
  const Rating alien{.rating = 1620, .rd = 90, .volatility = 0.06, .games = 2};
  auto after = rate_table(result, {alien, Rating{}});
  ASSERT_TRUE(after) << after.error().message;
  EXPECT_EQ((*after)[0]->rating, 1620);
  EXPECT_EQ((*after)[0]->rd, 90);
  EXPECT_EQ((*after)[0]->games, 2);
  EXPECT_EQ((*after)[1]->rating, 1500);
}

}  // namespace
}  // namespace meeple::server::rating
