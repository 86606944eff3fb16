// The store contract (store/store.h), one suite run against every store:
// the memory store and the SQLite store.
#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "room/room.h"
#include "store/sqlite_store.h"
#include "tests/toy/high_card.h"

namespace meeple::store {
namespace {

// Each store type says how to make a fresh one.
struct MemoryFactory {
  using StoreType = MemoryStore;
  static std::unique_ptr<MemoryStore> make() { return std::make_unique<MemoryStore>(); }
};

struct SqliteFactory {
  using StoreType = SqliteStore;
  static std::unique_ptr<SqliteStore> make() {
    auto s = SqliteStore::open(":memory:");
    EXPECT_TRUE(s) << s.error().message;
    return std::move(*s);
  }
};

template <class F>
class StoreContract : public ::testing::Test {
 protected:
  std::unique_ptr<typename F::StoreType> store_ = F::make();
};

using Factories = ::testing::Types<MemoryFactory, SqliteFactory>;
TYPED_TEST_SUITE(StoreContract, Factories);

TYPED_TEST(StoreContract, AppendsInOrderAndListsUnfinishedTables) {
  auto& store = *this->store_;
  auto a = store.create({.game = "high-card", .players = 2, .params = {{"rounds", 3}}}, {});
  auto b = store.create({.game = "high-card", .players = 3}, {});
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);
  const Entry e1{.seat = 0, .action = 1, .json = {{"bet", true}}};
  const Entry e2{.kind = "chat", .seat = 1, .text = "hi"};
  const Entry e3{.seat = kChance, .action = 7, .json = 7};
  ASSERT_FALSE(store.append(*a, {}, std::vector{e1, e2}));
  ASSERT_FALSE(store.append(*a, {}, std::vector{e3}));
  ASSERT_FALSE(store.finish(*b, {}, {{"score", {0, 0, 0}}}));
  auto t = store.load(*a);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->spec.game, "high-card");
  EXPECT_EQ(t->spec.params, Json({{"rounds", 3}}));
  ASSERT_EQ(t->entries.size(), 3u);
  EXPECT_EQ(t->entries[0].json, e1.json);
  EXPECT_EQ(t->entries[1].kind, "chat");
  EXPECT_EQ(t->entries[1].text, "hi");
  EXPECT_EQ(t->entries[2].seat, kChance);
  EXPECT_EQ(t->entries[2].action, 7);
  EXPECT_FALSE(t->finished());
  EXPECT_EQ(to_game_record(*t).actions.size(), 2u) << "chat is not a game action";
  auto open = store.list(true);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].id, *a);
  EXPECT_EQ(open[0].entries, 3u);
  EXPECT_EQ(store.list(false).size(), 2u);
  EXPECT_TRUE(store.load(*b)->finished());
  auto late = store.append(*b, {}, std::vector{e1});
  ASSERT_TRUE(late);
  EXPECT_EQ(late->code, errc::kFinished);
  auto unknown = store.load("nope");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, errc::kUnknownTable);
  auto nowhere = store.append("nope", {}, std::vector{e1});
  ASSERT_TRUE(nowhere);
  EXPECT_EQ(nowhere->code, errc::kUnknownTable);
}

TYPED_TEST(StoreContract, AChosenIdIsKeptAndCannotBeTakenTwice) {
  auto& store = *this->store_;
  auto a = store.create({.id = "Xy7", .game = "high-card", .players = 2}, {});
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, "Xy7");
  auto again = store.create({.id = "Xy7", .game = "high-card", .players = 2}, {});
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, errc::kExists);
  EXPECT_EQ(store.load("Xy7")->spec.players, 2);
}

// Ownership: acquire answers increasing fencing numbers whoever held the id,
// and every write of the former holder is refused from then on.
TYPED_TEST(StoreContract, AcquireFencesTheFormerHoldersWrites) {
  using namespace std::chrono_literals;
  auto& store = *this->store_;
  auto a = store.create({.game = "high-card", .players = 2}, {});
  ASSERT_TRUE(a);
  const Entry e{.seat = 0, .action = 1, .json = 1};
  ASSERT_FALSE(store.append(*a, {}, std::vector{e})) << "never acquired: the default lease";
  auto wrong = store.append(*a, {.owner = "n1", .fencing = 1}, std::vector{e});
  ASSERT_TRUE(wrong);
  EXPECT_EQ(wrong->code, errc::kFenced) << "not the id's latest lease";
  auto n1 = store.acquire(*a, "n1", 1h);
  ASSERT_TRUE(n1) << n1.error().message;
  EXPECT_EQ(n1->owner, "n1");
  EXPECT_EQ(n1->fencing, 2u);
  auto local = store.append(*a, {}, std::vector{e});
  ASSERT_TRUE(local);
  EXPECT_EQ(local->code, errc::kFenced);
  ASSERT_FALSE(store.append(*a, *n1, std::vector{e}));
  // n2 takes it although n1's lease has not run out.
  auto n2 = store.acquire(*a, "n2", 1h);
  ASSERT_TRUE(n2);
  EXPECT_EQ(n2->fencing, 3u);
  for (auto& refused :
       {store.append(*a, *n1, std::vector{e}), store.finish(*a, *n1, Json{{"w", 0}}),
        store.append(*a, {.owner = "n2", .fencing = 2}, std::vector{e}),
        store.append(*a, {.owner = "n1", .fencing = 3}, std::vector{e})}) {
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->code, errc::kFenced) << refused->message;
  }
  EXPECT_EQ(store.load(*a)->entries.size(), 2u) << "a refused append writes nothing";
  EXPECT_FALSE(store.load(*a)->finished());
  ASSERT_FALSE(store.append(*a, *n2, std::vector{e}));
  auto n1again = store.acquire(*a, "n1", 1h);
  ASSERT_TRUE(n1again);
  EXPECT_EQ(n1again->fencing, 4u) << "fencing numbers only grow";
  ASSERT_FALSE(store.finish(*a, *n1again, Json{{"w", 0}}));
  EXPECT_EQ(store.load(*a)->entries.size(), 3u);
  EXPECT_TRUE(store.load(*a)->finished());

  // Lobbies and ids not used yet: save_lobby, drop_lobby and create are fenced too.
  auto l1 = store.acquire("L9", "n1", 1h);
  ASSERT_TRUE(l1);
  EXPECT_EQ(l1->fencing, 2u) << "an id not used yet starts from the default's 1";
  ASSERT_FALSE(store.save_lobby({.id = "L9", .game = "high-card", .players = 2}, *l1));
  auto l2 = store.acquire("L9", "n2", 1h);
  ASSERT_TRUE(l2);
  for (auto& refused :
       {store.save_lobby({.id = "L9", .game = "high-card", .players = 3}, *l1),
        store.drop_lobby("L9", *l1), store.save_lobby({.id = "L9", .game = "x"}, {}),
        store.drop_lobby("L9", {})}) {
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->code, errc::kFenced) << refused->message;
  }
  auto late = store.create({.id = "L9", .game = "high-card", .players = 2}, *l1);
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, errc::kFenced);
  ASSERT_EQ(store.lobbies().size(), 1u);
  EXPECT_EQ(store.lobbies()[0].players, 2);
  auto made = store.create({.id = "L9", .game = "high-card", .players = 2}, *l2);
  ASSERT_TRUE(made) << made.error().message;
  EXPECT_TRUE(store.lobbies().empty()) << "creating its game drops the lobby";
  ASSERT_FALSE(store.append("L9", *l2, std::vector{e})) << "the table keeps the lobby's lease";
  auto fresh = store.acquire("N1", "n1", 1h);
  ASSERT_TRUE(fresh);
  auto unheld = store.create({.id = "N1", .game = "high-card", .players = 2}, {});
  ASSERT_FALSE(unheld);
  EXPECT_EQ(unheld.error().code, errc::kFenced);
  ASSERT_TRUE(store.create({.id = "N1", .game = "high-card", .players = 2}, *fresh));
}

// renew extends what the node still holds and names what it lost.
TYPED_TEST(StoreContract, RenewAnswersTheIdsTheNodeLost) {
  using namespace std::chrono_literals;
  auto& store = *this->store_;
  auto a = store.create({.game = "high-card", .players = 2}, {});
  auto b = store.create({.game = "high-card", .players = 2}, {});
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(store.acquire(*a, "n1", 1ms));
  ASSERT_TRUE(store.acquire(*b, "n1", 1ms));
  ASSERT_TRUE(store.acquire(*b, "n2", 1h));
  const std::vector<TableId> ids = {*a, *b, "never"};
  auto lost = store.renew("n1", ids, 1h);
  ASSERT_TRUE(lost) << lost.error().message;
  EXPECT_EQ(*lost, (std::vector<TableId>{*b, "never"}));
  std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(store.expired().empty()) << "renewed for an hour";
  auto none = store.renew("n2", std::vector<TableId>{*b}, 1h);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
}

// expired: unfinished tables and lobbies whose lease ran out, oldest first;
// not finished tables, not ids never acquired, not live leases.
TYPED_TEST(StoreContract, ExpiredListsUnfinishedTablesAndLobbiesWhoseLeaseRanOut) {
  using namespace std::chrono_literals;
  auto& store = *this->store_;
  auto a = store.create({.game = "high-card", .players = 2}, {});
  auto done = store.create({.game = "high-card", .players = 2}, {});
  auto live = store.create({.game = "high-card", .players = 2}, {});
  auto never = store.create({.game = "high-card", .players = 2}, {});
  ASSERT_TRUE(a && done && live && never);
  EXPECT_TRUE(store.expired().empty());
  ASSERT_FALSE(store.save_lobby({.id = "L1", .game = "high-card", .players = 2}, {}));
  auto la = store.acquire(*a, "n1", 1ms);
  ASSERT_TRUE(la);
  std::this_thread::sleep_for(5ms);
  auto ll = store.acquire("L1", "n1", 1ms);
  auto ld = store.acquire(*done, "n1", 1ms);
  ASSERT_TRUE(store.acquire(*live, "n1", 1h));
  ASSERT_TRUE(store.acquire("nothing-yet", "n1", 1ms)) << "no table, no lobby";
  ASSERT_TRUE(ll && ld);
  ASSERT_FALSE(store.finish(*done, *ld, Json{{"w", 0}}));
  std::this_thread::sleep_for(30ms);
  EXPECT_EQ(store.expired(), (std::vector<TableId>{*a, "L1"}));
  // Taken over: no longer expired.
  ASSERT_TRUE(store.acquire(*a, "n2", 1h));
  EXPECT_EQ(store.expired(), (std::vector<TableId>{"L1"}));
}

// Lobbies: only the latest spec of each is kept, oldest first, until dropped.
TYPED_TEST(StoreContract, LobbiesAreSavedReplacedListedAndDropped) {
  auto& store = *this->store_;
  EXPECT_TRUE(store.lobbies().empty());
  const Json plan = {{"host", "h0"}, {"seats", {{{"kind", "person"}, {"token", ""}}}}};
  TableSpec a{.id = "L1",
              .game = "high-card",
              .players = 2,
              .params = {{"rounds", 3}},
              .seats = {"", "random"},
              .options = {{"server", plan}}};
  TableSpec b{.id = "L2", .game = "high-card", .players = 3};
  ASSERT_FALSE(store.save_lobby(a, {}));
  ASSERT_FALSE(store.save_lobby(b, {}));
  // A person joins L1: saved again, in its place.
  a.seats[0] = "Anna";
  a.options["server"]["seats"][0]["token"] = "hash-of-anna";
  ASSERT_FALSE(store.save_lobby(a, {}));
  auto all = store.lobbies();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].id, "L1");
  EXPECT_EQ(all[0].game, "high-card");
  EXPECT_EQ(all[0].players, 2);
  EXPECT_EQ(all[0].params, Json({{"rounds", 3}}));
  EXPECT_EQ(all[0].seats, (std::vector<std::string>{"Anna", "random"}));
  EXPECT_EQ(all[0].options["server"]["seats"][0]["token"], "hash-of-anna");
  EXPECT_EQ(all[1].id, "L2");
  // A lobby is no table, and its game is created under the same id.
  EXPECT_FALSE(store.load("L1"));
  EXPECT_TRUE(store.list(false).empty());
  ASSERT_TRUE(store.create({.id = "L1", .game = "high-card", .players = 2}, {}));
  EXPECT_EQ(store.lobbies().size(), 1u) << "creating its game drops the lobby";
  ASSERT_FALSE(store.drop_lobby("L1", {}));
  ASSERT_FALSE(store.drop_lobby("nope", {})) << "dropping what is not there is no error";
  all = store.lobbies();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].id, "L2");
  EXPECT_TRUE(store.save_lobby({.game = "high-card", .players = 2}, {})) << "a lobby needs its id";
}

// A room writes through the store and resumes from it, whatever the store.
TYPED_TEST(StoreContract, ARoomStoresAndResumesItsGame) {
  auto& store = *this->store_;
  const GameAdapter<toy::HighCard> toy;
  std::vector<room::SeatConfig> seats = {{.kind = room::SeatKind::kPerson, .name = "Anna"},
                                         {.kind = room::SeatKind::kBot, .bot = "random"}};
  auto r = room::Room::open(toy, {{"rounds", 3}}, seats, {.seed = 5}, &store);
  ASSERT_TRUE(r);
  ASSERT_FALSE((*r)->advance());
  ASSERT_FALSE((*r)->act(0, (*r)->version(), (*r)->choices(0, "en").front().action));
  ASSERT_FALSE((*r)->advance());
  // The bot's seat goes to a person mid-game: an entry too.
  ASSERT_FALSE(
      (*r)->replace_seat(1, {.kind = room::SeatKind::kPerson, .name = "Ben"}, {{"token", "h"}}));
  auto t = store.load((*r)->table_id());
  ASSERT_TRUE(t);
  EXPECT_EQ(t->entries.size(), (*r)->version() + 1);
  EXPECT_EQ(t->entries.back().kind, "seat");
  EXPECT_EQ(t->entries.back().json["owner"]["token"], "h");
  auto again = room::Room::resume(toy, *t, seats, {.seed = 77}, &store);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ((*again)->version(), (*r)->version());
  EXPECT_EQ((*again)->view(0), (*r)->view(0));
  EXPECT_EQ((*again)->seats()[1].kind, room::SeatKind::kPerson);
  EXPECT_EQ((*again)->seats()[1].name, "Ben");
  EXPECT_EQ(to_game_record(*t).actions.size(), (*r)->version()) << "a seat change is no action";
}

// Appends from many threads at once all land, each table's in order, and
// share commits (group commit): fewer transactions than writes.
TEST(SqliteStore, ConcurrentAppendsShareCommitsAndAllLand) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("meeple_store_test_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  {
    auto s = SqliteStore::open(path.string());
    ASSERT_TRUE(s) << s.error().message;
    SqliteStore& store = **s;
    constexpr int kThreads = 16, kAppends = 40;
    std::vector<TableId> ids;
    for (int i = 0; i < kThreads; ++i)
      ids.push_back(*store.create({.game = "g", .players = 2}, {}));
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i)
      threads.emplace_back([&, i] {
        for (int k = 0; k < kAppends; ++k) {
          const Entry e{.seat = 0, .action = k, .json = k};
          EXPECT_FALSE(store.append(ids[static_cast<std::size_t>(i)], {}, std::span(&e, 1)));
        }
      });
    for (auto& t : threads) t.join();
    const auto st = store.stats();
    EXPECT_GE(st.writes, std::uint64_t{kThreads * kAppends});
    EXPECT_LT(st.commits, st.writes) << "appends from many tables share a commit";
    for (const auto& id : ids) {
      auto t = store.load(id);
      ASSERT_EQ(t->entries.size(), std::size_t{kAppends});
      for (int k = 0; k < kAppends; ++k)
        EXPECT_EQ(t->entries[static_cast<std::size_t>(k)].action, k);
    }
  }
  {
    // Reopened: everything is still there.
    auto s = SqliteStore::open(path.string());
    ASSERT_TRUE(s);
    EXPECT_EQ((*s)->list(false).size(), 16u);
    ASSERT_FALSE((*s)->save_lobby({.id = "lobby", .game = "g", .players = 2}, {}));
  }
  {
    // A lobby too.
    auto s = SqliteStore::open(path.string());
    ASSERT_TRUE(s);
    ASSERT_EQ((*s)->lobbies().size(), 1u);
    EXPECT_EQ((*s)->lobbies()[0].id, "lobby");
    EXPECT_EQ((*s)->lobbies()[0].players, 2);
    EXPECT_EQ((*s)->load((*s)->list(false)[3].id)->entries.size(), 40u);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
}

}  // namespace
}  // namespace meeple::store
