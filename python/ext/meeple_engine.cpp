// meeple_engine: the engine in-process for Python (docs/python.md), shaped
// like OpenSpiel's pyspiel. Games by name with their parameters, states from
// a seed, chance nodes with their probabilities, several seats deciding at
// once (to_act() holds more than one seat: a list), actions with their words,
// views and per-seat histories, state JSON and records, and the built-in bots.
//
// Errors of the engine (a meeple Error: code and message) raise
// meeple_engine.MeepleError with .code and .message; the code is the one the
// engine protocol answers with (docs/engine-protocol.md).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bots/arena.h"
#include "bots/bot.h"
#include "bots/ladder.h"
#include "bots/program_bot.h"
#include "core/record.h"
#include "core/rng.h"
#include "games/registry.h"

namespace py = pybind11;
using namespace meeple;

namespace {

// Thrown for a meeple Error; translated to MeepleError.
struct Raised {
  Error error;
};

[[noreturn]] void raise(Error e) {
  throw Raised{std::move(e)};
}
[[noreturn]] void raise(std::string code, std::string message) {
  raise(make_error(std::move(code), std::move(message)));
}
template <class T>
T take(Expected<T> e) {
  if (!e) raise(e.error());
  return std::move(*e);
}
void check(const MaybeError& e) {
  if (e) raise(*e);
}

// Python objects to and from JSON. Python's json module is the referee for
// what JSON a dict is: ints stay integers, floats floats.
py::object to_py(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null:
      return py::none();
    case Json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case Json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case Json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case Json::value_t::number_float:
      return py::float_(j.get<double>());
    case Json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case Json::value_t::array: {
      py::list l;
      for (const auto& v : j) l.append(to_py(v));
      return l;
    }
    case Json::value_t::object: {
      py::dict d;
      for (const auto& [k, v] : j.items()) d[py::str(k)] = to_py(v);
      return d;
    }
    default:
      return py::none();
  }
}

Json to_json(const py::handle& o) {
  if (o.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(o)) return o.cast<bool>();
  if (py::isinstance<py::int_>(o)) {
    try {
      return o.cast<std::int64_t>();
    } catch (const py::cast_error&) {
      return o.cast<std::uint64_t>();
    }
  }
  if (py::isinstance<py::float_>(o)) return o.cast<double>();
  if (py::isinstance<py::str>(o)) return o.cast<std::string>();
  if (py::isinstance<py::dict>(o)) {
    Json j = Json::object();
    for (auto [k, v] : o.cast<py::dict>()) {
      if (!py::isinstance<py::str>(k))
        raise(errc::kMalformedRequest, "JSON object keys are strings");
      j[k.cast<std::string>()] = to_json(v);
    }
    return j;
  }
  if (py::isinstance<py::list>(o) || py::isinstance<py::tuple>(o)) {
    Json j = Json::array();
    for (auto v : o) j.push_back(to_json(v));
    return j;
  }
  raise(errc::kMalformedRequest,
        fmt::format("{} is not JSON (give dicts, lists, strings, numbers, booleans or None)",
                    py::str(py::type::of(o)).cast<std::string>()));
}

// A dict, or its JSON text, or a path to a file holding it.
Json json_arg(const py::handle& o, const char* code, const char* what) {
  if (!py::isinstance<py::str>(o)) return to_json(o);
  const std::string text = o.cast<std::string>();
  std::string body = text;
  if (!text.empty() && text.front() != '{') {
    std::ifstream in(text);
    if (!in) raise(errc::kIo, fmt::format("cannot read {} {}", what, text));
    std::stringstream ss;
    ss << in.rdbuf();
    body = ss.str();
  }
  try {
    return Json::parse(body);
  } catch (const Json::exception& e) {
    raise(code, fmt::format("{} is not JSON: {}", what, json_error_words(e)));
  }
}

std::string check_lang(const std::string& lang) {
  if (lang != "en" && lang != "it" && lang != "ko")
    raise(errc::kMalformedRequest, fmt::format("lang is en, it or ko, not {}", lang));
  return lang;
}

class PyGame;

// Python ints for actions, made once: a First Contact seat often has hundreds
// of legal actions, and a list of shared ints is built several times faster
// than one of new ones (the ints are never freed: they live as long as the
// module).
PyObject* action_int(Action a) {
  static std::vector<PyObject*> ints;
  if (a < 0 || a >= 1 << 16) return PyLong_FromLong(a);
  if (static_cast<std::size_t>(a) >= ints.size()) {
    const std::size_t from = ints.size();
    ints.resize(static_cast<std::size_t>(a) + 1);
    for (std::size_t i = from; i < ints.size(); ++i)
      ints[i] = PyLong_FromLong(static_cast<long>(i));
  }
  PyObject* o = ints[static_cast<std::size_t>(a)];
  Py_INCREF(o);
  return o;
}

template <class List, class Get>
py::list int_list(const List& l, Get get) {
  py::list out(l.size());
  for (std::size_t i = 0; i < l.size(); ++i)
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), action_int(get(l[i])));
  return out;
}

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
Rng chance_rng(std::uint64_t seed) {
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

const AnyGame& find(const std::string& name) {
  const AnyGame* g = find_game(name);
  if (!g) {
    std::string names;
    for (const AnyGame* x : all_games())
      names += fmt::format("{}{}", names.empty() ? "" : ", ", x->name());
    raise(errc::kUnknownGame, fmt::format("no game \"{}\" (games: {})", name, names));
  }
  return *g;
}

PyGame load_game(const std::string& name, std::optional<int> players, const py::object& params) {
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
PyState load_record(const py::handle& rec_h, std::optional<std::uint64_t> seed) {
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

// Runs fn(chunk) for chunks 0 to size()-1 at once, one per thread (the
// caller's thread takes chunk 0); the threads wait between runs, so a step
// pays a wake-up, not a thread's start. Used with the GIL released: fn
// touches no Python object.
class Workers {
 public:
  explicit Workers(int threads) {
    for (int t = 1; t < threads; ++t) threads_.emplace_back([this, t] { loop(t); });
  }
  ~Workers() {
    {
      std::lock_guard lock(m_);
      stop_ = true;
      ++generation_;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;
  int size() const { return static_cast<int>(threads_.size()) + 1; }

  void run(const std::function<void(int)>& fn) {
    if (threads_.empty()) return fn(0);
    {
      std::lock_guard lock(m_);
      job_ = &fn;
      pending_ = threads_.size();
      ++generation_;
    }
    wake_.notify_all();
    fn(0);
    std::unique_lock lock(m_);
    done_.wait(lock, [&] { return pending_ == 0; });
    job_ = nullptr;
  }

 private:
  void loop(int t) {
    std::uint64_t seen = 0;
    for (;;) {
      const std::function<void(int)>* job;
      {
        std::unique_lock lock(m_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        if (stop_) return;
        job = job_;
      }
      (*job)(t);
      std::lock_guard lock(m_);
      if (--pending_ == 0) done_.notify_one();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex m_;
  std::condition_variable wake_, done_;
  const std::function<void(int)>* job_ = nullptr;
  std::size_t pending_ = 0;
  std::uint64_t generation_ = 0;
  bool stop_ = false;
};

// N games of one game stepped together, as EnvPool steps Atari games
// (docs/python.md, "Batched games"). Each game ("slot") decides one seat at
// a time: the lowest seat to act (where several seats decide at once, each
// in turn; the state holds a choice hidden until all are in, and a seat's
// observation shows only its view). Chance is drawn inside, after every
// action, from the slot's game's seed as new_initial_state(seed) draws it.
// A game that ends reports its returns on that step and the slot starts its
// next game at once. Slot i's games take the seeds Rng(seed, i) gives in
// turn, so a slot's games depend on the seed and i only: the same whatever
// the number of threads, which only share the slots out.
//
// The outputs are numpy arrays made once and overwritten by every step (no
// allocation a step); every step returns the same arrays.
class VectorGames {
 public:
  VectorGames(const PyGame& game, int num_games, std::uint64_t seed, int threads, bool observations)
      : game_(&game.game()),
        start_(take(game.game().new_game(game_params(game), game.num_players()))),
        n_(num_games),
        players_(game.num_players()),
        actions_(start_.num_distinct_actions()),
        obs_size_(start_.observation_shape().empty() ? 0 : start_.observation_shape()[0]),
        seed_(seed),
        observations_(observations),
        workers_(checked_threads(threads)) {
    if (num_games < 1) raise(errc::kMalformedRequest, "num_games is at least 1");
    const auto n = static_cast<py::ssize_t>(n_);
    obs_ = py::array_t<float>({n, static_cast<py::ssize_t>(obs_size_)});
    mask_ = py::array_t<bool>({n, static_cast<py::ssize_t>(actions_)});
    rewards_ = py::array_t<float>({n, static_cast<py::ssize_t>(players_)});
    done_ = py::array_t<bool>(n);
    seat_ = py::array_t<std::int32_t>(n);
    seeds_ = py::array_t<std::uint64_t>(n);
    sampled_ = py::array_t<std::int32_t>(n);
    chosen_.resize(static_cast<std::size_t>(n_));
    scratch_.resize(static_cast<std::size_t>(workers_.size()));
    for (auto& s : scratch_) s = std::make_unique<Scratch>();
    slots_.reserve(static_cast<std::size_t>(n_));
    for (int i = 0; i < n_; ++i) slots_.push_back(Slot{start_, Rng(), Rng(), Rng()});
    reset();
  }

  // Every slot from its first game again (the seeds of the start).
  py::tuple reset() {
    {
      py::gil_scoped_release nogil;
      for_chunks([&](int i, Scratch& sc) {
        Slot& sl = slots_[static_cast<std::size_t>(i)];
        sl.seeder = Rng(seed_, static_cast<std::uint64_t>(i));
        clear_step(i);
        start_game(sl, i);
        settle(sl, sc, i);
        write_outputs(sl, sc, i);
      });
      masks_valid_ = true;
    }
    return outputs();
  }

  // One action per slot, for the seat each is asked for (seats()): checked
  // against the legal masks before any is applied, so a refused batch
  // changes nothing.
  py::tuple step(const py::array& actions) {
    read_actions(actions);
    refresh_masks();
    const bool* mask = mask_.data();
    for (int i = 0; i < n_; ++i) {
      const std::int64_t a = chosen_[static_cast<std::size_t>(i)];
      if (a < 0 || a >= actions_ || !mask[static_cast<std::size_t>(i) * actions_ + a])
        raise(errc::kIllegal,
              fmt::format("game {}: {} is not a legal action of seat {} (legal_masks[{}] has "
                          "them); no game was stepped",
                          i, a, seat_.data()[i], i));
    }
    {
      py::gil_scoped_release nogil;
      for_chunks([&](int i, Scratch& sc) {
        Slot& sl = slots_[static_cast<std::size_t>(i)];
        clear_step(i);
        sl.state.apply_unchecked(seat_ptr()[i],
                                 static_cast<Action>(chosen_[static_cast<std::size_t>(i)]));
        ++sc.decisions;
        settle(sl, sc, i);
        write_outputs(sl, sc, i);
      });
      collect();
    }
    return outputs();
  }

  // A legal action for each slot's seat, uniformly at random from the
  // slot's own generator (primary: leaving out free edits such as First
  // Contact's note pad, as `meeple bench` plays): vg.step(vg.sample_actions())
  // is random play.
  py::array_t<std::int32_t> sample_actions(bool primary) {
    {
      py::gil_scoped_release nogil;
      std::int32_t* out = sampled_.mutable_data();
      for_chunks([&](int i, Scratch& sc) {
        out[i] = pick(slots_[static_cast<std::size_t>(i)], sc, primary);
      });
    }
    return sampled_;
  }

  // `steps` steps of random play (sample_actions and step) inside C++, one
  // call from Python; the outputs are those of the last step (rewards and
  // done of earlier steps are counted in games_finished only). Without
  // observe, observations and masks are not written (they are made before
  // the next step() needs them). The number of decisions applied.
  long step_random(int steps, bool primary, bool observe) {
    if (steps < 0) raise(errc::kMalformedRequest, "steps is at least 0");
    const long before = decisions_;
    py::gil_scoped_release nogil;
    const bool write = observe;
    for_chunks([&](int i, Scratch& sc) {
      Slot& sl = slots_[static_cast<std::size_t>(i)];
      for (int k = 0; k < steps; ++k) {
        clear_step(i);
        sl.state.apply_unchecked(seat_ptr()[i], pick(sl, sc, primary));
        ++sc.decisions;
        settle(sl, sc, i);
      }
      if (write) write_outputs(sl, sc, i);
    });
    if (steps > 0) masks_valid_ = write;
    collect();
    return decisions_ - before;
  }

  // The observations and masks of every slot's seat now (reset and step
  // write them already; this is for a VectorGames made without them, or to
  // time the tensors alone).
  py::tuple observe(bool masks) {
    {
      py::gil_scoped_release nogil;
      for_chunks([&](int i, Scratch& sc) {
        write_outputs(slots_[static_cast<std::size_t>(i)], sc, i, true, masks);
      });
      if (masks) masks_valid_ = true;
    }
    return py::make_tuple(obs_, mask_);
  }

  // A copy of slot i's game now (chance drawn on from the slot's generator).
  PyState state(int i) const {
    if (i < 0 || i >= n_)
      raise(errc::kMalformedRequest, fmt::format("game {} is not one of 0 to {}", i, n_ - 1));
    const Slot& sl = slots_[static_cast<std::size_t>(i)];
    GameRecord r;
    r.game = std::string(game_->name());
    r.players = players_;
    return PyState(game_, sl.state, std::move(r), false, sl.chance);
  }

  int num_games() const { return n_; }
  int num_players() const { return players_; }
  int num_distinct_actions() const { return actions_; }
  std::vector<int> observation_shape() const {
    return obs_size_ ? std::vector<int>{obs_size_} : std::vector<int>{};
  }
  int threads() const { return workers_.size(); }
  long decisions() const { return decisions_; }
  long chance_actions() const { return chance_actions_; }
  long games_finished() const { return games_finished_; }
  py::array_t<float> observations() {
    refresh_masks();
    return obs_;
  }
  py::array_t<bool> masks() {
    refresh_masks();
    return mask_;
  }
  py::array_t<float> rewards() const { return rewards_; }
  py::array_t<bool> done() const { return done_; }
  py::array_t<std::int32_t> seats() const { return seat_; }
  py::array_t<std::uint64_t> seeds() const { return seeds_; }

 private:
  struct Slot {
    AnyState state;
    Rng seeder, chance, pick;
  };
  // A thread's lists (kept: an ActionList is 4 KB and zeroed when made) and
  // counts, summed after each run.
  struct Scratch {
    ActionList legal;
    ChanceList outcomes;
    long decisions = 0, chance_actions = 0, games_finished = 0;
  };

  static Json game_params(const PyGame& g) { return to_json(g.parameters()); }
  static int checked_threads(int threads) {
    if (threads < 1 || threads > 256)
      raise(errc::kMalformedRequest, fmt::format("threads is 1 to 256, not {}", threads));
    return threads;
  }

  std::int32_t* seat_ptr() { return seat_.mutable_data(); }

  template <class Fn>
  void for_chunks(Fn fn) {
    const int parts = workers_.size();
    const std::function<void(int)> job = [&](int t) {
      Scratch& sc = *scratch_[static_cast<std::size_t>(t)];
      const int from = static_cast<int>(static_cast<long>(n_) * t / parts);
      const int to = static_cast<int>(static_cast<long>(n_) * (t + 1) / parts);
      for (int i = from; i < to; ++i) fn(i, sc);
    };
    workers_.run(job);
  }

  void collect() {
    for (auto& s : scratch_) {
      decisions_ += s->decisions;
      chance_actions_ += s->chance_actions;
      games_finished_ += s->games_finished;
      s->decisions = s->chance_actions = s->games_finished = 0;
    }
  }

  void start_game(Slot& sl, int i) {
    const std::uint64_t seed = sl.seeder.next_u64();
    seeds_.mutable_data()[i] = seed;
    sl.chance = chance_rng(seed);
    sl.pick = Rng(seed, 0x7069636bULL);
    sl.state.assign_same_game(start_);
  }

  void clear_step(int i) {
    float* r = rewards_.mutable_data() + static_cast<std::size_t>(i) * players_;
    std::fill(r, r + players_, 0.0f);
    done_.mutable_data()[i] = false;
  }

  // Chance drawn until a seat decides; a game that ended reports its
  // returns (1 for each winner) and the slot's next game begins.
  void settle(Slot& sl, Scratch& sc, int i) {
    for (;;) {
      while (!sl.state.is_terminal() && sl.state.is_chance()) {
        sc.outcomes.clear();
        sl.state.impl().chance_outcomes(sc.outcomes);
        sl.state.apply_unchecked(kChance, meeple::sample_chance(sc.outcomes, sl.chance));
        ++sc.chance_actions;
      }
      if (!sl.state.is_terminal()) break;
      const GameResult result = sl.state.result();
      float* r = rewards_.mutable_data() + static_cast<std::size_t>(i) * players_;
      for (int p = 0; p < players_; ++p) r[p] = result.winners.contains(p) ? 1.0f : 0.0f;
      done_.mutable_data()[i] = true;
      ++sc.games_finished;
      start_game(sl, i);
    }
    seat_ptr()[i] = sl.state.to_act().lowest();
  }

  void write_outputs(const Slot& sl, Scratch& sc, int i, bool observe_anyway = false,
                     bool masks = true) {
    const Seat seat = seat_.data()[i];
    if ((observations_ || observe_anyway) && obs_size_ > 0)
      sl.state.impl().observation(
          seat, std::span<float>(obs_.mutable_data() + static_cast<std::size_t>(i) * obs_size_,
                                 static_cast<std::size_t>(obs_size_)));
    if (!masks) return;
    bool* m = mask_.mutable_data() + static_cast<std::size_t>(i) * actions_;
    std::fill(m, m + actions_, false);
    sc.legal.clear();
    sl.state.impl().legal_actions(seat, sc.legal);
    for (Action a : sc.legal) m[a] = true;
  }

  void refresh_masks() {
    if (masks_valid_) return;
    py::gil_scoped_release nogil;
    for_chunks([&](int i, Scratch& sc) {
      const Slot& sl = slots_[static_cast<std::size_t>(i)];
      bool* m = mask_.mutable_data() + static_cast<std::size_t>(i) * actions_;
      std::fill(m, m + actions_, false);
      sc.legal.clear();
      sl.state.impl().legal_actions(seat_.data()[i], sc.legal);
      for (Action a : sc.legal) m[a] = true;
      if (observations_ && obs_size_ > 0)
        sl.state.impl().observation(
            seat_.data()[i],
            std::span<float>(obs_.mutable_data() + static_cast<std::size_t>(i) * obs_size_,
                             static_cast<std::size_t>(obs_size_)));
    });
    masks_valid_ = true;
  }

  Action pick(Slot& sl, Scratch& sc, bool primary) {
    const Seat seat = seat_.data()[&sl - slots_.data()];
    sc.legal.clear();
    if (primary)
      sl.state.impl().primary_actions(seat, sc.legal);
    else
      sl.state.impl().legal_actions(seat, sc.legal);
    return sc.legal[sl.pick.below(static_cast<std::uint32_t>(sc.legal.size()))];
  }

  // The actions as ints, read from a numpy array of any integer type
  // without converting it (int32 and int64 as they are).
  void read_actions(const py::array& a) {
    if (a.ndim() != 1 || a.shape(0) != n_)
      raise(errc::kMalformedRequest,
            fmt::format("actions is a 1-dimensional integer array of {} (one per game)", n_));
    const char kind = a.dtype().kind();
    if (kind != 'i' && kind != 'u')
      raise(errc::kMalformedRequest, fmt::format("actions are integers, not of dtype {}",
                                                 py::str(a.dtype()).cast<std::string>()));
    const auto* base = static_cast<const char*>(a.data());
    const py::ssize_t stride = a.strides(0);
    const py::ssize_t size = a.itemsize();
    for (int i = 0; i < n_; ++i) {
      const char* p = base + stride * i;
      std::int64_t v = 0;
      switch (size) {
        case 1:
          v = kind == 'i' ? *reinterpret_cast<const std::int8_t*>(p)
                          : *reinterpret_cast<const std::uint8_t*>(p);
          break;
        case 2:
          v = kind == 'i' ? *reinterpret_cast<const std::int16_t*>(p)
                          : *reinterpret_cast<const std::uint16_t*>(p);
          break;
        case 4:
          v = kind == 'i' ? *reinterpret_cast<const std::int32_t*>(p)
                          : *reinterpret_cast<const std::uint32_t*>(p);
          break;
        default: {
          std::int64_t x;
          std::memcpy(&x, p, 8);
          v = x;
        }
      }
      chosen_[static_cast<std::size_t>(i)] = v;
    }
  }

  py::tuple outputs() { return py::make_tuple(obs_, mask_, rewards_, done_, seat_); }

  const AnyGame* game_;
  AnyState start_;
  int n_, players_, actions_, obs_size_;
  std::uint64_t seed_;
  bool observations_;
  bool masks_valid_ = false;
  Workers workers_;
  std::vector<Slot> slots_;
  std::vector<std::unique_ptr<Scratch>> scratch_;
  std::vector<std::int64_t> chosen_;
  py::array_t<float> obs_, rewards_;
  py::array_t<bool> mask_, done_;
  py::array_t<std::int32_t> seat_, sampled_;
  py::array_t<std::uint64_t> seeds_;
  long decisions_ = 0, chance_actions_ = 0, games_finished_ = 0;
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

py::object arena_py(const std::string& game, const py::sequence& bots, int games,
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

py::object ladder_py(const std::string& game, const py::sequence& bots, int players,
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

}  // namespace

PYBIND11_MODULE(meeple_engine, m) {
  m.doc() = "The meeple engine in-process (docs/python.md), shaped like OpenSpiel's pyspiel.";
  static py::exception<Raised> error(m, "MeepleError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Raised& r) {
      py::object e = py::handle(error.ptr())(r.error.code + ": " + r.error.message);
      e.attr("code") = r.error.code;
      e.attr("message") = r.error.message;
      PyErr_SetObject(error.ptr(), e.ptr());
    }
  });

  m.attr("CHANCE") = kChance;
  m.attr("SPECTATOR") = kSpectator;
  m.attr("TERMINAL") = PyState::kTerminal;

  m.def(
      "games",
      [] {
        std::vector<std::string> out;
        for (const AnyGame* g : all_games()) out.emplace_back(g->name());
        return out;
      },
      "The names of every game, as `meeple games` lists them.");
  m.def(
      "describe", [](const std::string& name) { return to_py(find(name).describe()); },
      py::arg("game"), "A game's title, player counts and parameters (with words in en/it/ko).");
  m.def("load_game", &load_game, py::arg("game"), py::arg("players") = py::none(),
        py::arg("params") = py::none(),
        "A game for a number of players (default: its fewest) with parameters (a dict; "
        "defaults fill the rest).");
  m.def("load_record", &load_record, py::arg("record"), py::arg("seed") = py::none(),
        "The state a meeple-record/1 (a dict, its JSON text or a file's path) leads to. With a "
        "seed, chance after it is drawn from it; without one, chance is the caller's.");
  m.def(
      "bots", [](const std::string& name) { return bot_names(find(name)); }, py::arg("game"),
      "The names of the bots a game can seat.");
  m.def(
      "bot", [](const std::string& spec, std::uint64_t seed) { return PyBot(spec, seed); },
      py::arg("spec"), py::arg("seed") = 1,
      "A built-in bot (\"random\", \"heuristic\", \"ismcts:medium\", \"ismcts:500\", ...).");

  m.def("arena", &arena_py, py::arg("game"), py::arg("bots"), py::arg("games") = 100,
        py::arg("players") = py::none(), py::arg("seed") = 1, py::arg("params") = py::none(),
        py::arg("seconds_per_move") = 10.0, py::arg("fixed_seats") = false,
        "`meeple arena`: games between bots, each a built-in name, a cmd:COMMAND program or a "
        "Python object (step(state, seat) or a callable); the report as a dict.");
  m.def("ladder", &ladder_py, py::arg("game"), py::arg("bots"), py::arg("players") = 2,
        py::arg("games_per_pair") = 10, py::arg("seed") = 1, py::arg("params") = py::none(),
        py::arg("seconds_per_move") = 10.0, py::arg("threads") = 1,
        "`meeple ladder`: a round-robin of bots rated on the Elo scale with 95% intervals; bots "
        "as arena's; the report as a dict.");

  py::class_<PyGame>(m, "Game")
      .def_property_readonly("name", &PyGame::name)
      .def_property_readonly("title", &PyGame::title)
      .def("num_players", &PyGame::num_players)
      .def("parameters", &PyGame::parameters, "The parameters, completed with their defaults.")
      .def("describe", &PyGame::describe)
      .def("new_initial_state", &PyGame::new_initial_state, py::arg("seed") = py::none(),
           "The game's start. With a seed, chance is drawn from it after every action, as "
           "`meeple engine` draws it for that seed; without one, chance nodes are the caller's.")
      .def("state_from_json", &PyGame::state_from_json, py::arg("state"),
           py::arg("seed") = py::none(),
           "A state from its JSON form (a dict, its text or a file's path).")
      .def(
          "deserialize_state",
          [](const PyGame& g, const std::string& text) {
            return g.state_from_json(py::str(text), {});
          },
          py::arg("text"))
      .def("__repr__", [](const PyGame& g) {
        return fmt::format("<meeple_engine.Game {} for {}>", g.name(), g.num_players());
      });

  py::class_<PyState>(m, "State")
      .def("current_player", &PyState::current_player,
           "A seat, CHANCE (-1), TERMINAL (-4), or the list of seats deciding at once.")
      .def("seats_to_act", &PyState::seats_to_act)
      .def("is_terminal", &PyState::is_terminal)
      .def("is_chance_node", &PyState::is_chance_node)
      .def("is_simultaneous_node", &PyState::is_simultaneous_node)
      .def("num_players", &PyState::num_players)
      .def("num_distinct_actions", &PyState::num_distinct_actions)
      .def("legal_actions", &PyState::legal_actions, py::arg("seat") = py::none())
      .def("primary_actions", &PyState::primary_actions, py::arg("seat") = py::none(),
           "The legal actions less free edits (First Contact's note pad), as search sees them.")
      .def("chance_outcomes", &PyState::chance_outcomes,
           "(action, probability) pairs of the chance event waiting here.")
      .def("sample_chance_outcome", &PyState::sample_chance_outcome, py::arg("seed"))
      .def("apply_action", &PyState::apply_action, py::arg("action"), py::arg("seat") = py::none(),
           "Applies an action (an int, or its JSON form as a dict) for the seat (default: the "
           "only one to act, or chance).")
      .def("action_to_json", &PyState::action_to_json, py::arg("seat"), py::arg("action"))
      .def("action_to_string", &PyState::action_to_string, py::arg("seat"), py::arg("action"),
           py::arg("lang") = "en")
      .def("returns", &PyState::returns, "1 for each winner, 0 otherwise, once the game is over.")
      .def("result", &PyState::result, "Scores, ranks, winners and details of a finished game.")
      .def("view", &PyState::view, py::arg("seat"),
           "What one seat (or \"spectator\") sees: a dict, the seat's view only.")
      .def("observation_tensor", &PyState::observation, py::arg("seat"),
           "The seat's observation (float32, from its view only; layout in "
           "docs/state-and-views.md).")
      .def("observation_shape", [](const PyState& s) { return s.state().observation_shape(); })
      .def("legal_actions_mask", &PyState::legal_mask, py::arg("seat"),
           "1.0 for each of the seat's legal actions, 0.0 for every other action.")
      .def("view_text", &PyState::view_text, py::arg("seat"), py::arg("lang") = "en")
      .def("history", &PyState::history, py::arg("seat"), py::arg("views") = true,
           py::arg("lang") = "en")
      .def("to_json", &PyState::to_json_py, "The whole state (every seat's secrets) as a dict.")
      .def("serialize", &PyState::serialize)
      .def("record", &PyState::record)
      .def("save_record", &PyState::save_record, py::arg("path"))
      .def("clone", [](const PyState& s) { return PyState(s); })
      .def("__copy__", [](const PyState& s) { return PyState(s); })
      .def("__deepcopy__", [](const PyState& s, py::dict) { return PyState(s); })
      .def("__eq__", &PyState::operator==)
      .def("__str__", &PyState::str)
      .def_property_readonly("game", [](const PyState& s) { return std::string(s.game().name()); });

  py::class_<PyBot>(m, "Bot")
      .def("__call__", &PyBot::operator(), py::arg("state"), py::arg("seat") = py::none(),
           "The bot's action for the seat (default: the only one to act).")
      .def_property_readonly("spec", &PyBot::spec);

  py::class_<VectorGames>(m, "VectorGames")
      .def(py::init([](const py::object& game, int num_games, std::optional<int> players,
                       const py::object& params, std::uint64_t seed, int threads,
                       bool observations) {
             if (py::isinstance<PyGame>(game)) {
               if (players || !params.is_none())
                 raise(errc::kMalformedRequest,
                       "players and params go with a game's name; a Game has its own");
               return std::make_unique<VectorGames>(game.cast<const PyGame&>(), num_games, seed,
                                                    threads, observations);
             }
             const PyGame g = load_game(game.cast<std::string>(), players, params);
             return std::make_unique<VectorGames>(g, num_games, seed, threads, observations);
           }),
           py::arg("game"), py::arg("num_games"), py::arg("players") = py::none(),
           py::arg("params") = py::none(), py::arg("seed") = 1, py::arg("threads") = 1,
           py::arg("observations") = true,
           "num_games games of one game (a name with players and params, or a Game) stepped "
           "together on `threads` threads; slot i's games are dealt from seeds Rng(seed, i) "
           "gives.")
      .def("reset", &VectorGames::reset,
           "Every game from its first seed again: (observations, legal_masks, rewards, done, "
           "seats).")
      .def("step", &VectorGames::step, py::arg("actions"),
           "One action per game (an integer numpy array) for the seat each is asked for: "
           "(observations, legal_masks, rewards, done, seats), the VectorGames' own arrays, "
           "overwritten by the next step.")
      .def("sample_actions", &VectorGames::sample_actions, py::arg("primary") = true,
           "A uniformly random legal action per game (int32), from each game's own generator.")
      .def("step_random", &VectorGames::step_random, py::arg("steps") = 1,
           py::arg("primary") = true, py::arg("observe") = false,
           "`steps` steps of random play inside C++; the number of decisions applied.")
      .def("observe", &VectorGames::observe, py::arg("masks") = true,
           "(observations, legal_masks) of the seats now (masks=False: the observations "
           "only; the masks as they were).")
      .def("state", &VectorGames::state, py::arg("game"), "A copy of one game's state now.")
      .def_property_readonly("num_games", &VectorGames::num_games)
      .def_property_readonly("num_players", &VectorGames::num_players)
      .def_property_readonly("num_distinct_actions", &VectorGames::num_distinct_actions)
      .def_property_readonly("observation_shape", &VectorGames::observation_shape)
      .def_property_readonly("threads", &VectorGames::threads)
      .def_property_readonly("observations", &VectorGames::observations)
      .def_property_readonly("legal_masks", &VectorGames::masks)
      .def_property_readonly("rewards", &VectorGames::rewards)
      .def_property_readonly("done", &VectorGames::done)
      .def_property_readonly("seats", &VectorGames::seats)
      .def_property_readonly("seeds", &VectorGames::seeds,
                             "Each game's seed now: new_initial_state(seed) deals the same game.")
      .def_property_readonly("decisions", &VectorGames::decisions)
      .def_property_readonly("chance_actions", &VectorGames::chance_actions)
      .def_property_readonly("games_finished", &VectorGames::games_finished);
}
