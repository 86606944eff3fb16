// Accepting connections: each counted against its address's limit, then
// handed to an HTTP session (sessions.h).
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "server/protocol.h"
#include "server/sessions.h"

namespace meeple::server {

bool is_trusted_proxy(const Hub& hub, const std::string& address) {
  const auto& p = hub.options.trusted_proxies;
  return std::find(p.begin(), p.end(), address) != p.end();
}

bool origin_allowed(const http::request<http::string_body>& req, const ServerOptions& o,
                    std::string_view scheme) {
  const auto it = req.find(http::field::origin);
  if (it == req.end()) return true;
  const std::string_view origin(it->value().data(), it->value().size());
  for (const std::string& allowed : o.allowed_origins)
    if (origin == allowed) return true;
  // An origin is its scheme, host and port: an http:// page of the same
  // host is not the https:// site (a network that can rewrite plain HTTP
  // pages would otherwise act on the site with its people's cookies).
  const auto h = req[http::field::host];
  const std::string_view host(h.data(), h.size());
  return !host.empty() && origin.size() == scheme.size() + 3 + host.size() &&
         origin.starts_with(scheme) && origin.substr(scheme.size(), 3) == "://" &&
         origin.ends_with(host);
}

std::string_view request_scheme(const http::request<http::string_body>& req, bool from_proxy) {
  if (!from_proxy) return "http";
  std::string_view proto(req["X-Forwarded-Proto"].data(), req["X-Forwarded-Proto"].size());
  proto = proto.substr(0, proto.find(','));
  while (!proto.empty() && proto.back() == ' ') proto.remove_suffix(1);
  return proto == "https" ? "https" : "http";
}

namespace {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  explicit Listener(Hub& hub) : hub_(hub), acceptor_(net::make_strand(hub.ioc())) {}

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
    // A connection's executor is its I/O context's own, no strand: each
    // context has one thread (Hub::iocs).
    acceptor_.async_accept(hub_.next_ioc(),
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
        run_http_session(hub_, std::move(socket), peer, std::move(*slot));
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

Expected<std::pair<unsigned short, std::function<void()>>> listen_on(Hub& hub,
                                                                     const tcp::endpoint& ep) {
  auto listener = std::make_shared<Listener>(hub);
  if (auto e = listener->open(ep)) return *e;
  listener->run();
  return std::pair<unsigned short, std::function<void()>>{listener->port(),
                                                          [listener] { listener->stop(); }};
}

}  // namespace meeple::server
