// The account store (store/store.h says where it sits): people's accounts
// and what hangs from them: sessions, known devices, recovery codes, the
// keyring of seats an account holds, friends, invitations and ratings
// (server/accounts.h says what the server does with them). Account data is
// not leased: any node may write it. Each write is durable when it returns
// without an error. One contract suite tests every account store
// (tests/store_test.cpp, AccountStoreContract).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace meeple::store {

using TableId = std::string;  // as store/table_store.h's

struct Account {
  std::string id;             // the store's key, made by the server (random)
  std::string name;           // as the person wrote it
  std::string folded;         // the name folded for uniqueness (case ignored): unique
  std::string password_hash;  // crypto_pwhash_str's string (Argon2id)
  bool hidden = false;        // the profile is shown to its owner only
  std::int64_t created = 0;   // ms since 1970
  // The name as it looks (server/account_names.h: the confusable skeleton):
  // unique among the accounts that have one. Empty for an account made
  // before skeletons were kept, until the server gives it one
  // (accounts_without_skeleton).
  std::string skeleton;
  bool friends_only = false;  // takes invitations only from accounts it added as friends
};

// One seat token an account holds (its "keyring"): what lets the account's
// other devices play that seat. seat: the seat, or kSpectator (-2) for a
// table's host token. Kept as the token itself, not its hash.
struct KeyringSeat {
  std::string table;
  int seat = -2;
  std::string token;
  std::int64_t added = 0;  // ms since 1970
};

// An invitation to a table, for the invitee's account.
struct Invitation {
  std::string account;  // the invitee's id
  std::string table;
  std::string game;
  std::string title;
  std::string from;  // the inviter's name
  std::int64_t at = 0;
};

// One account's rating at one game (Glicko-2; the maths is server/'s).
struct Rating {
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
  int games = 0;
};

// One row of a game's leaderboard: an account that is not hidden and has a
// rating there (a rating exists only once a rated table that counted moved
// it: docs/ratings.md, "Games that count").
struct BoardRow {
  std::string account;  // the id
  std::string name;
  Rating rating;
  std::int64_t place = 0;  // 0 for the best
};

// A tournament (docs/tournaments.md): the columns it is looked up by and
// the rest as one JSON document the server reads and writes whole (its
// params, kind, rounds, table size, entrants, rounds' tables and results:
// server/tournaments.h says what it holds). Written by one node at a time:
// the node that runs tournaments.
struct TournamentRow {
  std::string id;
  std::string name;
  std::string game;
  std::string phase;        // "open" (taking entrants), "playing" or "finished"
  std::int64_t starts = 0;  // ms since 1970: when round 1 is made
  std::string doc;          // the JSON document
};

namespace errc {
inline constexpr const char* kAccountExists = "account/exists";  // the folded name is taken
inline constexpr const char* kUnknownAccount = "account/unknown";
}  // namespace errc

class AccountStore {
 public:
  virtual ~AccountStore() = default;
  // create_account: account/exists when another account has its folded
  // name or (when `a.skeleton` is not empty) its skeleton; two accounts
  // created at once with one skeleton: one of them is refused.
  virtual MaybeError create_account(const Account& a) = 0;
  // By id, or by folded name: nullopt when there is none.
  virtual Expected<std::optional<Account>> account(const std::string& id) const = 0;
  virtual Expected<std::optional<Account>> account_named(const std::string& folded) const = 0;
  // Writes the password hash, hidden, friends_only and skeleton of the
  // account `a.id` (account/unknown; account/exists when another account
  // has that skeleton, and then nothing is written).
  virtual MaybeError update_account(const Account& a) = 0;
  // At most `limit` accounts whose skeleton is empty (made before skeletons
  // were kept, or whose skeleton another account had first).
  virtual Expected<std::vector<Account>> accounts_without_skeleton(std::size_t limit) const = 0;
  // The account and everything of it: sessions, known devices, recovery
  // codes, keyring, friends (both ways), invitations (to it), ratings.
  virtual MaybeError delete_account(const std::string& id) = 0;
  // Known devices (the browsers an account signed in from: the SHA-256 of
  // their meeple_device cookie): add remembers one (again: its time
  // replaced), known tells whether that device signed in to that account,
  // drop forgets the account's devices but `keep` (a hash, or "").
  virtual MaybeError add_device(const std::string& token_hash, const std::string& account,
                                std::int64_t at) = 0;
  virtual Expected<bool> known_device(const std::string& token_hash,
                                      const std::string& account) const = 0;
  virtual MaybeError drop_devices(const std::string& account, const std::string& keep) = 0;
  // Whether one device signed in to both accounts, each at or after `since`
  // (ms since 1970): a rated game between them counts for nothing
  // (docs/ratings.md, "Games that count").
  virtual Expected<bool> shared_device(const std::string& a, const std::string& b,
                                       std::int64_t since) const = 0;
  // Sessions: a token's hash, its account, when it expires (ms since 1970).
  virtual MaybeError add_session(const std::string& token_hash, const std::string& account,
                                 std::int64_t expires) = 0;
  // The account of a session not expired at `now`; nullopt otherwise.
  virtual Expected<std::optional<std::string>> session(const std::string& token_hash,
                                                       std::int64_t now) const = 0;
  virtual MaybeError drop_session(const std::string& token_hash) = 0;
  // Every session of the account but `keep` (a token hash, or "").
  virtual MaybeError drop_sessions(const std::string& account, const std::string& keep) = 0;
  // Recovery codes, hashed: set replaces them all; use removes one and
  // answers whether it was there (a code works once).
  virtual MaybeError set_recovery_codes(const std::string& account,
                                        const std::vector<std::string>& hashes) = 0;
  virtual Expected<bool> use_recovery_code(const std::string& account, const std::string& hash) = 0;
  virtual Expected<int> recovery_codes_left(const std::string& account) const = 0;
  // The keyring: add keeps one row per (account, table, seat), the token
  // and time replaced; listed newest first, at most `limit`.
  virtual MaybeError add_to_keyring(const std::string& account, const KeyringSeat& s) = 0;
  virtual Expected<std::vector<KeyringSeat>> keyring(const std::string& account,
                                                     std::size_t limit) const = 0;
  // The accounts holding seats (not host tokens) of one table: seat -> account.
  virtual Expected<std::map<int, std::string>> accounts_at(const TableId& table) const = 0;
  // Friends: one way (account lists friend), added once; friends(account)
  // in the order added.
  virtual MaybeError add_friend(const std::string& account, const std::string& friend_id) = 0;
  virtual MaybeError remove_friend(const std::string& account, const std::string& friend_id) = 0;
  virtual Expected<std::vector<std::string>> friends(const std::string& account) const = 0;
  // Invitations: one per (invitee, table), a later one replacing it; listed
  // oldest first.
  virtual MaybeError invite(const Invitation& i) = 0;
  virtual MaybeError dismiss_invitation(const std::string& account, const TableId& table) = 0;
  virtual Expected<std::vector<Invitation>> invitations(const std::string& account) const = 0;
  // Ratings per (account, game): nullopt when the account has none there.
  virtual MaybeError save_rating(const std::string& account, const std::string& game,
                                 const Rating& r) = 0;
  virtual Expected<std::optional<Rating>> rating(const std::string& account,
                                                 const std::string& game) const = 0;
  // A game's leaderboard: the accounts not hidden with a rating at `game`,
  // by rating (highest first), then by id, from place `offset` (0: the
  // best), at most `limit` rows.
  virtual Expected<std::vector<BoardRow>> leaderboard(const std::string& game, std::size_t offset,
                                                      std::size_t limit) const = 0;
  // The account's place on that board (0: the best): nullopt when it is
  // hidden or has no rating at `game`.
  virtual Expected<std::optional<std::int64_t>> board_place(const std::string& account,
                                                            const std::string& game) const = 0;
  // Tournaments: save writes the row whole (a new id adds one); listed by
  // start time, latest first, at most `limit`, those of `phase` only unless
  // it is "".
  virtual MaybeError save_tournament(const TournamentRow& t) = 0;
  virtual Expected<std::optional<TournamentRow>> tournament(const std::string& id) const = 0;
  virtual Expected<std::vector<TournamentRow>> tournaments(const std::string& phase,
                                                           std::size_t limit) const = 0;
};

}  // namespace meeple::store
