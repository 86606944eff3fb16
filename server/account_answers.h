// Internal to server/accounts*.cpp: what the files of Accounts (accounts.h)
// answer with in common: its errors, a body's strings, the time, an
// invitation as clients read it, and the lengths of its lists.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "server/accounts.h"
#include "server/lobby.h"  // epoch_ms
#include "server/protocol.h"

namespace meeple::server::account_answers {

// An invitation as the client reads it (GET /api/account/invitations and
// the account channel's "invitation" message).
inline Json invitation_json(const store::Invitation& i) {
  return {{"table", i.table}, {"game", i.game}, {"title", i.title}, {"from", i.from}, {"at", i.at}};
}

using Clock = std::chrono::steady_clock;

inline constexpr std::size_t kKeyring = 200;        // seats listed (GET /api/account/seats)
inline constexpr std::size_t kFinishedShown = 100;  // finished games on a profile

inline Error unknown_player() {
  return make_error(store::errc::kUnknownAccount, "no player has that name");
}

inline std::int64_t now_ms() {
  return epoch_ms(std::chrono::system_clock::now());
}

inline Accounts::Answer fail(Error e) {
  Accounts::Answer a;
  a.body = std::move(e);
  return a;
}

inline Accounts::Answer fail(const MaybeError& e) {
  return fail(*e);
}

// A string member of a request's body; request/malformed otherwise.
inline Expected<std::string> text(const Json& body, const char* key) {
  const Json v = body.value(key, Json());
  if (!v.is_string()) return make_error(errc::kMalformed, fmt::format("{} is a string", key));
  return v.get<std::string>();
}

}  // namespace meeple::server::account_answers
