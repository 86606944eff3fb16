// Internal to server/: account channels (a WebSocket at /ws/account,
// docs/protocol.md, "The account channel"). Each page a signed-in person
// keeps open holds one; what concerns their account (an invitation to a
// table) is told to their channels the moment it happens, never to anyone
// else's. This node's own, as presence is: with several nodes (docs/scaling.md)
// the node that holds a channel asks the store for its account's invitations
// every second (poll_account_channels, api_accounts.cpp), so an invitation
// made on another node arrives within about a second; an invitation is told
// once per channel's account however it was found (tell_invitation).
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/params.h"

namespace meeple::server {

class Peer;

class AccountChannels {
 public:
  // Open channels one account may hold (its pages and devices); one more is
  // refused (auth/too_many_channels), and that page asks instead.
  static constexpr std::size_t kMaxPerAccount = 8;
  // `peer` is a channel of `account`, opened with `session`, until remove();
  // false (nothing added) when the account holds kMaxPerAccount already.
  bool add(const std::string& account, const std::string& session,
           const std::shared_ptr<Peer>& peer);
  void remove(const std::string& account, const Peer* peer);
  // Sends `message` to each open channel of `account`; how many it reached.
  // Thread-safe: the channels' own threads write.
  std::size_t tell(const std::string& account, const Json& message);
  // {type: invitation} to the account's channels, unless this one (its table
  // and time) was told already since the account's first channel opened.
  std::size_t tell_invitation(const std::string& account, const Json& invitation);
  // Closes the channels opened with `session` (auth/signed_out): signed out.
  void close_session(const std::string& session);
  // Each open channel's session with its account, once per session.
  std::vector<std::pair<std::string, std::string>> sessions();
  // Open channels, all accounts together.
  std::size_t size();

 private:
  struct Open {
    std::string session;
    std::weak_ptr<Peer> peer;
  };
  std::mutex mutex_;
  std::unordered_multimap<std::string, Open> open_;
  // By account (while it has a channel): the invitations told.
  std::unordered_map<std::string, std::unordered_set<std::string>> told_;
};

// Whether a WebSocket upgrade's target is the account channel's.
bool is_account_channel(std::string_view target);

}  // namespace meeple::server
