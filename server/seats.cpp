// A bot's seat given to a newcomer during the game (Table, table.h;
// docs/protocol.md, "Host controls" and "vote"). A seat's view goes only to
// the person who holds it, so the host never gets a token for a seat: the
// host offers it, at a public table everyone seated must agree (the vote),
// and then it is open to a person who holds no seat at the table. Everyone
// is told each step, in every language (room::SeatNotice).
// Here too the host's seat control during the game (replace_seat) and a
// seat given to someone for good (hand_seat).
#include <fmt/format.h>

#include <algorithm>

#include "server/protocol.h"
#include "server/routes.h"  // kMaxMyTables
#include "server/table.h"

namespace meeple::server {

namespace {

bool contains(const std::vector<Seat>& seats, Seat s) {
  return std::find(seats.begin(), seats.end(), s) != seats.end();
}

}  // namespace

void Table::note_address(Seat seat, const std::string& address) {
  if (seat < 0 || address.empty()) return;
  const auto i = static_cast<std::size_t>(seat);
  if (seat_addresses_.size() <= i) seat_addresses_.resize(i + 1);
  auto& seen = seat_addresses_[i];
  if (std::find(seen.begin(), seen.end(), address) != seen.end()) return;
  // The first ones stay: the table's own connections, from the start.
  if (seen.size() < kSeatAddresses) seen.push_back(address);
}

Expected<Json> Table::offer_seat(Seat seat) {
  if (offer_ && offer_->seat != seat)
    return make_error(errc::kSeatOffered,
                      fmt::format("{}'s seat is offered already: one seat at a time",
                                  room_->seats()[static_cast<std::size_t>(offer_->seat)].name));
  if (!offer_) {
    offer_ = SeatOffer{.seat = seat};
    // Strangers sit at a public table: none of them gets a new player
    // beside them without agreeing. Friends at a private one do not vote.
    if (lobby_.is_public) room_->announce(seat, room::SeatNotice::kOffered);
    offer_->open = !lobby_.is_public;
    if (offer_->open) {
      free_seats_ = 1;
      room_->announce(seat, room::SeatNotice::kOpen);
    }
    settle_offer();
    publish(true);
  }
  return Json{{"table", id_},
              {"seat", seat},
              {"seats", publisher_.seats_json(shown(), conns_)},
              {"seat_offer", Json::parse(offer_text_)}};
}

void Table::settle_offer() {
  if (offer_ && !offer_->open) {
    // Those who agreed and sit there still; the vote waits for the others.
    std::erase_if(offer_->agreed, [&](Seat s) {
      return room_->seats()[static_cast<std::size_t>(s)].kind != room::SeatKind::kPerson;
    });
    bool waiting = false;
    for (Seat s = 0; s < room_->num_players(); ++s)
      waiting |= room_->seats()[static_cast<std::size_t>(s)].kind == room::SeatKind::kPerson &&
                 !contains(offer_->agreed, s);
    if (!waiting) {
      offer_->open = true;
      free_seats_ = 1;
      room_->announce(offer_->seat, room::SeatNotice::kOpen);
    }
  }
  offer_text_ = seat_offer_text();
}

std::string Table::seat_offer_text() const {
  if (!offer_ || !room_ || phase_ != Phase::kPlaying) return {};
  Json agreed = Json::array(), waiting = Json::array();
  for (Seat s = 0; s < room_->num_players(); ++s) {
    if (room_->seats()[static_cast<std::size_t>(s)].kind != room::SeatKind::kPerson) continue;
    if (contains(offer_->agreed, s))
      agreed.push_back(s);
    else if (!offer_->open)
      waiting.push_back(s);
  }
  return Json{
      {"agreed", agreed}, {"open", offer_->open}, {"seat", offer_->seat}, {"waiting", waiting}}
      .dump();
}

void Table::vote(Conn& c, const Json& msg) {
  if (c.seat < 0) return send_error(c, make_error(errc::kBadToken, "spectators do not vote"));
  const auto seat = int_in(msg.value("seat", Json()), 0, lobby_.players - 1);
  const Json yes = msg.value("yes", Json());
  if (!seat || !yes.is_boolean())
    return send_error(c, make_error(errc::kMalformed, "vote needs a seat and yes (true or false)"));
  if (!offer_ || offer_->open || offer_->seat != *seat || phase_ != Phase::kPlaying)
    return send_error(c, make_error(errc::kNoVote, "no vote on that seat is under way"));
  if (!yes.get<bool>()) {
    // One "no" is enough: nobody gets a new player beside them unasked.
    offer_.reset();
    room_->announce(*seat, room::SeatNotice::kNotOpened);
  } else if (!contains(offer_->agreed, c.seat)) {
    offer_->agreed.push_back(c.seat);
  }
  settle_offer();
  publish(true);
}

Expected<Json> Table::join_playing(const Json& body, const std::string& account,
                                   const Joiner& who) {
  if (!offer_ || !offer_->open)
    return make_error(errc::kStarted, "the game has started: no seat is open");
  const Seat open = offer_->seat;
  const Json seat_j = body.value("seat", Json());
  if (!seat_j.is_null()) {
    const auto asked = int_in(seat_j, 0, lobby_.players - 1);
    if (!asked) return make_error(room::errc::kBadSeat, "no such seat at this table");
    if (*asked != open) {
      if (room_->seats()[static_cast<std::size_t>(*asked)].kind == room::SeatKind::kPerson)
        return make_error(errc::kSeatTaken, "someone sits there already");
      return make_error(room::errc::kBadSeat, "that seat is not open");
    }
  }
  auto name = read_name(body);
  if (!name) return name.error();
  // Whoever holds a seat here already would see two seats' secrets.
  const auto held = [] {
    return make_error(errc::kSeatHeld,
                      "you hold a seat at this table already: a seat opened during the game is for "
                      "a new player");
  };
  const Json tokens = body.value("tokens", Json::array());
  if (!tokens.is_array() || tokens.size() > kMaxMyTables)
    return make_error(errc::kMalformed, "tokens is a list of the tokens you hold at this table");
  for (const Json& t : tokens) {
    if (!t.is_string()) return make_error(errc::kMalformed, "a token is a string");
    if (lobby_.seat_of(sha256_hex(t.get<std::string>()))) return held();
  }
  for (Seat s = 0; s < room_->num_players(); ++s) {
    const auto i = static_cast<std::size_t>(s);
    if (room_->seats()[i].kind != room::SeatKind::kPerson) continue;
    if (!account.empty() && lobby_.plan[i].account == account) return held();
    if (i < seat_addresses_.size() && !who.address.empty() &&
        std::find(seat_addresses_[i].begin(), seat_addresses_[i].end(), who.address) !=
            seat_addresses_[i].end())
      return held();
  }
  if (thinking_)
    return make_error(errc::kBusy, "a bot is deciding at this table: try again in a moment");
  const std::string token = random_hex(16);
  SeatPlan next{.kind = room::SeatKind::kPerson,
                .name = *name,
                .token_hash = sha256_hex(token),
                .account = account};
  if (auto e = hand_seat(open, std::move(next))) return *e;
  note_address(open, who.address);
  publish(true);
  return Json{{"table", id_}, {"seat", open}, {"token", token}};
}

// Seats belong to their people: the host may put a bot in a seat a bot
// plays, or offer it to a newcomer (offer_seat: the host gets no token); a
// person's seat changes hands only by the stand-in rule (a bot plays for
// them while they are away, and they take it back by coming back), which
// the host may start at once for someone away, never to sit there
// themselves.
Expected<Json> Table::replace_seat(const Json& body) {
  const auto seat_n = int_in(body.value("seat", Json()), 0, lobby_.players - 1);
  if (!seat_n) return make_error(room::errc::kBadSeat, "no such seat at this table");
  const auto seat = static_cast<std::size_t>(*seat_n);
  auto kind = kind_from(body.value("kind", Json()));
  if (!kind) return kind.error();
  if (thinking_)
    return make_error(errc::kBusy, "a bot is deciding at this table: try again in a moment");
  const room::SeatInfo& now = room_->seats()[seat];
  if (now.kind == room::SeatKind::kPerson) {
    if (*kind != room::SeatKind::kBot)
      return make_error(errc::kSeatTaken,
                        fmt::format("{} sits there: the seat is theirs", now.name));
    if (auto e = room_->stand_in(static_cast<Seat>(seat))) return *e;
    drive();
    return Json{{"table", id_}, {"seat", seat}, {"seats", publisher_.seats_json(shown(), conns_)}};
  }
  // A rated table's seats are its accounts' (a stand-in, above, plays for
  // one who is away): nobody is seated by the host.
  if (lobby_.rated) return make_error(errc::kUnrated, "a rated table's seats are its players' own");
  // A person for a bot's seat: whoever takes it joins as a newcomer, and
  // the host holds no token of it.
  if (*kind == room::SeatKind::kPerson) return offer_seat(static_cast<Seat>(seat));
  SeatPlan next;
  next.kind = *kind;
  const Json bot = body.value("bot", Json(default_bot(*lobby_.game)));
  if (!bot.is_string()) return make_error(errc::kMalformed, "bot is a bot spec");
  next.bot = bot.get<std::string>();
  if (auto e = lobby_.check_bot(hub_.options, next.bot)) return *e;
  if (auto e = hand_seat(static_cast<Seat>(seat), std::move(next))) return *e;
  return Json{{"table", id_}, {"seat", seat}, {"seats", publisher_.seats_json(shown(), conns_)}};
}

MaybeError Table::hand_seat(Seat seat, SeatPlan next) {
  // What the seat's plan holds beyond the room's seat, for a restart: its
  // token's hash and its account (a newcomer's; a rated seat's, kept when
  // a bot takes it over).
  Json owner = Json::object();
  if (!next.token_hash.empty()) owner["token"] = next.token_hash;
  if (!next.account.empty()) owner["account"] = next.account;
  if (auto e = room_->replace_seat(seat, {next.kind, next.name, next.bot}, owner)) {
    store_refused(*e);
    return e;
  }
  const auto i = static_cast<std::size_t>(seat);
  // A newcomer's seat comes from their addresses alone; a bot's (a person
  // left, or was taken over) keeps its person's for the rating.
  if (next.kind == room::SeatKind::kPerson && i < seat_addresses_.size())
    seat_addresses_[i].clear();
  const bool taken_by_person = next.kind == room::SeatKind::kPerson;
  lobby_.plan[i] = std::move(next);
  // The connections of whoever sat there before become spectators.
  for (auto& [p, c] : conns_)
    if (c.seat == seat) {
      c.seat = kSpectator;
      c.sent = false;
    }
  count_watching();
  // The seat offered to a newcomer is no longer offered once it changes
  // hands; another seat's offer may now have everyone's consent.
  if (offer_ && offer_->seat == seat) {
    offer_.reset();
    free_seats_ = 0;
    if (!taken_by_person) room_->announce(seat, room::SeatNotice::kWithdrawn);
  }
  settle_offer();
  drive();
  return std::nullopt;
}

}  // namespace meeple::server
