// The schema of the PostgreSQL stores' database (store/postgres_store.h),
// migrated when a node opens it, the statements every connection prepares,
// and the opening.
#include <memory>

#include "store/postgres_database.h"

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
    // 5: each account's skeleton (NULL for the accounts made before: the
    // server computes theirs; unique, NULLs distinct) and whether it takes
    // invitations from friends only; known devices.
    R"sql(
ALTER TABLE accounts ADD COLUMN skeleton text UNIQUE;
ALTER TABLE accounts ADD COLUMN friends_only boolean NOT NULL DEFAULT false;
CREATE TABLE devices (
  token_hash text NOT NULL,
  account text NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (token_hash, account)
);
CREATE INDEX devices_account ON devices (account);
)sql",
    // 6: the leaderboards' order per game (AccountStore::leaderboard).
    R"sql(
CREATE INDEX ratings_board ON ratings (game, rating DESC, account);
)sql",
    // 7: tournaments (AccountStore::save_tournament), each a JSON document
    // with the columns it is listed by.
    R"sql(
CREATE TABLE tournaments (
  id text PRIMARY KEY,
  name text NOT NULL,
  game text NOT NULL,
  phase text NOT NULL,
  starts bigint NOT NULL,
  doc text NOT NULL
);
CREATE INDEX tournaments_starts ON tournaments (starts);
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

}  // namespace

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

std::unique_ptr<pqxx::connection> PostgresDatabase::connect(const std::string& url) {
  auto c = std::make_unique<pqxx::connection>(url);
  pqxx::nontransaction tx(*c);
  tx.exec("SET synchronous_commit = on; SET client_min_messages = warning");
  tx.commit();
  return c;
}

void PostgresDatabase::prepare(pqxx::connection& c) {
  for (const auto& [name, sql] : kStatements) c.prepare(name, sql);
}

PostgresStore::PostgresStore(std::unique_ptr<PostgresDatabase> db)
    : db_(std::move(db)), tables_(*db_), accounts_(*db_) {}

PostgresStore::~PostgresStore() {
  db_->stop();
}

Expected<std::unique_ptr<PostgresStore>> PostgresStore::open(const std::string& url,
                                                             PostgresOptions options) {
  auto db = std::make_unique<PostgresDatabase>();
  PostgresDatabase& im = *db;
  int migrated = 0;
  im.url = url;
  im.options = options;
  im.writers.resize(static_cast<std::size_t>(std::max(1, options.writers)));
  for (std::size_t i = 0; i < im.writers.size(); ++i) im.free.push_back(i);

  // Migrations: one transaction, under a lock every node takes first.
  PostgresDatabase::Slot setup;
  const auto deadline = std::chrono::steady_clock::now() + options.retry;
  for (;;) {
    try {
      setup.conn = PostgresDatabase::connect(url);
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
    migrated = kSchemaVersion - version;
  } catch (const pqxx::broken_connection& e) {
    return unavailable("open", e.what());
  } catch (const std::exception& e) {
    return make_error(meeple::errc::kIo, fmt::format("postgres: migrating: {}", e.what()));
  }
  // The setup connection becomes the reader.
  PostgresDatabase::prepare(*setup.conn);
  im.reader.conn = std::move(setup.conn);
  im.committer = std::thread([&im] { im.commit_loop(); });
  std::unique_ptr<PostgresStore> s(new PostgresStore(std::move(db)));
  s->migrated_ = migrated;
  return s;
}

}  // namespace meeple::store
