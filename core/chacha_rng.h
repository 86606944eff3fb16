// A cryptographic random generator: the ChaCha20 keystream (RFC 8439) under a
// 256-bit key, from libsodium. Rng (core/rng.h) is fast and reproducible, but
// its 64-bit state can be recovered from enough of its outputs, and with it
// every later output; the keystream's later bytes cannot be predicted from
// earlier ones without the key, however many are seen. It is for secrets a
// player would profit from predicting: a server table's chance outcomes (the
// next cards of a deck). Search, bots and terminal play keep Rng.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace meeple {

using ChaChaKey = std::array<std::uint8_t, 32>;
// Different nonces under one key give independent streams (a table's chance
// and its bots' seed come from one key under two nonces).
using ChaChaNonce = std::array<std::uint8_t, 12>;

class ChaChaRng {
 public:
  // The keystream of `key` and `nonce` from block `counter` (64 bytes each)
  // on: RFC 8439's ChaCha20 block function with that key, nonce and counter,
  // block after block. A stream has 2^32 blocks (256 GiB), far beyond any
  // game. If libsodium cannot start (it found no randomness source) the
  // program stops: chance never falls back to a weaker generator. Nothing is
  // allocated: every live server table holds one (the object is about 120
  // bytes; OpenSSL's cipher context, used before, took about 500 more).
  explicit ChaChaRng(const ChaChaKey& key, const ChaChaNonce& nonce = {},
                     std::uint32_t counter = 0);
  // Wipes the key and the buffered keystream.
  ~ChaChaRng();
  ChaChaRng(const ChaChaRng&) = delete;
  ChaChaRng& operator=(const ChaChaRng&) = delete;

  // The next out.size() bytes of the keystream.
  void fill(std::span<std::uint8_t> out);
  // The next 4 (8) keystream bytes as a little-endian integer.
  std::uint32_t next_u32();
  std::uint64_t next_u64();

  // Uniform integer in [0, bound), bound > 0, without modulo bias: a 32-bit
  // draw below 2^32 mod bound is rejected and drawn again (fewer than half of
  // all draws, for any bound), so the draws kept span a whole multiple of
  // `bound` and each remainder is equally likely. The same contract as
  // Rng::below, so sample_chance (core/rng.h) takes either.
  std::uint32_t below(std::uint32_t bound);

 private:
  void refill();

  ChaChaKey key_;
  ChaChaNonce nonce_;
  std::uint32_t counter_;  // the next block to draw
  // Keystream drawn ahead: one block.
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t used_ = 64;  // bytes of buffer_ already handed out
};

}  // namespace meeple
