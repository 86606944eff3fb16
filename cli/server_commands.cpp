// `meeple serve` and `meeple loadtest`: the command line of the server
// (server/options.h says what each option means to it) and of the load test
// (server/loadtest.h).
#include <chrono>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>

#include "cli/registry.h"
#include "server/loadtest.h"
#include "server/server.h"

namespace meeple::cli {

namespace {

// The options given in seconds (or as text) that ServerOptions holds as
// durations (or as a budget), with their defaults.
struct ServeDurations {
  double lease_seconds = 3;
  double grace_seconds = 60;
  std::string max_bot_budget = "5s,100000";
  double rating_window_seconds = 30 * 86400;
  double max_hash_wait_seconds = 10;
  long long signin_longest_wait = 900, name_longest_wait = 60;
  double lobby_ttl_seconds = 86400;
  double lobby_idle_ttl_seconds = 300;
  double idle_table_ttl_seconds = 600;
  double finished_ttl_seconds = 300;
};

// Where it listens, where it keeps tables, and what it serves.
void add_serve_where(CLI::App* c, server::ServerOptions& o, ServeDurations& d) {
  c->add_option("--bind", o.bind, "Address to listen on")->capture_default_str();
  c->add_option("--port", o.port, "Port (0: any free port)")->capture_default_str();
  c->add_option("--store,--db", o.db,
                "Where tables are kept: an SQLite file, postgresql://... or :memory:")
      ->capture_default_str();
  c->add_option("--node", o.node,
                "This node's name when several nodes share a PostgreSQL store behind a "
                "router (docs/scaling.md)");
  c->add_option("--lease", d.lease_seconds,
                "Seconds a node holds its tables without renewing (with --node)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--web", o.web_dir, "Serve static files (the web client) from this folder");
}

// Its threads, its log and how fast a connection may send.
void add_serve_threads(CLI::App* c, server::ServerOptions& o) {
  c->add_option("--threads", o.threads,
                "Network I/O threads (with SQLite, games being played run on them too)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--table-threads", o.table_threads,
                "Threads lobbies and finished tables run on, and with PostgreSQL every table "
                "(0: one per core with SQLite, 32 with PostgreSQL, whose writes hold a thread)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  c->add_option("--bot-threads", o.bot_threads,
                "Threads bots think on (shared fairly: the table whose bots used least time "
                "lately goes first)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--hint-iterations", o.hint_iterations,
                "A hint's search iterations (0: the hint's default, bots/hint.h)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  c->add_option("--hint-seconds", o.hint_seconds,
                "The longest a hint's search takes, in seconds (a person waits for it)")
      ->check(CLI::Range(0.05, 10.0))
      ->capture_default_str();
  c->add_option("--malloc-arenas", o.malloc_arenas,
                "glibc malloc arenas (0: one per two cores; fewer arenas keep less freed "
                "memory, more let more threads allocate at once)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  c->add_option("--log-level", o.log_level, "trace, debug, info, warn, error, off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->capture_default_str();
  c->add_option("--rate", o.rate_per_second,
                "Messages a second one connection may send, sustained (more are refused)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--burst", o.rate_burst, "And at once")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
}

// Limits a stranger meets (docs/server.md, "Limits"), and bots' thinking.
void add_serve_limits(CLI::App* c, server::ServerOptions& o, ServeDurations& d) {
  c->add_option("--grace", d.grace_seconds,
                "Seconds a person may be away before a stand-in bot plays")
      ->check(CLI::Range(0.0, 14 * 86400.0))
      ->capture_default_str();
  c->add_option("--allow-origin", o.allowed_origins,
                "An origin (https://host[:port]) whose pages may use this server besides its "
                "own, e.g. the public address behind a proxy that rewrites Host (repeatable)")
      ->take_all();
  c->add_option("--trusted-proxy", o.trusted_proxies,
                "A proxy's address (e.g. 127.0.0.1 for nginx here) whose X-Forwarded-For "
                "names the client, for the limits per address (repeatable)")
      ->take_all();
  c->add_option("--max-connections-per-address", o.max_connections_per_address,
                "Connections one address may hold at once (0: no limit; meeple loadtest from "
                "one address needs more than its connections)")
      ->capture_default_str();
  c->add_option("--max-bot-budget", d.max_bot_budget,
                "The most a table's bot may think per decision: seconds (Ns) and search "
                "iterations (N), e.g. 5s,100000 (bot/budget above)")
      ->capture_default_str();
  c->add_option("--max-queued-reviews", o.max_queued_reviews,
                "Reviews that may wait for the review thread (more: review/busy)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
}

// Accounts: password hashing, sign-in throttling, ratings and invitations.
void add_serve_accounts(CLI::App* c, server::ServerOptions& o, ServeDurations& d) {
  c->add_option("--password-cost", o.password_cost,
                "Accounts' password hashes (Argon2id): interactive (libsodium's interactive "
                "limits: 64 MiB, 0.06 s to 0.3 s a hash) or min (its minimum: tests only)")
      ->check(CLI::IsMember({"interactive", "min"}))
      ->capture_default_str();
  c->add_option("--rating-window", d.rating_window_seconds,
                "Seconds a rated game looks back: accounts that shared an address within it "
                "are not rated against each other, and a pair's third and later rated games "
                "in it count less (docs/ratings.md)")
      ->check(CLI::Range(0.0, 365 * 86400.0))
      ->capture_default_str();
  c->add_option("--hash-threads", o.hash_threads,
                "Threads password hashes run on (each uses a core and 64 MiB while it hashes)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  c->add_option("--max-queued-hashes", o.max_queued_hashes,
                "Sign-ups, sign-ins and other requests that hash a password, waiting or "
                "running at once (more: auth/busy)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--max-hashes-per-address", o.max_hashes_per_address,
                "Of those, one address's (an IPv6 /64's)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--max-hash-wait", d.max_hash_wait_seconds,
                "Seconds such a request may wait for a hashing thread (longer: auth/busy, "
                "unhashed)")
      ->check(CLI::Range(0.1, 600.0))
      ->capture_default_str();
  c->add_option("--signin-free-failures", o.signin_free_failures,
                "Wrong passwords of one name from one address before each try waits (1 s, "
                "doubling up to --signin-longest-wait: auth/throttled)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--address-free-failures", o.address_free_failures,
                "Wrong passwords from one address, any names, before each try waits")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--name-free-failures", o.name_free_failures,
                "Wrong passwords of one name from devices it does not know, any address, "
                "before each try waits (up to --name-longest-wait)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--signin-longest-wait", d.signin_longest_wait,
                "The longest wait, in seconds, of a name from one address and of an address")
      ->check(CLI::Range(1LL, 86400LL))
      ->capture_default_str();
  c->add_option("--name-longest-wait", d.name_longest_wait,
                "The longest wait, in seconds, of a name tried from devices it does not know")
      ->check(CLI::Range(1LL, 86400LL))
      ->capture_default_str();
  c->add_option("--max-invitations", o.max_invitations,
                "Open invitations an account may hold (more: invite/too_many)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--invitations-per-hour", o.invitations_per_hour,
                "Invitations an account may send an hour (more: invite/too_many)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
}

// Tables waiting for players and tables idle in memory.
void add_serve_tables(CLI::App* c, server::ServerOptions& o, ServeDurations& d) {
  c->add_option("--lobby-ttl", d.lobby_ttl_seconds,
                "Seconds a table waits for players before it is dropped (table/expired)")
      ->check(CLI::Range(1.0, 365 * 86400.0))
      ->capture_default_str();
  c->add_option("--max-lobbies-per-address", o.max_lobbies_per_address,
                "Tables waiting for players that one address may have made (table/too_many)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--max-lobbies", o.max_lobbies, "Tables waiting for players in all")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--lobby-idle-ttl", d.lobby_idle_ttl_seconds,
                "Seconds a guest's table waits for players while nobody is at it (a "
                "signed-in host's waits --lobby-ttl; table/expired)")
      ->check(CLI::Range(1.0, 365 * 86400.0))
      ->capture_default_str();
  c->add_option("--max-lobbies-per-account", o.max_lobbies_per_account,
                "Tables waiting for players that one signed-in account may have made")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--max-tables-per-address", o.max_tables_per_address,
                "Tables not finished (waiting or played) that one address may have made (0: no "
                "limit, which meeple loadtest from one address needs)")
      ->capture_default_str();
  c->add_option("--max-tables-per-account", o.max_tables_per_account,
                "Tables not finished that one signed-in account may have made (0: no limit)")
      ->capture_default_str();
  c->add_option("--idle-table-ttl", d.idle_table_ttl_seconds,
                "Seconds a started table stays in memory with nobody connected (then it is "
                "read from the database when asked for, or when its clock is due)")
      ->check(CLI::Range(0.1, 365 * 86400.0))
      ->capture_default_str();
}

// Chat, reads of replays and records, and finished tables.
void add_serve_chat(CLI::App* c, server::ServerOptions& o, ServeDurations& d) {
  c->add_option("--chat-per-minute", o.chat_per_minute,
                "Chat lines a seat may send a minute, sustained (chat/too_fast above)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--chat-burst", o.chat_burst, "And at once")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--reads-per-minute", o.reads_per_minute,
                "Replays, records and my-tables requests an address may send a minute, "
                "sustained (request/rate_limited above)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--reads-burst", o.reads_burst, "And at once")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--max-chat-lines", o.max_chat_lines, "Chat lines a table keeps (chat/full after)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_option("--finished-ttl", d.finished_ttl_seconds,
                "Seconds a finished table stays in memory after its last connection closes "
                "(then it is loaded from the database when asked for)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
}
std::chrono::milliseconds millis_of(double seconds) {
  return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
}

RunCommand add_serve(CLI::App& app) {
  auto o = std::make_shared<server::ServerOptions>();
  auto d = std::make_shared<ServeDurations>();
  auto* c = app.add_subcommand("serve",
                               "Run the game server: HTTP + WebSocket, tables stored in SQLite "
                               "(or PostgreSQL, shared by several nodes)");
  add_serve_where(c, *o, *d);
  add_serve_threads(c, *o);
  add_serve_limits(c, *o, *d);
  add_serve_accounts(c, *o, *d);
  add_serve_tables(c, *o, *d);
  add_serve_chat(c, *o, *d);
  return [o, d](std::istream&, std::ostream& out, std::ostream& err) {
    server::ServerOptions sv = *o;
    sv.grace = millis_of(d->grace_seconds);
    sv.finished_ttl = millis_of(d->finished_ttl_seconds);
    sv.lease = millis_of(d->lease_seconds);
    sv.lobby_ttl = millis_of(d->lobby_ttl_seconds);
    sv.rating_window = std::chrono::seconds(static_cast<std::int64_t>(d->rating_window_seconds));
    sv.lobby_idle_ttl = millis_of(d->lobby_idle_ttl_seconds);
    sv.max_hash_wait = millis_of(d->max_hash_wait_seconds);
    sv.idle_table_ttl = millis_of(d->idle_table_ttl_seconds);
    sv.signin_longest_wait = std::chrono::seconds(d->signin_longest_wait);
    sv.name_longest_wait = std::chrono::seconds(d->name_longest_wait);
    if (!server::read_max_bot_budget(d->max_bot_budget, sv)) {
      err << "error: --max-bot-budget is seconds and iterations, e.g. 5s,100000\n";
      return 2;
    }
    return server::serve(sv, out, err);
  };
}
const RegisterCommand kServeCommand{{160, "serve", add_serve}};

RunCommand add_loadtest(CLI::App& app) {
  auto a = std::make_shared<server::LoadtestArgs>();
  auto* c = app.add_subcommand(
      "loadtest", "Drive N tables of scripted players against a running server and measure");
  c->add_option("--url", a->url, "Server address")->capture_default_str();
  c->add_option("--tables", a->tables, "Tables")->check(CLI::PositiveNumber)->capture_default_str();
  c->add_option("--game", a->game, "Game")->capture_default_str();
  c->add_option("--players", a->players, "Scripted people per table")->capture_default_str();
  c->add_option("--seconds", a->seconds, "Measured window")->capture_default_str();
  c->add_option("--rate", a->rate,
                "Offered load in actions/s over all tables, each table's person acting at "
                "its share of it (open loop); 0: every person acts as soon as asked "
                "(closed loop, the maximum throughput)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  c->add_option("--server-pid", a->server_pid, "The server's pid, for its resident memory");
  c->add_option("--param", a->params, "Rule option key=value of every table (repeatable)");
  c->add_flag("--json", a->json, "Print JSON");
  return [a](std::istream&, std::ostream& out, std::ostream& err) {
    return server::run_loadtest(*a, out, err);
  };
}
const RegisterCommand kLoadtestCommand{{200, "loadtest", add_loadtest}};

}  // namespace

}  // namespace meeple::cli
