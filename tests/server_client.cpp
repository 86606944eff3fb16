#include "tests/server_client.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <deque>

namespace meeple::testing {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

namespace {
tcp::endpoint server_at(unsigned short port) {
  return {net::ip::make_address("127.0.0.1"), port};
}
}  // namespace

HttpReply http_request(unsigned short port, http::verb method, const std::string& target,
                       const std::string& body, const std::string& accept_encoding,
                       const std::vector<std::pair<std::string, std::string>>& headers,
                       std::map<std::string, std::string>* response_headers,
                       const std::string& from_address) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  if (!from_address.empty()) {
    stream.socket().open(tcp::v4());
    stream.socket().bind({net::ip::make_address(from_address), 0});
  }
  stream.socket().connect(server_at(port));
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
  // Asynchronous with a deadline, so a silent server fails the test (60 s:
  // a bot's review of a whole game took 20 s on a machine at load 20).
  stream.expires_after(std::chrono::seconds(60));
  beast::error_code failed;
  http::async_write(stream, req, [&](beast::error_code ec, std::size_t) {
    if (ec) {
      failed = ec;
      return;
    }
    http::async_read(stream, buf, res, [&](beast::error_code e, std::size_t) { failed = e; });
  });
  ioc.run();
  HttpReply r;
  // No answer (timed out, cut): status 0, not the response object's default 200.
  r.status = failed ? 0 : res.result_int();
  r.text = res.body();
  r.content_encoding = std::string(res[http::field::content_encoding]);
  r.content_type = std::string(res[http::field::content_type]);
  r.body = Json::parse(res.body(), nullptr, false);
  if (response_headers)
    for (const auto& f : res) {
      std::string& v = (*response_headers)[std::string(f.name_string())];
      v += (v.empty() ? "" : "\n") + std::string(f.value());  // repeated: a line each
    }
  return r;
}

std::string raw_exchange(unsigned short port, const std::string& request,
                         const std::string& from_address) {
  net::io_context ioc;
  tcp::socket socket(ioc);
  socket.open(tcp::v4());
  socket.bind({net::ip::make_address(from_address), 0});
  socket.connect(server_at(port));
  if (!request.empty()) net::write(socket, net::buffer(request));
  std::string answer(512, '\0');
  beast::error_code ec;
  const auto n = socket.read_some(net::buffer(answer), ec);
  answer.resize(ec && n == 0 ? 0 : n);
  return answer;
}

struct HeldConnections::Sockets {
  net::io_context ioc;
  std::deque<tcp::socket> open;
};

HeldConnections::HeldConnections(unsigned short port, int count)
    : sockets_(std::make_unique<Sockets>()) {
  for (int i = 0; i < count; ++i) {
    sockets_->open.emplace_back(sockets_->ioc);
    sockets_->open.back().connect(server_at(port));
  }
}

HeldConnections::~HeldConnections() = default;

void HeldConnections::close_one() {
  sockets_->open.front().close();
  sockets_->open.pop_front();
}

struct WsClient::Connection {
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
};

WsClient::WsClient(unsigned short port, const std::string& path, int receive_buffer, bool hello,
                   const std::string& cookie, const std::string& from_address)
    : connection_(std::make_unique<Connection>()) {
  auto& ws = connection_->ws;
  auto& socket = ws.next_layer().socket();
  if (receive_buffer > 0 || !from_address.empty()) socket.open(tcp::v4());
  if (receive_buffer > 0) socket.set_option(net::socket_base::receive_buffer_size(receive_buffer));
  if (!from_address.empty()) socket.bind({net::ip::make_address(from_address), 0});
  socket.connect(server_at(port));
  if (!cookie.empty())
    ws.set_option(websocket::stream_base::decorator(
        [cookie](websocket::request_type& req) { req.set(http::field::cookie, cookie); }));
  const auto q = path.find("?token=");
  ws.handshake("127.0.0.1", path.substr(0, q));
  if (!hello) return;
  Json h = {{"type", "hello"}};
  if (q != std::string::npos) h["token"] = path.substr(q + 7);
  send(h);
}

WsClient::WsClient(WsClient&&) noexcept = default;
WsClient& WsClient::operator=(WsClient&&) noexcept = default;
WsClient::~WsClient() = default;

void WsClient::send_text(const std::string& text) {
  connection_->ws.text(true);
  connection_->ws.write(net::buffer(text));
}

bool WsClient::try_send_text(const std::string& text) {
  beast::error_code ec;
  connection_->ws.text(true);
  connection_->ws.write(net::buffer(text), ec);
  return !ec;
}

std::string WsClient::close_reason() const {
  return std::string(connection_->ws.reason().reason.c_str());
}

std::optional<Json> WsClient::next(std::chrono::seconds timeout) {
  auto& [ioc, ws] = *connection_;
  beast::flat_buffer buf;
  beast::error_code ec;
  bool done = false;
  ws.async_read(buf, [&](beast::error_code e, std::size_t) {
    ec = e;
    done = true;
  });
  ioc.restart();
  ioc.run_for(timeout);
  if (!done) {
    // No message in time: give up on this connection.
    beast::get_lowest_layer(ws).close();
    ioc.restart();
    ioc.run();
    timed_out_ = true;
  }
  if (ec) {
    closed_ = true;
    return std::nullopt;
  }
  raw_ = beast::buffers_to_string(buf.data());
  return Json::parse(raw_, nullptr, false);
}

void WsClient::close() {
  beast::error_code ec;
  connection_->ws.close(websocket::close_code::normal, ec);
}

}  // namespace meeple::testing
