// `meeple check`, `backup` and `restore`: a SQLite store's file looked
// after (docs/server.md, "Backups").
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/registry.h"
#include "server/server.h"
#include "store/sqlite_file.h"
#include "store/sqlite_store.h"

namespace meeple::cli {

namespace {

// A PostgreSQL store has its own tools (docs/server.md, "Backups").
MaybeError sqlite_only(const std::string& where) {
  if (where.starts_with("postgresql://") || where.starts_with("postgres://"))
    return make_error(meeple::errc::kUsage,
                      "a PostgreSQL store is backed up and checked with its own tools (pg_dump, "
                      "point-in-time recovery: docs/server.md, \"Backups\")");
  return std::nullopt;
}

int refuse(const Error& e, std::ostream& err) {
  err << "error: " << e.code << ": " << e.message << "\n";
  return 2;
}

// Every table of the store that does not replay, one line each on `out`,
// and a summary line; the count of those that do not.
int check_tables(const store::TableStore& s, std::ostream& out) {
  const server::ServerOptions options;
  int tables = 0, bad = 0;
  std::size_t entries = 0;
  for (const store::TableSummary& t : s.list(false)) {
    ++tables;
    auto rec = s.load(t.id);
    MaybeError e = rec ? server::check_record(options, *rec) : MaybeError(rec.error());
    if (rec) entries += rec->entries.size();
    if (!e) continue;
    ++bad;
    out << fmt::format("table {} ({}, {}): does not replay: {}\n", t.id, t.game,
                       t.finished ? "finished" : "unfinished", e->message);
  }
  out << fmt::format("{} tables ({} entries): {} replay, {} do not\n", tables, entries,
                     tables - bad, bad);
  return bad;
}

}  // namespace

int cmd_check(const StoreArgs& a, std::ostream& out, std::ostream& err) {
  if (auto e = sqlite_only(a.db)) return refuse(*e, err);
  auto s = store::SqliteStore::open_to_read(a.db);
  if (!s) return refuse(s.error(), err);
  // Before the first read: reading runs SQLite's recovery, after which a
  // WAL's damage is no longer seen (the note keeps it).
  const auto damage = store::sqlite_damage(a.db, a.thorough);
  if (!damage.empty()) store::note_damage(a.db, damage);
  for (const std::string& d : damage) out << "damaged: " << d << "\n";
  if (!damage.empty() && store::sqlite_in_use(a.db))
    out << "(a server has the file open: its WAL was read while being written, and nothing is "
           "noted; check again with the server stopped)\n";
  if (damage.empty()) out << (a.thorough ? "integrity_check: ok\n" : "quick_check: ok\n");
  const int bad = check_tables((*s)->tables(), out);
  return damage.empty() && bad == 0 ? 0 : 1;
}

int cmd_backup(const StoreArgs& a, std::ostream& out, std::ostream& err) {
  if (auto e = sqlite_only(a.db)) return refuse(*e, err);
  if (auto e = store::sqlite_backup(a.db, a.file)) return refuse(*e, err);
  out << fmt::format("backup of {} written to {} (integrity_check: ok)\n", a.db, a.file);
  return 0;
}

int cmd_restore(const StoreArgs& a, std::ostream& out, std::ostream& err) {
  if (auto e = sqlite_only(a.db)) return refuse(*e, err);
  // The backup is checked as `meeple check` checks a file before it is put
  // in place: a backup that does not replay is no way out.
  std::ostringstream report;
  {
    auto s = store::SqliteStore::open_to_read(a.file);
    if (!s) return refuse(s.error(), err);
    if (const int bad = check_tables((*s)->tables(), report); bad > 0)
      return refuse(make_error(meeple::errc::kCorruptRecord,
                               fmt::format("the backup '{}' holds {} tables that do not replay "
                                           "(meeple check --db {} lists them): not restored",
                                           a.file, bad, a.file)),
                    err);
  }
  if (auto e = store::sqlite_restore(a.file, a.db)) return refuse(*e, err);
  out << report.str()
      << fmt::format("{} restored from {} (the file it replaced, if any: {}.before-restore)\n",
                     a.db, a.file, a.db);
  return 0;
}

namespace {

// The three share --db, the SQLite file.
RunCommand add_check(CLI::App& app) {
  auto a = std::make_shared<StoreArgs>();
  auto* c = app.add_subcommand(
      "check", "Check a SQLite store's file: damage, and every table whose record does not replay");
  c->add_option("--db", a->db, "The SQLite file")->required();
  c->add_flag("--thorough", a->thorough,
              "PRAGMA integrity_check (indexes too) rather than quick_check");
  return
      [a](std::istream&, std::ostream& out, std::ostream& err) { return cmd_check(*a, out, err); };
}
const RegisterCommand kCheckCommand{{170, "check", add_check}};

RunCommand add_backup(CLI::App& app) {
  auto a = std::make_shared<StoreArgs>();
  auto* c = app.add_subcommand(
      "backup", "Copy a SQLite store (a running server's too) into a new file, and check the copy");
  c->add_option("--db", a->db, "The SQLite file")->required();
  c->add_option("out", a->file, "The backup to write (a new file)")->required();
  return
      [a](std::istream&, std::ostream& out, std::ostream& err) { return cmd_backup(*a, out, err); };
}
const RegisterCommand kBackupCommand{{180, "backup", add_backup}};

RunCommand add_restore(CLI::App& app) {
  auto a = std::make_shared<StoreArgs>();
  auto* c = app.add_subcommand(
      "restore", "Put a checked backup in place of a SQLite store (its server stopped)");
  c->add_option("backup", a->file, "The backup")->required();
  c->add_option("--db", a->db, "The SQLite file to replace")->required();
  return [a](std::istream&, std::ostream& out, std::ostream& err) {
    return cmd_restore(*a, out, err);
  };
}
const RegisterCommand kRestoreCommand{{190, "restore", add_restore}};

}  // namespace

}  // namespace meeple::cli
