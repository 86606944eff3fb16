// Opens the store a --store argument names.
#pragma once

#include <memory>
#include <string>

#include "store/store.h"

namespace meeple::store {

// "postgresql://..." or "postgres://..." (a libpq URL): PostgresStore, shared
// by several nodes; ":memory:" or "memory:": MemoryStore; anything else: the
// path of an SQLite file (SqliteStore, created if missing).
Expected<std::unique_ptr<Store>> open_store(const std::string& where);

}  // namespace meeple::store
