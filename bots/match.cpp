#include "bots/match.h"

#include <fmt/format.h>

#include "bots/program_bot.h"

namespace meeple {

Json Forfeit::to_json() const {
  return {{"game", game}, {"seat", seat}, {"bot", bot}, {"reason", reason}};
}

std::string Forfeit::line() const {
  return fmt::format("game {}, seat {} ({}) forfeits: {}", game, seat, bot, reason);
}

MatchOutcome play_match(AnyState s, const std::vector<Bot*>& bots, Rng& rng,
                        const MatchOptions& opt) {
  MatchOutcome out;
  out.record.game = std::string(s.game().name());
  out.record.players = s.num_players();
  for (Bot* b : bots) out.record.seats.emplace_back(b->name());
  auto record = [&](Seat seat, Action a) {
    out.record.actions.push_back({seat, a, s.action_to_json(seat, a)});
  };
  // Observing bots see a determinization after every action, drawn from a
  // generator of their own so the game's chance draws do not depend on them.
  bool observers = false;
  for (Bot* b : bots) observers = observers || b->observes();
  Rng watch = observers ? rng.split() : Rng(0);
  if (observers) show_bots(bots, s, watch);
  while (!s.is_terminal()) {
    if (out.record.actions.size() >= opt.max_actions) {
      out.errors.push_back(
          make_error("game/endless", fmt::format("no end after {} actions", opt.max_actions)));
      return out;
    }
    Seat seat;
    Action a;
    if (s.is_chance()) {
      seat = kChance;
      a = sample_chance(s.chance_outcomes(), rng);
    } else {
      seat = s.to_act().lowest();
      Bot& bot = *bots.at(static_cast<std::size_t>(seat));
      try {
        a = ask_bot(bot, s, seat, rng);
      } catch (const BotForfeit& f) {
        out.forfeit = Forfeit{0, seat, std::string(bot.name()), f.what()};
        return out;
      }
    }
    record(seat, a);
    if (auto err = s.apply(seat, a)) {
      out.errors.push_back(
          make_error(err->code, fmt::format("{} (seat {}, action {})", err->message, seat, a)));
      return out;
    }
    if (observers) show_bots(bots, s, watch);
    if (opt.on_step) opt.on_step(s);
  }
  out.finished = true;
  out.record.result = s.result_json();
  return out;
}

}  // namespace meeple
