// The registry of open account channels (account_channels.h); the
// channel's WebSocket itself is account_channel.cpp.
#include "server/account_channels.h"

#include <vector>

#include "server/publisher.h"

namespace meeple::server {

void AccountChannels::add(const std::string& account, const std::shared_ptr<Peer>& peer) {
  std::lock_guard lock(mutex_);
  open_.emplace(account, peer);
}

void AccountChannels::remove(const std::string& account, const Peer* peer) {
  std::lock_guard lock(mutex_);
  auto [from, to] = open_.equal_range(account);
  for (auto it = from; it != to; ++it) {
    if (auto p = it->second.lock(); !p || p.get() == peer) {
      open_.erase(it);
      return;
    }
  }
}

std::size_t AccountChannels::tell(const std::string& account, const Json& message) {
  std::vector<std::shared_ptr<Peer>> to;
  {
    std::lock_guard lock(mutex_);
    auto [from, end] = open_.equal_range(account);
    for (auto it = from; it != end; ++it)
      if (auto p = it->second.lock()) to.push_back(std::move(p));
  }
  if (to.empty()) return 0;
  auto text = std::make_shared<const std::string>(message.dump());
  for (auto& p : to) p->send(text);
  return to.size();
}

std::size_t AccountChannels::size() {
  std::lock_guard lock(mutex_);
  return open_.size();
}

bool is_account_channel(std::string_view target) {
  if (const auto q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
  return target == "/ws/account";
}

}  // namespace meeple::server
