// Hints at a table (table.h, docs/protocol.md "hint"): a person asks at
// their decision, the bot threads search the seat's knowledge, and the
// answer goes to the asker alone once its mark in the record is durable.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "server/bot_scheduler.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server {

void Table::ask_hint(Conn& c, Peer* peer) {
  if (c.seat < 0) return send_error(c, make_error(errc::kBadToken, "spectators hold no seat"));
  if (lobby_.rated)
    return send_error(c, make_error(errc::kHintRated, "a rated table gives no hints"));
  if (!lobby_.hints)
    return send_error(c, make_error(errc::kHintOff, "this table's host did not allow hints"));
  if (!room_ || phase_ == Phase::kLobby)
    return send_error(c, make_error(errc::kNotStarted, "the game has not started"));
  if (phase_ == Phase::kFinished || !room_->must_act(c.seat))
    return send_error(c,
                      make_error("hint/not_your_turn", "a hint comes at your own decision only"));
  if (room_->choices(c.seat, c.lang).size() < 2)
    return send_error(c, make_error("hint/forced", "a single choice: nothing to hint"));
  hints_.resize(static_cast<std::size_t>(room_->num_players()));
  SeatHints& h = hints_[static_cast<std::size_t>(c.seat)];
  const std::uint64_t version = room_->version();
  if (h.version == version && h.lang == c.lang) return reply(c, h.answer);
  if (h.busy)
    return send_error(c, make_error(errc::kHintBusy, "your hint is on its way: a moment"));
  if (hub_.stopping) return send_error(c, make_error(errc::kShutdown, "the server is stopping"));
  h.busy = true;
  // The seat's knowledge, drawn here on the strand; the search needs
  // nothing else of the table.
  auto info = std::make_shared<AnyState>(room_->knowledge(c.seat));
  HintOptions opt{.iterations = hub_.options.hint_iterations,
                  .seconds = hub_.options.hint_seconds,
                  .seed = version + 1,
                  .lang = c.lang};
  hub_.bot_scheduler().submit(
      id_,
      [self = shared_from_this(), info, opt, seat = c.seat, version, peer] {
        auto found = hint(*info, seat, opt);
        self->post(
            [self, seat, version, lang = opt.lang, peer, found = std::move(found)]() mutable {
              self->on_hint(seat, version, lang, peer, std::move(found));
            });
      },
      true);
}

void Table::on_hint(Seat seat, std::uint64_t version, const std::string& lang, Peer* peer,
                    Expected<Hint> h) {
  SeatHints& sh = hints_[static_cast<std::size_t>(seat)];
  sh.busy = false;
  auto it = conns_.find(peer);
  if (it == conns_.end() || it->second.seat != seat || lost_) return;
  Conn& c = it->second;
  if (!h) return send_error(c, h.error());
  if (!room_ || room_->version() != version || !room_->must_act(seat))
    return send_error(
        c, make_error(errc::kHintStale, "the table moved on before the hint came: ask again"));
  if (sh.marked != version) {
    if (auto e = room_->mark_hint(seat)) {
      send_error(c, *e);
      store_refused(*e);
      return;
    }
    sh.marked = version;
  }
  sh.version = version;
  sh.lang = lang;
  sh.answer = hint_message(seat, version, lang, *h);
  spdlog::debug("table {}: seat {} hinted at version {} ({:.2f} s, {} iterations)", id_, seat,
                version, h->seconds, h->iterations);
  // The mark goes to the store first: the hint is told once it is durable.
  publish();
  reply(c, sh.answer);
}

Json Table::hint_message(Seat seat, std::uint64_t version, const std::string& lang,
                         const Hint& h) const {
  const auto choices = room_->choices(seat, lang);
  Json out = Json::array();
  for (const HintChoice& hc : h.choices) {
    Json json;
    std::string words = hc.words;
    for (const room::Choice& ch : choices)
      if (ch.action == hc.action) {
        json = ch.json;
        words = ch.words;
      }
    out.push_back({{"action", hc.action},
                   {"json", json},
                   {"words", words},
                   {"chance", hc.chance.chance},
                   {"ci95", {hc.chance.low, hc.chance.high}},
                   {"tries", hc.chance.tries},
                   {"why", hc.why}});
  }
  return {{"type", "hint"},
          {"version", version},
          {"seat", seat},
          {"lang", lang},
          {"iterations", h.iterations},
          {"seconds", h.seconds},
          {"choices", std::move(out)}};
}

}  // namespace meeple::server
