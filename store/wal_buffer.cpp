#include "store/wal_buffer.h"

#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

namespace meeple::store {
namespace {

sqlite3_vfs* g_platform = nullptr;       // the VFS under ours (set once, by wal_buffer_vfs)
std::atomic<std::uint64_t> g_writes{0};  // wal_buffer_writes()

// What SQLite allocates for one open file (the VFS's szOsFile): this, then
// the platform's own file object at kPlatformAt.
struct File {
  sqlite3_file base;         // first: SQLite sees a sqlite3_file
  sqlite3_file* platform;    // the platform's file, within the same allocation
  bool gathered = false;     // a WAL file
  bool commit_page = false;  // the last write was the header of a commit's last frame
  sqlite3_int64 start = 0;   // where the buffer goes in the file
  std::vector<char> buffer;  // written, not yet given to the platform's file
};
constexpr int kPlatformAt = (sizeof(File) + 15) / 16 * 16;
// Past this the buffer is written out even inside a commit (a huge one).
constexpr std::size_t kMostBuffered = 4 << 20;
constexpr std::size_t kMostAWrite = 64 << 10;

File* of(sqlite3_file* f) {
  return reinterpret_cast<File*>(f);
}
const sqlite3_io_methods& platform(File* f) {
  return *f->platform->pMethods;
}

int write_out(File* f) {
  int rc = SQLITE_OK;
  // In pieces: SQLite's unix VFS writes at most 128 KB a call.
  for (std::size_t at = 0; at < f->buffer.size() && rc == SQLITE_OK; at += kMostAWrite) {
    const std::size_t n = std::min(kMostAWrite, f->buffer.size() - at);
    rc = platform(f).xWrite(f->platform, f->buffer.data() + at, static_cast<int>(n),
                            f->start + static_cast<sqlite3_int64>(at));
    g_writes.fetch_add(1, std::memory_order_relaxed);
  }
  f->buffer.clear();
  if (f->buffer.capacity() > kMostBuffered) f->buffer.shrink_to_fit();
  return rc;
}

int x_close(sqlite3_file* file) {
  File* f = of(file);
  int rc = write_out(f);
  const int closed = platform(f).xClose(f->platform);
  f->~File();
  return rc != SQLITE_OK ? rc : closed;
}

int x_read(sqlite3_file* file, void* out, int n, sqlite3_int64 at) {
  File* f = of(file);
  if (int rc = write_out(f)) return rc;
  return platform(f).xRead(f->platform, out, n, at);
}

int x_write(sqlite3_file* file, const void* data, int n, sqlite3_int64 at) {
  File* f = of(file);
  if (!f->gathered) return platform(f).xWrite(f->platform, data, n, at);
  const char* bytes = static_cast<const char*>(data);
  const auto end = f->start + static_cast<sqlite3_int64>(f->buffer.size());
  if (!f->buffer.empty() && at >= f->start && at + n <= end) {
    // A frame of the open transaction written again, in the buffer.
    std::memcpy(f->buffer.data() + (at - f->start), bytes, static_cast<std::size_t>(n));
  } else {
    if (f->buffer.empty() || at != end) {
      if (int rc = write_out(f)) return rc;
      f->start = at;
    }
    try {
      f->buffer.insert(f->buffer.end(), bytes, bytes + n);
    } catch (const std::bad_alloc&) {  // nothing may be thrown through SQLite
      return SQLITE_NOMEM;
    }
  }
  // A commit's frames go out with its last page: the header of that frame (a
  // WAL frame header is 24 bytes) holds the database's size after the
  // commit in bytes 4-7, which are zero in every other frame's.
  if (std::exchange(f->commit_page, false)) return write_out(f);
  f->commit_page = n == 24 && (bytes[4] | bytes[5] | bytes[6] | bytes[7]) != 0;
  return f->buffer.size() >= kMostBuffered ? write_out(f) : SQLITE_OK;
}

int x_truncate(sqlite3_file* file, sqlite3_int64 size) {
  File* f = of(file);
  if (int rc = write_out(f)) return rc;
  return platform(f).xTruncate(f->platform, size);
}

int x_sync(sqlite3_file* file, int flags) {
  File* f = of(file);
  if (int rc = write_out(f)) return rc;
  return platform(f).xSync(f->platform, flags);
}

int x_file_size(sqlite3_file* file, sqlite3_int64* size) {
  File* f = of(file);
  if (int rc = write_out(f)) return rc;
  return platform(f).xFileSize(f->platform, size);
}

int x_lock(sqlite3_file* file, int level) {
  return platform(of(file)).xLock(of(file)->platform, level);
}
int x_unlock(sqlite3_file* file, int level) {
  return platform(of(file)).xUnlock(of(file)->platform, level);
}
int x_check_reserved_lock(sqlite3_file* file, int* out) {
  return platform(of(file)).xCheckReservedLock(of(file)->platform, out);
}

int x_file_control(sqlite3_file* file, int op, void* arg) {
  File* f = of(file);
  if (int rc = write_out(f)) return rc;
  return platform(f).xFileControl(f->platform, op, arg);
}

int x_sector_size(sqlite3_file* file) {
  return platform(of(file)).xSectorSize(of(file)->platform);
}
int x_device_characteristics(sqlite3_file* file) {
  return platform(of(file)).xDeviceCharacteristics(of(file)->platform);
}

// Shared memory (the WAL index) belongs to the database file: passed through.
int x_shm_map(sqlite3_file* file, int page, int size, int extend, void volatile** out) {
  return platform(of(file)).xShmMap(of(file)->platform, page, size, extend, out);
}
int x_shm_lock(sqlite3_file* file, int offset, int n, int flags) {
  return platform(of(file)).xShmLock(of(file)->platform, offset, n, flags);
}
void x_shm_barrier(sqlite3_file* file) {
  platform(of(file)).xShmBarrier(of(file)->platform);
}
int x_shm_unmap(sqlite3_file* file, int remove) {
  return platform(of(file)).xShmUnmap(of(file)->platform, remove);
}

int x_fetch(sqlite3_file* file, sqlite3_int64 at, int n, void** out) {
  File* f = of(file);
  if (int rc = write_out(f)) return rc;
  return platform(f).xFetch(f->platform, at, n, out);
}
int x_unfetch(sqlite3_file* file, sqlite3_int64 at, void* p) {
  return platform(of(file)).xUnfetch(of(file)->platform, at, p);
}

// Versions 1 to 3 of the methods; a file whose platform methods are older
// gets that version (SQLite then calls none of the newer ones).
const sqlite3_io_methods kMethods[3] = {
    {1, x_close, x_read, x_write, x_truncate, x_sync, x_file_size, x_lock, x_unlock,
     x_check_reserved_lock, x_file_control, x_sector_size, x_device_characteristics, nullptr,
     nullptr, nullptr, nullptr, nullptr, nullptr},
    {2, x_close, x_read, x_write, x_truncate, x_sync, x_file_size, x_lock, x_unlock,
     x_check_reserved_lock, x_file_control, x_sector_size, x_device_characteristics, x_shm_map,
     x_shm_lock, x_shm_barrier, x_shm_unmap, nullptr, nullptr},
    {3, x_close, x_read, x_write, x_truncate, x_sync, x_file_size, x_lock, x_unlock,
     x_check_reserved_lock, x_file_control, x_sector_size, x_device_characteristics, x_shm_map,
     x_shm_lock, x_shm_barrier, x_shm_unmap, x_fetch, x_unfetch},
};

int x_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* file, int flags, int* out_flags) {
  auto* platform_file =
      reinterpret_cast<sqlite3_file*>(reinterpret_cast<char*>(file) + kPlatformAt);
  std::memset(platform_file, 0, static_cast<std::size_t>(g_platform->szOsFile));
  const int rc = g_platform->xOpen(g_platform, name, platform_file, flags, out_flags);
  // As SQLite asks of a VFS: methods set (even on a failure) mean xClose
  // will be called; none, that it will not.
  if (platform_file->pMethods == nullptr) {
    file->pMethods = nullptr;
    return rc;
  }
  File* f = new (file) File{};
  f->platform = platform_file;
  f->gathered = (flags & SQLITE_OPEN_WAL) != 0;
  const int version = std::min(platform_file->pMethods->iVersion, 3);
  f->base.pMethods = &kMethods[std::max(version, 1) - 1];
  return rc;
}

// The rest of the VFS is the platform's.
int x_delete(sqlite3_vfs*, const char* name, int sync) {
  return g_platform->xDelete(g_platform, name, sync);
}
int x_access(sqlite3_vfs*, const char* name, int flags, int* out) {
  return g_platform->xAccess(g_platform, name, flags, out);
}
int x_full_pathname(sqlite3_vfs*, const char* name, int n, char* out) {
  return g_platform->xFullPathname(g_platform, name, n, out);
}
void* x_dl_open(sqlite3_vfs*, const char* name) {
  return g_platform->xDlOpen(g_platform, name);
}
void x_dl_error(sqlite3_vfs*, int n, char* out) {
  g_platform->xDlError(g_platform, n, out);
}
void (*x_dl_sym(sqlite3_vfs*, void* lib, const char* symbol))(void) {
  return g_platform->xDlSym(g_platform, lib, symbol);
}
void x_dl_close(sqlite3_vfs*, void* lib) {
  g_platform->xDlClose(g_platform, lib);
}
int x_randomness(sqlite3_vfs*, int n, char* out) {
  return g_platform->xRandomness(g_platform, n, out);
}
int x_sleep(sqlite3_vfs*, int micros) {
  return g_platform->xSleep(g_platform, micros);
}
int x_current_time(sqlite3_vfs*, double* out) {
  return g_platform->xCurrentTime(g_platform, out);
}
int x_get_last_error(sqlite3_vfs*, int n, char* out) {
  return g_platform->xGetLastError(g_platform, n, out);
}
int x_current_time_int64(sqlite3_vfs*, sqlite3_int64* out) {
  return g_platform->xCurrentTimeInt64(g_platform, out);
}

sqlite3_vfs g_vfs;

}  // namespace

const char* wal_buffer_vfs() {
  static std::once_flag once;
  static bool registered = false;
  std::call_once(once, [] {
    g_platform = sqlite3_vfs_find(nullptr);
    // Versions 2 and up of the platform's VFS (the current time as an
    // integer) are what SQLite's own has had since 3.7; the system-call
    // hooks of version 3 are for its tests and left out.
    if (g_platform == nullptr || g_platform->iVersion < 2) return;
    g_vfs = {};
    g_vfs.iVersion = 2;
    g_vfs.szOsFile = kPlatformAt + g_platform->szOsFile;
    g_vfs.mxPathname = g_platform->mxPathname;
    g_vfs.zName = "meeple-wal-buffer";
    g_vfs.xOpen = x_open;
    g_vfs.xDelete = x_delete;
    g_vfs.xAccess = x_access;
    g_vfs.xFullPathname = x_full_pathname;
    g_vfs.xDlOpen = x_dl_open;
    g_vfs.xDlError = x_dl_error;
    g_vfs.xDlSym = x_dl_sym;
    g_vfs.xDlClose = x_dl_close;
    g_vfs.xRandomness = x_randomness;
    g_vfs.xSleep = x_sleep;
    g_vfs.xCurrentTime = x_current_time;
    g_vfs.xGetLastError = x_get_last_error;
    g_vfs.xCurrentTimeInt64 = x_current_time_int64;
    registered = sqlite3_vfs_register(&g_vfs, 0) == SQLITE_OK;
  });
  return registered ? g_vfs.zName : nullptr;
}

std::uint64_t wal_buffer_writes() {
  return g_writes.load(std::memory_order_relaxed);
}

}  // namespace meeple::store
