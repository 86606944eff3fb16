// The REST handlers of a game's history (docs/protocol.md, "Records,
// replays and reviews"): a finished or running table's record, its replay
// as one seat saw it, and a seat's review by the review queue.
#include "core/i18n.h"
#include "server/api.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server::api {

void record(const CallPtr& c, const Route&, const std::shared_ptr<Table>& table) {
  table->post([c, table] { reply_later(c, table->record()); });
}

void replay(const CallPtr& c, const Route& r, const std::shared_ptr<Table>& table) {
  table->post([c, table, seat = r.seat, lang = r.lang, at = r.step] {
    reply_later(c, table->replay(seat, lang, at));
  });
}

void review(const CallPtr& c, const Route& r, const std::shared_ptr<Table>& table) {
  if (!r.lang.empty() && !is_language(r.lang))
    return c->send_error(make_error(errc::kMalformed, "lang is en, it or ko"));
  table->post([c, table, seat = r.seat, lang = r.lang.empty() ? std::string("en") : r.lang] {
    c->hub().review(table->record(), table->id(), seat, lang,
                    [c](Expected<Json> made) { reply_later(c, std::move(made)); });
  });
}

}  // namespace meeple::server::api
