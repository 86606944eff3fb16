// Room (room.h): presence, per-move clocks and stand-ins.
#include "room/room.h"

#include <fmt/format.h>

#include "room/notice_words.h"

namespace meeple::room {

void Room::start_clock(Clock::time_point now) {
  for (std::size_t i = 0; i < config_.size(); ++i) {
    const bool waits = config_[i].kind == SeatKind::kPerson &&
                       to_act().contains(static_cast<Seat>(i)) && options_.move_clock.count() > 0;
    if (!waits)
      deadline_[i] = kNever;
    else if (deadline_[i] == kNever)
      deadline_[i] = now + options_.move_clock;
  }
}

std::optional<WallClock::time_point> Room::deadline(Seat seat) const {
  if (seat < 0 || seat >= num_players()) return std::nullopt;
  const Clock::time_point d = deadline_[static_cast<std::size_t>(seat)];
  if (d == kNever) return std::nullopt;
  return WallClock::now() + std::chrono::duration_cast<WallClock::duration>(d - Clock::now());
}

std::vector<Seat> Room::overdue(Clock::time_point now) const {
  std::vector<Seat> out;
  for (std::size_t i = 0; i < config_.size(); ++i)
    if (config_[i].kind == SeatKind::kPerson && !seat_info_[i].stand_in && now >= deadline_[i])
      out.push_back(static_cast<Seat>(i));
  return out;
}

void Room::set_connected(Seat seat, bool connected, Clock::time_point now) {
  if (seat < 0 || seat >= num_players()) return;
  const auto i = static_cast<std::size_t>(seat);
  if (config_[i].kind != SeatKind::kPerson) return;
  seat_info_[i].connected = connected;
  left_at_[i] = connected ? kNever : now;
  if (!connected) left_wall_[i] = wall_now();
  if (connected) end_stand_in(i);
}

void Room::end_stand_in(std::size_t i) {
  if (!seat_info_[i].stand_in) return;
  seat_info_[i].stand_in = false;
  notice(static_cast<Seat>(i), [&](std::string_view lang, bool self) {
    return seat_words(lang, self ? SeatNotice::kYouAreBack : SeatNotice::kIsBack,
                      seat_info_[i].name);
  });
}

std::optional<WallClock::time_point> Room::stand_in_at(Seat seat) const {
  if (seat < 0 || seat >= num_players() || !options_.stand_ins) return std::nullopt;
  const auto i = static_cast<std::size_t>(seat);
  if (config_[i].kind != SeatKind::kPerson || seat_info_[i].stand_in || left_at_[i] == kNever)
    return std::nullopt;
  return left_wall_[i] + options_.grace;
}

std::optional<WallClock::time_point> Room::away_since(Seat seat) const {
  if (seat < 0 || seat >= num_players()) return std::nullopt;
  const auto i = static_cast<std::size_t>(seat);
  if (config_[i].kind != SeatKind::kPerson || left_at_[i] == kNever) return std::nullopt;
  return left_wall_[i];
}

void Room::set_away_since(Seat seat, WallClock::time_point since) {
  if (seat < 0 || seat >= num_players()) return;
  const auto i = static_cast<std::size_t>(seat);
  if (config_[i].kind != SeatKind::kPerson) return;
  seat_info_[i].connected = false;
  left_wall_[i] = since;
  left_at_[i] =
      Clock::now() - std::chrono::duration_cast<Clock::duration>(WallClock::now() - since);
}

MaybeError Room::stand_in(Seat seat) {
  if (seat < 0 || seat >= num_players() ||
      config_[static_cast<std::size_t>(seat)].kind != SeatKind::kPerson)
    return make_error(errc::kBadSeat, fmt::format("seat {} is not a person's", seat));
  const auto i = static_cast<std::size_t>(seat);
  if (seat_info_[i].connected)
    return make_error(errc::kSeatTaken,
                      fmt::format("{} is at the table: a stand-in plays only for someone away",
                                  seat_info_[i].name));
  if (!seat_info_[i].stand_in) start_stand_in(i, SeatNotice::kAway);
  return std::nullopt;
}

void Room::start_stand_in(std::size_t i, SeatNotice why) {
  if (observers_[i] == nullptr) brief(i);
  seat_info_[i].stand_in = true;
  deadline_[i] = kNever;
  notice(static_cast<Seat>(i), [&](std::string_view lang, bool self) {
    return seat_words(
        lang,
        self ? (why == SeatNotice::kAway ? SeatNotice::kYouAreAway : SeatNotice::kYourTimeIsUp)
             : why,
        seat_info_[i].name);
  });
}

bool Room::tick(Clock::time_point now) {
  if (options_.move_clock.count() > 0 && deadline_ == std::vector(config_.size(), kNever))
    start_clock(now);
  bool changed = false;
  for (std::size_t i = 0; i < config_.size(); ++i) {
    if (config_[i].kind != SeatKind::kPerson || seat_info_[i].stand_in) continue;
    const bool out_of_time = now >= deadline_[i];
    if (!options_.stand_ins) {
      if (out_of_time && !seat_info_[i].late) {
        seat_info_[i].late = true;
        notice(static_cast<Seat>(i), [&](std::string_view lang, bool self) {
          return seat_words(lang, self ? SeatNotice::kYouAreLate : SeatNotice::kIsLate,
                            seat_info_[i].name);
        });
        changed = true;
      }
      continue;
    }
    const bool away = left_at_[i] != kNever && now - left_at_[i] >= options_.grace;
    if (out_of_time || away) {
      start_stand_in(i, out_of_time ? SeatNotice::kTimeIsUp : SeatNotice::kAway);
      changed = true;
    }
  }
  return changed;
}

}  // namespace meeple::room
