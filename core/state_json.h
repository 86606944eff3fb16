// What programs are shown of a state, in one place so that `meeple legal |
// view | result | apply`, `meeple engine` (cli/) and the engine built to
// WebAssembly for the browser (wasm/) agree: actions as {"action", "json",
// "words"}, chance outcomes with their weights, the status of a state, and
// the parsing of a move given as an integer or as its JSON form. Everything
// goes through AnyState (the same calls the room and the server use:
// describe_action, action_from_json, view).
#pragma once

#include <optional>
#include <string_view>

#include "core/any_game.h"

namespace meeple {

// The game is not over yet (a result was asked for).
inline constexpr const char* kNotOver = "game/not_over";

// {"action": n, "json": {...}, "words": "..."} for one of the seat's legal
// actions (or, for kChance, one of the outcomes: "weight" added, and the
// words are the event as the spectator is told it).
Json action_entry(const AnyState& s, Seat seat, Action a, std::string_view lang);

// The legal actions of `seat`, or of every seat to act when none is given:
//   {"terminal": b, "chance": b, "to_act": [...],
//    "seats": [{"seat": s, "actions": [entry...]}...]}   (someone decides)
//   {..., "chance": true, "total_weight": w, "outcomes": [entry...]}  (chance)
// A seat that is not to act gets an empty list; seat/invalid outside the table.
// Free actions, which do not end the seat's decision (First Contact's note
// pad), carry "free": true; `primary_only` leaves them out.
Expected<Json> legal_json(const AnyState& s, std::optional<Seat> seat, std::string_view lang,
                          bool primary_only = false);

// {"terminal": b, "chance": b, "to_act": [...]}.
Json status_json(const AnyState& s);

// A seat from a program: an integer 0..players-1, -1 (chance), or -2 /
// "spectator" when `allow_spectator`. seat/invalid otherwise.
Expected<Seat> parse_seat(const AnyState& s, const Json& seat, bool allow_spectator);

struct Move {
  Seat seat = kChance;
  Action action = -1;
};
// A move given as `action` (an integer or the action's JSON form) for `seat`
// (null: chance when the state waits for chance, else the one seat to act).
// Legality is left to AnyState::apply.
Expected<Move> parse_move(const AnyState& s, const Json& seat, const Json& action);

// The state's result ({"players", "score", "rank", "winners", "details"}), or
// game/not_over.
Expected<Json> result_of(const AnyState& s);

}  // namespace meeple
