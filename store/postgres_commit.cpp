// The commit thread of the PostgreSQL table store's writes given without
// waiting (write_async): store/postgres_store.h, "Group commit".
#include <pthread.h>

#include "store/postgres_database.h"

namespace meeple::store {

void PostgresDatabase::commit_loop() {
  // Named as SQLite's is (sqlite_commit.cpp): `meeple loadtest` measures it.
  pthread_setname_np(pthread_self(), "meeple-commit");
  for (;;) {
    std::vector<Queued> batch;
    {
      std::unique_lock lock(queue_mutex);
      queue_cv.wait(lock, [&] { return stopping || !queue.empty(); });
      if (queue.empty()) return;  // stopping, and everything is written
      while (!queue.empty() && batch.size() < kBatch) {
        batch.push_back(std::move(queue.front()));
        queue.pop_front();
      }
    }
    const auto t0 = std::chrono::steady_clock::now();
    Json writes = Json::array();
    for (const Queued& q : batch) {
      Json w = {{"id", q.w.id},
                {"owner", q.w.lease.owner},
                {"fencing", q.w.lease.fencing},
                {"entries", entries_json(q.w.entries)}};
      if (!q.w.result.is_null()) w["result"] = q.w.result.dump();
      writes.push_back(std::move(w));
    }
    auto answers = write<Json>("write", [&](pqxx::nontransaction& tx) -> Expected<Json> {
      const auto res = tx.exec_prepared("write_many", writes.dump());
      Json a = Json::parse(res[0][0].as<std::string>(), nullptr, false);
      if (!a.is_array() || a.size() != batch.size())
        return make_error(meeple::errc::kIo, "postgres: meeple_write_many answered badly");
      return a;
    });
    for (std::size_t i = 0; i < batch.size(); ++i) {
      MaybeError e;
      if (!answers)
        e = answers.error();
      else if (const Json& a = (*answers)[i]; !a.is_null())
        e = refusal(batch[i].w.id, batch[i].w.lease,
                    a.is_string() ? a.get<std::string>() : a.dump());
      batch[i].done(std::move(e));
    }
    counters.add(batch.size(), std::chrono::steady_clock::now() - t0);
  }
}

void PostgresDatabase::enqueue(Write w, std::function<void(MaybeError)> done) {
  {
    std::lock_guard lock(queue_mutex);
    if (!stopping) {
      queue.push_back({std::move(w), std::move(done)});
      queue_cv.notify_one();
      return;
    }
  }
  done(make_error(meeple::errc::kIo, "the store is closing"));
}

void PostgresDatabase::stop() {
  {
    std::lock_guard lock(queue_mutex);
    stopping = true;
  }
  queue_cv.notify_all();
  if (committer.joinable()) committer.join();
}

}  // namespace meeple::store
