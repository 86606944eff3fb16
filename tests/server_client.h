// Test clients for the server over real loopback sockets (Boost.Beast,
// synchronous). Every read has a receive timeout on the socket, so a server
// that never answers fails the test instead of hanging it.
//
// Only declarations: Boost.Beast is compiled once, in server_client.cpp (the
// meeple_test_client library), not in every test that talks to a server.
#pragma once

#include <boost/beast/http/verb.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"

namespace meeple::testing {

namespace http = boost::beast::http;

struct HttpReply {
  int status = 0;
  Json body;
  std::string text;
  std::string content_encoding;
  std::string content_type;
};

// One request on a fresh connection.
// `headers` are set after the defaults (Host, and Content-Type: JSON with a body).
// `from_address`: the loopback address to connect from ("": the system's
// choice, 127.0.0.1), another person's address for the server.
// `response_headers`: a header the response repeats (Set-Cookie) has a line each.
HttpReply http_request(unsigned short port, http::verb method, const std::string& target,
                       const std::string& body = "", const std::string& accept_encoding = "",
                       const std::vector<std::pair<std::string, std::string>>& headers = {},
                       std::map<std::string, std::string>* response_headers = nullptr,
                       const std::string& from_address = "");

inline HttpReply http_post(unsigned short port, const std::string& target, const Json& body) {
  return http_request(port, http::verb::post, target, body.dump());
}
inline HttpReply http_get(unsigned short port, const std::string& target) {
  return http_request(port, http::verb::get, target);
}

// Sends `request` as raw bytes on a fresh connection from `from_address`
// (a loopback address: 127.0.0.2 is another person's) and returns what the
// server answers in its first read (empty when it closes without a word).
std::string raw_exchange(unsigned short port, const std::string& request,
                         const std::string& from_address = "127.0.0.1");

// Holds `count` connections to the server open, sending nothing, until destroyed.
class HeldConnections {
 public:
  HeldConnections(unsigned short port, int count);
  ~HeldConnections();
  // Closes the oldest one.
  void close_one();

 private:
  struct Sockets;
  std::unique_ptr<Sockets> sockets_;
};

// A WebSocket client of one table. For brevity tests name a seat's token
// in the path ("/ws/tables/ID?token=T"): the client takes it out of the
// address and sends it in its hello, as the protocol wants (a token in the
// address is refused). With `hello` false it sends nothing first.
class WsClient {
 public:
  // receive_buffer > 0: the socket's receive buffer in bytes, fixed before
  // connecting (so the kernel does not grow it: a client that stops reading
  // then fills up soon).
  // `cookie`: a Cookie header for the upgrade (a signed-in browser's), or none.
  // `from_address`: the loopback address to connect from, as http_request's.
  WsClient(unsigned short port, const std::string& path, int receive_buffer = 0, bool hello = true,
           const std::string& cookie = "", const std::string& from_address = "");
  WsClient(WsClient&&) noexcept;
  WsClient& operator=(WsClient&&) noexcept;
  ~WsClient();

  void send_text(const std::string& text);
  // As send_text; false once the connection is gone (no exception).
  bool try_send_text(const std::string& text);
  // The reason of the close frame the server sent, once next() saw the end.
  std::string close_reason() const;
  void send(const Json& j) { send_text(j.dump()); }
  // The next message, or nothing when the connection ended (or timed out).
  std::optional<Json> next(std::chrono::seconds timeout = std::chrono::seconds(20));
  // Messages until one of type `type` (at most `limit`).
  std::optional<Json> next_of(const std::string& type, int limit = 1000) {
    for (int i = 0; i < limit; ++i) {
      auto m = next();
      if (!m) return std::nullopt;
      if (m->value("type", "") == type) return m;
    }
    return std::nullopt;
  }
  const std::string& raw() const { return raw_; }
  bool closed() const { return closed_; }
  bool timed_out() const { return timed_out_; }
  void close();

 private:
  struct Connection;
  std::unique_ptr<Connection> connection_;
  std::string raw_;
  bool closed_ = false, timed_out_ = false;
};

}  // namespace meeple::testing
