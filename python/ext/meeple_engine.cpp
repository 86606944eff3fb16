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

#include "python/ext/bots.h"
#include "python/ext/convert.h"
#include "python/ext/state.h"
#include "python/ext/vector_games.h"

using namespace meeple_python;

namespace {

// MeepleError, with the code and the message of a meeple Error.
void bind_errors(py::module_& m) {
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
}

// The module's constants and functions: games, records, bots, arena and ladder.
void bind_functions(py::module_& m) {
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
}

// Game and State.
void bind_game_and_state(py::module_& m) {
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
}

// Bot and VectorGames.
void bind_bot_and_vector_games(py::module_& m) {
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

}  // namespace

PYBIND11_MODULE(meeple_engine, m) {
  m.doc() = "The meeple engine in-process (docs/python.md), shaped like OpenSpiel's pyspiel.";
  bind_errors(m);
  bind_functions(m);
  bind_game_and_state(m);
  bind_bot_and_vector_games(m);
}
