// The open tables' list (GET /api/tables): the hub's own tables and, where
// nodes share the store, the other nodes' lobbies, filtered, sorted and paged.
#include <algorithm>
#include <tuple>

#include "server/hub.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server {

namespace {

// One table as GET /api/tables sorts it; a summary is made only for the
// page shown.
struct Listed {
  bool attended = false;
  int watching = 0;
  std::int64_t created_ms = 0;
  std::uint64_t made = 0;  // Table::made, of one held here
  int free_seats = 0;
  std::optional<int> host_rating;
  std::string id;
  std::shared_ptr<Table> table;  // held here
  Json summary;                  // else
};

// Whether the lobby `l` (with `free` seats free) passes the list's filters,
// and its audience takes the asker (`viewer`, asked only then).
bool chosen(const TableList& ask, const Lobby& l, int free, const Hub::ViewerOf& viewer) {
  if (!ask.game.empty() && l.game->name() != ask.game) return false;
  if (!ask.lang.empty() &&
      std::find(l.languages.begin(), l.languages.end(), ask.lang) == l.languages.end())
    return false;
  if ((ask.turn_based && *ask.turn_based != l.turn_based) || (ask.rated && *ask.rated != l.rated) ||
      free < ask.seats)
    return false;
  if ((ask.host_min || ask.host_max) &&
      (!l.host_rating || *l.host_rating < ask.host_min.value_or(0) ||
       *l.host_rating > ask.host_max.value_or(kMaxRating)))
    return false;
  return l.audience.anyone() || !l.check_audience(viewer ? viewer(l) : Viewer{});
}

// Sorts by `sort`, then people waiting at a lobby (watching a game) first,
// then the newest.
void order(std::vector<Listed>& listed, TableSort sort) {
  auto waiting = [](const Listed& a, const Listed& b) {
    return std::tie(b.attended, b.watching, b.created_ms, b.made, a.id) <
           std::tie(a.attended, a.watching, a.created_ms, a.made, b.id);
  };
  std::sort(listed.begin(), listed.end(), [&](const Listed& a, const Listed& b) {
    switch (sort) {
      case TableSort::kNewest:
        if (a.created_ms != b.created_ms) return a.created_ms > b.created_ms;
        break;
      case TableSort::kSeats:
        if (a.free_seats != b.free_seats) return a.free_seats < b.free_seats;
        break;
      case TableSort::kHostRating:  // a guest's table (no rating) last
        if (a.host_rating != b.host_rating) return a.host_rating > b.host_rating;
        break;
      case TableSort::kWaiting:
        break;
    }
    return waiting(a, b);
  });
}

// Another node's lobby as Table::summary shows one (nobody watching here).
Json stored_summary(const std::string& id, const Lobby& l) {
  Json summary = summary_json(id, *l.game, l.players, Phase::kLobby, l.free_seats(), true);
  summary["rated"] = l.rated;
  summary["play_now"] = l.play_now.has_value();
  if (l.play_now) summary["starts_at"] = l.starts_at_ms();
  summary["auto_start"] = l.auto_start;
  summary["watching"] = 0;
  l.add_listing(summary);
  return summary;
}

}  // namespace

Json Hub::list_tables(const TableList& ask, const ViewerOf& viewer) {
  std::vector<Listed> listed;
  const Phase phase = ask.playing ? Phase::kPlaying : Phase::kLobby;
  auto mine = [&](const std::shared_ptr<Table>& t) {
    if (t->is_public() && t->phase() == phase && !t->doomed() &&
        (ask.playing || chosen(ask, t->settings(), t->free_seats(), viewer)))
      listed.push_back({.attended = t->attended(),
                        .watching = t->watching(),
                        .created_ms = t->created_ms(),
                        .made = t->made(),
                        .free_seats = t->free_seats(),
                        .host_rating = t->settings().host_rating,
                        .id = t->id(),
                        .table = t});
  };
  if (!shared()) {
    for (const auto& t : all()) mine(t);
    if (ask.playing) {
      std::lock_guard lock(mutex_);
      for (const auto& [id, r] : resting_) {
        if (!r.is_public || r.game == nullptr) continue;
        Json summary = summary_json(id, *r.game, r.players, Phase::kPlaying, 0, true);
        summary["rated"] = r.rated;
        summary["play_now"] = r.play_now;
        summary["watching"] = 0;
        listed.push_back({.created_ms = r.created_ms, .id = id, .summary = std::move(summary)});
      }
    }
  } else if (!ask.playing) {
    // Every node's lobbies are in the store. One this node holds says how
    // many watch it and whether someone is at it; another node's counts 0
    // here (connections are counted per node).
    for (const store::TableSpec& spec : store.lobbies()) {
      if (auto held = find(spec.id); held && held->phase() == Phase::kLobby) {
        mine(held);
        continue;
      }
      const AnyGame* game = find_game(spec.game);
      const Json plan = spec.options.value("server", Json());
      if (game == nullptr || !plan.is_object()) continue;
      auto lobby = Lobby::from_stored(*game, spec.players, spec.params, plan);
      if (!lobby || !lobby->is_public || !chosen(ask, *lobby, lobby->free_seats(), viewer))
        continue;
      listed.push_back({.created_ms = lobby->created_ms,
                        .free_seats = lobby->free_seats(),
                        .host_rating = lobby->host_rating,
                        .id = spec.id,
                        .summary = stored_summary(spec.id, *lobby)});
    }
  } else {
    for (const store::TableSummary& s : store.list(true)) {
      const Json plan = s.options.value("server", Json());
      if (!plan.is_object() || !plan.value("public", true)) continue;
      const AnyGame* game = find_game(s.game);
      if (game == nullptr) continue;
      if (auto held = find(s.id)) {
        mine(held);
        continue;
      }
      Json summary = summary_json(s.id, *game, s.players, Phase::kPlaying, 0, true);
      summary["rated"] = plan.value("rated", false);
      summary["play_now"] = plan.contains("play_now");
      summary["watching"] = 0;
      listed.push_back({.created_ms = plan.value("created_ms", std::int64_t{0}),
                        .id = s.id,
                        .summary = std::move(summary)});
    }
  }
  order(listed, ask.sort);
  const std::size_t from = static_cast<std::size_t>(ask.page - 1) * ask.limit;
  Json page = Json::array();
  for (std::size_t i = from; i < listed.size() && i < from + ask.limit; ++i)
    page.push_back(listed[i].table ? listed[i].table->summary() : std::move(listed[i].summary));
  return {{"tables", std::move(page)},
          {"phase", ask.playing ? "playing" : "lobby"},
          {"page", ask.page},
          {"limit", ask.limit},
          {"total", listed.size()}};
}

}  // namespace meeple::server
