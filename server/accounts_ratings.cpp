// Accounts (accounts.h): ratings after a rated game (docs/ratings.md) and
// the addresses they are checked against.

#include "server/account_answers.h"
#include "server/accounts.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "server/rating.h"

namespace meeple::server {

using namespace account_answers;

void Accounts::seen_from(const std::string& account, const std::string& address) {
  if (account.empty() || address.empty()) return;
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(mutex_);
  // Accounts not seen within the window are forgotten when the map has
  // doubled since the last sweep: memory follows the accounts seen lately.
  if (addresses_.size() >= 2 * std::max<std::size_t>(addresses_swept_, 64)) {
    for (auto it = addresses_.begin(); it != addresses_.end();) {
      std::erase_if(it->second, [&](const auto& a) { return now - a.second >= rating_window_; });
      it = it->second.empty() ? addresses_.erase(it) : std::next(it);
    }
    addresses_swept_ = addresses_.size();
  }
  auto& seen = addresses_[account];
  for (auto& [a, at] : seen)
    if (a == address) {
      at = now;
      return;
    }
  if (seen.size() >= kAddressesKept)
    seen.erase(std::min_element(seen.begin(), seen.end(),
                                [](const auto& x, const auto& y) { return x.second < y.second; }));
  seen.emplace_back(address, now);
}

std::vector<std::string> Accounts::recent_addresses(const std::string& account) {
  const auto now = std::chrono::steady_clock::now();
  std::vector<std::string> out;
  std::lock_guard lock(mutex_);
  if (auto it = addresses_.find(account); it != addresses_.end())
    for (const auto& [a, at] : it->second)
      if (now - at < rating_window_) out.push_back(a);
  return out;
}

int Accounts::rated_together(const std::string& a, const std::string& b, const std::string& game,
                             const std::string& table) {
  constexpr std::int32_t kLooked = 200;  // the newest keyring seats: a window's tables
  auto ring = store_.keyring(a, kLooked);
  if (!ring) return 0;
  const std::int64_t since = now_ms() - rating_window_.count();
  int n = 0;
  for (const store::KeyringSeat& s : *ring) {
    if (s.seat < 0 || s.table == table) continue;
    const Shown t = shown(s.table, true);
    if (t.finished && t.rated && t.game == game && t.ended >= since &&
        std::find(t.accounts.begin(), t.accounts.end(), b) != t.accounts.end())
      ++n;
  }
  return n;
}

void Accounts::rate(const std::string& table, const std::string& game,
                    const std::vector<std::string>& accounts, const Json& result,
                    const std::vector<std::vector<std::string>>& seat_addresses) {
  // Each pair's weight (docs/ratings.md, "Games that count"): none for two
  // accounts that shared an address lately, less for a pair that played
  // rated tables of this game together lately.
  const std::size_t seats = accounts.size();
  std::vector<std::vector<std::string>> where(seats);
  for (std::size_t i = 0; i < seats; ++i) {
    if (accounts[i].empty()) continue;
    where[i] = recent_addresses(accounts[i]);
    if (i < seat_addresses.size())
      where[i].insert(where[i].end(), seat_addresses[i].begin(), seat_addresses[i].end());
  }
  std::vector<std::vector<double>> weight(seats, std::vector<double>(seats, 1.0));
  for (std::size_t i = 0; i < seats; ++i)
    for (std::size_t j = i + 1; j < seats; ++j) {
      if (accounts[i].empty() || accounts[j].empty()) continue;
      const bool shared = std::any_of(where[i].begin(), where[i].end(), [&](const auto& x) {
        return std::find(where[j].begin(), where[j].end(), x) != where[j].end();
      });
      // A browser both signed in from (its meeple_device cookie), as the
      // store knows it: on any node, and after a restart.
      const auto device =
          store_.shared_device(accounts[i], accounts[j], now_ms() - rating_window_.count());
      double w = 0;
      if (shared || (device && *device))
        spdlog::info("table {}: seats {} and {} shared {} lately: not rated against each other",
                     table, i, j, shared ? "an address" : "a device");
      else
        w = rating::pair_weight(1 + rated_together(accounts[i], accounts[j], game, table));
      weight[i][j] = weight[j][i] = w;
    }
  std::vector<std::optional<rating::Rating>> prior;
  for (const std::string& id : accounts) {
    if (id.empty()) {
      prior.emplace_back();
      continue;
    }
    auto r = store_.rating(id, game);
    if (!r) {
      spdlog::warn("table {}: ratings not updated: {}", table, r.error().message);
      return;
    }
    prior.push_back(r->has_value()
                        ? rating::Rating{(*r)->rating, (*r)->rd, (*r)->volatility, (*r)->games}
                        : rating::Rating{});
  }
  auto next = rating::rate_table(result, prior, weight);
  if (!next) {
    spdlog::warn("table {}: ratings not updated: {}", table, next.error().message);
    return;
  }
  for (std::size_t i = 0; i < accounts.size() && i < next->size(); ++i) {
    const auto& r = (*next)[i];
    // A seat no game counted for keeps its rating as it was (none, for a
    // newcomer): nothing to save.
    if (!r || accounts[i].empty() || r->games == prior[i]->games) continue;
    if (auto e = store_.save_rating(accounts[i], game, {r->rating, r->rd, r->volatility, r->games}))
      spdlog::warn("table {}: the rating of seat {} not saved: {}", table, i, e->message);
  }
}

Viewer Accounts::viewer(const std::string& id, const std::string& game, const std::string& host) {
  Viewer v{.account = id};
  if (id.empty()) return v;
  if (auto r = store_.rating(id, game)) v.rating = *r ? (*r)->rating : rating::kStartRating;
  if (!host.empty() && host != id)
    if (auto friends = store_.friends(host))
      v.host_friend = std::find(friends->begin(), friends->end(), id) != friends->end();
  return v;
}

}  // namespace meeple::server
