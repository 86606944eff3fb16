// Internal to server/: the tables a tournament's round is played at, made
// by this node's hub (server/tournaments.h, RoundTables).
#pragma once

#include <memory>

#include "server/tournaments.h"

namespace meeple::server {

struct Hub;

// A round's table: made as POST /api/tables makes one and admitted to the
// hub, then, on the table's thread, opened and each entrant seated with
// their account; each seat's token joins the account's keyring on the
// account thread, so the table is on the entrant's "seats" list.
std::unique_ptr<RoundTables> hub_round_tables(Hub& hub);

}  // namespace meeple::server
