// A store for tests that changes a call or two of a real one's table store:
// every call goes to an in-memory SQLite store unless a test's subclass
// overrides it; its accounts are the SQLite store's
// (server_durable_test.cpp holds writes and lobby saves,
// server_accounts_test.cpp counts the tables it loads).
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "store/sqlite_store.h"

namespace meeple::testing {

class ForwardingStore : public store::Store, public store::TableStore {
 public:
  store::TableStore& tables() override { return *this; }
  store::AccountStore& accounts() override { return inner_->accounts(); }
  ForwardingStore() {
    auto s = store::SqliteStore::open(":memory:");
    EXPECT_TRUE(s);
    inner_ = std::move(*s);
  }
  void write_async(store::Write w, std::function<void(MaybeError)> done) override {
    inner().write_async(std::move(w), std::move(done));
  }
  bool writes_in_background() const override { return true; }
  Expected<store::TableId> create(const store::TableSpec& s, const store::Lease& l) override {
    return inner().create(s, l);
  }
  MaybeError append(const store::TableId& id, const store::Lease& l,
                    std::span<const store::Entry> e) override {
    return inner().append(id, l, e);
  }
  MaybeError finish(const store::TableId& id, const store::Lease& l,
                    std::span<const store::Entry> e, const Json& r) override {
    return inner().finish(id, l, e, r);
  }
  Expected<store::TableRecord> load(const store::TableId& id) const override {
    return inner().load(id);
  }
  std::vector<store::TableSummary> list(bool unfinished) const override {
    return inner().list(unfinished);
  }
  MaybeError save_lobby(const store::TableSpec& s, const store::Lease& l) override {
    return inner().save_lobby(s, l);
  }
  MaybeError drop_lobby(const store::TableId& id, const store::Lease& l) override {
    return inner().drop_lobby(id, l);
  }
  std::vector<store::TableSpec> lobbies() const override { return inner().lobbies(); }
  Expected<store::Lease> acquire(const store::TableId& id, const std::string& node,
                                 std::chrono::milliseconds ttl) override {
    return inner().acquire(id, node, ttl);
  }
  Expected<std::vector<store::TableId>> renew(const std::string& node,
                                              std::span<const store::TableId> ids,
                                              std::chrono::milliseconds ttl) override {
    return inner().renew(node, ids, ttl);
  }
  std::vector<store::TableId> expired() const override { return inner().expired(); }
  MaybeError save_review(const store::TableId& id, const std::string& key, const Json& r) override {
    return inner().save_review(id, key, r);
  }
  Expected<Json> load_review(const store::TableId& id, const std::string& key) const override {
    return inner().load_review(id, key);
  }
  MaybeError rename_seat(const store::TableId& table, int seat, const std::string& name) override {
    return inner().rename_seat(table, seat, name);
  }

 protected:
  // The real table store.
  store::SqliteTableStore& inner() const { return inner_->tables(); }

 private:
  std::unique_ptr<store::SqliteStore> inner_;
};

}  // namespace meeple::testing
