// Internal to server/: the REST API of `meeple serve` (docs/protocol.md),
// apart from the HTTP connection that carries it. The connection
// (http_session.cpp) reads a request, asks route_http (routes.h) which
// handler answers it and calls that handler with a Call: the request and a
// way to answer it. The handlers live by area: api.cpp (what they share,
// health, metrics, the games), api_tables.cpp (tables and their lobbies),
// api_accounts.cpp (accounts, friends, invitations, profiles),
// api_reviews.cpp (records, replays, reviews) and api_static.cpp (the web
// client's files). A handler answers once, on the call's strand (send_*) or
// from any thread (reply_later, reply_account).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/api_handlers.h"
#include "server/sessions.h"

namespace meeple::server {

// One request in flight, as a handler sees it: what was asked, by whom, and
// how to answer. The HTTP session implements it; a handler keeps the call
// (its shared_ptr) alive for as long as it has an answer to give.
class Call {
 public:
  virtual ~Call() = default;
  virtual Hub& hub() const = 0;
  virtual const http::request<http::string_body>& request() const = 0;
  // The client's address: the TCP peer's, or a trusted proxy's client's.
  virtual std::string client_address() const = 0;
  // The request's Origin may act here (origin_allowed).
  virtual bool origin_ok() const = 0;
  // Answers, on the call's strand. `cookies`: Set-Cookie headers, or none.
  virtual void send_json(http::status status, const Json& body,
                         const std::vector<std::string>& cookies = {}) = 0;
  // The error's status (status_of), its JSON with `extra` keys.
  virtual void send_error(const Error& e, const Json& extra = Json::object()) = 0;
  virtual void send_text(http::status status, std::string body, std::string type,
                         std::string_view encoding = {}, std::string_view cache = {}) = 0;
  // Runs `f` on the call's strand (from a table's, a pool's).
  virtual void on_strand(std::function<void()> f) = 0;
};

// The HTTP status for an error code.
http::status status_of(const std::string& code);

// What the handlers share (api.cpp).
// Answers `r` from any thread: `ok` with its JSON, or its error.
void reply_later(const CallPtr& c, Expected<Json> r, http::status ok = http::status::ok);
// An account's answer (Accounts), from any thread.
void reply_account(const CallPtr& c, Accounts::Answer a);
// A seat or host token just handed out (a join's, a new table's, play
// now's): for a signed-in `account` it joins the account's keyring before
// the answer goes (on the account thread). A guest's answer is sent as is.
void reply_claiming(const CallPtr& c, Expected<Json> r, int seat, const std::string& account,
                    http::status ok = http::status::ok);
// The request's session token (its cookie), "" for a guest.
std::string session(const Call& c);
// Who asks, for the limits of accounts: the address and the device cookie.
Accounts::Asker asker(const Call& c);
// A state-changing request's body: only from a page of this server (or a
// program), and only as JSON, which a page of another site cannot send
// without asking first (a "simple" text/plain POST needs no permission).
Expected<Json> body_json(const Call& c);
// Runs `f` with the request's signed-in account id ("" for a guest, or a
// session that ended). A guest's request goes on at once; a session is
// looked up on the account thread (it reads the store), and `f` runs back
// on the call's strand. with_signed_in gives the account's name too; the
// address of a signed-in request is the account's (Accounts::seen_from:
// rated games count only between accounts that shared none lately).
void with_account(const CallPtr& c, std::function<void(std::string)> f);
void with_signed_in(const CallPtr& c, std::function<void(std::string id, std::string name)> f);
// with_signed_in, and where the account stands to a table of `game` hosted
// by `host` (Accounts::viewer, read on the account thread too; a guest's
// Viewer{} at once).
void with_viewer(const CallPtr& c, const std::string& game, const std::string& host,
                 std::function<void(Viewer v, std::string name)> f);
// Runs `work` (it hashes a password) on the hashing threads, or answers
// auth/busy when their queue or this address's share of it is full, or when
// it waited there past --max-hash-wait.
void hashing(const CallPtr& c, std::function<Accounts::Answer()> work);
// Whether a table is still waiting in its lobby (invitations to it hold).
bool lobby_open(Hub& hub, const std::string& table);

// With several nodes (Hub::channel_timer, every second on the account
// thread): each session with an account channel here asks the store for its
// invitations, as GET /api/account/invitations does; those not told yet are
// told (AccountChannels::tell_invitation), a session signed out elsewhere has
// its channels closed.
void poll_account_channels(Hub& hub);
// Each seat's Table::status, in order, given to `done` on the table pool or
// a table's strand. Tables are found (or loaded) on the table pool and asked
// on their own strands.
void statuses(Hub& hub, std::vector<SeatAsk> seats, std::function<void(Json)> done);

}  // namespace meeple::server
