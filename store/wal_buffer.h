// Internal to store/: a SQLite VFS over the platform's own that gathers the
// frames SQLite writes to a WAL file for one commit into one write.
//
// Why: SQLite writes each WAL frame in two calls (its 24-byte header, then
// the page), and a frame is 24 bytes longer than a page, so the two calls
// touch three pages of the file's cache between them: about 3 `pwrite`s and
// 3 page writes per table's action, on the commit thread, which a node's
// throughput cannot outgrow with cores (docs/benchmarks.md). Gathered, a
// commit's frames go in one call per 64 KB, each page of the file written
// once.
//
// Safe because nothing that could tell sees the file before its writes:
// the buffer is written out with the page of a commit's last frame (its
// header marks it), so a commit's frames are in the file before SQLite
// syncs them or tells other connections of them; and before every read,
// size, truncation, sync, file control and close of the file, and before a
// write that does not follow the buffer (SQLite rewrites a frame of the
// open transaction in place, or starts the log again at its header). Only
// WAL files are gathered; the database file and the rest pass straight
// through.
#pragma once

#include <cstdint>

namespace meeple::store {

// The VFS's name for sqlite3_open_v2, registered on first use (not as the
// default); null if it could not be (the platform's VFS is used then).
const char* wal_buffer_vfs();

// The writes it has given the platform for WAL files so far (each one call
// of at most 64 KB), for tests and measurements.
std::uint64_t wal_buffer_writes();

}  // namespace meeple::store
