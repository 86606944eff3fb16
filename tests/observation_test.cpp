// Observation tensors (core/observation.h, docs/state-and-views.md) through
// the type-erased interface, for every game and player count: a constant
// shape through whole random games, finite values in [-1, 1], nothing
// written outside the caller's buffer, the legal-action mask equal to the
// legal actions, and a seat's tensor unmoved when the hidden parts of the
// state are re-sampled (determinize, as search does) while another seat's
// may move.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>

#include "core/rng.h"
#include "games/registry.h"
#include "tests/toy/high_card.h"

namespace meeple {
namespace {

struct Case {
  const AnyGame* game;
  int players;
  Json params;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const AnyGame* g : all_games())
    for (int n = g->min_players(); n <= g->max_players(); ++n)
      for (const Json& p : g->param_variants())
        if (g->new_game(p, n)) out.push_back({g, n, p});  // variants some counts refuse
  return out;
}

// The seat's observation, checked: the declared size, no value written past
// it, every value finite and in [-1, 1].
std::vector<float> checked_observation(const AnyState& s, Seat seat, std::size_t size) {
  const float guard = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> buf(size + 64, guard);
  auto e = s.observation(seat, std::span<float>(buf.data(), size));
  EXPECT_FALSE(e) << e->message;
  for (std::size_t i = size; i < buf.size(); ++i) EXPECT_TRUE(std::isnan(buf[i])) << i;
  buf.resize(size);
  for (std::size_t i = 0; i < size; ++i) {
    EXPECT_TRUE(std::isfinite(buf[i])) << "value " << i;
    EXPECT_GE(buf[i], -1.0f) << "value " << i;
    EXPECT_LE(buf[i], 1.0f) << "value " << i;
  }
  return buf;
}

// Plays a random game, calling check(state) at every step.
template <class F>
void random_game(const Case& c, std::uint64_t seed, F&& check) {
  auto st = c.game->new_game(c.params, c.players);
  ASSERT_TRUE(st) << st.error().message;
  AnyState s = *st;
  Rng rng(seed);
  for (int step = 0; step < 3000 && !s.is_terminal(); ++step) {
    check(s);
    if (s.is_chance()) {
      s.resolve_chance(rng);
      continue;
    }
    const Seat seat = s.to_act().lowest();
    const ActionList legal = s.primary_actions(seat);
    ASSERT_FALSE(legal.empty());
    ASSERT_FALSE(s.apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]));
  }
  check(s);
}

TEST(Observation, ShapeIsConstantAndValuesInRange) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(std::string(c.game->name()) + " " + std::to_string(c.players) + " " +
                 c.params.dump());
    auto shape = c.game->observation_shape(c.params, c.players);
    ASSERT_TRUE(shape);
    ASSERT_EQ(shape->size(), 1u);
    ASSERT_GT((*shape)[0], 0);
    const auto size = static_cast<std::size_t>((*shape)[0]);
    random_game(c, 11, [&](const AnyState& s) {
      ASSERT_EQ(s.observation_shape(), *shape);
      for (Seat seat = 0; seat < s.num_players(); ++seat) checked_observation(s, seat, size);
    });
  }
}

TEST(Observation, SizesAreTheDocumentedOnes) {
  // docs/state-and-views.md gives each game's layout under "### <game>
  // observation", its first line "<n> values.".
  std::ifstream f(std::string(MEEPLE_SOURCE_DIR) + "/docs/state-and-views.md");
  ASSERT_TRUE(f);
  const std::string doc((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const std::pair<const char*, const char*> headings[] = {
      {"ufo", "Ufo!"}, {"first-giants", "First Giants"}, {"first-contact", "First Contact"}};
  for (const auto& [name, heading] : headings) {
    const AnyGame* g = find_game(name);
    ASSERT_NE(g, nullptr);
    const auto at = doc.find(std::string("### ") + heading + " observation\n\n");
    ASSERT_NE(at, std::string::npos) << heading;
    const int documented = std::stoi(doc.substr(doc.find("\n\n", at) + 2));
    auto shape = g->observation_shape(g->param_variants().front(), g->min_players());
    ASSERT_TRUE(shape);
    EXPECT_EQ(*shape, std::vector<int>{documented}) << name;
    // The layout table's last row ends where the tensor does.
    const auto total = doc.find("Total: ", at);
    ASSERT_NE(total, std::string::npos);
    EXPECT_EQ(std::stoi(doc.substr(total + 7)), documented) << name;
  }
}

TEST(Observation, SeatsDifferInTheirView) {
  // Players are counted from the observer, so two seats' tensors differ in
  // every game once the game runs (the active player is another).
  for (const AnyGame* g : all_games()) {
    SCOPED_TRACE(g->name());
    auto st = g->new_game(g->param_variants().front(), g->min_players());
    ASSERT_TRUE(st);
    AnyState s = *st;
    Rng rng(3);
    s.resolve_chance(rng);
    EXPECT_NE(s.observation(0), s.observation(1));
  }
}

TEST(Observation, MaskIsTheLegalActions) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(std::string(c.game->name()) + " " + std::to_string(c.players));
    random_game(c, 12, [&](const AnyState& s) {
      std::vector<float> mask(static_cast<std::size_t>(s.num_distinct_actions()));
      for (Seat seat = 0; seat < s.num_players(); ++seat) {
        ASSERT_FALSE(s.legal_mask(seat, mask));
        ActionList legal;
        if (!s.is_terminal() && !s.is_chance()) legal = s.legal_actions(seat);
        std::size_t ones = 0;
        for (float v : mask) ones += v == 1.0f;
        ASSERT_EQ(ones, legal.size());
        for (Action a : legal) ASSERT_EQ(mask[static_cast<std::size_t>(a)], 1.0f);
      }
    });
  }
}

TEST(Observation, HiddenStateDoesNotMoveTheSeatsTensor) {
  // determinize(seat) re-samples everything the seat cannot see (other
  // seats' secret choices and note pads, the language pad and request card
  // for an earthling, the target...): the seat's tensor must stay, while
  // some other seat's moves at some point of First Contact's games.
  for (const Case& c : cases()) {
    SCOPED_TRACE(std::string(c.game->name()) + " " + std::to_string(c.players) + " " +
                 c.params.dump());
    Rng rng(99);
    int others_moved = 0;
    random_game(c, 13, [&](const AnyState& s) {
      for (Seat seat = 0; seat < s.num_players(); ++seat) {
        const AnyState d = s.determinize(seat, rng);
        ASSERT_EQ(d.observation(seat), s.observation(seat)) << "seat " << seat;
        for (Seat other = 0; other < s.num_players(); ++other)
          if (other != seat && d.observation(other) != s.observation(other)) ++others_moved;
      }
    });
    if (c.game->name() == "first-contact") {
      EXPECT_GT(others_moved, 0);
    }
  }
}

TEST(Observation, RefusedWhereThereIsNone) {
  const GameAdapter<toy::HighCard> toy;
  auto st = toy.new_game(Json::object(), 2);
  ASSERT_TRUE(st);
  EXPECT_TRUE(st->observation_shape().empty());
  auto shape = toy.observation_shape(Json::object(), 2);
  ASSERT_TRUE(shape);
  EXPECT_TRUE(shape->empty());
  std::vector<float> buf(4);
  auto e = st->observation(0, buf);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, errc::kNoObservation);
  EXPECT_TRUE(st->observation(0).empty());
  // The mask needs no game support.
  std::vector<float> mask(static_cast<std::size_t>(st->num_distinct_actions()));
  EXPECT_FALSE(st->legal_mask(0, mask));

  const AnyGame* ufo = find_game("ufo");
  ASSERT_NE(ufo, nullptr);
  auto u = ufo->new_game(Json::object(), 3);
  ASSERT_TRUE(u);
  std::vector<float> small(10);
  EXPECT_EQ(u->observation(0, small)->code, errc::kMalformedRequest);
  std::vector<float> right(static_cast<std::size_t>(u->observation_shape()[0]));
  EXPECT_EQ(u->observation(3, right)->code, errc::kMalformedRequest);
  EXPECT_EQ(u->observation(kSpectator, right)->code, errc::kMalformedRequest);
}

}  // namespace
}  // namespace meeple
