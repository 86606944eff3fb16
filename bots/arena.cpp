#include "bots/arena.h"

#include <chrono>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "bots/program_bot.h"

namespace meeple {

std::pair<double, double> wilson95(int wins, int n) {
  if (n == 0) return {0.0, 1.0};
  const double z = 1.959964;
  double p = static_cast<double>(wins) / n;
  double denom = 1 + z * z / n;
  double centre = (p + z * z / (2.0 * n)) / denom;
  double half = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / denom;
  // Rounding can leave the bounds a hair inside the rate at 0 and n wins.
  return {wins == 0 ? 0.0 : std::max(0.0, centre - half),
          wins == n ? 1.0 : std::min(1.0, centre + half)};
}

Json ArenaReport::to_json() const {
  Json list = Json::array();
  for (const auto& b : bots) {
    auto [lo, hi] = wilson95(b.wins, b.games);
    list.push_back({{"name", b.name},
                    {"games", b.games},
                    {"seat_games", b.seat_games},
                    {"wins", b.wins},
                    {"win_rate", b.games ? static_cast<double>(b.wins) / b.games : 0.0},
                    {"ci95", {lo, hi}},
                    {"forfeits", b.forfeits},
                    {"mean_score", b.scored ? b.score_sum / b.scored : 0.0}});
  }
  Json j = {{"game", game}, {"players", players}, {"games", games},
            {"bots", list}, {"seconds", seconds}, {"errors", errors.size()}};
  j["forfeits"] = Json::array();
  for (const auto& f : forfeits) j["forfeits"].push_back(f.to_json());
  if (fixed_seats) j["fixed_seats"] = true;
  for (const auto& [k, v] : extra.items()) j[k] = v;
  return j;
}

namespace {

// Figures read from the shared keys of result_details() (core/game.h):
// "rounds" (mean), "verdict" (distribution; a string or an integer), "teams"
// (seat-games and wins per team, overall and per bot).
struct ExtraFigures {
  double rounds_sum = 0, rounds_sq = 0;
  int rounds_n = 0;
  std::map<std::string, int> verdicts;
  // team -> bot ("" for all) -> (seat-games, wins)
  std::map<std::string, std::map<std::string, std::pair<int, int>>> teams;

  void add(const Json& details, const std::vector<std::string>& seat_bots) {
    if (!details.is_object()) return;
    if (details.contains("rounds") && details["rounds"].is_number()) {
      const double r = details["rounds"].get<double>();
      rounds_sum += r;
      rounds_sq += r * r;
      ++rounds_n;
    }
    if (details.contains("verdict") && details["verdict"].is_string())
      ++verdicts[details["verdict"].get<std::string>()];
    else if (details.contains("verdict") && details["verdict"].is_number_integer())
      ++verdicts[std::to_string(details["verdict"].get<int>())];
    if (details.contains("teams") && details["teams"].is_object()) {
      for (const auto& [team, members] : details["teams"].items()) {
        if (!members.is_array()) continue;
        for (const Json& m : members) {
          if (!m.is_object() || !m.contains("seat") || !m["seat"].is_number_integer()) continue;
          const auto seat = m["seat"].get<std::size_t>();
          if (seat >= seat_bots.size()) continue;
          const bool won = m.value("winner", false);
          for (auto* c : {&teams[team][""], &teams[team][seat_bots[seat]]}) {
            c->first++;
            c->second += won;
          }
        }
      }
    }
  }
  Json to_json() const {
    Json j = Json::object();
    if (rounds_n) {
      // Normal approximation of the mean's 95% interval.
      const double mean = rounds_sum / rounds_n;
      const double var =
          rounds_n > 1 ? std::max(0.0, (rounds_sq - rounds_n * mean * mean) / (rounds_n - 1)) : 0.0;
      const double half = 1.959964 * std::sqrt(var / rounds_n);
      j["mean_rounds"] = mean;
      j["mean_rounds_ci95"] = {mean - half, mean + half};
    }
    if (!verdicts.empty()) j["verdicts"] = verdicts;
    if (!teams.empty()) {
      auto figures = [](std::pair<int, int> gw) {
        auto [lo, hi] = wilson95(gw.second, gw.first);
        return Json{{"games", gw.first},
                    {"wins", gw.second},
                    {"win_rate", gw.first ? static_cast<double>(gw.second) / gw.first : 0.0},
                    {"ci95", {lo, hi}}};
      };
      Json t = Json::object();
      for (const auto& [team, by_bot] : teams) {
        Json entry = figures(by_bot.at(""));
        for (const auto& [bot, gw] : by_bot)
          if (!bot.empty()) entry["bots"][bot] = figures(gw);
        t[team] = entry;
      }
      j["teams"] = t;
    }
    return j;
  }
};

}  // namespace

namespace {

// Entries that name the same bot (e.g. random,random,heuristic) as one.
std::vector<ArenaBotStats> merged_by_name(const std::vector<ArenaBotStats>& bots) {
  std::vector<ArenaBotStats> merged;
  for (const auto& b : bots) {
    auto it = std::find_if(merged.begin(), merged.end(), [&](auto& m) { return m.name == b.name; });
    if (it == merged.end()) {
      merged.push_back(b);
    } else {
      it->games += b.games;
      for (std::size_t s = 0; s < b.seat_games.size(); ++s) it->seat_games[s] += b.seat_games[s];
      it->wins += b.wins;
      it->forfeits += b.forfeits;
      it->scored += b.scored;
      it->score_sum += b.score_sum;
    }
  }
  return merged;
}

}  // namespace

Expected<ArenaReport> run_arena(const AnyGame& game, const ArenaOptions& opt) {
  const int players =
      opt.players ? opt.players : std::min(std::max(game.min_players(), 4), game.max_players());
  auto probe = game.new_game(opt.params, players);
  if (!probe) return probe.error();
  if (opt.bots.empty()) return make_error("bot/count", "give at least one bot");
  const int nb = static_cast<int>(opt.bots.size());
  if (opt.fixed_seats && nb != players)
    return make_error(
        "bot/count",
        fmt::format("with fixed seats give one bot per seat ({}), not {}", players, nb));
  for (const auto& spec : opt.bots)
    if (auto bot = make_arena_bot(game, spec, opt.seconds_per_move, opt.own_bots); !bot)
      return bot.error();
  ArenaReport rep;
  rep.game = std::string(game.name());
  rep.players = players;
  rep.games = opt.games;
  rep.fixed_seats = opt.fixed_seats;
  for (const auto& name : opt.bots)
    rep.bots.push_back({name, 0, std::vector<int>(static_cast<std::size_t>(players), 0)});
  ExtraFigures extra;
  Rng master(opt.seed);
  auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < opt.games; ++g) {
    // Fresh bot objects every game (a bot plays one seat in one game).
    std::vector<int> who(static_cast<std::size_t>(players));
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> seats;
    for (int s = 0; s < players; ++s) {
      who[s] = opt.fixed_seats ? s : (s + g) % nb;
      // Known to work (checked above); a program starts afresh every game.
      auto bot = make_arena_bot(game, opt.bots[who[s]], opt.seconds_per_move, opt.own_bots);
      owned.push_back(std::move(*bot));
      seats.push_back(owned.back().get());
    }
    Rng rng = master.split();
    AnyState start = *game.new_game(opt.params, players);
    MatchOutcome m = play_match(start, seats, rng);
    for (auto& e : m.errors) rep.errors.push_back(e);
    if (m.forfeit) {
      m.forfeit->game = g + 1;
      rep.forfeits.push_back(*m.forfeit);
      for (int s = 0; s < players; ++s) {
        auto& st = rep.bots[who[s]];
        st.games++;
        st.seat_games[s]++;
        if (s == m.forfeit->seat)
          st.forfeits++;
        else
          st.wins++;
      }
    }
    if (m.finished) {
      const Json& res = m.record.result;
      // A bot entry occupying several seats of one game counts once per seat.
      for (int s = 0; s < players; ++s) {
        auto& st = rep.bots[who[s]];
        st.games++;
        st.seat_games[s]++;
        st.scored++;
        st.score_sum += res["score"][s].get<double>();
        for (const auto& w : res["winners"]) st.wins += w.get<int>() == s;
      }
      std::vector<std::string> seat_bots;
      for (int s = 0; s < players; ++s) seat_bots.push_back(opt.bots[who[s]]);
      extra.add(res["details"], seat_bots);
    }
    if (opt.progress) opt.progress(g + 1, opt.games);
  }
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  rep.extra = extra.to_json();
  rep.bots = merged_by_name(rep.bots);
  return rep;
}

}  // namespace meeple
