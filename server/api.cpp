// What the REST handlers share (api.h): the status of an error, the ways to
// answer from another thread, the asker's account, and the service routes
// (health, metrics, the games).
#include "server/api.h"

#include <mutex>

#include <spdlog/spdlog.h>

#include "games/registry.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server {

http::status status_of(const std::string& code) {
  if (code == errc::kDamaged) return http::status::internal_server_error;
  if (code == errc::kUnknownTournament) return http::status::not_found;
  if (code == errc::kTournamentStarted || code == errc::kTournamentFull)
    return http::status::conflict;
  if (code == errc::kNotEntrant) return http::status::forbidden;
  if (code == errc::kUnknownTable || code == errc::kNotFound ||
      code == meeple::errc::kUnknownGame || code == room::errc::kNoGuide ||
      code == store::errc::kUnknownAccount)
    return http::status::not_found;
  if (code == errc::kCredentials || code == errc::kSignedOut) return http::status::unauthorized;
  if (code == store::errc::kAccountExists) return http::status::conflict;
  if (code == errc::kThrottled || code == errc::kTooManyInvitations)
    return http::status::too_many_requests;
  if (code == errc::kInviteRefused || code == errc::kNotForYou) return http::status::forbidden;
  if (code == errc::kHashBusy) return http::status::service_unavailable;
  if (code == errc::kBadToken || code == errc::kNotHost) return http::status::forbidden;
  if (code == errc::kSeatTaken || code == errc::kFull || code == errc::kStarted ||
      code == errc::kBusy || code == room::errc::kUnfinished || code == errc::kSeatHeld ||
      code == errc::kSeatOffered)
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

void reply_later(const CallPtr& c, Expected<Json> r, http::status ok) {
  c->on_strand([c, r = std::move(r), ok] {
    if (r)
      c->send_json(ok, *r);
    else
      c->send_error(r.error());
  });
}

void reply_account(const CallPtr& c, Accounts::Answer a) {
  c->on_strand([c, a = std::move(a)] {
    if (!a.body) return c->send_error(a.body.error(), a.detail);
    c->send_json(static_cast<http::status>(a.status), *a.body, a.cookies);
  });
}

void reply_claiming(const CallPtr& c, Expected<Json> r, int seat, const std::string& account,
                    http::status ok) {
  if (!r || account.empty()) return reply_later(c, std::move(r), ok);
  net::post(c->hub().account_pool, [c, r = std::move(r), seat, ok, account] {
    const Json& j = *r;
    const std::string token = j.value("token", j.value("host_token", ""));
    const std::string table = j.value("table", j.value("id", ""));
    if (!token.empty())
      if (auto e = c->hub().accounts.keep(account, table, seat, token))
        spdlog::warn("table {}: the seat was not kept for its account: {}", table, e->message);
    reply_later(c, std::move(r), ok);
  });
}

std::string session(const Call& c) {
  return session_from_cookie(c.request()[http::field::cookie]);
}

Accounts::Asker asker(const Call& c) {
  return {c.client_address(), cookie_token(c.request()[http::field::cookie], kDeviceCookie)};
}

Expected<Json> body_json(const Call& c) {
  if (!c.origin_ok())
    return make_error(errc::kBadOrigin, "pages of another site may not change tables");
  const auto& req = c.request();
  if (!req.body().empty()) {
    const auto type = req[http::field::content_type];
    if (!std::string_view(type.data(), type.size()).starts_with("application/json"))
      return make_error(errc::kContentType, "a request body is JSON (application/json)");
  }
  return request_body(req.body());
}

void with_account(const CallPtr& c, std::function<void(std::string)> f) {
  with_signed_in(c, [f = std::move(f)](std::string id, std::string) { f(std::move(id)); });
}

void with_signed_in(const CallPtr& c, std::function<void(std::string id, std::string name)> f) {
  const std::string s = session(*c);
  if (s.empty()) return f("", "");
  net::post(c->hub().account_pool, [c, s, f = std::move(f)] {
    auto a = c->hub().accounts.signed_in(s);
    if (a) c->hub().accounts.seen_from(a->id, address_key(c->client_address()));
    c->on_strand(
        [f, id = a ? a->id : std::string(), name = a ? a->name : std::string()] { f(id, name); });
  });
}

void with_viewer(const CallPtr& c, const std::string& game, const std::string& host,
                 std::function<void(Viewer v, std::string name)> f) {
  const std::string s = session(*c);
  if (s.empty()) return f({}, "");
  net::post(c->hub().account_pool, [c, s, game, host, f = std::move(f)] {
    Viewer v;
    std::string name;
    if (auto a = c->hub().accounts.signed_in(s)) {
      c->hub().accounts.seen_from(a->id, address_key(c->client_address()));
      v = c->hub().accounts.viewer(a->id, game, host);
      name = a->name;
    }
    c->on_strand([f, v, name] { f(v, name); });
  });
}

void hashing(const CallPtr& c, std::function<Accounts::Answer()> work) {
  const bool queued = c->hub().hashes.post(
      c->client_address(), [c, work] { reply_account(c, work()); },
      [c] { reply_account(c, Accounts::busy()); });
  if (!queued) reply_account(c, Accounts::busy());
}

bool lobby_open(Hub& hub, const std::string& table) {
  // An invitation to a tournament (tournaments.h) names "tournament:" and its id.
  if (table.starts_with("tournament:")) return hub.tournaments.open(table.substr(11));
  if (auto t = hub.find(table)) return t->phase() == Phase::kLobby;
  // With several nodes the lobby may be another node's: the store knows.
  return hub.shared() && hub.find_lobby(table).has_value();
}

void statuses(Hub& hub, std::vector<SeatAsk> seats, std::function<void(Json)> done) {
  if (seats.empty()) return done(Json::array());
  struct Gather {
    std::mutex mutex;
    Json tables;
    std::size_t left;
  };
  auto g = std::make_shared<Gather>();
  g->tables = Json::array();
  for (std::size_t i = 0; i < seats.size(); ++i) g->tables.push_back(nullptr);
  g->left = seats.size();
  net::post(hub.table_pool, [&hub, seats = std::move(seats), g, done] {
    auto one = [g, done](std::size_t i, Json entry) {
      std::unique_lock lock(g->mutex);
      g->tables[i] = std::move(entry);
      if (--g->left > 0) return;
      lock.unlock();
      done(std::move(g->tables));
    };
    for (std::size_t i = 0; i < seats.size(); ++i) {
      auto table = hub.peek(seats[i].table);
      if (!table) {
        const Error e =
            hub.damaged(seats[i].table).value_or(make_error(errc::kUnknownTable, "no such table"));
        one(i, {{"table", seats[i].table}, {"error", {{"code", e.code}, {"message", e.message}}}});
        continue;
      }
      table->post([table, one, i, token = seats[i].token] { one(i, table->status(token)); });
    }
  });
}

namespace api {

void health(const CallPtr& c, const Route&) {
  // 503 while the store cannot write (Hub::store_writable): a load
  // balancer or a monitor sees the node cannot keep what it is given.
  if (auto trouble = c->hub().store_trouble())
    return c->send_json(http::status::service_unavailable,
                        {{"ok", false},
                         {"protocol", kProtocol},
                         {"code", store::errc::kUnavailable},
                         {"message", "the store cannot write: " + *trouble}});
  c->send_json(http::status::ok, {{"ok", true}, {"protocol", kProtocol}});
}

void metrics(const CallPtr& c, const Route&) {
  c->send_text(http::status::ok, c->hub().metrics_text(), "text/plain; version=0.0.4");
}

void games(const CallPtr& c, const Route&) {
  Json games = Json::array();
  for (const AnyGame* g : all_games()) {
    Json d = g->describe();
    d["bots"] = bot_names(*g);
    d["default_bot"] = default_bot(*g);
    games.push_back(std::move(d));
  }
  c->send_json(http::status::ok, {{"protocol", kProtocol}, {"games", games}});
}

void not_found(const CallPtr& c, const Route& r) {
  c->send_error(make_error(errc::kNotFound, r.message));
}

void malformed(const CallPtr& c, const Route& r) {
  c->send_error(make_error(errc::kMalformed, r.message));
}

}  // namespace api

}  // namespace meeple::server
