#include "server/pairing.h"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace meeple::server::pairing {

namespace {

// Who sat with whom: each entrant's opponents, once per table shared.
using Met = std::vector<std::vector<int>>;

Met meetings(std::size_t n, const std::vector<Round>& rounds) {
  Met met(n);
  for (const auto& r : rounds)
    for (const auto& t : r.tables)
      for (int a : t.seats)
        for (int b : t.seats)
          if (a != b) met[a].push_back(b);
  return met;
}

int times_met(const Met& met, int a, int b) {
  return static_cast<int>(std::count(met[a].begin(), met[a].end(), b));
}

int repeats_with(const Met& met, int a, const std::vector<int>& table) {
  int n = 0;
  for (int b : table) n += times_met(met, a, b);
  return n;
}

// The search for a seating without a repeat meeting (see pairing.h): the
// first unseated in `order` opens each table and takes the next ones down
// who met no one there. Gives up after kSteps candidates tried.
class NoRepeatSearch {
 public:
  NoRepeatSearch(const std::vector<int>& order, const std::vector<int>& sizes, const Met& met)
      : order_(order), sizes_(sizes), met_(met), used_(order.size(), 0), tables_(sizes.size()) {}

  bool run() { return fill(0); }
  std::vector<std::vector<int>> tables() const { return tables_; }

 private:
  static constexpr long kSteps = 200000;

  bool fill(std::size_t t) {
    if (t == sizes_.size()) return true;
    std::size_t first = 0;
    while (used_[first]) ++first;
    used_[first] = 1;
    tables_[t] = {order_[first]};
    if (extend(t, first + 1)) return true;
    used_[first] = 0;
    return false;
  }

  bool extend(std::size_t t, std::size_t from) {
    if (static_cast<int>(tables_[t].size()) == sizes_[t]) return fill(t + 1);
    for (std::size_t i = from; i < order_.size(); ++i) {
      if (used_[i]) continue;
      if (++steps_ > kSteps) return false;
      if (repeats_with(met_, order_[i], tables_[t]) > 0) continue;
      used_[i] = 1;
      tables_[t].push_back(order_[i]);
      if (extend(t, i + 1)) return true;
      tables_[t].pop_back();
      used_[i] = 0;
      if (steps_ > kSteps) return false;
    }
    return false;
  }

  const std::vector<int>& order_;
  const std::vector<int>& sizes_;
  const Met& met_;
  std::vector<char> used_;
  std::vector<std::vector<int>> tables_;
  long steps_ = 0;
};

// Each table opened by the first unseated in `order`, each next seat the
// unseated one with the fewest meetings with those already there (the
// first of them in `order`).
std::vector<std::vector<int>> fewest_repeats(const std::vector<int>& order,
                                             const std::vector<int>& sizes, const Met& met) {
  std::vector<char> used(order.size(), 0);
  std::vector<std::vector<int>> tables;
  for (int size : sizes) {
    std::vector<int> table;
    for (int seat = 0; seat < size; ++seat) {
      std::size_t best = order.size();
      int best_repeats = 0;
      for (std::size_t i = 0; i < order.size(); ++i) {
        if (used[i]) continue;
        const int r = repeats_with(met, order[i], table);
        if (best == order.size() || r < best_repeats) {
          best = i;
          best_repeats = r;
          if (r == 0) break;
        }
      }
      used[best] = 1;
      table.push_back(order[best]);
    }
    tables.push_back(std::move(table));
  }
  return tables;
}

// Takes `count` byes from `order` (best first): the lowest of those with
// the fewest byes so far, one at a time. Removes them from `order`.
std::vector<int> take_byes(std::vector<int>& order, int count, const std::vector<int>& byes_had) {
  std::vector<int> byes;
  for (int k = 0; k < count; ++k) {
    std::size_t pick = order.size() - 1;
    for (std::size_t i = order.size(); i-- > 0;)
      if (byes_had[order[i]] < byes_had[order[pick]]) pick = i;
    byes.push_back(order[pick]);
    order.erase(order.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  return byes;
}

std::vector<int> byes_had(std::size_t n, const std::vector<Round>& rounds) {
  std::vector<int> had(n, 0);
  for (const auto& r : rounds)
    for (int b : r.byes) ++had[b];
  return had;
}

Round make_round(std::vector<std::vector<int>> seatings, std::vector<int> byes) {
  Round r;
  for (auto& s : seatings) r.tables.push_back(Table{.seats = std::move(s), .ranks = {}});
  r.byes = std::move(byes);
  return r;
}

Round swiss_round(const Format& f, const std::vector<Entrant>& entrants,
                  const std::vector<Round>& played) {
  const std::size_t n = entrants.size();
  std::vector<double> points(n, 0);
  for (const auto& s : standings(entrants, played)) points[s.entrant] = s.points;
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return std::tie(points[b], entrants[b].rating, entrants[a].id) <
           std::tie(points[a], entrants[a].rating, entrants[b].id);
  });
  int bye_count = 0;
  const auto sizes = table_sizes(static_cast<int>(n), f, &bye_count);
  auto byes = take_byes(order, bye_count, byes_had(n, played));
  const Met met = meetings(n, played);
  NoRepeatSearch search(order, sizes, met);
  if (search.run()) return make_round(search.tables(), std::move(byes));
  return make_round(fewest_repeats(order, sizes, met), std::move(byes));
}

// The circle method: entrant 0 stays, the others turn one place a round; a
// stand-in m-1 (when n is odd) marks the bye.
Round circle_round(int n, int round) {
  const int m = n % 2 == 0 ? n : n + 1;
  std::vector<int> at(m);
  at[0] = 0;
  for (int i = 1; i < m; ++i) at[i] = 1 + (i - 1 + round) % (m - 1);
  std::vector<std::vector<int>> seatings;
  std::vector<int> byes;
  for (int i = 0; i < m / 2; ++i) {
    int a = at[i];
    int b = at[m - 1 - i];
    if (a >= n || b >= n) {
      byes.push_back(a >= n ? b : a);
      continue;
    }
    if ((i == 0 && round % 2 == 1) || (i > 0 && i % 2 == 1)) std::swap(a, b);
    seatings.push_back({a, b});
  }
  return make_round(std::move(seatings), std::move(byes));
}

Round round_robin_round(const Format& f, std::size_t n, const std::vector<Round>& played) {
  if (f.table_size == 2) return circle_round(static_cast<int>(n), static_cast<int>(played.size()));
  const Met met = meetings(n, played);
  std::vector<int> unmet(n, 0);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b)
      if (a != b && times_met(met, static_cast<int>(a), static_cast<int>(b)) == 0) ++unmet[a];
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return unmet[a] > unmet[b]; });
  int bye_count = 0;
  const auto sizes = table_sizes(static_cast<int>(n), f, &bye_count);
  auto byes = take_byes(order, bye_count, byes_had(n, played));
  return make_round(fewest_repeats(order, sizes, met), std::move(byes));
}

bool all_met(const Met& met, std::size_t n) {
  for (std::size_t a = 0; a < n; ++a) {
    std::vector<int> seen = met[a];
    std::sort(seen.begin(), seen.end());
    seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
    if (seen.size() + 1 < n) return false;
  }
  return true;
}

}  // namespace

bool Round::finished() const {
  return std::all_of(tables.begin(), tables.end(), [](const Table& t) { return t.finished(); });
}

double table_points(const std::vector<int>& ranks, std::size_t seat) {
  if (ranks.size() < 2) return 1;
  double beaten = 0;
  for (std::size_t o = 0; o < ranks.size(); ++o) {
    if (o == seat) continue;
    if (ranks[seat] < ranks[o]) beaten += 1;
    if (ranks[seat] == ranks[o]) beaten += 0.5;
  }
  return beaten / static_cast<double>(ranks.size() - 1);
}

std::vector<int> table_sizes(int n, const Format& f, int* byes) {
  const int k = std::max(f.table_size, 1);
  const int tables = (n + k - 1) / k;
  *byes = 0;
  if (tables == 0) return {};
  const int base = n / tables;
  if (base >= f.min_table) {
    std::vector<int> sizes(tables, base);
    for (int i = 0; i < n % tables; ++i) ++sizes[i];
    return sizes;
  }
  *byes = n % k;
  return std::vector<int>(n / k, k);
}

Round next_round(const Format& f, const std::vector<Entrant>& entrants,
                 const std::vector<Round>& played) {
  if (f.kind == Kind::kRoundRobin) return round_robin_round(f, entrants.size(), played);
  return swiss_round(f, entrants, played);
}

int round_robin_rounds(const Format& f, int n) {
  if (n < 2) return 0;
  if (f.table_size == 2) return n % 2 == 0 ? n - 1 : n;
  std::vector<Round> rounds;
  const auto size = static_cast<std::size_t>(n);
  // Each round seats someone with the most unmet beside an unmet one, so a
  // round adds a meeting while any pair is missing; 4n bounds it anyway.
  while (!all_met(meetings(size, rounds), size) && static_cast<int>(rounds.size()) < 4 * n)
    rounds.push_back(round_robin_round(f, size, rounds));
  return static_cast<int>(rounds.size());
}

std::vector<Standing> standings(const std::vector<Entrant>& entrants,
                                const std::vector<Round>& rounds) {
  const std::size_t n = entrants.size();
  std::vector<Standing> s(n);
  for (std::size_t i = 0; i < n; ++i) s[i].entrant = static_cast<int>(i);
  Met opponents(n);
  for (const auto& r : rounds) {
    for (int b : r.byes) {
      s[b].points += 1;
      ++s[b].byes;
    }
    for (const auto& t : r.tables) {
      if (!t.finished()) continue;
      for (std::size_t seat = 0; seat < t.seats.size(); ++seat) {
        const int e = t.seats[seat];
        s[e].points += table_points(t.ranks, seat);
        ++s[e].tables;
        for (int o : t.seats)
          if (o != e) opponents[e].push_back(o);
      }
    }
  }
  for (std::size_t i = 0; i < n; ++i)
    for (int o : opponents[i]) s[i].buchholz += s[o].points;
  std::sort(s.begin(), s.end(), [&](const Standing& a, const Standing& b) {
    const auto& ea = entrants[a.entrant];
    const auto& eb = entrants[b.entrant];
    return std::tie(b.points, b.buchholz, eb.rating, ea.id) <
           std::tie(a.points, a.buchholz, ea.rating, eb.id);
  });
  for (std::size_t i = 0; i < n; ++i) s[i].place = static_cast<int>(i);
  return s;
}

}  // namespace meeple::server::pairing
