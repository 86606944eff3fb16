// A SQLite store's file as a whole, for the server's start and the commands
// that look after it (`meeple check`, `backup`, `restore`; docs/server.md,
// "Backups"): what is wrong with it, a consistent copy of it while a server
// writes it, and a copy put back in its place.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"

namespace meeple::store {

// What is wrong with the SQLite database at `path`, one finding a line, in
// words; empty when nothing is found (or there is no file). It reads the
// file and its WAL as they are and changes neither (a WAL is never
// checkpointed here). It finds:
// - a file of 0 bytes: a meeple database is never empty once made (SQLite
//   would take it for a new, empty one);
// - commits in the WAL past a frame that does not read back (a checksum or a
//   salt that is not its own): SQLite stops at that frame without a word and
//   drops everything written after it, though a later commit was only
//   written once the earlier ones were on disk, so this is damage, not a
//   crash (a commit cut by a crash is the WAL's last, and was never
//   acknowledged);
// - a WAL that holds fewer committed frames than its index (the -shm file
//   a server maps, which survives the server's kill) says were committed and
//   not yet copied to the database file: the WAL was cut, deleted or
//   replaced (SQLite would go back to an older database without a word).
//   Sound, as SQLite syncs a commit's frames before the index names them;
//   found only while the index is there (a crash of the machine may lose
//   it, and then a cut WAL looks like an older, consistent database, which
//   no check can tell from the real one: checkpoints when the server is idle,
//   store/sqlite_store.h, keep what the WAL alone holds small);
// - what PRAGMA quick_check reports (integrity_check with `thorough`, which
//   also compares indexes with their tables), or that SQLite cannot read
//   the file at all;
// - what note_damage noted of the file earlier (PATH.damaged).
std::vector<std::string> sqlite_damage(const std::string& path, bool thorough = false);

// Notes `found` (sqlite_damage's findings, not empty) in PATH.damaged, unless
// a note is there already, so that the file is found damaged again until it
// is restored: a WAL's damage is seen by the first opening after the crash
// only, as SQLite's recovery then rebuilds the index that told of it.
// sqlite_restore removes the note; removing it by hand lets the file be
// served as it reads now.
// Nothing is noted while a store holds the file (sqlite_in_use): its WAL
// was then read while a server wrote it.
void note_damage(const std::string& path, const std::vector<std::string>& found);

// Whether a store (a running server) has the file at `path` open: it holds
// a FileHold.
bool sqlite_in_use(const std::string& path);

// Copies the database at `path` (a running server may be writing it) into a
// new file `out` with SQLite's online backup API, in one read transaction:
// the copy is the database as of one commit, whole in one file (no WAL), and
// passed quick_check. io/failed when `out` exists already or the copy cannot
// be made or checked; `out` is then not made.
MaybeError sqlite_backup(const std::string& path, const std::string& out);

// Puts the backup `backup` in place of the database at `path`. Refused
// (io/failed) when the backup is damaged (sqlite_damage) or a store holds
// `path` open (a running server: FileHold). The file it replaces, if any,
// is kept beside it with its WAL as PATH.before-restore (and
// PATH.before-restore-wal), which SQLite opens as they were; a stale WAL or
// shared-memory file of the old database never meets the restored one.
MaybeError sqlite_restore(const std::string& backup, const std::string& path);

// A shared lock (flock, beside SQLite's own locks) on the database file at
// `path` while it lives: every SqliteStore of a file holds one, so that
// sqlite_restore can tell that a server has the file open. Its descriptor
// stays open as long as the store's connections: closing any descriptor of
// a file drops the POSIX locks SQLite holds on it for the whole process, so
// the functions above, which open and close the file, its WAL and its index,
// are for a process whose connections to the file hold no lock yet (a
// server's start, the commands).
class FileHold {
 public:
  explicit FileHold(const std::string& path);
  ~FileHold();
  FileHold(const FileHold&) = delete;
  FileHold& operator=(const FileHold&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace meeple::store
