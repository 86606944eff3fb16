#include "bots/ladder.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

#include <time.h>

#include <fmt/format.h>

#include "bots/bot.h"
#include "bots/match.h"
#include "bots/program_bot.h"

namespace meeple {

PairRecord::PairRecord(std::vector<std::string> n)
    : names(std::move(n)),
      score(names.size(), std::vector<double>(names.size(), 0.0)),
      games(names.size(), std::vector<double>(names.size(), 0.0)) {}

void PairRecord::add(std::size_t i, std::size_t j, double score_i) {
  score[i][j] += score_i;
  score[j][i] += 1.0 - score_i;
  games[i][j] += 1;
  games[j][i] += 1;
}

namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln 10
constexpr double kZ95 = 1.959964;

// Inverts the n x n matrix `a` (row-major) in place by Gauss-Jordan
// elimination with partial pivoting; returns false if it is singular.
bool invert(std::vector<double>& a, std::size_t n) {
  std::vector<double> inv(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i) inv[i * n + i] = 1.0;
  auto swap_rows = [n](std::vector<double>& m, std::size_t r, std::size_t q) {
    for (std::size_t k = 0; k < n; ++k) std::swap(m[r * n + k], m[q * n + k]);
  };
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r * n + c]) > std::abs(a[pivot * n + c])) pivot = r;
    if (std::abs(a[pivot * n + c]) < 1e-12) return false;
    swap_rows(a, c, pivot);
    swap_rows(inv, c, pivot);
    const double d = a[c * n + c];
    for (std::size_t k = 0; k < n; ++k) a[c * n + k] /= d, inv[c * n + k] /= d;
    for (std::size_t r = 0; r < n; ++r) {
      const double f = a[r * n + c];
      if (r == c || f == 0.0) continue;
      for (std::size_t k = 0; k < n; ++k)
        a[r * n + k] -= f * a[c * n + k], inv[r * n + k] -= f * inv[c * n + k];
    }
  }
  a = std::move(inv);
  return true;
}

}  // namespace

std::vector<Rating> fit_bradley_terry(const PairRecord& record, std::size_t anchor) {
  const std::size_t n = record.names.size();
  // The record plus one virtual drawn game per pair.
  std::vector<std::vector<double>> games = record.games, score = record.score;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j) games[i][j] += 1.0, score[i][j] += 0.5;
  std::vector<double> total(n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) total[i] += score[i][j];

  // Minorize-maximize (Hunter 2004): p_i <- W_i / sum_j n_ij / (p_i + p_j),
  // each step raising the likelihood; strengths renormalized to a geometric
  // mean of 1 so they stay in range.
  std::vector<double> p(n, 1.0);
  for (int it = 0; it < 100000; ++it) {
    double change = 0;
    std::vector<double> next(n);
    for (std::size_t i = 0; i < n; ++i) {
      double denom = 0;
      for (std::size_t j = 0; j < n; ++j)
        if (j != i && games[i][j] > 0) denom += games[i][j] / (p[i] + p[j]);
      next[i] = denom > 0 ? total[i] / denom : p[i];
    }
    double log_mean = 0;
    for (double v : next) log_mean += std::log(v) / static_cast<double>(n);
    for (std::size_t i = 0; i < n; ++i) {
      next[i] /= std::exp(log_mean);
      change = std::max(change, std::abs(std::log(next[i] / p[i])));
    }
    p = next;
    if (change < 1e-12) break;
  }

  // Observed information of theta = ln p, the anchor's theta held at 0.
  std::vector<std::size_t> free;
  for (std::size_t i = 0; i < n; ++i)
    if (i != anchor) free.push_back(i);
  const std::size_t m = free.size();
  std::vector<double> info(m * m, 0.0);
  for (std::size_t a = 0; a < m; ++a) {
    const std::size_t i = free[a];
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      const double q = p[i] / (p[i] + p[j]);
      const double w = games[i][j] * q * (1 - q);
      info[a * m + a] += w;
      for (std::size_t b = 0; b < m; ++b)
        if (free[b] == j) info[a * m + b] -= w;
    }
  }
  const bool ok = invert(info, m);

  std::vector<Rating> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    Rating& r = out[i];
    r.name = record.names[i];
    r.elo = kEloPerNat * std::log(p[i] / p[anchor]);
    for (std::size_t j = 0; j < n; ++j)
      r.games += record.games[i][j], r.score += record.score[i][j];
    r.low = r.high = r.elo;
  }
  for (std::size_t a = 0; a < m; ++a) {
    const double half =
        ok ? kZ95 * kEloPerNat * std::sqrt(std::max(0.0, info[a * m + a])) : INFINITY;
    out[free[a]].low -= half;
    out[free[a]].high += half;
  }
  return out;
}

std::vector<std::string> default_ladder_bots(const AnyGame& game) {
  std::vector<std::string> out = {"random"};
  for (const auto& name : bot_names(game))
    if (name != "random" && name != "ismcts") out.push_back(name);
  const auto names = bot_names(game);
  if (std::find(names.begin(), names.end(), "ismcts") != names.end())
    for (int n : {30, 100, 300, 1000}) out.push_back(fmt::format("ismcts:{}", n));
  return out;
}

namespace {

// CPU time of the calling thread, in milliseconds: what a decision costs on
// one core, whatever else the machine is doing.
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

// Times every decision of the bot it wraps (thread CPU time); passes
// observations through.
class TimedBot final : public Bot {
 public:
  TimedBot(std::unique_ptr<Bot> bot, std::vector<double>& times)
      : bot_(std::move(bot)), times_(times), program_(dynamic_cast<ProgramBot*>(bot_.get())) {}
  std::string_view name() const override { return bot_->name(); }
  Action choose(const AnyState& info, Seat seat, Rng& rng) override {
    const double t0 = now_ms();
    const Action a = bot_->choose(info, seat, rng);
    times_.push_back(now_ms() - t0);
    return a;
  }
  bool observes() const override { return bot_->observes(); }
  void observe(const AnyState& info, Seat seat) override { bot_->observe(info, seat); }

 private:
  // A program thinks in another process: its time is the wait.
  double now_ms() const {
    return program_ ? std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now().time_since_epoch())
                          .count()
                    : thread_cpu_ms();
  }
  std::unique_ptr<Bot> bot_;
  std::vector<double>& times_;
  bool program_;
};

double quantile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size()))) - 1;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

struct Job {
  std::size_t a = 0, b = 0;  // configurations
  int game = 0;              // within the pair
  Rng rng;
};

struct JobResult {
  bool finished = false;
  double score_a = 0;  // a's share of (a-seat, b-seat) comparisons
  std::vector<Error> errors;
  std::optional<Forfeit> forfeit;
  std::vector<double> times_a, times_b;
};

JobResult play_job(const AnyGame& game, const LadderOptions& opt, Job job) {
  JobResult out;
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> seats;
  std::vector<bool> is_a;
  for (int s = 0; s < opt.players; ++s) {
    const bool a = (s + job.game) % 2 == 0;
    is_a.push_back(a);
    // Checked by run_ladder; a program starts afresh every game.
    auto bot =
        make_arena_bot(game, opt.bots[a ? job.a : job.b], opt.seconds_per_move, opt.own_bots);
    owned.push_back(std::make_unique<TimedBot>(std::move(*bot), a ? out.times_a : out.times_b));
    seats.push_back(owned.back().get());
  }
  AnyState start = *game.new_game(opt.params, opt.players);
  MatchOutcome m = play_match(start, seats, job.rng);
  out.errors = m.errors;
  if (m.forfeit) {
    out.forfeit = m.forfeit;
    out.finished = true;
    out.score_a = is_a[static_cast<std::size_t>(m.forfeit->seat)] ? 0.0 : 1.0;
    return out;
  }
  if (!m.finished) return out;
  out.finished = true;
  const Json& rank = m.record.result["rank"];
  double sum = 0, pairs = 0;
  for (int i = 0; i < opt.players; ++i)
    for (int j = 0; j < opt.players; ++j) {
      if (!is_a[i] || is_a[j]) continue;
      const int ri = rank[i].get<int>(), rj = rank[j].get<int>();
      sum += ri < rj ? 1.0 : ri == rj ? 0.5 : 0.0;
      pairs += 1;
    }
  out.score_a = sum / pairs;
  return out;
}

}  // namespace

namespace {

// Every game's generator is drawn up front, in a fixed order, so the games
// are the same whatever the number of threads; games 2k and 2k+1 of a pair
// share theirs.
std::vector<Job> ladder_jobs(std::size_t n, const LadderOptions& opt) {
  std::vector<Job> jobs;
  Rng master(opt.seed);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b) {
      Rng deal;
      for (int g = 0; g < opt.games_per_pair; ++g) {
        if (g % 2 == 0) deal = master.split();
        jobs.push_back({a, b, g, deal});
      }
    }
  return jobs;
}

}  // namespace

Expected<LadderReport> run_ladder(const AnyGame& game, const LadderOptions& opt) {
  if (opt.bots.size() < 2) return make_error("bot/count", "a ladder needs at least two bots");
  if (opt.players < 2) return make_error("bot/count", "a ladder needs at least two players");
  if (opt.games_per_pair < 1) return make_error("bot/count", "give at least one game per pair");
  if (auto probe = game.new_game(opt.params, opt.players); !probe) return probe.error();
  for (std::size_t i = 0; i < opt.bots.size(); ++i) {
    if (auto bot = make_arena_bot(game, opt.bots[i], opt.seconds_per_move, opt.own_bots); !bot)
      return bot.error();
    for (std::size_t j = 0; j < i; ++j)
      if (opt.bots[i] == opt.bots[j])
        return make_error("bot/count", fmt::format("'{}' is listed twice", opt.bots[i]));
  }
  const std::size_t n = opt.bots.size();

  const std::vector<Job> jobs = ladder_jobs(n, opt);

  std::vector<JobResult> results(jobs.size());
  std::atomic<std::size_t> next{0};
  std::atomic<int> done{0};
  std::mutex progress_mutex;
  auto worker = [&] {
    for (std::size_t k; (k = next.fetch_add(1)) < jobs.size();) {
      results[k] = play_job(game, opt, jobs[k]);
      const int d = ++done;
      if (opt.progress) {
        std::lock_guard lock(progress_mutex);
        opt.progress(d, static_cast<int>(jobs.size()));
      }
    }
  };
  const auto t0 = std::chrono::steady_clock::now();
  const int threads = std::max(1, std::min(opt.threads, static_cast<int>(jobs.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();

  LadderReport rep;
  rep.game = std::string(game.name());
  rep.players = opt.players;
  rep.games_per_pair = opt.games_per_pair;
  rep.games = static_cast<int>(jobs.size());
  rep.seed = opt.seed;
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  rep.record = PairRecord(opt.bots);
  std::vector<std::vector<double>> times(n);
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    JobResult& r = results[k];
    for (auto& e : r.errors) rep.errors.push_back(e);
    if (r.forfeit) {
      r.forfeit->game = static_cast<int>(k) + 1;
      rep.forfeits.push_back(*r.forfeit);
    }
    auto& ta = times[jobs[k].a];
    auto& tb = times[jobs[k].b];
    ta.insert(ta.end(), r.times_a.begin(), r.times_a.end());
    tb.insert(tb.end(), r.times_b.begin(), r.times_b.end());
    if (r.finished) rep.record.add(jobs[k].a, jobs[k].b, r.score_a);
  }
  std::size_t anchor = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (opt.bots[i] == "random") anchor = i;
  rep.anchor = opt.bots[anchor];
  const auto ratings = fit_bradley_terry(rep.record, anchor);
  for (std::size_t i = 0; i < n; ++i) {
    LadderEntry e;
    e.rating = ratings[i];
    e.decisions = static_cast<long>(times[i].size());
    e.median_ms = quantile(times[i], 0.5);
    e.p95_ms = quantile(times[i], 0.95);
    rep.entries.push_back(e);
  }
  std::stable_sort(
      rep.entries.begin(), rep.entries.end(),
      [](const LadderEntry& x, const LadderEntry& y) { return x.rating.elo > y.rating.elo; });
  return rep;
}

Json LadderReport::to_json() const {
  Json list = Json::array();
  for (const auto& e : entries)
    list.push_back({{"name", e.rating.name},
                    {"elo", e.rating.elo},
                    {"ci95", {e.rating.low, e.rating.high}},
                    {"games", e.rating.games},
                    {"score", e.rating.score},
                    {"decisions", e.decisions},
                    {"median_ms", e.median_ms},
                    {"p95_ms", e.p95_ms}});
  Json pairs = Json::array();
  for (std::size_t i = 0; i < record.names.size(); ++i)
    for (std::size_t j = i + 1; j < record.names.size(); ++j)
      pairs.push_back({{"a", record.names[i]},
                       {"b", record.names[j]},
                       {"games", record.games[i][j]},
                       {"score_a", record.score[i][j]}});
  Json forfeits_json = Json::array();
  for (const auto& f : forfeits) forfeits_json.push_back(f.to_json());
  return {{"game", game},
          {"players", players},
          {"games_per_pair", games_per_pair},
          {"games", games},
          {"seed", seed},
          {"anchor", anchor},
          {"bots", list},
          {"pairs", pairs},
          {"errors", errors.size()},
          {"seconds", seconds},
          {"forfeits", forfeits_json}};
}

}  // namespace meeple
