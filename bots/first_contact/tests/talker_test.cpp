// The First Contact "talker" bot (built into the game's test executable):
// what a player at the table would notice about it.
#include <bit>

#include <gtest/gtest.h>

#include "bots/arena.h"
#include "bots/first_contact/talker.h"
#include "bots/first_contact/tests/bot_table.h"
#include "bots/match.h"

namespace meeple::first_contact {
namespace {

using namespace test;

using TalkerTable = test::Table<TalkerBot>;

TEST(FirstContactTalker, AlienAnswersTheCharacteristicTheRotatedItemsShare) {
  for (int pad : {0, 9}) {
    S s = fresh(5, {{"aliens", 2}});
    setup(s, {}, pad, 0, 0);
    const int c = distinct_characteristic(s, 2, 5);
    ASSERT_GE(c, 0) << "no suitable characteristic on this field";
    play(s, 2, act::kCharacteristic + c);
    for (int q : bits(having(s, c))) play(s, 2, act::kSquare + q);
    if (s.phase() == Phase::kRotate) play(s, 2, act::kDone);
    ASSERT_EQ(s.phase(), Phase::kPropose);
    GlyphBelief nothing_shown;
    for (Seat alien : {0, 1})
      EXPECT_EQ(alien_decision(s, alien, nothing_shown), act::kGlyph + s.glyph_of(c))
          << "pad " << pad << " characteristic " << c;
  }
}

TEST(FirstContactTalker, AlienMessageFitsItsTargetAndSinglesItOut) {
  // Whole first alien turns of talker games: under the language pad's true
  // meaning every literal of the message holds for the target, and (in most
  // games) for no other uncovered item.
  int unique = 0;
  const int games = 12;
  for (int g = 0; g < games; ++g) {
    AnyState st = *game().new_game(*resolve_params(game().params_schema(), Json::object()), 2);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int i = 0; i < 2; ++i) bots.push_back(std::make_unique<TalkerBot>());
    std::vector<Bot*> seats{bots[0].get(), bots[1].get()};
    Rng rng(static_cast<std::uint64_t>(100 + g));
    while (!st.is_terminal()) {
      const S& s = *GameAdapter<FirstContact>::unwrap(st);
      if (s.phase() == Phase::kOffer) break;
      if (st.is_chance()) {
        st.resolve_chance(rng);
      } else {
        const Seat seat = st.to_act().lowest();
        ASSERT_FALSE(st.apply(seat, ask_bot(*seats[seat], st, seat, rng)));
      }
      show_bots(seats, st, rng);
    }
    const S& s = *GameAdapter<FirstContact>::unwrap(st);
    ASSERT_EQ(s.phase(), Phase::kOffer);
    ASSERT_TRUE(s.wanted(0) & (1u << s.target()));
    const FieldTraits f = field_traits(s);
    auto holds = [&](int q) {
      for (std::uint8_t m : s.message()) {
        int c = 0;
        while (s.glyph_of(c) != (m & 0x7f)) ++c;
        if ((((f[q] >> c) & 1u) != 0) == ((m & 0x80) != 0)) return false;
      }
      return true;
    };
    std::string fitting;  // for the failure message: uncovered squares it fits, w = wanted
    for (int q = 0; q < kSquares; ++q)
      if (s.covered_by(q) < 0 && holds(q))
        fitting += std::to_string(q) + ((s.wanted(0) >> q) & 1u ? "w " : " ");
    EXPECT_TRUE(holds(s.target())) << "game " << g << ": " << wrap(s).view(0)["message"].dump()
                                   << " target " << s.target() << " fits " << fitting;
    int others = 0;
    for (int q = 0; q < kSquares; ++q) others += q != s.target() && s.covered_by(q) < 0 && holds(q);
    unique += others == 0;
  }
  EXPECT_GE(unique, games * 3 / 4);
}

TEST(FirstContactTalker, EarthlingWritesTheZeroTurnGlyphOnItsNotePad) {
  TalkerTable t{fresh(2, {{"zero_turn", "on"}}), 1};
  setup(t.s, {}, 3, 0, 0);
  ASSERT_EQ(t.s.phase(), Phase::kZeroTurn);
  const Action ask = t.decide();
  ASSERT_LT(ask, act::kSquare);
  t.act(1, ask);
  ASSERT_EQ(t.s.phase(), Phase::kChoose);
  t.decide();  // its next decision, after the note-pad edits
  const int c = ask - act::kCharacteristic;
  EXPECT_EQ(t.s.note(0, c), t.s.glyph_of(c));
  EXPECT_DOUBLE_EQ(t.bot.belief().p(c, t.s.glyph_of(c)), 1.0);
}

TEST(FirstContactTalker, EarthlingOffersTheOnlyItemAShownGlyphFits) {
  // Learned from the zero turn.
  const Unique u = unique_item();
  ASSERT_GE(u.c, 0);
  {
    TalkerTable t{fresh(2, {{"zero_turn", "on"}}), 1};
    shown_unique_glyph(t, u);
    EXPECT_EQ(t.decide(), act::kSquare + u.square);
  }
  // Learned from a question: the earthling rotated that one card and the
  // alien answered with the glyph.
  {
    TalkerTable t{fresh(2), 1};
    setup(t.s, {}, 5, u.card, u.rotation);
    t.act(1, act::kCharacteristic + u.c);
    t.act(1, act::kSquare + u.square);
    t.act(1, act::kDone);
    t.act(0, act::kGlyph + t.s.glyph_of(u.c));
    t.act(0, act::kSquare + u.square);
    t.act(0, act::kGlyph + t.s.glyph_of(u.c));
    t.act(0, act::kSend);
    EXPECT_EQ(t.decide(), act::kSquare + u.square);
    EXPECT_EQ(t.s.note(0, u.c), t.s.glyph_of(u.c));
  }
}

TEST(FirstContactTalker, EarthlingAsksAboutItemsItCanMakeClear) {
  // The question it asks: the aliens' answer model reads the rotation as
  // meaning the characteristic it chose.
  TalkerTable t{fresh(4), 1};
  setup(t.s, {}, 2, 3, 1);
  const int c = asks_and_rotates_only_items_having_it(t);
  ASSERT_GE(c, 0);
  const auto odds = t.bot.belief().answer_odds(field_traits(t.s), t.s.rotated());
  EXPECT_EQ(std::max_element(odds.begin(), odds.end()) - odds.begin(), c);
}

TEST(FirstContactTalker, EarthlingNeverReadsWhatItCannotSee) {
  // Two tables that differ only in what the earthling cannot see (language
  // pad and request card): the talker makes the same choices at both, note
  // pad included, though each sees its own re-sampled determinizations.
  S a = fresh(2), b = fresh(2);
  setup(a, {}, 0, 0, 0);
  setup(b, {}, 7, 5, 3);
  const std::uint32_t both = a.wanted(0) & b.wanted(0);
  ASSERT_NE(both, 0u);
  TalkerTable ta{a, 1}, tb{b, 1};
  tb.rng = Rng(99);
  auto both_act = [&](Seat who, Action x) {
    ta.act(who, x);
    tb.act(who, x);
  };
  auto both_decide = [&] {
    // Each note-pad edit must match as well.
    for (int edits = 0; edits < 100; ++edits) {
      const Action x = ask_bot(ta.bot, wrap(ta.s), 1, ta.rng);
      const Action y = ask_bot(tb.bot, wrap(tb.s), 1, tb.rng);
      EXPECT_EQ(x, y);
      if (x != y || x < act::kNoteWrite) return x;
      both_act(1, x);
    }
    return Action{-1};
  };
  // The earthling's question, answered with the same glyph at both tables.
  Action x = both_decide();
  ASSERT_LT(x, act::kSquare);
  both_act(1, x);
  while (ta.s.phase() == Phase::kRotate) both_act(1, both_decide());
  both_act(0, act::kGlyph + 4);
  // A message about a square both aliens want.
  both_act(0, act::kSquare + std::countr_zero(both));
  both_act(0, act::kGlyph + 4);
  both_act(0, act::kNotGlyph + 11);
  both_act(0, act::kSend);
  x = both_decide();
  EXPECT_GE(x, act::kSquare);
  EXPECT_LT(x, act::kDone);
  for (int c = 0; c < kCharacteristics; ++c) EXPECT_EQ(ta.s.note(0, c), tb.s.note(0, c));
}

TEST(FirstContactTalker, WholeGamesEndForEveryPlayerCountAndVariant) {
  for (const Json& variant : FirstContact::param_variants()) {
    auto params = resolve_params(game().params_schema(), variant);
    ASSERT_TRUE(params);
    for (int players = 2; players <= 7; ++players) {
      auto start = game().new_game(*params, players);
      if (!start) continue;  // e.g. three aliens need 4 or more players
      std::vector<std::unique_ptr<TalkerBot>> bots;
      std::vector<Bot*> seats;
      for (int i = 0; i < players; ++i) {
        bots.push_back(std::make_unique<TalkerBot>());
        seats.push_back(bots.back().get());
      }
      Rng rng(static_cast<std::uint64_t>(players));
      MatchOutcome m = play_match(*start, seats, rng);
      ASSERT_TRUE(m.finished) << variant.dump() << " " << players;
      EXPECT_TRUE(m.errors.empty()) << variant.dump() << " " << players;
      // Every earthling saw every question and every alien turn, its own
      // and the others' (observe() between its decisions).
      int questions = 0, turns = 0;
      for (const auto& a : m.record.actions) {
        questions += a.json.contains("characteristic");
        turns += a.json.contains("target");
      }
      for (int i = 0; i < players; ++i) {
        EXPECT_EQ(bots[i]->belief().questions_seen(), questions) << players << " seat " << i;
        EXPECT_EQ(bots[i]->belief().messages_seen(), turns) << players << " seat " << i;
      }
    }
  }
}

TEST(FirstContactTalker, ArenaWithFixedSeatsKeepsTheTalkerAlien) {
  ArenaOptions opt;
  opt.games = 6;
  opt.players = 2;
  opt.bots = {"talker", "random"};
  opt.fixed_seats = true;
  auto rep = run_arena(game(), opt);
  ASSERT_TRUE(rep);
  EXPECT_TRUE(rep->errors.empty());
  ASSERT_EQ(rep->bots.size(), 2u);
  EXPECT_EQ(rep->bots[0].name, "talker");
  EXPECT_EQ(rep->bots[0].seat_games, (std::vector<int>{6, 0}));  // always the alien
  EXPECT_EQ(rep->bots[1].seat_games, (std::vector<int>{0, 6}));
  const Json j = rep->to_json();
  EXPECT_TRUE(j["fixed_seats"].get<bool>());
  // First Contact's figures: rounds (with an interval) and the 2-player verdicts.
  EXPECT_GE(j["mean_rounds"].get<double>(), 1.0);
  EXPECT_LE(j["mean_rounds_ci95"][0].get<double>(), j["mean_rounds"].get<double>());
  int verdicts = 0;
  for (const auto& [k, n] : j["verdicts"].items()) verdicts += n.get<int>();
  EXPECT_EQ(verdicts, 6);
  // Without fixed seats the bots take turns in both seats.
  opt.fixed_seats = false;
  rep = run_arena(game(), opt);
  ASSERT_TRUE(rep);
  EXPECT_EQ(rep->bots[0].seat_games, (std::vector<int>{3, 3}));
  // Fixed seats need one bot per seat.
  opt.fixed_seats = true;
  opt.bots = {"talker"};
  auto bad = run_arena(game(), opt);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, "bot/count");
}

TEST(FirstContactTalker, TalkingPairBeatsARandomEarthling) {
  // A small version of the docs/bots.md figure, as a guard: at 2 players the
  // talking pair gets all 8 items far more often than a talking alien with a
  // random earthling.
  ArenaOptions opt;
  opt.games = 30;
  opt.players = 2;
  opt.fixed_seats = true;
  opt.bots = {"talker", "talker"};
  auto pair = run_arena(game(), opt);
  opt.bots = {"talker", "random"};
  auto lone = run_arena(game(), opt);
  ASSERT_TRUE(pair && lone);
  // The pair's two seats are one merged entry: each perfect game counts twice.
  const int pair_wins = pair->bots[0].wins / 2, lone_wins = lone->bots[0].wins;
  EXPECT_GE(pair_wins, 20);
  EXPECT_LE(lone_wins, 5);
}

}  // namespace
}  // namespace meeple::first_contact
