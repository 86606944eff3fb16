// Accounts (accounts.h): what others see of an account (its profile, its
// hiding) and the seats it keeps (its keyring).

#include "server/account_answers.h"
#include "server/accounts.h"

#include <algorithm>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "games/registry.h"
#include "server/game_stats.h"
#include "server/lobby.h"

namespace meeple::server {

using namespace account_answers;

Accounts::Answer Accounts::hide(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  const Json hidden = body.value("hidden", Json());
  if (!hidden.is_boolean()) return fail(make_error(errc::kMalformed, "hidden is true or false"));
  if (auto e = change(a->id, [&](store::Account& acc) { acc.hidden = hidden.get<bool>(); }))
    return fail(e);
  return {};
}

Accounts::Answer Accounts::friends_only(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  const Json only = body.value("friends_only", Json());
  if (!only.is_boolean())
    return fail(make_error(errc::kMalformed, "friends_only is true or false"));
  if (auto e = change(a->id, [&](store::Account& acc) { acc.friends_only = only.get<bool>(); }))
    return fail(e);
  return {};
}

Accounts::Answer Accounts::seats(const std::string& session) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto ring = store_.keyring(a->id, kKeyring);
  if (!ring) return fail(ring.error());
  Json list = Json::array();
  for (const store::KeyringSeat& s : *ring)
    list.push_back({{"table", s.table}, {"token", s.token}});
  Answer out;
  out.body = Json{{"seats", list}};
  return out;
}

MaybeError Accounts::keep(const std::string& account, const std::string& table, int seat,
                          const std::string& token) {
  if (auto e = store_.add_to_keyring(account, {table, seat, token, now_ms()})) return e;
  return store_.dismiss_invitation(account, table);
}

Accounts::Shown Accounts::shown(const std::string& table, bool fresh) {
  constexpr auto kFinishedFor = std::chrono::minutes(1);
  constexpr auto kGoingOnFor = std::chrono::seconds(10);
  constexpr std::size_t kKept = 4096;  // about 1 KB each
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(shown_mutex_);
    if (auto it = shown_.find(table); it != shown_.end()) {
      const Shown& t = it->second;
      if (now - t.read < (t.finished ? kFinishedFor : kGoingOnFor) && (t.finished || !fresh))
        return t;
    }
  }
  Shown t;
  t.read = now;
  auto rec = tables_.load(table);
  if (!rec && rec.error().code != store::errc::kUnknownTable) return t;  // asked again next time
  const AnyGame* g = rec ? find_game(rec->spec.game) : nullptr;
  // A lobby, a game going on, or gone (or of a game this server does not know).
  if (rec && rec->finished() && g != nullptr) {
    t.finished = true;
    t.game = std::string(g->name());
    t.winners = rec->result.value("winners", Json::array());
    const Json server = rec->spec.options.value("server", Json::object());
    t.is_public = server.is_object() && server.value("public", true);
    t.rated = server.is_object() && server.value("rated", false);
    t.ended = rec->entries.empty() ? 0 : rec->entries.back().at;
    if (server.is_object() && server.value("seats", Json()).is_array())
      for (const Json& seat : server["seats"])
        t.accounts.push_back(seat.is_object() ? seat.value("account", "") : "");
    t.entry = {{"table", rec->id},
               {"game", t.game},
               {"title", std::string(g->title())},
               {"players", rec->spec.players},
               {"seats", rec->spec.seats},
               {"result", rec->result},
               {"ended", rec->entries.empty() ? 0 : rec->entries.back().at},
               {"rated", server.is_object() && server.value("rated", false)}};
  }
  std::lock_guard lock(shown_mutex_);
  if (shown_.size() >= kKept) shown_.clear();
  shown_[table] = t;
  return t;
}

Accounts::Answer Accounts::profile(const std::string& name, const std::string& session) {
  // Who asks, first, whatever the name: a hidden profile and an unknown
  // name then cost the same and answer the same.
  const auto me = signed_in(session);
  auto a = store_.account_named(fold_name(name));
  if (!a) return fail(a.error());
  if (!a->has_value()) return fail(unknown_player());
  const store::Account& acc = **a;
  // The account's own: sees itself hidden or not, and its private tables.
  const bool own = me && me->id == acc.id;
  if (acc.hidden && !own) return fail(unknown_player());
  // The record of one's games: the finished tables of the keyring's seats.
  auto ring = store_.keyring(acc.id, std::numeric_limits<std::int32_t>::max());
  if (!ring) return fail(ring.error());
  Json games = Json::object();
  for (const AnyGame* g : all_games()) {
    auto r = store_.rating(acc.id, std::string(g->name()));
    if (!r) return fail(r.error());
    Json rating = nullptr;
    if (r->has_value())
      rating = {{"rating", (*r)->rating},
                {"rd", (*r)->rd},
                {"volatility", (*r)->volatility},
                {"games", (*r)->games}};
    games[std::string(g->name())] = GameStats{}.json();
    games[std::string(g->name())]["rating"] = rating;
  }
  // Every finished game of the account, oldest first, for its figures.
  struct Played {
    std::int64_t ended;
    std::string game;
    bool won;
    double score;
  };
  std::vector<Played> played;
  Json finished = Json::array();
  for (const store::KeyringSeat& s : *ring) {
    if (s.seat < 0) continue;
    const Shown t = shown(s.table);
    if (!t.finished) continue;  // a lobby, a game going on, or gone
    const bool won = t.winners.is_array() &&
                     std::find(t.winners.begin(), t.winners.end(), Json(s.seat)) != t.winners.end();
    const Json& score = t.entry["result"].value("score", Json::array());
    played.push_back(
        {t.ended, t.game, won,
         score.is_array() && s.seat < static_cast<int>(score.size()) && score[s.seat].is_number()
             ? score[s.seat].get<double>()
             : 0.0});
    // A private table is its players' own business: its id would let a
    // stranger watch it. Counted, never listed to others.
    if (finished.size() >= kFinishedShown || (!t.is_public && !own)) continue;
    Json entry = t.entry;
    entry["seat"] = s.seat;
    entry["won"] = won;
    finished.push_back(std::move(entry));
  }
  // Newest first: by when the game ended.
  std::stable_sort(finished.begin(), finished.end(), [](const Json& x, const Json& y) {
    return x["ended"].get<std::int64_t>() > y["ended"].get<std::int64_t>();
  });
  std::stable_sort(played.begin(), played.end(),
                   [](const Played& x, const Played& y) { return x.ended < y.ended; });
  std::map<std::string, GameStats> stats;
  for (const Played& p : played) stats[p.game].add(p.won, p.score);
  for (const auto& [game, st] : stats) games[game].update(st.json());
  Answer out;
  out.body =
      Json{{"name", acc.name}, {"created", acc.created}, {"games", games}, {"finished", finished}};
  return out;
}

}  // namespace meeple::server
