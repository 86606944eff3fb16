// An HTTP connection: reads requests (with limits), routes each
// (routes.h's table), hands it to its handler (api.h) as a Call and writes
// the answer with the browser's guards; a WebSocket upgrade goes to a
// WebSocket session. It speaks HTTP only: what a request asks of a table or
// an account, the handlers and the table do.
#include <boost/beast/websocket.hpp>

#include <fmt/format.h>

#include "server/api.h"
#include "server/protocol.h"
#include "server/routes.h"
#include "server/sessions.h"

namespace meeple::server {

namespace websocket = beast::websocket;

namespace {

class HttpSession : public Call, public std::enable_shared_from_this<HttpSession> {
 public:
  // `peer`: the TCP peer's address; `slot`: its connection's count (empty
  // for a trusted proxy, whose clients are counted by their own address).
  HttpSession(Hub& hub, tcp::socket&& socket, std::string peer, AddressSlot slot)
      : hub_(hub), stream_(std::move(socket)), peer_(std::move(peer)), slot_(std::move(slot)) {}

  void run() { read_next(); }

  // Call: what a handler sees of the request and how it answers.
  Hub& hub() const override { return hub_; }
  const http::request<http::string_body>& request() const override { return req_; }
  void on_strand(std::function<void()> f) override {
    net::post(stream_.get_executor(), [self = shared_from_this(), f = std::move(f)] { f(); });
  }

  // The client's address: the TCP peer's, or for a trusted proxy the last
  // address of its X-Forwarded-For (the one the proxy itself saw).
  std::string client_address() const override {
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
  bool origin_ok() const override {
    return origin_allowed(req_, hub_.options, request_scheme(req_, is_trusted_proxy(hub_, peer_)));
  }

  // `cookies`: Set-Cookie headers (accounts), or none.
  void send_json(http::status status, const Json& body,
                 const std::vector<std::string>& cookies = {}) override {
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

  void send_error(const Error& e, const Json& extra = Json::object()) override {
    hub_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
    Json body = error_json(e);
    body.update(extra);
    send_json(status_of(e.code), body);
  }

  void send_text(http::status status, std::string body, std::string type,
                 std::string_view encoding = {}, std::string_view cache = {}) override {
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

  void upgrade() {
    if (ws_table(req_.target()).empty() && !is_account_channel(req_.target()))
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
    (is_account_channel(req_.target()) ? run_account_channel : run_ws_session)(
        hub_, stream_.release_socket(), std::move(slot), std::move(req_), client_address());
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

  void route() {
    const Route r = route_http(req_.method(), req_.target(), !hub_.options.web_dir.empty());
    if (r.heavy && !hub_.reads.allow(address_key(client_address())))
      return send_error(make_error(errc::kRateLimited,
                                   "too many replays, records and my-tables requests from your "
                                   "address: wait a little"),
                        {{"retry_after", 1}});
    r.handler(shared_from_this(), r);
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
