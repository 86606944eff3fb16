#include "store/postgres_store.h"

#include <poll.h>
#include <pthread.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <pqxx/pqxx>

#include "store/commit_counters.h"
#include "store/spec_json.h"

namespace meeple::store {

namespace {

// The migrations, in order: migration i brings the schema to version i + 1.
// Never edit one that has shipped; add the next.
constexpr const char* kMigrations[] = {
    R"sql(
CREATE TABLE tables (
  ord bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  game text NOT NULL,
  players integer NOT NULL,
  spec text NOT NULL,
  result text,
  entries bigint NOT NULL DEFAULT 0,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tables_ord ON tables (ord);
CREATE TABLE entries (
  table_id text NOT NULL,
  seq bigint NOT NULL,
  kind text NOT NULL,
  seat integer NOT NULL,
  action bigint NOT NULL,
  json text,
  text text NOT NULL DEFAULT '',
  at bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (table_id, seq)
);
CREATE TABLE lobbies (
  ord bigint GENERATED ALWAYS AS IDENTITY,
  id text PRIMARY KEY,
  spec text NOT NULL,
  updated timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE owners (
  id text PRIMARY KEY,
  owner text NOT NULL,
  fencing bigint NOT NULL,
  lease_until timestamptz
);
CREATE INDEX owners_lease_until ON owners (lease_until) WHERE lease_until IS NOT NULL;
CREATE SEQUENCE table_numbers;

-- NULL when `lease` is the id's latest, else 'fenced|<fencing>|<owner>'. Locks
-- the id's owners row FOR SHARE until the caller's transaction ends, so an
-- acquire() (which updates the row) waits for the write, or the write sees
-- the acquire. An id without a row gets the default's ('local', 1) first.
CREATE FUNCTION meeple_check(p_id text, p_owner text, p_fencing bigint) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  o_owner text;
  o_fencing bigint;
BEGIN
  SELECT owner, fencing INTO o_owner, o_fencing FROM owners WHERE id = p_id FOR SHARE;
  IF NOT FOUND THEN
    INSERT INTO owners (id, owner, fencing) VALUES (p_id, 'local', 1) ON CONFLICT (id) DO NOTHING;
    SELECT owner, fencing INTO o_owner, o_fencing FROM owners WHERE id = p_id FOR SHARE;
  END IF;
  IF o_owner <> p_owner OR o_fencing <> p_fencing THEN
    RETURN format('fenced|%s|%s', o_fencing, o_owner);
  END IF;
  RETURN NULL;
END $$;

-- Each write answers NULL (done) or why not: 'unknown', 'finished',
-- 'exists', 'fenced|...'; meeple_create answers 'ok|<id>' when done.
CREATE FUNCTION meeple_append(p_id text, p_owner text, p_fencing bigint, p_entries json)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  fin boolean;
  f text;
BEGIN
  SELECT entries, result IS NOT NULL INTO n, fin FROM tables WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN RETURN 'unknown'; END IF;
  f := meeple_check(p_id, p_owner, p_fencing);
  IF f IS NOT NULL THEN RETURN f; END IF;
  IF fin THEN RETURN 'finished'; END IF;
  INSERT INTO entries (table_id, seq, kind, seat, action, json, text, at)
    SELECT p_id, n + e.i - 1, e.v->>'kind', (e.v->>'seat')::integer, (e.v->>'action')::bigint,
           e.v->>'json', e.v->>'text', (e.v->>'at')::bigint
    FROM json_array_elements(p_entries) WITH ORDINALITY AS e(v, i);
  UPDATE tables SET entries = n + json_array_length(p_entries) WHERE id = p_id;
  RETURN NULL;
END $$;

CREATE FUNCTION meeple_finish(p_id text, p_owner text, p_fencing bigint, p_result text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  fin boolean;
  f text;
BEGIN
  SELECT result IS NOT NULL INTO fin FROM tables WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN RETURN 'unknown'; END IF;
  f := meeple_check(p_id, p_owner, p_fencing);
  IF f IS NOT NULL THEN RETURN f; END IF;
  IF fin THEN RETURN 'finished'; END IF;
  UPDATE tables SET result = p_result WHERE id = p_id;
  RETURN NULL;
END $$;

-- An empty p_id: a made id (t<number>), new, so no lease to check.
CREATE FUNCTION meeple_create(p_id text, p_owner text, p_fencing bigint, p_game text,
                              p_players integer, p_spec text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  made text;
  f text;
BEGIN
  IF p_id = '' THEN
    LOOP
      made := 't' || nextval('table_numbers');
      INSERT INTO tables (id, game, players, spec) VALUES (made, p_game, p_players, p_spec)
        ON CONFLICT (id) DO NOTHING;
      IF FOUND THEN
        INSERT INTO owners (id, owner, fencing) VALUES (made, 'local', 1)
          ON CONFLICT (id) DO NOTHING;
        RETURN 'ok|' || made;
      END IF;
    END LOOP;
  END IF;
  IF EXISTS (SELECT 1 FROM tables WHERE id = p_id) THEN RETURN 'exists'; END IF;
  f := meeple_check(p_id, p_owner, p_fencing);
  IF f IS NOT NULL THEN RETURN f; END IF;
  INSERT INTO tables (id, game, players, spec) VALUES (p_id, p_game, p_players, p_spec)
    ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN RETURN 'exists'; END IF;
  DELETE FROM lobbies WHERE id = p_id;
  RETURN 'ok|' || p_id;
END $$;

CREATE FUNCTION meeple_save_lobby(p_id text, p_owner text, p_fencing bigint, p_spec text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  f text;
BEGIN
  f := meeple_check(p_id, p_owner, p_fencing);
  IF f IS NOT NULL THEN RETURN f; END IF;
  INSERT INTO lobbies (id, spec) VALUES (p_id, p_spec)
    ON CONFLICT (id) DO UPDATE SET spec = excluded.spec, updated = now();
  RETURN NULL;
END $$;

CREATE FUNCTION meeple_drop_lobby(p_id text, p_owner text, p_fencing bigint)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  f text;
BEGIN
  f := meeple_check(p_id, p_owner, p_fencing);
  IF f IS NOT NULL THEN RETURN f; END IF;
  DELETE FROM lobbies WHERE id = p_id;
  RETURN NULL;
END $$;
)sql",
    // 2: the bot's reviews of finished tables.
    R"sql(
CREATE TABLE reviews (
  table_id text NOT NULL,
  key text NOT NULL,
  review text NOT NULL,
  PRIMARY KEY (table_id, key)
);
)sql",
    // 3: group commit: many tables' writes in one statement, so one
    // transaction and one commit. Each is fenced as meeple_append and
    // meeple_finish fence one; answers a JSON array of their answers.
    R"sql(
CREATE FUNCTION meeple_write_many(p_writes json) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  w json;
  r text;
  answers text[] := '{}';
BEGIN
  -- The rows every write locks, first, in the order of their ids (as renew
  -- does): two transactions that lock many rows wait for each other, never
  -- in a circle.
  PERFORM 1 FROM tables WHERE id IN (SELECT value->>'id' FROM json_array_elements(p_writes))
    ORDER BY id FOR UPDATE;
  PERFORM 1 FROM owners WHERE id IN (SELECT value->>'id' FROM json_array_elements(p_writes))
    ORDER BY id FOR SHARE;
  FOR w IN SELECT value FROM json_array_elements(p_writes) LOOP
    r := meeple_append(w->>'id', w->>'owner', (w->>'fencing')::bigint, w->'entries');
    IF r IS NULL AND w->>'result' IS NOT NULL THEN
      r := meeple_finish(w->>'id', w->>'owner', (w->>'fencing')::bigint, w->>'result');
    END IF;
    answers := array_append(answers, r);
  END LOOP;
  RETURN array_to_json(answers)::text;
END $$;
)sql",
    // 4: accounts (store.h, "Accounts"): not leased, any node writes them.
    R"sql(
CREATE TABLE accounts (
  id text PRIMARY KEY,
  name text NOT NULL,
  folded text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  created bigint NOT NULL
);
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  account text NOT NULL,
  expires bigint NOT NULL
);
CREATE INDEX sessions_account ON sessions (account);
CREATE TABLE recovery_codes (
  account text NOT NULL,
  code_hash text NOT NULL,
  PRIMARY KEY (account, code_hash)
);
CREATE TABLE keyring (
  ord bigint GENERATED ALWAYS AS IDENTITY,
  account text NOT NULL,
  table_id text NOT NULL,
  seat integer NOT NULL,
  token text NOT NULL,
  added bigint NOT NULL,
  PRIMARY KEY (account, table_id, seat)
);
CREATE INDEX keyring_table ON keyring (table_id);
CREATE TABLE friends (
  ord bigint GENERATED ALWAYS AS IDENTITY,
  account text NOT NULL,
  friend text NOT NULL,
  PRIMARY KEY (account, friend)
);
CREATE TABLE invitations (
  ord bigint GENERATED ALWAYS AS IDENTITY,
  account text NOT NULL,
  table_id text NOT NULL,
  game text NOT NULL,
  title text NOT NULL,
  sender text NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (account, table_id)
);
CREATE TABLE ratings (
  account text NOT NULL,
  game text NOT NULL,
  rating double precision NOT NULL,
  rd double precision NOT NULL,
  volatility double precision NOT NULL,
  games integer NOT NULL,
  PRIMARY KEY (account, game)
);
)sql",
};
constexpr int kMigrationCount = static_cast<int>(std::size(kMigrations));
static_assert(kMigrationCount == PostgresStore::kSchemaVersion);

// The advisory lock that serializes migrations between nodes ("meeple").
constexpr std::int64_t kMigrationLock = 0x6d656570'6c65;

// Prepared on every connection.
constexpr std::pair<const char*, const char*> kStatements[] = {
    {"append", "SELECT meeple_append($1, $2, $3, $4::json)"},
    // The last entries and the result in one statement, so one transaction:
    // COALESCE evaluates meeple_finish only when meeple_append answered NULL.
    {"finish", "SELECT COALESCE(meeple_append($1, $2, $3, $4), meeple_finish($1, $2, $3, $5))"},
    {"create", "SELECT meeple_create($1, $2, $3, $4, $5, $6)"},
    {"write_many", "SELECT meeple_write_many($1::json)"},
    {"save_lobby", "SELECT meeple_save_lobby($1, $2, $3, $4)"},
    {"drop_lobby", "SELECT meeple_drop_lobby($1, $2, $3)"},
    {"acquire",
     "INSERT INTO owners (id, owner, fencing, lease_until) "
     "VALUES ($1, $2, 2, clock_timestamp() + $3 * interval '1 millisecond') "
     "ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, fencing = owners.fencing + 1, "
     "lease_until = excluded.lease_until RETURNING fencing"},
    // The rows locked in the order of their ids, as meeple_write_many does.
    {"renew",
     "WITH held AS (SELECT id FROM owners WHERE id IN (SELECT json_array_elements_text($1::json)) "
     "AND owner = $2 ORDER BY id FOR UPDATE) "
     "UPDATE owners o SET lease_until = clock_timestamp() + $3 * interval '1 millisecond' "
     "FROM held WHERE o.id = held.id RETURNING o.id"},
    {"expired",
     "SELECT o.id FROM owners o LEFT JOIN tables t ON t.id = o.id "
     "WHERE o.lease_until < clock_timestamp() AND (t.id IS NOT NULL AND t.result IS NULL OR "
     "t.id IS NULL AND EXISTS (SELECT 1 FROM lobbies l WHERE l.id = o.id)) "
     "ORDER BY o.lease_until, o.id"},
    {"load",
     "SELECT t.spec, t.result, e.kind, e.seat, e.action, e.json, e.text, e.at "
     "FROM tables t LEFT JOIN entries e ON e.table_id = t.id WHERE t.id = $1 ORDER BY e.seq"},
    {"list",
     "SELECT id, game, players, entries, result IS NOT NULL, spec FROM tables ORDER BY ord"},
    {"list_unfinished",
     "SELECT id, game, players, entries, false, spec FROM tables WHERE result IS NULL ORDER BY "
     "ord"},
    {"lobbies", "SELECT id, spec FROM lobbies ORDER BY ord"},
    {"save_review",
     "INSERT INTO reviews (table_id, key, review) VALUES ($1, $2, $3) "
     "ON CONFLICT (table_id, key) DO UPDATE SET review = excluded.review"},
    {"load_review", "SELECT review FROM reviews WHERE table_id = $1 AND key = $2"},
};

// libpq's messages span lines ("...\n\tIs the server running..."): one line.
std::string one_line(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\n' || c == '\t' || c == '\r') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

Error unavailable(std::string_view what, std::string_view why) {
  return make_error(errc::kUnavailable,
                    fmt::format("the database cannot be reached ({}): {}", what, one_line(why)));
}

// A write function's answer when not done: why not.
Error refusal(const TableId& id, const Lease& lease, const std::string& why) {
  if (why == "unknown") return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
  if (why == "finished")
    return make_error(errc::kFinished, fmt::format("table '{}' is finished", id));
  if (why == "exists")
    return make_error(errc::kExists, fmt::format("table '{}' exists already", id));
  if (why.starts_with("fenced|")) {
    const auto bar = why.find('|', 7);
    return make_error(
        errc::kFenced,
        fmt::format("'{}' is held by {} (fencing {}), not {} (fencing {})", id, why.substr(bar + 1),
                    why.substr(7, bar - 7), lease.owner, lease.fencing));
  }
  return make_error(meeple::errc::kIo, fmt::format("postgres: unexpected answer '{}'", why));
}

// A write function's answer: NULL (done) or why not.
MaybeError refusal(const TableId& id, const Lease& lease, const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return refusal(id, lease, f.as<std::string>());
}

Json entries_json(std::span<const Entry> entries) {
  Json a = Json::array();
  for (const Entry& e : entries)
    a.push_back({{"kind", e.kind},
                 {"seat", e.seat},
                 {"action", e.action},
                 {"json", e.json.is_null() ? Json() : Json(e.json.dump())},
                 {"text", e.text},
                 {"at", e.at}});
  return a;
}

std::int64_t count(std::chrono::milliseconds ttl) {
  return static_cast<std::int64_t>(ttl.count());
}

}  // namespace

struct PostgresStore::Impl {
  std::string url;
  PostgresOptions options;
  // One connection, used by one thread at a time; null until (re)connected.
  struct Slot {
    std::unique_ptr<pqxx::connection> conn;
  };
  std::vector<Slot> writers;
  std::vector<std::size_t> free;  // indexes of idle writers
  std::mutex pool_mutex;
  std::condition_variable pool_cv;
  Slot reader;
  std::mutex read_mutex;

  static std::unique_ptr<pqxx::connection> connect(const std::string& url) {
    auto c = std::make_unique<pqxx::connection>(url);
    pqxx::nontransaction tx(*c);
    tx.exec("SET synchronous_commit = on; SET client_min_messages = warning");
    tx.commit();
    return c;
  }

  // Whether the server sent something on an idle connection (no round trip:
  // a poll of its socket). We never LISTEN, so that is the server closing
  // it (shut down, restarted, connection terminated): the connection is
  // replaced before a write is sent on it rather than failing the write.
  static bool unsolicited(pqxx::connection& c) {
    pollfd p{.fd = c.sock(), .events = POLLIN, .revents = 0};
    return p.fd < 0 || ::poll(&p, 1, 0) != 0;
  }

  void prepare(pqxx::connection& c) {
    for (const auto& [name, sql] : kStatements) c.prepare(name, sql);
  }

  // Runs f(transaction) on the slot's connection, connecting first when
  // needed (retrying for options.retry). A read whose connection breaks is
  // retried within that time; a write is not (it may have committed).
  template <class R, class F>
  Expected<R> run(Slot& slot, bool write, std::string_view what, F&& f) {
    const auto deadline = std::chrono::steady_clock::now() + options.retry;
    std::string why;
    for (;;) {
      bool sent = false;
      try {
        if (slot.conn && slot.conn->is_open() && !unsolicited(*slot.conn)) {
          // An idle connection with nothing to read: used as it is.
        } else {
          slot.conn = connect(url);
          prepare(*slot.conn);
        }
        sent = true;
        pqxx::nontransaction tx(*slot.conn);
        Expected<R> r = f(tx);
        tx.commit();
        return r;
      } catch (const pqxx::broken_connection& e) {
        slot.conn.reset();
        why = e.what();
      } catch (const pqxx::sql_error& e) {
        // The server answered with an error: the connection may be fine, but
        // it is replaced in case it is in a bad state.
        slot.conn.reset();
        spdlog::warn("postgres store: {}: {}", what, e.what());
        if (e.sqlstate().starts_with("57") || e.sqlstate().starts_with("08"))
          why = e.what();  // admin shutdown, cannot connect now: as unreachable
        else
          return make_error(meeple::errc::kIo, fmt::format("postgres: {}: {}", what, e.what()));
      } catch (const pqxx::failure& e) {
        slot.conn.reset();
        why = e.what();
      } catch (const std::exception& e) {
        // A usage or conversion error (a bug, or a row not as the schema
        // says): reported, never thrown into the server's threads.
        slot.conn.reset();
        spdlog::error("postgres store: {}: {}", what, e.what());
        return make_error(meeple::errc::kIo, fmt::format("postgres: {}: {}", what, e.what()));
      }
      why = one_line(why);
      if ((sent && write) || std::chrono::steady_clock::now() >= deadline) {
        spdlog::warn("postgres store: {}: {}", what, why);
        return unavailable(what, why);
      }
      std::this_thread::sleep_for(options.retry_pause);
    }
  }

  template <class R, class F>
  Expected<R> write(std::string_view what, F&& f) {
    std::size_t i;
    {
      std::unique_lock lock(pool_mutex);
      pool_cv.wait(lock, [&] { return !free.empty(); });
      i = free.back();
      free.pop_back();
    }
    auto r = run<R>(writers[i], true, what, std::forward<F>(f));
    {
      std::lock_guard lock(pool_mutex);
      free.push_back(i);
    }
    pool_cv.notify_one();
    return r;
  }

  template <class R, class F>
  Expected<R> read(std::string_view what, F&& f) {
    std::lock_guard lock(read_mutex);
    return run<R>(reader, false, what, std::forward<F>(f));
  }

  // Group commit (write_async): one thread takes every queued write (up to
  // kBatch) and writes them with one statement on a writer connection
  // (meeple_write_many): one round trip and one commit for all of them.
  struct Queued {
    Write w;
    std::function<void(MaybeError)> done;
  };
  static constexpr std::size_t kBatch = 512;
  std::mutex queue_mutex;
  std::condition_variable queue_cv;
  std::deque<Queued> queue;
  bool stopping = false;
  std::thread committer;
  CommitCounters counters;

  void commit_loop() {
    // Named as SQLite's is (sqlite_store.cpp): `meeple loadtest` measures it.
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
};

Expected<std::unique_ptr<PostgresStore>> PostgresStore::open(const std::string& url,
                                                             PostgresOptions options) {
  std::unique_ptr<PostgresStore> s(new PostgresStore());
  s->impl_ = std::make_unique<Impl>();
  Impl& im = *s->impl_;
  im.url = url;
  im.options = options;
  im.writers.resize(static_cast<std::size_t>(std::max(1, options.writers)));
  for (std::size_t i = 0; i < im.writers.size(); ++i) im.free.push_back(i);

  // Migrations: one transaction, under a lock every node takes first.
  Impl::Slot setup;
  const auto deadline = std::chrono::steady_clock::now() + options.retry;
  for (;;) {
    try {
      setup.conn = Impl::connect(url);
      break;
    } catch (const std::exception& e) {
      if (std::chrono::steady_clock::now() >= deadline) return unavailable("open", e.what());
    }
    std::this_thread::sleep_for(options.retry_pause);
  }
  try {
    pqxx::work tx(*setup.conn);
    tx.exec(fmt::format("SELECT pg_advisory_xact_lock({})", kMigrationLock));
    tx.exec("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)");
    auto v = tx.exec("SELECT max(version) FROM schema_version");
    const int version = v[0][0].is_null() ? 0 : v[0][0].as<int>();
    if (version > kSchemaVersion)
      return make_error(
          meeple::errc::kIo,
          fmt::format("database has schema version {}, newer than {}", version, kSchemaVersion));
    for (int i = version; i < kMigrationCount; ++i) tx.exec(kMigrations[i]);
    if (version == 0)
      tx.exec(fmt::format("INSERT INTO schema_version VALUES ({})", kSchemaVersion));
    else if (version < kSchemaVersion)
      tx.exec(fmt::format("UPDATE schema_version SET version = {}", kSchemaVersion));
    tx.commit();
    s->migrated_ = kSchemaVersion - version;
  } catch (const pqxx::broken_connection& e) {
    return unavailable("open", e.what());
  } catch (const std::exception& e) {
    return make_error(meeple::errc::kIo, fmt::format("postgres: migrating: {}", e.what()));
  }
  // The setup connection becomes the reader.
  im.prepare(*setup.conn);
  im.reader.conn = std::move(setup.conn);
  im.committer = std::thread([&im] { im.commit_loop(); });
  return s;
}

PostgresStore::~PostgresStore() {
  {
    std::lock_guard lock(impl_->queue_mutex);
    impl_->stopping = true;
  }
  impl_->queue_cv.notify_all();
  if (impl_->committer.joinable()) impl_->committer.join();
}

void PostgresStore::write_async(Write w, std::function<void(MaybeError)> done) {
  {
    std::lock_guard lock(impl_->queue_mutex);
    if (!impl_->stopping) {
      impl_->queue.push_back({std::move(w), std::move(done)});
      impl_->queue_cv.notify_one();
      return;
    }
  }
  done(make_error(meeple::errc::kIo, "the store is closing"));
}

StoreStats PostgresStore::stats() const {
  return impl_->counters.stats();
}

Expected<TableId> PostgresStore::create(const TableSpec& spec, const Lease& lease) {
  return impl_->write<TableId>("create", [&](pqxx::nontransaction& tx) -> Expected<TableId> {
    auto r =
        tx.exec_prepared("create", spec.id, lease.owner, static_cast<std::int64_t>(lease.fencing),
                         spec.game, spec.players, spec_to_json(spec).dump());
    const std::string answer = r[0][0].is_null() ? "" : r[0][0].as<std::string>();
    if (answer.starts_with("ok|")) return answer.substr(3);
    if (auto e = refusal(spec.id, lease, r[0][0])) return *e;
    return make_error(meeple::errc::kIo, "postgres: create answered nothing");
  });
}

MaybeError PostgresStore::append(const TableId& id, const Lease& lease,
                                 std::span<const Entry> entries) {
  auto r = impl_->write<bool>("append", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    auto res = tx.exec_prepared("append", id, lease.owner, static_cast<std::int64_t>(lease.fencing),
                                entries_json(entries).dump());
    if (auto e = refusal(id, lease, res[0][0])) return *e;
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

MaybeError PostgresStore::finish(const TableId& id, const Lease& lease, std::span<const Entry> last,
                                 const Json& result) {
  auto r = impl_->write<bool>("finish", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    auto res = tx.exec_prepared("finish", id, lease.owner, static_cast<std::int64_t>(lease.fencing),
                                entries_json(last).dump(), result.dump());
    if (auto e = refusal(id, lease, res[0][0])) return *e;
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

MaybeError PostgresStore::save_lobby(const TableSpec& spec, const Lease& lease) {
  if (spec.id.empty()) return make_error(errc::kUnknownTable, "a lobby is saved under its id");
  auto r = impl_->write<bool>("save_lobby", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    auto res =
        tx.exec_prepared("save_lobby", spec.id, lease.owner,
                         static_cast<std::int64_t>(lease.fencing), spec_to_json(spec).dump());
    if (auto e = refusal(spec.id, lease, res[0][0])) return *e;
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

MaybeError PostgresStore::drop_lobby(const TableId& id, const Lease& lease) {
  auto r = impl_->write<bool>("drop_lobby", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    auto res =
        tx.exec_prepared("drop_lobby", id, lease.owner, static_cast<std::int64_t>(lease.fencing));
    if (auto e = refusal(id, lease, res[0][0])) return *e;
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

Expected<Lease> PostgresStore::acquire(const TableId& id, const std::string& node,
                                       std::chrono::milliseconds ttl) {
  if (id.empty()) return make_error(errc::kUnknownTable, "acquire needs an id");
  return impl_->write<Lease>("acquire", [&](pqxx::nontransaction& tx) -> Expected<Lease> {
    auto r = tx.exec_prepared("acquire", id, node, count(ttl));
    return Lease{.owner = node, .fencing = r[0][0].as<std::uint64_t>()};
  });
}

Expected<std::vector<TableId>> PostgresStore::renew(const std::string& node,
                                                    std::span<const TableId> ids,
                                                    std::chrono::milliseconds ttl) {
  const std::string list = Json(std::vector<TableId>(ids.begin(), ids.end())).dump();
  return impl_->write<std::vector<TableId>>(
      "renew", [&](pqxx::nontransaction& tx) -> Expected<std::vector<TableId>> {
        auto r = tx.exec_prepared("renew", list, node, count(ttl));
        std::vector<TableId> kept;
        for (const auto& row : r) kept.push_back(row[0].as<std::string>());
        std::vector<TableId> lost;
        for (const TableId& id : ids)
          if (std::find(kept.begin(), kept.end(), id) == kept.end()) lost.push_back(id);
        return lost;
      });
}

Expected<TableRecord> PostgresStore::load(const TableId& id) const {
  return impl_->read<TableRecord>("load", [&](pqxx::nontransaction& tx) -> Expected<TableRecord> {
    // One statement: the table and its entries as of one snapshot.
    auto r = tx.exec_prepared("load", id);
    if (r.empty()) return make_error(errc::kUnknownTable, fmt::format("no table '{}'", id));
    TableRecord t;
    t.id = id;
    auto spec = Json::parse(r[0][0].as<std::string>(), nullptr, false);
    auto result =
        r[0][1].is_null() ? Json() : Json::parse(r[0][1].as<std::string>(), nullptr, false);
    if (spec.is_discarded() || result.is_discarded())
      return make_error(meeple::errc::kCorruptRecord, fmt::format("table '{}' is corrupt", id));
    t.spec = spec_from_json(id, spec);
    t.result = result;
    for (const auto& row : r) {
      if (row[2].is_null()) break;  // no entries: the LEFT JOIN's one empty row
      Entry e;
      e.kind = row[2].as<std::string>();
      e.seat = static_cast<Seat>(row[3].as<int>());
      e.action = static_cast<Action>(row[4].as<std::int64_t>());
      if (!row[5].is_null()) {
        e.json = Json::parse(row[5].as<std::string>(), nullptr, false);
        if (e.json.is_discarded())
          return make_error(meeple::errc::kCorruptRecord, fmt::format("table '{}' is corrupt", id));
      }
      e.text = row[6].as<std::string>();
      e.at = row[7].as<std::int64_t>();
      t.entries.push_back(std::move(e));
    }
    return t;
  });
}

std::vector<TableSummary> PostgresStore::list(bool unfinished_only) const {
  auto r = impl_->read<std::vector<TableSummary>>(
      "list", [&](pqxx::nontransaction& tx) -> Expected<std::vector<TableSummary>> {
        std::vector<TableSummary> out;
        for (const auto& row : tx.exec_prepared(unfinished_only ? "list_unfinished" : "list"))
          out.push_back({row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<int>(),
                         row[3].as<std::size_t>(), row[4].as<bool>(),
                         spec_options(row[5].as<std::string>())});
        return out;
      });
  return r ? std::move(*r) : std::vector<TableSummary>{};
}

std::vector<TableSpec> PostgresStore::lobbies() const {
  auto r = impl_->read<std::vector<TableSpec>>(
      "lobbies", [&](pqxx::nontransaction& tx) -> Expected<std::vector<TableSpec>> {
        std::vector<TableSpec> out;
        for (const auto& row : tx.exec_prepared("lobbies")) {
          auto j = Json::parse(row[1].as<std::string>(), nullptr, false);
          if (j.is_discarded() || !j.is_object()) continue;  // unreadable: left out
          out.push_back(spec_from_json(row[0].as<std::string>(), j));
        }
        return out;
      });
  return r ? std::move(*r) : std::vector<TableSpec>{};
}

MaybeError PostgresStore::save_review(const TableId& id, const std::string& key,
                                      const Json& review) {
  auto r = impl_->write<bool>("save_review", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec_prepared("save_review", id, key, review.dump());
    return true;
  });
  if (!r) return r.error();
  return std::nullopt;
}

Expected<Json> PostgresStore::load_review(const TableId& id, const std::string& key) const {
  return impl_->read<Json>("load_review", [&](pqxx::nontransaction& tx) -> Expected<Json> {
    const auto res = tx.exec_prepared("load_review", id, key);
    if (res.empty()) return Json(nullptr);
    auto j = Json::parse(res[0][0].as<std::string>(), nullptr, false);
    return j.is_discarded() ? Json(nullptr) : j;  // unreadable: made again
  });
}

std::vector<TableId> PostgresStore::expired() const {
  auto r = impl_->read<std::vector<TableId>>(
      "expired", [&](pqxx::nontransaction& tx) -> Expected<std::vector<TableId>> {
        std::vector<TableId> out;
        for (const auto& row : tx.exec_prepared("expired")) out.push_back(row[0].as<std::string>());
        return out;
      });
  return r ? std::move(*r) : std::vector<TableId>{};
}

// --- Accounts: each call one statement (or one transaction of a few) with
// its parameters; no leases.

namespace {
constexpr const char* kAccountColumns =
    "SELECT id, name, folded, password_hash, hidden, created FROM accounts ";

Expected<std::optional<Account>> account_of(const pqxx::result& r) {
  if (r.empty()) return std::optional<Account>();
  const auto& row = r[0];
  return std::optional<Account>(Account{.id = row[0].as<std::string>(),
                                        .name = row[1].as<std::string>(),
                                        .folded = row[2].as<std::string>(),
                                        .password_hash = row[3].as<std::string>(),
                                        .hidden = row[4].as<bool>(),
                                        .created = row[5].as<std::int64_t>()});
}

MaybeError done(const Expected<bool>& r) {
  if (!r) return r.error();
  return std::nullopt;
}
}  // namespace

// Runs one statement with its parameters as a write.
template <class... Args>
static MaybeError write_sql(PostgresStore::Impl& im, std::string_view what, const char* sql,
                            const Args&... args) {
  return done(im.write<bool>(what, [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec_params(sql, args...);
    return true;
  }));
}

MaybeError PostgresStore::create_account(const Account& a) {
  auto r = impl_->write<bool>("create_account", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    const auto res = tx.exec_params(
        "INSERT INTO accounts (id, name, folded, password_hash, hidden, created) "
        "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id",
        a.id, a.name, a.folded, a.password_hash, a.hidden, a.created);
    if (res.empty())
      return make_error(errc::kAccountExists, fmt::format("the name '{}' is taken", a.name));
    return true;
  });
  return done(r);
}

Expected<std::optional<Account>> PostgresStore::account(const std::string& id) const {
  return impl_->read<std::optional<Account>>(
      "account", [&](pqxx::nontransaction& tx) -> Expected<std::optional<Account>> {
        return account_of(tx.exec_params(std::string(kAccountColumns) + "WHERE id = $1", id));
      });
}

Expected<std::optional<Account>> PostgresStore::account_named(const std::string& folded) const {
  return impl_->read<std::optional<Account>>(
      "account", [&](pqxx::nontransaction& tx) -> Expected<std::optional<Account>> {
        return account_of(
            tx.exec_params(std::string(kAccountColumns) + "WHERE folded = $1", folded));
      });
}

MaybeError PostgresStore::update_account(const Account& a) {
  return done(impl_->write<bool>("update_account", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    const auto res = tx.exec_params(
        "UPDATE accounts SET password_hash = $1, hidden = $2 WHERE id = $3 RETURNING id",
        a.password_hash, a.hidden, a.id);
    if (res.empty()) return make_error(errc::kUnknownAccount, "no such account");
    return true;
  }));
}

MaybeError PostgresStore::delete_account(const std::string& id) {
  // One statement (data-modifying CTEs): all or nothing.
  return write_sql(*impl_, "delete_account",
                   "WITH a AS (DELETE FROM accounts WHERE id = $1), "
                   "s AS (DELETE FROM sessions WHERE account = $1), "
                   "c AS (DELETE FROM recovery_codes WHERE account = $1), "
                   "k AS (DELETE FROM keyring WHERE account = $1), "
                   "f AS (DELETE FROM friends WHERE account = $1 OR friend = $1), "
                   "i AS (DELETE FROM invitations WHERE account = $1) "
                   "DELETE FROM ratings WHERE account = $1",
                   id);
}

MaybeError PostgresStore::add_session(const std::string& token_hash, const std::string& account,
                                      std::int64_t expires) {
  return write_sql(*impl_, "add_session",
                   "INSERT INTO sessions (token_hash, account, expires) VALUES ($1, $2, $3) "
                   "ON CONFLICT (token_hash) DO UPDATE SET account = excluded.account, "
                   "expires = excluded.expires",
                   token_hash, account, expires);
}

Expected<std::optional<std::string>> PostgresStore::session(const std::string& token_hash,
                                                            std::int64_t now) const {
  return impl_->read<std::optional<std::string>>(
      "session", [&](pqxx::nontransaction& tx) -> Expected<std::optional<std::string>> {
        const auto r = tx.exec_params(
            "SELECT account FROM sessions WHERE token_hash = $1 AND expires > $2", token_hash, now);
        if (r.empty()) return std::optional<std::string>();
        return std::optional<std::string>(r[0][0].as<std::string>());
      });
}

MaybeError PostgresStore::drop_session(const std::string& token_hash) {
  return write_sql(*impl_, "drop_session", "DELETE FROM sessions WHERE token_hash = $1",
                   token_hash);
}

MaybeError PostgresStore::drop_sessions(const std::string& account, const std::string& keep) {
  return write_sql(*impl_, "drop_sessions",
                   "DELETE FROM sessions WHERE account = $1 AND token_hash <> $2", account, keep);
}

MaybeError PostgresStore::set_recovery_codes(const std::string& account,
                                             const std::vector<std::string>& hashes) {
  return write_sql(*impl_, "set_recovery_codes",
                   "WITH d AS (DELETE FROM recovery_codes WHERE account = $1) "
                   "INSERT INTO recovery_codes (account, code_hash) "
                   "SELECT DISTINCT $1, json_array_elements_text($2::json)",
                   account, Json(hashes).dump());
}

Expected<bool> PostgresStore::use_recovery_code(const std::string& account,
                                                const std::string& hash) {
  return impl_->write<bool>("use_recovery_code", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    return !tx.exec_params(
                  "DELETE FROM recovery_codes WHERE account = $1 AND code_hash = $2 RETURNING 1",
                  account, hash)
                .empty();
  });
}

Expected<int> PostgresStore::recovery_codes_left(const std::string& account) const {
  return impl_->read<int>("recovery_codes", [&](pqxx::nontransaction& tx) -> Expected<int> {
    return tx.exec_params("SELECT COUNT(*) FROM recovery_codes WHERE account = $1", account)[0][0]
        .as<int>();
  });
}

MaybeError PostgresStore::add_to_keyring(const std::string& account, const KeyringSeat& s) {
  // Replaced: deleted and inserted again (one transaction), so it lists as the newest.
  return done(impl_->write<bool>("add_to_keyring", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec("BEGIN");
    tx.exec_params("DELETE FROM keyring WHERE account = $1 AND table_id = $2 AND seat = $3",
                   account, s.table, s.seat);
    tx.exec_params(
        "INSERT INTO keyring (account, table_id, seat, token, added) VALUES ($1, $2, $3, $4, $5)",
        account, s.table, s.seat, s.token, s.added);
    tx.exec("COMMIT");
    return true;
  }));
}

Expected<std::vector<KeyringSeat>> PostgresStore::keyring(const std::string& account,
                                                          std::size_t limit) const {
  return impl_->read<std::vector<KeyringSeat>>(
      "keyring", [&](pqxx::nontransaction& tx) -> Expected<std::vector<KeyringSeat>> {
        std::vector<KeyringSeat> out;
        for (const auto& row :
             tx.exec_params("SELECT table_id, seat, token, added FROM keyring WHERE account = $1 "
                            "ORDER BY added DESC, ord DESC LIMIT $2",
                            account, static_cast<std::int64_t>(limit)))
          out.push_back({row[0].as<std::string>(), row[1].as<int>(), row[2].as<std::string>(),
                         row[3].as<std::int64_t>()});
        return out;
      });
}

Expected<std::map<int, std::string>> PostgresStore::accounts_at(const TableId& table) const {
  return impl_->read<std::map<int, std::string>>(
      "accounts_at", [&](pqxx::nontransaction& tx) -> Expected<std::map<int, std::string>> {
        std::map<int, std::string> out;
        for (const auto& row : tx.exec_params(
                 "SELECT seat, account FROM keyring WHERE table_id = $1 AND seat >= 0", table))
          out[row[0].as<int>()] = row[1].as<std::string>();
        return out;
      });
}

MaybeError PostgresStore::add_friend(const std::string& account, const std::string& friend_id) {
  return write_sql(*impl_, "add_friend",
                   "INSERT INTO friends (account, friend) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                   account, friend_id);
}

MaybeError PostgresStore::remove_friend(const std::string& account, const std::string& friend_id) {
  return write_sql(*impl_, "remove_friend",
                   "DELETE FROM friends WHERE account = $1 AND friend = $2", account, friend_id);
}

Expected<std::vector<std::string>> PostgresStore::friends(const std::string& account) const {
  return impl_->read<std::vector<std::string>>(
      "friends", [&](pqxx::nontransaction& tx) -> Expected<std::vector<std::string>> {
        std::vector<std::string> out;
        for (const auto& row :
             tx.exec_params("SELECT friend FROM friends WHERE account = $1 ORDER BY ord", account))
          out.push_back(row[0].as<std::string>());
        return out;
      });
}

MaybeError PostgresStore::invite(const Invitation& i) {
  // Replaced: deleted and inserted again (two statements, one transaction),
  // so it lists as the newest.
  return done(impl_->write<bool>("invite", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec("BEGIN");
    tx.exec_params("DELETE FROM invitations WHERE account = $1 AND table_id = $2", i.account,
                   i.table);
    tx.exec_params(
        "INSERT INTO invitations (account, table_id, game, title, sender, at) "
        "VALUES ($1, $2, $3, $4, $5, $6)",
        i.account, i.table, i.game, i.title, i.from, i.at);
    tx.exec("COMMIT");
    return true;
  }));
}

MaybeError PostgresStore::dismiss_invitation(const std::string& account, const TableId& table) {
  return write_sql(*impl_, "dismiss_invitation",
                   "DELETE FROM invitations WHERE account = $1 AND table_id = $2", account, table);
}

Expected<std::vector<Invitation>> PostgresStore::invitations(const std::string& account) const {
  return impl_->read<std::vector<Invitation>>(
      "invitations", [&](pqxx::nontransaction& tx) -> Expected<std::vector<Invitation>> {
        std::vector<Invitation> out;
        for (const auto& row :
             tx.exec_params("SELECT table_id, game, title, sender, at FROM invitations "
                            "WHERE account = $1 ORDER BY ord",
                            account))
          out.push_back({account, row[0].as<std::string>(), row[1].as<std::string>(),
                         row[2].as<std::string>(), row[3].as<std::string>(),
                         row[4].as<std::int64_t>()});
        return out;
      });
}

MaybeError PostgresStore::save_rating(const std::string& account, const std::string& game,
                                      const Rating& r) {
  return write_sql(*impl_, "save_rating",
                   "INSERT INTO ratings (account, game, rating, rd, volatility, games) "
                   "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account, game) DO UPDATE "
                   "SET rating = excluded.rating, rd = excluded.rd, "
                   "volatility = excluded.volatility, games = excluded.games",
                   account, game, r.rating, r.rd, r.volatility, r.games);
}

Expected<std::optional<Rating>> PostgresStore::rating(const std::string& account,
                                                      const std::string& game) const {
  return impl_->read<std::optional<Rating>>(
      "rating", [&](pqxx::nontransaction& tx) -> Expected<std::optional<Rating>> {
        const auto r = tx.exec_params(
            "SELECT rating, rd, volatility, games FROM ratings WHERE account = $1 AND game = $2",
            account, game);
        if (r.empty()) return std::optional<Rating>();
        return std::optional<Rating>(Rating{r[0][0].as<double>(), r[0][1].as<double>(),
                                            r[0][2].as<double>(), r[0][3].as<int>()});
      });
}

MaybeError PostgresStore::rename_seat(const TableId& table, int seat, const std::string& name) {
  // Read and written in one transaction, the row locked meanwhile.
  return done(impl_->write<bool>("rename_seat", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec("BEGIN");
    const auto r = tx.exec_params("SELECT spec FROM tables WHERE id = $1 FOR UPDATE", table);
    if (r.empty()) {
      tx.exec("ROLLBACK");
      return make_error(errc::kUnknownTable, fmt::format("no table '{}'", table));
    }
    auto j = Json::parse(r[0][0].as<std::string>(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      tx.exec("ROLLBACK");
      return make_error(meeple::errc::kCorruptRecord, fmt::format("table '{}' is corrupt", table));
    }
    TableSpec spec = spec_from_json(table, j);
    rename_seat_in(spec, seat, name);
    tx.exec_params("UPDATE tables SET spec = $1 WHERE id = $2", spec_to_json(spec).dump(), table);
    tx.exec("COMMIT");
    return true;
  }));
}

}  // namespace meeple::store
