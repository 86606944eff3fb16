#include "core/chacha_rng.h"

#include <sodium.h>

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstdlib>

namespace meeple {

namespace {
// libsodium's ChaCha20 "IETF" functions are RFC 8439's: a 96-bit nonce and
// a 32-bit block counter.
static_assert(crypto_stream_chacha20_ietf_KEYBYTES == std::tuple_size_v<ChaChaKey>);
static_assert(crypto_stream_chacha20_ietf_NONCEBYTES == std::tuple_size_v<ChaChaNonce>);
}  // namespace

ChaChaRng::ChaChaRng(const ChaChaKey& key, const ChaChaNonce& nonce, std::uint32_t counter)
    : key_(key), nonce_(nonce), counter_(counter) {
  // Safe to call from any thread, any number of times (it returns 1 once
  // started); -1 only when it cannot start.
  if (sodium_init() < 0) {
    std::fprintf(stderr, "meeple: libsodium cannot start (ChaCha20); stopping\n");
    std::abort();
  }
}

ChaChaRng::~ChaChaRng() {
  sodium_memzero(key_.data(), key_.size());
  sodium_memzero(buffer_.data(), buffer_.size());
}

void ChaChaRng::refill() {
  // The keystream is the encryption of zeros (in place), one block at a time.
  std::fill(buffer_.begin(), buffer_.end(), std::uint8_t{0});
  crypto_stream_chacha20_ietf_xor_ic(buffer_.data(), buffer_.data(), buffer_.size(), nonce_.data(),
                                     counter_++, key_.data());
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
