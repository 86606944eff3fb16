// Internal to server/: accounts (docs/protocol.md, "Accounts").
// A person may play as a guest, as before, or sign up with a name and a
// password (hashed with libsodium's crypto_pwhash_str: Argon2id). Signing
// in gives a session cookie (its SHA-256 is stored, as seat tokens are) and
// makes the browser a known device of the account (the meeple_device
// cookie). An account keeps the seat tokens it holds (its keyring, the
// tokens themselves: that is what lets a second device play the seat),
// friends, invitations to tables, and a rating per game.
//
// Every call of Accounts reads or writes the store: it blocks, so it runs
// on the hub's account thread (Hub::account_pool), never on an I/O thread
// nor a table's; the calls that hash a password (sign-up, sign-in,
// recovery, a new password, deletion: 0.06 s to 0.3 s a hash) run on the
// hashing threads instead (Hub::hashes), so that session checks never wait
// behind a hash. What it keeps in memory (wrong passwords and their waits,
// requests per address, invitations sent, presence) is this node's: with
// several nodes, each counts its own.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/account_names.h"
#include "server/lobby.h"
#include "server/options.h"
#include "server/password_guard.h"
#include "store/store.h"

namespace meeple::server {

inline constexpr const char* kSessionCookie = "meeple_session";
inline constexpr const char* kDeviceCookie = "meeple_device";
inline constexpr const char* kFormerPlayer = "a former player";

// The value of the cookie `name` in a Cookie header ("" when there is
// none, or it is not 32 lowercase hex digits, as every token of ours is).
std::string cookie_token(std::string_view cookie_header, std::string_view name);
inline std::string session_from_cookie(std::string_view cookie_header) {
  return cookie_token(cookie_header, kSessionCookie);
}
// Set-Cookie for a session token; "" clears the cookie (Max-Age=0).
std::string session_cookie(const std::string& token);
// Set-Cookie for a device token: a year, on every path.
std::string device_cookie(const std::string& token);
// %XX sequences of a path segment decoded ("" when malformed).
std::string percent_decode(std::string_view s);

class Accounts {
 public:
  // `store`: the accounts' rows; `tables`: the tables a profile lists and a
  // deleted account's seats are renamed in.
  Accounts(store::TableStore& tables, store::AccountStore& store, const ServerOptions& options);

  // What a request under /api/account (or /api/players) answers: a body or
  // an error (with `detail`'s fields beside its code: `retry_after` seconds
  // for auth/throttled and auth/busy, `reason` for account/password), the
  // HTTP status of a body, and Set-Cookie headers.
  struct Answer {
    Expected<Json> body = Json::object();
    int status = 200;
    std::vector<std::string> cookies;
    Json detail = Json::object();
  };
  // Who asks: the client's address (what the limits count by) and the
  // browser's meeple_device cookie ("" for none).
  struct Asker {
    std::string address;
    std::string device;
  };

  // Per client address (address_key), at most 10 sign-up, sign-in and
  // recover requests a minute (a bucket of 10): false when this one is over.
  bool allow(const std::string& address);
  // Before a sign-in waits for a hashing thread: auth/throttled when its
  // name may not be tried from its address now by a device the account
  // does not know. Only for an asker with no device cookie (one with a
  // cookie is checked when it runs, its device known then).
  std::optional<Answer> throttled(const Json& body, const Asker& asker);
  // An answer auth/busy: the hashing threads' queue or the address's share
  // of it is full.
  static Answer busy();

  // These hash: on the hashing threads.
  Answer signup(const Json& body, const Asker& asker);
  Answer signin(const Json& body, const Asker& asker);
  Answer recover(const Json& body, const Asker& asker);
  Answer change_password(const std::string& session, const Json& body, const Asker& asker);
  // Deletes the account; the tables whose seat it held are named in
  // `renamed` (their stored seat reads kFormerPlayer now).
  Answer remove(const std::string& session, const Json& body, const Asker& asker,
                std::vector<std::string>& renamed);

  Answer signout(const std::string& session);
  Answer about(const std::string& session);  // GET /api/account
  Answer hide(const std::string& session, const Json& body);
  // Invitations from the accounts it added as friends only, or from anyone.
  Answer friends_only(const std::string& session, const Json& body);
  Answer seats(const std::string& session);
  // Each friend's name, whether they added this account too (`mutual`),
  // and, only then, whether they are online (online() below).
  Answer friends(const std::string& session);
  Answer add_friend(const std::string& session, const Json& body);
  Answer remove_friend(const std::string& session, const Json& body);
  // The invitations of the account still open: `open(table)` says whether
  // the table is still in its lobby (the others are dismissed).
  Answer invitations(const std::string& session,
                     const std::function<bool(const std::string&)>& open);
  Answer dismiss(const std::string& session, const Json& body);
  // GET /api/players/{name}: `session` may be the account's own (it sees
  // itself hidden or not); to anyone else a hidden profile answers as an
  // unknown name does (account/unknown).
  Answer profile(const std::string& name, const std::string& session);
  // GET /api/leaderboards/{game}?view=top|around|friends&page=P
  // (server/leaderboard.cpp): the top's page P of kBoardPage rows; the
  // signed-in account's neighbourhood (kNeighbours above and below it); it
  // and the friends it added. A row is provisional while its RD is above
  // kProvisionalRd. game/unknown; auth/signed_out for around and friends.
  static constexpr std::size_t kBoardPage = 50;
  static constexpr std::int64_t kNeighbours = 10;
  static constexpr double kProvisionalRd = 110;
  Answer leaderboard(const std::string& game, const std::string& view, int page,
                     const std::string& session);
  // Where the account `id` stands to a table of `game` hosted by the
  // account `host` ("" for a guest's table): its rating there (1500 while
  // it has none) and whether `host` added it as a friend. A store that
  // fails to answer leaves it out of rating ranges and friends' tables.
  Viewer viewer(const std::string& id, const std::string& game, const std::string& host);

  // The signed-in account of a session token (nullopt: none, expired). A
  // session that resolves marks its account as seen now (online()).
  std::optional<store::Account> signed_in(const std::string& session);
  // The account store, for what keeps its rows beside the accounts'
  // (server/tournaments.h).
  store::AccountStore& store() const { return store_; }
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
  // Where an account's signed-in requests and WebSocket connections come
  // from (an address_key), kept in this node's memory for
  // options.rating_window: rated games count only between accounts that
  // shared no address lately (docs/ratings.md, "Games that count").
  void seen_from(const std::string& account, const std::string& address);
  // After a rated table's end (docs/ratings.md): the rating in `game` of
  // each seat's account (`accounts`: per seat, the account's id, or "" for
  // a guest's or a bot's seat) is updated from the result, all in one
  // period, each pair's game weighed by "Games that count": not at all for
  // two accounts that shared an address lately (`seat_addresses`: per
  // seat, the addresses the table saw its connections come from, with
  // those seen_from recorded), less for a pair's repeated tables. A seat
  // with no game that counts keeps its rating (none is saved). Failures are
  // logged (the table's result stands).
  void rate(const std::string& table, const std::string& game,
            const std::vector<std::string>& accounts, const Json& result,
            const std::vector<std::vector<std::string>>& seat_addresses = {});
  // An invitation to `table` from the signed-in account `from` for the
  // account named `name`, named by `from`'s name: account/unknown;
  // invite/refused when that account takes invitations from friends only
  // and has not added `from`; invite/too_many when it holds
  // options.max_invitations open ones (`open` as for invitations()) or
  // `from` sent options.invitations_per_hour in the last hour.
  // Told of each invitation made (invite() succeeded): the invitee's
  // account id and the invitation as invitations() lists it. Set once,
  // before any request; called on the account thread.
  std::function<void(const std::string& account, const Json& invitation)> on_invited;
  MaybeError invite(const store::Account& from, const std::string& name, const std::string& table,
                    const std::string& game, const std::string& title,
                    const std::function<bool(const std::string&)>& open);

 private:
  struct Bucket {
    double tokens = 10;
    std::chrono::steady_clock::time_point at;
  };
  std::string hash_password(const std::string& password) const;
  bool verify(const std::string& hash, const std::string& password) const;
  // `password` tried for `account` (nullopt: an unknown name, verified
  // against a dummy hash all the same) by `asker`: nullopt when it is
  // right, else the answer: auth/throttled (no hash tried) or
  // auth/credentials. The sign-in throttle counts it.
  std::optional<Answer> try_password(const std::string& folded,
                                     const std::optional<store::Account>& account,
                                     const std::string& password, const Asker& asker);
  // The throttle's key of the asker's device when the account knows it, else "".
  std::string known_device(const std::string& account, const Asker& asker) const;
  // A new session for the account, and the asker's browser remembered as
  // its device: their Set-Cookies.
  Expected<std::vector<std::string>> open_session(const std::string& account, const Asker& asker);
  // The signed-in account, or auth/signed_out.
  Expected<store::Account> require(const std::string& session);
  // Changes the stored account `id` by `how`: read, changed and written
  // under one lock, so that the account thread and the hashing threads
  // never write over each other's change (account/unknown when it is gone).
  MaybeError change(const std::string& id, const std::function<void(store::Account&)>& how);
  // Gives the accounts made before skeletons were kept theirs (at startup).
  void fill_skeletons();

  store::AccountStore& store_;
  store::TableStore& tables_;
  unsigned long long opslimit_;
  std::size_t memlimit_;
  // Verified for unknown names: the same time as a known one. Made once,
  // at the first sign-in (not at startup: a hash takes a while).
  const std::string& dummy_hash();
  std::once_flag dummy_once_;
  std::string dummy_hash_;
  std::chrono::milliseconds online_for_;
  std::size_t max_invitations_, invitations_per_hour_;
  SigninThrottle throttle_;
  std::mutex change_mutex_;  // change(): one at a time
  std::mutex mutex_;         // guards buckets_, sent_, seen_ and connections_
  std::map<std::string, Bucket> buckets_;
  // By account id: when it sent its invitations of the last hour.
  std::map<std::string, std::deque<std::chrono::steady_clock::time_point>> sent_;
  // By account id: the last signed-in request; the open connections.
  std::map<std::string, std::chrono::steady_clock::time_point> seen_;
  std::size_t seen_swept_ = 0;  // seen_'s size after its last sweep
  std::map<std::string, int> connections_;
  // By account id: the addresses seen_from recorded, each with when it was
  // last seen (at most kAddressesKept an account; older than the window
  // forgotten). Guarded by mutex_.
  static constexpr std::size_t kAddressesKept = 16;
  std::chrono::milliseconds rating_window_;
  std::map<std::string, std::vector<std::pair<std::string, std::chrono::steady_clock::time_point>>>
      addresses_;
  std::size_t addresses_swept_ = 0;  // addresses_'s size after its last sweep
  // The addresses of `account` seen within the window.
  std::vector<std::string> recent_addresses(const std::string& account);
  // How many rated tables of `game` that ended within the window, `table`
  // left out, seated both accounts (read from a's keyring and the stored
  // tables).
  int rated_together(const std::string& a, const std::string& b, const std::string& game,
                     const std::string& table);

  // A table of a keyring as profiles show it: read from the store at most
  // once a minute (a finished table changes only when an account of its
  // seats is deleted, which clears these here; another node's deletion
  // shows within the minute), and a table not finished yet at most every
  // 10 s. A profile asked for again and again then reads no table again
  // (each read loads the table's whole record, on the one account thread).
  struct Shown {
    bool finished = false;
    std::string game;       // finished: its game's name
    Json entry;             // finished: what the profile lists, but for seat and won
    Json winners;           // finished: the result's winners
    bool is_public = true;  // finished: a private table is listed to its own players only
    bool rated = false;
    std::int64_t ended = 0;             // finished: its last entry's time (ms since 1970)
    std::vector<std::string> accounts;  // finished: each seat's account id ("" for none)
    std::chrono::steady_clock::time_point read;
  };
  // `fresh`: a table shown as not finished is read again (a rating must
  // not miss a game that has just ended).
  Shown shown(const std::string& table, bool fresh = false);
  std::mutex shown_mutex_;  // guards shown_
  std::map<std::string, Shown> shown_;
};

}  // namespace meeple::server
