// An HTTP connection: reads requests (with limits), routes each
// (routes.h), answers JSON or a static file with the browser's guards, and
// hands a WebSocket upgrade to a WebSocket session. It speaks HTTP only:
// what a request asks of a table, the table does.
#include <boost/beast/websocket.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "core/i18n.h"
#include "games/registry.h"
#include "server/play_now.h"
#include "server/protocol.h"
#include "server/routes.h"
#include "server/sessions.h"
#include "server/table.h"

namespace meeple::server {

namespace websocket = beast::websocket;

namespace {

// The HTTP status for an error code.
http::status status_of(const std::string& code) {
  if (code == errc::kDamaged) return http::status::internal_server_error;
  if (code == errc::kUnknownTable || code == errc::kNotFound ||
      code == meeple::errc::kUnknownGame || code == room::errc::kNoGuide ||
      code == store::errc::kUnknownAccount)
    return http::status::not_found;
  if (code == errc::kCredentials || code == errc::kSignedOut) return http::status::unauthorized;
  if (code == store::errc::kAccountExists) return http::status::conflict;
  if (code == errc::kThrottled || code == errc::kTooManyInvitations)
    return http::status::too_many_requests;
  if (code == errc::kInviteRefused) return http::status::forbidden;
  if (code == errc::kHashBusy) return http::status::service_unavailable;
  if (code == errc::kBadToken || code == errc::kNotHost) return http::status::forbidden;
  if (code == errc::kSeatTaken || code == errc::kFull || code == errc::kStarted ||
      code == errc::kBusy || code == room::errc::kUnfinished || code == errc::kSeatHeld ||
      code == errc::kSeatOffered)
    return http::status::conflict;
  if (code == errc::kTooLarge) return http::status::payload_too_large;
  if (code == errc::kRateLimited || code == errc::kTooManyConnections ||
      code == errc::kTooManyLobbies)
    return http::status::too_many_requests;
  if (code == errc::kBadOrigin) return http::status::forbidden;
  if (code == errc::kContentType) return http::status::unsupported_media_type;
  if (code == kReviewBusy) return http::status::service_unavailable;
  if (code == meeple::errc::kIo) return http::status::internal_server_error;
  if (code == store::errc::kUnavailable || code == store::errc::kFenced || code == errc::kMoved)
    return http::status::service_unavailable;
  return http::status::bad_request;
}

std::string mime_type(std::string_view path) {
  auto ends = [&](std::string_view e) { return path.ends_with(e); };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript";
  if (ends(".css")) return "text/css";
  if (ends(".json")) return "application/json";
  if (ends(".webmanifest")) return "application/manifest+json";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".wasm")) return "application/wasm";
  return "application/octet-stream";
}

// How long a browser may keep a file of the web client. The build names
// every file under /assets/ by its content's hash (web/vite.config.ts), so
// a new build never changes one: kept for a year without asking again.
// Every other file (index.html, the service worker sw.js and its Workbox
// runtime, the manifest, the icons, the offline page) keeps its name from
// build to build: the browser asks again each time, so a new build is seen
// at the next visit (the service worker then serves them from its cache).
std::string_view cache_control(std::string_view rel) {
  if (rel.starts_with("/assets/")) return "public, max-age=31536000, immutable";
  return "no-cache";
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `peer`: the TCP peer's address; `slot`: its connection's count (empty
  // for a trusted proxy, whose clients are counted by their own address).
  HttpSession(Hub& hub, tcp::socket&& socket, std::string peer, AddressSlot slot)
      : hub_(hub), stream_(std::move(socket)), peer_(std::move(peer)), slot_(std::move(slot)) {}

  void run() { read_next(); }

 private:
  using Response = http::response<http::string_body>;

  void read_next() {
    parser_.emplace();
    parser_->body_limit(kMaxMessageBytes);
    parser_->header_limit(8 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    if (ec == http::error::body_limit) {
      req_ = {};
      req_.version(11);
      send_json(http::status::payload_too_large,
                error_json(make_error(errc::kTooLarge, "a request body has at most 16 KB")));
      close_after_ = true;
      return;
    }
    if (ec) return;
    req_ = parser_->release();
    if (websocket::is_upgrade(req_)) return upgrade();
    route();
  }

  // The client's address: the TCP peer's, or for a trusted proxy the last
  // address of its X-Forwarded-For (the one the proxy itself saw).
  std::string client_address() const {
    if (!is_trusted_proxy(hub_, peer_)) return peer_;
    std::string_view xff = req_["X-Forwarded-For"];
    if (const auto comma = xff.rfind(','); comma != std::string_view::npos)
      xff = xff.substr(comma + 1);
    while (!xff.empty() && xff.front() == ' ') xff.remove_prefix(1);
    while (!xff.empty() && xff.back() == ' ') xff.remove_suffix(1);
    return xff.empty() ? peer_ : std::string(xff);
  }

  // The request's Origin may act here (origin_allowed), by the scheme the
  // client reached the server with.
  bool origin_ok() const {
    return origin_allowed(req_, hub_.options, request_scheme(req_, is_trusted_proxy(hub_, peer_)));
  }

  void upgrade() {
    if (ws_table(req_.target()).empty())
      return send_error(make_error(errc::kNotFound, "WebSockets are at /ws/tables/{id}"));
    if (!origin_ok())
      return send_error(make_error(errc::kBadOrigin, "pages of another site may not open tables"));
    if (names_token(req_.target()))
      return send_error(make_error(
          errc::kMalformed,
          "a token never goes in the address (proxies log it): send it in the hello message"));
    AddressSlot slot = std::move(slot_);
    if (slot.empty()) {
      // Through a trusted proxy: the client is counted by its own address.
      auto taken = AddressSlot::take(hub_, client_address());
      if (!taken)
        return send_error(make_error(errc::kTooManyConnections,
                                     "too many connections from your address: close some"));
      slot = std::move(*taken);
    }
    stream_.expires_never();
    run_ws_session(hub_, stream_.release_socket(), std::move(slot), std::move(req_),
                   client_address());
  }

  // `cookies`: Set-Cookie headers (accounts), or none.
  void send_json(http::status status, const Json& body,
                 const std::vector<std::string>& cookies = {}) {
    Response res{status, req_.version()};
    set_guards(res);
    for (const std::string& c : cookies) res.insert(http::field::set_cookie, c);
    res.set(http::field::content_type, "application/json");
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(req_.keep_alive());
    res.body() = body.dump();
    res.prepare_payload();
    write(std::move(res));
  }

  void send_error(const Error& e, const Json& extra = Json::object()) {
    hub_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
    Json body = error_json(e);
    body.update(extra);
    send_json(status_of(e.code), body);
  }

  void send_text(http::status status, std::string body, std::string type,
                 std::string_view encoding = {}, std::string_view cache = {}) {
    Response res{status, req_.version()};
    set_guards(res);
    res.set(http::field::content_type, type);
    if (!encoding.empty()) res.set(http::field::content_encoding, encoding);
    if (!cache.empty()) res.set(http::field::cache_control, cache);
    if (type.find("javascript") != std::string::npos || type.find("json") != std::string::npos ||
        type.starts_with("text/css") || type.starts_with("text/html") ||
        type.starts_with("image/svg"))
      res.set(http::field::vary, "Accept-Encoding");
    res.keep_alive(req_.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    write(std::move(res));
  }

  void write(Response&& res) {
    auto sp = std::make_shared<Response>(std::move(res));
    http::async_write(stream_, *sp,
                      [self = shared_from_this(), sp](beast::error_code ec, std::size_t) {
                        if (ec) return;
                        if (sp->need_eof() || self->close_after_) {
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
                          return;
                        }
                        self->read_next();
                      });
  }

  // Replies from another strand (a table's): back to this session's.
  void reply_later(Expected<Json> r, http::status ok = http::status::ok) {
    net::post(stream_.get_executor(), [self = shared_from_this(), r = std::move(r), ok] {
      if (r)
        self->send_json(ok, *r);
      else
        self->send_error(r.error());
    });
  }

  // An account's answer (Accounts), from the table pool: back to this
  // session's strand.
  void reply_account(Accounts::Answer a) {
    net::post(stream_.get_executor(), [self = shared_from_this(), a = std::move(a)] {
      if (!a.body) return self->send_error(a.body.error(), a.detail);
      self->send_json(static_cast<http::status>(a.status), *a.body, a.cookies);
    });
  }

  // The request's session token (its cookie), "" for a guest.
  std::string session() const { return session_from_cookie(req_[http::field::cookie]); }
  // Who asks, for the limits of accounts: the address and the browser's device cookie.
  Accounts::Asker asker() const {
    return {client_address(), cookie_token(req_[http::field::cookie], kDeviceCookie)};
  }
  // Runs `work` (it hashes a password) on the hashing threads, or answers
  // auth/busy when their queue or this address's share of it is full, or
  // when it waited there past --max-hash-wait.
  void hashing(std::function<Accounts::Answer()> work) {
    const bool queued = hub_.hashes.post(
        client_address(), [self = shared_from_this(), work] { self->reply_account(work()); },
        [self = shared_from_this()] { self->reply_account(Accounts::busy()); });
    if (!queued) reply_account(Accounts::busy());
  }
  // Whether a table is still waiting in its lobby (invitations to it hold).
  bool lobby_open(const std::string& table) {
    if (auto t = hub_.find(table)) return t->phase() == Phase::kLobby;
    // With several nodes the lobby may be another node's: the store knows.
    return hub_.shared() && hub_.find_lobby(table).has_value();
  }

  // Runs `f` with the request's signed-in account id ("" for a guest, or a
  // session that ended). A guest's request goes on at once, as it always
  // did; a session is looked up on the account thread (it reads the store),
  // and `f` runs back on this session's strand.
  void with_account(std::function<void(std::string)> f) {
    with_signed_in([f = std::move(f)](std::string id, std::string) { f(std::move(id)); });
  }
  // The same with the account's name too ("" for a guest). The address of
  // a signed-in request is the account's (Accounts::seen_from: rated games
  // count only between accounts that shared none lately).
  void with_signed_in(std::function<void(std::string id, std::string name)> f) {
    const std::string s = session();
    if (s.empty()) return f("", "");
    net::post(hub_.account_pool, [self = shared_from_this(), s, f = std::move(f)] {
      auto a = self->hub_.accounts.signed_in(s);
      if (a) self->hub_.accounts.seen_from(a->id, address_key(self->client_address()));
      net::post(
          self->stream_.get_executor(),
          [f, id = a ? a->id : std::string(), name = a ? a->name : std::string()] { f(id, name); });
    });
  }

  // A seat or host token just handed out (a join's, a new table's, play
  // now's): for a signed-in `account` it joins the account's keyring before
  // the answer goes (on the account thread). A guest's answer is sent as it
  // always was.
  void reply_claiming(Expected<Json> r, int seat, const std::string& account,
                      http::status ok = http::status::ok) {
    if (!r || account.empty()) return reply_later(std::move(r), ok);
    net::post(hub_.account_pool, [self = shared_from_this(), r = std::move(r), seat, ok, account] {
      const Json& j = *r;
      const std::string token = j.value("token", j.value("host_token", ""));
      const std::string table = j.value("table", j.value("id", ""));
      if (!token.empty())
        if (auto e = self->hub_.accounts.keep(account, table, seat, token))
          spdlog::warn("table {}: the seat was not kept for its account: {}", table, e->message);
      self->reply_later(std::move(r), ok);
    });
  }

  // A state-changing request's body: only from a page of this server (or
  // a program), and only as JSON, which a page of another site cannot send
  // without asking first (a "simple" text/plain POST needs no permission).
  Expected<Json> body_json() {
    if (!origin_ok())
      return make_error(errc::kBadOrigin, "pages of another site may not change tables");
    if (!req_.body().empty()) {
      const auto type = req_[http::field::content_type];
      if (!std::string_view(type.data(), type.size()).starts_with("application/json"))
        return make_error(errc::kContentType, "a request body is JSON (application/json)");
    }
    return request_body(req_.body());
  }

  void route() {
    const Route r = route_http(req_.method(), req_.target(), !hub_.options.web_dir.empty());
    const bool heavy = r.kind == RouteKind::kMyTables ||
                       (r.kind == RouteKind::kTable && (r.table_route == TableRoute::kReplay ||
                                                        r.table_route == TableRoute::kRecord));
    if (heavy && !hub_.reads.allow(address_key(client_address())))
      return send_error(make_error(errc::kRateLimited,
                                   "too many replays, records and my-tables requests from your "
                                   "address: wait a little"),
                        {{"retry_after", 1}});
    switch (r.kind) {
      case RouteKind::kHealth:
        // 503 while the store cannot write (Hub::store_writable): a load
        // balancer or a monitor sees the node cannot keep what it is given.
        if (auto trouble = hub_.store_trouble())
          return send_json(http::status::service_unavailable,
                           {{"ok", false},
                            {"protocol", kProtocol},
                            {"code", store::errc::kUnavailable},
                            {"message", "the store cannot write: " + *trouble}});
        return send_json(http::status::ok, {{"ok", true}, {"protocol", kProtocol}});
      case RouteKind::kMetrics:
        return send_text(http::status::ok, hub_.metrics_text(), "text/plain; version=0.0.4");
      case RouteKind::kStaticFile:
        return static_file(r.file);
      case RouteKind::kNotFound:
        return send_error(make_error(errc::kNotFound, r.message));
      case RouteKind::kMalformed:
        return send_error(make_error(errc::kMalformed, r.message));
      case RouteKind::kGames: {
        Json games = Json::array();
        for (const AnyGame* g : all_games()) {
          Json d = g->describe();
          d["bots"] = bot_names(*g);
          d["default_bot"] = default_bot(*g);
          games.push_back(std::move(d));
        }
        return send_json(http::status::ok, {{"protocol", kProtocol}, {"games", games}});
      }
      case RouteKind::kMyTables:
        return my_tables();
      case RouteKind::kAccount:
        return account(r);
      case RouteKind::kPlayer:
        net::post(hub_.account_pool, [self = shared_from_this(), name = r.what, s = session()] {
          self->reply_account(self->hub_.accounts.profile(name, s));
        });
        return;
      case RouteKind::kLeaderboard:
        net::post(hub_.account_pool, [self = shared_from_this(), r, s = session()] {
          self->reply_account(self->hub_.accounts.leaderboard(r.what, r.lang, r.list.page, s));
        });
        return;
      case RouteKind::kPlayNow: {
        auto body = body_json();
        if (!body) return send_error(body.error());
        auto ask = read_play_now(hub_.options, *body);
        if (!ask) return send_error(ask.error());
        return with_account([self = shared_from_this(), ask = *ask](std::string account) {
          play_now(self->hub_, ask, {address_key(self->client_address()), account},
                   [self, account](Expected<Json> seated) {
                     const int seat = seated ? seated->value("seat", kSpectator) : kSpectator;
                     self->reply_claiming(std::move(seated), seat, account);
                   });
        });
      }
      case RouteKind::kListTables: {
        // With several nodes every node's tables are in the store: read
        // there, on the pool. Else this node's memory has them all.
        if (hub_.shared()) {
          net::post(hub_.table_pool, [self = shared_from_this(), list = r.list] {
            self->reply_later(self->hub_.list_tables(list));
          });
          return;
        }
        return send_json(http::status::ok, hub_.list_tables(r.list));
      }
      case RouteKind::kCreateTable: {
        auto body = body_json();
        if (!body) return send_error(body.error());
        // As the signed-in account, if any: the limits count its tables.
        return with_account(
            [self = shared_from_this(), body = std::move(*body)](std::string account) {
              std::string host_token;
              auto t = Table::create(self->hub_, body, host_token,
                                     {address_key(self->client_address()), account});
              if (!t) return self->send_error(t.error());
              if (auto e = self->hub_.admit(*t)) return self->send_error(*e);
              // The lobby is durable before anyone hears of it (on the table's
              // strand: the store's commit is no work for a network thread).
              auto table = *t;
              table->post([self, table, host_token, account] {
                self->reply_claiming(table->open(host_token), kSpectator, account,
                                     http::status::created);
              });
            });
      }
      case RouteKind::kTable: {
        if (auto table = hub_.find(r.table)) return route_table(r, std::move(table));
        // A finished table that left memory (or finished before a restart) is
        // in the store: loaded on the table pool, then routed here.
        net::post(hub_.table_pool, [self = shared_from_this(), r] {
          auto table = self->hub_.find_or_load(r.table);
          net::post(self->stream_.get_executor(),
                    [self, r, table] { self->route_table(r, table); });
        });
        return;
      }
    }
  }

  // POST /api/my-tables: each {table, token} as that token's holder sees the
  // table (Table::status), in the order asked.
  void my_tables() {
    auto body = body_json();
    if (!body) return send_error(body.error());
    auto asked = my_tables_request(*body);
    if (!asked) return send_error(asked.error());
    statuses(std::move(*asked), [self = shared_from_this()](Json tables) {
      self->reply_later(Json{{"tables", std::move(tables)}});
    });
  }

  // Each seat's Table::status, in order, given to `done` on the table pool
  // or a table's strand. Tables are found (or loaded) on the table pool and
  // asked on their own strands.
  void statuses(std::vector<SeatAsk> seats, std::function<void(Json)> done) {
    if (seats.empty()) return done(Json::array());
    struct Gather {
      std::mutex mutex;
      Json tables;
      std::size_t left;
    };
    auto g = std::make_shared<Gather>();
    g->tables = Json::array();
    for (std::size_t i = 0; i < seats.size(); ++i) g->tables.push_back(nullptr);
    g->left = seats.size();
    net::post(hub_.table_pool, [self = shared_from_this(), seats = std::move(seats), g, done] {
      auto one = [g, done](std::size_t i, Json entry) {
        std::unique_lock lock(g->mutex);
        g->tables[i] = std::move(entry);
        if (--g->left > 0) return;
        lock.unlock();
        done(std::move(g->tables));
      };
      for (std::size_t i = 0; i < seats.size(); ++i) {
        auto table = self->hub_.peek(seats[i].table);
        if (!table) {
          const Error e = self->hub_.damaged(seats[i].table)
                              .value_or(make_error(errc::kUnknownTable, "no such table"));
          one(i,
              {{"table", seats[i].table}, {"error", {{"code", e.code}, {"message", e.message}}}});
          continue;
        }
        table->post([table, one, i, token = seats[i].token] { one(i, table->status(token)); });
      }
    });
  }

  // /api/account[/...] (docs/protocol.md, "Accounts"): every POST is
  // Origin-checked; the work is done on the table pool (it hashes and reads
  // the store).
  void account(const Route& r) {
    Json body = Json::object();
    if (r.post) {
      auto b = body_json();
      if (!b) return send_error(b.error());
      body = std::move(*b);
    }
    const std::string& what = r.what;
    const bool limited = what == "signup" || what == "signin" || what == "recover";
    if (limited && r.post && !hub_.accounts.allow(client_address()))
      return send_error(
          make_error(errc::kRateLimited, "too many sign-ins from your address: wait a minute"));
    if (what == "claim" && r.post) return claim(body);
    if (what == "delete" && r.post) return delete_account(body);
    Accounts& accounts = hub_.accounts;
    using Answer = Accounts::Answer;
    const std::string s = session();
    const Accounts::Asker who = asker();
    if (r.post) {
      // These hash a password: on the hashing threads.
      std::function<Answer()> hash;
      if (what == "signup") hash = [&accounts, body, who] { return accounts.signup(body, who); };
      if (what == "signin") {
        // Throttled before it waits for a hash (no hash is tried then).
        if (auto t = accounts.throttled(body, who)) return reply_account(std::move(*t));
        hash = [&accounts, body, who] { return accounts.signin(body, who); };
      }
      if (what == "recover") hash = [&accounts, body, who] { return accounts.recover(body, who); };
      if (what == "password")
        hash = [&accounts, s, body, who] { return accounts.change_password(s, body, who); };
      if (hash) return hashing(std::move(hash));
    }
    std::function<Answer()> run;
    if (r.post) {
      if (what == "signout") run = [&accounts, s] { return accounts.signout(s); };
      if (what == "hide") run = [&accounts, s, body] { return accounts.hide(s, body); };
      if (what == "friends-only")
        run = [&accounts, s, body] { return accounts.friends_only(s, body); };
      if (what == "friends") run = [&accounts, s, body] { return accounts.add_friend(s, body); };
      if (what == "friends/remove")
        run = [&accounts, s, body] { return accounts.remove_friend(s, body); };
      if (what == "invitations/dismiss")
        run = [&accounts, s, body] { return accounts.dismiss(s, body); };
    } else {
      if (what.empty()) run = [&accounts, s] { return accounts.about(s); };
      if (what == "seats") run = [&accounts, s] { return accounts.seats(s); };
      if (what == "friends") run = [&accounts, s] { return accounts.friends(s); };
      if (what == "invitations")
        run = [this, s] {
          return hub_.accounts.invitations(
              s, [this](const std::string& table) { return lobby_open(table); });
        };
    }
    if (!run)
      return send_error(make_error(errc::kNotFound, "no such route (see docs/protocol.md)"));
    net::post(hub_.account_pool,
              [self = shared_from_this(), run = std::move(run)] { self->reply_account(run()); });
  }

  // POST /api/account/delete. A finished table in memory whose seat was
  // renamed still shows the old name: it leaves memory (its connections are
  // closed, to reconnect) and is read again from the store when next asked
  // for; the answer goes once it has.
  void delete_account(const Json& body) {
    // It checks the password: on the hashing threads.
    const bool queued = hub_.hashes.post(
        client_address(),
        [self = shared_from_this(), s = session(), who = asker(), body] {
          std::vector<std::string> renamed;
          auto answer =
              std::make_shared<Accounts::Answer>(self->hub_.accounts.remove(s, body, who, renamed));
          std::vector<std::shared_ptr<Table>> held;
          for (const std::string& id : renamed)
            if (auto t = self->hub_.find(id); t && t->phase() == Phase::kFinished)
              held.push_back(t);
          if (held.empty()) return self->reply_account(std::move(*answer));
          auto left = std::make_shared<std::atomic<std::size_t>>(held.size());
          for (const auto& t : held)
            t->post([self, t, left, answer] {
              t->lose(errc::kMoved, "a player's name changed: reconnect");
              if (left->fetch_sub(1) == 1) self->reply_account(std::move(*answer));
            });
        },
        [self = shared_from_this()] { self->reply_account(Accounts::busy()); });
    if (!queued) reply_account(Accounts::busy());
  }

  // POST /api/account/claim: each token the table accepts (Table::status
  // answers its seat, or the spectator's for a host token) joins the
  // account's keyring; the others are skipped.
  void claim(const Json& body) {
    auto asked = my_tables_request(body);
    if (!asked) return send_error(asked.error());
    net::post(hub_.account_pool,
              [self = shared_from_this(), s = session(), seats = std::move(*asked)]() mutable {
                auto a = self->hub_.accounts.signed_in(s);
                if (!a) return self->reply_later(make_error(errc::kSignedOut, "sign in first"));
                auto tokens = seats;
                self->statuses(std::move(seats), [self, id = a->id, tokens](Json found) {
                  // On a table's strand: the store's writes go to the pool.
                  net::post(self->hub_.account_pool, [self, id, tokens, found = std::move(found)] {
                    int claimed = 0;
                    for (std::size_t i = 0; i < found.size(); ++i) {
                      if (found[i].contains("error")) continue;
                      if (auto e = self->hub_.accounts.keep(
                              id, tokens[i].table, found[i].value("seat", -2), tokens[i].token))
                        return self->reply_later(*e);
                      ++claimed;
                    }
                    self->reply_later(Json{{"claimed", claimed}});
                  });
                });
              });
  }

  // POST /api/tables/{id}/invite {"name", "token"} (on the table's strand):
  // a seat or host token of a table in its lobby with a free seat invites
  // the account of that name (its invitations list it), from the signed-in
  // account, named by its account's name (never the seat's, which anyone
  // may choose): a guest may not invite by name (auth/signed_out).
  void invite(const std::shared_ptr<Table>& table, const Json& b) {
    const Json name = b.value("name", Json()), token = b.value("token", Json());
    if (!name.is_string() || !token.is_string())
      return reply_later(make_error(errc::kMalformed, "name and token are strings"));
    const Json st = table->status(token.get<std::string>());
    if (st.contains("error"))
      return reply_later(make_error(errc::kBadToken, "this token opens no seat at this table"));
    if (table->phase() != Phase::kLobby)
      return reply_later(make_error(errc::kStarted, "the game has started: no seat is free"));
    if (table->summary().value("free_seats", 0) == 0)
      return reply_later(make_error(errc::kFull, "no seat is free"));
    net::post(hub_.account_pool,
              [self = shared_from_this(), id = table->id(), game = st.value("game", ""),
               title = st.value("title", ""), invitee = name.get<std::string>(), s = session()] {
                auto from = self->hub_.accounts.signed_in(s);
                if (!from)
                  return self->reply_later(
                      make_error(errc::kSignedOut, "sign in to invite someone by their name"));
                if (auto e = self->hub_.accounts.invite(
                        *from, invitee, id, game, title,
                        [&self](const std::string& other) { return self->lobby_open(other); }))
                  return self->reply_later(*e);
                self->reply_later(Json::object());
              });
  }

  // /api/tables/{id}[/...] once the table is found (null: there is none).
  void route_table(const Route& r, const Expected<std::shared_ptr<Table>>& found) {
    if (!found) return send_error(found.error());
    const std::shared_ptr<Table>& table = *found;
    switch (r.table_route) {
      case TableRoute::kBadQuery:
        return send_error(make_error(errc::kMalformed, "seat and step are integers"));
      case TableRoute::kReplay:
        table->post([self = shared_from_this(), table, seat = r.seat, lang = r.lang, at = r.step] {
          self->reply_later(table->replay(seat, lang, at));
        });
        return;
      case TableRoute::kReview:
        if (!r.lang.empty() && !is_language(r.lang))
          return send_error(make_error(errc::kMalformed, "lang is en, it or ko"));
        table->post([self = shared_from_this(), table, seat = r.seat,
                     lang = r.lang.empty() ? std::string("en") : r.lang] {
          self->hub_.review(table->record(), table->id(), seat, lang,
                            [self](Expected<Json> made) { self->reply_later(std::move(made)); });
        });
        return;
      case TableRoute::kSummary:
        table->post([self = shared_from_this(), table] { self->reply_later(table->summary()); });
        return;
      case TableRoute::kRecord:
        table->post([self = shared_from_this(), table] { self->reply_later(table->record()); });
        return;
      case TableRoute::kPost: {
        auto body = body_json();
        if (!body) return send_error(body.error());
        if (r.what == "join")
          // As the signed-in account, if any (a rated table's rule; the keyring).
          return with_signed_in([self = shared_from_this(), table, b = std::move(*body)](
                                    std::string account, std::string name) {
            table->post([self, table, b, account,
                         who = Joiner{.account_name = name,
                                      .address = address_key(self->client_address())}] {
              auto joined = table->join(b, account, who);
              const int seat = joined ? joined->value("seat", kSpectator) : kSpectator;
              self->reply_claiming(std::move(joined), seat, account);
            });
          });
        if (r.what == "rematch")
          // Its maker is the asking host, counted by the limits (Hub::admit).
          return with_account(
              [self = shared_from_this(), table, b = std::move(*body)](std::string account) {
                table->post(
                    [self, table, b, maker = Maker{address_key(self->client_address()), account}] {
                      auto rm = table->rematch(b, maker);
                      if (!rm) return self->reply_later(rm.error());
                      (*rm)->post([self, next = *rm] {
                        self->reply_later(next->open(""), http::status::created);
                      });
                    });
              });
        table->post([self = shared_from_this(), table, what = r.what, b = std::move(*body)] {
          if (what == "invite") return self->invite(table, b);
          self->reply_later(table->host(what, b));
        });
        return;
      }
      case TableRoute::kNotFound:
        break;
    }
    send_error(make_error(errc::kNotFound, "no such route (see docs/protocol.md)"));
  }

  // `rel` is a checked path under the web folder (route_http).
  void static_file(const std::string& rel) {
    // Files only: a folder opens as a stream that reads nothing.
    std::error_code fs_error;
    if (!std::filesystem::is_regular_file(hub_.options.web_dir + rel, fs_error))
      return send_error(make_error(errc::kNotFound, "no such file"));
    // The build writes a gzipped copy beside each text file (web/vite.config.ts):
    // sent as it is to a browser that accepts gzip.
    const auto accepts = req_[http::field::accept_encoding];
    const bool gzip = accepts.find("gzip") != beast::string_view::npos;
    std::ifstream f;
    if (gzip) f.open(hub_.options.web_dir + rel + ".gz", std::ios::binary);
    const bool zipped = f.is_open();
    if (!zipped) f.open(hub_.options.web_dir + rel, std::ios::binary);
    if (!f) return send_error(make_error(errc::kNotFound, "no such file"));
    std::ostringstream ss;
    ss << f.rdbuf();
    send_text(http::status::ok, ss.str(), mime_type(rel), zipped ? "gzip" : "", cache_control(rel));
  }

  Hub& hub_;
  beast::tcp_stream stream_;
  std::string peer_;
  AddressSlot slot_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  http::request<http::string_body> req_;
  bool close_after_ = false;
};

}  // namespace

void run_http_session(Hub& hub, tcp::socket socket, std::string peer, AddressSlot slot) {
  std::make_shared<HttpSession>(hub, std::move(socket), std::move(peer), std::move(slot))->run();
}

}  // namespace meeple::server
