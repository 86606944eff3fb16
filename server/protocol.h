// The protocol's fixed parts (docs/protocol.md, "meeple-protocol/2"): its
// error codes, the limits on what a client may send, and the reading of
// untrusted JSON. Everything a client sends goes through parse_request first.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/chacha_rng.h"
#include "core/error.h"
#include "core/params.h"

namespace meeple::server {

inline constexpr const char* kProtocol = "meeple-protocol/2";

// Stable error codes of the server (docs/architecture.md lists them with the
// room's and the games' own).
namespace errc {
inline constexpr const char* kMalformed = "request/malformed";
inline constexpr const char* kTooLarge = "request/too_large";
inline constexpr const char* kTooDeep = "request/too_deep";
inline constexpr const char* kRateLimited = "request/rate_limited";
inline constexpr const char* kNotFound = "request/not_found";
inline constexpr const char* kTimeout = "request/timeout";
inline constexpr const char* kSlowClient = "connection/slow";
inline constexpr const char* kShutdown = "server/shutdown";
inline constexpr const char* kUnknownTable = "table/unknown";
inline constexpr const char* kFull = "table/full";
inline constexpr const char* kStarted = "table/started";
inline constexpr const char* kNotStarted = "table/not_started";
inline constexpr const char* kBusy = "table/busy";
inline constexpr const char* kBadToken = "auth/token";
inline constexpr const char* kNotHost = "auth/host";
inline constexpr const char* kSeatTaken = "seat/taken";
// A join during the game by someone who holds a seat at the table already
// (a seat's token, a seated account, a seated person's address): a seat
// offered mid-game is a newcomer's (server/seats.cpp).
inline constexpr const char* kSeatHeld = "seat/held";
// The host offers a seat while another seat is offered.
inline constexpr const char* kSeatOffered = "seat/offered";
// A vote on a seat that is not being voted on.
inline constexpr const char* kNoVote = "vote/none";
// A guest asked for what only a signed-in account may do (a rated seat).
inline constexpr const char* kSignedOut = "auth/signed_out";
// An account channel (/ws/account) past AccountChannels::kMaxPerAccount.
inline constexpr const char* kTooManyChannels = "auth/too_many_channels";
// A rated table with a bot's (or an empty) seat, undo or a guide.
inline constexpr const char* kUnrated = "table/unrated";
// A hint asked at a table whose host did not allow hints; at a rated table
// (never allowed there); while the seat's last hint is still being searched.
inline constexpr const char* kHintOff = "hint/off";
inline constexpr const char* kHintRated = "hint/rated";
inline constexpr const char* kHintBusy = "hint/busy";
// The decision a hint was asked at passed before its answer came.
inline constexpr const char* kHintStale = "hint/stale";
// Several nodes (docs/scaling.md): another node has taken the table; its
// connections are closed with this code and reconnect through the router.
inline constexpr const char* kMoved = "table/moved";
// A stored table whose record cannot be read whole or does not replay (the
// file is damaged: docs/server.md, "Backups"); its connections are closed
// with it, and the rest of the server plays on.
inline constexpr const char* kDamaged = "table/damaged";
// Limits (docs/server.md, "Limits").
inline constexpr const char* kTooManyConnections = "connection/too_many";
inline constexpr const char* kTooManyLobbies = "table/too_many";
inline constexpr const char* kExpired = "table/expired";  // a lobby nobody started in time
inline constexpr const char* kBadOrigin = "request/origin";
inline constexpr const char* kContentType = "request/content_type";
inline constexpr const char* kBotBudget = "bot/budget";
inline constexpr const char* kChatTooFast = "chat/too_fast";
inline constexpr const char* kChatFull = "chat/full";
// Accounts (server/accounts.h); account/exists and account/unknown are the
// store's (store::errc); auth/signed_out is above.
inline constexpr const char* kAccountName = "account/name";
inline constexpr const char* kAccountPassword = "account/password";
inline constexpr const char* kCredentials = "auth/credentials";
// Too many wrong passwords from this address or device: wait `retry_after`.
inline constexpr const char* kThrottled = "auth/throttled";
// The password hashes' queue (or this address's share of it) is full.
inline constexpr const char* kHashBusy = "auth/busy";
// An invitation the invitee takes from friends only; too many invitations
// held by the invitee or sent by the inviter in the last hour.
inline constexpr const char* kInviteRefused = "invite/refused";
inline constexpr const char* kTooManyInvitations = "invite/too_many";
// A seat asked for at a table whose audience (a rating range, friends only)
// leaves the asker out (server/lobby.h, Audience).
inline constexpr const char* kNotForYou = "table/not_for_you";
}  // namespace errc

inline constexpr std::size_t kMaxMessageBytes = 16 * 1024;
inline constexpr int kMaxJsonDepth = 16;

// Reads untrusted JSON: request/too_large over max_bytes, request/too_deep
// when arrays and objects nest deeper than max_depth (checked before parsing,
// so deep input cannot exhaust the parser's stack), request/malformed when it
// is not JSON.
Expected<Json> parse_request(std::string_view text, std::size_t max_bytes = kMaxMessageBytes,
                             int max_depth = kMaxJsonDepth);

// {"type": "error", "code": ..., "message": ...}
Json error_json(const Error& e);

// A new secret: `bytes` random bytes from the operating system's secure
// source (std::random_device, /dev/urandom on Linux), as lowercase hex.
std::string random_hex(std::size_t bytes);
// A fresh 256-bit chance key (room::RoomOptions::chance_key) from OpenSSL's
// RAND_bytes (its generator, seeded from the operating system's getrandom):
// one per table start and per resume, never stored nor sent. Stops the
// program if OpenSSL has no randomness to give: a table never deals from a
// weaker or a fixed key.
ChaChaKey secure_chance_key();
// SHA-256 of the text, lowercase hex (OpenSSL). Tokens are stored only so.
std::string sha256_hex(std::string_view text);
// Equality of two hashes in time independent of where they differ.
bool same_hash(std::string_view a, std::string_view b);

// The party a client address counts as for the limits on what one party
// may hold (tables, lobbies): an IPv6 address as its /64 ("2001:db8:1:2::/64"),
// which is what one subscriber is given, so that the 2^64 addresses of one
// network count once; an IPv4 address (and an IPv4-mapped IPv6 one) as the
// IPv4 address; anything else (a name, "") as it is.
std::string address_key(std::string_view address);

}  // namespace meeple::server
