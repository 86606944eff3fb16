// The account store of an SQLite file (store/sqlite_store.h): each write
// one statement or a few through the file's commit thread
// (sqlite_commit.cpp), each read on the reader connection.
#include <fmt/format.h>
#include <sqlite3.h>

#include "store/sqlite_database.h"
#include "store/sqlite_store.h"

namespace meeple::store {

namespace {
// Binds the texts in order (1, 2, ...).
template <class... T>
void bind_texts(Stmt& q, const T&... v) {
  int i = 0;
  (q.bind(++i, std::string_view(v)), ...);
}

// The columns account_row reads, in its order.
constexpr const char* kAccountSelect =
    "SELECT id, name, folded, password_hash, hidden, created, COALESCE(skeleton, ''), "
    "friends_only FROM accounts ";

Account account_row(const Stmt& q) {
  return {.id = q.text(0),
          .name = q.text(1),
          .folded = q.text(2),
          .password_hash = q.text(3),
          .hidden = q.integer(4) != 0,
          .created = q.integer(5),
          .skeleton = q.text(6),
          .friends_only = q.integer(7) != 0};
}
}  // namespace

MaybeError SqliteAccountStore::create_account(const Account& a) {
  return db_.submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db,
           "INSERT INTO accounts (id, name, folded, password_hash, hidden, created, skeleton, "
           "friends_only) VALUES (?, ?, ?, ?, ?, ?, NULLIF(?, ''), ?)");
    if (!q.ok()) return sql_error(db, "prepare");
    bind_texts(q, a.id, a.name, a.folded, a.password_hash);
    q.bind(5, std::int64_t{a.hidden}).bind(6, a.created).bind(7, a.skeleton);
    q.bind(8, std::int64_t{a.friends_only});
    const int rc = q.step();
    if (rc == SQLITE_CONSTRAINT)
      return make_error(errc::kAccountExists, fmt::format("the name '{}' is taken", a.name));
    if (rc != SQLITE_DONE) return sql_error(db, "create account");
    return std::nullopt;
  });
}

Expected<std::optional<Account>> SqliteAccountStore::account(const std::string& id) const {
  return read_account("WHERE id = ?", id);
}

Expected<std::optional<Account>> SqliteAccountStore::account_named(
    const std::string& folded) const {
  return read_account("WHERE folded = ?", folded);
}

Expected<std::optional<Account>> SqliteAccountStore::read_account(const char* where,
                                                                  const std::string& key) const {
  auto [lock, db] = db_.reader();
  Stmt q(db, (std::string(kAccountSelect) + where).c_str());
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, key);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<Account>();
  if (rc != SQLITE_ROW) return sql_error(db, "read account");
  return std::optional<Account>(account_row(q));
}

MaybeError SqliteAccountStore::update_account(const Account& a) {
  return db_.submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db,
           "UPDATE accounts SET password_hash = ?, hidden = ?, friends_only = ?, "
           "skeleton = NULLIF(?, '') WHERE id = ?");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, a.password_hash).bind(2, std::int64_t{a.hidden});
    q.bind(3, std::int64_t{a.friends_only}).bind(4, a.skeleton).bind(5, a.id);
    const int rc = q.step();
    if (rc == SQLITE_CONSTRAINT)
      return make_error(errc::kAccountExists, "another account has a name that looks the same");
    if (rc != SQLITE_DONE) return sql_error(db, "update account");
    if (sqlite3_changes(db) == 0) return make_error(errc::kUnknownAccount, "no such account");
    return std::nullopt;
  });
}

Expected<std::vector<Account>> SqliteAccountStore::accounts_without_skeleton(
    std::size_t limit) const {
  auto [lock, db] = db_.reader();
  Stmt q(db, (std::string(kAccountSelect) + "WHERE skeleton IS NULL LIMIT ?").c_str());
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, static_cast<std::int64_t>(limit));
  std::vector<Account> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(account_row(q));
  if (rc != SQLITE_DONE) return sql_error(db, "accounts without skeleton");
  return out;
}

MaybeError SqliteAccountStore::add_device(const std::string& token_hash, const std::string& account,
                                          std::int64_t at) {
  return db_.write_one("INSERT OR REPLACE INTO devices (token_hash, account, at) VALUES (?, ?, ?)",
                       [&](Stmt& q) { q.bind(1, token_hash).bind(2, account).bind(3, at); });
}

Expected<bool> SqliteAccountStore::known_device(const std::string& token_hash,
                                                const std::string& account) const {
  auto [lock, db] = db_.reader();
  Stmt q(db, "SELECT 1 FROM devices WHERE token_hash = ? AND account = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, token_hash).bind(2, account);
  const int rc = q.step();
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return sql_error(db, "read device");
  return rc == SQLITE_ROW;
}

Expected<bool> SqliteAccountStore::shared_device(const std::string& a, const std::string& b,
                                                 std::int64_t since) const {
  auto [lock, db] = db_.reader();
  Stmt q(db,
         "SELECT 1 FROM devices x JOIN devices y ON y.token_hash = x.token_hash "
         "WHERE x.account = ? AND y.account = ? AND x.at >= ? AND y.at >= ? LIMIT 1");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, a).bind(2, b).bind(3, since).bind(4, since);
  const int rc = q.step();
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return sql_error(db, "read devices");
  return rc == SQLITE_ROW;
}

MaybeError SqliteAccountStore::drop_devices(const std::string& account, const std::string& keep) {
  return db_.write_one("DELETE FROM devices WHERE account = ? AND token_hash <> ?",
                       [&](Stmt& q) { q.bind(1, account).bind(2, keep); });
}

MaybeError SqliteAccountStore::delete_account(const std::string& id) {
  return db_.submit([&](sqlite3* db) -> MaybeError {
    for (const char* sql :
         {"DELETE FROM accounts WHERE id = ?1", "DELETE FROM sessions WHERE account = ?1",
          "DELETE FROM devices WHERE account = ?1", "DELETE FROM recovery_codes WHERE account = ?1",
          "DELETE FROM keyring WHERE account = ?1",
          "DELETE FROM friends WHERE account = ?1 OR friend = ?1",
          "DELETE FROM invitations WHERE account = ?1", "DELETE FROM ratings WHERE account = ?1"}) {
      Stmt q(db, sql);
      if (!q.ok()) return sql_error(db, "prepare");
      q.bind(1, id);
      if (q.step() != SQLITE_DONE) return sql_error(db, "delete account");
    }
    return std::nullopt;
  });
}

MaybeError SqliteAccountStore::add_session(const std::string& token_hash,
                                           const std::string& account, std::int64_t expires) {
  return db_.write_one(
      "INSERT OR REPLACE INTO sessions (token_hash, account, expires) VALUES (?, ?, ?)",
      [&](Stmt& q) { q.bind(1, token_hash).bind(2, account).bind(3, expires); });
}

Expected<std::optional<std::string>> SqliteAccountStore::session(const std::string& token_hash,
                                                                 std::int64_t now) const {
  auto [lock, db] = db_.reader();
  Stmt q(db, "SELECT account FROM sessions WHERE token_hash = ? AND expires > ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, token_hash).bind(2, now);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<std::string>();
  if (rc != SQLITE_ROW) return sql_error(db, "read session");
  return std::optional<std::string>(q.text(0));
}

MaybeError SqliteAccountStore::drop_session(const std::string& token_hash) {
  return db_.write_one("DELETE FROM sessions WHERE token_hash = ?",
                       [&](Stmt& q) { q.bind(1, token_hash); });
}

MaybeError SqliteAccountStore::drop_sessions(const std::string& account, const std::string& keep) {
  return db_.write_one("DELETE FROM sessions WHERE account = ? AND token_hash <> ?",
                       [&](Stmt& q) { q.bind(1, account).bind(2, keep); });
}

MaybeError SqliteAccountStore::set_recovery_codes(const std::string& account,
                                                  const std::vector<std::string>& hashes) {
  return db_.submit([&](sqlite3* db) -> MaybeError {
    Stmt d(db, "DELETE FROM recovery_codes WHERE account = ?");
    if (!d.ok()) return sql_error(db, "prepare");
    d.bind(1, account);
    if (d.step() != SQLITE_DONE) return sql_error(db, "recovery codes");
    Stmt q(db, "INSERT OR IGNORE INTO recovery_codes (account, code_hash) VALUES (?, ?)");
    if (!q.ok()) return sql_error(db, "prepare");
    for (const std::string& h : hashes) {
      q.reset();
      q.bind(1, account).bind(2, h);
      if (q.step() != SQLITE_DONE) return sql_error(db, "recovery codes");
    }
    return std::nullopt;
  });
}

Expected<bool> SqliteAccountStore::use_recovery_code(const std::string& account,
                                                     const std::string& hash) {
  bool used = false;
  auto e = db_.submit([&](sqlite3* db) -> MaybeError {
    Stmt q(db, "DELETE FROM recovery_codes WHERE account = ? AND code_hash = ?");
    if (!q.ok()) return sql_error(db, "prepare");
    q.bind(1, account).bind(2, hash);
    if (q.step() != SQLITE_DONE) return sql_error(db, "use recovery code");
    used = sqlite3_changes(db) > 0;
    return std::nullopt;
  });
  if (e) return *e;
  return used;
}

Expected<int> SqliteAccountStore::recovery_codes_left(const std::string& account) const {
  auto [lock, db] = db_.reader();
  Stmt q(db, "SELECT COUNT(*) FROM recovery_codes WHERE account = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account);
  if (q.step() != SQLITE_ROW) return sql_error(db, "recovery codes");
  return static_cast<int>(q.integer(0));
}

MaybeError SqliteAccountStore::add_to_keyring(const std::string& account, const KeyringSeat& s) {
  return db_.write_one(
      "INSERT OR REPLACE INTO keyring (account, table_id, seat, token, added) VALUES (?, ?, ?, ?, "
      "?)",
      [&](Stmt& q) {
        q.bind(1, account).bind(2, s.table).bind(3, std::int64_t{s.seat}).bind(4, s.token);
        q.bind(5, s.added);
      });
}

Expected<std::vector<KeyringSeat>> SqliteAccountStore::keyring(const std::string& account,
                                                               std::size_t limit) const {
  auto [lock, db] = db_.reader();
  Stmt q(db,
         "SELECT table_id, seat, token, added FROM keyring WHERE account = ? "
         "ORDER BY added DESC, rowid DESC LIMIT ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account).bind(2, static_cast<std::int64_t>(limit));
  std::vector<KeyringSeat> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW)
    out.push_back({q.text(0), static_cast<int>(q.integer(1)), q.text(2), q.integer(3)});
  if (rc != SQLITE_DONE) return sql_error(db, "keyring");
  return out;
}

Expected<std::map<int, std::string>> SqliteAccountStore::accounts_at(const TableId& table) const {
  auto [lock, db] = db_.reader();
  Stmt q(db, "SELECT seat, account FROM keyring WHERE table_id = ? AND seat >= 0");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, table);
  std::map<int, std::string> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out[static_cast<int>(q.integer(0))] = q.text(1);
  if (rc != SQLITE_DONE) return sql_error(db, "accounts at");
  return out;
}

MaybeError SqliteAccountStore::add_friend(const std::string& account,
                                          const std::string& friend_id) {
  return db_.write_one("INSERT OR IGNORE INTO friends (account, friend) VALUES (?, ?)",
                       [&](Stmt& q) { q.bind(1, account).bind(2, friend_id); });
}

MaybeError SqliteAccountStore::remove_friend(const std::string& account,
                                             const std::string& friend_id) {
  return db_.write_one("DELETE FROM friends WHERE account = ? AND friend = ?",
                       [&](Stmt& q) { q.bind(1, account).bind(2, friend_id); });
}

Expected<std::vector<std::string>> SqliteAccountStore::friends(const std::string& account) const {
  auto [lock, db] = db_.reader();
  Stmt q(db, "SELECT friend FROM friends WHERE account = ? ORDER BY rowid");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account);
  std::vector<std::string> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(q.text(0));
  if (rc != SQLITE_DONE) return sql_error(db, "friends");
  return out;
}

MaybeError SqliteAccountStore::invite(const Invitation& i) {
  return db_.submit([&](sqlite3* db) -> MaybeError {
    // Replaced: deleted and inserted again, so it lists as the newest.
    Stmt d(db, "DELETE FROM invitations WHERE account = ? AND table_id = ?");
    if (!d.ok()) return sql_error(db, "prepare");
    d.bind(1, i.account).bind(2, i.table);
    if (d.step() != SQLITE_DONE) return sql_error(db, "invite");
    Stmt q(db,
           "INSERT INTO invitations (account, table_id, game, title, sender, at) "
           "VALUES (?, ?, ?, ?, ?, ?)");
    if (!q.ok()) return sql_error(db, "prepare");
    bind_texts(q, i.account, i.table, i.game, i.title, i.from);
    q.bind(6, i.at);
    if (q.step() != SQLITE_DONE) return sql_error(db, "invite");
    return std::nullopt;
  });
}

MaybeError SqliteAccountStore::dismiss_invitation(const std::string& account,
                                                  const TableId& table) {
  return db_.write_one("DELETE FROM invitations WHERE account = ? AND table_id = ?",
                       [&](Stmt& q) { q.bind(1, account).bind(2, table); });
}

Expected<std::vector<Invitation>> SqliteAccountStore::invitations(
    const std::string& account) const {
  auto [lock, db] = db_.reader();
  Stmt q(db,
         "SELECT table_id, game, title, sender, at FROM invitations WHERE account = ? "
         "ORDER BY rowid");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account);
  std::vector<Invitation> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW)
    out.push_back({account, q.text(0), q.text(1), q.text(2), q.text(3), q.integer(4)});
  if (rc != SQLITE_DONE) return sql_error(db, "invitations");
  return out;
}

MaybeError SqliteAccountStore::save_rating(const std::string& account, const std::string& game,
                                           const Rating& r) {
  return db_.write_one(
      "INSERT OR REPLACE INTO ratings (account, game, rating, rd, volatility, games) "
      "VALUES (?, ?, ?, ?, ?, ?)",
      [&](Stmt& q) {
        q.bind(1, account).bind(2, game).bind_real(3, r.rating).bind_real(4, r.rd);
        q.bind_real(5, r.volatility).bind(6, std::int64_t{r.games});
      });
}

Expected<std::optional<Rating>> SqliteAccountStore::rating(const std::string& account,
                                                           const std::string& game) const {
  auto [lock, db] = db_.reader();
  Stmt q(db, "SELECT rating, rd, volatility, games FROM ratings WHERE account = ? AND game = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account).bind(2, game);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<Rating>();
  if (rc != SQLITE_ROW) return sql_error(db, "rating");
  return std::optional<Rating>(
      Rating{q.real(0), q.real(1), q.real(2), static_cast<int>(q.integer(3))});
}

// The board's order: rating, highest first, then id (the index
// ratings_board, store/sqlite_schema.cpp, holds it per game).
Expected<std::vector<BoardRow>> SqliteAccountStore::leaderboard(const std::string& game,
                                                                std::size_t offset,
                                                                std::size_t limit) const {
  auto [lock, db] = db_.reader();
  Stmt q(db,
         "SELECT r.account, a.name, r.rating, r.rd, r.volatility, r.games FROM ratings r "
         "JOIN accounts a ON a.id = r.account WHERE r.game = ? AND a.hidden = 0 "
         "ORDER BY r.rating DESC, r.account LIMIT ? OFFSET ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, game).bind(2, static_cast<std::int64_t>(limit));
  q.bind(3, static_cast<std::int64_t>(offset));
  std::vector<BoardRow> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW)
    out.push_back({q.text(0), q.text(1),
                   Rating{q.real(2), q.real(3), q.real(4), static_cast<int>(q.integer(5))},
                   static_cast<std::int64_t>(offset + out.size())});
  if (rc != SQLITE_DONE) return sql_error(db, "leaderboard");
  return out;
}

Expected<std::optional<std::int64_t>> SqliteAccountStore::board_place(
    const std::string& account, const std::string& game) const {
  auto [lock, db] = db_.reader();
  Stmt q(db,
         "SELECT (SELECT COUNT(*) FROM ratings o JOIN accounts b ON b.id = o.account "
         "WHERE o.game = r.game AND b.hidden = 0 AND (o.rating > r.rating OR "
         "(o.rating = r.rating AND o.account < r.account))) FROM ratings r "
         "JOIN accounts a ON a.id = r.account WHERE r.account = ? AND r.game = ? AND a.hidden = 0");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, account).bind(2, game);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<std::int64_t>();
  if (rc != SQLITE_ROW) return sql_error(db, "board_place");
  return std::optional<std::int64_t>(q.integer(0));
}

MaybeError SqliteAccountStore::save_tournament(const TournamentRow& t) {
  return db_.write_one(
      "INSERT OR REPLACE INTO tournaments (id, name, game, phase, starts, doc) "
      "VALUES (?, ?, ?, ?, ?, ?)",
      [&](Stmt& q) {
        q.bind(1, t.id).bind(2, t.name).bind(3, t.game).bind(4, t.phase);
        q.bind(5, t.starts).bind(6, t.doc);
      });
}

namespace {

TournamentRow tournament_row(Stmt& q) {
  return {q.text(0), q.text(1), q.text(2), q.text(3), q.integer(4), q.text(5)};
}

}  // namespace

Expected<std::optional<TournamentRow>> SqliteAccountStore::tournament(const std::string& id) const {
  auto [lock, db] = db_.reader();
  Stmt q(db, "SELECT id, name, game, phase, starts, doc FROM tournaments WHERE id = ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<TournamentRow>();
  if (rc != SQLITE_ROW) return sql_error(db, "tournament");
  return std::optional<TournamentRow>(tournament_row(q));
}

Expected<std::vector<TournamentRow>> SqliteAccountStore::tournaments(const std::string& phase,
                                                                     std::size_t limit) const {
  auto [lock, db] = db_.reader();
  Stmt q(db,
         "SELECT id, name, game, phase, starts, doc FROM tournaments WHERE (? = '' OR phase = ?) "
         "ORDER BY starts DESC, id LIMIT ?");
  if (!q.ok()) return sql_error(db, "prepare");
  q.bind(1, phase).bind(2, phase).bind(3, static_cast<std::int64_t>(limit));
  std::vector<TournamentRow> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(tournament_row(q));
  if (rc != SQLITE_DONE) return sql_error(db, "tournaments");
  return out;
}

}  // namespace meeple::store
