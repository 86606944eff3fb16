// Internal to server/: the REST handlers, one a route of routes.cpp's
// table (kRoutes), declared apart from api.h so that the route table names
// them without including what they use (api.h includes routes.h: the
// table's file including api.h would make a circle). What a handler is
// given and how it answers: api.h.
#pragma once

#include <memory>

#include "core/params.h"

namespace meeple::server {

class Call;
class Table;
struct Route;
using CallPtr = std::shared_ptr<Call>;

namespace api {
// api.cpp
void health(const CallPtr& c, const Route& r);     // GET /healthz
void metrics(const CallPtr& c, const Route& r);    // GET /metrics
void games(const CallPtr& c, const Route& r);      // GET /api/games
void not_found(const CallPtr& c, const Route& r);  // request/not_found
void malformed(const CallPtr& c, const Route& r);  // request/malformed
// api_tables.cpp
void list_tables(const CallPtr& c, const Route& r);   // GET /api/tables
void create_table(const CallPtr& c, const Route& r);  // POST /api/tables
void my_tables(const CallPtr& c, const Route& r);     // POST /api/my-tables
void play_now(const CallPtr& c, const Route& r);      // POST /api/play-now
void table(const CallPtr& c, const Route& r);         // /api/tables/{id}[/...]
// api_accounts.cpp
void account(const CallPtr& c, const Route& r);      // /api/account[/...]
void player(const CallPtr& c, const Route& r);       // GET /api/players/{name}
void leaderboard(const CallPtr& c, const Route& r);  // GET /api/leaderboards/{game}
// api_tournaments.cpp
void tournaments(const CallPtr& c, const Route& r);  // /api/tournaments[/{id}[/...]]
// POST /api/tables/{id}/invite, on the table's strand.
void invite(const CallPtr& c, const std::shared_ptr<Table>& table, const Json& body);
// api_reviews.cpp: GET /api/tables/{id}/record, replay and review, once the
// table is found.
void record(const CallPtr& c, const Route& r, const std::shared_ptr<Table>& table);
void replay(const CallPtr& c, const Route& r, const std::shared_ptr<Table>& table);
void review(const CallPtr& c, const Route& r, const std::shared_ptr<Table>& table);
// api_static.cpp
void static_file(const CallPtr& c, const Route& r);  // a file of the web client
}  // namespace api

}  // namespace meeple::server
