// The listener, the HTTP session (routes and static files) and the WebSocket
// session, in the shape of Beast's chat-multi example: each connection runs
// on its own strand of the I/O context; tables run on theirs (server/table.h).
#include "server/server.h"

#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "bots/review.h"
#include "core/i18n.h"
#include "games/registry.h"
#include "server/routes.h"
#include "server/table.h"
#include "store/open.h"
#include "store/sqlite_store.h"

namespace meeple::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using SteadyClock = std::chrono::steady_clock;

namespace {

// The search budget of a review's every decision, whatever the game: 1000
// iterations take 2-10 ms a decision (docs/bots.md, ladders), so a seat's
// whole game takes about a second.
constexpr std::string_view kReviewBudget = "1000";

// The HTTP status for an error code.
http::status status_of(const std::string& code) {
  if (code == errc::kUnknownTable || code == errc::kNotFound ||
      code == meeple::errc::kUnknownGame || code == room::errc::kNoGuide)
    return http::status::not_found;
  if (code == errc::kBadToken || code == errc::kNotHost) return http::status::forbidden;
  if (code == errc::kSeatTaken || code == errc::kFull || code == errc::kStarted ||
      code == errc::kBusy || code == room::errc::kUnfinished)
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
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".wasm")) return "application/wasm";
  return "application/octet-stream";
}

// The browser's guards, on every response: scripts, styles and everything
// else only from this server (no inline script: the client runs under
// this), connections to it alone, no framing by other sites, no sniffing of
// content types, and no address sent to other sites.
template <class Response>
void set_guards(Response& res) {
  res.set(http::field::server, "meeple");
  res.set("Content-Security-Policy",
          "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; "
          "base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("X-Frame-Options", "DENY");
  res.set("Referrer-Policy", "same-origin");
}

// The host[:port] of an origin ("https://a.b:8080" -> "a.b:8080"); "" when
// it is not one (the "null" origin of sandboxed pages and files included).
std::string_view origin_host(std::string_view origin) {
  const auto sep = origin.find("://");
  if (sep == std::string_view::npos) return {};
  const std::string_view scheme = origin.substr(0, sep);
  if (scheme != "http" && scheme != "https") return {};
  std::string_view host = origin.substr(sep + 3);
  if (host.empty() || host.find('/') != std::string_view::npos) return {};
  return host;
}

// May a page of this request's Origin act here? A request without Origin
// comes from a program, not a page of another site; a page's Origin must be
// this server's own (the Host it asked) or one of allowed_origins.
bool origin_allowed(const http::request<http::string_body>& req, const ServerOptions& o) {
  const auto it = req.find(http::field::origin);
  if (it == req.end()) return true;
  const std::string_view origin(it->value().data(), it->value().size());
  for (const std::string& allowed : o.allowed_origins)
    if (origin == allowed) return true;
  const std::string_view host = origin_host(origin);
  const auto h = req[http::field::host];
  return !host.empty() && host == std::string_view(h.data(), h.size());
}

// A token bucket: `rate` messages a second, `burst` at once.
class RateLimit {
 public:
  RateLimit(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}
  bool allow(SteadyClock::time_point now) {
    const double dt = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + dt * rate_);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

 private:
  double rate_, burst_, tokens_;
  SteadyClock::time_point last_ = SteadyClock::now();
};

// One connection counted against its client address's limit
// (ServerOptions::max_connections_per_address) while it lives; an HTTP
// session's passes to the WebSocket session it upgrades to.
class AddressSlot {
 public:
  AddressSlot() = default;
  // A slot for a connection from `address`; none when the address has as
  // many connections as it may.
  static std::optional<AddressSlot> take(Hub& hub, const std::string& address) {
    const std::size_t max = hub.options.max_connections_per_address;
    std::lock_guard lock(hub.address_mutex);
    std::size_t& n = hub.connections_by_address[address];
    if (max > 0 && n >= max) {
      if (n == 0) hub.connections_by_address.erase(address);
      return std::nullopt;
    }
    ++n;
    AddressSlot slot;
    slot.hub_ = &hub;
    slot.address_ = address;
    return slot;
  }
  AddressSlot(AddressSlot&& o) noexcept
      : hub_(std::exchange(o.hub_, nullptr)), address_(std::move(o.address_)) {}
  AddressSlot& operator=(AddressSlot&& o) noexcept {
    if (this != &o) {
      release();
      hub_ = std::exchange(o.hub_, nullptr);
      address_ = std::move(o.address_);
    }
    return *this;
  }
  ~AddressSlot() { release(); }
  bool empty() const { return hub_ == nullptr; }

 private:
  void release() {
    if (!hub_) return;
    std::lock_guard lock(hub_->address_mutex);
    auto it = hub_->connections_by_address.find(address_);
    if (it != hub_->connections_by_address.end() && --it->second == 0)
      hub_->connections_by_address.erase(it);
    hub_ = nullptr;
  }
  Hub* hub_ = nullptr;
  std::string address_;
};

bool is_trusted_proxy(const Hub& hub, const std::string& address) {
  const auto& p = hub.options.trusted_proxies;
  return std::find(p.begin(), p.end(), address) != p.end();
}

// --- WebSocket session

class WsSession final : public Peer, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(Hub& hub, tcp::socket&& socket, AddressSlot slot)
      : hub_(hub),
        ws_(std::move(socket)),
        slot_(std::move(slot)),
        limit_(hub.options.rate_per_second, hub.options.rate_burst) {}

  ~WsSession() override { hub_.metrics.connections.fetch_sub(1); }

  void run(http::request<http::string_body> req) {
    hub_.metrics.connections.fetch_add(1);
    {
      std::lock_guard lock(hub_.peers_mutex);
      hub_.peers[this] = weak_from_this();
    }
    table_id_ = ws_table(req.target());
    if (!table_id_.empty()) table_ = hub_.find(table_id_);
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = hub_.options.idle_timeout;
    ws_.set_option(timeouts);
    ws_.set_option(
        websocket::stream_base::decorator([](websocket::response_type& res) { set_guards(res); }));
    // Messages over the protocol's limit are answered with request/too_large;
    // far bigger ones end the connection (the buffer would have to hold them).
    ws_.read_message_max(4 * kMaxMessageBytes);
    ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
  }

  void send(std::shared_ptr<const std::string> text) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text)] {
      if (self->closing_) return;
      // Slow: too many messages wait, or too many bytes (a client that asks
      // for the whole picture again and again gets large messages). A
      // message alone is always sent, however large.
      const auto& o = self->hub_.options;
      if (self->queue_.size() >= o.max_write_queue ||
          (!self->queue_.empty() && self->queued_bytes_ + text->size() > o.max_write_bytes)) {
        self->close_now(errc::kSlowClient, "too many messages are waiting: the client is too slow");
        return;
      }
      self->enqueue(std::move(text));
    });
  }

  void close(const std::string& code, const std::string& reason) override {
    net::post(ws_.get_executor(),
              [self = shared_from_this(), code, reason] { self->close_now(code, reason); });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return finish();
    if (!table_) {
      // A finished table may have left memory: loaded on the table pool.
      net::post(hub_.table_pool, [self = shared_from_this()] {
        auto t = self->hub_.find_or_load(self->table_id_);
        net::post(self->ws_.get_executor(), [self, t] {
          if (!t) return self->close_now(t.error().code, t.error().message);
          self->table_ = *t;
          self->attach();
        });
      });
      return;
    }
    attach();
  }

  // The table is found: the client's hello (with its token, if it holds
  // a seat) attaches it.
  void attach() { read_next(); }

  void read_next() {
    ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == websocket::error::message_too_big) {
      close_now(errc::kTooLarge, "a message has at most 16 KB");
      return;
    }
    if (ec) return finish();
    const auto now = SteadyClock::now();
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    const bool refused = !limit_.allow(now);
    if (refused) {
      // One error per run of refused messages: answering each one of a
      // flood would fill the write queue with errors, and the table's next
      // message would then cut off, as slow, a client that reads.
      if (!refusing_) reply_error(make_error(errc::kRateLimited, "too many messages: slow down"));
    } else if (auto msg = parse_request(text); !msg) {
      reply_error(msg.error());
    } else if (!said_hello_) {
      // Nothing is sent before the hello: it says who the client is (its
      // token travels here, never in the address, which proxies log).
      if (!msg->is_object() || msg->value("type", Json()) != "hello") {
        reply_error(make_error(errc::kMalformed,
                               "say hello first: {\"type\": \"hello\", \"token\": ..., "
                               "\"lang\": ...} (see docs/protocol.md)"));
      } else {
        said_hello_ = true;
        table_->post([t = table_, self = shared_from_this(), m = std::move(*msg), now] {
          t->attach(self, m, now);
        });
      }
    } else {
      table_->post([t = table_, self = shared_from_this(), m = std::move(*msg), now] {
        t->on_message(self.get(), m, now);
      });
    }
    refusing_ = refused;
    if (!closing_) read_next();
  }

  void reply_error(const Error& e) {
    hub_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
    auto text = std::make_shared<const std::string>(error_json(e).dump());
    if (queue_.size() >= hub_.options.max_write_queue) return;
    enqueue(std::move(text));
  }

  void enqueue(std::shared_ptr<const std::string> text) {
    queued_bytes_ += text->size();
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) write_next();
  }

  void write_next() {
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return finish();
    queued_bytes_ -= queue_.front()->size();
    queue_.pop_front();
    if (!queue_.empty()) {
      write_next();
    } else if (closing_ && !close_sent_) {
      send_close();
    }
  }

  // Sends the reason as an error message, then closes the WebSocket.
  void close_now(const std::string& code, const std::string& reason) {
    if (closing_) return;
    closing_ = true;
    close_reason_ = code.empty() ? reason : code;
    if (!code.empty() && queue_.size() < hub_.options.max_write_queue + 1) {
      enqueue(std::make_shared<const std::string>(error_json(make_error(code, reason)).dump()));
    } else if (queue_.empty()) {
      send_close();
    }
    if (code == errc::kSlowClient) {
      // What waits for a slow client is dropped: the message being written
      // (the front) and the reason stay, then the close frame. A client that
      // reads them within slow_client_grace learns why; one that never reads
      // is cut off then.
      if (queue_.size() > 2) {
        queue_.erase(queue_.begin() + 1, queue_.end() - 1);
        queued_bytes_ = queue_.front()->size() + queue_.back()->size();
      }
      auto timer =
          std::make_shared<net::steady_timer>(ws_.get_executor(), hub_.options.slow_client_grace);
      timer->async_wait([self = shared_from_this(), timer](beast::error_code) {
        if (!self->finished_) beast::get_lowest_layer(self->ws_).close();
      });
    }
  }

  // The close frame's reason is the error's code (the message went before
  // it, as an error message), so a client tells a final refusal (auth/token)
  // from a drop or a restart without reading words.
  void send_close() {
    close_sent_ = true;
    websocket::close_reason cr(websocket::close_code::going_away);
    cr.reason = close_reason_.substr(0, 120);
    ws_.async_close(cr, [self = shared_from_this()](beast::error_code) { self->finish(); });
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    if (table_) table_->post([t = table_, self = shared_from_this()] { t->detach(self.get()); });
    std::lock_guard lock(hub_.peers_mutex);
    hub_.peers.erase(this);
  }

  Hub& hub_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::size_t queued_bytes_ = 0;  // the sizes of the messages in queue_
  std::shared_ptr<Table> table_;
  std::string table_id_;
  AddressSlot slot_;
  RateLimit limit_;
  bool said_hello_ = false;
  bool closing_ = false, close_sent_ = false, finished_ = false;
  bool refusing_ = false;  // the last message was refused by the rate limit
  std::string close_reason_;
};

// --- HTTP session

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

  void upgrade() {
    if (ws_table(req_.target()).empty())
      return send_error(make_error(errc::kNotFound, "WebSockets are at /ws/tables/{id}"));
    if (!origin_allowed(req_, hub_.options))
      return send_error(make_error(errc::kBadOrigin, "pages of another site may not open tables"));
    if (req_.target().find('?') != beast::string_view::npos &&
        !query_param(req_.target(), "token").empty())
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
    std::make_shared<WsSession>(hub_, stream_.release_socket(), std::move(slot))
        ->run(std::move(req_));
  }

  void send_json(http::status status, const Json& body) {
    Response res{status, req_.version()};
    set_guards(res);
    res.set(http::field::content_type, "application/json");
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(req_.keep_alive());
    res.body() = body.dump();
    res.prepare_payload();
    write(std::move(res));
  }

  void send_error(const Error& e) {
    hub_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
    send_json(status_of(e.code), error_json(e));
  }

  void send_text(http::status status, std::string body, std::string type,
                 std::string_view encoding = {}) {
    Response res{status, req_.version()};
    set_guards(res);
    res.set(http::field::content_type, type);
    if (!encoding.empty()) res.set(http::field::content_encoding, encoding);
    if (type.find("javascript") != std::string::npos || type.starts_with("text/css") ||
        type.starts_with("text/html") || type.starts_with("image/svg"))
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

  // A state-changing request's body: only from a page of this server (or
  // a program), and only as JSON, which a page of another site cannot send
  // without asking first (a "simple" text/plain POST needs no permission).
  Expected<Json> body_json() {
    if (!origin_allowed(req_, hub_.options))
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
    switch (r.kind) {
      case RouteKind::kHealth:
        return send_json(http::status::ok, {{"ok", true}, {"protocol", kProtocol}});
      case RouteKind::kMetrics:
        return send_text(http::status::ok, metrics_text(), "text/plain; version=0.0.4");
      case RouteKind::kStaticFile:
        return static_file(r.file);
      case RouteKind::kNotFound:
        return send_error(make_error(errc::kNotFound, r.message));
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
      case RouteKind::kListTables: {
        if (hub_.shared()) {
          // Every node's tables are in the store: read there, on the pool.
          net::post(hub_.table_pool, [self = shared_from_this()] {
            self->reply_later(Json{{"tables", self->hub_.open_tables()}});
          });
          return;
        }
        Json list = Json::array();
        for (const auto& t : hub_.all())
          if (t->is_public() && t->phase() != Phase::kFinished) list.push_back(t->summary());
        return send_json(http::status::ok, {{"tables", list}});
      }
      case RouteKind::kCreateTable: {
        auto body = body_json();
        if (!body) return send_error(body.error());
        std::string host_token;
        auto t = Table::create(hub_, *body, host_token, client_address());
        if (!t) return send_error(t.error());
        hub_.add(*t);
        // The lobby is durable before anyone hears of it (on the table's
        // strand: the store's commit is no work for a network thread).
        auto table = *t;
        table->post([self = shared_from_this(), table, host_token] {
          MaybeError e = table->claim();
          if (!e) e = table->save_lobby();
          if (e) {
            self->hub_.remove(table->id(), table.get());
            return self->reply_later(*e);
          }
          Json out = table->summary();
          out["host_token"] = host_token;
          self->reply_later(std::move(out), http::status::created);
        });
        return;
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
  // table (Table::status), in the order asked. Tables are found (or loaded)
  // on the table pool and asked on their own strands.
  void my_tables() {
    auto body = body_json();
    if (!body) return send_error(body.error());
    auto asked = my_tables_request(*body);
    if (!asked) return send_error(asked.error());
    if (asked->empty()) return send_json(http::status::ok, {{"tables", Json::array()}});
    struct Gather {
      std::mutex mutex;
      Json tables;
      std::size_t left;
    };
    auto g = std::make_shared<Gather>();
    g->tables = Json::array();
    for (std::size_t i = 0; i < asked->size(); ++i) g->tables.push_back(nullptr);
    g->left = asked->size();
    net::post(hub_.table_pool, [self = shared_from_this(), seats = std::move(*asked), g] {
      auto done = [self, g](std::size_t i, Json entry) {
        std::lock_guard lock(g->mutex);
        g->tables[i] = std::move(entry);
        if (--g->left == 0) self->reply_later(Json{{"tables", std::move(g->tables)}});
      };
      for (std::size_t i = 0; i < seats.size(); ++i) {
        auto table = self->hub_.peek(seats[i].table);
        if (!table) {
          done(i, {{"table", seats[i].table},
                   {"error", {{"code", errc::kUnknownTable}, {"message", "no such table"}}}});
          continue;
        }
        table->post([table, done, i, token = seats[i].token] { done(i, table->status(token)); });
      }
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
          self->review(table->record(), table->id(), seat, lang);
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
        table->post([self = shared_from_this(), table, what = r.what, b = std::move(*body),
                     address = client_address()] {
          if (what == "join") return self->reply_later(table->join(b));
          if (what == "rematch") {
            auto rm = table->rematch(b, address);
            if (!rm) return self->reply_later(rm.error());
            self->hub_.add(*rm);
            auto next = *rm;
            return next->post([self, next] {
              MaybeError e = next->claim();
              if (!e) e = next->save_lobby();
              if (e) {
                self->hub_.remove(next->id(), next.get());
                return self->reply_later(*e);
              }
              self->reply_later(next->summary(), http::status::created);
            });
          }
          self->reply_later(table->host(what, b));
        });
        return;
      }
      case TableRoute::kNotFound:
        break;
    }
    send_error(make_error(errc::kNotFound, "no such route (see docs/protocol.md)"));
  }

  // GET .../review: the bot's review of one seat of a finished game
  // (bots/review.h), made on the review thread once (server/review_queue.h)
  // and kept in the store, so another node or a restart answers from there.
  void review(Expected<Json> record, const std::string& table, Seat seat, const std::string& lang) {
    if (!record) return reply_later(record.error());
    auto parsed = record_from_json(*record);
    if (!parsed) return reply_later(parsed.error());
    if (seat >= parsed->players)
      return reply_later(make_error("review/seat", fmt::format("there is no seat {}", seat)));
    const std::string stored_key = fmt::format("{}|{}|{}", seat, lang, kReviewBudget);
    auto make = [&store = hub_.store, &stop = hub_.reviews.stopping(), rec = std::move(*parsed),
                 table, seat, lang, stored_key]() -> Expected<Json> {
      // Made before, by this node or another: the store keeps every review.
      if (auto stored = store.load_review(table, stored_key); stored && !stored->is_null())
        return std::move(*stored);
      else if (!stored)
        spdlog::warn("table {}: review not read from the store: {}", table, stored.error().message);
      const AnyGame* game = find_game(rec.game);
      if (game == nullptr) return make_error(errc::kMalformed, "no such game");
      auto made = review_record(
          *game, rec, seat,
          {.budget = std::string(kReviewBudget), .seed = 1, .lang = lang, .stop = &stop});
      if (!made) return made.error();
      Json out = made->to_json();
      out["table"] = table;
      // Not kept in the store: still answered, and made again next time.
      if (auto e = store.save_review(table, stored_key, out))
        spdlog::warn("table {}: review not kept in the store: {}", table, e->message);
      return out;
    };
    hub_.reviews.ask(
        table + "|" + stored_key, std::move(make),
        [self = shared_from_this()](Expected<Json> r) { self->reply_later(std::move(r)); });
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
    send_text(http::status::ok, ss.str(), mime_type(rel), zipped ? "gzip" : "");
  }

  std::string metrics_text() {
    const Metrics& m = hub_.metrics;
    std::string out;
    auto gauge = [&](const char* name, const char* help, auto v) {
      out += fmt::format("# HELP {} {}\n# TYPE {} gauge\n{} {}\n", name, help, name, name, v);
    };
    auto counter = [&](const char* name, const char* help, auto v) {
      out += fmt::format("# HELP {} {}\n# TYPE {} counter\n{} {}\n", name, help, name, name, v);
    };
    gauge("meeple_live_tables", "Tables in play", m.live_tables.load());
    gauge("meeple_lobby_tables", "Tables waiting for players", m.lobby_tables.load());
    gauge("meeple_finished_tables", "Finished tables held in memory", m.finished_tables.load());
    gauge("meeple_connections", "Open WebSocket connections", m.connections.load());
    counter("meeple_actions_total", "Actions applied (people, bots, chance)",
            m.actions_total.load());
    counter("meeple_messages_in_total", "WebSocket messages received", m.messages_in.load());
    counter("meeple_bytes_out_total", "WebSocket bytes sent by tables", m.bytes_out.load());
    counter("meeple_errors_total", "Error replies", m.errors_total.load());
    if (auto* sq = dynamic_cast<store::SqliteStore*>(&hub_.store)) {
      const auto st = sq->stats();
      counter("meeple_store_commits_total", "Store transactions (one fsync each)", st.commits);
      counter("meeple_store_writes_total", "Store writes carried by them", st.writes);
      counter("meeple_store_commit_seconds_total", "Time spent committing",
              static_cast<double>(st.commit_micros) * 1e-6);
    }
    gauge("meeple_bot_decisions_queued", "Bot decisions waiting for a bot thread",
          hub_.bots.queued());
    gauge("meeple_reviews_queued", "Reviews waiting for the review thread", hub_.reviews.queued());
    counter("meeple_reviews_made_total", "Reviews made (searched, or read from the store)",
            hub_.reviews.made());
    out += m.act_commit.render("meeple_act_commit_seconds",
                               "A person's action from receipt to durable and applied");
    out += m.bot_think.render("meeple_bot_think_seconds", "One bot decision");
    return out;
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

// --- Listener

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  explicit Listener(Hub& hub) : hub_(hub), acceptor_(net::make_strand(hub.ioc)) {}

  MaybeError open(const tcp::endpoint& ep) {
    beast::error_code ec;
    acceptor_.open(ep.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(ep, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec)
      return make_error(meeple::errc::kIo,
                        fmt::format("cannot listen on {}:{}: {}", ep.address().to_string(),
                                    ep.port(), ec.message()));
    port_ = acceptor_.local_endpoint().port();
    return std::nullopt;
  }
  unsigned short port() const { return port_; }

  void run() { accept_next(); }
  void stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
      beast::error_code ec;
      self->acceptor_.close(ec);
    });
  }

 private:
  void accept_next() {
    acceptor_.async_accept(net::make_strand(hub_.ioc),
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }
  void on_accept(beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
    if (ec == net::error::no_descriptors || ec.value() == ENFILE || ec == net::error::no_memory ||
        ec == net::error::no_buffer_space) {
      // Out of descriptors (or memory): the connection waits in the
      // kernel's backlog, and accepting again at once would fail again at
      // once, a spin serving no one. Wait for connections to close.
      if (!out_of_descriptors_)
        spdlog::warn("cannot accept connections ({}): pausing accept", ec.message());
      out_of_descriptors_ = true;
      pause_.expires_after(kAcceptPause);
      pause_.async_wait([self = shared_from_this()](beast::error_code e) {
        if (!e) self->accept_next();
      });
      return;
    }
    if (out_of_descriptors_ && !ec) {
      spdlog::info("accepting connections again");
      out_of_descriptors_ = false;
    }
    if (!ec) {
      beast::error_code addr_ec;
      const auto remote = socket.remote_endpoint(addr_ec);
      const std::string peer = addr_ec ? std::string() : remote.address().to_string();
      std::optional<AddressSlot> slot;
      if (is_trusted_proxy(hub_, peer))
        slot.emplace();  // its clients are counted by their own addresses
      else
        slot = AddressSlot::take(hub_, peer);
      if (!slot) {
        refuse(std::move(socket));
      } else {
        socket.set_option(tcp::no_delay(true), ec);
        std::make_shared<HttpSession>(hub_, std::move(socket), peer, std::move(*slot))->run();
      }
    }
    accept_next();
  }

  // Over the address's limit: a short answer, written without waiting (it
  // fits the socket's buffer), and the connection is closed.
  void refuse(tcp::socket socket) {
    hub_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
    static const std::string kAnswer = [] {
      const std::string body = error_json(make_error(errc::kTooManyConnections,
                                                     "too many connections from your address"))
                                   .dump();
      return fmt::format(
          "HTTP/1.1 429 Too Many Requests\r\nServer: meeple\r\nContent-Type: "
          "application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
          body.size(), body);
    }();
    beast::error_code ec;
    socket.non_blocking(true, ec);
    socket.write_some(net::buffer(kAnswer), ec);
    socket.shutdown(tcp::socket::shutdown_both, ec);
    socket.close(ec);
  }

  static constexpr std::chrono::milliseconds kAcceptPause{100};
  Hub& hub_;
  tcp::acceptor acceptor_;
  net::steady_timer pause_{acceptor_.get_executor()};
  bool out_of_descriptors_ = false;
  unsigned short port_ = 0;
};

}  // namespace

// --- Server

Server::Server(ServerOptions options, store::Store& store)
    : hub_(std::make_unique<Hub>(std::move(options), store)) {}

Server::~Server() {
  stop();
  // Reviews and bot decisions not begun are dropped, those under way
  // finished (a bot's decision is capped by max_bot_seconds). What they
  // hold (sessions, tables) is destroyed here, while the I/O context that
  // their sockets and timers belong to is still alive.
  hub_->reviews.stop();
  hub_->bots.stop();
  hub_->table_pool.join();
}

MaybeError Server::start() {
  if (hub_->shared()) {
    // Tables come here when the router sends their requests, or when their
    // node is gone (keep_leases), not all at once.
    hub_->owner = hub_->options.node + "#" + random_hex(4);
    hub_->keeper = std::make_unique<net::steady_timer>(hub_->table_pool);
    net::post(hub_->table_pool, [hub = hub_.get()] { hub->keep_leases(); });
    return listen();
  }
  // Every unfinished table of the store comes back where it was.
  int resumed = 0;
  for (const store::TableSummary& s : hub_->store.list(true)) {
    auto rec = hub_->store.load(s.id);
    if (!rec) {
      spdlog::error("table {}: cannot load: {}", s.id, rec.error().message);
      continue;
    }
    auto t = Table::resume(*hub_, *rec);
    if (!t) {
      spdlog::error("table {}: cannot resume: {}", s.id, t.error().message);
      continue;
    }
    hub_->add(*t);
    (*t)->begin();
    ++resumed;
  }
  if (resumed) spdlog::info("resumed {} unfinished tables", resumed);
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
  return listen();
}

MaybeError Server::listen() {
  beast::error_code ec;
  const auto addr = net::ip::make_address(hub_->options.bind, ec);
  if (ec) return make_error(meeple::errc::kIo, fmt::format("bad address '{}'", hub_->options.bind));
  auto listener = std::make_shared<Listener>(*hub_);
  if (auto e = listener->open({addr, hub_->options.port})) return e;
  listener->run();
  port_ = listener->port();
  stop_listening_ = [listener] { listener->stop(); };
  return std::nullopt;
}

unsigned short Server::port() const {
  return port_;
}

void Server::run() {
  std::vector<std::thread> threads;
  for (int i = 1; i < hub_->options.threads; ++i) threads.emplace_back([this] { hub_->ioc.run(); });
  hub_->ioc.run();
  for (auto& t : threads) t.join();
}

void Server::stop() {
  if (hub_->stopping.exchange(true)) return;
  spdlog::info("stopping: no new connections; closing tables");
  if (stop_listening_) stop_listening_();
  hub_->stop_reloads();
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
  auto ioc = &hub_->ioc;
  auto after = [pending, ioc, hub = hub_.get()] {
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
  };
  if (tables.empty()) {
    *pending = 1;
    net::post(hub_->ioc, after);
    return;
  }
  for (auto& t : tables)
    t->post([t, after] {
      t->close_all("the server is shutting down");
      after();
    });
}

bool read_max_bot_budget(std::string_view text, ServerOptions& o) {
  bool any = false;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    auto b = parse_budget(part);
    if (!b || b->trees > 1 || part.find_first_not_of("0123456789.s") != std::string_view::npos)
      return false;
    if (b->seconds > 0) o.max_bot_seconds = b->seconds;
    if (b->iterations > 0) o.max_bot_iterations = b->iterations;
    any = true;
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
  }
  return any;
}

int serve(ServerOptions options, std::ostream& out, std::ostream& err) {
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
