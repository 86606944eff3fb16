// The game contract. Every game provides a Game type (rules options, setup)
// and a State type (one position). Search is templated on State and calls it
// directly; the server, the CLI and replays use the type-erased AnyGame /
// AnyState of core/any_game.h.
//
// State contract:
//  - A copyable value type with no pointers into itself; copies compare equal
//    (operator==). Search copies it millions of times: keep it in fixed arrays
//    and InlineVec, never allocate on apply_unchecked / legal_actions.
//  - Exactly one of: is_terminal(); is_chance() (the game waits for a chance
//    outcome: a die face, the next card of the deck...); or to_act() non-empty.
//    to_act() lists the seats that must decide now. Several seats means a
//    simultaneous secret decision: each seat's choice is held hidden in the
//    state until all are in. A seat may also have "free" legal actions while
//    not in to_act() (e.g. First Contact note-pad edits); drivers only ask
//    seats in to_act() to move.
//  - chance_outcomes(): the outcomes with integer weights (probability =
//    weight / sum). Whoever drives the game picks one and applies it with seat
//    kChance. A game record is parameters + actions (chance included), so a
//    replay needs no random generator.
//  - legal_actions(seat): the seat's legal actions, sorted ascending, no
//    duplicates; empty for a seat with nothing to do.
//  - apply(seat, action): validates and applies; on an illegal action returns
//    an Error (codes in core/error.h) and leaves the state unchanged. Never
//    crashes on any seat or action value. apply_unchecked: same without
//    validation, for search; undefined on illegal input.
//  - action_to_json / action_from_json: the action's readable form for people,
//    protocol and records, in the context of this state. Both round-trip.
//  - view(seat): everything that seat may know, and nothing else, as JSON.
//    view(kSpectator) shows the public part. Bots get the same as humans.
//  - determinize(seat, rng): a full state consistent with everything that seat
//    knows (its view), with all hidden parts re-sampled. The conformance suite
//    checks view(seat) is unchanged by it.
//  - to_json / Game::state_from_json: the whole state (hidden parts included),
//    round-tripping exactly. state_from_json rejects corrupt input with
//    state/corrupt instead of building an invalid state.
//  - result(): valid when is_terminal(); result_details(): game-specific JSON
//    (teams, verdicts, tie-break figures), may be an empty object. Keys that
//    mean the same in every game are spelled the same, because the arena,
//    terminal play and the server read them: "rounds" (number of rounds
//    played), "verdict" (a string naming how the game ended), "teams" (an
//    object: team name -> array of {"seat", "winner"}). Anything else is the
//    game's own.
//
// Optional Game members, used when present:
//  - static MaybeError check_chat(std::string_view text): the table-talk rule
//    (an error for a chat line the rules forbid).
//  - static const Catalog& messages(): the game's message catalog
//    (core/i18n.h), every text of the game in en/it/ko.
//  - static std::string_view guide(): the guided first game (room/guide.h).
//  - static std::int64_t max_game_length(int players): a bound on a game's
//    length, every action and chance outcome included, derived from the
//    rules (the engine's game facts); a game that can go on without end
//    has none.
//
// Optional State members, used when present:
//  - search_actions(seat, out): the subset of legal actions that search and
//    the terminal's numbered choices consider (sorted), e.g. leaving out free
//    note-pad edits that never change the outcome.
//  - write_view(seat, JsonWriter&): writes view(seat) as text
//    (core/json_writer.h), byte for byte view(seat).dump(), keys in
//    ascending order; the server reads views this way after every action
//    (AnyState::view_text), so a game whose view is big may write it
//    directly instead of building a tree. The conformance suite checks the
//    two agree.
//  - write_action(seat, action, JsonWriter&): writes action_to_json(seat,
//    action) as text, byte for byte its dump(); the server writes every
//    legal action's JSON this way after every action (the choices), so a
//    game may write them directly instead of building trees. The
//    conformance suite checks the two agree.
//  - static constexpr bool kViewsPublic = true: the game's views hide
//    nothing, so view(seat) is the same for every seat and the spectator;
//    the server then writes one view per action for all of them.
//  - static constexpr bool kWordsPublic = true: describe_event tells every
//    observer the same words (it says "you" to nobody); the server then
//    words each event once per language for all of them.
//    The conformance suite checks both: every seat's view, and words, are
//    the spectator's.
//  - text_view(seat, lang) -> std::string: the board as that seat sees it,
//    for terminal play; must show nothing view(seat) does not. A game may
//    take a third argument, the detail (kTextDetail* below), to give a
//    terminal screen less of the board.
//  - describe_action(seat, action, lang) -> std::string: one of the seat's
//    legal actions in words ("take the Stegosaurus from dig site 2").
//  - describe_event(observer, actor, action, lang) -> std::string: what
//    `observer` sees of `actor` (kChance included) taking `action`, in words,
//    asked before the action is applied; must tell nothing view(observer)
//    will not show. Terminal play prints these between the person's turns
//    instead of the changes to its view.
//  - reveals(seat, action) -> bool: whether the seat's legal action makes
//    known, to anyone, something hidden other than the action itself (the
//    last secret decision of a simultaneous one, which shows them all; an
//    answer that tells whether a hidden target was hit). Required of a game
//    whose hidden information comes out by a decision rather than a chance
//    outcome: taking back a move stops there (core/undo.h). The conformance
//    suite checks that an action said not to reveal shows the seat the
//    same view whatever the hidden parts were.
#pragma once

#include <concepts>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/types.h"

namespace meeple {

// The detail a terminal screen asks text_view for (cli/curses_screen.h):
// - kTextDetailFull: the whole board, as the line mode and the engine print it.
// - kTextDetailMarked: the same, but with a line holding kTextDecisionMark
//   alone before the part the seat's decision needs (the rest, above it, may
//   scroll away on a short screen); what no decision needs may be left to
//   `help` (First Contact's typed note form).
// - kTextDetailCompact: as marked, the needed part in shorter forms.
// A game without the third argument gives the full board at every detail.
inline constexpr int kTextDetailFull = 0;
inline constexpr int kTextDetailMarked = 1;
inline constexpr int kTextDetailCompact = 2;
inline constexpr std::string_view kTextDecisionMark = "\f";

template <class S>
concept GameState = std::copyable<S> && std::equality_comparable<S> &&
    requires(const S& cs, S& s, Seat seat, Action a, ActionList& actions, ChanceList& outcomes,
             Rng& rng, const Json& j) {
  { cs.num_players() } -> std::convertible_to<int>;
  { cs.num_distinct_actions() } -> std::convertible_to<int>;
  { cs.is_terminal() } -> std::same_as<bool>;
  { cs.is_chance() } -> std::same_as<bool>;
  { cs.to_act() } -> std::same_as<SeatSet>;
  { cs.legal_actions(seat, actions) } -> std::same_as<void>;
  { cs.chance_outcomes(outcomes) } -> std::same_as<void>;
  { s.apply(seat, a) } -> std::same_as<MaybeError>;
  { s.apply_unchecked(seat, a) } -> std::same_as<void>;
  { cs.action_to_json(seat, a) } -> std::same_as<Json>;
  { cs.action_from_json(seat, j) } -> std::same_as<Expected<Action>>;
  { cs.view(seat) } -> std::same_as<Json>;
  { cs.to_json() } -> std::same_as<Json>;
  { cs.determinize(seat, rng) } -> std::same_as<S>;
  { cs.result() } -> std::same_as<GameResult>;
  { cs.result_details() } -> std::same_as<Json>;
};

// Game contract: static description and setup.
//  - kName: the id used on command lines and in records ("first-giants").
//  - kTitle: the name people read.
//  - params_schema(): every rule option, with defaults.
//  - param_variants(): parameter sets the conformance suite must cover (at
//    least {}), e.g. every edition.
//  - new_game(params, players): params are already resolved against the
//    schema (all keys present); returns an error for combinations the rules
//    forbid. The new state usually starts with chance (shuffling, dealing).
template <class G>
concept Game = requires(const Json& params, int players, const Json& j) {
  typename G::State;
  requires GameState<typename G::State>;
  { G::kName } -> std::convertible_to<std::string_view>;
  { G::kTitle } -> std::convertible_to<std::string_view>;
  { G::kMinPlayers } -> std::convertible_to<int>;
  { G::kMaxPlayers } -> std::convertible_to<int>;
  { G::params_schema() } -> std::same_as<ParamSchema>;
  { G::param_variants() } -> std::same_as<std::vector<Json>>;
  { G::new_game(params, players) } -> std::same_as<Expected<typename G::State>>;
  { G::state_from_json(j) } -> std::same_as<Expected<typename G::State>>;
};

// The usual validation of apply(): game over, chance, seat and legality.
// Games call it first in apply() and may add finer messages.
template <GameState S>
MaybeError validate_action(const S& s, Seat seat, Action a) {
  if (s.is_terminal()) return make_error(errc::kGameOver, "the game is over");
  if (seat == kChance) {
    if (!s.is_chance()) return make_error(errc::kNotYourTurn, "the game is not waiting for chance");
    ChanceList outcomes;
    s.chance_outcomes(outcomes);
    for (const auto& o : outcomes)
      if (o.action == a) return {};
    return make_error(errc::kIllegal, "that is not a possible chance outcome here");
  }
  if (seat < 0 || seat >= s.num_players())
    return make_error(errc::kNotYourTurn, "there is no such seat in this game");
  ActionList legal;
  s.legal_actions(seat, legal);
  if (legal.contains(a)) return {};
  if (legal.empty()) return make_error(errc::kNotYourTurn, "it is not this seat's turn");
  return make_error(errc::kIllegal, "that action is not legal now");
}

// Resolves chance nodes with rng until someone must decide or the game ends.
template <GameState S>
void resolve_chance(S& s, Rng& rng) {
  ChanceList outcomes;
  while (!s.is_terminal() && s.is_chance()) {
    outcomes.clear();
    s.chance_outcomes(outcomes);
    s.apply_unchecked(kChance, sample_chance(outcomes, rng));
  }
}

// Ranks (1 = best) from scores, higher is better; equal scores share a rank.
inline void rank_by_score(GameResult& r) {
  for (int i = 0; i < r.players; ++i) {
    int better = 0;
    for (int j = 0; j < r.players; ++j)
      if (r.score[j] > r.score[i]) ++better;
    r.rank[i] = static_cast<std::int8_t>(better + 1);
  }
}

// The usual result of a scored game: `score_of(seat)` for every seat, ranks
// by score, and every seat with the best score a winner (ties share).
template <class ScoreOf>
GameResult result_by_score(int players, ScoreOf&& score_of) {
  GameResult r;
  r.players = players;
  for (Seat p = 0; p < players; ++p) r.score[p] = score_of(p);
  rank_by_score(r);
  for (Seat p = 0; p < players; ++p)
    if (r.rank[p] == 1) r.winners.insert(p);
  return r;
}

}  // namespace meeple
