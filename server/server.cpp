// The server: its hub, its listener (sessions.h), its threads, its stop;
// and `meeple serve`.
#include "server/server.h"

#include <boost/asio/signal_set.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <thread>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "server/api.h"
#include "server/protocol.h"
#include "server/round_tables.h"
#include "server/sessions.h"
#include "server/table.h"
#include "store/open.h"

namespace meeple::server {

namespace {

// How often a node of several reads its account channels' invitations
// (poll_account_channels): an invitation made on another node arrives
// within about this long.
constexpr auto kChannelPoll = std::chrono::seconds(1);

void poll_channels_tick(Hub& hub) {
  if (hub.stopping) return;
  if (hub.channels.size() > 0) poll_account_channels(hub);
  hub.channel_timer->expires_after(kChannelPoll);
  hub.channel_timer->async_wait([&hub](const boost::system::error_code& ec) {
    if (!ec) poll_channels_tick(hub);
  });
}

}  // namespace

Server::Server(ServerOptions options, store::Store& store)
    : hub_(std::make_unique<Hub>(std::move(options), store.tables(), store.accounts())) {}

Server::~Server() {
  stop();
  // Reviews and bot decisions not begun are dropped, those under way
  // finished (a bot's decision is capped by max_bot_seconds). What they
  // hold (sessions, tables) is destroyed here, while the I/O context that
  // their sockets and timers belong to is still alive.
  hub_->reviews.stop();
  hub_->bots.stop();
  hub_->hashes.join();
  hub_->account_pool.join();
  hub_->table_pool.join();
}

MaybeError Server::start() {
  if (hub_->shared()) {
    // Tables come here when the router sends their requests, or when their
    // node is gone (keep_leases), not all at once.
    hub_->owner = hub_->options.node + "#" + random_hex(4);
    hub_->keeper = std::make_unique<net::steady_timer>(hub_->table_pool);
    net::post(hub_->table_pool, [hub = hub_.get()] { hub->keep_leases(); });
    // Invitations made on other nodes, for this node's account channels.
    hub_->channel_timer = std::make_unique<net::steady_timer>(hub_->account_pool);
    net::post(hub_->account_pool, [hub = hub_.get()] { poll_channels_tick(*hub); });
    return listen();
  }
  // Every unfinished table of the store comes back where it was.
  // One whose record cannot be read or does not replay is damaged: its
  // players are told so (Hub::note_damaged), the others play on.
  int resumed = 0, damaged = 0;
  for (const store::TableSummary& s : hub_->store.list(true)) {
    auto rec = hub_->store.load(s.id);
    if (!rec) {
      if (hub_->note_damaged(s.id, rec.error()))
        ++damaged;
      else
        spdlog::error("table {}: cannot load: {}", s.id, rec.error().message);
      continue;
    }
    auto t = Table::resume(*hub_, *rec);
    if (!t) {
      if (hub_->note_damaged(s.id, t.error()))
        ++damaged;
      else
        spdlog::error("table {}: cannot resume: {}", s.id, t.error().message);
      continue;
    }
    hub_->add(*t);
    (*t)->begin();
    ++resumed;
  }
  if (resumed) spdlog::info("resumed {} unfinished tables", resumed);
  if (damaged)
    spdlog::error("{} unfinished tables are damaged (meeple check --db FILE lists every one)",
                  damaged);
  // Lobbies come back as they were, people's seats and tokens included. A
  // lobby whose game was created before a crash left it behind is dropped.
  int lobbies = 0;
  for (const store::TableSpec& spec : hub_->store.lobbies()) {
    if (hub_->find(spec.id) || hub_->store.load(spec.id)) {
      hub_->store.drop_lobby(spec.id, {});
      continue;
    }
    auto t = Table::from_lobby(*hub_, spec);
    if (!t) {
      spdlog::error("lobby {}: cannot restore: {}", spec.id, t.error().message);
      continue;
    }
    hub_->add(*t);
    (*t)->begin();  // its expiry (lobby_ttl from when it was made)
    ++lobbies;
  }
  if (lobbies) spdlog::info("restored {} lobbies", lobbies);
  hub_->tournaments.set_tables(hub_round_tables(*hub_));
  hub_->tournament_timer = std::make_unique<net::steady_timer>(hub_->account_pool);
  net::post(hub_->account_pool, [hub = hub_.get()] {
    hub->tournaments.load();
    hub->tournament_tick();
  });
  return listen();
}

MaybeError Server::listen() {
  boost::system::error_code ec;
  const auto addr = net::ip::make_address(hub_->options.bind, ec);
  if (ec) return make_error(meeple::errc::kIo, fmt::format("bad address '{}'", hub_->options.bind));
  auto listening = listen_on(*hub_, {addr, hub_->options.port});
  if (!listening) return listening.error();
  port_ = listening->first;
  stop_listening_ = std::move(listening->second);
  return std::nullopt;
}

unsigned short Server::port() const {
  return port_;
}

void Server::run() {
  // The first context runs here, until stop() ends it (or it has nothing
  // left to do); the others, which may have no connection yet, run until then.
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < hub_->iocs.size(); ++i)
    threads.emplace_back([ctx = hub_->iocs[i].get()] {
      auto busy = net::make_work_guard(*ctx);
      ctx->run();
    });
  hub_->ioc().run();
  for (auto& c : hub_->iocs) c->stop();
  for (auto& t : threads) t.join();
}

void Server::stop() {
  if (hub_->stopping.exchange(true)) return;
  spdlog::info("stopping: no new connections; closing tables");
  // The first context, whose end ends every network thread (run()), runs
  // until the closes below are out, even when it has nothing else to do
  // once the listener is closed and a table (busy on its thread) has yet to
  // close its connections.
  auto busy = std::make_shared<net::executor_work_guard<net::io_context::executor_type>>(
      hub_->ioc().get_executor());
  if (stop_listening_) stop_listening_();
  hub_->stop_reloads();
  if (hub_->tournament_timer)
    net::post(hub_->account_pool, [hub = hub_.get()] { hub->tournament_timer->cancel(); });
  if (hub_->channel_timer)
    net::post(hub_->account_pool, [hub = hub_.get()] { hub->channel_timer->cancel(); });
  if (hub_->keeper) {
    net::post(hub_->keeper->get_executor(), [hub = hub_.get()] { hub->keeper->cancel(); });
    // The leases end now, so that other nodes take the tables at once.
    if (auto e = hub_->store.renew(hub_->owner, hub_->held(), std::chrono::milliseconds(0)); !e)
      spdlog::warn("leases not released: {}", e.error().message);
  }
  // Tables close their connections on their strands, after any commit in
  // progress there; then the I/O context runs until the closes are sent.
  auto pending = std::make_shared<std::atomic<int>>(0);
  auto tables = hub_->all();
  *pending = static_cast<int>(tables.size());
  auto ioc = &hub_->ioc();
  auto after = [pending, ioc, busy, hub = hub_.get()] {
    if (pending->fetch_sub(1) != 1) return;
    // Connections without a table (still in their handshake) too.
    std::vector<std::shared_ptr<Peer>> peers;
    {
      std::lock_guard lock(hub->peers_mutex);
      for (auto& [p, w] : hub->peers)
        if (auto s = w.lock()) peers.push_back(s);
    }
    for (auto& p : peers) p->close(errc::kShutdown, "the server is shutting down");
    // Give the closes a moment to go out, then end the I/O threads.
    auto timer = std::make_shared<net::steady_timer>(*ioc, std::chrono::milliseconds(300));
    timer->async_wait([timer, ioc](const boost::system::error_code&) { ioc->stop(); });
    busy->reset();
  };
  if (tables.empty()) {
    *pending = 1;
    net::post(hub_->ioc(), after);
    return;
  }
  for (auto& t : tables)
    t->post([t, after] {
      t->close_all("the server is shutting down");
      after();
    });
}

bool read_max_bot_budget(std::string_view text, ServerOptions& o) {
  auto cap = read_budget_cap(
      text, {.seconds = o.max_bot_seconds, .iterations = o.max_bot_iterations, .trees = 1});
  if (!cap) return false;
  o.max_bot_seconds = cap->seconds;
  o.max_bot_iterations = cap->iterations;
  return true;
}

int serve(ServerOptions options, std::ostream& out, std::ostream& err) {
#ifdef __GLIBC__
  // Before any thread starts: arenas are made as threads first allocate.
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  mallopt(M_ARENA_MAX, options.malloc_arenas > 0 ? options.malloc_arenas : std::max(1, cores / 2));
#endif
  spdlog::set_level(spdlog::level::from_str(options.log_level));
  // A PostgreSQL store may be shared (and its writes may fail with an
  // unknown outcome, after which a table is read again): its node always
  // holds tables by lease, as one node of several.
  if (options.node.empty() &&
      (options.db.starts_with("postgresql://") || options.db.starts_with("postgres://")))
    options.node = net::ip::host_name();
  auto store = store::open_store(options.db);
  if (!store) {
    err << "error: " << store.error().message << "\n";
    return 2;
  }
  int code = 0;
  {
    Server server(options, **store);
    if (auto e = server.start()) {
      err << "error: " << e->message << "\n";
      return 2;
    }
    out << fmt::format("meeple: serving on http://{}:{}/ (database {})\n", options.bind,
                       server.port(), options.db)
        << std::flush;
    net::io_context signals_ctx;
    net::signal_set signals(signals_ctx, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code& ec, int sig) {
      if (!ec) spdlog::info("signal {}: shutting down", sig);
      server.stop();
    });
    std::thread signal_thread([&] { signals_ctx.run(); });
    server.run();
    signals.cancel();
    signals_ctx.stop();
    signal_thread.join();
  }
  // The server's pools are joined and the store's commit thread has written
  // everything when we get here.
  spdlog::info("stopped");
  return code;
}

}  // namespace meeple::server
