// The REST handlers of tournaments (docs/protocol.md, "Tournaments"):
// create, list, one tournament with its standings, join, leave, invite.
// Every POST is Origin-checked; the work is the hub's Tournaments
// (tournaments.h), on the account thread.
#include "server/api.h"
#include "server/protocol.h"

namespace meeple::server::api {

namespace {

using Work = std::function<Accounts::Answer()>;

// The work of one tournament's route ({} when the route is unknown).
Work one_tournament(Hub& hub, const Route& r, const std::string& s, const Json& body) {
  const std::string& id = r.table;
  if (!r.post && r.what.empty()) return [&hub, id] { return hub.tournaments.get(id); };
  if (r.what == "join") return [&hub, id, s] { return hub.tournaments.join(id, s); };
  if (r.what == "leave") return [&hub, id, s] { return hub.tournaments.leave(id, s); };
  if (r.what == "invite")
    return [&hub, id, s, body] {
      return hub.tournaments.invite(id, s, body,
                                    [&hub](const std::string& t) { return lobby_open(hub, t); });
    };
  return {};
}

}  // namespace

void tournaments(const CallPtr& c, const Route& r) {
  Json body = Json::object();
  if (r.post) {
    auto b = body_json(*c);
    if (!b) return c->send_error(b.error());
    body = std::move(*b);
  }
  Hub& hub = c->hub();
  const std::string s = session(*c);
  Work run;
  if (r.table.empty() && r.post) {
    run = [&hub, s, body] { return hub.tournaments.create(s, body); };
  } else if (r.table.empty()) {
    const std::string phase = r.lang;
    if (phase != "" && phase != "open" && phase != "playing" && phase != "finished")
      return c->send_error(make_error(errc::kMalformed, "phase is open, playing or finished"));
    run = [&hub, phase] { return hub.tournaments.list(phase); };
  } else {
    run = one_tournament(hub, r, s, body);
  }
  if (!run)
    return c->send_error(make_error(errc::kNotFound, "no such route (see docs/protocol.md)"));
  net::post(hub.account_pool, [c, run = std::move(run)] { reply_account(c, run()); });
}

}  // namespace meeple::server::api
