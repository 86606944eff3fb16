// Test clients for the server over real loopback sockets (Boost.Beast,
// synchronous). Every read has a receive timeout on the socket, so a server
// that never answers fails the test instead of hanging it.
#pragma once

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"

namespace meeple::testing {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

struct HttpReply {
  int status = 0;
  Json body;
  std::string text;
  std::string content_encoding;
  std::string content_type;
};

// One request on a fresh connection.
// `headers` are set after the defaults (Host, and Content-Type: JSON with a body).
inline HttpReply http_request(unsigned short port, http::verb method, const std::string& target,
                              const std::string& body = "", const std::string& accept_encoding = "",
                              const std::vector<std::pair<std::string, std::string>>& headers = {},
                              std::map<std::string, std::string>* response_headers = nullptr) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.socket().connect({net::ip::make_address("127.0.0.1"), port});
  http::request<http::string_body> req{method, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  if (!accept_encoding.empty()) req.set(http::field::accept_encoding, accept_encoding);
  if (!body.empty()) {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
  }
  for (const auto& [k, v] : headers) req.set(k, v);
  req.prepare_payload();
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  // Asynchronous with a deadline, so a silent server fails the test.
  stream.expires_after(std::chrono::seconds(20));
  http::async_write(stream, req, [&](beast::error_code ec, std::size_t) {
    if (!ec) http::async_read(stream, buf, res, [](beast::error_code, std::size_t) {});
  });
  ioc.run();
  HttpReply r;
  r.status = res.result_int();
  r.text = res.body();
  r.content_encoding = std::string(res[http::field::content_encoding]);
  r.content_type = std::string(res[http::field::content_type]);
  r.body = Json::parse(res.body(), nullptr, false);
  if (response_headers)
    for (const auto& f : res) (*response_headers)[std::string(f.name_string())] = f.value();
  return r;
}

inline HttpReply http_post(unsigned short port, const std::string& target, const Json& body) {
  return http_request(port, http::verb::post, target, body.dump());
}
inline HttpReply http_get(unsigned short port, const std::string& target) {
  return http_request(port, http::verb::get, target);
}

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
  WsClient(unsigned short port, const std::string& path, int receive_buffer = 0, bool hello = true,
           const std::string& cookie = "")
      : ws_(ioc_) {
    auto& socket = ws_.next_layer().socket();
    if (receive_buffer > 0) {
      socket.open(tcp::v4());
      socket.set_option(net::socket_base::receive_buffer_size(receive_buffer));
    }
    socket.connect({net::ip::make_address("127.0.0.1"), port});
    if (!cookie.empty())
      ws_.set_option(websocket::stream_base::decorator(
          [cookie](websocket::request_type& req) { req.set(http::field::cookie, cookie); }));
    const auto q = path.find("?token=");
    ws_.handshake("127.0.0.1", path.substr(0, q));
    if (!hello) return;
    Json h = {{"type", "hello"}};
    if (q != std::string::npos) h["token"] = path.substr(q + 7);
    send(h);
  }
  void send_text(const std::string& text) {
    ws_.text(true);
    ws_.write(net::buffer(text));
  }
  // As send_text; false once the connection is gone (no exception).
  bool try_send_text(const std::string& text) {
    beast::error_code ec;
    ws_.text(true);
    ws_.write(net::buffer(text), ec);
    return !ec;
  }
  // The reason of the close frame the server sent, once next() saw the end.
  std::string close_reason() const { return std::string(ws_.reason().reason.c_str()); }
  void send(const Json& j) { send_text(j.dump()); }
  // The next message, or nothing when the connection ended (or timed out).
  std::optional<Json> next(std::chrono::seconds timeout = std::chrono::seconds(20)) {
    beast::flat_buffer buf;
    beast::error_code ec;
    bool done = false;
    ws_.async_read(buf, [&](beast::error_code e, std::size_t) {
      ec = e;
      done = true;
    });
    ioc_.restart();
    ioc_.run_for(timeout);
    if (!done) {
      // No message in time: give up on this connection.
      beast::get_lowest_layer(ws_).close();
      ioc_.restart();
      ioc_.run();
      timed_out_ = true;
    }
    if (ec) {
      closed_ = true;
      return std::nullopt;
    }
    raw_ = beast::buffers_to_string(buf.data());
    return Json::parse(raw_, nullptr, false);
  }
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
  void close() {
    beast::error_code ec;
    ws_.close(websocket::close_code::normal, ec);
  }

 private:
  net::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  std::string raw_;
  bool closed_ = false, timed_out_ = false;
};

}  // namespace meeple::testing
