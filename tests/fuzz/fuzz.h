// Shared by the libFuzzer targets of tests/fuzz (the `fuzz` preset,
// scripts/fuzz). A target reports a broken invariant with FUZZ_CHECK, which
// prints what broke and aborts: libFuzzer then keeps the input as a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/any_game.h"
#include "core/conformance.h"
#include "games/registry.h"
#include "server/protocol.h"

namespace meeple::fuzz {

[[noreturn]] inline void fail(const char* file, int line, const std::string& what) {
  std::fprintf(stderr, "%s:%d: fuzz invariant broken: %s\n", file, line, what.c_str());
  std::fflush(stderr);
  std::abort();
}

#define FUZZ_CHECK(cond, what)                                     \
  do {                                                             \
    if (!(cond)) ::meeple::fuzz::fail(__FILE__, __LINE__, (what)); \
  } while (0)

// The game a selector byte names: the byte modulo the number of games, in
// all_games() order, so the digits '0', '1', '2' of a readable corpus file
// name the first three games.
inline const AnyGame& game_for(std::uint8_t selector) {
  const auto games = all_games();
  return *games[selector % games.size()];
}

// The selector byte (a digit) the corpus files use for `game`.
inline char selector_of(const AnyGame& game) {
  const auto games = all_games();
  for (std::size_t i = 0; i < games.size(); ++i)
    if (games[i] == &game) return static_cast<char>('0' + i);
  return '0';
}

// Arrays and objects nested deeper than this are skipped: nlohmann's dump()
// recurses, and such input tells nothing about our decoders.
inline constexpr int kMaxDepth = 64;

// JSON from untrusted bytes without exceptions (the server's own reader,
// with no size limit here); nullopt when the text is not JSON or nests
// deeper than kMaxDepth.
inline std::optional<Json> parse_json(std::string_view text) {
  auto j = server::parse_request(text, text.size(), kMaxDepth);
  if (!j) return std::nullopt;
  return std::move(*j);
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The game contract's cheap checks (core/conformance.h) on a state a decoder
// accepted, plus every seat's view and, at the end, the result: a state
// that loads must be one the rest of the program can use.
inline void check_usable(const AnyState& s) {
  Rng rng(1);
  std::vector<std::string> problems;
  check_state(s, rng, /*deep=*/false, ConformanceOptions{}, problems);
  for (Seat seat = kSpectator; seat < s.num_players(); ++seat)
    if (seat != kChance) (void)s.view(seat);
  if (s.is_terminal()) {
    check_result(s, problems);
    (void)s.result_json();
  }
  FUZZ_CHECK(problems.empty(), "an accepted state breaks the game contract: " + problems[0] +
                                   "\nstate: " + s.to_json().dump());
}

// The accepted state's JSON loads back as the same state with the same JSON,
// byte for byte.
inline void check_round_trip(const AnyState& s) {
  const std::string once = s.to_json().dump();
  auto back = s.game().state_from_json(Json::parse(once));
  FUZZ_CHECK(back.ok(), "the JSON of an accepted state is refused: " +
                            (back.ok() ? std::string() : back.error().message) + "\n" + once);
  FUZZ_CHECK(back->to_json().dump() == once,
             "the JSON of an accepted state loads as another JSON:\n" + once + "\n" +
                 back->to_json().dump());
  FUZZ_CHECK(*back == s, "the JSON of an accepted state loads as another state:\n" + once);
}

// One validator for load and play: every state an accepted state leads to,
// by a legal action or chance outcome, is accepted too (a First Giants state
// that loaded once led to one the reader refused). At most kSuccessors moves,
// spread evenly over the list, are tried: a First Contact table of 7 lists
// thousands of note-pad edits, and trying each took one input 4.5 s of CPU,
// half of libFuzzer's hang limit, where the moves that differ are few.
inline void check_successors(const AnyState& s) {
  constexpr std::size_t kSuccessors = 96;
  if (s.is_terminal()) return;
  std::vector<std::pair<Seat, Action>> moves;
  if (s.is_chance()) {
    for (const auto& o : s.chance_outcomes()) moves.emplace_back(kChance, o.action);
  } else {
    for (Seat seat = 0; seat < s.num_players(); ++seat)
      if (s.to_act().contains(seat))
        for (Action a : s.legal_actions(seat)) moves.emplace_back(seat, a);
  }
  const std::size_t stride = moves.size() / kSuccessors + 1;
  for (std::size_t i = 0; i < moves.size(); i += stride) {
    const auto& [seat, a] = moves[i];
    AnyState next = s;
    if (next.apply(seat, a)) continue;  // refused: no successor
    auto back = next.game().state_from_json(Json::parse(next.to_json().dump()));
    FUZZ_CHECK(back.ok(), "an accepted state leads to one the reader refuses (" +
                              (back.ok() ? std::string() : back.error().message) + ")\nfrom: " +
                              s.to_json().dump() + "\nby: " + next.action_to_json(seat, a).dump());
  }
}

}  // namespace meeple::fuzz
