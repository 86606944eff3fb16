#include "store/open.h"

#include "store/memory_store.h"
#include "store/postgres_store.h"
#include "store/sqlite_store.h"

namespace meeple::store {

Expected<std::unique_ptr<Store>> open_store(const std::string& where) {
  if (where.starts_with("postgresql://") || where.starts_with("postgres://")) {
    auto s = PostgresStore::open(where);
    if (!s) return s.error();
    return std::unique_ptr<Store>(std::move(*s));
  }
  if (where == ":memory:" || where == "memory:") return std::unique_ptr<Store>(new MemoryStore());
  auto s = SqliteStore::open(where);
  if (!s) return s.error();
  return std::unique_ptr<Store>(std::move(*s));
}

}  // namespace meeple::store
