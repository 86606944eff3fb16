// Internal to server/: accounts (issue 34; docs/protocol.md, "Accounts").
// A person may play as a guest, as before, or sign up with a name and a
// password (hashed with libsodium's crypto_pwhash_str: Argon2id). Signing
// in gives a session cookie (its SHA-256 is stored, as seat tokens are).
// An account keeps the seat tokens it holds (its keyring, the tokens
// themselves: that is what lets a second device play the seat), friends,
// invitations to tables, and a rating per game.
//
// Every call of Accounts reads or writes the store and may hash a password:
// it blocks, so it runs on the hub's account thread (Hub::account_pool),
// never on an I/O thread nor a table's (a hash takes 0.06 s to 0.3 s). What it
// keeps in memory (failed sign-ins per name, requests per address) is this
// node's: with several nodes, each counts its own.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/options.h"
#include "store/store.h"

namespace meeple::server {

inline constexpr const char* kSessionCookie = "meeple_session";
inline constexpr const char* kFormerPlayer = "a former player";

// An account's name: 3 to 24 characters (code points) of letters of any
// script, digits, space, '_' and '-', not starting or ending with a space;
// account/name otherwise (also for a string that is not UTF-8).
Expected<std::string> check_account_name(const Json& name);
// The name as compared for uniqueness: case folded (Latin, Greek, Cyrillic,
// Armenian; scripts without case, Korean among them, as they are).
std::string fold_name(std::string_view name);
// The session token in a Cookie header ("" when there is none, or it is not
// 32 lowercase hex digits).
std::string session_from_cookie(std::string_view cookie_header);
// Set-Cookie for a session token; "" clears the cookie (Max-Age=0).
std::string session_cookie(const std::string& token);
// %XX sequences of a path segment decoded ("" when malformed).
std::string percent_decode(std::string_view s);

class Accounts {
 public:
  Accounts(store::Store& store, const ServerOptions& options);

  // What a request under /api/account (or /api/players) answers: a body or
  // an error (with `retry_after` seconds for auth/locked), the HTTP status
  // of a body, and Set-Cookie ("" for none).
  struct Answer {
    Expected<Json> body = Json::object();
    int status = 200;
    std::string cookie;
    int retry_after = 0;
  };

  // Per client address, at most 10 sign-up, sign-in and recover requests a
  // minute (a bucket of 10): false when this one is over it.
  bool allow(const std::string& address);

  Answer signup(const Json& body);
  Answer signin(const Json& body);
  Answer signout(const std::string& session);
  Answer about(const std::string& session);  // GET /api/account
  Answer recover(const Json& body);
  Answer change_password(const std::string& session, const Json& body);
  Answer hide(const std::string& session, const Json& body);
  // Deletes the account; the tables whose seat it held are named in
  // `renamed` (their stored seat reads kFormerPlayer now).
  Answer remove(const std::string& session, const Json& body, std::vector<std::string>& renamed);
  Answer seats(const std::string& session);
  // Each friend's name and whether they are online (online() below).
  Answer friends(const std::string& session);
  Answer add_friend(const std::string& session, const Json& body);
  Answer remove_friend(const std::string& session, const Json& body);
  // The invitations of the account still open: `open(table)` says whether
  // the table is still in its lobby (the others are dismissed).
  Answer invitations(const std::string& session,
                     const std::function<bool(const std::string&)>& open);
  Answer dismiss(const std::string& session, const Json& body);
  // GET /api/players/{name}: `session` may be the account's own (it sees
  // itself hidden or not).
  Answer profile(const std::string& name, const std::string& session);

  // The signed-in account of a session token (nullopt: none, expired). A
  // session that resolves marks its account as seen now (online()).
  std::optional<store::Account> signed_in(const std::string& session);
  // Presence, this node's own: an account is online while one of its
  // WebSocket connections is open here (connected(+1) when its upgrade's
  // session cookie resolved, connected(-1) when it closes), or for
  // options.online_for after a signed-in request.
  void connected(const std::string& account, int delta);
  bool online(const std::string& account);
  // A seat or host token (seat -2) joins the account's keyring; an
  // invitation of the account to that table is dismissed (they joined).
  MaybeError keep(const std::string& account, const std::string& table, int seat,
                  const std::string& token);
  // After a rated table's end (docs/ratings.md): the rating in `game` of
  // each seat's account (`accounts`: per seat, the account's id, or "" for
  // a guest's or a bot's seat) is updated from the result, all in one
  // period. Failures are logged (the table's result stands).
  void rate(const std::string& table, const std::string& game,
            const std::vector<std::string>& accounts, const Json& result);
  // An invitation to `table` for the account named `name` from `from`:
  // account/unknown.
  MaybeError invite(const std::string& name, const std::string& table, const std::string& game,
                    const std::string& title, const std::string& from);

 private:
  // Failed sign-ins of one (folded) name in a row, and until when it is locked.
  struct Failures {
    int count = 0;
    std::chrono::steady_clock::time_point locked_until;
  };
  struct Bucket {
    double tokens = 10;
    std::chrono::steady_clock::time_point at;
  };
  std::string hash_password(const std::string& password) const;
  bool verify(const std::string& hash, const std::string& password) const;
  // auth/locked with the seconds left, or nothing.
  std::optional<Answer> locked(const std::string& folded);
  void failed(const std::string& folded);
  void succeeded(const std::string& folded);
  // A new session for the account: its Set-Cookie.
  Expected<std::string> open_session(const std::string& account);
  // The signed-in account, or auth/signed_out.
  Expected<store::Account> require(const std::string& session);

  store::Store& store_;
  unsigned long long opslimit_;
  std::size_t memlimit_;
  // Verified for unknown names: the same time as a known one. Made once,
  // at the first sign-in (not at startup: a hash takes a while).
  const std::string& dummy_hash();
  std::once_flag dummy_once_;
  std::string dummy_hash_;
  std::chrono::milliseconds online_for_;
  std::mutex mutex_;  // guards failures_, buckets_, seen_ and connections_
  std::map<std::string, Failures> failures_;
  std::map<std::string, Bucket> buckets_;
  // By account id: the last signed-in request; the open connections.
  std::map<std::string, std::chrono::steady_clock::time_point> seen_;
  std::size_t seen_swept_ = 0;  // seen_'s size after its last sweep
  std::map<std::string, int> connections_;

  // A table of a keyring as profiles show it: read from the store at most
  // once a minute (a finished table changes only when an account of its
  // seats is deleted, which clears these here; another node's deletion
  // shows within the minute), and a table not finished yet at most every
  // 10 s. A profile asked for again and again then reads no table again
  // (each read loads the table's whole record, on the one account thread).
  struct Shown {
    bool finished = false;
    std::string game;  // finished: its game's name
    Json entry;        // finished: what the profile lists, but for seat and won
    Json winners;      // finished: the result's winners
    std::chrono::steady_clock::time_point read;
  };
  Shown shown(const std::string& table);
  std::mutex shown_mutex_;  // guards shown_
  std::map<std::string, Shown> shown_;
};

}  // namespace meeple::server
