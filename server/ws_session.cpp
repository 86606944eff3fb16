// A WebSocket connection to one table (docs/protocol.md): nothing before
// the client's hello, then its messages to the table's strand, the table's
// messages back through a capped write queue, a rate limit, and a close
// frame whose reason is the error's code.
#include <unistd.h>

#include <boost/beast/websocket.hpp>

#include <vector>

#include "server/protocol.h"
#include "server/routes.h"
#include "server/sessions.h"
#include "server/table.h"

namespace meeple::server {

namespace websocket = beast::websocket;
using SteadyClock = std::chrono::steady_clock;

// The most a message may take on the wire, its frames and the control
// frames between it and the one before included. A message's payload is
// bounded (read_message_max), but Beast reads empty fragments of a message
// that never ends without completing a read: 200,000 of them (6 bytes each)
// kept a connection open and its idle timer reset, with no error.
inline constexpr std::size_t kMaxWireBytesPerMessage = 8 * kMaxMessageBytes;

// A WebSocket's socket, counting the bytes read from it since the last
// whole message: a read past kMaxWireBytesPerMessage fails
// (message_size), and the WebSocket with it. Nothing else: no timer, no
// buffer (an idle connection's memory is measured, docs/benchmarks.md).
class CountingSocket {
 public:
  using executor_type = tcp::socket::executor_type;
  using next_layer_type = tcp::socket;
  explicit CountingSocket(tcp::socket&& s) : socket_(std::move(s)) {}
  executor_type get_executor() noexcept { return socket_.get_executor(); }
  tcp::socket& next_layer() noexcept { return socket_; }
  const tcp::socket& next_layer() const noexcept { return socket_; }
  // A whole message was read: its bytes are counted no more.
  void message_done() { read_ = 0; }
  bool over() const { return read_ > kMaxWireBytesPerMessage; }

  // The handler of a read, with every association of the one it wraps
  // (executor, allocator, cancellation), so Beast's operations run as they
  // would on the socket itself.
  template <class Handler>
  struct Counted {
    Handler handler;
    CountingSocket* self;
    void operator()(boost::system::error_code ec, std::size_t n) {
      self->read_ += n;
      if (!ec && self->over()) ec = net::error::message_size;
      std::move(handler)(ec, n);
    }
  };
  template <class Buffers, class Handler>
  void async_read_some(const Buffers& buffers, Handler&& handler) {
    socket_.async_read_some(buffers,
                            Counted<std::decay_t<Handler>>{std::forward<Handler>(handler), this});
  }
  template <class Buffers, class Handler>
  void async_write_some(const Buffers& buffers, Handler&& handler) {
    socket_.async_write_some(buffers, std::forward<Handler>(handler));
  }

 private:
  tcp::socket socket_;
  std::size_t read_ = 0;
};

// The WebSocket's closing handshake ends as on the socket itself.
template <class Handler>
void async_teardown(beast::role_type role, CountingSocket& s, Handler&& handler) {
  websocket::async_teardown(role, s.next_layer(), std::forward<Handler>(handler));
}
inline void teardown(beast::role_type role, CountingSocket& s, beast::error_code& ec) {
  websocket::teardown(role, s.next_layer(), ec);
}

}  // namespace meeple::server

template <template <class, class> class Associator, class Handler, class Default>
struct boost::asio::associator<Associator, meeple::server::CountingSocket::Counted<Handler>,
                               Default> {
  using type = typename Associator<Handler, Default>::type;
  static type get(const meeple::server::CountingSocket::Counted<Handler>& h) noexcept {
    return Associator<Handler, Default>::get(h.handler);
  }
  static auto get(const meeple::server::CountingSocket::Counted<Handler>& h,
                  const Default& d) noexcept
      -> decltype(Associator<Handler, Default>::get(h.handler, d)) {
    return Associator<Handler, Default>::get(h.handler, d);
  }
};

namespace meeple::server {

namespace {

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

class WsSession final : public Peer, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(Hub& hub, tcp::socket&& socket, AddressSlot slot, std::string address)
      : hub_(hub),
        ws_(std::move(socket)),
        address_(std::move(address)),
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
    // A signed-in person's connection makes their account online for as
    // long as it is open (friends lists). The session is read on the
    // account thread: it reads the store.
    if (auto session = session_from_cookie(req[http::field::cookie]); !session.empty()) {
      net::post(hub_.account_pool, [self = shared_from_this(), session = std::move(session)] {
        auto a = self->hub_.accounts.signed_in(session);
        if (!a) return;
        self->hub_.accounts.seen_from(a->id, address_key(self->address_));
        net::post(self->ws_.get_executor(), [self, id = a->id] {
          if (self->finished_) return;
          self->account_ = id;
          self->hub_.accounts.connected(id, +1);
        });
      });
    }
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

  // On the connection's network thread, at once (a table in play runs
  // there: its messages go out as they are made); from another thread, posted.
  void send(std::shared_ptr<const std::string> text) override {
    net::dispatch(ws_.get_executor(), [self = shared_from_this(), text = std::move(text)] {
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
    net::dispatch(ws_.get_executor(),
                  [self = shared_from_this(), code, reason] { self->close_now(code, reason); });
  }

  std::string address() const override { return address_; }

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

  // A message is read in pieces of at most kReadPiece bytes, so the buffer
  // that an idle connection's waiting read holds is that small (a whole
  // message's read would hold a buffer of a message's size in every idle
  // connection), and it is given back after a larger message.
  static constexpr std::size_t kReadPiece = 256;

  void read_next() {
    ws_.async_read_some(buffer_, kReadPiece,
                        beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == websocket::error::message_too_big) {
      close_now(errc::kTooLarge, "a message has at most 16 KB");
      return;
    }
    if (ec && ws_.next_layer().over()) {
      // Fragments without end: the WebSocket has failed, so no reason can
      // be sent; the socket is cut.
      hub_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
      beast::error_code ignored;
      ws_.next_layer().next_layer().close(ignored);
    }
    if (ec) return finish();
    if (!ws_.is_message_done()) return read_next();
    ws_.next_layer().message_done();
    const auto now = SteadyClock::now();
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (buffer_.capacity() > kReadPiece) buffer_.shrink_to_fit();
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
    queue_.erase(queue_.begin());
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
        beast::error_code ignored;
        if (!self->finished_) self->ws_.next_layer().next_layer().close(ignored);
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
    if (!account_.empty()) hub_.accounts.connected(account_, -1);
    if (table_) table_->post([t = table_, self = shared_from_this()] { t->detach(self.get()); });
    std::lock_guard lock(hub_.peers_mutex);
    hub_.peers.erase(this);
  }

  Hub& hub_;
  // On the socket itself (counting what it reads), not a beast::tcp_stream:
  // the WebSocket keeps its own timeouts, and tcp_stream's timers and its
  // layer in every pending read are memory every idle connection holds.
  websocket::stream<CountingSocket> ws_;
  beast::flat_buffer buffer_;
  // Oldest first. A vector, not a deque: an empty std::deque holds over
  // half a KB, and every connection has one; the queue is short.
  std::vector<std::shared_ptr<const std::string>> queue_;
  std::size_t queued_bytes_ = 0;  // the sizes of the messages in queue_
  std::shared_ptr<Table> table_;
  std::string account_;  // the signed-in account whose connection this is, if any
  std::string table_id_;
  const std::string address_;  // the client's (fixed at the upgrade: read from any thread)
  AddressSlot slot_;
  RateLimit limit_;
  bool said_hello_ = false;
  bool closing_ = false, close_sent_ = false, finished_ = false;
  bool refusing_ = false;  // the last message was refused by the rate limit
  std::string close_reason_;
};

}  // namespace

void run_ws_session(Hub& hub, tcp::socket socket, AddressSlot slot,
                    http::request<http::string_body> req, std::string address) {
  // The connection moves to its table's network thread (Hub::ioc_of). It
  // has no operation pending: the upgrade request was read whole.
  net::io_context& home = hub.ioc_of(ws_table(req.target()));
  if (&socket.get_executor().context() != &home) {
    boost::system::error_code ec;
    const auto protocol = socket.local_endpoint(ec).protocol();
    tcp::socket moved(home);
    if (!ec) {
      const auto fd = socket.release(ec);
      if (!ec) {
        moved.assign(protocol, fd, ec);
        if (ec) ::close(fd);  // not taken: not leaked
      }
    }
    if (ec) return;  // the connection is gone (closed by the peer)
    socket = std::move(moved);
  }
  std::make_shared<WsSession>(hub, std::move(socket), std::move(slot), std::move(address))
      ->run(std::move(req));
}

}  // namespace meeple::server
