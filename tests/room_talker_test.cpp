// A bot that joins a First Contact table mid-game (the host seats it, a
// stand-in takes over for an absent person, or a restart rebuilds the table)
// learns what its seat saw before: its talker's belief about the glyphs is
// exactly that of a talker that sat there from the start.
#include <gtest/gtest.h>

#include "bots/first_contact/talker.h"
#include "games/registry.h"
#include "room/room.h"
#include "store/memory_store.h"

namespace meeple::room {
namespace {

using first_contact::GlyphBelief;
using first_contact::TalkerBot;

const GlyphBelief& belief_of(const Room& r, Seat seat) {
  const auto* talker = dynamic_cast<const TalkerBot*>(r.bot(seat));
  EXPECT_NE(talker, nullptr) << "seat " << seat << " is not a talker";
  static const GlyphBelief kNone;
  return talker ? talker->belief() : kNone;
}

void expect_same_belief(const GlyphBelief& want, const GlyphBelief& got, const char* who) {
  SCOPED_TRACE(who);
  EXPECT_EQ(got.questions_seen(), want.questions_seen());
  EXPECT_EQ(got.messages_seen(), want.messages_seen());
  for (int colour = 0; colour < first_contact::kMaxAliens; ++colour)
    EXPECT_EQ(got.refused(colour), want.refused(colour));
  EXPECT_EQ(got.meaning(), want.meaning());
}

TEST(ALateTalker, KnowsWhatItsSeatSawAsOneSeatedFromTheStart) {
  const AnyGame* fc = find_game("first-contact");
  ASSERT_NE(fc, nullptr);
  const int players = 3;
  // Table A: talkers everywhere from the start, played part of the way.
  std::vector<SeatConfig> bots(players, {.kind = SeatKind::kBot, .bot = "talker"});
  store::MemoryTableStore store;
  auto a = Room::open(*fc, Json::object(), bots, {.seed = 17}, &store);
  ASSERT_TRUE(a) << a.error().message;
  Room& ra = **a;
  const Seat seat = 0;
  for (int step = 0; step < 20000; ++step) {
    const GlyphBelief& b = belief_of(ra, seat);
    if (b.questions_seen() >= 2 && b.messages_seen() >= 1) break;
    auto turn = ra.next_bot_turn();
    ASSERT_TRUE(turn) << turn.error().message;
    ASSERT_TRUE(turn->has_value()) << "the game ended too soon";
    ASSERT_FALSE(ra.apply_bot_turn(**turn, think(**turn)));
  }
  const GlyphBelief& want = belief_of(ra, seat);
  ASSERT_GE(want.questions_seen(), 2) << "a belief worth comparing";
  auto stored = store.load(ra.table_id());
  ASSERT_TRUE(stored);

  // The same game rebuilt with a person in the seat.
  std::vector<SeatConfig> with_person = bots;
  with_person[seat] = {.kind = SeatKind::kPerson, .name = "Anna"};

  {  // The host replaces the person by a talker.
    auto b = Room::resume(*fc, *stored, with_person, {.seed = 3});
    ASSERT_TRUE(b) << b.error().message;
    EXPECT_EQ((*b)->version(), ra.version());
    EXPECT_EQ(belief_of(**b, seat).questions_seen(), 0) << "the stand-in has not played yet";
    ASSERT_FALSE((*b)->replace_seat(seat, {.kind = SeatKind::kBot, .bot = "talker"}));
    expect_same_belief(want, belief_of(**b, seat), "replaced by the host");
  }
  {  // The person is away longer than the grace: the stand-in takes over.
    auto c = Room::resume(*fc, *stored, with_person, {.seed = 4});
    ASSERT_TRUE(c) << c.error().message;
    const auto t0 = Clock::now();
    (*c)->set_connected(seat, false, t0);
    EXPECT_TRUE((*c)->tick(t0 + std::chrono::minutes(5)));
    EXPECT_TRUE((*c)->seats()[seat].stand_in);
    expect_same_belief(want, belief_of(**c, seat), "stand-in");
    // The person returns; the stand-in stays briefed for the next time.
    (*c)->set_connected(seat, true, t0 + std::chrono::minutes(6));
    EXPECT_FALSE((*c)->seats()[seat].stand_in);
    expect_same_belief(want, belief_of(**c, seat), "stand-in, person back");
  }
  {  // A restart rebuilds the table with the talker in its seat.
    auto d = Room::resume(*fc, *stored, bots, {.seed = 5});
    ASSERT_TRUE(d) << d.error().message;
    expect_same_belief(want, belief_of(**d, seat), "after a restart");
  }
}

}  // namespace
}  // namespace meeple::room
