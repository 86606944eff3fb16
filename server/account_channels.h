// Internal to server/: account channels (a WebSocket at /ws/account,
// docs/protocol.md, "The account channel"). Each page a signed-in person
// keeps open holds one; what concerns their account (an invitation to a
// table) is told to their channels the moment it happens, never to anyone
// else's. This node's own, as presence is: with several nodes a channel on
// another node hears nothing of this node's invitations (the client polls
// only while its channel is down), so there the invitation waits in My
// tables until the page asks again.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/params.h"

namespace meeple::server {

class Peer;

class AccountChannels {
 public:
  // `peer` is a channel of `account` until remove().
  void add(const std::string& account, const std::shared_ptr<Peer>& peer);
  void remove(const std::string& account, const Peer* peer);
  // Sends `message` to each open channel of `account`; how many it reached.
  // Thread-safe: the channels' own threads write.
  std::size_t tell(const std::string& account, const Json& message);
  // Open channels, all accounts together.
  std::size_t size();

 private:
  std::mutex mutex_;
  std::unordered_multimap<std::string, std::weak_ptr<Peer>> open_;
};

// Whether a WebSocket upgrade's target is the account channel's.
bool is_account_channel(std::string_view target);

}  // namespace meeple::server
