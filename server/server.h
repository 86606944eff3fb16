// Layer 7 (server/): the network server, `meeple serve`. Network only: HTTP
// and WebSocket (Boost.Beast), split as Beast's chat-multi example is: a
// listener, HTTP sessions (routes, static files), WebSocket sessions (one
// per connection, each with its own strand and a capped write queue), and
// the shared state (the Hub: tables, pools, store, metrics). The tables'
// logic is room::Room; the server wires it to a store and to sockets and
// knows no game: it uses AnyGame/AnyState only.
//
// Threads: `threads` run network I/O; tables run on their own pool (each
// table a strand: its actions apply in order, never concurrently), where a
// commit waits for the store's group commit without blocking network I/O;
// bots think on a third pool and post their decision back to the table.
#pragma once

#include <chrono>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "server/options.h"
#include "store/store.h"

namespace meeple::server {

struct Hub;

class Server {
 public:
  // The store must outlive the server: its table store serves the tables
  // (the hub), its account store the accounts.
  Server(ServerOptions options, store::Store& store);
  ~Server();
  // Resumes every unfinished table of the store and binds the port
  // (io/failed when it cannot).
  MaybeError start();
  unsigned short port() const;
  // Runs the network threads until stop(); returns after a graceful stop:
  // no new connections, every table's pending commit finished, every socket
  // closed with a reason.
  void run();
  // Thread-safe; also what SIGTERM and SIGINT do in serve().
  void stop();

 private:
  std::unique_ptr<Hub> hub_;
  MaybeError listen();  // the second half of start(): the listening socket
  unsigned short port_ = 0;
  std::function<void()> stop_listening_;
};

// Whether a stored table's record replays as the server would resume it
// (its seat plan read, every entry applied again, its end where its result
// says): what `meeple check` asks of every table. The error says what
// does not; a table that fails it is shown to its players as table/damaged.
MaybeError check_record(const ServerOptions& options, const store::TableRecord& rec);

// `meeple serve`: opens the store (options.db), starts the server, prints its
// address and runs until SIGTERM or SIGINT. Returns the exit code.
int serve(ServerOptions options, std::ostream& out, std::ostream& err);

}  // namespace meeple::server
