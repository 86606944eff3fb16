// A tournament's round made (server/tournaments.h) with 100,000 rated
// accounts in an SQLite store: the start of a Swiss tournament of N
// entrants (their ratings read, the seeding, the pairing, the round's
// tables made and registered, the tournament saved). The seating of each
// table (open and the joins) runs afterwards on the table pool and is not
// in the figure. Also the pairing alone of a later round of 256 entrants.
//   build/release/bench/meeple_tournament_bench
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "server/hub.h"
#include "server/pairing.h"
#include "store/sqlite_store.h"

namespace meeple::server {
namespace {

constexpr int kAccounts = 100000;

store::SqliteStore& filled_store() {
  static std::unique_ptr<store::SqliteStore> s = [] {
    const auto path = std::filesystem::temp_directory_path() /
                      ("meeple_tournament_bench_" + std::to_string(::getpid()) + ".db");
    auto r = store::SqliteStore::open(path.string());
    if (!r) std::abort();
    auto& accounts = (*r)->accounts();
    for (int i = 0; i < kAccounts; ++i) {
      const std::string id = "a" + std::to_string(i);
      store::Account a{.id = id,
                       .name = "P" + std::to_string(i),
                       .folded = "p" + std::to_string(i),
                       .password_hash = "x"};
      if (accounts.create_account(a)) std::abort();
      if (accounts.save_rating(id, "ufo", {1200.0 + (i * 7919) % 900, 80, 0.06, 10})) std::abort();
    }
    return std::move(*r);
  }();
  return *s;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void BM_TournamentRoundOne(benchmark::State& st) {
  auto& s = filled_store();
  // Never destroyed: its tables go on (their seats joining, their clocks)
  // on its pools after the benchmark; a server stops them, a bench does not.
  static Hub* made_hub = new Hub(ServerOptions{}, s.tables(), s.accounts());
  Hub& hub = *made_hub;
  const int n = static_cast<int>(st.range(0));
  int made = 0;
  for (auto _ : st) {
    st.PauseTiming();
    Json t = {{"id", "b" + std::to_string(made++)},
              {"name", "Bench"},
              {"game", "ufo"},
              {"params", Json::object()},
              {"kind", "swiss"},
              {"rounds", 3},
              {"table_size", 2},
              {"grace_seconds", 60},
              {"turn_based", false},
              {"rated", true},
              {"starts", 0},
              {"phase", "open"},
              {"entrants", Json::array()},
              {"played", Json::array()}};
    for (int i = 0; i < n; ++i) {
      const int a = (made * 7 + i * 379) % kAccounts;
      t["entrants"].push_back(
          {{"account", "a" + std::to_string(a)}, {"name", "P" + std::to_string(a)}});
    }
    if (s.accounts().save_tournament({t["id"], "Bench", "ufo", "open", 0, t.dump()})) std::abort();
    hub.tournaments.load();
    st.ResumeTiming();
    hub.tournaments.tick(now_ms());
  }
  st.counters["tables"] = n / 2;
}
BENCHMARK(BM_TournamentRoundOne)->Arg(64)->Arg(256)->Iterations(8)->Unit(benchmark::kMillisecond);

// Round 3 of a Swiss of 256 entrants (two rounds played, results by
// rating): the pairing alone.
void BM_SwissPairing256(benchmark::State& st) {
  std::vector<pairing::Entrant> e;
  for (int i = 0; i < 256; ++i) e.push_back({"a" + std::to_string(i), 2000.0 - i});
  const pairing::Format f{};
  std::vector<pairing::Round> played;
  for (int r = 0; r < 2; ++r) {
    auto round = pairing::next_round(f, e, played);
    for (auto& t : round.tables) t.ranks = {0, 1};
    played.push_back(round);
  }
  for (auto _ : st) benchmark::DoNotOptimize(pairing::next_round(f, e, played));
}
BENCHMARK(BM_SwissPairing256)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace meeple::server

BENCHMARK_MAIN();
