// The Python module's Game and State (python/ext/meeple_engine.cpp): a state with
// where its line of play began, every action since and, from a seed, its chance
// generator; games by name and records replayed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "core/record.h"
#include "core/rng.h"
#include "games/registry.h"
#include "python/ext/convert.h"

namespace meeple_python {

class PyGame;

// A state of a game with what the Python side needs besides the game's own
// state: where this line of play began and every action since (for the
// seat's history and the record), and, for a state made from a seed, the
// generator that draws chance after every action as `meeple engine` does.
class PyState {
 public:
  PyState(const AnyGame* game, AnyState state, GameRecord record, bool from_start,
          std::optional<Rng> chance)
      : game_(game),
        state_(state),
        origin_(std::move(state)),
        record_(std::move(record)),
        from_start_(from_start),
        chance_(chance) {
    resolve_chance();
  }

  const AnyGame& game() const { return *game_; }
  const AnyState& state() const { return state_; }
  const GameRecord& game_record() const { return record_; }
  const AnyState& origin() const { return origin_; }

  bool is_terminal() const { return state_.is_terminal(); }
  bool is_chance_node() const { return !state_.is_terminal() && state_.is_chance(); }
  bool is_simultaneous_node() const {
    return !state_.is_terminal() && !state_.is_chance() && state_.to_act().size() > 1;
  }
  // pyspiel's: a seat, chance (-1), terminal (-4); and, where several seats
  // decide at once, the list of them.
  py::object current_player() const {
    if (state_.is_terminal()) return py::int_(kTerminal);
    if (state_.is_chance()) return py::int_(kChance);
    const SeatSet to_act = state_.to_act();
    if (to_act.size() == 1) return py::int_(to_act.lowest());
    return seats_to_act();
  }
  py::list seats_to_act() const {
    if (state_.is_terminal() || state_.is_chance()) return py::list();
    const SeatSet to_act = state_.to_act();
    py::list out(static_cast<std::size_t>(to_act.size()));
    Py_ssize_t i = 0;
    for (Seat s = 0; s < state_.num_players(); ++s)
      if (to_act.contains(s)) PyList_SET_ITEM(out.ptr(), i++, action_int(s));
    return out;
  }

  // The seat a call without one means: the only seat to act, or chance.
  Seat seat_or_current(std::optional<int> seat) const {
    if (seat) {
      if (*seat != kChance && (*seat < 0 || *seat >= state_.num_players()))
        raise("seat/invalid", fmt::format("seat {} is not one of this game's seats 0 to {} (or -1, "
                                          "chance)",
                                          *seat, state_.num_players() - 1));
      return *seat;
    }
    if (state_.is_terminal()) raise(errc::kGameOver, "the game is over: no seat acts");
    if (state_.is_chance()) return kChance;
    const SeatSet to_act = state_.to_act();
    if (to_act.size() > 1)
      raise(errc::kMalformedRequest,
            "several seats decide at once: give the seat (current_player() lists them)");
    return to_act.lowest();
  }

  // A list built directly (no vector between): single steps from Python
  // are this call and apply_action (docs/benchmarks.md).
  // At the end, empty (as pyspiel's), whoever asks.
  py::list legal_actions(std::optional<int> seat) const {
    if (state_.is_terminal()) return py::list();
    const Seat s = seat_or_current(seat);
    if (s == kChance) {
      if (!state_.is_chance()) return py::list();
      return int_list(state_.chance_outcomes(), [](const ChanceOutcome& o) { return o.action; });
    }
    // A seat not to act lists its free actions (First Contact's note pad),
    // which apply_action takes, as its mask and the engine's legal do.
    if (state_.is_chance()) return py::list();
    return int_list(state_.legal_actions(s), [](Action a) { return a; });
  }

  // The actions worth offering a person or a search (the engine's legal
  // with "primary"): the legal ones less free edits such as First Contact's
  // note pad. Random games over these are the ones `meeple bench` plays.
  py::list primary_actions(std::optional<int> seat) const {
    if (state_.is_terminal()) return py::list();
    const Seat s = seat_or_current(seat);
    if (s == kChance || state_.is_chance()) return legal_actions(s);
    // A seat not to act has no decisions (its free actions are not primary).
    if (!state_.to_act().contains(s)) return py::list();
    return int_list(state_.primary_actions(s), [](Action a) { return a; });
  }

  std::vector<std::pair<int, double>> chance_outcomes() const {
    std::vector<std::pair<int, double>> out;
    if (!is_chance_node()) return out;
    const ChanceList list = state_.chance_outcomes();
    double total = 0;
    for (const auto& o : list) total += o.weight;
    for (const auto& o : list) out.emplace_back(o.action, o.weight / total);
    return out;
  }

  // An action as an int, or its JSON form (a dict, as action_to_json gives).
  Action action_of(Seat seat, const py::handle& action) const {
    if (PyLong_CheckExact(action.ptr())) return action.cast<Action>();
    return take(state_.action_from_json(seat, to_json(action)));
  }

  void apply_action(const py::handle& action, std::optional<int> seat) {
    const Seat s = seat_or_current(seat);
    const Action a = action_of(s, action);
    check(state_.apply(s, a));
    record_.actions.push_back({s, a, Json()});
    resolve_chance();
  }

  // One outcome of chance drawn from `seed` (pyspiel users sample it
  // themselves; this is the engine's own draw, exact integer weights).
  int sample_chance_outcome(std::uint64_t seed) const {
    if (!is_chance_node()) raise(errc::kMalformedRequest, "no chance event is waiting here");
    Rng rng(seed);
    return meeple::sample_chance(state_.chance_outcomes(), rng);
  }

  py::object action_to_json(int seat, int action) const {
    return to_py(state_.action_to_json(seat, action));
  }
  std::string action_to_string(int seat, int action, const std::string& lang) const {
    return state_.describe_action(seat, action, check_lang(lang));
  }

  std::vector<double> returns() const {
    std::vector<double> out(static_cast<std::size_t>(state_.num_players()), 0.0);
    if (!state_.is_terminal()) return out;
    const GameResult r = state_.result();
    for (int i = 0; i < r.players; ++i) out[i] = r.winners.contains(i) ? 1.0 : 0.0;
    return out;
  }
  py::object result() const {
    if (!state_.is_terminal()) raise("game/not_over", "the game is not over: it has no result yet");
    return to_py(state_.result_json());
  }

  Seat view_seat(const py::handle& seat) const {
    if (py::isinstance<py::str>(seat)) {
      if (seat.cast<std::string>() == "spectator") return kSpectator;
    } else if (py::isinstance<py::int_>(seat)) {
      const int s = seat.cast<int>();
      if (s == kSpectator || (s >= 0 && s < state_.num_players())) return s;
    }
    raise("seat/invalid",
          fmt::format("give a seat 0 to {} or \"spectator\" ({})", state_.num_players() - 1,
                      py::repr(seat).cast<std::string>()));
  }
  py::object view(const py::handle& seat) const { return to_py(state_.view(view_seat(seat))); }
  // The seat's observation tensor and legal-action mask (core/any_game.h,
  // docs/state-and-views.md) as new float32 numpy arrays.
  py::array_t<float> observation(int seat) const {
    const std::vector<int> shape = state_.observation_shape();
    py::array_t<float> out(shape.empty() ? 0 : shape[0]);
    if (auto e = state_.observation(seat, std::span<float>(out.mutable_data(), out.size())))
      raise(*e);
    return out;
  }
  py::array_t<float> legal_mask(int seat) const {
    py::array_t<float> out(state_.num_distinct_actions());
    if (auto e = state_.legal_mask(seat, std::span<float>(out.mutable_data(), out.size())))
      raise(*e);
    return out;
  }
  std::string view_text(const py::handle& seat, const std::string& lang) const {
    return state_.text_view(view_seat(seat), check_lang(lang));
  }

  // What `seat` saw, in order, as the engine's history answers (step 0: the
  // view where this line began; then each action: its actor, the words the
  // seat was told, the action when it was the seat's own, the view after).
  py::list history(const py::handle& seat_h, bool views, const std::string& lang_in) const {
    const Seat seat = view_seat(seat_h);
    const std::string lang = check_lang(lang_in);
    py::list steps;
    AnyState walk = origin_;
    auto entry = [&](std::size_t step) {
      py::dict e;
      e["step"] = step;
      if (views) e["view"] = to_py(walk.view(seat));
      return e;
    };
    steps.append(entry(0));
    for (std::size_t i = 0; i < record_.actions.size(); ++i) {
      const RecordedAction& ra = record_.actions[i];
      const std::string words =
          walk.has_events() ? walk.describe_event(seat, ra.seat, ra.action, lang) : std::string();
      py::object action =
          ra.seat == seat ? to_py(walk.action_to_json(ra.seat, ra.action)) : py::object(py::none());
      walk.apply(ra.seat, ra.action);
      py::dict e = entry(i + 1);
      e["actor"] = ra.seat;
      e["words"] = words;
      if (!action.is_none()) e["action"] = action;
      steps.append(e);
    }
    return steps;
  }

  py::object to_json_py() const { return to_py(state_.to_json()); }
  std::string serialize() const { return state_.to_json().dump(); }

  // The meeple-record/1 of this game from its start (`meeple replay` and the
  // engine's load read it).
  py::object record() const {
    if (!from_start_)
      raise("engine/no_record",
            "this state was loaded from state JSON: its moves before are unknown, so it has no "
            "record (serialize() gives the state)");
    // Each action with its JSON form, as the state it was taken in gives it.
    GameRecord r = record_;
    AnyState walk = origin_;
    for (RecordedAction& ra : r.actions) {
      ra.json = walk.action_to_json(ra.seat, ra.action);
      walk.apply(ra.seat, ra.action);
    }
    if (state_.is_terminal()) r.result = state_.result_json();
    return to_py(record_to_json(r));
  }
  void save_record(const std::string& path) const {
    std::ofstream out(path);
    out << py::module_::import("json").attr("dumps")(record()).cast<std::string>() << "\n";
    if (!out) raise(errc::kIo, fmt::format("cannot write {}", path));
  }

  int num_players() const { return state_.num_players(); }
  int num_distinct_actions() const { return state_.num_distinct_actions(); }
  bool operator==(const PyState& o) const { return state_ == o.state_; }
  std::string str() const {
    std::string t = state_.text_view(kSpectator, "en");
    return t.empty() ? state_.to_json().dump() : t;
  }

  // From now on chance is drawn from `rng` after every action.
  void draw_chance_from(Rng rng) {
    chance_ = rng;
    resolve_chance();
  }

  // Drawing chance with the state's own generator, recorded like any action.
  void resolve_chance() {
    if (!chance_) return;
    while (!state_.is_terminal() && state_.is_chance()) {
      const Action a = meeple::sample_chance(state_.chance_outcomes(), *chance_);
      state_.apply(kChance, a);
      record_.actions.push_back({kChance, a, Json()});
    }
  }

  static constexpr int kTerminal = -4;

 private:
  const AnyGame* game_;
  AnyState state_;
  AnyState origin_;
  GameRecord record_;
  bool from_start_;
  std::optional<Rng> chance_;
};

// The engine's chance generator for a seed: the first split of Rng(seed),
// as `meeple engine`'s new and load draw (so a seed deals the same here).
inline Rng chance_rng(std::uint64_t seed) {
  Rng master(seed);
  return master.split();
}

class PyGame {
 public:
  PyGame(const AnyGame* game, int players, Json params)
      : game_(game), players_(players), params_(std::move(params)) {}

  const AnyGame& game() const { return *game_; }
  std::string name() const { return std::string(game_->name()); }
  std::string title() const { return std::string(game_->title()); }
  int num_players() const { return players_; }
  py::object parameters() const { return to_py(params_); }
  py::object describe() const { return to_py(game_->describe()); }

  PyState new_initial_state(std::optional<std::uint64_t> seed) const {
    AnyState st = take(game_->new_game(params_, players_));
    GameRecord r;
    r.game = name();
    r.params = params_;
    r.players = players_;
    r.seats.assign(static_cast<std::size_t>(players_), "player");
    r.seed = seed.value_or(0);
    std::optional<Rng> chance;
    if (seed) chance = chance_rng(*seed);
    return PyState(game_, std::move(st), std::move(r), true, chance);
  }

  PyState state_from_json(const py::handle& j, std::optional<std::uint64_t> seed) const {
    const Json state = json_arg(j, errc::kCorruptState, "state");
    if (!state.is_object()) raise(errc::kCorruptState, "a state is a JSON object");
    AnyState st = take(game_->state_from_json(state));
    if (st.num_players() != players_)
      raise(errc::kBadPlayers, fmt::format("this state has {} players; the game was loaded for {}",
                                           st.num_players(), players_));
    GameRecord r;
    r.game = name();
    r.params = params_;
    r.players = players_;
    r.seats.assign(static_cast<std::size_t>(players_), "player");
    std::optional<Rng> chance;
    if (seed) chance = chance_rng(*seed);
    return PyState(game_, std::move(st), std::move(r), false, chance);
  }

 private:
  const AnyGame* game_;
  int players_;
  Json params_;
};

inline const AnyGame& find(const std::string& name) {
  const AnyGame* g = find_game(name);
  if (!g) {
    std::string names;
    for (const AnyGame* x : all_games())
      names += fmt::format("{}{}", names.empty() ? "" : ", ", x->name());
    raise(errc::kUnknownGame, fmt::format("no game \"{}\" (games: {})", name, names));
  }
  return *g;
}

inline PyGame load_game(const std::string& name, std::optional<int> players,
                        const py::object& params) {
  const AnyGame& g = find(name);
  const int n = players.value_or(g.min_players());
  const Json user = params.is_none() ? Json::object() : to_json(params);
  if (!user.is_object()) raise(errc::kBadParam, "params is a dict of the game's parameters");
  // The parameters completed with their defaults; new_game checks them and
  // the player count (a game that refuses them raises here, not later).
  Json resolved = take(resolve_params(g.params_schema(), user));
  (void)take(g.new_game(resolved, n));
  return PyGame(&g, n, std::move(resolved));
}

// A record replayed (undo entries taken back as the engine's load does).
inline PyState load_record(const py::handle& rec_h, std::optional<std::uint64_t> seed) {
  const Json rec_j = json_arg(rec_h, errc::kCorruptRecord, "record");
  GameRecord rec = take(record_from_json(rec_j));
  const AnyGame& g = find(rec.game);
  (void)take(replay_record(g, rec));
  AnyState start = take(g.new_game(rec.params, rec.players));
  AnyState walk = start;
  std::vector<std::pair<AnyState, std::size_t>> points;  // before each decision
  std::vector<RecordedAction> kept;
  for (RecordedAction& ra : rec.actions) {
    if (ra.undo) {
      walk = std::move(points.back().first);
      kept.resize(points.back().second);
      points.pop_back();
      continue;
    }
    if (ra.action < 0) ra.action = *walk.action_from_json(ra.seat, ra.json);
    if (ra.seat != kChance) points.emplace_back(walk, kept.size());
    walk.apply(ra.seat, ra.action);
    kept.push_back(std::move(ra));
  }
  rec.actions.clear();
  rec.result = Json();
  PyState s(&g, std::move(start), std::move(rec), true, std::nullopt);
  for (const RecordedAction& ra : kept) s.apply_action(py::int_(ra.action), ra.seat);
  if (seed) s.draw_chance_from(chance_rng(*seed));
  return s;
}

}  // namespace meeple_python
