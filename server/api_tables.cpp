// The REST handlers of tables (docs/protocol.md, "Tables"): listing them,
// making one, play now, my tables, and what a request under
// /api/tables/{id} asks of a table once it is found. What the table answers
// is the table's (table.h); these only carry the request to its strand and
// the answer back.
#include <map>

#include <fmt/format.h>

#include "server/api.h"
#include "server/play_now.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server::api {

namespace {

// POST /api/tables/{id}/{what}: join, rematch, invite or a host control.
void table_post(const CallPtr& c, const Route& r, const std::shared_ptr<Table>& table) {
  auto body = body_json(*c);
  if (!body) return c->send_error(body.error());
  if (r.what == "join") {
    // As the signed-in account, if any (a rated table's rule; the keyring),
    // and where it stands to the table's audience.
    const Lobby& l = table->settings();
    return with_viewer(c, std::string(l.game->name()), l.host_account,
                       [c, table, b = std::move(*body)](Viewer v, std::string name) {
                         table->post([c, table, b, account = v.account,
                                      who = Joiner{.account_name = name,
                                                   .address = address_key(c->client_address()),
                                                   .rating = v.rating,
                                                   .host_friend = v.host_friend}] {
                           auto joined = table->join(b, account, who);
                           const int seat = joined ? joined->value("seat", kSpectator) : kSpectator;
                           reply_claiming(c, std::move(joined), seat, account);
                         });
                       });
  }
  if (r.what == "rematch")
    // Its maker is the asking host, counted by the limits (Hub::admit).
    return with_account(c, [c, table, b = std::move(*body)](std::string account) {
      table->post([c, table, b, maker = Maker{address_key(c->client_address()), account}] {
        auto rm = table->rematch(b, maker);
        if (!rm) return reply_later(c, rm.error());
        (*rm)->post([c, next = *rm] { reply_later(c, next->open(""), http::status::created); });
      });
    });
  table->post([c, table, what = r.what, b = std::move(*body)] {
    if (what == "invite") return invite(c, table, b);
    reply_later(c, table->host(what, b));
  });
}

// /api/tables/{id}[/...] once the table is found (or why it is not).
void found_table(const CallPtr& c, const Route& r, const Expected<std::shared_ptr<Table>>& found) {
  if (!found) return c->send_error(found.error());
  const std::shared_ptr<Table>& table = *found;
  switch (r.table_route) {
    case TableRoute::kBadQuery:
      return c->send_error(make_error(errc::kMalformed, "seat and step are integers"));
    case TableRoute::kReplay:
      return replay(c, r, table);
    case TableRoute::kReview:
      return review(c, r, table);
    case TableRoute::kRecord:
      return record(c, r, table);
    case TableRoute::kSummary:
      table->post([c, table] { reply_later(c, table->summary()); });
      return;
    case TableRoute::kPost:
      return table_post(c, r, table);
    case TableRoute::kNotFound:
      break;
  }
  c->send_error(make_error(errc::kNotFound, "no such route (see docs/protocol.md)"));
}

}  // namespace

void table(const CallPtr& c, const Route& r) {
  if (auto table = c->hub().find(r.table)) return found_table(c, r, std::move(table));
  // A finished table that left memory (or finished before a restart) is in
  // the store: loaded on the table pool, then routed on the call's strand.
  net::post(c->hub().table_pool, [c, r] {
    auto table = c->hub().find_or_load(r.table);
    c->on_strand([c, r, table] { found_table(c, r, table); });
  });
}

void list_tables(const CallPtr& c, const Route& r) {
  // A signed-in asker is shown the lobbies for some (Lobby::audience) that
  // take them: where they stand is read on the account thread, once per
  // game and host, and the list made there. With several nodes every
  // node's tables are in the store: read there, on the pool (a guest's
  // list). Else this node's memory has them all.
  const std::string s = session(*c);
  if (!s.empty() && !r.list.playing) {
    net::post(c->hub().account_pool, [c, s, list = r.list] {
      auto a = c->hub().accounts.signed_in(s);
      const std::string id = a ? a->id : "";
      std::map<std::pair<std::string, std::string>, Viewer> seen;
      Hub::ViewerOf viewer = [&](const Lobby& l) {
        auto key = std::pair(std::string(l.game->name()), l.host_account);
        auto it = seen.find(key);
        if (it == seen.end())
          it = seen.emplace(key, c->hub().accounts.viewer(id, key.first, key.second)).first;
        return it->second;
      };
      reply_later(c, c->hub().list_tables(list, viewer));
    });
    return;
  }
  if (c->hub().shared()) {
    net::post(c->hub().table_pool,
              [c, list = r.list] { reply_later(c, c->hub().list_tables(list)); });
    return;
  }
  c->send_json(http::status::ok, c->hub().list_tables(r.list));
}

void create_table(const CallPtr& c, const Route&) {
  auto body = body_json(*c);
  if (!body) return c->send_error(body.error());
  // As the signed-in account, if any: the limits count its tables, and its
  // rating at the game is the table's host_rating.
  const Json game = body->value("game", Json());
  with_viewer(c, game.is_string() ? game.get<std::string>() : "", "",
              [c, body = std::move(*body)](Viewer v, std::string) {
                const std::string account = v.account;
                std::string host_token;
                auto t = Table::create(c->hub(), body, host_token,
                                       {address_key(c->client_address()), account, v.rating});
                if (!t) return c->send_error(t.error());
                if (auto e = c->hub().admit(*t)) return c->send_error(*e);
                // The lobby is durable before anyone hears of it (on the table's
                // strand: the store's commit is no work for a network thread).
                auto table = *t;
                table->post([c, table, host_token, account] {
                  reply_claiming(c, table->open(host_token), kSpectator, account,
                                 http::status::created);
                });
              });
}

void play_now(const CallPtr& c, const Route&) {
  auto body = body_json(*c);
  if (!body) return c->send_error(body.error());
  auto ask = read_play_now(c->hub().options, *body);
  if (!ask) return c->send_error(ask.error());
  with_account(c, [c, ask = *ask](std::string account) {
    server::play_now(c->hub(), ask, {address_key(c->client_address()), account},
                     [c, account](Expected<Json> seated) {
                       const int seat = seated ? seated->value("seat", kSpectator) : kSpectator;
                       reply_claiming(c, std::move(seated), seat, account);
                     });
  });
}

// Each {table, token} as that token's holder sees the table (Table::status),
// in the order asked.
void my_tables(const CallPtr& c, const Route&) {
  auto body = body_json(*c);
  if (!body) return c->send_error(body.error());
  auto asked = my_tables_request(*body);
  if (!asked) return c->send_error(asked.error());
  statuses(c->hub(), std::move(*asked), [c](Json tables) {
    reply_later(c, Json{{"tables", std::move(tables)}});
  });
}

}  // namespace meeple::server::api
