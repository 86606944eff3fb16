#include "server/password_guard.h"

#include <pwquality.h>

#include <algorithm>
#include <cmath>
#include <set>

#include <boost/asio/post.hpp>

#include "server/protocol.h"

namespace meeple::server {

namespace {

constexpr auto kForgetAfter = std::chrono::hours(1);  // a count without failures this long
constexpr std::size_t kMostCounts = 100000;           // then counts not waiting are forgotten

// libpwquality's settings, made once (the library's defaults: its
// dictionary check with cracklib's dictionary, the user name check), and a
// lock: cracklib's check is not safe on two threads at once.
struct Quality {
  pwquality_settings_t* settings = pwquality_default_settings();
  std::mutex mutex;
  Quality() {
    if (settings) pwquality_set_int_value(settings, PWQ_SETTING_MIN_LENGTH, 8);
  }
  ~Quality() { pwquality_free_settings(settings); }
};

Quality& quality() {
  static Quality q;
  return q;
}

}  // namespace

std::string weak_password(const std::string& password, const std::string& name) {
  if (password.size() < 8 || password.size() > 256) return "length";
  // Fewer than 4 different characters (eight spaces, "abababab"): libpwquality
  // would call some of them palindromes, which says less.
  if (std::set<char>(password.begin(), password.end()).size() < 4) return "repetitive";
  Quality& q = quality();
  if (q.settings == nullptr) return {};  // no memory for the settings: the length rule only
  std::lock_guard lock(q.mutex);
  void* aux = nullptr;
  const int score = pwquality_check(q.settings, password.c_str(), nullptr,
                                    name.empty() ? nullptr : name.c_str(), &aux);
  if (score >= 0) return {};
  switch (score) {
    case PWQ_ERROR_MIN_LENGTH:
      return "length";
    case PWQ_ERROR_PALINDROME:
      return "palindrome";
    case PWQ_ERROR_USER_CHECK:
    case PWQ_ERROR_GECOS_CHECK:
      return "name";
    case PWQ_ERROR_MAX_CONSECUTIVE:
    case PWQ_ERROR_MAX_CLASS_REPEAT:
      return "repetitive";
    case PWQ_ERROR_MAX_SEQUENCE:
      return "simple";
    case PWQ_ERROR_CRACKLIB_CHECK: {
      // cracklib says why in English: "it is based on a dictionary word",
      // "it is too simplistic/systematic", "it does not contain enough
      // DIFFERENT characters", "it is all whitespace", "it is too short".
      const std::string why = aux ? static_cast<const char*>(aux) : "";
      if (why.find("dictionary") != std::string::npos) return "dictionary";
      if (why.find("DIFFERENT") != std::string::npos || why.find("whitespace") != std::string::npos)
        return "repetitive";
      if (why.find("short") != std::string::npos) return "length";
      return "simple";
    }
    case PWQ_ERROR_MEM_ALLOC:
    case PWQ_ERROR_FATAL_FAILURE:
      return {};  // the check itself failed (no dictionary): not the password's fault
    default:
      return "simple";
  }
}

std::string weak_password_message(const std::string& reason) {
  if (reason == "length") return "a password has 8 to 256 bytes";
  if (reason == "dictionary") return "this password is a dictionary word, or one barely changed";
  if (reason == "simple") return "this password is a simple sequence, easy to guess";
  if (reason == "repetitive") return "this password has too few different characters";
  if (reason == "palindrome") return "this password reads the same backwards";
  if (reason == "name") return "this password has the account's name in it";
  return "this password is too easy to guess";
}

HashPool::HashPool(int threads, std::size_t max_queued, std::size_t per_address,
                   std::chrono::milliseconds max_wait)
    : pool_(static_cast<std::size_t>(std::max(1, threads))),
      max_queued_(max_queued),
      per_address_(per_address),
      max_wait_(max_wait) {}

bool HashPool::post(const std::string& address, std::function<void()> work,
                    std::function<void()> late) {
  const std::string key = address_key(address);
  {
    std::lock_guard lock(mutex_);
    auto& mine = by_address_[key];
    if (queued_ >= max_queued_ || mine >= per_address_) {
      if (mine == 0) by_address_.erase(key);
      return false;
    }
    ++queued_;
    ++mine;
  }
  const auto deadline = std::chrono::steady_clock::now() + max_wait_;
  boost::asio::post(pool_, [this, key, deadline, work = std::move(work), late = std::move(late)] {
    if (std::chrono::steady_clock::now() > deadline)
      late();
    else
      work();
    std::lock_guard lock(mutex_);
    --queued_;
    if (auto it = by_address_.find(key); it != by_address_.end() && --it->second == 0)
      by_address_.erase(it);
  });
  return true;
}

std::size_t HashPool::queued() const {
  std::lock_guard lock(mutex_);
  return queued_;
}

void HashPool::join() {
  pool_.join();
}

int SigninThrottle::wait_of(const std::string& key, Clock::time_point now) {
  const auto it = counts_.find(key);
  if (it == counts_.end() || it->second.until <= now) return 0;
  return static_cast<int>(std::ceil(std::chrono::duration<double>(it->second.until - now).count()));
}

int SigninThrottle::wait(const std::string& name, const std::string& address,
                         Clock::time_point now) {
  const std::string a = address_key(address);
  std::lock_guard lock(mutex_);
  return std::max(
      {wait_of("n " + name + "\n" + a, now), wait_of("a " + a, now), wait_of("N " + name, now)});
}

int SigninThrottle::device_wait(const std::string& device, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  return wait_of("d " + device, now);
}

void SigninThrottle::count(const std::string& key, int free, std::chrono::seconds longest,
                           Clock::time_point now) {
  Count& c = counts_[key];
  if (now - c.last > kForgetAfter) c.failures = 0;
  c.last = now;
  if (++c.failures <= free) return;
  // 1 s after the first failure past the free ones, doubling, up to longest.
  const int doublings = std::min(c.failures - free - 1, 30);
  c.until = now + std::min<std::chrono::seconds>(std::chrono::seconds(1LL << doublings), longest);
}

void SigninThrottle::failed(const std::string& name, const std::string& address,
                            const std::string& device, Clock::time_point now) {
  const std::string a = address_key(address);
  std::lock_guard lock(mutex_);
  if (counts_.size() > kMostCounts) {
    // Many names or addresses tried: what is forgotten first is what
    // would be soon anyway, then whatever makes nobody wait now.
    std::erase_if(counts_, [&](const auto& kv) { return now - kv.second.last > kForgetAfter; });
    if (counts_.size() > kMostCounts)
      std::erase_if(counts_, [&](const auto& kv) { return kv.second.until <= now; });
  }
  if (!device.empty())
    return count("d " + device, limits_.per_name_and_address, limits_.longest, now);
  count("n " + name + "\n" + a, limits_.per_name_and_address, limits_.longest, now);
  count("a " + a, limits_.per_address, limits_.longest, now);
  count("N " + name, limits_.per_name, limits_.longest_per_name, now);
}

void SigninThrottle::succeeded(const std::string& name, const std::string& address,
                               const std::string& device) {
  std::lock_guard lock(mutex_);
  // A known device's success clears its own count only: its owner may
  // share an address with a stranger (one NAT), whose count stays.
  if (!device.empty())
    counts_.erase("d " + device);
  else
    counts_.erase("n " + name + "\n" + address_key(address));
}

}  // namespace meeple::server
