// Accounts (accounts.h): sign-up, sign-in, sessions and known devices,
// recovery, passwords and deletion; the cookies and percent-decoding.
#include "server/account_answers.h"
#include "server/accounts.h"

#include <sodium.h>

#include <algorithm>
#include <cstdlib>
#include <limits>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "server/lobby.h"
#include "server/protocol.h"

namespace meeple::server {

using namespace account_answers;

namespace {

constexpr std::int64_t kSessionSeconds = 30LL * 24 * 3600;  // the cookie's Max-Age: 30 days
constexpr std::int64_t kDeviceSeconds = 365LL * 24 * 3600;  // a known device's: a year
constexpr double kRequestsPerMinute = 10;                   // sign-up, sign-in, recover per address
constexpr double kRequestBurst = 10;
constexpr int kRecoveryCodes = 10;
constexpr int kBusyRetrySeconds = 2;  // auth/busy's retry_after

Error credentials() {
  return make_error(errc::kCredentials, "the name or the password is wrong");
}

Error signed_out() {
  return make_error(errc::kSignedOut, "sign in first");
}

// A new password (`key` of the body) checked: account/password with its
// `reason` (password_guard.h) when it is not a string or is refused.
std::optional<Accounts::Answer> refused_password(const Json& body, const char* key,
                                                 const std::string& name) {
  const Json p = body.value(key, Json());
  const std::string reason =
      p.is_string() ? weak_password(p.get<std::string>(), name) : std::string("length");
  if (reason.empty()) return std::nullopt;
  Accounts::Answer a = fail(make_error(errc::kAccountPassword, weak_password_message(reason)));
  a.detail["reason"] = reason;
  return a;
}

Accounts::Answer throttled_answer(int seconds) {
  Accounts::Answer a = fail(
      make_error(errc::kThrottled,
                 fmt::format("too many wrong passwords from here: try again in {} s", seconds)));
  a.detail["retry_after"] = seconds;
  return a;
}

std::string recovery_code() {
  static constexpr std::string_view kAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  std::string code;
  for (int i = 0; i < 10; ++i)
    code += kAlphabet[randombytes_uniform(static_cast<std::uint32_t>(kAlphabet.size()))];
  return code;
}

// A code as typed: spaces and dashes left out, lower case.
std::string typed_code(std::string_view code) {
  std::string out;
  for (char c : code)
    if (c != ' ' && c != '-') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string cookie_token(std::string_view header, std::string_view name) {
  const std::string key = std::string(name) + "=";
  std::size_t at = 0;
  while (at < header.size()) {
    while (at < header.size() && (header[at] == ' ' || header[at] == ';')) ++at;
    const auto end = std::min(header.find(';', at), header.size());
    const std::string_view pair = header.substr(at, end - at);
    if (pair.starts_with(key)) {
      const std::string_view v = pair.substr(key.size());
      const bool hex = v.size() == 32 && std::all_of(v.begin(), v.end(), [](char c) {
                         return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
                       });
      return hex ? std::string(v) : std::string();
    }
    at = end;
  }
  return {};
}

std::string session_cookie(const std::string& token) {
  return fmt::format("{}={}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age={}", kSessionCookie,
                     token, token.empty() ? 0 : kSessionSeconds);
}

std::string device_cookie(const std::string& token) {
  return fmt::format("{}={}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age={}", kDeviceCookie,
                     token, kDeviceSeconds);
}

std::string percent_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size()) return {};
    int v = 0;
    for (int k = 1; k <= 2; ++k) {
      const char c = s[i + k];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= c - '0';
      else if (c >= 'a' && c <= 'f')
        v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        v |= c - 'A' + 10;
      else
        return {};
    }
    out += static_cast<char>(v);
    i += 2;
  }
  return out;
}

Accounts::Accounts(store::TableStore& tables, store::AccountStore& store,
                   const ServerOptions& options)
    : store_(store),
      tables_(tables),
      online_for_(options.online_for),
      max_invitations_(options.max_invitations),
      invitations_per_hour_(options.invitations_per_hour),
      throttle_({.per_name_and_address = options.signin_free_failures,
                 .per_address = options.address_free_failures,
                 .per_name = options.name_free_failures,
                 .longest = options.signin_longest_wait,
                 .longest_per_name = options.name_longest_wait}),
      rating_window_(options.rating_window) {
  if (sodium_init() < 0) std::abort();  // no secure randomness: nothing may be hashed
  const bool min = options.password_cost == "min";
  opslimit_ = min ? crypto_pwhash_OPSLIMIT_MIN : crypto_pwhash_OPSLIMIT_INTERACTIVE;
  memlimit_ = min ? crypto_pwhash_MEMLIMIT_MIN : crypto_pwhash_MEMLIMIT_INTERACTIVE;
  fill_skeletons();
}

void Accounts::fill_skeletons() {
  auto old = store_.accounts_without_skeleton(std::numeric_limits<std::int32_t>::max());
  if (!old) {
    spdlog::warn("accounts: their skeletons were not checked: {}", old.error().message);
    return;
  }
  for (const store::Account& a : *old) {
    const std::string skeleton = name_skeleton(a.name);
    if (skeleton.empty()) continue;
    // Two accounts made before whose names look the same: the first keeps
    // the skeleton, the other none (so new names are compared with one of
    // them; both names stay theirs).
    if (auto e = change(a.id, [&](store::Account& acc) { acc.skeleton = skeleton; }))
      spdlog::warn("accounts: '{}' keeps no skeleton: {}", a.name, e->message);
  }
}

std::string Accounts::hash_password(const std::string& password) const {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), opslimit_, memlimit_) != 0)
    return {};  // out of memory: the caller answers io/failed
  return out;
}

bool Accounts::verify(const std::string& hash, const std::string& password) const {
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool Accounts::allow(const std::string& address) {
  const std::string key = address_key(address);
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  if (buckets_.size() > 100000) buckets_.clear();  // a flood of addresses: start afresh
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{kRequestBurst, now});
  Bucket& b = it->second;
  const double minutes = std::chrono::duration<double>(now - b.at).count() / 60;
  b.tokens = std::min(kRequestBurst, b.tokens + minutes * kRequestsPerMinute);
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

std::optional<Accounts::Answer> Accounts::throttled(const Json& body, const Asker& asker) {
  const Json name = body.value("name", Json());
  if (!name.is_string() || !asker.device.empty()) return std::nullopt;
  const int wait = throttle_.wait(fold_name(name.get<std::string>()), asker.address, Clock::now());
  if (wait > 0) return throttled_answer(wait);
  return std::nullopt;
}

Accounts::Answer Accounts::busy() {
  Answer a = fail(make_error(errc::kHashBusy,
                             "the server is checking many passwords: try again in a few seconds"));
  a.detail["retry_after"] = kBusyRetrySeconds;
  return a;
}

std::string Accounts::known_device(const std::string& account, const Asker& asker) const {
  if (asker.device.empty()) return {};
  const std::string hash = sha256_hex(asker.device);
  // Asked for an unknown name too (account ""): the same work either way.
  auto known = store_.known_device(hash, account);
  return known && *known && !account.empty() ? hash + " " + account : std::string();
}

std::optional<Accounts::Answer> Accounts::try_password(const std::string& folded,
                                                       const std::optional<store::Account>& account,
                                                       const std::string& password,
                                                       const Asker& asker) {
  const std::string device = known_device(account ? account->id : "", asker);
  const auto now = Clock::now();
  // A known device waits for its own wrong passwords only; any other for
  // the name's from its address, the address's and the name's.
  const int wait = device.empty() ? throttle_.wait(folded, asker.address, now)
                                  : throttle_.device_wait(device, now);
  if (wait > 0) return throttled_answer(wait);
  // An unknown name takes as long as a known one: a hash is verified either way.
  const bool ok = verify(account ? account->password_hash : dummy_hash(), password) && account;
  if (!ok) {
    throttle_.failed(folded, asker.address, device, Clock::now());
    return fail(credentials());
  }
  throttle_.succeeded(folded, asker.address, device);
  return std::nullopt;
}

Expected<std::vector<std::string>> Accounts::open_session(const std::string& account,
                                                          const Asker& asker) {
  const std::string token = random_hex(16);
  if (auto e = store_.add_session(sha256_hex(token), account, now_ms() + kSessionSeconds * 1000))
    return *e;
  // The browser's device token kept (a year again), or a new one.
  const std::string device = asker.device.empty() ? random_hex(16) : asker.device;
  if (auto e = store_.add_device(sha256_hex(device), account, now_ms())) return *e;
  return std::vector<std::string>{session_cookie(token), device_cookie(device)};
}

std::optional<store::Account> Accounts::signed_in(const std::string& session) {
  if (session.empty()) return std::nullopt;
  auto id = store_.session(sha256_hex(session), now_ms());
  if (!id || !id->has_value()) return std::nullopt;
  auto a = store_.account(**id);
  if (!a || !a->has_value()) return std::nullopt;
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(mutex_);
  // Who was seen longer ago than online_for counts no more: forgotten when
  // the map has doubled since the last sweep, so it stays as small as the
  // accounts seen lately.
  if (seen_.size() >= 2 * std::max<std::size_t>(seen_swept_, 64)) {
    std::erase_if(seen_, [&](const auto& kv) { return now - kv.second >= online_for_; });
    seen_swept_ = seen_.size();
  }
  seen_[(*a)->id] = now;
  return **a;
}

void Accounts::connected(const std::string& account, int delta) {
  std::lock_guard lock(mutex_);
  if ((connections_[account] += delta) <= 0) connections_.erase(account);
}

bool Accounts::online(const std::string& account) {
  std::lock_guard lock(mutex_);
  if (connections_.contains(account)) return true;
  const auto it = seen_.find(account);
  return it != seen_.end() && std::chrono::steady_clock::now() - it->second < online_for_;
}

MaybeError Accounts::change(const std::string& id,
                            const std::function<void(store::Account&)>& how) {
  std::lock_guard lock(change_mutex_);
  auto a = store_.account(id);
  if (!a) return a.error();
  if (!a->has_value()) return make_error(store::errc::kUnknownAccount, "no such account");
  how(**a);
  return store_.update_account(**a);
}

Expected<store::Account> Accounts::require(const std::string& session) {
  auto a = signed_in(session);
  if (!a) return signed_out();
  return *a;
}

Accounts::Answer Accounts::signup(const Json& body, const Asker& asker) {
  auto name = check_account_name(body.value("name", Json()));
  if (!name) return fail(name.error());
  store::Account a{.id = random_hex(8),
                   .name = *name,
                   .folded = fold_name(*name),
                   .created = now_ms(),
                   .skeleton = name_skeleton(*name)};
  if (a.skeleton.empty()) return fail(make_error(errc::kAccountName, "this name cannot be read"));
  if (auto refused = refused_password(body, "password", *name)) return *refused;
  // Hashed before the name is known free: a taken name takes as long.
  a.password_hash = hash_password(body["password"].get<std::string>());
  if (a.password_hash.empty()) return fail(make_error(meeple::errc::kIo, "hashing failed"));
  if (auto e = store_.create_account(a)) {
    if (e->code != store::errc::kAccountExists) return fail(e);
    return fail(
        make_error(store::errc::kAccountExists, "that name, or one that looks the same, is taken"));
  }
  Json codes = Json::array();
  std::vector<std::string> hashes;
  for (int i = 0; i < kRecoveryCodes; ++i) {
    const std::string code = recovery_code();
    codes.push_back(code);
    hashes.push_back(sha256_hex(code));
  }
  if (auto e = store_.set_recovery_codes(a.id, hashes)) return fail(e);
  auto cookies = open_session(a.id, asker);
  if (!cookies) return fail(cookies.error());
  Answer out;
  out.status = 201;
  out.body = Json{{"name", a.name}, {"recovery_codes", codes}};
  out.cookies = std::move(*cookies);
  return out;
}

Accounts::Answer Accounts::signin(const Json& body, const Asker& asker) {
  auto name = text(body, "name");
  if (!name) return fail(name.error());
  auto password = text(body, "password");
  if (!password) return fail(password.error());
  const std::string folded = fold_name(*name);
  auto a = store_.account_named(folded);
  if (!a) return fail(a.error());
  if (auto refused = try_password(folded, *a, *password, asker)) return *refused;
  auto cookies = open_session((*a)->id, asker);
  if (!cookies) return fail(cookies.error());
  Answer out;
  out.body = Json{{"name", (*a)->name}};
  out.cookies = std::move(*cookies);
  return out;
}

const std::string& Accounts::dummy_hash() {
  std::call_once(dummy_once_, [this] { dummy_hash_ = hash_password(random_hex(16)); });
  return dummy_hash_;
}

Accounts::Answer Accounts::signout(const std::string& session) {
  if (!session.empty())
    if (auto e = store_.drop_session(sha256_hex(session))) return fail(e);
  Answer out;
  out.cookies = {session_cookie("")};  // the device stays known
  return out;
}

Accounts::Answer Accounts::about(const std::string& session) {
  auto a = require(session);
  if (!a) return fail(a.error());
  Answer out;
  out.body = Json{{"name", a->name},
                  {"hidden", a->hidden},
                  {"friends_only", a->friends_only},
                  {"created", a->created}};
  return out;
}

// Recovery is never throttled: a code is one of 31^10 (50 bits), which no
// stranger guesses within the 10 requests a minute an address may send, so
// the owner's codes always work. A wrong code counts as a wrong password
// of that name from that address.
Accounts::Answer Accounts::recover(const Json& body, const Asker& asker) {
  auto name = text(body, "name");
  if (!name) return fail(name.error());
  auto code = text(body, "code");
  if (!code) return fail(code.error());
  if (auto refused = refused_password(body, "password", *name)) return *refused;
  const std::string folded = fold_name(*name);
  auto a = store_.account_named(folded);
  if (!a) return fail(a.error());
  bool used = false;
  if (a->has_value()) {
    auto u = store_.use_recovery_code((*a)->id, sha256_hex(typed_code(*code)));
    if (!u) return fail(u.error());
    used = *u;
  }
  if (!used) {
    throttle_.failed(folded, asker.address, "", Clock::now());
    return fail(credentials());
  }
  const std::string id = (*a)->id;
  const std::string hash = hash_password(body["password"].get<std::string>());
  if (hash.empty()) return fail(make_error(meeple::errc::kIo, "hashing failed"));
  if (auto e = change(id, [&](store::Account& acc) { acc.password_hash = hash; })) return fail(e);
  // Whoever held the account's sessions is signed out, and its other
  // devices are known no more (this one is, below).
  if (auto e = store_.drop_sessions(id, "")) return fail(e);
  if (auto e = store_.drop_devices(id, "")) return fail(e);
  auto cookies = open_session(id, asker);
  if (!cookies) return fail(cookies.error());
  auto left = store_.recovery_codes_left(id);
  if (!left) return fail(left.error());
  Answer out;
  out.body = Json{{"name", (*a)->name}, {"recovery_codes_left", *left}};
  out.cookies = std::move(*cookies);
  return out;
}

Accounts::Answer Accounts::change_password(const std::string& session, const Json& body,
                                           const Asker& asker) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto current = text(body, "password");
  if (!current) return fail(current.error());
  if (auto refused = refused_password(body, "new_password", a->name)) return *refused;
  if (auto refused = try_password(a->folded, *a, *current, asker)) return *refused;
  const std::string hash = hash_password(body["new_password"].get<std::string>());
  if (hash.empty()) return fail(make_error(meeple::errc::kIo, "hashing failed"));
  if (auto e = change(a->id, [&](store::Account& acc) { acc.password_hash = hash; }))
    return fail(e);
  // The devices that knew the old password are known no more, but this one.
  const std::string device = asker.device.empty() ? "" : sha256_hex(asker.device);
  if (auto e = store_.drop_devices(a->id, device)) return fail(e);
  return {};
}

Accounts::Answer Accounts::remove(const std::string& session, const Json& body, const Asker& asker,
                                  std::vector<std::string>& renamed) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto password = text(body, "password");
  if (!password) return fail(password.error());
  if (auto refused = try_password(a->folded, *a, *password, asker)) return *refused;
  // Every seat the account held reads "a former player" in its stored table
  // (the keyring says which: all of them, not only the newest 200).
  auto ring = store_.keyring(a->id, std::numeric_limits<std::int32_t>::max());
  if (!ring) return fail(ring.error());
  for (const store::KeyringSeat& s : *ring) {
    if (s.seat < 0) continue;
    auto e = tables_.rename_seat(s.table, s.seat, kFormerPlayer);
    if (e && e->code != store::errc::kUnknownTable) return fail(e);  // a lobby has no record
    if (!e) renamed.push_back(s.table);
  }
  {
    std::lock_guard lock(shown_mutex_);
    shown_.clear();  // its name is in them
  }
  if (auto e = store_.delete_account(a->id)) return fail(e);
  Answer out;
  out.cookies = {session_cookie("")};
  return out;
}

}  // namespace meeple::server
