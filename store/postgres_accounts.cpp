// The account store of the PostgreSQL database (store/postgres_store.h):
// each call one statement (or one transaction of a few) with its
// parameters; no leases.
#include "store/postgres_database.h"

namespace meeple::store {

namespace {
constexpr const char* kAccountColumns =
    "SELECT id, name, folded, password_hash, hidden, created, COALESCE(skeleton, ''), "
    "friends_only FROM accounts ";

Account account_row(const pqxx::row& row) {
  return Account{.id = row[0].as<std::string>(),
                 .name = row[1].as<std::string>(),
                 .folded = row[2].as<std::string>(),
                 .password_hash = row[3].as<std::string>(),
                 .hidden = row[4].as<bool>(),
                 .created = row[5].as<std::int64_t>(),
                 .skeleton = row[6].as<std::string>(),
                 .friends_only = row[7].as<bool>()};
}

Expected<std::optional<Account>> account_of(const pqxx::result& r) {
  if (r.empty()) return std::optional<Account>();
  return std::optional<Account>(account_row(r[0]));
}

MaybeError done(const Expected<bool>& r) {
  if (!r) return r.error();
  return std::nullopt;
}
}  // namespace

// Runs one statement with its parameters as a write.
template <class... Args>
static MaybeError write_sql(PostgresDatabase& im, std::string_view what, const char* sql,
                            const Args&... args) {
  return done(im.write<bool>(what, [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec_params(sql, args...);
    return true;
  }));
}

MaybeError PostgresAccountStore::create_account(const Account& a) {
  auto r = db_.write<bool>("create_account", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    const auto res = tx.exec_params(
        "INSERT INTO accounts (id, name, folded, password_hash, hidden, created, skeleton, "
        "friends_only) VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, ''), $8) "
        "ON CONFLICT DO NOTHING RETURNING id",
        a.id, a.name, a.folded, a.password_hash, a.hidden, a.created, a.skeleton, a.friends_only);
    if (res.empty())
      return make_error(errc::kAccountExists, fmt::format("the name '{}' is taken", a.name));
    return true;
  });
  return done(r);
}

Expected<std::optional<Account>> PostgresAccountStore::account(const std::string& id) const {
  return db_.read<std::optional<Account>>(
      "account", [&](pqxx::nontransaction& tx) -> Expected<std::optional<Account>> {
        return account_of(tx.exec_params(std::string(kAccountColumns) + "WHERE id = $1", id));
      });
}

Expected<std::optional<Account>> PostgresAccountStore::account_named(
    const std::string& folded) const {
  return db_.read<std::optional<Account>>(
      "account", [&](pqxx::nontransaction& tx) -> Expected<std::optional<Account>> {
        return account_of(
            tx.exec_params(std::string(kAccountColumns) + "WHERE folded = $1", folded));
      });
}

MaybeError PostgresAccountStore::update_account(const Account& a) {
  return done(db_.write<bool>("update_account", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    // A skeleton another account has: nothing written (the update's own
    // check, as a unique violation would end the statement with an error).
    const auto res = tx.exec_params(
        "UPDATE accounts SET password_hash = $1, hidden = $2, friends_only = $3, "
        "skeleton = NULLIF($4, '') WHERE id = $5 AND NOT EXISTS (SELECT 1 FROM accounts o "
        "WHERE o.skeleton = NULLIF($4, '') AND o.id <> $5) RETURNING id",
        a.password_hash, a.hidden, a.friends_only, a.skeleton, a.id);
    if (!res.empty()) return true;
    if (tx.exec_params("SELECT 1 FROM accounts WHERE id = $1", a.id).empty())
      return make_error(errc::kUnknownAccount, "no such account");
    return make_error(errc::kAccountExists, "another account has a name that looks the same");
  }));
}

Expected<std::vector<Account>> PostgresAccountStore::accounts_without_skeleton(
    std::size_t limit) const {
  return db_.read<std::vector<Account>>(
      "accounts_without_skeleton", [&](pqxx::nontransaction& tx) -> Expected<std::vector<Account>> {
        std::vector<Account> out;
        for (const auto& row : tx.exec_params(
                 std::string(kAccountColumns) + "WHERE skeleton IS NULL ORDER BY created LIMIT $1",
                 static_cast<std::int64_t>(limit)))
          out.push_back(account_row(row));
        return out;
      });
}

MaybeError PostgresAccountStore::add_device(const std::string& token_hash,
                                            const std::string& account, std::int64_t at) {
  return write_sql(db_, "add_device",
                   "INSERT INTO devices (token_hash, account, at) VALUES ($1, $2, $3) "
                   "ON CONFLICT (token_hash, account) DO UPDATE SET at = excluded.at",
                   token_hash, account, at);
}

Expected<bool> PostgresAccountStore::known_device(const std::string& token_hash,
                                                  const std::string& account) const {
  return db_.read<bool>("known_device", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    return !tx.exec_params("SELECT 1 FROM devices WHERE token_hash = $1 AND account = $2",
                           token_hash, account)
                .empty();
  });
}

Expected<bool> PostgresAccountStore::shared_device(const std::string& a, const std::string& b,
                                                   std::int64_t since) const {
  return db_.read<bool>("shared_device", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    return !tx.exec_params(
                  "SELECT 1 FROM devices x JOIN devices y ON y.token_hash = x.token_hash "
                  "WHERE x.account = $1 AND y.account = $2 AND x.at >= $3 AND y.at >= $3 LIMIT 1",
                  a, b, since)
                .empty();
  });
}

MaybeError PostgresAccountStore::drop_devices(const std::string& account, const std::string& keep) {
  return write_sql(db_, "drop_devices",
                   "DELETE FROM devices WHERE account = $1 AND token_hash <> $2", account, keep);
}

MaybeError PostgresAccountStore::delete_account(const std::string& id) {
  // One statement (data-modifying CTEs): all or nothing.
  return write_sql(db_, "delete_account",
                   "WITH a AS (DELETE FROM accounts WHERE id = $1), "
                   "s AS (DELETE FROM sessions WHERE account = $1), "
                   "d AS (DELETE FROM devices WHERE account = $1), "
                   "c AS (DELETE FROM recovery_codes WHERE account = $1), "
                   "k AS (DELETE FROM keyring WHERE account = $1), "
                   "f AS (DELETE FROM friends WHERE account = $1 OR friend = $1), "
                   "i AS (DELETE FROM invitations WHERE account = $1) "
                   "DELETE FROM ratings WHERE account = $1",
                   id);
}

MaybeError PostgresAccountStore::add_session(const std::string& token_hash,
                                             const std::string& account, std::int64_t expires) {
  return write_sql(db_, "add_session",
                   "INSERT INTO sessions (token_hash, account, expires) VALUES ($1, $2, $3) "
                   "ON CONFLICT (token_hash) DO UPDATE SET account = excluded.account, "
                   "expires = excluded.expires",
                   token_hash, account, expires);
}

Expected<std::optional<std::string>> PostgresAccountStore::session(const std::string& token_hash,
                                                                   std::int64_t now) const {
  return db_.read<std::optional<std::string>>(
      "session", [&](pqxx::nontransaction& tx) -> Expected<std::optional<std::string>> {
        const auto r = tx.exec_params(
            "SELECT account FROM sessions WHERE token_hash = $1 AND expires > $2", token_hash, now);
        if (r.empty()) return std::optional<std::string>();
        return std::optional<std::string>(r[0][0].as<std::string>());
      });
}

MaybeError PostgresAccountStore::drop_session(const std::string& token_hash) {
  return write_sql(db_, "drop_session", "DELETE FROM sessions WHERE token_hash = $1", token_hash);
}

MaybeError PostgresAccountStore::drop_sessions(const std::string& account,
                                               const std::string& keep) {
  return write_sql(db_, "drop_sessions",
                   "DELETE FROM sessions WHERE account = $1 AND token_hash <> $2", account, keep);
}

MaybeError PostgresAccountStore::set_recovery_codes(const std::string& account,
                                                    const std::vector<std::string>& hashes) {
  return write_sql(db_, "set_recovery_codes",
                   "WITH d AS (DELETE FROM recovery_codes WHERE account = $1) "
                   "INSERT INTO recovery_codes (account, code_hash) "
                   "SELECT DISTINCT $1, json_array_elements_text($2::json)",
                   account, Json(hashes).dump());
}

Expected<bool> PostgresAccountStore::use_recovery_code(const std::string& account,
                                                       const std::string& hash) {
  return db_.write<bool>("use_recovery_code", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    return !tx.exec_params(
                  "DELETE FROM recovery_codes WHERE account = $1 AND code_hash = $2 RETURNING 1",
                  account, hash)
                .empty();
  });
}

Expected<int> PostgresAccountStore::recovery_codes_left(const std::string& account) const {
  return db_.read<int>("recovery_codes", [&](pqxx::nontransaction& tx) -> Expected<int> {
    return tx.exec_params("SELECT COUNT(*) FROM recovery_codes WHERE account = $1", account)[0][0]
        .as<int>();
  });
}

MaybeError PostgresAccountStore::add_to_keyring(const std::string& account, const KeyringSeat& s) {
  // Replaced: deleted and inserted again (one transaction), so it lists as the newest.
  return done(db_.write<bool>("add_to_keyring", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec("BEGIN");
    tx.exec_params("DELETE FROM keyring WHERE account = $1 AND table_id = $2 AND seat = $3",
                   account, s.table, s.seat);
    tx.exec_params(
        "INSERT INTO keyring (account, table_id, seat, token, added) VALUES ($1, $2, $3, $4, $5)",
        account, s.table, s.seat, s.token, s.added);
    tx.exec("COMMIT");
    return true;
  }));
}

Expected<std::vector<KeyringSeat>> PostgresAccountStore::keyring(const std::string& account,
                                                                 std::size_t limit) const {
  return db_.read<std::vector<KeyringSeat>>(
      "keyring", [&](pqxx::nontransaction& tx) -> Expected<std::vector<KeyringSeat>> {
        std::vector<KeyringSeat> out;
        for (const auto& row :
             tx.exec_params("SELECT table_id, seat, token, added FROM keyring WHERE account = $1 "
                            "ORDER BY added DESC, ord DESC LIMIT $2",
                            account, static_cast<std::int64_t>(limit)))
          out.push_back({row[0].as<std::string>(), row[1].as<int>(), row[2].as<std::string>(),
                         row[3].as<std::int64_t>()});
        return out;
      });
}

Expected<std::map<int, std::string>> PostgresAccountStore::accounts_at(const TableId& table) const {
  return db_.read<std::map<int, std::string>>(
      "accounts_at", [&](pqxx::nontransaction& tx) -> Expected<std::map<int, std::string>> {
        std::map<int, std::string> out;
        for (const auto& row : tx.exec_params(
                 "SELECT seat, account FROM keyring WHERE table_id = $1 AND seat >= 0", table))
          out[row[0].as<int>()] = row[1].as<std::string>();
        return out;
      });
}

MaybeError PostgresAccountStore::add_friend(const std::string& account,
                                            const std::string& friend_id) {
  return write_sql(db_, "add_friend",
                   "INSERT INTO friends (account, friend) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                   account, friend_id);
}

MaybeError PostgresAccountStore::remove_friend(const std::string& account,
                                               const std::string& friend_id) {
  return write_sql(db_, "remove_friend", "DELETE FROM friends WHERE account = $1 AND friend = $2",
                   account, friend_id);
}

Expected<std::vector<std::string>> PostgresAccountStore::friends(const std::string& account) const {
  return db_.read<std::vector<std::string>>(
      "friends", [&](pqxx::nontransaction& tx) -> Expected<std::vector<std::string>> {
        std::vector<std::string> out;
        for (const auto& row :
             tx.exec_params("SELECT friend FROM friends WHERE account = $1 ORDER BY ord", account))
          out.push_back(row[0].as<std::string>());
        return out;
      });
}

MaybeError PostgresAccountStore::invite(const Invitation& i) {
  // Replaced: deleted and inserted again (two statements, one transaction),
  // so it lists as the newest.
  return done(db_.write<bool>("invite", [&](pqxx::nontransaction& tx) -> Expected<bool> {
    tx.exec("BEGIN");
    tx.exec_params("DELETE FROM invitations WHERE account = $1 AND table_id = $2", i.account,
                   i.table);
    tx.exec_params(
        "INSERT INTO invitations (account, table_id, game, title, sender, at) "
        "VALUES ($1, $2, $3, $4, $5, $6)",
        i.account, i.table, i.game, i.title, i.from, i.at);
    tx.exec("COMMIT");
    return true;
  }));
}

MaybeError PostgresAccountStore::dismiss_invitation(const std::string& account,
                                                    const TableId& table) {
  return write_sql(db_, "dismiss_invitation",
                   "DELETE FROM invitations WHERE account = $1 AND table_id = $2", account, table);
}

Expected<std::vector<Invitation>> PostgresAccountStore::invitations(
    const std::string& account) const {
  return db_.read<std::vector<Invitation>>(
      "invitations", [&](pqxx::nontransaction& tx) -> Expected<std::vector<Invitation>> {
        std::vector<Invitation> out;
        for (const auto& row :
             tx.exec_params("SELECT table_id, game, title, sender, at FROM invitations "
                            "WHERE account = $1 ORDER BY ord",
                            account))
          out.push_back({account, row[0].as<std::string>(), row[1].as<std::string>(),
                         row[2].as<std::string>(), row[3].as<std::string>(),
                         row[4].as<std::int64_t>()});
        return out;
      });
}

MaybeError PostgresAccountStore::save_rating(const std::string& account, const std::string& game,
                                             const Rating& r) {
  return write_sql(db_, "save_rating",
                   "INSERT INTO ratings (account, game, rating, rd, volatility, games) "
                   "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account, game) DO UPDATE "
                   "SET rating = excluded.rating, rd = excluded.rd, "
                   "volatility = excluded.volatility, games = excluded.games",
                   account, game, r.rating, r.rd, r.volatility, r.games);
}

Expected<std::optional<Rating>> PostgresAccountStore::rating(const std::string& account,
                                                             const std::string& game) const {
  return db_.read<std::optional<Rating>>(
      "rating", [&](pqxx::nontransaction& tx) -> Expected<std::optional<Rating>> {
        const auto r = tx.exec_params(
            "SELECT rating, rd, volatility, games FROM ratings WHERE account = $1 AND game = $2",
            account, game);
        if (r.empty()) return std::optional<Rating>();
        return std::optional<Rating>(Rating{r[0][0].as<double>(), r[0][1].as<double>(),
                                            r[0][2].as<double>(), r[0][3].as<int>()});
      });
}

// The board's order: rating, highest first, then id (the index
// ratings_board, store/postgres_schema.cpp, holds it per game).
Expected<std::vector<BoardRow>> PostgresAccountStore::leaderboard(const std::string& game,
                                                                  std::size_t offset,
                                                                  std::size_t limit) const {
  return db_.read<std::vector<BoardRow>>(
      "leaderboard", [&](pqxx::nontransaction& tx) -> Expected<std::vector<BoardRow>> {
        std::vector<BoardRow> out;
        for (const auto& row : tx.exec_params(
                 "SELECT r.account, a.name, r.rating, r.rd, r.volatility, r.games FROM ratings r "
                 "JOIN accounts a ON a.id = r.account WHERE r.game = $1 AND NOT a.hidden "
                 "ORDER BY r.rating DESC, r.account LIMIT $2 OFFSET $3",
                 game, static_cast<std::int64_t>(limit), static_cast<std::int64_t>(offset)))
          out.push_back({row[0].as<std::string>(), row[1].as<std::string>(),
                         Rating{row[2].as<double>(), row[3].as<double>(), row[4].as<double>(),
                                row[5].as<int>()},
                         static_cast<std::int64_t>(offset + out.size())});
        return out;
      });
}

Expected<std::optional<std::int64_t>> PostgresAccountStore::board_place(
    const std::string& account, const std::string& game) const {
  return db_.read<std::optional<std::int64_t>>(
      "board_place", [&](pqxx::nontransaction& tx) -> Expected<std::optional<std::int64_t>> {
        const auto r = tx.exec_params(
            "SELECT (SELECT COUNT(*) FROM ratings o JOIN accounts b ON b.id = o.account "
            "WHERE o.game = r.game AND NOT b.hidden AND (o.rating > r.rating OR "
            "(o.rating = r.rating AND o.account < r.account))) FROM ratings r "
            "JOIN accounts a ON a.id = r.account WHERE r.account = $1 AND r.game = $2 "
            "AND NOT a.hidden",
            account, game);
        if (r.empty()) return std::optional<std::int64_t>();
        return std::optional<std::int64_t>(r[0][0].as<std::int64_t>());
      });
}

MaybeError PostgresAccountStore::save_tournament(const TournamentRow& t) {
  return write_sql(db_, "save_tournament",
                   "INSERT INTO tournaments (id, name, game, phase, starts, doc) "
                   "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO UPDATE "
                   "SET name = excluded.name, game = excluded.game, phase = excluded.phase, "
                   "starts = excluded.starts, doc = excluded.doc",
                   t.id, t.name, t.game, t.phase, t.starts, t.doc);
}

namespace {

TournamentRow tournament_row(const pqxx::row& r) {
  return {r[0].as<std::string>(), r[1].as<std::string>(),  r[2].as<std::string>(),
          r[3].as<std::string>(), r[4].as<std::int64_t>(), r[5].as<std::string>()};
}

}  // namespace

Expected<std::optional<TournamentRow>> PostgresAccountStore::tournament(
    const std::string& id) const {
  return db_.read<std::optional<TournamentRow>>(
      "tournament", [&](pqxx::nontransaction& tx) -> Expected<std::optional<TournamentRow>> {
        const auto r = tx.exec_params(
            "SELECT id, name, game, phase, starts, doc FROM tournaments WHERE id = $1", id);
        if (r.empty()) return std::optional<TournamentRow>();
        return std::optional<TournamentRow>(tournament_row(r[0]));
      });
}

Expected<std::vector<TournamentRow>> PostgresAccountStore::tournaments(const std::string& phase,
                                                                       std::size_t limit) const {
  return db_.read<std::vector<TournamentRow>>(
      "tournaments", [&](pqxx::nontransaction& tx) -> Expected<std::vector<TournamentRow>> {
        const auto r = tx.exec_params(
            "SELECT id, name, game, phase, starts, doc FROM tournaments "
            "WHERE ($1 = '' OR phase = $1) ORDER BY starts DESC, id LIMIT $2",
            phase, static_cast<std::int64_t>(limit));
        std::vector<TournamentRow> out;
        for (const auto& row : r) out.push_back(tournament_row(row));
        return out;
      });
}

}  // namespace meeple::store
