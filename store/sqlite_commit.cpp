// The commit thread of an SQLite store's file: every write of both stores,
// grouped (store/sqlite_store.h says how and why), and its checkpoints.
#include <algorithm>
#include <future>

#include <fmt/format.h>
#include <pthread.h>
#include <sqlite3.h>
#include <sys/statvfs.h>

#include "store/sqlite_database.h"
#include "store/sqlite_file.h"
#include "store/sqlite_store.h"

namespace meeple::store {

void SqliteDatabase::stop() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_cv_.notify_all();
  if (committer_.joinable()) committer_.join();
}

SqliteDatabase::~SqliteDatabase() {
  stop();
  sqlite3_close(reader_);
  drop_prepared(writer_);
  sqlite3_close(writer_);
}

bool SqliteDatabase::enqueue(std::function<MaybeError(sqlite3*)> run,
                             std::function<void(MaybeError)> done, bool given, bool entries_only) {
  bool wake = false;
  {
    std::lock_guard lock(queue_mutex_);
    if (stopping_) return false;
    queue_.push_back({std::move(run), std::move(done), given, entries_only});
    caller_waits_ = caller_waits_ || !given;
    wake = committer_idle_ || !given || queue_.size() == kFullBatch;
  }
  if (wake) queue_cv_.notify_one();
  return true;
}

MaybeError SqliteDatabase::submit(std::function<MaybeError(sqlite3*)> run, bool entries_only) {
  std::promise<MaybeError> outcome;
  std::future<MaybeError> f = outcome.get_future();
  if (!enqueue(
          std::move(run), [&outcome](MaybeError e) { outcome.set_value(std::move(e)); }, false,
          entries_only))
    return make_error(meeple::errc::kIo, "the store is closing");
  return f.get();
}

bool SqliteDatabase::write_batch(const std::deque<Queued>& batch, std::vector<MaybeError>& results,
                                 bool savepoints) {
  MaybeError failed = run(writer_, "BEGIN IMMEDIATE");
  // What the commit thread knows of its tables holds while no other
  // connection has written the file since it last looked.
  if (!failed) {
    Stmt v(writer_, "PRAGMA data_version");
    if (v.step() != SQLITE_ROW) {
      failed = sql_error(writer_, "data_version");
    } else if (v.integer(0) != data_version_) {
      known_.clear();
      data_version_ = v.integer(0);
    }
  }
  for (std::size_t i = 0; i < batch.size() && !failed; ++i) {
    // Only entry writes keep what is known (any other may change a lease).
    if (!batch[i].entries_only) known_.clear();
    if (savepoints && (failed = run(writer_, "SAVEPOINT w"))) break;
    const std::int64_t changes = sqlite3_total_changes64(writer_);
    results[i] = batch[i].run(writer_);
    if (results[i]) known_.clear();
    if (savepoints) {
      if (results[i]) failed = run(writer_, "ROLLBACK TO w");
      if (!failed) failed = run(writer_, "RELEASE w");
    } else if (results[i] &&
               (sqlite3_total_changes64(writer_) != changes || sqlite3_get_autocommit(writer_))) {
      // The refused write changed rows before its refusal (or the
      // transaction is gone): the batch is written again, each write in a
      // savepoint.
      exec(writer_, "ROLLBACK;");
      return false;
    }
  }
  if (!failed) failed = run(writer_, "COMMIT");
  if (failed) {
    exec(writer_, "ROLLBACK;");
    known_.clear();
    for (auto& r : results) r = *failed;
  }
  return true;
}

void SqliteDatabase::checkpoint_idle() {
  int in_log = 0, copied = 0;
  // PASSIVE: it waits for no reader (a backup's read transaction may last
  // seconds), and a write that comes meanwhile waits for the copy only.
  // What a reader held back is copied at the next idle moment.
  const int rc =
      sqlite3_wal_checkpoint_v2(writer_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &in_log, &copied);
  unchecked_ = rc != SQLITE_OK || copied < in_log;
}

void SqliteDatabase::commit_loop() {
  // Named, so that top, perf and /proc/PID/task/*/comm tell it from the
  // network threads (`meeple loadtest` measures its CPU per action so).
  pthread_setname_np(pthread_self(), "meeple-commit");
  // When the last commit began, and whether it carried more than one write
  // given without waiting.
  std::chrono::steady_clock::time_point last{};
  bool shared = false;
  for (;;) {
    std::deque<Queued> batch;
    {
      std::unique_lock lock(queue_mutex_);
      committer_idle_ = true;
      const auto woken = [&] { return stopping_ || !queue_.empty(); };
      if (!unchecked_) {
        queue_cv_.wait(lock, woken);
      } else if (!queue_cv_.wait_for(lock, SqliteStore::kIdleCheckpoint, woken)) {
        // Idle: the main file takes the WAL's pages (the header says why).
        committer_idle_ = false;
        lock.unlock();
        checkpoint_idle();
        continue;
      }
      committer_idle_ = false;
      if (queue_.empty()) return;  // stopping, and everything is written
      // Pacing (the header says why and when).
      if (shared && pace_ > std::chrono::microseconds::zero())
        queue_cv_.wait_until(lock, last + pace_, [&] {
          return stopping_ || caller_waits_ || queue_.size() >= kFullBatch;
        });
      batch.swap(queue_);
      caller_waits_ = false;
    }
    const auto t0 = std::chrono::steady_clock::now();
    last = t0;
    shared = std::count_if(batch.begin(), batch.end(), [](const Queued& q) { return q.given; }) > 1;
    std::vector<MaybeError> results(batch.size());
    // The writer is also the reader of an in-memory database.
    std::unique_lock db_lock(read_mutex_, std::defer_lock);
    if (reader_ == nullptr) db_lock.lock();
    if (!write_batch(batch, results, false)) write_batch(batch, results, true);
    unchecked_ = reader_ != nullptr;
    // Counted before any writer is told, so a writer sees its commit in stats().
    counters_.add(batch.size(), std::chrono::steady_clock::now() - t0);
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i].done(std::move(results[i]));
  }
}

MaybeError SqliteDatabase::probe() {
  // Free space first: a write that lands in the WAL's free frames can
  // succeed on a full disk while the tables' next ones would not.
  const char* file = sqlite3_db_filename(writer_, "main");
  if (file != nullptr && *file != '\0') {
    std::string dir(file);
    dir = dir.find('/') == std::string::npos ? "." : dir.substr(0, dir.rfind('/') + 1);
    struct statvfs fs {};
    if (statvfs(dir.c_str(), &fs) == 0) {
      const auto free_bytes = static_cast<std::uint64_t>(fs.f_bavail) * fs.f_frsize;
      if (free_bytes < SqliteStore::kProbeFreeBytes)
        return make_error(
            errc::kUnavailable,
            fmt::format("the disk holding {} has {} KB free (the server waits for "
                        "{} KB)",
                        file, free_bytes / 1024, SqliteStore::kProbeFreeBytes / 1024));
    }
  }
  return submit([](sqlite3* db) { return run(db, "UPDATE schema_version SET version = version"); });
}

MaybeError SqliteDatabase::write_one(const char* sql, std::function<void(Stmt&)> bind) {
  return submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db, sql);
    if (!q.ok()) return sql_error(db, "prepare");
    bind(q);
    if (q.step() != SQLITE_DONE) return sql_error(db, "write");
    return std::nullopt;
  });
}

SqliteDatabase::Reader SqliteDatabase::reader() const {
  return {std::unique_lock(read_mutex_), reader_ ? reader_ : writer_};
}

}  // namespace meeple::store
