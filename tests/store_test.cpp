// The store contract (store/store.h), one suite run against every store:
// the memory store, the SQLite store and the PostgreSQL store. PostgreSQL is
// a real server (scripts/pg-temp): under ctest the fixture tests
// store.postgres_start/stop run one for every test and pass its URL in the
// file MEEPLE_PG_URL_FILE names; run alone, the binary starts its own (or
// uses MEEPLE_PG_URL). Each test gets a database of its own. When no server
// can be started the PostgreSQL tests fail, they do not skip.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "room/room.h"
#include "store/memory_store.h"
#include "store/open.h"
#include "store/postgres_store.h"
#include "store/sqlite_file.h"
#include "store/sqlite_store.h"
#include "store/wal_buffer.h"
#include "tests/toy/high_card.h"

namespace meeple::store {
namespace {

// Runs a shell command; its stdout, or nothing when it failed.
std::optional<std::string> shell(const std::string& cmd) {
  FILE* p = ::popen(cmd.c_str(), "r");
  if (p == nullptr) return std::nullopt;
  std::string out;
  char buf[256];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  if (::pclose(p) != 0) return std::nullopt;
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

const std::string kPgTemp = std::string(MEEPLE_SOURCE_DIR) + "/scripts/pg-temp";

// A throwaway PostgreSQL server in a directory of its own (scripts/pg-temp).
struct PgServer {
  std::string dir, url;
  static Expected<PgServer> start() {
    char tmpl[] = "/tmp/meeple-pgtest.XXXXXX";
    if (::mkdtemp(tmpl) == nullptr) return make_error("test", "mkdtemp failed");
    PgServer s{tmpl, ""};
    auto url = shell(kPgTemp + " start " + s.dir);
    if (!url || url->empty())
      return make_error("test",
                        "PostgreSQL could not be started with scripts/pg-temp (is the "
                        "postgresql package installed? scripts/setup installs it)");
    s.url = *url;
    return s;
  }
  bool stop() const { return shell(kPgTemp + " stop " + dir).has_value(); }
  bool restart() const { return shell(kPgTemp + " start " + dir).has_value(); }
  void remove() const { shell(kPgTemp + " remove " + dir); }
};

// The URL of the server every PostgreSQL test of this process uses.
const Expected<std::string>& pg_base_url() {
  static const Expected<std::string> url = []() -> Expected<std::string> {
    if (const char* file = std::getenv("MEEPLE_PG_URL_FILE")) {
      std::ifstream in(file);
      std::string u;
      if (!std::getline(in, u) || u.empty())
        return make_error("test", std::string("no PostgreSQL URL in ") + file +
                                      ": the fixture test store.postgres_start failed "
                                      "(scripts/pg-temp could not start PostgreSQL)");
      return u;
    }
    if (const char* u = std::getenv("MEEPLE_PG_URL")) return std::string(u);
    static auto server = PgServer::start();
    if (!server) return server.error();
    std::atexit([] { server->remove(); });
    return server->url;
  }();
  return url;
}

// A new, empty database on the test server: its URL.
Expected<std::string> fresh_database() {
  static std::atomic<int> n{0};
  const auto& base = pg_base_url();
  if (!base) return base.error();
  const std::string name = "meeple_" + std::to_string(::getpid()) + "_" + std::to_string(++n);
  if (!shell("createdb --maintenance-db='" + *base + "' " + name))
    return make_error("test", "createdb " + name + " failed on " + *base);
  return base->substr(0, base->rfind('/') + 1) + name;
}

// Each store type says how to make a fresh one (null when it cannot).
struct MemoryFactory {
  using StoreType = MemoryStore;
  static constexpr const char* kName = "Memory";
  static std::unique_ptr<MemoryStore> make() { return std::make_unique<MemoryStore>(); }
};

struct SqliteFactory {
  using StoreType = SqliteStore;
  static constexpr const char* kName = "Sqlite";
  static std::unique_ptr<SqliteStore> make() {
    auto s = SqliteStore::open(":memory:");
    EXPECT_TRUE(s) << s.error().message;
    return s ? std::move(*s) : nullptr;
  }
};

struct PostgresFactory {
  using StoreType = PostgresStore;
  static constexpr const char* kName = "Postgres";
  static std::unique_ptr<PostgresStore> make() {
    auto url = fresh_database();
    if (!url) {
      ADD_FAILURE() << url.error().message;
      return nullptr;
    }
    auto s = PostgresStore::open(*url);
    EXPECT_TRUE(s) << s.error().message;
    return s ? std::move(*s) : nullptr;
  }
};

template <class F>
class Contract : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(store_, nullptr) << "the store could not be opened"; }
  std::unique_ptr<typename F::StoreType> store_ = F::make();
};

// The table store's contract (store/table_store.h) on every backend.
template <class F>
class TableStoreContract : public Contract<F> {
 protected:
  TableStore& tables() { return this->store_->tables(); }
};

// The account store's contract (store/account_store.h) on every backend.
template <class F>
class AccountStoreContract : public Contract<F> {
 protected:
  AccountStore& accounts() { return this->store_->accounts(); }
};

struct FactoryNames {
  template <class F>
  static std::string GetName(int) {
    return F::kName;
  }
};

using Factories = ::testing::Types<MemoryFactory, SqliteFactory, PostgresFactory>;
TYPED_TEST_SUITE(TableStoreContract, Factories, FactoryNames);
TYPED_TEST_SUITE(AccountStoreContract, Factories, FactoryNames);

TYPED_TEST(TableStoreContract, AppendsInOrderAndListsUnfinishedTables) {
  auto& store = this->tables();
  auto a = store.create({.game = "high-card",
                         .players = 2,
                         .params = {{"rounds", 3}},
                         .options = {{"server", {{"public", false}}}}},
                        {});
  auto b = store.create({.game = "high-card", .players = 3}, {});
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);
  const Entry e1{.seat = 0, .action = 1, .json = {{"bet", true}}};
  const Entry e2{.kind = "chat", .seat = 1, .text = "hi"};
  const Entry e3{.seat = kChance, .action = 7, .json = 7};
  ASSERT_FALSE(store.append(*a, {}, std::vector{e1, e2}));
  ASSERT_FALSE(store.append(*a, {}, std::vector{e3}));
  ASSERT_FALSE(store.finish(*b, {}, {}, {{"score", {0, 0, 0}}}));
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
  EXPECT_EQ(open[0].options, Json({{"server", {{"public", false}}}}))
      << "a listing tells each table's options (any node lists open tables from them)";
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

// A game's last move and its result land together or not at all (a kill
// between two writes would leave a finished game unfinished in the store).
TYPED_TEST(TableStoreContract, TheLastEntriesAndTheResultLandTogetherOrNotAtAll) {
  auto& store = this->tables();
  auto t = store.create({.game = "high-card", .players = 2}, {});
  ASSERT_TRUE(t);
  const Entry first{.seat = 0, .action = 1, .json = 1};
  const Entry last{.seat = 1, .action = 2, .json = 2};
  ASSERT_FALSE(store.append(*t, {}, std::vector{first}));
  // Refused (a lease that is not the table's): neither lands.
  auto fenced =
      store.finish(*t, {.owner = "other", .fencing = 9}, std::vector{last}, Json{{"w", 1}});
  ASSERT_TRUE(fenced);
  EXPECT_EQ(fenced->code, errc::kFenced);
  EXPECT_EQ(store.load(*t)->entries.size(), 1u);
  EXPECT_FALSE(store.load(*t)->finished());
  // Accepted: both.
  ASSERT_FALSE(store.finish(*t, {}, std::vector{last}, Json{{"w", 1}}));
  auto done = store.load(*t);
  ASSERT_EQ(done->entries.size(), 2u);
  EXPECT_EQ(done->entries[1].action, 2);
  EXPECT_EQ(done->result, Json({{"w", 1}}));
  EXPECT_TRUE(store.list(true).empty());
}

// Writes given without waiting (Store::write_async: tables write behind, the
// store commits many tables' writes in a group) land in the
// order they were given, each fenced and checked as append and finish are,
// one refused write leaving the others of its group alone; each outcome is
// told once.
TYPED_TEST(TableStoreContract, WritesGivenWithoutWaitingLandInOrderEachCheckedAlone) {
  auto& store = this->tables();
  auto a = store.create({.game = "high-card", .players = 2}, {});
  auto b = store.create({.game = "high-card", .players = 2}, {});
  ASSERT_TRUE(a && b);
  std::mutex m;
  std::condition_variable cv;
  std::vector<std::pair<int, MaybeError>> told;
  auto give = [&](int n, Write w) {
    store.write_async(std::move(w), [&, n](MaybeError e) {
      std::lock_guard lock(m);
      told.emplace_back(n, std::move(e));
      cv.notify_all();
    });
  };
  const auto entry = [](Action x) { return Entry{.seat = 0, .action = x, .json = x}; };
  const auto write = [](const TableId& id, std::vector<Entry> entries, Json result = nullptr,
                        Lease lease = Lease{}) {
    Write w;
    w.id = id;
    w.lease = std::move(lease);
    w.entries = std::move(entries);
    w.result = std::move(result);
    return w;
  };
  for (int i = 0; i < 20; ++i) give(i, write(*a, {entry(i)}));
  give(20, write(*b, {entry(99)}, nullptr, Lease{"other", 9}));
  give(21, write("nope", {entry(1)}));
  give(22, write(*b, {entry(1), entry(2)}, {{"w", 1}}));
  give(23, write(*b, {entry(3)}));
  {
    std::unique_lock lock(m);
    ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(20), [&] { return told.size() >= 24; }));
  }
  std::map<int, std::string> codes;
  for (const auto& [n, e] : told) codes[n] = e ? e->code : "";
  ASSERT_EQ(codes.size(), 24u) << "each write's outcome is told once";
  for (int i = 0; i < 20; ++i) EXPECT_EQ(codes[i], "") << i;
  EXPECT_EQ(codes[20], errc::kFenced);
  EXPECT_EQ(codes[21], errc::kUnknownTable);
  EXPECT_EQ(codes[22], "");
  EXPECT_EQ(codes[23], errc::kFinished) << "after the game's end nothing more";
  auto ta = store.load(*a);
  ASSERT_EQ(ta->entries.size(), 20u);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(ta->entries[static_cast<std::size_t>(i)].action, i);
  auto tb = store.load(*b);
  ASSERT_EQ(tb->entries.size(), 2u) << "the fenced write left nothing";
  EXPECT_EQ(tb->result, Json({{"w", 1}}));
}

TYPED_TEST(TableStoreContract, AChosenIdIsKeptAndCannotBeTakenTwice) {
  auto& store = this->tables();
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
TYPED_TEST(TableStoreContract, AcquireFencesTheFormerHoldersWrites) {
  using namespace std::chrono_literals;
  auto& store = this->tables();
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
       {store.append(*a, *n1, std::vector{e}), store.finish(*a, *n1, {}, Json{{"w", 0}}),
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
  ASSERT_FALSE(store.finish(*a, *n1again, {}, Json{{"w", 0}}));
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

// The race fencing is for: a node keeps appending while another acquires the
// table. Every append that succeeded is in the table the new holder loads
// right after acquire returned, and nothing the old holder sends lands after.
TYPED_TEST(TableStoreContract, NoWriteOfTheFormerHolderLandsAfterAcquireReturns) {
  using namespace std::chrono_literals;
  auto& store = this->tables();
  auto a = store.create({.game = "high-card", .players = 2}, {});
  ASSERT_TRUE(a);
  auto n1 = store.acquire(*a, "n1", 1h);
  ASSERT_TRUE(n1);
  std::atomic<int> landed{0};
  std::atomic<bool> fenced{false};
  std::thread writer([&] {
    const auto give_up = std::chrono::steady_clock::now() + 60s;
    for (int k = 0; !fenced && std::chrono::steady_clock::now() < give_up; ++k) {
      const Entry e{.seat = 0, .action = k, .json = k};
      if (auto err = store.append(*a, *n1, std::span(&e, 1))) {
        EXPECT_EQ(err->code, errc::kFenced) << err->message;
        fenced = true;
      } else {
        ++landed;
      }
    }
  });
  while (landed < 5) std::this_thread::sleep_for(1ms);
  auto n2 = store.acquire(*a, "n2", 1h);
  ASSERT_TRUE(n2);
  const std::size_t seen = store.load(*a)->entries.size();
  writer.join();
  ASSERT_TRUE(fenced);
  EXPECT_EQ(seen, static_cast<std::size_t>(landed.load()))
      << "every acknowledged append is there, and none came after the acquire";
  EXPECT_EQ(store.load(*a)->entries.size(), seen);
}

// renew extends what the node still holds and names what it lost.
TYPED_TEST(TableStoreContract, RenewAnswersTheIdsTheNodeLost) {
  using namespace std::chrono_literals;
  auto& store = this->tables();
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
TYPED_TEST(TableStoreContract, ExpiredListsUnfinishedTablesAndLobbiesWhoseLeaseRanOut) {
  using namespace std::chrono_literals;
  auto& store = this->tables();
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
  ASSERT_FALSE(store.finish(*done, *ld, {}, Json{{"w", 0}}));
  std::this_thread::sleep_for(30ms);
  EXPECT_EQ(store.expired(), (std::vector<TableId>{*a, "L1"}));
  // Taken over: no longer expired.
  ASSERT_TRUE(store.acquire(*a, "n2", 1h));
  EXPECT_EQ(store.expired(), (std::vector<TableId>{"L1"}));
}

// Lobbies: only the latest spec of each is kept, oldest first, until dropped.
TYPED_TEST(TableStoreContract, LobbiesAreSavedReplacedListedAndDropped) {
  auto& store = this->tables();
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

// Who a lobby is for (server/lobby.h, Audience: a rating range, friends
// only) and its host's rating are stored with it, as the server's plan
// writes them, and read back whole, replaced when the lobby is saved again.
TYPED_TEST(TableStoreContract, ALobbysAudienceIsStoredWithItAndReadBack) {
  auto& store = this->tables();
  Json plan = {
      {"host", "h0"},
      {"seats", {{{"kind", "person"}, {"token", ""}}, {{"kind", "person"}, {"token", ""}}}},
      {"audience", {{"min_rating", 1400}, {"max_rating", 1600}, {"friends_only", true}}},
      {"host_rating", 1712}};
  TableSpec lobby{.id = "L7", .game = "high-card", .players = 2, .options = {{"server", plan}}};
  ASSERT_FALSE(store.save_lobby(lobby, {}));
  auto all = store.lobbies();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].options["server"]["audience"], plan["audience"]);
  EXPECT_EQ(all[0].options["server"]["host_rating"], 1712);
  // A rating range without friends only, saved again in its place.
  lobby.options["server"]["audience"] = {{"max_rating", 1200}, {"friends_only", false}};
  ASSERT_FALSE(store.save_lobby(lobby, {}));
  all = store.lobbies();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].options["server"]["audience"],
            Json({{"max_rating", 1200}, {"friends_only", false}}));
}

// A room writes through the store and resumes from it, whatever the store.
TYPED_TEST(TableStoreContract, AReviewIsKeptPerTableAndKeyAndReplacedWhenSavedAgain) {
  auto& store = this->tables();
  auto a = store.create({.game = "high-card", .players = 2}, {});
  ASSERT_TRUE(a);
  auto none = store.load_review(*a, "0|en|1000");
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->is_null()) << "never made: null";
  const Json first = {{"seat", 0}, {"decisions", Json::array({{{"p", 0.5}}})}};
  ASSERT_FALSE(store.save_review(*a, "0|en|1000", first));
  ASSERT_FALSE(store.save_review(*a, "1|it|1000", {{"seat", 1}}));
  EXPECT_EQ(*store.load_review(*a, "0|en|1000"), first);
  EXPECT_EQ(*store.load_review(*a, "1|it|1000"), Json({{"seat", 1}}));
  EXPECT_TRUE(store.load_review("other", "0|en|1000")->is_null()) << "per table";
  const Json second = {{"seat", 0}, {"decisions", Json::array()}};
  ASSERT_FALSE(store.save_review(*a, "0|en|1000", second));
  EXPECT_EQ(*store.load_review(*a, "0|en|1000"), second) << "saved again: replaced";
}

TYPED_TEST(TableStoreContract, ARoomStoresAndResumesItsGame) {
  auto& store = this->tables();
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

// --- The account store (store/account_store.h).

Account account_called(const std::string& id, const std::string& name) {
  std::string folded = name;
  for (char& c : folded) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return {.id = id,
          .name = name,
          .folded = folded,
          .password_hash = "$argon2id$" + id,
          .created = 1700000000000};
}

TYPED_TEST(AccountStoreContract, AnAccountsFoldedNameIsUniqueAndItIsFoundByIdOrName) {
  auto& store = this->accounts();
  ASSERT_FALSE(store.create_account(account_called("a1", "Anna")));
  auto again = store.create_account(account_called("a2", "ANNA"));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->code, errc::kAccountExists) << "the same name ignoring case";
  auto byid = store.account("a1");
  ASSERT_TRUE(byid);
  ASSERT_TRUE(byid->has_value());
  EXPECT_EQ((*byid)->name, "Anna");
  EXPECT_EQ((*byid)->password_hash, "$argon2id$a1");
  EXPECT_EQ((*byid)->created, 1700000000000);
  EXPECT_FALSE((*byid)->hidden);
  auto byname = store.account_named("anna");
  ASSERT_TRUE(byname && byname->has_value());
  EXPECT_EQ((*byname)->id, "a1");
  EXPECT_FALSE(store.account("a2")->has_value());
  EXPECT_FALSE(store.account_named("ben")->has_value());
  Account changed = **byid;
  changed.password_hash = "$argon2id$new";
  changed.hidden = true;
  ASSERT_FALSE(store.update_account(changed));
  EXPECT_EQ((*store.account("a1"))->password_hash, "$argon2id$new");
  EXPECT_TRUE((*store.account("a1"))->hidden);
  auto unknown = store.update_account(account_called("zz", "Zed"));
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->code, errc::kUnknownAccount);
}

TYPED_TEST(AccountStoreContract, SessionsExpireAndAreDroppedOneOrAllButOne) {
  auto& store = this->accounts();
  ASSERT_FALSE(store.create_account(account_called("a1", "Anna")));
  ASSERT_FALSE(store.add_session("h1", "a1", 2000));
  ASSERT_FALSE(store.add_session("h2", "a1", 2000));
  ASSERT_FALSE(store.add_session("h3", "a1", 2000));
  EXPECT_EQ(*store.session("h1", 1000), std::optional<std::string>("a1"));
  EXPECT_FALSE(store.session("h1", 2000)->has_value()) << "expired";
  EXPECT_FALSE(store.session("nope", 1000)->has_value());
  ASSERT_FALSE(store.drop_session("h1"));
  EXPECT_FALSE(store.session("h1", 1000)->has_value());
  ASSERT_FALSE(store.drop_sessions("a1", "h3"));
  EXPECT_FALSE(store.session("h2", 1000)->has_value());
  EXPECT_TRUE(store.session("h3", 1000)->has_value()) << "the one kept";
}

TYPED_TEST(AccountStoreContract, ARecoveryCodeWorksOnce) {
  auto& store = this->accounts();
  ASSERT_FALSE(store.set_recovery_codes("a1", {"c1", "c2", "c3"}));
  EXPECT_EQ(*store.recovery_codes_left("a1"), 3);
  EXPECT_TRUE(*store.use_recovery_code("a1", "c2"));
  EXPECT_FALSE(*store.use_recovery_code("a1", "c2")) << "used up";
  EXPECT_FALSE(*store.use_recovery_code("a2", "c1")) << "another account's";
  EXPECT_EQ(*store.recovery_codes_left("a1"), 2);
  ASSERT_FALSE(store.set_recovery_codes("a1", {"d1"}));
  EXPECT_FALSE(*store.use_recovery_code("a1", "c1")) << "replaced";
  EXPECT_EQ(*store.recovery_codes_left("a1"), 1);
}

TYPED_TEST(AccountStoreContract, TheKeyringListsNewestFirstAndTellsWhoSitsAtATable) {
  auto& store = this->accounts();
  ASSERT_FALSE(store.add_to_keyring("a1", {"t1", 0, "tok0", 100}));
  ASSERT_FALSE(store.add_to_keyring("a1", {"t2", -2, "host", 200}));
  ASSERT_FALSE(store.add_to_keyring("a2", {"t1", 1, "tok1", 150}));
  ASSERT_FALSE(store.add_to_keyring("a1", {"t3", 2, "tok2", 300}));
  auto k = store.keyring("a1", 200);
  ASSERT_TRUE(k);
  ASSERT_EQ(k->size(), 3u);
  EXPECT_EQ((*k)[0].table, "t3");
  EXPECT_EQ((*k)[0].seat, 2);
  EXPECT_EQ((*k)[0].token, "tok2");
  EXPECT_EQ((*k)[1].table, "t2");
  EXPECT_EQ((*k)[1].seat, -2);
  EXPECT_EQ((*k)[2].table, "t1");
  EXPECT_EQ((*k)[2].added, 100);
  EXPECT_EQ(store.keyring("a1", 2)->size(), 2u) << "at most the limit";
  // The same seat again: one row, its token replaced, newest now.
  ASSERT_FALSE(store.add_to_keyring("a1", {"t1", 0, "tok0b", 400}));
  k = store.keyring("a1", 200);
  ASSERT_EQ(k->size(), 3u);
  EXPECT_EQ((*k)[0].table, "t1");
  EXPECT_EQ((*k)[0].token, "tok0b");
  const std::map<int, std::string> at = {{0, "a1"}, {1, "a2"}};
  EXPECT_EQ(*store.accounts_at("t1"), at);
  EXPECT_TRUE(store.accounts_at("t2")->empty()) << "a host token holds no seat";
}

TYPED_TEST(AccountStoreContract, FriendsInvitationsAndRatingsAreKeptPerAccount) {
  auto& store = this->accounts();
  ASSERT_FALSE(store.add_friend("a1", "a2"));
  ASSERT_FALSE(store.add_friend("a1", "a3"));
  ASSERT_FALSE(store.add_friend("a1", "a2"));
  EXPECT_EQ(*store.friends("a1"), (std::vector<std::string>{"a2", "a3"}));
  EXPECT_TRUE(store.friends("a2")->empty()) << "one way";
  ASSERT_FALSE(store.remove_friend("a1", "a2"));
  EXPECT_EQ(*store.friends("a1"), (std::vector<std::string>{"a3"}));

  ASSERT_FALSE(store.invite({"a2", "t1", "ufo", "Ufo!", "Anna", 10}));
  ASSERT_FALSE(store.invite({"a2", "t2", "fg", "First Giants", "Anna", 20}));
  ASSERT_FALSE(store.invite({"a2", "t1", "ufo", "Ufo!", "Carla", 30}));
  auto inv = store.invitations("a2");
  ASSERT_TRUE(inv);
  ASSERT_EQ(inv->size(), 2u) << "one per table";
  EXPECT_EQ((*inv)[0].table, "t2");
  EXPECT_EQ((*inv)[1].from, "Carla");
  EXPECT_EQ((*inv)[1].at, 30);
  EXPECT_EQ((*inv)[1].title, "Ufo!");
  ASSERT_FALSE(store.dismiss_invitation("a2", "t2"));
  EXPECT_EQ(store.invitations("a2")->size(), 1u);

  EXPECT_FALSE(store.rating("a1", "ufo")->has_value());
  ASSERT_FALSE(store.save_rating("a1", "ufo", {1620.5, 120.25, 0.0599, 3}));
  auto r = store.rating("a1", "ufo");
  ASSERT_TRUE(r && r->has_value());
  EXPECT_DOUBLE_EQ((*r)->rating, 1620.5);
  EXPECT_DOUBLE_EQ((*r)->rd, 120.25);
  EXPECT_DOUBLE_EQ((*r)->volatility, 0.0599);
  EXPECT_EQ((*r)->games, 3);
  EXPECT_FALSE(store.rating("a1", "fg")->has_value());
}

// A game's leaderboard: rated accounts that are not hidden, highest rating
// first (equal ratings by id), paged; a place is where the account stands
// among those.
TYPED_TEST(AccountStoreContract, ALeaderboardListsRatedVisibleAccountsBestFirstInPages) {
  auto& store = this->accounts();
  for (const auto& [id, name] : std::vector<std::pair<std::string, std::string>>{
           {"a1", "Anna"}, {"a2", "Ben"}, {"a3", "Carla"}, {"a4", "Dora"}, {"a5", "Emil"}})
    ASSERT_FALSE(store.create_account(account_called(id, name)));
  ASSERT_FALSE(store.save_rating("a1", "ufo", {1600, 80, 0.06, 9}));
  ASSERT_FALSE(store.save_rating("a2", "ufo", {1720, 200, 0.06, 2}));
  ASSERT_FALSE(store.save_rating("a3", "ufo", {1600, 90, 0.06, 7}));
  ASSERT_FALSE(store.save_rating("a4", "ufo", {1800, 60, 0.06, 20}));
  ASSERT_FALSE(store.save_rating("a5", "fg", {1900, 60, 0.06, 20}));  // another game
  auto hidden = *store.account("a4");
  hidden->hidden = true;
  ASSERT_FALSE(store.update_account(*hidden));

  auto board = store.leaderboard("ufo", 0, 10);
  ASSERT_TRUE(board);
  ASSERT_EQ(board->size(), 3u) << "Dora is hidden, Emil has no Ufo! rating";
  EXPECT_EQ((*board)[0].name, "Ben");
  EXPECT_DOUBLE_EQ((*board)[0].rating.rd, 200);
  EXPECT_EQ((*board)[0].rating.games, 2);
  EXPECT_EQ((*board)[1].account, "a1") << "1600 and 1600: by id";
  EXPECT_EQ((*board)[2].account, "a3");
  for (std::size_t i = 0; i < board->size(); ++i) EXPECT_EQ((*board)[i].place, std::int64_t(i));

  auto page = store.leaderboard("ufo", 1, 1);
  ASSERT_TRUE(page);
  ASSERT_EQ(page->size(), 1u);
  EXPECT_EQ((*page)[0].name, "Anna");
  EXPECT_EQ((*page)[0].place, 1);
  EXPECT_TRUE(store.leaderboard("ufo", 3, 10)->empty());
  EXPECT_TRUE(store.leaderboard("high-card", 0, 10)->empty());

  EXPECT_EQ(*store.board_place("a3", "ufo"), std::optional<std::int64_t>(2));
  EXPECT_EQ(*store.board_place("a2", "ufo"), std::optional<std::int64_t>(0));
  EXPECT_FALSE(store.board_place("a4", "ufo")->has_value()) << "hidden";
  EXPECT_FALSE(store.board_place("a5", "ufo")->has_value()) << "not rated there";
  EXPECT_EQ(*store.board_place("a5", "fg"), std::optional<std::int64_t>(0));
}

// Tournaments: a row saved is read back whole, saved again it is replaced,
// and listed latest start first, by phase or all.
TYPED_TEST(AccountStoreContract, TournamentsAreSavedReplacedAndListedByStart) {
  auto& store = this->accounts();
  EXPECT_FALSE(store.tournament("u1")->has_value());
  const TournamentRow first{"u1", "Autumn cup", "ufo", "open", 2000, R"({"rounds":3})"};
  ASSERT_FALSE(store.save_tournament(first));
  ASSERT_FALSE(store.save_tournament({"u2", "Winter", "fg", "open", 3000, "{}"}));
  ASSERT_FALSE(store.save_tournament({"u3", "Spring", "ufo", "finished", 1000, "{}"}));
  auto got = store.tournament("u1");
  ASSERT_TRUE(got && got->has_value());
  EXPECT_EQ((*got)->name, "Autumn cup");
  EXPECT_EQ((*got)->game, "ufo");
  EXPECT_EQ((*got)->starts, 2000);
  EXPECT_EQ((*got)->doc, R"({"rounds":3})");
  TournamentRow later = first;
  later.phase = "playing";
  later.doc = R"({"rounds":3,"round":1})";
  ASSERT_FALSE(store.save_tournament(later));
  got = store.tournament("u1");
  EXPECT_EQ((*got)->phase, "playing");
  EXPECT_EQ((*got)->doc, later.doc);
  auto all = store.tournaments("", 10);
  ASSERT_TRUE(all);
  ASSERT_EQ(all->size(), 3u);
  EXPECT_EQ((*all)[0].id, "u2");
  EXPECT_EQ((*all)[1].id, "u1");
  EXPECT_EQ((*all)[2].id, "u3");
  EXPECT_EQ(store.tournaments("", 1)->size(), 1u);
  auto open = store.tournaments("open", 10);
  ASSERT_EQ(open->size(), 1u);
  EXPECT_EQ((*open)[0].id, "u2");
}

TYPED_TEST(AccountStoreContract, DeletingAnAccountDeletesEverythingOfItAndFreesItsName) {
  auto& store = this->accounts();
  ASSERT_FALSE(store.create_account(account_called("a1", "Anna")));
  ASSERT_FALSE(store.create_account(account_called("a2", "Ben")));
  ASSERT_FALSE(store.add_session("h1", "a1", 2000));
  ASSERT_FALSE(store.set_recovery_codes("a1", {"c1"}));
  ASSERT_FALSE(store.add_to_keyring("a1", {"t1", 0, "tok", 1}));
  ASSERT_FALSE(store.add_friend("a1", "a2"));
  ASSERT_FALSE(store.add_friend("a2", "a1"));
  ASSERT_FALSE(store.invite({"a1", "t1", "ufo", "Ufo!", "Ben", 1}));
  ASSERT_FALSE(store.save_rating("a1", "ufo", {}));
  ASSERT_FALSE(store.delete_account("a1"));
  EXPECT_FALSE(store.account("a1")->has_value());
  EXPECT_FALSE(store.session("h1", 1000)->has_value());
  EXPECT_EQ(*store.recovery_codes_left("a1"), 0);
  EXPECT_TRUE(store.keyring("a1", 200)->empty());
  EXPECT_TRUE(store.accounts_at("t1")->empty());
  EXPECT_TRUE(store.friends("a1")->empty());
  EXPECT_TRUE(store.friends("a2")->empty()) << "nobody's friend any more";
  EXPECT_TRUE(store.invitations("a1")->empty());
  EXPECT_FALSE(store.rating("a1", "ufo")->has_value());
  EXPECT_TRUE(store.account("a2")->has_value()) << "the others stay";
  EXPECT_FALSE(store.create_account(account_called("a3", "anna"))) << "the name is free again";
}

// A name that looks like another (its skeleton, computed by the server) is
// taken too, so nobody can pass for another; accounts made before skeletons
// were kept have none until the server gives them one.
TYPED_TEST(AccountStoreContract, AnAccountsSkeletonIsUniqueAmongThoseThatHaveOne) {
  auto& store = this->accounts();
  Account anna = account_called("a1", "Anna");
  anna.skeleton = "anna";
  ASSERT_FALSE(store.create_account(anna));
  Account cyrillic = account_called("a2", "\u0410nna");
  cyrillic.skeleton = "anna";
  auto taken = store.create_account(cyrillic);
  ASSERT_TRUE(taken) << "another folded name, the same skeleton";
  EXPECT_EQ(taken->code, errc::kAccountExists);
  EXPECT_FALSE(store.account("a2")->has_value());
  // Without a skeleton (made before them): any number of them.
  ASSERT_FALSE(store.create_account(account_called("a3", "Old one")));
  ASSERT_FALSE(store.create_account(account_called("a4", "Old two")));
  auto without = store.accounts_without_skeleton(10);
  ASSERT_TRUE(without);
  std::set<std::string> ids;
  for (const Account& a : *without) ids.insert(a.id);
  EXPECT_EQ(ids, (std::set<std::string>{"a3", "a4"}));
  EXPECT_EQ(store.accounts_without_skeleton(1)->size(), 1u) << "at most the limit";
  // Given one: refused if another has it (nothing written), else kept.
  Account three = **store.account("a3");
  three.skeleton = "anna";
  three.hidden = true;
  auto clash = store.update_account(three);
  ASSERT_TRUE(clash);
  EXPECT_EQ(clash->code, errc::kAccountExists);
  EXPECT_EQ((*store.account("a3"))->skeleton, "");
  EXPECT_FALSE((*store.account("a3"))->hidden) << "nothing written";
  three.skeleton = "old one";
  three.friends_only = true;
  ASSERT_FALSE(store.update_account(three));
  EXPECT_EQ((*store.account("a3"))->skeleton, "old one");
  EXPECT_TRUE((*store.account("a3"))->friends_only);
  EXPECT_TRUE((*store.account_named("old one"))->hidden);
  EXPECT_EQ(store.accounts_without_skeleton(10)->size(), 1u);
  EXPECT_FALSE((*store.account("a1"))->friends_only) << "off unless set";
  EXPECT_EQ((*store.account("a1"))->skeleton, "anna");
}

// Sign-ups at once with names that look the same: one account only.
TYPED_TEST(AccountStoreContract, AccountsCreatedAtOnceWithOneSkeletonMakeOneAccount) {
  auto& store = this->accounts();
  constexpr int kThreads = 8;
  std::atomic<int> made{0}, refused{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([&, i] {
      Account a = account_called("id" + std::to_string(i), "Anna" + std::string(i, '-'));
      a.skeleton = "anna";
      auto e = store.create_account(a);
      if (!e)
        ++made;
      else if (e->code == errc::kAccountExists)
        ++refused;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(made, 1);
  EXPECT_EQ(refused, kThreads - 1);
}

TYPED_TEST(AccountStoreContract, KnownDevicesArePerAccountAndForgotten) {
  auto& store = this->accounts();
  ASSERT_FALSE(store.create_account(account_called("a1", "Anna")));
  ASSERT_FALSE(store.create_account(account_called("a2", "Ben")));
  ASSERT_FALSE(store.add_device("d1", "a1", 100));
  ASSERT_FALSE(store.add_device("d1", "a2", 100)) << "a shared browser";
  ASSERT_FALSE(store.add_device("d2", "a1", 100));
  ASSERT_FALSE(store.add_device("d2", "a1", 200)) << "again: its time replaced";
  EXPECT_TRUE(*store.known_device("d1", "a1"));
  EXPECT_TRUE(*store.known_device("d1", "a2"));
  EXPECT_FALSE(*store.known_device("d2", "a2")) << "another account's device";
  EXPECT_FALSE(*store.known_device("d3", "a1"));
  // One browser signed in to both (ratings: docs/ratings.md), lately or not.
  EXPECT_TRUE(*store.shared_device("a1", "a2", 100));
  EXPECT_TRUE(*store.shared_device("a2", "a1", 50));
  EXPECT_FALSE(*store.shared_device("a1", "a2", 101)) << "longer ago than asked";
  ASSERT_FALSE(store.create_account(account_called("a3", "Cleo")));
  ASSERT_FALSE(store.add_device("d3", "a3", 300));
  EXPECT_FALSE(*store.shared_device("a1", "a3", 0)) << "no browser in common";
  ASSERT_FALSE(store.drop_devices("a1", "d2"));
  EXPECT_FALSE(*store.known_device("d1", "a1"));
  EXPECT_TRUE(*store.known_device("d2", "a1")) << "the one kept";
  EXPECT_TRUE(*store.known_device("d1", "a2")) << "the other account's stay";
  ASSERT_FALSE(store.delete_account("a2"));
  EXPECT_FALSE(*store.known_device("d1", "a2")) << "deleted with its account";
}

TYPED_TEST(TableStoreContract, ASeatIsRenamedInTheSpecAndTheRecordStillReplays) {
  auto& store = this->tables();
  const Json server = {{"seats", Json::array({{{"kind", "person"}, {"name", "Anna"}},
                                              {{"kind", "person"}, {"name", "Ben"}}})}};
  auto id = store.create({.game = "high-card",
                          .players = 2,
                          .seats = {"Anna", "Ben"},
                          .options = {{"server", server}}},
                         {});
  ASSERT_TRUE(id);
  ASSERT_FALSE(store.append(*id, {}, std::vector<Entry>{{.seat = 0, .action = 3}}));
  ASSERT_FALSE(store.rename_seat(*id, 1, "a former player"));
  auto t = store.load(*id);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->spec.seats, (std::vector<std::string>{"Anna", "a former player"}));
  EXPECT_EQ(t->spec.options["server"]["seats"][1]["name"], "a former player");
  EXPECT_EQ(t->spec.options["server"]["seats"][0]["name"], "Anna");
  ASSERT_EQ(t->entries.size(), 1u) << "the game's entries are untouched";
  EXPECT_EQ(t->entries[0].action, 3);
  auto unknown = store.rename_seat("nope", 0, "x");
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->code, errc::kUnknownTable);
}

// Pacing (sqlite_store.h): a lone table's writes commit at once, each
// alone; once tables' writes come together (a commit carried two), writes
// that arrive within the pace of the last commit wait for one commit
// together, but a caller that waits for its write is not held back.
TEST(SqliteStore, WritesThatComeTogetherShareAPacedCommitAndALoneWriterIsNotHeldBack) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("meeple_store_pace_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  {
    constexpr auto kPace = std::chrono::milliseconds(400);
    auto s = SqliteStore::open(path.string(), kPace);
    ASSERT_TRUE(s) << s.error().message;
    SqliteTableStore& store = (*s)->tables();
    auto id = store.create({.game = "g", .players = 2}, {});
    ASSERT_TRUE(id);
    const auto entry = [](Action x) { return Entry{.seat = 0, .action = x, .json = x}; };
    std::mutex m;
    std::condition_variable cv;
    int told = 0;
    bool hold = false;
    const auto give = [&](Action x) {
      Write w;
      w.id = *id;
      w.entries = {entry(x)};
      store.write_async(std::move(w), [&](MaybeError e) {
        EXPECT_FALSE(e);
        std::unique_lock lock(m);
        ++told;
        cv.notify_all();
        cv.wait(lock, [&] { return !hold; });  // holds the commit thread
      });
    };
    const auto wait_told = [&](int n) {
      std::unique_lock lock(m);
      return cv.wait_for(lock, std::chrono::seconds(20), [&] { return told >= n; });
    };
    const auto elapsed = [](auto since) { return std::chrono::steady_clock::now() - since; };

    // A lone table: five writes, each given when the last is told.
    auto start = std::chrono::steady_clock::now();
    auto before = store.stats().commits;
    for (int i = 0; i < 5; ++i) {
      give(i);
      ASSERT_TRUE(wait_told(i + 1));
    }
    EXPECT_EQ(store.stats().commits - before, 5u) << "each write commits alone";
    EXPECT_LT(elapsed(start), kPace) << "and none waits for the pace";

    // Two writes queued while the commit thread is held: one commit carries both.
    {
      std::lock_guard lock(m);
      hold = true;
    }
    give(5);
    ASSERT_TRUE(wait_told(6));
    give(6);
    give(7);
    {
      std::lock_guard lock(m);
      hold = false;
    }
    cv.notify_all();
    ASSERT_TRUE(wait_told(8));
    // Three writes 20 ms apart, within the pace of that commit: one commit.
    before = store.stats().commits;
    for (Action x : {8, 9, 10}) {
      give(x);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ASSERT_TRUE(wait_told(11));
    EXPECT_EQ(store.stats().commits - before, 1u) << "the three writes share one commit";

    // A caller that waits, within the pace of that commit: not held back.
    start = std::chrono::steady_clock::now();
    const Entry e = entry(11);
    ASSERT_FALSE(store.append(*id, {}, std::span(&e, 1)));
    EXPECT_LT(elapsed(start), kPace / 2) << "an append that is waited for commits at once";

    auto t = store.load(*id);
    ASSERT_TRUE(t);
    ASSERT_EQ(t->entries.size(), 12u);
    for (int k = 0; k < 12; ++k) EXPECT_EQ(t->entries[static_cast<std::size_t>(k)].action, k);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
}

// Appends from many threads at once all land, each table's in order, and
// share commits (group commit): fewer transactions than writes.
// The commit thread carries a name of its own, so an operator's top or perf,
// and the measurements of docs/benchmarks.md, tell it from the rest.
TEST(SqliteStore, TheCommitThreadIsNamed) {
  const auto named = [] {
    int n = 0;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
      std::ifstream comm(task.path() / "comm");
      std::string name;
      std::getline(comm, name);
      n += name == "meeple-commit";
    }
    return n;
  };
  const int before = named();
  {
    auto s = SqliteStore::open(":memory:");
    ASSERT_TRUE(s) << s.error().message;
    // Its thread names itself as it starts: a write has passed through it.
    ASSERT_TRUE((*s)->tables().create({.game = "g", .players = 2}, {}));
    EXPECT_EQ(named(), before + 1);
  }
  EXPECT_EQ(named(), before) << "and it ends with its store";
}

TEST(SqliteStore, ConcurrentAppendsShareCommitsAndAllLand) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("meeple_store_test_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  {
    auto s = SqliteStore::open(path.string());
    ASSERT_TRUE(s) << s.error().message;
    SqliteTableStore& store = (*s)->tables();
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
    EXPECT_EQ((*s)->tables().list(false).size(), 16u);
    ASSERT_FALSE((*s)->tables().save_lobby({.id = "lobby", .game = "g", .players = 2}, {}));
  }
  {
    // A lobby too.
    auto s = SqliteStore::open(path.string());
    ASSERT_TRUE(s);
    ASSERT_EQ((*s)->tables().lobbies().size(), 1u);
    EXPECT_EQ((*s)->tables().lobbies()[0].id, "lobby");
    EXPECT_EQ((*s)->tables().lobbies()[0].players, 2);
    EXPECT_EQ((*s)->tables().load((*s)->tables().list(false)[3].id)->entries.size(), 40u);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
}

// A fresh file's path for one test; removed (with its WAL) when it ends.
struct TempDb {
  explicit TempDb(const std::string& name)
      : path((std::filesystem::temp_directory_path() /
              ("meeple_" + name + "_" + std::to_string(::getpid()) + ".db"))
                 .string()) {
    remove();
  }
  ~TempDb() { remove(); }
  void remove() const {
    for (const char* end : {"", "-wal", "-shm", ".damaged"}) std::filesystem::remove(path + end);
  }
  std::string path;
};

// Gives each table one write of `entries` through write_async, all at once,
// and waits for every outcome.
std::map<TableId, MaybeError> write_to_each(TableStore& store, const std::vector<TableId>& ids,
                                            const std::vector<Entry>& entries) {
  std::mutex m;
  std::condition_variable cv;
  std::map<TableId, MaybeError> outcome;
  std::size_t left = ids.size();
  for (const TableId& id : ids) {
    Write w;
    w.id = id;
    w.entries = entries;
    store.write_async(std::move(w), [&, id](MaybeError e) {
      std::lock_guard lock(m);
      outcome[id] = std::move(e);
      if (--left == 0) cv.notify_one();
    });
  }
  std::unique_lock lock(m);
  cv.wait(lock, [&] { return left == 0; });
  return outcome;
}

// The commit thread keeps what it knows of its tables (their lease and count
// of entries); another connection's writes to the file must count all the
// same: the other store's lease fences this one's writes, and the entries it
// appended are counted before this store appends the next.
TEST(SqliteStore, TwoStoresOnOneFileSeeEachOthersWrites) {
  using namespace std::chrono_literals;
  TempDb db("two_stores");
  auto a = SqliteStore::open(db.path);
  auto b = SqliteStore::open(db.path);
  ASSERT_TRUE(a && b);
  auto id = (*a)->tables().create({.game = "high-card", .players = 2}, {});
  ASSERT_TRUE(id);
  const Entry e0{.seat = 0, .action = 0, .json = 0}, e1{.seat = 1, .action = 1, .json = 1},
      e2{.seat = 0, .action = 2, .json = 2}, e3{.seat = 1, .action = 3, .json = 3};
  ASSERT_FALSE((*a)->tables().append(*id, {}, std::span(&e0, 1)));
  ASSERT_FALSE((*b)->tables().append(*id, {}, std::span(&e1, 1)));
  auto e = (*a)->tables().append(*id, {}, std::span(&e2, 1));
  ASSERT_FALSE(e) << "the second entry B appended is counted: " << e->message;
  auto n1 = (*b)->tables().acquire(*id, "n1", 1h);
  ASSERT_TRUE(n1);
  auto fenced = (*a)->tables().append(*id, {}, std::span(&e3, 1));
  ASSERT_TRUE(fenced) << "B's acquire fences A's writes with the former lease";
  EXPECT_EQ(fenced->code, errc::kFenced);
  ASSERT_FALSE((*a)->tables().finish(*id, *n1, std::span(&e3, 1), Json{{"w", 0}}));
  auto t = (*b)->tables().load(*id);
  ASSERT_TRUE(t);
  ASSERT_EQ(t->entries.size(), 4u);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(t->entries[static_cast<std::size_t>(k)].action, k);
  EXPECT_TRUE(t->finished());
  auto late = (*b)->tables().append(*id, *n1, std::span(&e0, 1));
  ASSERT_TRUE(late);
  EXPECT_EQ(late->code, errc::kFinished) << "A's finish is seen by B";
}

// A write refused after it changed rows (here a trigger refuses its second
// entry) leaves nothing of itself, and the writes committed with it land.
TEST(SqliteStore, AWriteRefusedHalfwayLeavesNothingAndItsBatchLands) {
  TempDb db("halfway");
  auto s = SqliteStore::open(db.path);
  ASSERT_TRUE(s);
  SqliteTableStore& store = (*s)->tables();
  std::vector<TableId> ids;
  for (int i = 0; i < 20; ++i) ids.push_back(*store.create({.game = "g", .players = 2}, {}));
  const TableId refused = ids[7];
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db.path.c_str(), &raw), SQLITE_OK);
    const std::string trigger =
        "CREATE TRIGGER refuse AFTER INSERT ON entries WHEN NEW.seq = 1 "
        "AND NEW.table_id = '" +
        refused + "' BEGIN SELECT RAISE(ABORT, 'refused'); END;";
    ASSERT_EQ(sqlite3_exec(raw, trigger.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
  }
  auto outcome = write_to_each(
      store, ids, {Entry{.seat = 0, .action = 1, .json = 1}, Entry{.seat = kChance, .action = 2}});
  for (const TableId& id : ids) {
    EXPECT_EQ(outcome[id].has_value(), id == refused) << id;
    EXPECT_EQ(store.load(id)->entries.size(), id == refused ? 0u : 2u) << id;
  }
  // The store goes on: the refused table takes a one-entry write, the others more.
  const Entry one{.seat = 0, .action = 3, .json = 3};
  EXPECT_FALSE(store.append(refused, {}, std::span(&one, 1)));
  EXPECT_FALSE(store.append(ids[0], {}, std::span(&one, 1)));
  EXPECT_EQ(store.load(refused)->entries.size(), 1u);
  EXPECT_EQ(store.load(ids[0])->entries.size(), 3u);
}

// Checkpoints come less often than SQLite's default (sqlite_store.h), yet
// writes that never stop still let the WAL start again: through 20,000
// writes of a page or so, each commit following the last at once, it stays
// within the checkpoint interval (4,000 pages, about 16 MB; with no
// checkpoints it grows past 300 MB), and every write lands.
// A commit's WAL frames reach the file in a few writes (store/wal_buffer.h),
// not two or three a frame, and every one of them is there for another
// connection to read, and after the store closes.
TEST(SqliteStore, ACommitsFramesReachTheWalInAFewWritesAndAreAllRead) {
  TempDb db("wal_writes");
  std::vector<TableId> ids;
  {
    auto s = SqliteStore::open(db.path);
    ASSERT_TRUE(s) << s.error().message;
    for (int i = 0; i < 200; ++i)
      ids.push_back(*(*s)->tables().create({.game = "g", .players = 2}, {}));
    const auto before = wal_buffer_writes();
    for (const auto& [id, e] :
         write_to_each((*s)->tables(), ids, {Entry{.seat = 0, .action = 7, .json = 7}}))
      EXPECT_FALSE(e) << id;
    const auto calls = wal_buffer_writes() - before;
    EXPECT_GT(calls, 0u) << "the WAL is written through store/wal_buffer.h";
    EXPECT_LT(calls, ids.size() / 4) << "one write of one entry to each of " << ids.size()
                                     << " tables took " << calls << " write calls";
    auto other = SqliteStore::open(db.path);
    ASSERT_TRUE(other);
    for (const TableId& id : ids) {
      auto t = (*other)->tables().load(id);
      ASSERT_TRUE(t);
      ASSERT_EQ(t->entries.size(), 1u) << id;
      EXPECT_EQ(t->entries[0].json, 7);
    }
  }
  auto again = SqliteStore::open(db.path);
  ASSERT_TRUE(again);
  for (const TableId& id : ids) EXPECT_EQ((*again)->tables().load(id)->entries.size(), 1u) << id;
}

// The WAL's writes gathered (store/wal_buffer.h) under what SQLite does
// inside a transaction too large for its page cache: it writes frames before
// the commit, reads them back and writes some again in place. What a
// connection through the platform's own VFS then reads of the file is every
// row as written, and the file is whole.
TEST(SqliteStore, TheGatheredWalHoldsATransactionLargerThanThePageCache) {
  TempDb db("wal_spill");
  const auto exec = [](sqlite3* c, const std::string& sql) {
    char* message = nullptr;
    const int rc = sqlite3_exec(c, sql.c_str(), nullptr, nullptr, &message);
    const std::string text = message ? message : "";
    sqlite3_free(message);
    return rc == SQLITE_OK ? std::string() : text + " (" + sql + ")";
  };
  const auto number = [](sqlite3* c, const char* sql) {
    sqlite3_stmt* st = nullptr;
    std::int64_t n = -1;
    if (sqlite3_prepare_v2(c, sql, -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
      n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
  };
  sqlite3* w = nullptr;
  ASSERT_EQ(sqlite3_open_v2(db.path.c_str(), &w, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                            wal_buffer_vfs()),
            SQLITE_OK);
  const auto before = wal_buffer_writes();
  for (const char* sql :
       {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA cache_size=20",
        "CREATE TABLE t (k INTEGER PRIMARY KEY, v BLOB)", "BEGIN",
        // 2,000 rows of 1 KB: some 500 pages, in a cache of 20.
        "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 2000) "
        "INSERT INTO t SELECT k, zeroblob(1000) FROM n",
        // Pages written out before now are changed again.
        "UPDATE t SET v = randomblob(1000) WHERE k % 7 = 0",
        "UPDATE t SET v = zeroblob(1000 + k % 5) WHERE k % 11 = 0", "COMMIT"})
    ASSERT_EQ(exec(w, sql), "");
  EXPECT_GT(wal_buffer_writes(), before) << "the WAL was written through the VFS";
  const auto expected = number(w, "SELECT sum(length(v)) FROM t");
  sqlite3* r = nullptr;
  ASSERT_EQ(sqlite3_open_v2(db.path.c_str(), &r, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  EXPECT_EQ(number(r, "SELECT count(*) FROM t"), 2000);
  EXPECT_EQ(number(r, "SELECT sum(length(v)) FROM t"), expected);
  EXPECT_EQ(number(r,
                   "SELECT count(*) FROM t WHERE k % 7 = 0 AND k % 11 <> 0 AND "
                   "v = zeroblob(1000)"),
            0)
      << "the rows changed after their pages were written out read as changed";
  sqlite3_stmt* check = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(r, "PRAGMA integrity_check", -1, &check, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(check), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(check, 0)), "ok");
  sqlite3_finalize(check);
  sqlite3_close(r);
  sqlite3_close(w);
}

TEST(SqliteStore, TheWalStaysBoundedUnderWritesThatNeverStop) {
  TempDb db("wal_bound");
  auto s = SqliteStore::open(db.path, std::chrono::microseconds(0));
  ASSERT_TRUE(s) << s.error().message;
  SqliteTableStore& store = (*s)->tables();
  constexpr int kTables = 50, kRounds = 400;
  std::vector<TableId> ids;
  for (int i = 0; i < kTables; ++i) ids.push_back(*store.create({.game = "g", .players = 2}, {}));
  const Json big = std::string(3500, 'x');  // about a page of WAL a write
  std::uintmax_t largest = 0;
  int failed = 0;
  for (int round = 0; round < kRounds; ++round) {
    for (const auto& [id, e] :
         write_to_each(store, ids, {Entry{.seat = 0, .action = round, .json = big}}))
      failed += e.has_value();
    std::error_code ec;
    largest = std::max<std::uintmax_t>(largest, std::filesystem::file_size(db.path + "-wal", ec));
  }
  EXPECT_EQ(failed, 0);
  EXPECT_LT(largest, 20u << 20) << "the WAL grew to " << largest << " bytes";
  for (const TableId& id : ids) ASSERT_EQ(store.load(id)->entries.size(), std::size_t{kRounds});
}

// --- A damaged file: refused at the start with what was found
// and the way out, never served as a store with tables missing.

// `tables` tables of `entries` entries each, written to the store at `path`
// (a page of entries every few writes, so the file spans many pages).
std::vector<TableId> fill(TableStore& store, int tables, int entries) {
  std::vector<TableId> ids;
  for (int i = 0; i < tables; ++i) ids.push_back(*store.create({.game = "g", .players = 2}, {}));
  for (int k = 0; k < entries; ++k)
    for (const auto& [id, e] : write_to_each(
             store, ids,
             {Entry{.seat = 0, .action = k, .json = Json{{"move", std::string(300, 'm')}}}}))
      EXPECT_FALSE(e);
  return ids;
}

void expect_refused(const std::string& path, const std::string& finding) {
  auto s = SqliteStore::open(path);
  ASSERT_FALSE(s) << "a damaged file is served";
  EXPECT_EQ(s.error().code, errc::kDamaged);
  EXPECT_NE(s.error().message.find(finding), std::string::npos) << s.error().message;
  EXPECT_NE(s.error().message.find("meeple restore"), std::string::npos) << s.error().message;
  EXPECT_NE(s.error().message.find("meeple check"), std::string::npos) << s.error().message;
}

void flip(const std::string& path, std::uintmax_t at, int n = 16) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  for (int i = 0; i < n; ++i) {
    f.seekg(static_cast<std::streamoff>(at) + i);
    const char c = static_cast<char>(f.get() ^ 0xff);
    f.seekp(static_cast<std::streamoff>(at) + i);
    f.put(c);
  }
}

TEST(SqliteStore, AnEmptyFileIsRefusedNotTakenForANewStore) {
  TempDb db("empty_file");
  std::ofstream(db.path).close();
  expect_refused(db.path, "empty (0 bytes)");
}

TEST(SqliteStore, AFileCutInHalfIsRefused) {
  TempDb db("cut_file");
  {
    auto s = SqliteStore::open(db.path);
    ASSERT_TRUE(s);
    fill((*s)->tables(), 20, 40);
  }  // closed: the WAL is in the file
  std::filesystem::resize_file(db.path, std::filesystem::file_size(db.path) / 2);
  expect_refused(db.path, "is damaged: ");
}

// The files a killed server leaves (its WAL not checkpointed, its index
// mapped): copied while the store is open and has just written, then
// damaged as the issue's runs did.
TEST(SqliteStore, AWalCutDeletedOrFlippedAfterAKillIsRefused) {
  TempDb db("killed"), copy("killed_copy");
  auto s = SqliteStore::open(db.path);
  ASSERT_TRUE(s);
  const auto ids = fill((*s)->tables(), 20, 40);
  auto killed = [&] {
    copy.remove();
    for (const char* end : {"", "-wal", "-shm"})
      std::filesystem::copy_file(db.path + end, copy.path + end);
  };
  killed();
  {
    auto as_left = SqliteStore::open(copy.path);
    ASSERT_TRUE(as_left) << "a killed server's files as they are: " << as_left.error().message;
    for (const TableId& id : ids) EXPECT_EQ((*as_left)->tables().load(id)->entries.size(), 40u);
  }
  killed();
  const auto wal = std::filesystem::file_size(copy.path + "-wal");
  std::filesystem::resize_file(copy.path + "-wal", wal / 2);
  expect_refused(copy.path, "cut off");
  // Looking has run SQLite's recovery, which rebuilt the index that told of
  // the cut: the note made then keeps the file refused.
  expect_refused(copy.path, "cut off");
  killed();
  std::filesystem::remove(copy.path + "-wal");
  expect_refused(copy.path, "is gone");
  killed();
  flip(copy.path + "-wal", wal / 2);
  expect_refused(copy.path, "does not read back");
}

// Bytes flipped in an entry's JSON: the file's structure is whole, so it
// opens, and that table (only) loads as record/corrupt, never short.
TEST(SqliteStore, AnEntryThatDoesNotReadBackLoadsAsCorrupt) {
  TempDb db("flipped_entry");
  std::vector<TableId> ids;
  {
    auto s = SqliteStore::open(db.path);
    ASSERT_TRUE(s);
    ids = fill((*s)->tables(), 3, 20);
  }
  std::ifstream in(db.path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = bytes.find("{\"move\"", bytes.size() / 2);
  ASSERT_NE(at, std::string::npos);
  flip(db.path, at, 4);
  auto s = SqliteStore::open(db.path);
  ASSERT_TRUE(s) << s.error().message;
  int corrupt = 0;
  for (const TableId& id : ids) {
    auto t = (*s)->tables().load(id);
    if (!t) {
      EXPECT_EQ(t.error().code, meeple::errc::kCorruptRecord) << t.error().message;
      ++corrupt;
    } else {
      EXPECT_EQ(t->entries.size(), 20u);
    }
  }
  EXPECT_EQ(corrupt, 1);
}

// A store that takes no write for a moment checkpoints: its database file
// alone (a copy of it without the WAL) holds every table.
TEST(SqliteStore, AnIdleStoreCheckpointsSoTheFileAloneHoldsTheGames) {
  TempDb db("idle_checkpoint"), copy("idle_copy");
  auto s = SqliteStore::open(db.path);
  ASSERT_TRUE(s);
  const auto ids = fill((*s)->tables(), 5, 10);
  std::this_thread::sleep_for(std::chrono::seconds(3));
  std::filesystem::copy_file(db.path, copy.path);
  auto alone = SqliteStore::open(copy.path);
  ASSERT_TRUE(alone) << alone.error().message;
  for (const TableId& id : ids) {
    auto t = (*alone)->tables().load(id);
    ASSERT_TRUE(t) << t.error().message;
    EXPECT_EQ(t->entries.size(), 10u);
  }
}

// A backup taken while tables are written is one commit's database, whole
// and checked; restore puts it back, but not under a store that has the
// file open.
TEST(SqliteStore, ABackupTakenWhileWritingIsWholeAndRestores) {
  TempDb db("backed_up"), out("backup");
  auto s = SqliteStore::open(db.path);
  ASSERT_TRUE(s);
  const auto ids = fill((*s)->tables(), 10, 5);
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    for (int k = 5; !stop; ++k)
      write_to_each((*s)->tables(), ids, {Entry{.seat = 0, .action = k, .json = k}});
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  auto e = sqlite_backup(db.path, out.path);
  stop = true;
  writer.join();
  ASSERT_FALSE(e) << e->message;
  EXPECT_TRUE(sqlite_damage(out.path, true).empty());
  EXPECT_TRUE(sqlite_backup(db.path, out.path)) << "an existing file is not overwritten";
  std::vector<std::size_t> backed;
  {
    auto b = SqliteStore::open(out.path);
    ASSERT_TRUE(b) << b.error().message;
    for (const TableId& id : ids) {
      auto t = (*b)->tables().load(id);
      ASSERT_TRUE(t) << t.error().message;
      EXPECT_GE(t->entries.size(), 5u);
      for (std::size_t k = 0; k < t->entries.size(); ++k)
        ASSERT_EQ(t->entries[k].action, static_cast<Action>(k)) << "a whole prefix of the writes";
      backed.push_back(t->entries.size());
    }
  }
  auto busy = sqlite_restore(out.path, db.path);
  ASSERT_TRUE(busy) << "restored under an open store";
  EXPECT_NE(busy->message.find("running server"), std::string::npos) << busy->message;
  s->reset();
  ASSERT_FALSE(sqlite_restore(out.path, db.path));
  EXPECT_TRUE(std::filesystem::exists(db.path + ".before-restore"));
  auto r = SqliteStore::open(db.path);
  ASSERT_TRUE(r) << r.error().message;
  for (std::size_t i = 0; i < ids.size(); ++i)
    EXPECT_EQ((*r)->tables().load(ids[i])->entries.size(), backed[i]);
  for (const char* end : {".before-restore", ".before-restore-wal"})
    std::filesystem::remove(db.path + end);
}

// A file of schema version 3 (before ownership) opens and is migrated to 4:
// a table whose row named another owner keeps that lease, run out.
TEST(SqliteStore, MigratesASchema3FileToOwnership) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("meeple_store_v3_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    const char* v3 = R"sql(
      CREATE TABLE schema_version (version INTEGER NOT NULL);
      INSERT INTO schema_version VALUES (3);
      CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
        spec TEXT NOT NULL, result TEXT, owner TEXT NOT NULL DEFAULT '',
        fencing INTEGER NOT NULL DEFAULT 0, entries INTEGER NOT NULL DEFAULT 0,
        created INTEGER NOT NULL);
      CREATE TABLE entries (table_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
        seat INTEGER NOT NULL, action INTEGER NOT NULL, json TEXT, text TEXT,
        at INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seq)) WITHOUT ROWID;
      CREATE TABLE lobbies (id TEXT PRIMARY KEY, spec TEXT NOT NULL, updated INTEGER NOT NULL);
      INSERT INTO tables VALUES ('a', 'g', 2, '{"game":"g","players":2}', NULL, 'local', 1, 1, 0);
      INSERT INTO entries VALUES ('a', 0, 'action', 0, 5, '5', '', 1700000000000);
      INSERT INTO tables VALUES ('b', 'g', 2, '{"game":"g","players":2}', NULL, 'n2', 2, 0, 0);
      INSERT INTO tables VALUES ('c', 'g', 2, '{"game":"g","players":2}', NULL, '', 0, 0, 0);
      INSERT INTO lobbies VALUES ('L', '{"game":"g","players":3}', 0);
    )sql";
    ASSERT_EQ(sqlite3_exec(db, v3, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_close(db);
  }
  {
    auto s = SqliteStore::open(path.string());
    ASSERT_TRUE(s) << s.error().message;
    TableStore& store = (*s)->tables();
    const Entry e{.seat = 1, .action = 6, .json = 6};
    auto a = store.load("a");
    ASSERT_TRUE(a);
    ASSERT_EQ(a->entries.size(), 1u);
    EXPECT_EQ(a->entries[0].at, 1700000000000);
    EXPECT_FALSE(store.append("a", {}, std::span(&e, 1))) << "local/1 is the default lease";
    EXPECT_FALSE(store.append("c", {}, std::span(&e, 1))) << "never written: the default";
    auto fenced = store.append("b", {}, std::span(&e, 1));
    ASSERT_TRUE(fenced);
    EXPECT_EQ(fenced->code, errc::kFenced);
    EXPECT_FALSE(store.append("b", {.owner = "n2", .fencing = 2}, std::span(&e, 1)));
    EXPECT_EQ(store.expired(), std::vector<TableId>{"b"}) << "its node is unknown: run out";
    auto b = store.acquire("b", "n3", std::chrono::hours(1));
    ASSERT_TRUE(b);
    EXPECT_EQ(b->fencing, 3u);
    ASSERT_EQ(store.lobbies().size(), 1u);
    EXPECT_EQ(store.lobbies()[0].players, 3);
  }
  {
    auto s = SqliteStore::open(path.string());  // migrated once: opens as is
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ((*s)->tables().load("a")->entries.size(), 2u);
    EXPECT_EQ((*s)->tables().acquire("b", "n4", std::chrono::hours(1))->fencing, 4u);
    EXPECT_FALSE((*s)->tables().save_review("a", "0|en|1000", {{"seat", 0}})) << "and has reviews";
    EXPECT_EQ(*(*s)->tables().load_review("a", "0|en|1000"), Json({{"seat", 0}}));
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
}

// A file of schema version 7 (accounts without skeletons) opens and is
// migrated to 8: its accounts are kept, with no skeleton yet, and take one.
TEST(SqliteStore, MigratesASchema7FileToSkeletonsAndDevices) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("meeple_store_v7_" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    const char* v7 = R"sql(
      CREATE TABLE schema_version (version INTEGER NOT NULL);
      INSERT INTO schema_version VALUES (7);
      CREATE TABLE accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL,
        folded TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
        hidden INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL);
      INSERT INTO accounts VALUES ('a1', 'Anna', 'anna', '$argon2id$x', 1, 1700000000000);
      INSERT INTO accounts VALUES ('a2', 'Ben', 'ben', '$argon2id$y', 0, 1700000000000);
    )sql";
    ASSERT_EQ(sqlite3_exec(db, v7, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_close(db);
  }
  {
    auto s = SqliteStore::open(path.string());
    ASSERT_TRUE(s) << s.error().message;
    AccountStore& store = (*s)->accounts();
    auto anna = store.account_named("anna");
    ASSERT_TRUE(anna && anna->has_value());
    EXPECT_TRUE((*anna)->hidden);
    EXPECT_EQ((*anna)->skeleton, "");
    EXPECT_FALSE((*anna)->friends_only);
    EXPECT_EQ(store.accounts_without_skeleton(10)->size(), 2u);
    Account a = **anna;
    a.skeleton = "anna";
    ASSERT_FALSE(store.update_account(a));
    Account clash = account_called("a3", "\u0410nna");
    clash.skeleton = "anna";
    EXPECT_TRUE(store.create_account(clash)) << "unique once migrated";
    ASSERT_FALSE(store.add_device("d", "a2", 1));
    EXPECT_TRUE(*store.known_device("d", "a2"));
  }
  {
    auto s = SqliteStore::open(path.string());  // migrated once: opens as is
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ((*(*s)->accounts().account("a1"))->skeleton, "anna");
    EXPECT_EQ((*s)->accounts().accounts_without_skeleton(10)->size(), 1u);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
}

// Nodes starting at once: every open succeeds and the migrations run once.
TEST(PostgresStore, OpeningFromManyThreadsAtOnceMigratesOnce) {
  auto url = fresh_database();
  ASSERT_TRUE(url) << url.error().message;
  constexpr int kNodes = 4;
  std::vector<std::unique_ptr<PostgresStore>> stores(kNodes);
  std::vector<std::string> errors(kNodes);
  std::vector<std::thread> threads;
  for (int i = 0; i < kNodes; ++i)
    threads.emplace_back([&, i] {
      auto s = PostgresStore::open(*url);
      if (s)
        stores[static_cast<std::size_t>(i)] = std::move(*s);
      else
        errors[static_cast<std::size_t>(i)] = s.error().message;
    });
  for (auto& t : threads) t.join();
  int applied = 0;
  for (int i = 0; i < kNodes; ++i) {
    const auto k = static_cast<std::size_t>(i);
    ASSERT_NE(stores[k], nullptr) << errors[k];
    applied += stores[k]->migrations_applied();
  }
  EXPECT_EQ(applied, PostgresStore::kSchemaVersion);
  auto again = PostgresStore::open(*url);
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)->migrations_applied(), 0);
  // They share one database: one node's table is every node's.
  auto id = stores[0]->tables().create({.game = "g", .players = 2}, {});
  ASSERT_TRUE(id);
  EXPECT_EQ(stores[3]->tables().load(*id)->spec.game, "g");
  auto by_url = open_store(*url);
  ASSERT_TRUE(by_url) << by_url.error().message;
  EXPECT_EQ((*by_url)->tables().list(false).size(), 1u);
}

// A database of schema version 4 (accounts without skeletons, no
// leaderboard index) is migrated to today's: its accounts are kept, with no
// skeleton yet, and take one; the skeleton is unique once migrated, and
// devices are kept.
TEST(PostgresStore, MigratesASchema4DatabaseToSkeletonsAndDevices) {
  auto url = fresh_database();
  ASSERT_TRUE(url) << url.error().message;
  {
    auto s = PostgresStore::open(*url);
    ASSERT_TRUE(s) << s.error().message;
  }
  // Back to version 4, with an account of then.
  ASSERT_TRUE(shell("psql -q '" + *url +
                    "' -c \"ALTER TABLE accounts DROP COLUMN skeleton, DROP COLUMN friends_only; "
                    "DROP TABLE devices; DROP INDEX ratings_board; DROP TABLE tournaments; "
                    "UPDATE schema_version SET version = 4; "
                    "INSERT INTO "
                    "accounts (id, name, folded, password_hash, hidden, created) VALUES ('a1', "
                    "'Anna', 'anna', 'x', true, 1)\""));
  auto s = PostgresStore::open(*url);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ((*s)->migrations_applied(), 3);  // 5 (skeletons, devices), 6 (the board's index), 7
  AccountStore& store = (*s)->accounts();
  auto anna = store.account_named("anna");
  ASSERT_TRUE(anna && anna->has_value());
  EXPECT_TRUE((*anna)->hidden);
  EXPECT_EQ((*anna)->skeleton, "");
  EXPECT_FALSE((*anna)->friends_only);
  EXPECT_EQ(store.accounts_without_skeleton(10)->size(), 1u);
  Account a = **anna;
  a.skeleton = "anna";
  ASSERT_FALSE(store.update_account(a));
  Account clash = account_called("a2", "\u0410nna");
  clash.skeleton = "anna";
  EXPECT_TRUE(store.create_account(clash)) << "unique once migrated";
  ASSERT_FALSE(store.add_device("d", "a1", 1));
  EXPECT_TRUE(*store.known_device("d", "a1"));
  EXPECT_TRUE(store.accounts_without_skeleton(10)->empty());
}

// Threads append to their own tables at once: every entry lands, in order.
TEST(PostgresStore, ConcurrentAppendsAllLandInOrder) {
  auto url = fresh_database();
  ASSERT_TRUE(url) << url.error().message;
  auto s = PostgresStore::open(*url);
  ASSERT_TRUE(s) << s.error().message;
  PostgresTableStore& store = (*s)->tables();
  constexpr int kThreads = 8, kAppends = 25;
  std::vector<TableId> ids;
  for (int i = 0; i < kThreads; ++i) ids.push_back(*store.create({.game = "g", .players = 2}, {}));
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([&, i] {
      for (int k = 0; k < kAppends; ++k) {
        const Entry e{.seat = 0, .action = k, .json = {{"k", k}}, .at = 1000 + k};
        EXPECT_FALSE(store.append(ids[static_cast<std::size_t>(i)], {}, std::span(&e, 1)));
      }
    });
  for (auto& t : threads) t.join();
  for (const auto& id : ids) {
    auto t = store.load(id);
    ASSERT_TRUE(t);
    ASSERT_EQ(t->entries.size(), std::size_t{kAppends});
    for (int k = 0; k < kAppends; ++k) {
      EXPECT_EQ(t->entries[static_cast<std::size_t>(k)].action, k);
      EXPECT_EQ(t->entries[static_cast<std::size_t>(k)].json, Json({{"k", k}}));
      EXPECT_EQ(t->entries[static_cast<std::size_t>(k)].at, 1000 + k);
    }
  }
}

// The server stopped: calls answer store/unavailable (reads: nothing), no
// crash; restarted on the same port, the same store works again. A call made
// while the server comes back waits for it (within the store's retry time).
TEST(PostgresStore, UnavailableWhileTheServerIsDownAndWorksAgainAfter) {
  auto server = PgServer::start();
  ASSERT_TRUE(server) << server.error().message;
  struct Cleanup {
    const PgServer& s;
    ~Cleanup() { s.remove(); }
  } cleanup{*server};
  auto s = PostgresStore::open(server->url);
  ASSERT_TRUE(s) << s.error().message;
  PostgresTableStore& store = (*s)->tables();
  auto id = store.create({.game = "g", .players = 2}, {});
  ASSERT_TRUE(id);
  const Entry e{.seat = 0, .action = 1, .json = 1};
  ASSERT_FALSE(store.append(*id, {}, std::span(&e, 1)));

  ASSERT_TRUE(server->stop());
  auto down = store.append(*id, {}, std::span(&e, 1));
  ASSERT_TRUE(down);
  EXPECT_EQ(down->code, errc::kUnavailable) << down->message;
  auto not_made = store.create({.game = "g", .players = 2}, {});
  ASSERT_FALSE(not_made);
  EXPECT_EQ(not_made.error().code, errc::kUnavailable);
  auto not_acquired = store.acquire(*id, "n1", std::chrono::seconds(5));
  ASSERT_FALSE(not_acquired);
  EXPECT_EQ(not_acquired.error().code, errc::kUnavailable);
  auto not_loaded = store.load(*id);
  ASSERT_FALSE(not_loaded);
  EXPECT_EQ(not_loaded.error().code, errc::kUnavailable);
  EXPECT_TRUE(store.list(false).empty());
  EXPECT_TRUE(store.lobbies().empty());
  EXPECT_TRUE(store.expired().empty());
  EXPECT_FALSE(PostgresStore::open(server->url)) << "opening fails too";

  ASSERT_TRUE(server->restart());
  ASSERT_FALSE(store.append(*id, {}, std::span(&e, 1)));
  ASSERT_EQ(store.load(*id)->entries.size(), 2u) << "the refused append wrote nothing";
  EXPECT_EQ(store.list(false).size(), 1u);

  // Down, and back while a call waits: the call goes on.
  auto patient = PostgresStore::open(server->url, {.retry = std::chrono::seconds(20)});
  ASSERT_TRUE(patient);
  ASSERT_FALSE((*patient)->tables().append(*id, {}, std::span(&e, 1)));
  ASSERT_TRUE(server->stop());
  std::thread back([&] { server->restart(); });
  EXPECT_FALSE((*patient)->tables().append(*id, {}, std::span(&e, 1)));
  back.join();
  EXPECT_EQ(store.load(*id)->entries.size(), 4u);
}

}  // namespace
}  // namespace meeple::store
