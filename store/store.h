// Layer 5 (store/): what the server keeps, in two stores of one job each,
// both kept in one database (memory, one SQLite file, or PostgreSQL):
//
//   TableStore (store/table_store.h): game tables, each as its spec and an
//     append-only list of entries that replays it, with the lobbies being
//     set up, the leases that let one node at a time write a table, and the
//     bot's reviews of finished tables. Used by the room (room/) and the
//     server's tables and hub.
//   AccountStore (store/account_store.h): accounts, their sessions, known
//     devices, recovery codes, keyrings, friends, invitations and ratings.
//     Used by the server's accounts (server/accounts.h), which also reads
//     the table store (a profile's games, a deleted account's seats).
//
// A Store is one database holding both: it owns what they share (the
// connections, the commit thread that groups every write of the database
// into one fsync) and hands each out. store/open.h opens the one a --store
// argument names; memory_store.h, sqlite_store.h and postgres_store.h are the
// backends.
#pragma once

#include "store/account_store.h"
#include "store/table_store.h"

namespace meeple::store {

class Store {
 public:
  virtual ~Store() = default;
  virtual TableStore& tables() = 0;
  virtual AccountStore& accounts() = 0;
};

}  // namespace meeple::store
