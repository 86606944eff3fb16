// The account channel's WebSocket (account_channels.h holds the registry): accepted, then the
// session cookie of the upgrade read on the account thread; a signed-in
// account's channel says "ready" and from then on carries what the server
// tells it (AccountChannels::tell), a signed-out one is closed with
// auth/signed_out. The client sends nothing on it: any message closes it
// (request/malformed). The server pings an idle channel (a browser answers),
// so a page left open stays connected.
#include <boost/beast/websocket.hpp>

#include <vector>

#include "server/account_channels.h"
#include "server/protocol.h"
#include "server/publisher.h"
#include "server/sessions.h"

namespace meeple::server {

namespace websocket = beast::websocket;

namespace {

// What a channel may hold unsent: an account is told little (invitations
// are capped per sender and per invitee), so a channel this far behind is
// not read.
inline constexpr std::size_t kMaxChannelQueue = 64;

class AccountChannel final : public Peer, public std::enable_shared_from_this<AccountChannel> {
 public:
  AccountChannel(Hub& hub, tcp::socket&& socket, AddressSlot slot, std::string address)
      : hub_(hub), ws_(std::move(socket)), address_(std::move(address)), slot_(std::move(slot)) {}

  ~AccountChannel() override { hub_.metrics.connections.fetch_sub(1); }

  void run(http::request<http::string_body> req) {
    hub_.metrics.connections.fetch_add(1);
    {
      std::lock_guard lock(hub_.peers_mutex);
      hub_.peers[this] = weak_from_this();
    }
    session_ = session_from_cookie(req[http::field::cookie]);
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = hub_.options.idle_timeout;
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.set_option(
        websocket::stream_base::decorator([](websocket::response_type& res) { set_guards(res); }));
    ws_.read_message_max(kMaxMessageBytes);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->finish();
      self->read_next();
      self->sign_in();
    });
  }

  void send(std::shared_ptr<const std::string> text) override {
    net::dispatch(ws_.get_executor(), [self = shared_from_this(), text = std::move(text)] {
      if (self->closing_) return;
      if (self->queue_.size() >= kMaxChannelQueue)
        return self->close_now(errc::kSlowClient, "too many messages are waiting");
      self->enqueue(std::move(text));
    });
  }

  void close(const std::string& code, const std::string& reason) override {
    net::dispatch(ws_.get_executor(),
                  [self = shared_from_this(), code, reason] { self->close_now(code, reason); });
  }

  std::string address() const override { return address_; }

 private:
  // The session is read on the account thread (it reads the store).
  void sign_in() {
    net::post(hub_.account_pool, [self = shared_from_this()] {
      auto a =
          self->session_.empty() ? std::nullopt : self->hub_.accounts.signed_in(self->session_);
      if (a) self->hub_.accounts.seen_from(a->id, address_key(self->address_));
      net::post(self->ws_.get_executor(), [self, id = a ? a->id : std::string()] {
        if (self->finished_ || self->closing_) return;
        if (id.empty())
          return self->close_now(errc::kSignedOut, "sign in: the account channel is an account's");
        if (!self->hub_.channels.add(id, self->session_, self->shared_from_this()))
          return self->close_now(errc::kTooManyChannels,
                                 "this account has as many account channels open as it may");
        self->account_ = id;
        self->hub_.accounts.connected(id, +1);
        self->enqueue(std::make_shared<const std::string>(Json{{"type", "ready"}}.dump()));
      });
    });
  }

  void read_next() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->finish();
      self->buffer_.clear();
      self->close_now(errc::kMalformed, "the account channel takes no messages");
    });
  }

  void enqueue(std::shared_ptr<const std::string> text) {
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) write_next();
  }

  void write_next() {
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->finish();
                      self->queue_.erase(self->queue_.begin());
                      if (!self->queue_.empty())
                        self->write_next();
                      else if (self->closing_ && !self->close_sent_)
                        self->send_close();
                    });
  }

  // The reason goes as an error message, then as the close frame's reason.
  void close_now(const std::string& code, const std::string& reason) {
    if (closing_ || finished_) return;
    closing_ = true;
    close_reason_ = code;
    if (code == errc::kSlowClient)
      queue_.erase(queue_.begin() + (queue_.empty() ? 0 : 1), queue_.end());
    enqueue(std::make_shared<const std::string>(error_json(make_error(code, reason)).dump()));
  }

  void send_close() {
    close_sent_ = true;
    websocket::close_reason cr(websocket::close_code::going_away);
    cr.reason = close_reason_.substr(0, 120);
    ws_.async_close(cr, [self = shared_from_this()](beast::error_code) { self->finish(); });
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    if (!account_.empty()) {
      hub_.channels.remove(account_, this);
      hub_.accounts.connected(account_, -1);
    }
    beast::error_code ignored;
    ws_.next_layer().close(ignored);
    std::lock_guard lock(hub_.peers_mutex);
    hub_.peers.erase(this);
  }

  Hub& hub_;
  websocket::stream<tcp::socket> ws_;
  beast::flat_buffer buffer_;
  std::vector<std::shared_ptr<const std::string>> queue_;  // oldest first
  const std::string address_;
  AddressSlot slot_;
  std::string session_;  // the upgrade's session cookie
  std::string account_;  // once the session resolved
  bool closing_ = false, close_sent_ = false, finished_ = false;
  std::string close_reason_;
};

}  // namespace

void run_account_channel(Hub& hub, tcp::socket socket, AddressSlot slot,
                         http::request<http::string_body> req, std::string address) {
  std::make_shared<AccountChannel>(hub, std::move(socket), std::move(slot), std::move(address))
      ->run(std::move(req));
}

}  // namespace meeple::server
