#include "store/sqlite_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <string_view>

#include <fmt/format.h>
#include <sqlite3.h>

namespace meeple::store {

namespace {

bool file_exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

std::string read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::uint32_t big_endian(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

// The WAL's running checksum (the file format's): over 32-bit words, read
// big-endian or little-endian as the WAL's magic number says.
void wal_checksum(const unsigned char* p, std::size_t n, bool big, std::uint32_t& s0,
                  std::uint32_t& s1) {
  auto word = [&](const unsigned char* w) {
    return big ? big_endian(w)
               : (std::uint32_t{w[3]} << 24) | (std::uint32_t{w[2]} << 16) |
                     (std::uint32_t{w[1]} << 8) | std::uint32_t{w[0]};
  };
  for (std::size_t i = 0; i + 8 <= n; i += 8) {
    s0 += word(p + i) + s1;
    s1 += word(p + i + 4) + s0;
  }
}

// What the WAL's index (the -shm file a server maps) says of the log: the
// frames it holds and how many of them the database file holds already.
struct WalIndex {
  std::uint32_t frames = 0, backfilled = 0;
  unsigned char salts[8] = {};
};

// The index's header if it reads back (two equal copies, its checksum
// right), in the machine's byte order as SQLite writes it.
std::optional<WalIndex> read_wal_index(const std::string& shm_path) {
  const std::string shm = read_whole(shm_path);
  constexpr std::size_t kHeader = 48, kBackfillAt = 2 * kHeader;
  if (shm.size() < kBackfillAt + 4 || shm.compare(0, kHeader, shm, kHeader, kHeader) != 0)
    return std::nullopt;
  const auto* p = reinterpret_cast<const unsigned char*>(shm.data());
  auto native = [&](std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, p + at, 4);
    return v;
  };
  std::uint32_t s0 = 0, s1 = 0;
  for (std::size_t i = 0; i < 40; i += 8) {
    s0 += native(i) + s1;
    s1 += native(i + 4) + s0;
  }
  if (p[12] != 1 || s0 != native(40) || s1 != native(44)) return std::nullopt;
  WalIndex w{.frames = native(16), .backfilled = native(kBackfillAt)};
  std::memcpy(w.salts, p + 32, 8);
  return w;
}

// The WAL findings of sqlite_damage (the header says what they are).
// SQLite's index of the log (`index`, read before the log) names the frames
// the last writer committed: they were synced before it said so, so a log
// that holds fewer of them was cut or replaced after.
void wal_damage(const std::string& wal_path, const std::optional<WalIndex>& index,
                std::vector<std::string>& found) {
  const std::string wal = read_whole(wal_path);
  constexpr std::size_t kHeader = 32, kFrameHeader = 24;
  const bool owed = index && index->frames > index->backfilled;
  const auto* p = reinterpret_cast<const unsigned char*>(wal.data());
  const std::uint32_t magic = wal.size() >= kHeader ? big_endian(p) : 0;
  if (magic != 0x377f0682 && magic != 0x377f0683) {
    if (owed)
      found.push_back(fmt::format(
          "its WAL ({}) is gone or not a WAL, though its index says it holds {} frames the "
          "database file does not",
          wal_path, index->frames - index->backfilled));
    return;
  }
  const bool big = (magic & 1) != 0;
  const std::uint32_t page = big_endian(p + 8);
  std::uint32_t s0 = 0, s1 = 0;
  wal_checksum(p, 24, big, s0, s1);
  // A header that does not read back: SQLite ignores the whole log, as it
  // does one being started again; nothing here tells which it was.
  if (page < 512 || page > 65536 || (page & (page - 1)) != 0 || s0 != big_endian(p + 24) ||
      s1 != big_endian(p + 28))
    return;
  const std::size_t frame = kFrameHeader + page;
  std::size_t frames = 0, broken_at = 0, lost_commits = 0, committed = 0;
  bool broken = false;
  for (std::size_t at = kHeader; at + frame <= wal.size(); at += frame, ++frames) {
    const unsigned char* f = p + at;
    // Another salt: an older log's frame (the log starts again after a
    // checkpoint), where this one ends.
    if (std::memcmp(f + 8, p + 16, 8) != 0) break;
    const bool commit = big_endian(f + 4) != 0;
    if (broken) {
      if (commit) ++lost_commits;
      continue;
    }
    wal_checksum(f, 8, big, s0, s1);
    wal_checksum(f + kFrameHeader, page, big, s0, s1);
    if (s0 != big_endian(f + 16) || s1 != big_endian(f + 20)) {
      broken = true;
      broken_at = frames;
    } else if (commit) {
      committed = frames + 1;
    }
  }
  if (lost_commits > 0)
    found.push_back(fmt::format(
        "its WAL ({}) does not read back at frame {}: {} later commits in it would be dropped",
        wal_path, broken_at + 1, lost_commits));
  else if (owed && std::memcmp(index->salts, p + 16, 8) == 0 && committed < index->frames)
    found.push_back(fmt::format(
        "its WAL ({}) holds {} frames that read back, but its index says {} were committed: "
        "the rest was cut off",
        wal_path, committed, index->frames));
}

Error io_error(std::string message) {
  return make_error(meeple::errc::kIo, std::move(message));
}

// A connection that reads the file as it is: read-only, and it never
// checkpoints the WAL when it closes.
sqlite3* open_reading(const std::string& path, std::string& why) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    why = db ? sqlite3_errmsg(db) : "no memory";
    sqlite3_close(db);
    return nullptr;
  }
  sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  sqlite3_busy_timeout(db, 5000);
  return db;
}

MaybeError sync_path(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return io_error(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
  const int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) return io_error(fmt::format("cannot sync '{}': {}", path, std::strerror(errno)));
  return std::nullopt;
}

std::string folder_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

namespace {

// What sqlite_damage finds in the file as it is now (not what was noted).
std::vector<std::string> damage_now(const std::string& path, bool thorough) {
  std::vector<std::string> found;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return found;
  if (st.st_size == 0) {
    found.push_back("the file is empty (0 bytes)");
    return found;
  }
  // The index first: the log only grows while a server writes it.
  wal_damage(path + "-wal", read_wal_index(path + "-shm"), found);
  std::string why;
  sqlite3* db = open_reading(path, why);
  if (db == nullptr) {
    found.push_back(fmt::format("SQLite cannot open it: {}", why));
    return found;
  }
  sqlite3_stmt* q = nullptr;
  const char* sql = thorough ? "PRAGMA integrity_check(20)" : "PRAGMA quick_check(20)";
  if (sqlite3_prepare_v2(db, sql, -1, &q, nullptr) != SQLITE_OK) {
    found.push_back(fmt::format("SQLite cannot read it: {}", sqlite3_errmsg(db)));
  } else {
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
      const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
      // A row may hold several findings, a line each.
      std::string_view rest = t ? t : "";
      while (!rest.empty() && rest != "ok") {
        const auto end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        if (!line.starts_with("*** in database"))
          found.push_back(fmt::format("{}: {}", sql + 7, line));
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
      }
    }
    if (rc != SQLITE_DONE)
      found.push_back(fmt::format("SQLite cannot read it: {}", sqlite3_errmsg(db)));
  }
  sqlite3_finalize(q);
  sqlite3_close(db);
  return found;
}

}  // namespace

std::vector<std::string> sqlite_damage(const std::string& path, bool thorough) {
  std::vector<std::string> found, noted;
  {
    std::ifstream in(path + ".damaged");
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) noted.push_back(line);
  }
  for (const std::string& line : noted)
    found.push_back(fmt::format(
        "noted in {}.damaged (remove it to serve the file as it reads now): {}", path, line));
  for (std::string& now : damage_now(path, thorough))
    if (std::find(noted.begin(), noted.end(), now) == noted.end()) found.push_back(std::move(now));
  return found;
}

bool sqlite_in_use(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0;
  ::close(fd);
  return held;
}

void note_damage(const std::string& path, const std::vector<std::string>& found) {
  const std::string note = path + ".damaged";
  if (file_exists(note) || sqlite_in_use(path)) return;
  std::ofstream out(note);
  for (const std::string& f : found) out << f << "\n";
}

MaybeError sqlite_backup(const std::string& path, const std::string& out) {
  if (!file_exists(path)) return io_error(fmt::format("no database '{}'", path));
  if (file_exists(out))
    return io_error(fmt::format("'{}' exists already: a backup is written to a new file", out));
  std::string why;
  sqlite3* src = open_reading(path, why);
  if (src == nullptr) return io_error(fmt::format("cannot open '{}': {}", path, why));
  // Made under another name and renamed once checked: a file named `out`
  // is a whole backup.
  const std::string part = out + ".part";
  ::unlink(part.c_str());
  sqlite3* dst = nullptr;
  MaybeError failed;
  if (sqlite3_open_v2(part.c_str(), &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    failed = io_error(fmt::format("cannot make '{}': {}", part, sqlite3_errmsg(dst)));
  } else if (sqlite3_backup* b = sqlite3_backup_init(dst, "main", src, "main"); b == nullptr) {
    failed = io_error(fmt::format("cannot back up '{}': {}", path, sqlite3_errmsg(dst)));
  } else {
    // Every page in one step: one read transaction of the source, so the
    // copy is one commit's database however the server writes meanwhile
    // (in WAL mode a reader holds no writer back).
    int rc;
    for (int tries = 0; (rc = sqlite3_backup_step(b, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED;)
      if (++tries == 50)
        break;
      else
        sqlite3_sleep(100);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE)
      failed = io_error(fmt::format("cannot back up '{}': {}", path, sqlite3_errstr(rc)));
    // One file, no WAL beside it (the copied header says WAL mode).
    else if (sqlite3_exec(dst, "PRAGMA journal_mode=DELETE", nullptr, nullptr, nullptr) !=
             SQLITE_OK)
      failed = io_error(fmt::format("cannot back up '{}': {}", path, sqlite3_errmsg(dst)));
  }
  sqlite3_close(dst);
  sqlite3_close(src);
  if (!failed)
    if (auto damage = sqlite_damage(part, true); !damage.empty())
      failed = io_error(fmt::format("the copy of '{}' does not check: {}", path, damage.front()));
  if (!failed) failed = sync_path(part);
  if (!failed && ::rename(part.c_str(), out.c_str()) != 0)
    failed = io_error(fmt::format("cannot name the backup '{}': {}", out, std::strerror(errno)));
  if (failed) {
    ::unlink(part.c_str());
    return failed;
  }
  return sync_path(folder_of(out));
}

MaybeError sqlite_restore(const std::string& backup, const std::string& path) {
  if (!file_exists(backup)) return io_error(fmt::format("no backup '{}'", backup));
  if (auto damage = sqlite_damage(backup, true); !damage.empty())
    return io_error(fmt::format("the backup '{}' is damaged: {}", backup, damage.front()));
  // Held for the whole restore: a server that starts meanwhile waits for
  // nothing, but one running now is found.
  int held = -1;
  if (file_exists(path)) {
    held = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (held < 0) return io_error(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
    if (::flock(held, LOCK_EX | LOCK_NB) != 0) {
      ::close(held);
      return io_error(fmt::format(
          "'{}' is open in a running server (or another meeple command): stop it first", path));
    }
  }
  struct Release {
    int fd;
    ~Release() {
      if (fd >= 0) ::close(fd);
    }
  } release{held};
  const std::string next = path + ".restoring";
  {
    std::ifstream in(backup, std::ios::binary);
    std::ofstream o(next, std::ios::binary | std::ios::trunc);
    o << in.rdbuf();
    o.flush();
    if (!in || !o) {
      ::unlink(next.c_str());
      return io_error(fmt::format("cannot copy '{}' to '{}'", backup, next));
    }
  }
  if (auto e = sync_path(next)) return e;
  // The database replaced, and its WAL (which belongs to it: beside the
  // restored file SQLite would apply it there), kept as a pair.
  const std::string kept = path + ".before-restore";
  if (file_exists(path)) {
    for (const char* tail : {"", "-wal"}) ::unlink((kept + tail).c_str());
    if (::rename(path.c_str(), kept.c_str()) != 0)
      return io_error(
          fmt::format("cannot keep '{}' as '{}': {}", path, kept, std::strerror(errno)));
    if (file_exists(path + "-wal")) ::rename((path + "-wal").c_str(), (kept + "-wal").c_str());
  }
  for (const char* tail : {"-wal", "-shm", ".damaged"}) ::unlink((path + tail).c_str());
  if (::rename(next.c_str(), path.c_str()) != 0)
    return io_error(fmt::format("cannot put '{}' in place: {}", path, std::strerror(errno)));
  return sync_path(folder_of(path));
}

FileHold::FileHold(const std::string& path) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ >= 0) ::flock(fd_, LOCK_SH | LOCK_NB);
}

FileHold::~FileHold() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace meeple::store
