// Internal to server/: what stands between a stranger and an account's
// password (docs/server.md, "Password guessing"): the rules a new password
// must pass, the threads passwords are hashed on, and the waits that wrong
// passwords earn. All of it is each node's own, in memory.
#pragma once

#include <boost/asio/thread_pool.hpp>

#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>

namespace meeple::server {

// Why a new password is refused ("" when it is good), checked with
// libpwquality and cracklib's dictionary: "length" (not 8 to 256 bytes),
// "dictionary" (a word of the dictionary, or one with a few letters
// changed), "simple" (a sequence such as 12345678 or abcdefgh), "repetitive"
// (too few different characters: eight spaces, 12341234), "palindrome",
// "name" (the account's name is in it). `name` may be "".
std::string weak_password(const std::string& password, const std::string& name);
// The English words for a reason of weak_password (the web has its own).
std::string weak_password_message(const std::string& reason);

// Password hashes' own threads: a sign-up, sign-in, recovery, password
// change or deletion hashes (Argon2id: 0.06 s to 0.3 s and 64 MiB each at
// the interactive cost), so those requests run here, never on the account
// thread that session checks, joins and table creation use. At most
// max_queued requests wait or run at once, and at most per_address of them
// from one client (address_key, server/protocol.h); post refuses the rest at once.
// A request that waited in the queue longer than max_wait is not hashed but
// answered as refused (its `late`): on a machine slower than planned, or a
// flood of many addresses, the queue drains at once and no request waits
// past max_wait plus one hash, where its client would give up.
class HashPool {
 public:
  HashPool(int threads, std::size_t max_queued, std::size_t per_address,
           std::chrono::milliseconds max_wait);
  HashPool(const HashPool&) = delete;
  HashPool& operator=(const HashPool&) = delete;
  // Runs `work` on a hashing thread, or `late` there instead when `work`
  // would start past max_wait after this call; false (both dropped) when
  // the queue or the address's share is full.
  bool post(const std::string& address, std::function<void()> work, std::function<void()> late);
  std::size_t queued() const;  // waiting or running now
  void join();

 private:
  boost::asio::thread_pool pool_;
  const std::size_t max_queued_, per_address_;
  const std::chrono::milliseconds max_wait_;
  mutable std::mutex mutex_;  // guards queued_ and by_address_
  std::size_t queued_ = 0;
  std::unordered_map<std::string, std::size_t> by_address_;
};

// How many wrong passwords cost nothing, and how long the waits grow.
struct ThrottleLimits {
  int per_name_and_address = 5;               // one name from one address
  int per_address = 20;                       // one address, any names
  int per_name = 10;                          // one name from devices it does not know, any address
  std::chrono::seconds longest{900};          // the longest wait of the first two
  std::chrono::seconds longest_per_name{60};  // and of the third: brief, the owner may meet it
};

// Wrong passwords and the waits they earn. Past its free failures, each
// further failure of a count makes the next try of that count wait 1 s,
// then 2, 4, ... up to its longest; a count forgets after an hour without
// failures. A device an account signed in from before (its meeple_device
// cookie) counts only its own failures (as per_name_and_address, with
// `longest`) and waits for nothing else, so that no stranger's guesses
// keep its owner out. A success clears the count it was checked by (the
// device's, or the name's from that address), never the address's (an
// address could sign in to an account of its own between guesses) nor the
// name's.
class SigninThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  explicit SigninThrottle(ThrottleLimits limits) : limits_(limits) {}
  // Seconds until `name` may be tried from `address` by a device its
  // account does not know (0: now).
  int wait(const std::string& name, const std::string& address, Clock::time_point now);
  // Seconds until a known device (`device`: its account and cookie) may try.
  int device_wait(const std::string& device, Clock::time_point now);
  // `device` is "" when the device is not known to the account.
  void failed(const std::string& name, const std::string& address, const std::string& device,
              Clock::time_point now);
  void succeeded(const std::string& name, const std::string& address, const std::string& device);

 private:
  struct Count {
    int failures = 0;
    Clock::time_point until;  // the next try waits until then
    Clock::time_point last;   // the last failure
  };
  int wait_of(const std::string& key, Clock::time_point now);
  void count(const std::string& key, int free, std::chrono::seconds longest, Clock::time_point now);
  const ThrottleLimits limits_;
  std::mutex mutex_;  // guards counts_
  std::unordered_map<std::string, Count> counts_;
};

}  // namespace meeple::server
