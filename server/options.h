// Internal to server/ and what `meeple serve` is given: the server's
// options, every one a flag of `meeple serve` (docs/server.md).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace meeple::server {

struct ServerOptions {
  std::string bind = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (see Server::port)
  // Where tables are kept: an SQLite file (the embedded default), a
  // PostgreSQL URL (postgresql://...), or :memory: (store::open_store).
  std::string db = "meeple.db";
  // Several nodes sharing one PostgreSQL store behind a router that sends
  // each table's requests to one node (docs/scaling.md): this node's name.
  // Empty: the only node, which holds every table from the start. Named, the
  // node holds the tables routed to it (and those whose node is gone) by a
  // lease in the store, renewed every third of `lease`. A node paused this
  // long loses its tables to the others: as long as the router waits for an
  // answer (docs/scaling.md, "A node that stops answering").
  std::string node;
  std::chrono::milliseconds lease{3000};
  std::string web_dir;  // static files, if set
  // Network I/O threads, one I/O context each. With a store that commits on
  // a thread of its own, a game being played runs on its connections' one.
  int threads = 2;
  // Table threads (lobbies, finished tables; every table on a store that
  // writes on the caller's thread); 0: chosen by the store. A table never waits for its
  // commits (TableStore::write_async), but a store that writes on the caller's
  // thread (PostgreSQL) holds one while it writes: more threads let more
  // tables write at once. A store that commits on a thread of its own
  // (SQLite, memory) needs one per core (more only add wake-ups).
  int table_threads = 0;
  int bot_threads = 2;  // a table's bots use one at a time: one slow table leaves the other free
  // A hint's search (bots/hint.h, at tables whose host allows hints), on the
  // bot threads: its iterations (0: the hint's default) and the cap on its
  // time, so that a person has the answer within 2 s.
  int hint_iterations = 0;
  double hint_seconds = 1.5;
  // A signed-in account counts as online this long after its last
  // signed-in request (and while a WebSocket of its is open): friends lists.
  std::chrono::milliseconds online_for{300000};
  // glibc's malloc arenas; 0: one per two cores. glibc's own default (eight
  // per core, one more for each thread that finds the others busy) keeps
  // each arena's high-water mark: a connection made on a network thread and
  // a table made on a table thread leave their freed temporaries in
  // different arenas, where the other cannot reuse them. One arena per two
  // cores holds an idle table in less memory than glibc's default, at the
  // same throughput (docs/benchmarks.md, memory per table).
  int malloc_arenas = 0;
  std::string log_level = "info";
  std::chrono::milliseconds grace{60000};  // away longer: a stand-in plays
  std::chrono::milliseconds tick{1000};    // clocks and presence are checked this often
  // A finished table leaves memory this long after its last connection
  // closed; its summary, record and rematch then load it from the store.
  std::chrono::milliseconds finished_ttl{300000};
  double rate_per_second = 200;  // messages per connection, sustained
  // And in a burst. The answers to a burst (a message each) are posted to
  // the connection faster than they are written, so they must fit in
  // max_write_queue with room to spare, or a client that reads would be cut
  // off as slow (tests/hostile_test.py found it with a burst of 300 pings).
  double rate_burst = 100;
  std::chrono::seconds idle_timeout{60};  // a connection silent this long is closed
  std::size_t max_write_queue = 256;      // messages waiting for a slow client
  // And their bytes: a client that says hello again and again without
  // reading gets the whole picture each time (hundreds of KB late in a long
  // game), so 256 of them could hold far more memory than 256 moves.
  std::size_t max_write_bytes = 4 << 20;
  // A client closed as slow has this long to read the reason and the close
  // frame before its socket is cut.
  std::chrono::milliseconds slow_client_grace{5000};

  // --- What a stranger may hold (docs/server.md, "Limits"). Each is checked
  // before anything is allocated for the request that would pass it.
  // Origins (scheme://host[:port]) whose pages may open WebSockets and send
  // state-changing requests, besides the server's own (the request's Host):
  // a deployment behind a proxy that rewrites Host names its public origin.
  std::vector<std::string> allowed_origins;
  // A table's bots: the most a decision may take, in seconds and in search
  // iterations (the same checks at creation and when the host seats a bot).
  double max_bot_seconds = 5;
  int max_bot_iterations = 100000;
  // Reviews (GET .../review) waiting for the review thread: more are
  // refused with review/busy. The same (table, seat, language) asked again
  // while it waits is answered by the one review.
  std::size_t max_queued_reviews = 64;
  // Connections at once from one address (0: no limit); over it, a new
  // connection is answered 429 and closed. The client's address is the TCP
  // peer's, or the one a trusted proxy names in X-Forwarded-For.
  std::size_t max_connections_per_address = 256;
  std::vector<std::string> trusted_proxies;  // e.g. 127.0.0.1 for nginx on the same machine
  // Lobbies (tables not started): an unstarted lobby is dropped after
  // lobby_ttl; a guest's lobby that nobody has been connected to (or joined)
  // for lobby_idle_ttl goes sooner: a guest host waits at the table's page,
  // and a flood's lobbies have nobody there. A signed-in host's
  // lobby may wait the whole lobby_ttl for friends; a play-now table keeps
  // its own timing (its bots come within 600 s).
  std::chrono::milliseconds lobby_ttl{std::chrono::hours(24)};
  std::chrono::milliseconds lobby_idle_ttl{std::chrono::minutes(5)};
  // At most this many lobbies at once made from one address (an IPv6
  // address counts as its /64, which one subscriber gets: address_key), by
  // one signed-in account, and in all. At the global cap a newcomer still
  // gets a table: the oldest lobby of the address holding the most (one
  // nobody is connected to, if it has one) is dropped to make room, as long
  // as that address holds more than the newcomer's (Hub::admit).
  std::size_t max_lobbies_per_address = 20;
  std::size_t max_lobbies_per_account = 20;
  std::size_t max_lobbies = 10000;
  // Tables made from one address, or by one account, that are not finished
  // (lobbies and started games together; 0: no limit). A person who plays
  // many turn-based games at once makes some of them (the others they
  // join, which do not count): 50 is far more than anyone plays at a time
  // (at a move a day, 50 games are 50 moves a day) and still bounds what
  // one party keeps in play at once. `meeple loadtest` from one address needs 0.
  std::size_t max_tables_per_address = 50;
  std::size_t max_tables_per_account = 50;
  // A started table with nobody connected leaves memory after this long
  // (it stays in the store and is read again when asked for, or when its
  // clock or a stand-in is due); one whose bots are playing stays while they
  // play (Table::rest). Out of memory, the node keeps a few hundred bytes of
  // such a table instead of all of it (docs/benchmarks.md, memory per table).
  std::chrono::milliseconds idle_table_ttl{std::chrono::minutes(10)};
  // Table chat: lines per seat, sustained per minute and at once, lines a
  // table keeps in all, and the lines of a first message (earlier ones come
  // in pages on request).
  double chat_per_minute = 20;
  double chat_burst = 5;
  std::size_t max_chat_lines = 1000;
  std::size_t chat_page = 50;
  // Replays, records and "my tables" (GET .../replay and .../record, POST
  // /api/my-tables) per client address, sustained a minute and at once: each
  // rebuilds a whole game (a replay every view of every step) or asks up to
  // 200 tables, so a few clients asking without pause slow every other
  // table's act->ack (docs/benchmarks-log.md, "Figures moved out of code
  // comments"). A person's page asks once per replay or record and my-tables
  // every 30 s.
  double reads_per_minute = 120;
  double reads_burst = 30;
  // Ratings (docs/ratings.md, "Games that count"): "lately". Two accounts
  // whose signed-in requests or connections came from one address
  // (address_key) within this window are not rated against each other, and
  // a pair's rated tables of one game within it count less after the
  // second (rating::pair_weight). A month: long enough that a second
  // account kept for farming waits as long for each rated game it gives,
  // short enough that an address shared once (a café, a friend's home) is
  // forgotten.
  std::chrono::seconds rating_window{std::chrono::hours(24 * 30)};
  // Accounts' password hashes (crypto_pwhash_str, Argon2id): "interactive"
  // (libsodium's interactive limits, 64 MiB and 2 passes) or "min" (its
  // minimum: for tests only).
  std::string password_cost = "interactive";
  // Password hashes run on threads of their own (HashPool), never behind
  // session checks: hash_threads of them (each hash takes a core and 64
  // MiB while it runs), at most max_queued_hashes requests waiting or
  // running, at most max_hashes_per_address of them one client's (more:
  // auth/busy), so that one address's flood leaves room for others; one
  // that waited longer than max_hash_wait is answered auth/busy unhashed
  // (HashPool), so that none waits past what a client waits for an answer.
  int hash_threads = 1;
  std::size_t max_queued_hashes = 32;
  std::size_t max_hashes_per_address = 4;
  std::chrono::milliseconds max_hash_wait{10000};
  // Wrong passwords (SigninThrottle): how many cost nothing, of one name
  // from one address, of one address in all, and of one name from devices
  // it does not know from any address; past them each try waits 1 s,
  // doubling, up to signin_longest_wait (name_longest_wait for the third:
  // a stranger's guesses from many addresses keep a fresh device of the
  // owner waiting that long at most; a known device waits for nothing).
  int signin_free_failures = 5;
  int address_free_failures = 20;
  int name_free_failures = 10;
  std::chrono::seconds signin_longest_wait{900};
  std::chrono::seconds name_longest_wait{60};
  // Invitations: open ones an account may hold (invitations of strangers'
  // tables would bury a friend's), and ones an account may send an hour.
  std::size_t max_invitations = 10;
  std::size_t invitations_per_hour = 30;

  // Tests only: the chance outcome of a table at a version, instead of the
  // table's secret generator (room::RoomOptions::chance_script); empty: every
  // table draws its own. Lets a test play one game with other hidden cards.
  std::function<std::optional<Action>(const std::string& table, std::uint64_t version)>
      chance_script;
};

// --max-bot-budget's "5s,100000": seconds ("Ns") and iterations ("N"), either
// or both, into max_bot_seconds and max_bot_iterations; false when unreadable.
bool read_max_bot_budget(std::string_view text, ServerOptions& o);

}  // namespace meeple::server
