// Errors for untrusted input: a stable machine-readable code and a message a
// person understands. Programmer bugs are asserts, not Errors.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace meeple {

struct Error {
  std::string code;     // stable, e.g. "action/illegal"
  std::string message;  // for people
  bool operator==(const Error&) const = default;
};

// The stable codes. Clients and tests match on these strings.
namespace errc {
inline constexpr const char* kIllegal = "action/illegal";
inline constexpr const char* kNotYourTurn = "action/not_your_turn";
inline constexpr const char* kMalformedAction = "action/malformed";
inline constexpr const char* kGameOver = "action/game_over";
inline constexpr const char* kMalformedRequest = "request/malformed";
inline constexpr const char* kUnknownGame = "game/unknown";
inline constexpr const char* kBadPlayers = "game/players";
inline constexpr const char* kUnknownParam = "params/unknown";
inline constexpr const char* kBadParam = "params/invalid";
inline constexpr const char* kCorruptState = "state/corrupt";
inline constexpr const char* kCorruptRecord = "record/corrupt";
inline constexpr const char* kReplayMismatch = "record/mismatch";
inline constexpr const char* kIo = "io/failed";
// The game has no observation tensors (core/observation.h).
inline constexpr const char* kNoObservation = "game/no_observation";
// The command line itself is wrong (an unknown subcommand or option, a
// value of the wrong kind): the binary, not a game, refuses it.
inline constexpr const char* kUsage = "usage/invalid";
}  // namespace errc

inline Error make_error(std::string code, std::string message) {
  return Error{std::move(code), std::move(message)};
}

// Empty when the operation succeeded.
using MaybeError = std::optional<Error>;

// A value or an Error (std::expected arrives only in C++23).
template <class T>
class Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Expected(Error error) : v_(std::move(error)) {}  // NOLINT
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace meeple
