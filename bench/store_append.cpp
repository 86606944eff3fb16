// The stores' append rate: each thread appends one entry at a time to a
// table of its own, as the server's tables do; every append is durable when
// it returns (SQLite: group commit, one fsync per batch; PostgreSQL: one
// round trip and commit per append, synchronous_commit on).
//   build/release/bench/meeple_store_bench                       SQLite only
//   MEEPLE_PG_URL=postgresql://postgres@127.0.0.1:PORT/postgres
//     build/release/bench/meeple_store_bench                     both
// (scripts/pg-temp start DIR prints such a URL.)
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <mutex>

#include "store/postgres_store.h"
#include "store/sqlite_store.h"

namespace meeple::store {
namespace {

TableStore* sqlite_store() {
  static std::unique_ptr<SqliteStore> s = [] {
    const auto path = std::filesystem::temp_directory_path() /
                      ("meeple_store_bench_" + std::to_string(::getpid()) + ".db");
    auto r = SqliteStore::open(path.string());
    return r ? std::move(*r) : nullptr;
  }();
  return s ? &s->tables() : nullptr;
}

TableStore* postgres_store() {
  static std::unique_ptr<PostgresStore> s = []() -> std::unique_ptr<PostgresStore> {
    const char* url = std::getenv("MEEPLE_PG_URL");
    if (url == nullptr) return nullptr;
    auto r = PostgresStore::open(url);
    return r ? std::move(*r) : nullptr;
  }();
  return s ? &s->tables() : nullptr;
}

template <TableStore* (*Make)()>
void BM_Append(benchmark::State& st) {
  static std::mutex m;
  TableStore* store = nullptr;
  {
    std::lock_guard lock(m);
    store = Make();
  }
  if (store == nullptr) {
    st.SkipWithError("no store (PostgreSQL: set MEEPLE_PG_URL)");
    return;
  }
  auto id = store->create({.game = "bench", .players = 2}, {});
  if (!id) {
    st.SkipWithError(id.error().message.c_str());
    return;
  }
  Entry e{.seat = 0, .action = 3, .json = {{"card", 3}}, .at = 1};
  for (auto _ : st) {
    if (auto err = store->append(*id, {}, std::span(&e, 1))) {
      st.SkipWithError(err->message.c_str());
      break;
    }
  }
  st.SetItemsProcessed(st.iterations());
}

BENCHMARK_TEMPLATE(BM_Append, sqlite_store)
    ->Name("sqlite/append")
    ->Threads(1)
    ->Threads(4)
    ->Threads(16)
    ->UseRealTime()
    ->MinTime(2.0);
// What the commit thread spends per write when many tables' writes share a
// commit, as a busy server's do: each iteration gives one write (a person's
// action and the chance that follows it, two entries) to each of 1,000
// tables through write_async and waits for all of them. CPU time is the
// process's (the commit thread's above all), per write.
template <TableStore* (*Make)()>
void BM_WriteAsync(benchmark::State& st) {
  TableStore* store = Make();
  if (store == nullptr) {
    st.SkipWithError("no store (PostgreSQL: set MEEPLE_PG_URL)");
    return;
  }
  constexpr int kTables = 1000;
  std::vector<TableId> ids;
  for (int i = 0; i < kTables; ++i) {
    auto id = store->create({.game = "bench", .players = 2}, {});
    if (!id) {
      st.SkipWithError(id.error().message.c_str());
      return;
    }
    ids.push_back(*id);
  }
  const std::vector<Entry> entries = {
      {.seat = 0, .action = 17, .json = {{"move", "ufo"}, {"to", 12}}, .at = 1},
      {.seat = kChance, .action = 4, .json = {{"die", 5}}, .at = 1}};
  std::atomic<int> failed = 0;
  for (auto _ : st) {
    std::mutex m;
    std::condition_variable cv;
    int left = kTables;
    for (const TableId& id : ids) {
      Write w;
      w.id = id;
      w.entries = entries;
      store->write_async(std::move(w), [&](MaybeError e) {
        if (e) failed.fetch_add(1);
        std::lock_guard lock(m);
        if (--left == 0) cv.notify_one();
      });
    }
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return left == 0; });
  }
  if (failed > 0) st.SkipWithError("a write failed");
  st.SetItemsProcessed(st.iterations() * kTables);
}

BENCHMARK_TEMPLATE(BM_WriteAsync, sqlite_store)
    ->Name("sqlite/write_async_1000_tables")
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0);

BENCHMARK_TEMPLATE(BM_Append, postgres_store)
    ->Name("postgres/append")
    ->Threads(1)
    ->Threads(4)
    ->Threads(16)
    ->UseRealTime()
    ->MinTime(2.0);

}  // namespace
}  // namespace meeple::store

BENCHMARK_MAIN();
