#include "server/accounts.h"

#include <sodium.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "games/registry.h"
#include "server/lobby.h"
#include "server/protocol.h"
#include "server/rating.h"

namespace meeple::server {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::int64_t kSessionSeconds = 30LL * 24 * 3600;  // the cookie's Max-Age: 30 days
constexpr int kFreeFailures = 5;                            // failed sign-ins before a lock
constexpr int kFirstLockSeconds = 60;
constexpr int kLongestLockSeconds = 3600;
constexpr double kRequestsPerMinute = 10;  // sign-up, sign-in, recover per address
constexpr double kRequestBurst = 10;
constexpr int kRecoveryCodes = 10;
constexpr std::size_t kKeyring = 200;        // seats listed (GET /api/account/seats)
constexpr std::size_t kFinishedShown = 100;  // finished games on a profile

// One code point of UTF-8 from s at i (advancing i); -1 when not UTF-8.
long next_code_point(std::string_view s, std::size_t& i) {
  const auto c = static_cast<unsigned char>(s[i++]);
  if (c < 0x80) return c;
  int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
  if (more < 0 || c >= 0xF8) return -1;
  long cp = c & (0x3F >> more);
  for (int k = 0; k < more; ++k) {
    if (i >= s.size()) return -1;
    const auto d = static_cast<unsigned char>(s[i++]);
    if ((d & 0xC0) != 0x80) return -1;
    cp = (cp << 6) | (d & 0x3F);
  }
  const long least[] = {0, 0x80, 0x800, 0x10000};
  if (cp < least[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
  return cp;
}

void append_utf8(std::string& out, long cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Letters of the scripts a name may use (no Unicode tables here: the
// blocks of letters, their punctuation and symbols left out), and the
// combining accents that follow a letter.
bool is_letter(long cp) {
  if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z')) return true;
  if (cp >= 0xC0 && cp <= 0x24F) return cp != 0xD7 && cp != 0xF7;     // Latin-1 and Extended
  if (cp >= 0x300 && cp <= 0x36F) return true;                        // combining accents
  if (cp >= 0x370 && cp <= 0x3FF) return cp != 0x37E && cp != 0x387;  // Greek
  if (cp >= 0x400 && cp <= 0x52F) return cp < 0x482 || cp > 0x489;    // Cyrillic
  if (cp >= 0x531 && cp <= 0x587) return cp < 0x557 || cp > 0x560;    // Armenian
  if (cp >= 0x5D0 && cp <= 0x5EA) return true;                        // Hebrew
  if (cp >= 0x620 && cp <= 0x64A) return true;                        // Arabic
  if (cp >= 0x900 && cp <= 0xDFF) return true;                        // Indic scripts
  if (cp >= 0xE01 && cp <= 0xE3A) return true;                        // Thai
  if (cp >= 0x10A0 && cp <= 0x10FF) return true;                      // Georgian
  if (cp >= 0x1100 && cp <= 0x11FF) return true;                      // Hangul Jamo
  if (cp >= 0x1E00 && cp <= 0x1FFF) return true;  // Latin Extended Additional, Greek Extended
  if (cp >= 0x3041 && cp <= 0x30FF) return cp != 0x30FB;  // Hiragana, Katakana
  if (cp >= 0x3131 && cp <= 0x318E) return true;          // Hangul compatibility Jamo
  if (cp >= 0x3400 && cp <= 0x4DBF) return true;          // CJK extension A
  if (cp >= 0x4E00 && cp <= 0x9FFF) return true;          // CJK
  if (cp >= 0xAC00 && cp <= 0xD7A3) return true;          // Hangul syllables
  return false;
}

// Lower case of the scripts with case.
long fold(long cp) {
  if (cp >= 'A' && cp <= 'Z') return cp + 32;
  if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;
  if (cp >= 0x100 && cp <= 0x17F && cp != 0x130 && cp != 0x131 && cp != 0x138 && cp != 0x149 &&
      cp != 0x17F) {
    // Pairs: even upper, odd lower, except 0x139-0x148 and 0x179-0x17E (odd upper).
    const bool odd_upper = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
    if (odd_upper) return cp % 2 == 1 ? cp + 1 : cp;
    return cp % 2 == 0 ? cp + 1 : cp;
  }
  if (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2) return cp + 32;  // Greek
  if (cp == 0x3C2) return 0x3C3;                                  // final sigma
  if (cp >= 0x410 && cp <= 0x42F) return cp + 32;                 // Cyrillic
  if (cp >= 0x400 && cp <= 0x40F) return cp + 80;
  if (cp >= 0x460 && cp <= 0x52F && cp % 2 == 0 && (cp < 0x482 || cp > 0x489)) return cp + 1;
  if (cp >= 0x531 && cp <= 0x556) return cp + 48;  // Armenian
  if (cp >= 0x1E00 && cp <= 0x1EFF && cp % 2 == 0) return cp + 1;
  return cp;
}

Error name_error() {
  return make_error(errc::kAccountName,
                    "a name has 3 to 24 letters, digits, spaces, '_' or '-', and does not start "
                    "or end with a space");
}

MaybeError check_password(const Json& p) {
  if (!p.is_string() || p.get_ref<const std::string&>().size() < 8 ||
      p.get_ref<const std::string&>().size() > 256)
    return make_error(errc::kAccountPassword, "a password has 8 to 256 bytes");
  return std::nullopt;
}

Error credentials() {
  return make_error(errc::kCredentials, "the name or the password is wrong");
}

Error signed_out() {
  return make_error(errc::kSignedOut, "sign in first");
}

std::int64_t now_ms() {
  return epoch_ms(std::chrono::system_clock::now());
}

Accounts::Answer fail(Error e) {
  Accounts::Answer a;
  a.body = std::move(e);
  return a;
}

Accounts::Answer fail(const MaybeError& e) {
  return fail(*e);
}

// A string member of a request's body; request/malformed otherwise.
Expected<std::string> text(const Json& body, const char* key) {
  const Json v = body.value(key, Json());
  if (!v.is_string()) return make_error(errc::kMalformed, fmt::format("{} is a string", key));
  return v.get<std::string>();
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

Expected<std::string> check_account_name(const Json& name) {
  if (!name.is_string()) return name_error();
  const std::string& s = name.get_ref<const std::string&>();
  std::size_t i = 0;
  int count = 0;
  long first = -1, last = -1;
  while (i < s.size()) {
    const long cp = next_code_point(s, i);
    if (cp < 0) return name_error();
    const bool ok =
        is_letter(cp) || (cp >= '0' && cp <= '9') || cp == ' ' || cp == '_' || cp == '-';
    if (!ok || (count == 0 && cp >= 0x300 && cp <= 0x36F)) return name_error();
    if (first < 0) first = cp;
    last = cp;
    ++count;
  }
  if (count < 3 || count > 24 || first == ' ' || last == ' ') return name_error();
  return s;
}

std::string fold_name(std::string_view name) {
  std::string out;
  std::size_t i = 0;
  while (i < name.size()) {
    const long cp = next_code_point(name, i);
    if (cp < 0) return std::string(name);  // checked names are UTF-8
    append_utf8(out, fold(cp));
  }
  return out;
}

std::string session_from_cookie(std::string_view header) {
  const std::string key = std::string(kSessionCookie) + "=";
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

Accounts::Accounts(store::Store& store, const ServerOptions& options)
    : store_(store), online_for_(options.online_for) {
  if (sodium_init() < 0) std::abort();  // no secure randomness: nothing may be hashed
  const bool min = options.password_cost == "min";
  opslimit_ = min ? crypto_pwhash_OPSLIMIT_MIN : crypto_pwhash_OPSLIMIT_INTERACTIVE;
  memlimit_ = min ? crypto_pwhash_MEMLIMIT_MIN : crypto_pwhash_MEMLIMIT_INTERACTIVE;
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
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  if (buckets_.size() > 100000) buckets_.clear();  // a flood of addresses: start afresh
  auto [it, fresh] = buckets_.try_emplace(address, Bucket{kRequestBurst, now});
  Bucket& b = it->second;
  const double minutes = std::chrono::duration<double>(now - b.at).count() / 60;
  b.tokens = std::min(kRequestBurst, b.tokens + minutes * kRequestsPerMinute);
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

std::optional<Accounts::Answer> Accounts::locked(const std::string& folded) {
  std::lock_guard lock(mutex_);
  const auto it = failures_.find(folded);
  if (it == failures_.end()) return std::nullopt;
  const auto left = it->second.locked_until - Clock::now();
  if (left <= Clock::duration::zero()) return std::nullopt;
  Answer a;
  a.retry_after = static_cast<int>(std::ceil(std::chrono::duration<double>(left).count()));
  a.body = make_error(
      errc::kLocked,
      fmt::format("too many wrong passwords for this name: try again in {} s", a.retry_after));
  return a;
}

void Accounts::failed(const std::string& folded) {
  std::lock_guard lock(mutex_);
  if (failures_.size() > 100000) {
    // Names tried from many addresses: those not locked are forgotten.
    const auto now = Clock::now();
    std::erase_if(failures_, [&](const auto& f) { return f.second.locked_until <= now; });
  }
  Failures& f = failures_[folded];
  ++f.count;
  if (f.count < kFreeFailures) return;
  // 60 s at the 5th failure in a row, doubling with each further one, up to an hour.
  const int doublings = std::min(f.count - kFreeFailures, 6);
  const int seconds = std::min(kFirstLockSeconds << doublings, kLongestLockSeconds);
  f.locked_until = Clock::now() + std::chrono::seconds(seconds);
}

void Accounts::succeeded(const std::string& folded) {
  std::lock_guard lock(mutex_);
  failures_.erase(folded);
}

Expected<std::string> Accounts::open_session(const std::string& account) {
  const std::string token = random_hex(16);
  if (auto e = store_.add_session(sha256_hex(token), account, now_ms() + kSessionSeconds * 1000))
    return *e;
  return session_cookie(token);
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

Expected<store::Account> Accounts::require(const std::string& session) {
  auto a = signed_in(session);
  if (!a) return signed_out();
  return *a;
}

Accounts::Answer Accounts::signup(const Json& body) {
  auto name = check_account_name(body.value("name", Json()));
  if (!name) return fail(name.error());
  const Json password = body.value("password", Json());
  if (auto e = check_password(password)) return fail(e);
  store::Account a{.id = random_hex(8),
                   .name = *name,
                   .folded = fold_name(*name),
                   .password_hash = hash_password(password.get<std::string>()),
                   .created = now_ms()};
  if (a.password_hash.empty()) return fail(make_error(meeple::errc::kIo, "hashing failed"));
  if (auto e = store_.create_account(a)) return fail(e);
  Json codes = Json::array();
  std::vector<std::string> hashes;
  for (int i = 0; i < kRecoveryCodes; ++i) {
    const std::string code = recovery_code();
    codes.push_back(code);
    hashes.push_back(sha256_hex(code));
  }
  if (auto e = store_.set_recovery_codes(a.id, hashes)) return fail(e);
  auto cookie = open_session(a.id);
  if (!cookie) return fail(cookie.error());
  Answer out;
  out.status = 201;
  out.body = Json{{"name", a.name}, {"recovery_codes", codes}};
  out.cookie = *cookie;
  return out;
}

Accounts::Answer Accounts::signin(const Json& body) {
  auto name = text(body, "name");
  if (!name) return fail(name.error());
  auto password = text(body, "password");
  if (!password) return fail(password.error());
  const std::string folded = fold_name(*name);
  if (auto l = locked(folded)) return *l;
  auto a = store_.account_named(folded);
  if (!a) return fail(a.error());
  // An unknown name takes as long as a known one: a hash is verified either way.
  const bool ok =
      verify(a->has_value() ? (*a)->password_hash : dummy_hash(), *password) && a->has_value();
  if (!ok) {
    failed(folded);
    return fail(credentials());
  }
  succeeded(folded);
  auto cookie = open_session((*a)->id);
  if (!cookie) return fail(cookie.error());
  Answer out;
  out.body = Json{{"name", (*a)->name}};
  out.cookie = *cookie;
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
  out.cookie = session_cookie("");
  return out;
}

Accounts::Answer Accounts::about(const std::string& session) {
  auto a = require(session);
  if (!a) return fail(a.error());
  Answer out;
  out.body = Json{{"name", a->name}, {"hidden", a->hidden}, {"created", a->created}};
  return out;
}

Accounts::Answer Accounts::recover(const Json& body) {
  auto name = text(body, "name");
  if (!name) return fail(name.error());
  auto code = text(body, "code");
  if (!code) return fail(code.error());
  const Json password = body.value("password", Json());
  if (auto e = check_password(password)) return fail(e);
  const std::string folded = fold_name(*name);
  if (auto l = locked(folded)) return *l;
  auto a = store_.account_named(folded);
  if (!a) return fail(a.error());
  bool used = false;
  if (a->has_value()) {
    auto u = store_.use_recovery_code((*a)->id, sha256_hex(typed_code(*code)));
    if (!u) return fail(u.error());
    used = *u;
  }
  if (!used) {
    failed(folded);
    return fail(credentials());
  }
  succeeded(folded);
  store::Account acc = **a;
  acc.password_hash = hash_password(password.get<std::string>());
  if (acc.password_hash.empty()) return fail(make_error(meeple::errc::kIo, "hashing failed"));
  if (auto e = store_.update_account(acc)) return fail(e);
  // Whoever held the account's sessions is signed out.
  if (auto e = store_.drop_sessions(acc.id, "")) return fail(e);
  auto cookie = open_session(acc.id);
  if (!cookie) return fail(cookie.error());
  auto left = store_.recovery_codes_left(acc.id);
  if (!left) return fail(left.error());
  Answer out;
  out.body = Json{{"name", acc.name}, {"recovery_codes_left", *left}};
  out.cookie = *cookie;
  return out;
}

Accounts::Answer Accounts::change_password(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto current = text(body, "password");
  if (!current) return fail(current.error());
  const Json next = body.value("new_password", Json());
  if (auto e = check_password(next)) return fail(e);
  if (auto l = locked(a->folded)) return *l;
  if (!verify(a->password_hash, *current)) {
    failed(a->folded);
    return fail(credentials());
  }
  succeeded(a->folded);
  a->password_hash = hash_password(next.get<std::string>());
  if (a->password_hash.empty()) return fail(make_error(meeple::errc::kIo, "hashing failed"));
  if (auto e = store_.update_account(*a)) return fail(e);
  return {};
}

Accounts::Answer Accounts::hide(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  const Json hidden = body.value("hidden", Json());
  if (!hidden.is_boolean()) return fail(make_error(errc::kMalformed, "hidden is true or false"));
  a->hidden = hidden.get<bool>();
  if (auto e = store_.update_account(*a)) return fail(e);
  return {};
}

Accounts::Answer Accounts::remove(const std::string& session, const Json& body,
                                  std::vector<std::string>& renamed) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto password = text(body, "password");
  if (!password) return fail(password.error());
  if (auto l = locked(a->folded)) return *l;
  if (!verify(a->password_hash, *password)) {
    failed(a->folded);
    return fail(credentials());
  }
  // Every seat the account held reads "a former player" in its stored table
  // (the keyring says which: all of them, not only the newest 200).
  auto ring = store_.keyring(a->id, std::numeric_limits<std::int32_t>::max());
  if (!ring) return fail(ring.error());
  for (const store::KeyringSeat& s : *ring) {
    if (s.seat < 0) continue;
    auto e = store_.rename_seat(s.table, s.seat, kFormerPlayer);
    if (e && e->code != store::errc::kUnknownTable) return fail(e);  // a lobby has no record
    if (!e) renamed.push_back(s.table);
  }
  {
    std::lock_guard lock(shown_mutex_);
    shown_.clear();  // its name is in them
  }
  if (auto e = store_.delete_account(a->id)) return fail(e);
  Answer out;
  out.cookie = session_cookie("");
  return out;
}

Accounts::Answer Accounts::seats(const std::string& session) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto ring = store_.keyring(a->id, kKeyring);
  if (!ring) return fail(ring.error());
  Json list = Json::array();
  for (const store::KeyringSeat& s : *ring)
    list.push_back({{"table", s.table}, {"token", s.token}});
  Answer out;
  out.body = Json{{"seats", list}};
  return out;
}

MaybeError Accounts::keep(const std::string& account, const std::string& table, int seat,
                          const std::string& token) {
  if (auto e = store_.add_to_keyring(account, {table, seat, token, now_ms()})) return e;
  return store_.dismiss_invitation(account, table);
}

Accounts::Answer Accounts::friends(const std::string& session) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto ids = store_.friends(a->id);
  if (!ids) return fail(ids.error());
  Json list = Json::array();
  for (const std::string& id : *ids) {
    auto f = store_.account(id);
    if (!f) return fail(f.error());
    if (!f->has_value()) continue;
    list.push_back({{"name", (*f)->name}, {"online", online(id)}});
  }
  Answer out;
  out.body = Json{{"friends", list}};
  return out;
}

Accounts::Answer Accounts::add_friend(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto name = text(body, "name");
  if (!name) return fail(name.error());
  auto f = store_.account_named(fold_name(*name));
  if (!f) return fail(f.error());
  if (!f->has_value() || (*f)->id == a->id)
    return fail(make_error(store::errc::kUnknownAccount, "no player has that name"));
  if (auto e = store_.add_friend(a->id, (*f)->id)) return fail(e);
  return {};
}

Accounts::Answer Accounts::remove_friend(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto name = text(body, "name");
  if (!name) return fail(name.error());
  auto f = store_.account_named(fold_name(*name));
  if (!f) return fail(f.error());
  if (!f->has_value())
    return fail(make_error(store::errc::kUnknownAccount, "no player has that name"));
  if (auto e = store_.remove_friend(a->id, (*f)->id)) return fail(e);
  return {};
}

Accounts::Answer Accounts::invitations(const std::string& session,
                                       const std::function<bool(const std::string&)>& open) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto list = store_.invitations(a->id);
  if (!list) return fail(list.error());
  Json out_list = Json::array();
  for (const store::Invitation& i : *list) {
    if (!open(i.table)) {
      if (auto e = store_.dismiss_invitation(a->id, i.table)) return fail(e);
      continue;
    }
    out_list.push_back(
        {{"table", i.table}, {"game", i.game}, {"title", i.title}, {"from", i.from}, {"at", i.at}});
  }
  Answer out;
  out.body = Json{{"invitations", out_list}};
  return out;
}

Accounts::Answer Accounts::dismiss(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto table = text(body, "table");
  if (!table) return fail(table.error());
  if (auto e = store_.dismiss_invitation(a->id, *table)) return fail(e);
  return {};
}

void Accounts::rate(const std::string& table, const std::string& game,
                    const std::vector<std::string>& accounts, const Json& result) {
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
  auto next = rating::rate_table(result, prior);
  if (!next) {
    spdlog::warn("table {}: ratings not updated: {}", table, next.error().message);
    return;
  }
  for (std::size_t i = 0; i < accounts.size() && i < next->size(); ++i) {
    const auto& r = (*next)[i];
    if (!r || accounts[i].empty()) continue;
    if (auto e = store_.save_rating(accounts[i], game, {r->rating, r->rd, r->volatility, r->games}))
      spdlog::warn("table {}: the rating of seat {} not saved: {}", table, i, e->message);
  }
}

MaybeError Accounts::invite(const std::string& name, const std::string& table,
                            const std::string& game, const std::string& title,
                            const std::string& from) {
  auto a = store_.account_named(fold_name(name));
  if (!a) return a.error();
  if (!a->has_value()) return make_error(store::errc::kUnknownAccount, "no player has that name");
  return store_.invite({(*a)->id, table, game, title, from, now_ms()});
}

Accounts::Shown Accounts::shown(const std::string& table) {
  constexpr auto kFinishedFor = std::chrono::minutes(1);
  constexpr auto kGoingOnFor = std::chrono::seconds(10);
  constexpr std::size_t kKept = 4096;  // about 1 KB each
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(shown_mutex_);
    if (auto it = shown_.find(table); it != shown_.end()) {
      const Shown& t = it->second;
      if (now - t.read < (t.finished ? kFinishedFor : kGoingOnFor)) return t;
    }
  }
  Shown t;
  t.read = now;
  auto rec = store_.load(table);
  if (!rec && rec.error().code != store::errc::kUnknownTable) return t;  // asked again next time
  const AnyGame* g = rec ? find_game(rec->spec.game) : nullptr;
  // A lobby, a game going on, or gone (or of a game this server does not know).
  if (rec && rec->finished() && g != nullptr) {
    t.finished = true;
    t.game = std::string(g->name());
    t.winners = rec->result.value("winners", Json::array());
    const Json server = rec->spec.options.value("server", Json::object());
    t.entry = {{"table", rec->id},
               {"game", t.game},
               {"title", std::string(g->title())},
               {"players", rec->spec.players},
               {"seats", rec->spec.seats},
               {"result", rec->result},
               {"ended", rec->entries.empty() ? 0 : rec->entries.back().at},
               {"rated", server.is_object() && server.value("rated", false)}};
  }
  std::lock_guard lock(shown_mutex_);
  if (shown_.size() >= kKept) shown_.clear();
  shown_[table] = t;
  return t;
}

Accounts::Answer Accounts::profile(const std::string& name, const std::string& session) {
  auto a = store_.account_named(fold_name(name));
  if (!a) return fail(a.error());
  if (!a->has_value())
    return fail(make_error(store::errc::kUnknownAccount, "no player has that name"));
  const store::Account& acc = **a;
  if (acc.hidden) {
    auto me = signed_in(session);
    if (!me || me->id != acc.id)
      return fail(make_error(errc::kPlayerHidden, "this player's profile is hidden"));
  }
  // The record of one's games: the finished tables of the keyring's seats.
  auto ring = store_.keyring(acc.id, std::numeric_limits<std::int32_t>::max());
  if (!ring) return fail(ring.error());
  Json games = Json::object();
  for (const AnyGame* g : all_games()) {
    auto r = store_.rating(acc.id, std::string(g->name()));
    if (!r) return fail(r.error());
    Json rating = nullptr;
    if (r->has_value())
      rating = {{"rating", (*r)->rating},
                {"rd", (*r)->rd},
                {"volatility", (*r)->volatility},
                {"games", (*r)->games}};
    games[std::string(g->name())] = {{"played", 0}, {"wins", 0}, {"rating", rating}};
  }
  Json finished = Json::array();
  for (const store::KeyringSeat& s : *ring) {
    if (s.seat < 0) continue;
    const Shown t = shown(s.table);
    if (!t.finished) continue;  // a lobby, a game going on, or gone
    const bool won = t.winners.is_array() &&
                     std::find(t.winners.begin(), t.winners.end(), Json(s.seat)) != t.winners.end();
    Json& tally = games[t.game];
    tally["played"] = tally["played"].get<int>() + 1;
    if (won) tally["wins"] = tally["wins"].get<int>() + 1;
    if (finished.size() >= kFinishedShown) continue;
    Json entry = t.entry;
    entry["seat"] = s.seat;
    entry["won"] = won;
    finished.push_back(std::move(entry));
  }
  // Newest first: by when the game ended.
  std::stable_sort(finished.begin(), finished.end(), [](const Json& x, const Json& y) {
    return x["ended"].get<std::int64_t>() > y["ended"].get<std::int64_t>();
  });
  Answer out;
  out.body =
      Json{{"name", acc.name}, {"created", acc.created}, {"games", games}, {"finished", finished}};
  return out;
}

}  // namespace meeple::server
