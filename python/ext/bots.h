// The Python module's bots (python/ext/meeple_engine.cpp): built-in bots called
// from Python, Python objects as arena and ladder bots, and the arena and ladder.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/arena.h"
#include "bots/bot.h"
#include "bots/ladder.h"
#include "bots/program_bot.h"
#include "python/ext/state.h"

namespace meeple_python {

// A built-in bot by spec ("random", "heuristic", "ismcts:medium", ...),
// called with a state and a seat. It is made for a game at its first call
// and is handed only a determinization for the seat (bots/bot.h: ask_bot),
// never the true state. A bot that observes (bots/bot.h) is shown every
// action since its last call, each as the seat saw it.
class PyBot {
 public:
  PyBot(std::string spec, std::uint64_t seed) : spec_(std::move(spec)), rng_(seed) {}

  int operator()(const PyState& s, std::optional<int> seat_arg) {
    const Seat seat = s.seat_or_current(seat_arg);
    if (seat == kChance) raise("seat/invalid", "a bot decides for a seat, not for chance");
    if (s.is_terminal()) raise(errc::kGameOver, "the game is over: no seat acts");
    if (!s.state().to_act().contains(seat))
      raise(errc::kNotYourTurn, fmt::format("seat {} has nothing to decide now", seat));
    if (!bot_ || game_ != &s.game() || seat_ != seat) {
      bot_ = take(make_bot(s.game(), spec_));
      game_ = &s.game();
      seat_ = seat;
      seen_ = 0;
    }
    if (bot_->observes()) {
      const auto& actions = s.game_record().actions;
      if (seen_ > actions.size()) seen_ = 0;
      AnyState walk = s.origin();
      for (std::size_t i = 0; i < actions.size(); ++i) {
        walk.apply(actions[i].seat, actions[i].action);
        if (i >= seen_) bot_->observe(walk.determinize(seat, rng_), seat);
      }
      seen_ = actions.size();
    }
    return ask_bot(*bot_, s.state(), seat, rng_);
  }
  std::string spec() const { return spec_; }

 private:
  std::string spec_;
  Rng rng_;
  std::unique_ptr<Bot> bot_;
  const AnyGame* game_ = nullptr;
  Seat seat_ = -1;
  std::size_t seen_ = 0;
};

// A Python object as an arena or ladder bot: called for each decision of
// its seat with a State of the seat's determinization (never the true
// state) and the seat, `bot.step(state, seat)` when it has a step method,
// else `bot(state, seat)`; it answers an action (an int, or its JSON form).
// An exception, an answer that is not a legal action, or an answer later
// than the time per decision forfeits the game (BotForfeit), with the
// reason in the report. The Python call is not interrupted: a slow answer
// is forfeited when it comes. The object is held by the arena's caller
// (the bots list), so this holds a plain handle, made and dropped without
// the GIL; choose() takes the GIL for the call.
class PyArenaBot final : public Bot {
 public:
  PyArenaBot(std::string spec, py::handle obj, double seconds)
      : spec_(std::move(spec)), obj_(obj), seconds_(seconds) {}
  std::string_view name() const override { return spec_; }

  Action choose(const AnyState& info, Seat seat, Rng& /*rng*/) override {
    py::gil_scoped_acquire gil;
    GameRecord r;
    r.game = std::string(info.game().name());
    r.players = info.num_players();
    const auto t0 = std::chrono::steady_clock::now();
    py::object answer;
    try {
      py::object st = py::cast(PyState(&info.game(), info, std::move(r), false, std::nullopt));
      answer = py::hasattr(obj_, "step") ? obj_.attr("step")(st, seat) : obj_(st, seat);
    } catch (py::error_already_set& e) {
      throw BotForfeit(fmt::format("raised {}", e.what()));
    } catch (const Raised& e) {
      throw BotForfeit(fmt::format("raised MeepleError {}: {}", e.error.code, e.error.message));
    } catch (const std::exception& e) {
      throw BotForfeit(fmt::format("raised {}", e.what()));
    }
    const double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (took > seconds_)
      throw BotForfeit(
          fmt::format("answered after {:.3f} s, over its {:g} s a decision", took, seconds_));
    Action a = -1;
    if (PyLong_Check(answer.ptr()) && !PyBool_Check(answer.ptr())) {
      try {
        a = answer.cast<Action>();
      } catch (const py::cast_error&) {
        a = -1;
      }
    } else if (py::isinstance<py::dict>(answer)) {
      Expected<Action> parsed = make_error(errc::kMalformedAction, "");
      try {
        parsed = info.action_from_json(seat, to_json(answer));
      } catch (const Raised& e) {
        parsed = e.error;
      }
      if (!parsed)
        throw BotForfeit(fmt::format("answered {}, not an action of seat {}: {}",
                                     py::repr(answer).cast<std::string>(), seat,
                                     parsed.error().message));
      a = *parsed;
    } else {
      throw BotForfeit(
          fmt::format("answered {}, not an action (an int, or its JSON form as a dict)",
                      py::repr(answer).cast<std::string>()));
    }
    if (!info.legal_actions(seat).contains(a))
      throw BotForfeit(fmt::format("answered {}, which is not one of seat {}'s legal actions now",
                                   py::repr(answer).cast<std::string>(), seat));
    return a;
  }

 private:
  std::string spec_;
  py::handle obj_;
  double seconds_;
};

// The bots of an arena or a ladder called from Python: names as they are,
// objects as "py:NAME" (their `name` attribute, else their type's or
// function's name; "#2"... where two share one).
struct PyBots {
  std::vector<std::string> specs;
  std::vector<std::pair<std::string, py::handle>> objects;
  double seconds = 10;

  PyBots(const py::sequence& bots, double seconds_per_move) : seconds(seconds_per_move) {
    for (py::handle b : bots) {
      if (py::isinstance<py::str>(b)) {
        specs.push_back(b.cast<std::string>());
        continue;
      }
      if (!PyCallable_Check(b.ptr()) && !py::hasattr(b, "step"))
        raise("bot/unknown", fmt::format("a bot is a name (\"random\", \"cmd:...\") or an object "
                                         "with step(state, seat) or __call__, not {}",
                                         py::repr(b).cast<std::string>()));
      std::string name;
      if (py::hasattr(b, "name") && py::isinstance<py::str>(b.attr("name")))
        name = b.attr("name").cast<std::string>();
      else if (py::hasattr(b, "__name__"))
        name = b.attr("__name__").cast<std::string>();
      else
        name = py::type::of(b).attr("__name__").cast<std::string>();
      std::string spec = "py:" + name;
      for (int k = 2; std::find(specs.begin(), specs.end(), spec) != specs.end(); ++k)
        spec = fmt::format("py:{}#{}", name, k);
      specs.push_back(spec);
      objects.emplace_back(spec, b);
    }
    if (!(seconds > 0) || seconds > 3600)
      raise(errc::kMalformedRequest, "seconds_per_move is more than 0 and at most 3600");
  }

  OwnBots maker() const {
    return [this](std::string_view spec) -> std::unique_ptr<Bot> {
      for (const auto& [s, h] : objects)
        if (s == spec) return std::make_unique<PyArenaBot>(s, h, seconds);
      return nullptr;
    };
  }
};

// A report as a dict, each forfeit with its line as the CLI prints it.
template <class Report>
py::object report_py(const Report& rep) {
  Json j = rep.to_json();
  for (std::size_t k = 0; k < rep.forfeits.size() && k < j["forfeits"].size(); ++k)
    j["forfeits"][k]["line"] = rep.forfeits[k].line();
  return to_py(j);
}

inline py::object arena_py(const std::string& game, const py::sequence& bots, int games,
                           std::optional<int> players, std::uint64_t seed, const py::object& params,
                           double seconds_per_move, bool fixed_seats) {
  const AnyGame& g = find(game);
  PyBots pb(bots, seconds_per_move);
  ArenaOptions opt;
  opt.games = games;
  opt.players = players.value_or(0);
  opt.seed = seed;
  opt.params = params.is_none() ? Json::object() : to_json(params);
  opt.bots = pb.specs;
  opt.seconds_per_move = seconds_per_move;
  opt.fixed_seats = fixed_seats;
  opt.own_bots = pb.maker();
  Expected<ArenaReport> rep = make_error("", "");
  {
    py::gil_scoped_release nogil;
    rep = run_arena(g, opt);
  }
  return report_py(take(std::move(rep)));
}

inline py::object ladder_py(const std::string& game, const py::sequence& bots, int players,
                            int games_per_pair, std::uint64_t seed, const py::object& params,
                            double seconds_per_move, int threads) {
  const AnyGame& g = find(game);
  PyBots pb(bots, seconds_per_move);
  LadderOptions opt;
  opt.players = players;
  opt.games_per_pair = games_per_pair;
  opt.seed = seed;
  opt.params = params.is_none() ? Json::object() : to_json(params);
  opt.bots = pb.specs;
  opt.seconds_per_move = seconds_per_move;
  opt.threads = threads;
  opt.own_bots = pb.maker();
  Expected<LadderReport> rep = make_error("", "");
  {
    py::gil_scoped_release nogil;
    rep = run_ladder(g, opt);
  }
  return report_py(take(std::move(rep)));
}

}  // namespace meeple_python
