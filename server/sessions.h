// Internal to server/: what the listener and the sessions share (the
// network side, split as Beast's chat-multi example is: a listener, an HTTP
// session per connection, a WebSocket session per upgraded one; each on its
// own strand of the I/O context, tables on theirs). The request path, one
// file a step: listener.cpp accepts (counting connections per address),
// http_session.cpp reads a request and routes it (routes.h), hands an
// upgrade to ws_session.cpp; a table (table.h, match.cpp) applies it to its
// room (room/), which writes the store (store/); publisher.cpp tells the
// table's connections.
#pragma once

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <string>
#include <string_view>
#include <utility>

#include "server/hub.h"

namespace meeple::server {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

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

// Whether the TCP peer is one of options.trusted_proxies.
bool is_trusted_proxy(const Hub& hub, const std::string& address);

// The browser's guards, on every response: scripts, styles and everything
// else only from this server (no inline script: the client runs under
// this; WebAssembly compiled from this server's files, the engine of a
// device table, which Chromium allows only with 'wasm-unsafe-eval', never
// JavaScript's eval), connections to it alone, no framing by other sites, no sniffing of
// content types, and no address sent to other sites.
template <class Response>
void set_guards(Response& res) {
  res.set(http::field::server, "meeple");
  res.set("Content-Security-Policy",
          "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src "
          "'self' data:; "
          "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; "
          "base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("X-Frame-Options", "DENY");
  res.set("Referrer-Policy", "same-origin");
}

// May a page of this request's Origin act here? A request without Origin
// comes from a program, not a page of another site; a page's Origin must be
// this server's own (`scheme`://the Host it asked) or one of allowed_origins.
bool origin_allowed(const http::request<http::string_body>& req, const ServerOptions& o,
                    std::string_view scheme);
// The scheme the client reached the server by: "http", or the
// X-Forwarded-Proto ("https" or "http") of a trusted proxy (`from_proxy`),
// which terminates TLS.
std::string_view request_scheme(const http::request<http::string_body>& req, bool from_proxy);

// A new connection's HTTP session (listener.cpp hands it over); `peer`: the
// TCP peer's address; `slot`: its count (empty for a trusted proxy).
void run_http_session(Hub& hub, tcp::socket socket, std::string peer, AddressSlot slot);
// A WebSocket session for an upgrade request that passed its checks;
// `address`: the client's (a trusted proxy's client's own).
void run_ws_session(Hub& hub, tcp::socket socket, AddressSlot slot,
                    http::request<http::string_body> req, std::string address);
// The account channel's session (account_channel.cpp; its registry account_channels.h), for an
// upgrade to /ws/account that passed the same checks.
void run_account_channel(Hub& hub, tcp::socket socket, AddressSlot slot,
                         http::request<http::string_body> req, std::string address);
// Starts accepting connections on `ep` (io/failed when it cannot listen):
// the port it listens on, and how to stop it.
Expected<std::pair<unsigned short, std::function<void()>>> listen_on(Hub& hub,
                                                                     const tcp::endpoint& ep);

}  // namespace meeple::server
