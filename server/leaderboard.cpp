// GET /api/leaderboards/{game} (docs/protocol.md, "Leaderboards"):
// Accounts::leaderboard. The board is the store's (AccountStore::leaderboard):
// only accounts a rated table that counted has rated (docs/ratings.md,
// "Games that count"), never a hidden one.
#include <algorithm>

#include <fmt/format.h>

#include "games/registry.h"
#include "server/accounts.h"
#include "server/protocol.h"

namespace meeple::server {

namespace {

Accounts::Answer board_fail(Error e) {
  Accounts::Answer a;
  a.body = std::move(e);
  return a;
}

Json board_row(const store::BoardRow& r) {
  return {{"place", r.place + 1},      {"name", r.name},
          {"rating", r.rating.rating}, {"rd", r.rating.rd},
          {"games", r.rating.games},   {"provisional", r.rating.rd > Accounts::kProvisionalRd}};
}

}  // namespace

Accounts::Answer Accounts::leaderboard(const std::string& game, const std::string& view, int page,
                                       const std::string& session) {
  if (!find_game(game))
    return board_fail(make_error(meeple::errc::kUnknownGame, fmt::format("no game '{}'", game)));
  const auto me = view == "top" ? std::nullopt : signed_in(session);
  if (view != "top" && !me) return board_fail(make_error(errc::kSignedOut, "sign in first"));
  Json rows = Json::array();
  Json place = nullptr;
  if (view == "top") {
    auto b = store_.leaderboard(game, static_cast<std::size_t>(page - 1) * kBoardPage, kBoardPage);
    if (!b) return board_fail(b.error());
    for (const auto& r : *b) rows.push_back(board_row(r));
  } else if (view == "around") {
    auto p = store_.board_place(me->id, game);
    if (!p) return board_fail(p.error());
    if (p->has_value()) {
      place = **p + 1;
      const std::int64_t from = std::max<std::int64_t>(0, **p - kNeighbours);
      auto b = store_.leaderboard(game, static_cast<std::size_t>(from), 2 * kNeighbours + 1);
      if (!b) return board_fail(b.error());
      for (const auto& r : *b) rows.push_back(board_row(r));
    }
  } else {  // friends: the account and the friends it added, by place
    auto f = store_.friends(me->id);
    if (!f) return board_fail(f.error());
    std::vector<std::string> who = *f;
    who.push_back(me->id);
    std::vector<store::BoardRow> found;
    for (const std::string& id : who) {
      auto p = store_.board_place(id, game);
      if (!p) return board_fail(p.error());
      if (!p->has_value()) continue;
      auto b = store_.leaderboard(game, static_cast<std::size_t>(**p), 1);
      if (!b) return board_fail(b.error());
      if (!b->empty() && (*b)[0].account == id) found.push_back((*b)[0]);
    }
    std::sort(found.begin(), found.end(),
              [](const auto& x, const auto& y) { return x.place < y.place; });
    for (const auto& r : found) rows.push_back(board_row(r));
  }
  Json body = {{"game", game}, {"view", view}, {"rows", rows}};
  if (view == "top") body["page"] = page;
  if (view == "around") body["place"] = place;
  Answer out;
  out.body = std::move(body);
  return out;
}

}  // namespace meeple::server
