#include "server/rating.h"

#include <cmath>
#include <numbers>

namespace meeple::server::rating {

namespace {

// Step 3's g(φ): how much an opponent's uncertainty dampens a game's weight.
double g(double phi) {
  return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

// Step 3's E(μ, μj, φj): the expected score against an opponent.
double expected(double mu, double mu_j, double phi_j) {
  return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility σ', the root of f by the Illinois algorithm
// (the regula falsi variant the paper gives), started from A = ln σ².
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double A = a;
  double B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > kEpsilon) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace

Rating update(const Rating& player, const std::vector<Outcome>& games, double tau) {
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - kStartRating) / kScale;
  const double phi = player.rd / kScale;
  const double sigma = player.volatility;
  if (games.empty()) {
    // Step 6 alone: a player who did not play grows uncertain.
    Rating out = player;
    out.rd = std::sqrt(phi * phi + sigma * sigma) * kScale;
    return out;
  }
  // Steps 3 and 4: the estimated variance v and improvement Δ.
  double inv_v = 0, sum = 0;
  for (const Outcome& o : games) {
    const double mu_j = (o.opponent.rating - kStartRating) / kScale;
    const double phi_j = o.opponent.rd / kScale;
    const double e = expected(mu, mu_j, phi_j);
    inv_v += o.weight * g(phi_j) * g(phi_j) * e * (1 - e);
    sum += o.weight * g(phi_j) * (o.score - e);
  }
  const double v = 1 / inv_v;
  const double delta = v * sum;
  // Step 5, then steps 6 to 8.
  const double sigma_new = new_volatility(sigma, phi, v, delta, tau);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  return {.rating = kScale * mu_new + kStartRating,
          .rd = kScale * phi_new,
          .volatility = sigma_new,
          .games = player.games + 1};
}

double pair_weight(int n) {
  return n <= kFullPairGames ? 1.0 : std::ldexp(1.0, kFullPairGames - n);
}

Expected<std::vector<std::vector<Pairing>>> pairings(const Json& result) {
  const Json rank = result.is_object() ? result.value("rank", Json()) : Json();
  if (!rank.is_array())
    return make_error(meeple::errc::kMalformedRequest, "a result has a rank per seat");
  const int seats = static_cast<int>(rank.size());
  for (const Json& r : rank)
    if (!r.is_number()) return make_error(meeple::errc::kMalformedRequest, "a rank is a number");
  // Each seat's team (0 for all when the result has no teams).
  std::vector<int> team(static_cast<std::size_t>(seats), 0);
  const Json details = result.value("details", Json());
  const Json teams = details.is_object() ? details.value("teams", Json()) : Json();
  if (teams.is_object()) {
    std::fill(team.begin(), team.end(), -1);
    int t = 0;
    for (const auto& [name, members] : teams.items()) {
      for (const Json& m : members) {
        const Json seat = m.is_object() ? m.value("seat", Json()) : Json();
        if (!seat.is_number_integer() || seat.get<int>() < 0 || seat.get<int>() >= seats)
          return make_error(meeple::errc::kMalformedRequest,
                            "a team's member is {\"seat\": a seat}");
        team[seat.get<std::size_t>()] = t;
      }
      ++t;
    }
    for (int s : team)
      if (s < 0) return make_error(meeple::errc::kMalformedRequest, "every seat is in a team");
  }
  std::vector<std::vector<Pairing>> out(static_cast<std::size_t>(seats));
  for (int a = 0; a < seats; ++a)
    for (int b = 0; b < seats; ++b) {
      if (a == b || team[a] != team[b]) continue;
      const double ra = rank[a].get<double>(), rb = rank[b].get<double>();
      out[a].push_back({.opponent = b, .score = ra < rb ? 1.0 : ra == rb ? 0.5 : 0.0});
    }
  return out;
}

Expected<std::vector<std::optional<Rating>>> rate_table(
    const Json& result, const std::vector<std::optional<Rating>>& prior,
    const std::vector<std::vector<double>>& weight) {
  auto pairs = pairings(result);
  if (!pairs) return pairs.error();
  if (pairs->size() != prior.size())
    return make_error(meeple::errc::kMalformedRequest, "one prior rating (or none) per seat");
  if (!weight.empty() && weight.size() != prior.size())
    return make_error(meeple::errc::kMalformedRequest, "one row of weights per seat");
  for (const auto& row : weight)
    if (row.size() != prior.size())
      return make_error(meeple::errc::kMalformedRequest, "one weight per seat in each row");
  std::vector<std::optional<Rating>> out(prior.size());
  for (std::size_t s = 0; s < prior.size(); ++s) {
    if (!prior[s]) continue;
    std::vector<Outcome> games;
    for (const Pairing& p : (*pairs)[s]) {
      const auto o = static_cast<std::size_t>(p.opponent);
      const double w = weight.empty() ? 1.0 : weight[s][o];
      if (const auto& opp = prior[o]; opp && w > 0)
        games.push_back({.opponent = *opp, .score = p.score, .weight = w});
    }
    out[s] = games.empty() ? *prior[s] : update(*prior[s], games);
  }
  return out;
}

}  // namespace meeple::server::rating
