// The registry of open account channels (account_channels.h); the
// channel's WebSocket itself is account_channel.cpp.
#include "server/account_channels.h"

#include <vector>

#include "server/protocol.h"
#include "server/publisher.h"

namespace meeple::server {

bool AccountChannels::add(const std::string& account, const std::string& session,
                          const std::shared_ptr<Peer>& peer) {
  std::lock_guard lock(mutex_);
  if (open_.count(account) >= kMaxPerAccount) return false;
  open_.emplace(account, Open{session, peer});
  return true;
}

void AccountChannels::remove(const std::string& account, const Peer* peer) {
  std::lock_guard lock(mutex_);
  auto [from, to] = open_.equal_range(account);
  for (auto it = from; it != to; ++it) {
    if (auto p = it->second.peer.lock(); !p || p.get() == peer) {
      open_.erase(it);
      break;
    }
  }
  if (!open_.contains(account)) told_.erase(account);
}

std::size_t AccountChannels::tell(const std::string& account, const Json& message) {
  std::vector<std::shared_ptr<Peer>> to;
  {
    std::lock_guard lock(mutex_);
    auto [from, end] = open_.equal_range(account);
    for (auto it = from; it != end; ++it)
      if (auto p = it->second.peer.lock()) to.push_back(std::move(p));
  }
  if (to.empty()) return 0;
  auto text = std::make_shared<const std::string>(message.dump());
  for (auto& p : to) p->send(text);
  return to.size();
}

std::size_t AccountChannels::tell_invitation(const std::string& account, const Json& invitation) {
  {
    // What the store keeps once per (invitee, table), a later one replacing it.
    const std::string key =
        invitation.value("table", "") + "\n" + std::to_string(invitation.value("at", 0LL));
    std::lock_guard lock(mutex_);
    if (!open_.contains(account)) return 0;
    auto& told = told_[account];
    // Bounded: an account holds few invitations; forgetting repeats one at worst.
    if (told.size() >= 256) told.clear();
    if (!told.insert(key).second) return 0;
  }
  return tell(account, Json{{"type", "invitation"}, {"invitation", invitation}});
}

void AccountChannels::close_session(const std::string& session) {
  std::vector<std::shared_ptr<Peer>> to;
  {
    std::lock_guard lock(mutex_);
    for (auto& [account, o] : open_)
      if (o.session == session)
        if (auto p = o.peer.lock()) to.push_back(std::move(p));
  }
  for (auto& p : to) p->close(errc::kSignedOut, "signed out");
}

std::vector<std::pair<std::string, std::string>> AccountChannels::sessions() {
  std::vector<std::pair<std::string, std::string>> out;
  std::unordered_set<std::string> seen;
  std::lock_guard lock(mutex_);
  for (auto& [account, o] : open_)
    if (seen.insert(o.session).second) out.emplace_back(o.session, account);
  return out;
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
