// The Hub and its store (hub.h): with several nodes the leases by which a
// node holds its tables; when the store cannot write, its refusals and its
// probes; tables that lost a write, read again once it answers.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "server/hub.h"
#include "server/protocol.h"
#include "server/table.h"

namespace meeple::server {

std::vector<store::TableId> Hub::held() {
  // A halted table is not held on: its lease runs out, so that it is read
  // again (here or by another node) rather than kept frozen.
  std::vector<store::TableId> ids;
  for (const auto& t : all())
    if (t->phase() != Phase::kFinished && !t->halted()) ids.push_back(t->id());
  // A table out of memory is still this node's: it reads it again when due.
  std::lock_guard lock(mutex_);
  for (const auto& [id, r] : resting_) ids.push_back(id);
  return ids;
}

void Hub::reload_later(const std::string& id) {
  {
    std::lock_guard lock(mutex_);
    reloads_.insert(id);
  }
  net::post(table_pool, [this] { retry_reloads(); });
}

void Hub::stop_reloads() {
  std::lock_guard lock(mutex_);
  if (reload_timer_)
    net::post(reload_timer_->get_executor(), [this] {
      std::lock_guard inner(mutex_);
      reload_timer_->cancel();
    });
  if (wake_timer_)
    net::post(wake_timer_->get_executor(), [this] {
      std::lock_guard inner(mutex_);
      wake_timer_->cancel();
    });
  std::lock_guard health(health_mutex_);
  if (probe_timer_)
    net::post(probe_timer_->get_executor(), [this] {
      std::lock_guard inner(health_mutex_);
      probe_timer_->cancel();
    });
}

void Hub::store_failed(const Error& e) {
  std::lock_guard lock(health_mutex_);
  store_reason_ = e.message;
  ++refused_;
  if (store_failing_.exchange(true)) return;  // the probe's line tells the rest
  failing_since_ = std::chrono::steady_clock::now();
  refused_ = 0;
  spdlog::error(
      "store: cannot write ({}): new tables and moves are refused until it writes again "
      "(probed every second)",
      e.message);
  arm_probe();
}

MaybeError Hub::store_writable() {
  if (!store_failing_.load(std::memory_order_relaxed)) return std::nullopt;
  std::lock_guard lock(health_mutex_);
  if (!store_failing_) return std::nullopt;
  ++refused_;
  return make_error(store::errc::kUnavailable,
                    "the server cannot store anything now: nothing changed; try again in a moment");
}

std::optional<std::string> Hub::store_trouble() const {
  if (!store_failing_.load(std::memory_order_relaxed)) return std::nullopt;
  std::lock_guard lock(health_mutex_);
  if (!store_failing_) return std::nullopt;
  return store_reason_;
}

void Hub::arm_probe() {
  if (stopping) return;
  if (!probe_timer_) probe_timer_ = std::make_unique<net::steady_timer>(table_pool);
  probe_timer_->expires_after(std::chrono::seconds(1));
  probe_timer_->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) probe_store();
  });
}

void Hub::probe_store() {
  if (stopping) return;
  const MaybeError e = store.probe();
  std::size_t waiting = 0;
  {
    std::lock_guard tables(mutex_);  // before health_mutex_, never inside it (stop_reloads)
    waiting = reloads_.size();
  }
  std::lock_guard lock(health_mutex_);
  const double down =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - failing_since_).count();
  if (!e) {
    store_failing_ = false;
    spdlog::warn(
        "store: writes again after {:.1f} s ({} refusals in the last second); {} tables "
        "are read again",
        down, refused_, waiting);
    refused_ = 0;
    net::post(table_pool, [this] { retry_reloads(); });
    return;
  }
  store_reason_ = e->message;
  spdlog::error(
      "store: still cannot write after {:.0f} s ({}): {} refusals in the last second, "
      "{} tables wait to be read again",
      down, e->message, refused_, waiting);
  refused_ = 0;
  arm_probe();
}

void Hub::retry_reloads() {
  if (stopping) return;
  // Reading them now would only fail their next write: the probe calls
  // again once the store writes.
  if (store_trouble()) return;
  std::vector<std::string> ids;
  {
    std::lock_guard lock(mutex_);
    ids.assign(reloads_.begin(), reloads_.end());
  }
  std::size_t back = 0;
  for (const std::string& id : ids) {
    auto t = find_or_load(id);
    // Back (in memory, or another node holds it now), or gone for good.
    if (t || t.error().code != store::errc::kUnavailable) {
      std::lock_guard lock(mutex_);
      reloads_.erase(id);
      back += t.ok();
      if (t) spdlog::debug("table {}: read again from the store", id);
    }
  }
  if (back > 0) spdlog::info("{} tables read again from the store", back);
  std::lock_guard lock(mutex_);
  if (reloads_.empty() || stopping) return;
  if (!reload_timer_) reload_timer_ = std::make_unique<net::steady_timer>(table_pool);
  reload_timer_->expires_after(std::chrono::seconds(2));
  reload_timer_->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) retry_reloads();
  });
}

void Hub::keep_leases() {
  if (stopping) return;
  if (auto lost = store.renew(owner, held(), options.lease); !lost) {
    spdlog::warn("leases not renewed: {}", lost.error().message);
  } else {
    for (const auto& id : *lost) {
      if (auto t = find(id))
        t->post([t] { t->lose(errc::kMoved, "another server has taken the table: reconnect"); });
      std::lock_guard lock(mutex_);
      resting_.erase(id);  // another node runs it now
    }
  }
  // Tables and lobbies whose node is gone: taken here, so that their bots
  // and clocks go on before anyone asks for them (when someone does, the
  // router's node takes them from here).
  for (const auto& id : store.expired())
    if (!find(id) && find_or_load(id)) spdlog::info("table {}: its node was gone", id);
  if (stopping) return;
  keeper->expires_after(options.lease / 3);
  keeper->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) keep_leases();
  });
}

}  // namespace meeple::server
