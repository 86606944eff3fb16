#include "server/protocol.h"

#include <arpa/inet.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cstdio>
#include <cstdlib>
#include <random>

#include <fmt/format.h>

namespace meeple::server {

Expected<Json> parse_request(std::string_view text, std::size_t max_bytes, int max_depth) {
  if (text.size() > max_bytes)
    return make_error(errc::kTooLarge, fmt::format("a message has at most {} bytes, not {}",
                                                   max_bytes, text.size()));
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth)
        return make_error(errc::kTooDeep,
                          fmt::format("JSON nests at most {} levels deep", max_depth));
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return make_error(errc::kMalformed, "the message is not valid JSON");
  return j;
}

Json error_json(const Error& e) {
  return {{"type", "error"}, {"code", e.code}, {"message", e.message}};
}

std::string random_hex(std::size_t bytes) {
  std::random_device rd;  // /dev/urandom (getrandom) with libstdc++ on Linux
  std::string out;
  out.reserve(bytes * 2);
  for (std::size_t i = 0; i < bytes; i += 4) {
    const std::uint32_t r = rd();
    for (std::size_t k = 0; k < 4 && i + k < bytes; ++k)
      out += fmt::format("{:02x}", (r >> (8 * k)) & 0xffu);
  }
  return out;
}

ChaChaKey secure_chance_key() {
  ChaChaKey key;
  if (RAND_bytes(key.data(), static_cast<int>(key.size())) != 1) {
    std::fprintf(stderr, "meeple: OpenSSL has no secure randomness for a chance key; stopping\n");
    std::abort();
  }
  return key;
}

std::string sha256_hex(std::string_view text) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(text.data(), text.size(), md, &len, EVP_sha256(), nullptr);
  std::string out;
  for (unsigned int i = 0; i < len; ++i) out += fmt::format("{:02x}", md[i]);
  return out;
}

bool same_hash(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string address_key(std::string_view address) {
  std::string text(address);
  // "[2001:db8::1]" as some proxies write it.
  if (text.size() > 2 && text.front() == '[' && text.back() == ']')
    text = text.substr(1, text.size() - 2);
  in6_addr v6{};
  if (inet_pton(AF_INET6, text.c_str(), &v6) != 1) return text;
  const unsigned char* b = v6.s6_addr;
  if (IN6_IS_ADDR_V4MAPPED(&v6)) return fmt::format("{}.{}.{}.{}", b[12], b[13], b[14], b[15]);
  for (int i = 8; i < 16; ++i) v6.s6_addr[i] = 0;
  char out[INET6_ADDRSTRLEN] = {};
  if (inet_ntop(AF_INET6, &v6, out, sizeof out) == nullptr) return text;
  return std::string(out) + "/64";
}

}  // namespace meeple::server
