// The engine protocol's requests (docs/engine-protocol.md; cli/engine.h is the
// Engine that answers them): the games an engine holds (Session) and the
// Protocol, whose handlers live by kind of request in cli/engine.cpp (the
// dispatch), engine_games.cpp (games: new, load, fork, close, save, state,
// result), engine_play.cpp (legal, apply, view, observation, history, hide,
// undo) and engine_bots.cpp (bot, go, hint).
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bots/bot.h"
#include "core/record.h"
#include "games/registry.h"

namespace meeple::cli::engine_protocol {

// Codes of the engine protocol (besides the game's and the record's).
inline constexpr const char* kUnknownCommand = "request/unknown_command";
inline constexpr const char* kNoGame = "engine/no_game";
inline constexpr const char* kNothingToUndo = "engine/nothing_to_undo";
inline constexpr const char* kTooManyGames = "engine/too_many_games";
inline constexpr const char* kHidden = "engine/hidden";
inline constexpr const char* kNoRecord = "engine/no_record";

// The protocol's version (hello): 2 added game ids, fork, load of a state,
// history, hide, go/stop and hello itself; version 1 clients never send them.
inline constexpr int kProtocolVersion = 2;
// Games one engine holds at once (new, load and fork refuse more).
inline constexpr std::size_t kMaxGames = 32;
inline constexpr const char* kMainGame = "main";

inline Error bad_request(const std::string& what) {
  return make_error(errc::kMalformedRequest, what);
}

// One game and everything to drive it.
struct Session {
  const AnyGame* game = nullptr;
  bool auto_chance = true;  // chance drawn from `chance_rng` after every move
  AnyState state;
  GameRecord record;
  Rng chance_rng;
  Rng bot_rng;
  // Where the game began in this engine (a new game, or the loaded state),
  // and whether that is the game's start: record.actions lead from `origin`
  // to `state`, and are a whole record only from the start.
  AnyState origin;
  bool from_start = true;
  // The one seat whose view is all the program sees (hide), if any.
  std::optional<Seat> hidden;
  // Bots asked for moves keep their seat's memory (spec, bot) until an undo.
  std::map<Seat, std::pair<std::string, std::unique_ptr<Bot>>> bots;
  // Undo points: before each apply, the state, the record's length and the
  // chance generator.
  struct Point {
    AnyState state;
    std::size_t actions;
    Rng chance_rng;
  };
  std::vector<Point> undo;

  // A copy under another id: the same game, the same generators and undo
  // points; bots start afresh (a bot's memory is not copied).
  Session fork() const {
    return Session{.game = game,
                   .auto_chance = auto_chance,
                   .state = state,
                   .record = record,
                   .chance_rng = chance_rng,
                   .bot_rng = bot_rng,
                   .origin = origin,
                   .from_start = from_start,
                   .hidden = hidden,
                   .bots = {},
                   .undo = undo};
  }
};

class Protocol {
 public:
  // Writes one streamed line (a go's info) to the program.
  using Emit = std::function<void(Json)>;

  // `cap`: the most a bot or a go may search per decision (bot/budget over it).
  explicit Protocol(BudgetCap cap) : cap_(cap) {}

  // The response to one request (without "id", added by the caller). `emit`
  // streams a go's info lines; `stop` ends a go early (null: no stop can
  // come, so a go needs a budget). The checks, in order: the request's
  // form, its fields, then (but for quit) "lang" and "game_id", the
  // command, and the game it addresses.
  Json handle(const Json& req, bool& quit, const Emit& emit, const std::atomic<bool>* stop);

  static Json failure(const Error& e);

 private:
  BudgetCap cap_;

  // One request as its handler gets it.
  struct Call {
    const Json& req;
    const Emit& emit;
    const std::atomic<bool>* stop;
    bool& quit;
  };

  // What a request needs before its handler runs.
  enum class Scope {
    kFirst,    // nothing: answered before "lang" and "game_id" are checked (quit)
    kEngine,   // no game: about the engine; the answer names no game
    kNewGame,  // makes a game under the request's game_id (or "main"), named in the answer
    kGame,     // the game the request names (or "main"), which must exist: s_ points at it
  };

  // One request of the protocol (docs/engine-protocol.md): its "cmd", the
  // fields it reads besides "cmd", "id", "game_id" and "lang" (any other is
  // refused, so that a mistyped one ("seeed") is not silently left out),
  // what it needs, and its handler.
  struct Request {
    const char* cmd;
    std::vector<const char*> fields;
    Scope scope;
    Json (*handler)(Protocol& p, const Call& c);
  };

  // Every request, in the order hello lists them.
  static const std::vector<Request>& requests();

  static const Request* find_request(const std::string& cmd);

  // A field the request does not read, named with those it does.
  static MaybeError unknown_field(const Request& r, const Json& req);

  // A game named in the request is named in the answer (the main game's
  // answers stay as they were before game ids; fork names its copy).
  static Json named(const Json& req, Json resp);

  static Json ok(Json fields);

  static bool valid_id(const Json& j);
  static std::string id_of(const Json& req);
  std::string ids() const;
  // Room for one more game under `id` (replacing a game of that id is fine).
  MaybeError room_for(const std::string& id) const;

  // The addressed game's status (status_json: terminal, chance, to_act) with its
  // game, players and step (actions applied since it began here).
  Json status() const;

  // hello: the engine, the protocol's version, every request, the most games
  // and the most a search may take.
  Json hello() const;

  // games: every game's description and facts (as `meeple games --json`).
  Json games() const;

  // list: every game held, by id, with its status (and hidden seat).
  Json list() const;

  // bots: the bots of "game" (default: the addressed game's) and its default.
  Json bots(const Json& req) const;

  static Error unknown_game(const std::string& name);

  // "seed", "chance" and "hide" of new and load.
  struct Options {
    std::uint64_t seed = 1;
    bool auto_chance = true;
    Json hide;  // null: every seat is seen
  };
  static MaybeError options(const Json& req, Options& o);

  // The seat of a "hide" (a seat of the table) for `state`.
  static Expected<std::optional<Seat>> hidden_seat(const AnyState& state, const Json& hide);

  // new: a new game of "game" under the request's id (replacing one of that
  // id), its players, params, seat names, seed, chance and hide checked
  // first; answers as started().
  Json fresh(const Json& req);

  // The answer to new and load: the status and the chance drawn at once.
  Json started();

  // load: a game from a record ("record" or "file") or a state ("state" or
  // "state_file", with "game") under the request's id; answers as started().
  Json load(const Json& req);

  // A position: the whole state (as `meeple new` prints it and `state`
  // answers) of a named game. Its moves before are unknown, so the game has
  // no record to save; history begins here.
  Json load_state(const Json& req, const std::string& id);

  void start(const std::string& id, const AnyGame* g, AnyState st, GameRecord r, const Options& o,
             std::optional<Seat> hidden);

  // fork: a copy of the addressed game under "as" (default fork-1, fork-2,
  // ...): its status, with that game_id.
  Json fork(const Json& req);

  // close: the addressed game dropped; how many games are left.
  Json close(const Json& req);

  // The entry for one applied action as the program may see it: everything
  // (seat, action, JSON form, words), or, when the game is hidden for
  // another seat, only what that seat is told of it.
  Json told(const AnyState& before, Seat seat, Action a) const;

  // Applies a checked-legal move: record, bots that observe.
  Json commit(Seat seat, Action a);

  // Draws chance while the game waits for it (when the engine draws chance).
  Json resolve_chance();

  static std::string lang_of(const Json& req);

  // hide: a seat whose requests and answers are all the program sees.
  Error hidden_from(const std::string& what) const;

  // legal: the legal actions of "seat" (default: the hidden seat, else every
  // seat to act) or the chance outcomes; never another seat's when hidden.
  Json legal(const Json& req) const;

  // apply: "action" for "seat" (default: the one seat to act), checked legal
  // first (a refused action changes nothing), then chance drawn if the engine
  // draws it; the status with every action applied, as the program may see it.
  Json apply(const Json& req);

  // view: what "seat" (or spectator) sees, and its board in words with
  // "text"; of a hidden game only its seat's and the spectator's.
  Json view(const Json& req) const;

  // The seat's observation tensor and legal-action mask (core/any_game.h),
  // as numbers: what a learning program reads instead of the view.
  Json observation(const Json& req) const;

  // What one seat saw, in order (its information state): its view where
  // this engine's game began, then for each action since, what the seat was
  // told of it (the game's event words, as the table tells it), the action
  // itself when it was the seat's own, and its view after it.
  Json history(const Json& req) const;

  // hide: from now on the program sees only "seat"'s view (for good: a
  // hidden game stays hidden for its seat); the status.
  Json hide(const Json& req);

  // state: the whole state (of a hidden game: its seat's view).
  Json state() const;

  // result: the finished game's result (game/not_over before the end).
  Json result() const;

  // undo: the last "steps" (default 1) applies taken back, with the chance
  // they drew; bots forget what they saw. The status.
  Json undo(const Json& req);

  // The seat a bot or a go decides for: "seat", else the one seat to act.
  Expected<Seat> deciding_seat(const Json& req) const;

  // A bot spec from "bot" (default `fallback`), with "iterations" or "ms"
  // replacing its budget.
  static Expected<std::string> spec_of(const Json& req, std::string fallback);

  // Plays `a` for `seat` (a bot's or a go's choice) into the answer `j`.
  Json play_into(Json j, Seat seat, Action a);

  // bot: the choice of a bot ("bot", default the game's own; "iterations"
  // or "ms" its budget) for "seat" (default the one to act), played with
  // "apply". A bot keeps its seat's memory across requests until an undo.
  Json bot(const Json& req);

  // Thinks as a UCI engine does: a searching bot for the seat, streaming
  // info lines, until its budget is spent or a stop comes; then its choice
  // (the "bestmove").
  Json go(const Json& req, const Emit& emit, const std::atomic<bool>* stop);

  // hint: the search's top choices for the seat to act (bots/hint.h), from
  // that seat's information only, each with its chance to win and why.
  Json hint_for(const Json& req, const std::atomic<bool>* stop);

  // An info line's figures: iterations, nodes, ms, the seat's ten most
  // visited actions with their win estimates, and the best line.
  static Json progress_json(const AnyState& s, Seat seat, const Bot::Progress& p);

  // save: the game's record (of a game from its start, not hidden), or
  // written to "file".
  Json save(const Json& req);

  std::map<std::string, Session> games_;
  Session* s_ = nullptr;  // the game the request addresses
};

}  // namespace meeple::cli::engine_protocol
