// The REST handlers of accounts (docs/protocol.md, "Accounts"): signing up
// and in, the account's seats, friends and invitations, claiming seats,
// deleting the account, and a player's public profile. Every POST is
// Origin-checked; the work is the Accounts' (accounts.h), done on the
// hashing threads when it hashes a password, else on the account thread
// (it reads the store).
#include "server/account_names.h"
#include "server/api.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server::api {

namespace {

using Answer = Accounts::Answer;

// The POSTs that hash a password (none when `what` is another).
std::function<Answer()> hash_work(Accounts& accounts, const std::string& what, const std::string& s,
                                  const Json& body, const Accounts::Asker& who) {
  if (what == "signup") return [&accounts, body, who] { return accounts.signup(body, who); };
  if (what == "signin") return [&accounts, body, who] { return accounts.signin(body, who); };
  if (what == "recover") return [&accounts, body, who] { return accounts.recover(body, who); };
  if (what == "password")
    return [&accounts, s, body, who] { return accounts.change_password(s, body, who); };
  return {};
}

// The other requests (none when the route is unknown).
std::function<Answer()> account_work(Hub& hub, const Route& r, const std::string& s,
                                     const Json& body) {
  Accounts& accounts = hub.accounts;
  const std::string& what = r.what;
  if (r.post) {
    if (what == "signout")
      return [&hub, s] {
        auto out = hub.accounts.signout(s);
        // This node's channels of the session now; another node's at its next poll.
        if (!s.empty()) hub.channels.close_session(s);
        return out;
      };
    if (what == "hide") return [&accounts, s, body] { return accounts.hide(s, body); };
    if (what == "friends-only")
      return [&accounts, s, body] { return accounts.friends_only(s, body); };
    if (what == "friends") return [&accounts, s, body] { return accounts.add_friend(s, body); };
    if (what == "friends/remove")
      return [&accounts, s, body] { return accounts.remove_friend(s, body); };
    if (what == "invitations/dismiss")
      return [&accounts, s, body] { return accounts.dismiss(s, body); };
    return {};
  }
  if (what.empty()) return [&accounts, s] { return accounts.about(s); };
  if (what == "seats") return [&accounts, s] { return accounts.seats(s); };
  if (what == "friends") return [&accounts, s] { return accounts.friends(s); };
  if (what == "invitations")
    return [&hub, s] {
      return hub.accounts.invitations(
          s, [&hub](const std::string& table) { return lobby_open(hub, table); });
    };
  return {};
}

// POST /api/account/delete. A finished table in memory whose seat was
// renamed still shows the old name: it leaves memory (its connections are
// closed, to reconnect) and is read again from the store when next asked
// for; the answer goes once it has.
void delete_account(const CallPtr& c, const Json& body) {
  // It checks the password: on the hashing threads.
  const bool queued = c->hub().hashes.post(
      c->client_address(),
      [c, s = session(*c), who = asker(*c), body] {
        Hub& hub = c->hub();
        std::vector<std::string> renamed;
        auto answer = std::make_shared<Answer>(hub.accounts.remove(s, body, who, renamed));
        std::vector<std::shared_ptr<Table>> held;
        for (const std::string& id : renamed)
          if (auto t = hub.find(id); t && t->phase() == Phase::kFinished) held.push_back(t);
        if (held.empty()) return reply_account(c, std::move(*answer));
        auto left = std::make_shared<std::atomic<std::size_t>>(held.size());
        for (const auto& t : held)
          t->post([c, t, left, answer] {
            t->lose(errc::kMoved, "a player's name changed: reconnect");
            if (left->fetch_sub(1) == 1) reply_account(c, std::move(*answer));
          });
      },
      [c] { reply_account(c, Accounts::busy()); });
  if (!queued) reply_account(c, Accounts::busy());
}

// POST /api/account/claim: each token the table accepts (Table::status
// answers its seat, or the spectator's for a host token) joins the
// account's keyring; the others are skipped.
void claim(const CallPtr& c, const Json& body) {
  auto asked = my_tables_request(body);
  if (!asked) return c->send_error(asked.error());
  net::post(c->hub().account_pool, [c, s = session(*c), seats = std::move(*asked)]() mutable {
    auto a = c->hub().accounts.signed_in(s);
    if (!a) return reply_later(c, make_error(errc::kSignedOut, "sign in first"));
    auto tokens = seats;
    statuses(c->hub(), std::move(seats), [c, id = a->id, tokens](Json found) {
      // On a table's strand: the store's writes go to the pool.
      net::post(c->hub().account_pool, [c, id, tokens, found = std::move(found)] {
        int claimed = 0;
        for (std::size_t i = 0; i < found.size(); ++i) {
          if (found[i].contains("error")) continue;
          if (auto e = c->hub().accounts.keep(id, tokens[i].table, found[i].value("seat", -2),
                                              tokens[i].token))
            return reply_later(c, *e);
          ++claimed;
        }
        reply_later(c, Json{{"claimed", claimed}});
      });
    });
  });
}

}  // namespace

void account(const CallPtr& c, const Route& r) {
  Json body = Json::object();
  if (r.post) {
    auto b = body_json(*c);
    if (!b) return c->send_error(b.error());
    body = std::move(*b);
  }
  const std::string& what = r.what;
  Hub& hub = c->hub();
  const bool limited = what == "signup" || what == "signin" || what == "recover";
  if (limited && r.post && !hub.accounts.allow(c->client_address()))
    return c->send_error(
        make_error(errc::kRateLimited, "too many sign-ins from your address: wait a minute"));
  if (what == "claim" && r.post) return claim(c, body);
  if (what == "delete" && r.post) return delete_account(c, body);
  const std::string s = session(*c);
  const Accounts::Asker who = asker(*c);
  if (r.post) {
    // Throttled before it waits for a hash (no hash is tried then).
    if (what == "signin")
      if (auto t = hub.accounts.throttled(body, who)) return reply_account(c, std::move(*t));
    if (auto hash = hash_work(hub.accounts, what, s, body, who)) return hashing(c, std::move(hash));
  }
  auto run = account_work(hub, r, s, body);
  if (!run)
    return c->send_error(make_error(errc::kNotFound, "no such route (see docs/protocol.md)"));
  net::post(hub.account_pool, [c, run = std::move(run)] { reply_account(c, run()); });
}

void leaderboard(const CallPtr& c, const Route& r) {
  net::post(c->hub().account_pool, [c, r, s = session(*c)] {
    reply_account(c, c->hub().accounts.leaderboard(r.what, r.lang, r.list.page, s));
  });
}

void player(const CallPtr& c, const Route& r) {
  net::post(c->hub().account_pool, [c, name = r.what, s = session(*c)] {
    Hub& hub = c->hub();
    Accounts::Answer a = hub.accounts.profile(name, s);
    // The tournaments it entered, with its place (tournaments.h).
    if (a.body && a.body->is_object())
      if (auto acc = hub.accounts.store().account_named(fold_name(name)); acc && acc->has_value())
        (*a.body)["tournaments"] = hub.tournaments.of_account((*acc)->id);
    reply_account(c, std::move(a));
  });
}

// A seat or host token of a table in its lobby with a free seat invites the
// account of that name (its invitations list it), from the signed-in
// account, named by its account's name (never the seat's, which anyone may
// choose): a guest may not invite by name (auth/signed_out).
void invite(const CallPtr& c, const std::shared_ptr<Table>& table, const Json& b) {
  const Json name = b.value("name", Json()), token = b.value("token", Json());
  if (!name.is_string() || !token.is_string())
    return reply_later(c, make_error(errc::kMalformed, "name and token are strings"));
  const Json st = table->status(token.get<std::string>());
  if (st.contains("error"))
    return reply_later(c, make_error(errc::kBadToken, "this token opens no seat at this table"));
  if (table->phase() != Phase::kLobby)
    return reply_later(c, make_error(errc::kStarted, "the game has started: no seat is free"));
  if (table->summary().value("free_seats", 0) == 0)
    return reply_later(c, make_error(errc::kFull, "no seat is free"));
  net::post(c->hub().account_pool,
            [c, id = table->id(), game = st.value("game", ""), title = st.value("title", ""),
             invitee = name.get<std::string>(), s = session(*c)] {
              Hub& hub = c->hub();
              auto from = hub.accounts.signed_in(s);
              if (!from)
                return reply_later(
                    c, make_error(errc::kSignedOut, "sign in to invite someone by their name"));
              if (auto e = hub.accounts.invite(
                      *from, invitee, id, game, title,
                      [&hub](const std::string& other) { return lobby_open(hub, other); }))
                return reply_later(c, *e);
              reply_later(c, Json::object());
            });
}

}  // namespace meeple::server::api

namespace meeple::server {

void poll_account_channels(Hub& hub) {
  for (const auto& [session, account] : hub.channels.sessions()) {
    if (hub.stopping) return;
    auto list = hub.accounts.invitations(
        session, [&hub](const std::string& table) { return lobby_open(hub, table); });
    if (!list.body) {
      // Signed out on another node (or the account removed); the store down: the next poll.
      if (list.body.error().code == errc::kSignedOut) hub.channels.close_session(session);
      continue;
    }
    for (const Json& i : (*list.body)["invitations"]) hub.channels.tell_invitation(account, i);
  }
}

}  // namespace meeple::server
