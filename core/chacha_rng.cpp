#include "core/chacha_rng.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstdlib>

namespace meeple {

namespace {
[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "meeple: OpenSSL cannot %s (ChaCha20); stopping\n", what);
  std::abort();
}
}  // namespace

ChaChaRng::ChaChaRng(const ChaChaKey& key, const ChaChaNonce& nonce, std::uint32_t counter) {
  // OpenSSL's ChaCha20 IV is RFC 8439's block counter (32 bits, little-endian)
  // followed by the 96-bit nonce.
  std::array<std::uint8_t, 16> iv{};
  for (int i = 0; i < 4; ++i) iv[static_cast<std::size_t>(i)] = (counter >> (8 * i)) & 0xffu;
  std::copy(nonce.begin(), nonce.end(), iv.begin() + 4);
  ctx_ = EVP_CIPHER_CTX_new();
  if (ctx_ == nullptr) fail("allocate a cipher context");
  if (EVP_EncryptInit_ex(ctx_, EVP_chacha20(), nullptr, key.data(), iv.data()) != 1)
    fail("set up the cipher");
}

ChaChaRng::~ChaChaRng() {
  EVP_CIPHER_CTX_free(ctx_);  // clears the key schedule too
  OPENSSL_cleanse(buffer_.data(), buffer_.size());
}

void ChaChaRng::refill() {
  // The keystream is the encryption of zeros; OpenSSL encrypts in place.
  std::fill(buffer_.begin(), buffer_.end(), std::uint8_t{0});
  int len = 0;
  if (EVP_EncryptUpdate(ctx_, buffer_.data(), &len, buffer_.data(),
                        static_cast<int>(buffer_.size())) != 1 ||
      len != static_cast<int>(buffer_.size()))
    fail("produce the keystream");
  used_ = 0;
}

void ChaChaRng::fill(std::span<std::uint8_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    if (used_ == buffer_.size()) refill();
    const std::size_t n = std::min(out.size() - done, buffer_.size() - used_);
    std::copy_n(buffer_.begin() + static_cast<std::ptrdiff_t>(used_), n, out.begin() + done);
    used_ += n;
    done += n;
  }
}

std::uint32_t ChaChaRng::next_u32() {
  std::array<std::uint8_t, 4> b;
  if (buffer_.size() - used_ >= b.size()) {  // the usual case: no refill, one read
    std::copy_n(buffer_.begin() + static_cast<std::ptrdiff_t>(used_), b.size(), b.begin());
    used_ += b.size();
  } else {
    fill(b);
  }
  return std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 |
         std::uint32_t{b[3]} << 24;
}

std::uint64_t ChaChaRng::next_u64() {
  const std::uint64_t lo = next_u32();
  return lo | std::uint64_t{next_u32()} << 32;
}

std::uint32_t ChaChaRng::below(std::uint32_t bound) {
  assert(bound > 0);
  // 2^32 mod bound, computed in 32 bits: (2^32 - bound) mod bound.
  const std::uint32_t threshold = (0u - bound) % bound;
  std::uint32_t r = next_u32();
  while (r < threshold) r = next_u32();
  return r % bound;
}

}  // namespace meeple
