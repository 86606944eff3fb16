// Shared by the server's fuzz targets: a Hub with no sockets and a store
// that keeps nothing (a fuzz run makes millions of tables), and a way to run
// code on a table's strand and wait for it.
#pragma once

#include <future>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "server/hub.h"
#include "server/table.h"
#include "store/memory_store.h"
#include "tests/fuzz/fuzz.h"

namespace meeple::fuzz {

// Accepts every write and keeps nothing: tables are never loaded back here.
class ForgetfulTables final : public store::TableStore {
 public:
  Expected<store::TableId> create(const store::TableSpec& spec, const store::Lease&) override {
    return spec.id.empty() ? std::to_string(++next_) : spec.id;
  }
  MaybeError append(const store::TableId&, const store::Lease&,
                    std::span<const store::Entry>) override {
    return std::nullopt;
  }
  MaybeError finish(const store::TableId&, const store::Lease&, std::span<const store::Entry>,
                    const Json&) override {
    return std::nullopt;
  }
  Expected<store::TableRecord> load(const store::TableId&) const override {
    return make_error(store::errc::kUnknownTable, "not kept");
  }
  std::vector<store::TableSummary> list(bool) const override { return {}; }
  MaybeError save_lobby(const store::TableSpec&, const store::Lease&) override {
    return std::nullopt;
  }
  MaybeError drop_lobby(const store::TableId&, const store::Lease&) override {
    return std::nullopt;
  }
  std::vector<store::TableSpec> lobbies() const override { return {}; }
  Expected<store::Lease> acquire(const store::TableId&, const std::string& node,
                                 std::chrono::milliseconds) override {
    return store::Lease{.owner = node, .fencing = 2};
  }
  Expected<std::vector<store::TableId>> renew(const std::string&, std::span<const store::TableId>,
                                              std::chrono::milliseconds) override {
    return std::vector<store::TableId>{};
  }
  std::vector<store::TableId> expired() const override { return {}; }
  MaybeError save_review(const store::TableId&, const std::string&, const Json&) override {
    return std::nullopt;
  }
  Expected<Json> load_review(const store::TableId&, const std::string&) const override {
    return Json();
  }
  MaybeError rename_seat(const store::TableId& id, int, const std::string&) override {
    return make_error(store::errc::kUnknownTable, "no table '" + id + "'");
  }

 private:
  std::uint64_t next_ = 0;
};

// One hub for the whole run: one table thread, one bot thread, no listener.
// A target that may start games with bots sets hub().stopping, so no bot
// turn starts (it would play on in the background after the input).
// Repeatable (scripts/fuzz --ci): no clock ticks on the table thread in the
// middle of a run (what an input covers depends on the input, not on when
// it runs), and the random source is a fixed sequence (reset_random).
inline server::Hub& hub() {
  static ForgetfulTables tables;
  static store::MemoryAccountStore accounts;  // kept (fuzz targets may sign up)
  static server::Hub* h = [] {
    server::ServerOptions o;
    o.threads = 1;
    o.table_threads = 1;
    o.bot_threads = 1;
    o.tick = std::chrono::hours(24 * 365);
    o.log_level = "off";
    spdlog::set_level(spdlog::level::off);
    return new server::Hub(o, tables, accounts);  // never destroyed: its threads run until exit
  }();
  return *h;
}

// Starts the random source of the server (std::random_device: table seeds,
// tokens, table ids) again at its fixed beginning; each input calls it
// first (repeatable_random.cpp).
void reset_random();

// The waiting between the fuzzer's thread and the table's is not counted as
// coverage: which side gets there first differs from run to run. (Only
// clang counts coverage; the release build replays the corpus, replay.cpp.)
#if defined(__clang__)
#define MEEPLE_FUZZ_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define MEEPLE_FUZZ_NO_COVERAGE
#endif

// Runs f on the table's strand and waits until it has run.
template <class F>
MEEPLE_FUZZ_NO_COVERAGE void on_strand(server::Table& t, F&& f) {
  std::promise<void> done;
  t.post([&]() MEEPLE_FUZZ_NO_COVERAGE {
    f();
    done.set_value();
  });
  done.get_future().wait();
}

// Lets the table go at the end of an input: its timers are cancelled and
// the handlers queued on its strand (a cancelled timer's among them) have
// run and released it, so that it is destroyed here and now, not on the
// table's thread during a later input.
MEEPLE_FUZZ_NO_COVERAGE inline void let_go(std::shared_ptr<server::Table>& t) {
  on_strand(*t, [&] { t->close_all("fuzz input done"); });
  on_strand(*t, [] {});
  t.reset();
}

// Every message a client gets is a JSON object with a string type; an error
// has a code. Returns the message.
inline Json check_message(const std::string& text) {
  Json m = Json::parse(text, nullptr, false);
  FUZZ_CHECK(m.is_object() && m.contains("type") && m["type"].is_string(),
             "a message to a client is not an object with a type: " + text);
  if (m["type"] == "error")
    FUZZ_CHECK(m.contains("code") && m["code"].is_string() && !m["code"].get<std::string>().empty(),
               "an error message without a code: " + text);
  return m;
}

}  // namespace meeple::fuzz
