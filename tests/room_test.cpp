// The room (room/room.h) and the memory table store (store/memory_store.h): a table as
// its players and the server will use it.
#include <gtest/gtest.h>

#include "games/registry.h"
#include "room/room.h"
#include "store/memory_store.h"
#include "tests/toy/high_card.h"

namespace meeple::room {
namespace {

const GameAdapter<toy::HighCard> kToy;

std::vector<SeatConfig> person_and_bots(int players, Seat person) {
  std::vector<SeatConfig> seats;
  for (Seat i = 0; i < players; ++i)
    seats.push_back(i == person ? SeatConfig{.kind = SeatKind::kPerson, .name = "Anna"}
                                : SeatConfig{.kind = SeatKind::kBot, .bot = "random"});
  return seats;
}

// Plays the person's first choice until the game is over.
void play_out(Room& r, Seat person) {
  for (int guard = 0; guard < 100000 && !r.finished(); ++guard) {
    ASSERT_FALSE(r.advance());
    if (r.finished()) break;
    ASSERT_TRUE(r.must_act(person));
    const auto choices = r.choices(person, "en");
    ASSERT_FALSE(choices.empty());
    ASSERT_FALSE(r.act(person, r.version(), choices.front().action));
  }
  ASSERT_TRUE(r.finished());
}

class RecordingSink final : public Sink {
 public:
  explicit RecordingSink(const store::TableStore* store) : store_(store) {}
  void on_event(const Room& room, const TableEvent& e) override {
    versions.push_back(e.version);
    // Durable before anyone is told.
    if (store_) stored_when_told.push_back(store_->load(room.table_id())->entries.size());
  }
  std::vector<std::uint64_t> versions;
  std::vector<std::size_t> stored_when_told;

 private:
  const store::TableStore* store_;
};

// A memory store whose writes fail while `down` (the database unreachable).
class FlakyStore final : public store::TableStore {
 public:
  bool down = false;
  bool down_at_finish = false;  // only the write of the game's end fails
  store::MemoryTableStore inner;
  Expected<store::TableId> create(const store::TableSpec& s, const store::Lease& l) override {
    return inner.create(s, l);
  }
  MaybeError append(const store::TableId& id, const store::Lease& l,
                    std::span<const store::Entry> e) override {
    return down ? outage() : inner.append(id, l, e);
  }
  MaybeError finish(const store::TableId& id, const store::Lease& l,
                    std::span<const store::Entry> e, const Json& r) override {
    return down || down_at_finish ? outage() : inner.finish(id, l, e, r);
  }
  Expected<store::TableRecord> load(const store::TableId& id) const override {
    return inner.load(id);
  }
  std::vector<store::TableSummary> list(bool u) const override { return inner.list(u); }
  MaybeError save_lobby(const store::TableSpec& s, const store::Lease& l) override {
    return inner.save_lobby(s, l);
  }
  MaybeError drop_lobby(const store::TableId& id, const store::Lease& l) override {
    return inner.drop_lobby(id, l);
  }
  std::vector<store::TableSpec> lobbies() const override { return inner.lobbies(); }
  Expected<store::Lease> acquire(const store::TableId& id, const std::string& n,
                                 std::chrono::milliseconds t) override {
    return inner.acquire(id, n, t);
  }
  Expected<std::vector<store::TableId>> renew(const std::string& n,
                                              std::span<const store::TableId> ids,
                                              std::chrono::milliseconds t) override {
    return inner.renew(n, ids, t);
  }
  std::vector<store::TableId> expired() const override { return inner.expired(); }
  MaybeError save_review(const store::TableId& id, const std::string& k, const Json& r) override {
    return inner.save_review(id, k, r);
  }
  Expected<Json> load_review(const store::TableId& id, const std::string& k) const override {
    return inner.load_review(id, k);
  }
  MaybeError rename_seat(const store::TableId& id, int seat, const std::string& name) override {
    return inner.rename_seat(id, seat, name);
  }

 private:
  static Error outage() { return make_error(store::errc::kUnavailable, "the database is down"); }
};

// A bot's decision that cannot be stored is no verdict on the bot: the room
// says the store failed, stays as it was, and the bot decides again once the
// store is back (the table halted for good as "bot/illegal").
TEST(Room, ABotsDecisionTheStoreCannotTakeIsNoIllegalMoveAndIsMadeAgain) {
  FlakyStore store;
  auto room = Room::open(kToy, {{"rounds", 3}}, person_and_bots(2, 0), {.seed = 3}, &store);
  ASSERT_TRUE(room);
  Room& r = **room;
  bool outage = true;  // every bot decision meets the outage once
  for (int guard = 0; guard < 1000 && !r.finished(); ++guard) {
    auto turn = r.next_bot_turn();
    ASSERT_TRUE(turn);
    if (turn->has_value()) {
      const std::uint64_t v = r.version();
      const Action a = think(**turn);
      store.down = outage;
      auto e = r.apply_bot_turn(**turn, a);
      store.down = false;
      if (outage) {
        ASSERT_TRUE(e);
        EXPECT_EQ(e->code, store::errc::kUnavailable);
        EXPECT_EQ(r.version(), v);
      } else {
        ASSERT_FALSE(e);
      }
      outage = !outage;
      continue;  // asked again, the bot decides again
    }
    if (r.finished()) break;
    ASSERT_FALSE(r.act(0, r.version(), r.choices(0, "en").front().action));
  }
  EXPECT_TRUE(r.finished());
  EXPECT_EQ(store.inner.load(r.table_id())->entries.size(), r.record()->actions.size());
}

// The game's last move and its result are one write: a store that fails it
// holds neither, as the room (before, it held the move without the result).
TEST(Room, TheLastMoveAndTheResultAreStoredTogether) {
  FlakyStore store;
  store.down_at_finish = true;
  auto room = Room::open(kToy, {{"rounds", 2}}, person_and_bots(2, 0), {.seed = 4}, &store);
  ASSERT_TRUE(room);
  Room& r = **room;
  bool refused = false;
  for (int guard = 0; guard < 1000 && !r.finished(); ++guard) {
    MaybeError e = r.advance();
    if (!e && !r.finished() && r.must_act(0))
      e = r.act(0, r.version(), r.choices(0, "en").front().action);
    if (e) {
      // The last move: refused with the result, and nothing of it stored.
      EXPECT_EQ(e->code, store::errc::kUnavailable);
      EXPECT_EQ(store.inner.load(r.table_id())->entries.size(), r.version());
      EXPECT_FALSE(store.inner.load(r.table_id())->finished());
      refused = true;
      store.down_at_finish = false;
    }
  }
  ASSERT_TRUE(refused);
  ASSERT_TRUE(r.finished());
  auto t = store.inner.load(r.table_id());
  EXPECT_TRUE(t->finished()) << "the result landed with the last move";
  EXPECT_EQ(t->entries.size(), r.record()->actions.size());
}

TEST(Room, WholeGameWithAPersonAndBotsIsStoredAndReplays) {
  store::MemoryTableStore store;
  RecordingSink sink(&store);
  auto room = Room::open(kToy, {{"rounds", 4}}, person_and_bots(3, 1), {.seed = 7}, &store, &sink);
  ASSERT_TRUE(room);
  Room& r = **room;
  play_out(r, 1);
  auto rec = r.record();
  ASSERT_TRUE(rec);
  EXPECT_EQ(rec->seats, (std::vector<std::string>{"random", "Anna", "random"}));
  // The stored table is the same game: same actions, same result.
  auto table = store.load(r.table_id());
  ASSERT_TRUE(table);
  EXPECT_TRUE(table->finished());
  EXPECT_EQ(table->entries.size(), rec->actions.size());
  auto replayed = replay_record(kToy, store::to_game_record(*table));
  ASSERT_TRUE(replayed) << replayed.error().message;
  EXPECT_EQ(replayed->result_json(), r.result_json());
  // The sink heard every action in order, each after it was stored.
  ASSERT_EQ(sink.versions.size(), rec->actions.size());
  for (std::size_t i = 0; i < sink.versions.size(); ++i) {
    EXPECT_EQ(sink.versions[i], i + 1);
    EXPECT_EQ(sink.stored_when_told[i], i + 1);
  }
}

TEST(Room, SameSeedSameGame) {
  auto a = Room::open(kToy, Json::object(), person_and_bots(2, 0), {.seed = 3});
  auto b = Room::open(kToy, Json::object(), person_and_bots(2, 0), {.seed = 3});
  play_out(**a, 0);
  play_out(**b, 0);
  EXPECT_EQ(record_to_json(*(*a)->record()), record_to_json(*(*b)->record()));
}

// --- Chance from a key (RoomOptions::chance_key), as the server's tables.

ChaChaKey test_key(std::uint8_t first) {
  ChaChaKey key{};
  key[0] = first;
  key[17] = 0x5a;
  return key;
}

std::vector<SeatConfig> all_bots(int players) {
  return std::vector<SeatConfig>(static_cast<std::size_t>(players),
                                 SeatConfig{.kind = SeatKind::kBot, .bot = "random"});
}

// The chance outcomes of a finished room's record, in order.
std::vector<Action> chance_outcomes(const Room& r) {
  const auto record = r.record();
  EXPECT_TRUE(record);
  std::vector<Action> out;
  if (record)
    for (const RecordedAction& a : record->actions)
      if (a.seat == kChance) out.push_back(a.action);
  return out;
}

// The toy game deals a card 1-6 to each seat each round: 36 cards here.
std::vector<Action> cards(RoomOptions options, std::vector<SeatConfig> seats, Seat person = -1) {
  auto room = Room::open(kToy, {{"rounds", 12}}, std::move(seats), std::move(options));
  EXPECT_TRUE(room);
  Room& r = **room;
  if (person >= 0)
    play_out(r, person);
  else
    EXPECT_FALSE(r.advance());
  EXPECT_TRUE(r.finished());
  return chance_outcomes(r);
}

TEST(Room, AChanceKeyDealsTheSameForTheSameKeyAndNotAsTheSeed) {
  const auto a = cards({.seed = 3, .chance_key = test_key(1)}, all_bots(3));
  ASSERT_EQ(a.size(), 36u);
  // The key alone decides the game: the seed is not used.
  auto b = Room::open(kToy, {{"rounds", 12}}, all_bots(3), {.seed = 3, .chance_key = test_key(1)});
  auto c = Room::open(kToy, {{"rounds", 12}}, all_bots(3), {.seed = 4, .chance_key = test_key(1)});
  ASSERT_FALSE((*b)->advance());
  ASSERT_FALSE((*c)->advance());
  EXPECT_EQ(chance_outcomes(**b), a);
  EXPECT_EQ(record_to_json(*(*b)->record()), record_to_json(*(*c)->record()))
      << "bots' generators come from the key too";
  // Another key deals otherwise; so does the seed's generator without a key.
  EXPECT_NE(cards({.seed = 3, .chance_key = test_key(2)}, all_bots(3)), a);
  EXPECT_NE(cards({.seed = 3}, all_bots(3)), a);
}

// The chance stream is the key's alone: bots' turns draw nothing from it, so
// the cards are the same whether two or three seats are bots. With a seed,
// every bot turn takes its generator from the seed's, so the cards change.
TEST(Room, WithAChanceKeyBotsTurnsDoNotMoveTheDeal) {
  const auto three_bots = cards({.chance_key = test_key(1)}, all_bots(3));
  const auto two_bots = cards({.chance_key = test_key(1)}, person_and_bots(3, 0), 0);
  EXPECT_EQ(three_bots, two_bots);
  EXPECT_NE(cards({.seed = 5}, all_bots(3)), cards({.seed = 5}, person_and_bots(3, 0), 0));
}

// A server resumes a table with a fresh key: what was drawn is replayed from
// the entries, and the rest of the game is drawn from the new key.
TEST(Room, ResumedWithANewChanceKeyKeepsThePastAndDealsOnFromTheKey) {
  store::MemoryTableStore store;
  auto room =
      Room::open(kToy, {{"rounds", 8}}, person_and_bots(3, 0), {.chance_key = test_key(1)}, &store);
  Room& r = **room;
  for (int i = 0; i < 3; ++i) {
    ASSERT_FALSE(r.advance());
    ASSERT_FALSE(r.act(0, r.version(), r.choices(0, "en").back().action));
  }
  const auto table = store.load(r.table_id());
  ASSERT_TRUE(table);
  std::vector<std::vector<Action>> finished;
  for (std::uint8_t k : {7, 7, 8}) {
    // Without a store: each resumed room plays on from the same entries.
    auto again = Room::resume(kToy, *table, person_and_bots(3, 0), {.chance_key = test_key(k)});
    ASSERT_TRUE(again) << again.error().message;
    for (Seat o : {kSpectator, 0, 1, 2}) EXPECT_EQ((*again)->view(o), r.view(o));
    play_out(**again, 0);
    finished.push_back(chance_outcomes(**again));
  }
  const std::size_t drawn = static_cast<std::size_t>(
      std::count_if(table->entries.begin(), table->entries.end(),
                    [](const store::Entry& e) { return e.kind == "action" && e.seat == kChance; }));
  ASSERT_EQ(finished[0].size(), 24u);
  for (const auto& f : finished)
    EXPECT_TRUE(
        std::equal(f.begin(), f.begin() + static_cast<std::ptrdiff_t>(drawn), finished[0].begin()));
  EXPECT_EQ(finished[0], finished[1]) << "the same new key deals the same";
  EXPECT_NE(finished[0], finished[2]) << "another new key deals otherwise";
}

TEST(Room, BadMovesAreRefusedAndChangeNothing) {
  auto room = Room::open(kToy, Json::object(), person_and_bots(2, 0), {.seed = 1});
  Room& r = **room;
  ASSERT_FALSE(r.advance());
  ASSERT_TRUE(r.must_act(0));
  const std::uint64_t v = r.version();
  const Json view0 = r.view(0), view1 = r.view(1);
  const Action good = r.choices(0, "en").front().action;
  auto refused = [&](MaybeError e, std::string_view code) {
    ASSERT_TRUE(e) << code;
    EXPECT_EQ(e->code, code);
    EXPECT_FALSE(e->message.empty());
    EXPECT_EQ(r.version(), v);
    EXPECT_EQ(r.view(0), view0);
    EXPECT_EQ(r.view(1), view1);
  };
  refused(r.act(0, v + 1, good), errc::kStale);
  refused(r.act(0, v - 1, good), errc::kStale);
  refused(r.act(5, v, good), errc::kBadSeat);
  refused(r.act(0, v, 99), meeple::errc::kIllegal);
  refused(r.act_json(0, v, Json::parse(R"({"nonsense": true})")), meeple::errc::kMalformedAction);
  refused(r.act_json(-7, v, Json::object()), errc::kBadSeat);
  EXPECT_FALSE(r.record()) << "the record holds hidden cards until the end";
  EXPECT_FALSE(r.act(0, v, good));
  EXPECT_EQ(r.version(), v + 1);
}

TEST(Room, NotYourTurnWhenOnlyChanceOrOthersMayAct) {
  // Ufo!: one active player; the person sits where they do not act first.
  const AnyGame* ufo = find_game("ufo");
  if (ufo == nullptr) GTEST_SKIP() << "Ufo! is not built";
  std::vector<SeatConfig> seats = {{.kind = SeatKind::kPerson, .name = "A"},
                                   {.kind = SeatKind::kPerson, .name = "B"}};
  auto room = Room::open(*ufo, Json::object(), seats, {.seed = 2});
  Room& r = **room;
  ASSERT_FALSE(r.advance());
  const Seat waiting = r.must_act(0) ? 1 : 0;
  ASSERT_FALSE(r.must_act(waiting));
  const Action any = r.choices(1 - waiting, "en").front().action;
  auto e = r.act(waiting, r.version(), any);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, meeple::errc::kNotYourTurn);
}

TEST(Room, ResumedFromTheStoreEverySeatSeesTheSameAndPlayGoesOn) {
  store::MemoryTableStore store;
  auto room = Room::open(kToy, {{"rounds", 5}}, person_and_bots(3, 0), {.seed = 11}, &store);
  Room& r = **room;
  for (int i = 0; i < 4; ++i) {
    ASSERT_FALSE(r.advance());
    ASSERT_FALSE(r.act(0, r.version(), r.choices(0, "en").back().action));
  }
  ASSERT_FALSE(r.advance());
  ASSERT_FALSE(r.chat(2, "good luck"));
  auto table = store.load(r.table_id());
  ASSERT_TRUE(table);
  auto again = Room::resume(kToy, *table, person_and_bots(3, 0), {.seed = 99}, &store);
  ASSERT_TRUE(again) << again.error().message;
  Room& s = **again;
  EXPECT_EQ(s.version(), r.version());
  EXPECT_EQ(s.table_id(), r.table_id());
  for (Seat o : {kSpectator, 0, 1, 2}) EXPECT_EQ(s.view(o), r.view(o)) << "observer " << o;
  EXPECT_EQ(s.events_for(0, 0, "en"), r.events_for(0, 0, "en"));
  play_out(s, 0);
  EXPECT_TRUE(store.load(s.table_id())->finished());
  EXPECT_TRUE(replay_record(kToy, store::to_game_record(*store.load(s.table_id()))));
}

// A record stored as finished whose entries end before the game's end lost
// entries (a damaged file): it does not resume as a finished table that
// refuses every move, but as record/corrupt (the server's table/damaged).
TEST(Room, AFinishedRecordWhoseEntriesEndEarlyDoesNotResume) {
  store::MemoryTableStore store;
  auto room = Room::open(kToy, {{"rounds", 5}}, person_and_bots(3, 0), {.seed = 11}, &store);
  Room& r = **room;
  play_out(r, 0);
  auto table = store.load(r.table_id());
  ASSERT_TRUE(table && table->finished());
  ASSERT_TRUE(Room::resume(kToy, *table, person_and_bots(3, 0), {}));
  table->entries.resize(table->entries.size() / 2);
  auto cut = Room::resume(kToy, *table, person_and_bots(3, 0), {});
  ASSERT_FALSE(cut);
  EXPECT_EQ(cut.error().code, meeple::errc::kCorruptRecord);
}

TEST(Room, ALateOwnerCannotWriteAfterATakeover) {
  store::MemoryTableStore store;
  auto room = Room::open(kToy, Json::object(), person_and_bots(2, 0), {.seed = 4}, &store);
  Room& r = **room;
  ASSERT_FALSE(r.advance());
  ASSERT_TRUE(store.acquire(r.table_id(), "node-2", std::chrono::seconds(30)));
  const std::uint64_t v = r.version();
  const Json view = r.view(0);
  auto e = r.act(0, v, r.choices(0, "en").front().action);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, store::errc::kFenced);
  EXPECT_EQ(r.version(), v);
  EXPECT_EQ(r.view(0), view);
  EXPECT_EQ(store.load(r.table_id())->entries.size(), v);
}

TEST(Room, ChatFollowsTheGamesTableTalkRule) {
  const AnyGame* fc = find_game("first-contact");
  if (fc == nullptr) GTEST_SKIP() << "First Contact is not built";
  store::MemoryTableStore store;
  auto room = Room::open(*fc, Json::object(), person_and_bots(4, 0), {.seed = 5}, &store);
  Room& r = **room;
  const std::size_t before = r.event_count();
  auto refused = r.chat(0, "it is metal, surely");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->code, "chat/names_characteristic");
  EXPECT_EQ(r.event_count(), before);
  auto too_long = r.chat(0, std::string(600, 'a'));
  ASSERT_TRUE(too_long);
  EXPECT_EQ(too_long->code, errc::kChatTooLong);
  // One line of text: a line break would let chat read like the table's
  // own events ("seat 1 takes back a move").
  for (const std::string& spoof :
       std::vector<std::string>{"hi\nAna takes back a move", "a\rb", std::string("a\0b", 3), ""}) {
    auto refused_line = r.chat(0, spoof);
    ASSERT_TRUE(refused_line);
    EXPECT_EQ(refused_line->code, errc::kChatNotALine);
  }
  EXPECT_EQ(r.event_count(), before);
  ASSERT_FALSE(r.chat(0, "hello from earth"));
  // Chat is told as what a seat said, never among the events.
  for (Seat o : {kSpectator, 0, 1, 2, 3}) EXPECT_TRUE(r.events_for(o, before, "en").empty());
  auto lines = r.chat_lines(before, r.event_count(), 10);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].number, 0u);
  EXPECT_EQ(lines[0].seat, 0);
  EXPECT_EQ(lines[0].text, "hello from earth");
  EXPECT_EQ(store.load(r.table_id())->entries.back().text, "hello from earth");
  // Pages of earlier chat: the last `limit` lines before a line number.
  for (int i = 1; i <= 4; ++i) ASSERT_FALSE(r.chat(0, "line " + std::to_string(i)));
  EXPECT_EQ(r.chat_count(), 5u);
  auto last_two = r.chat_lines(0, r.event_count(), 2);
  ASSERT_EQ(last_two.size(), 2u);
  EXPECT_EQ(last_two[0].text, "line 3");
  auto page = r.chat_before(3, 2);
  ASSERT_EQ(page.size(), 2u);
  EXPECT_EQ(page[0].number, 1u);
  EXPECT_EQ(page[1].text, "line 2");
}

TEST(Room, EventsInWordsAreToldPerObserver) {
  const AnyGame* ufo = find_game("ufo");
  if (ufo == nullptr) GTEST_SKIP() << "Ufo! is not built";
  auto room = Room::open(*ufo, Json::object(), person_and_bots(3, 0),
                         {.seed = 6, .languages = {"en", "it"}});
  Room& r = **room;
  ASSERT_TRUE(r.has_event_words());
  ASSERT_FALSE(r.advance());
  ASSERT_GT(r.event_count(), 0u);
  EXPECT_FALSE(r.events_for(0, 0, "en").empty());
  EXPECT_FALSE(r.events_for(kSpectator, 0, "it").empty());
  EXPECT_TRUE(r.events_for(0, 0, "ko").empty()) << "ko was not asked for";
}

// First Giants shows every seat one view, but tells each seat its own
// actions as its own: the words are not shared as the view is.
TEST(Room, AGameWithPublicViewsStillTellsEachSeatItsOwnWords) {
  const AnyGame* fg = find_game("first-giants");
  if (fg == nullptr) GTEST_SKIP() << "First Giants is not built";
  auto room = Room::open(*fg, Json::object(), person_and_bots(2, 0), {.seed = 6});
  Room& r = **room;
  ASSERT_TRUE(r.views_public());
  ASSERT_FALSE(r.advance());
  ASSERT_TRUE(r.must_act(0));
  const std::size_t from = r.event_count();
  ASSERT_FALSE(r.act(0, r.version(), r.choices(0, "en").front().action));
  const auto mine = r.events_for(0, from, "en"), theirs = r.events_for(1, from, "en");
  ASSERT_FALSE(mine.empty());
  EXPECT_NE(mine, theirs);
  EXPECT_EQ(theirs, r.events_for(kSpectator, from, "en"));
}

TEST(Room, AStandInPlaysWhenThePersonsClockRunsOutOrTheyAreAway) {
  using namespace std::chrono_literals;
  auto room = Room::open(kToy, Json::object(), person_and_bots(2, 0),
                         {.seed = 8, .move_clock = 30s, .grace = 60s});
  Room& r = **room;
  ASSERT_FALSE(r.advance());
  ASSERT_TRUE(r.must_act(0));
  const auto t0 = Clock::now();
  EXPECT_FALSE(r.tick(t0 + 10s));
  EXPECT_FALSE(r.seats()[0].stand_in);
  EXPECT_TRUE(r.tick(t0 + 31s));
  EXPECT_TRUE(r.seats()[0].stand_in);
  const std::uint64_t v = r.version();
  ASSERT_FALSE(r.advance());
  EXPECT_GT(r.version(), v) << "the stand-in decided for the person";
  // Coming back ends the stand-in; leaving for longer than the grace starts it.
  r.set_connected(0, true, t0 + 32s);
  EXPECT_FALSE(r.seats()[0].stand_in);
  r.set_connected(0, false, t0 + 33s);
  EXPECT_FALSE(r.seats()[0].connected);
  EXPECT_FALSE(r.tick(t0 + 50s));
  EXPECT_TRUE(r.tick(t0 + 94s));
  EXPECT_TRUE(r.seats()[0].stand_in);
}

TEST(Store, AppendsInOrderAndListsUnfinishedTables) {
  store::MemoryTableStore store;
  auto a = store.create({.game = "high-card", .players = 2}, {});
  auto b = store.create({.game = "high-card", .players = 3}, {});
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);
  const store::Entry e1{.seat = 0, .action = 1, .json = {{"bet", true}}};
  const store::Entry e2{.kind = "chat", .seat = 1, .text = "hi"};
  ASSERT_FALSE(store.append(*a, {}, std::vector{e1, e2}));
  ASSERT_FALSE(store.finish(*b, {}, {}, {{"score", {0, 0, 0}}}));
  auto t = store.load(*a);
  ASSERT_TRUE(t);
  ASSERT_EQ(t->entries.size(), 2u);
  EXPECT_EQ(t->entries[1].text, "hi");
  EXPECT_EQ(store::to_game_record(*t).actions.size(), 1u) << "chat is not a game action";
  auto open = store.list(true);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].id, *a);
  EXPECT_EQ(store.list(false).size(), 2u);
  auto late = store.append(*b, {}, std::vector{e1});
  ASSERT_TRUE(late);
  EXPECT_EQ(late->code, store::errc::kFinished);
  auto unknown = store.load("nope");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, store::errc::kUnknownTable);
}

}  // namespace
}  // namespace meeple::room
