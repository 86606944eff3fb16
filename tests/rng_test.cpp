#include <array>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/chacha_rng.h"
#include "core/rng.h"

namespace meeple {
namespace {

// The reference PCG32 demo (pcg32-global-demo) seeds with (42, 54) and prints
// these six outputs first.
TEST(Rng, MatchesReferencePcg32Sequence) {
  Rng rng(42u, 54u);
  const std::array<std::uint32_t, 6> expected = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                                 0x83d2f293, 0xbfa4784b, 0xcbed606e};
  for (auto e : expected) EXPECT_EQ(rng.next_u32(), e);
}

TEST(Rng, SameSeedSameSequenceDifferentSeedDifferent) {
  Rng a(7), b(7), c(8);
  int same_c = 0;
  for (int i = 0; i < 100; ++i) {
    auto x = a.next_u32();
    EXPECT_EQ(x, b.next_u32());
    same_c += x == c.next_u32();
  }
  EXPECT_LT(same_c, 3);
}

TEST(Rng, BelowStaysInRange) {
  Rng rng(1);
  for (std::uint32_t bound : {1u, 2u, 3u, 6u, 12u, 1000u, 0x80000001u}) {
    for (int i = 0; i < 2000; ++i) EXPECT_LT(rng.below(bound), bound);
  }
}

// A bound just above 2^31 makes naive modulo give the low half twice the
// probability of the high half; rejection must remove that bias.
TEST(Rng, BelowIsUnbiasedForAwkwardBound) {
  Rng rng(3);
  const std::uint32_t bound = 0xC0000000u;  // 3 * 2^30
  int low = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) low += rng.below(bound) < bound / 3 ? 1 : 0;
  // Unbiased: 1/3 of draws; modulo reduction would give 1/2.
  EXPECT_NEAR(static_cast<double>(low) / n, 1.0 / 3.0, 0.01);
}

TEST(Rng, BelowIsUniformOnSmallBound) {
  Rng rng(11);
  std::array<int, 6> counts{};
  const int n = 60000;
  for (int i = 0; i < n; ++i) ++counts[rng.below(6)];
  // Chi-square with 5 degrees of freedom; 20.5 is the 0.999 quantile.
  double chi = 0;
  for (int c : counts) chi += (c - n / 6.0) * (c - n / 6.0) / (n / 6.0);
  EXPECT_LT(chi, 20.5);
}

TEST(Rng, ShuffleIsAPermutationAndDeterministic) {
  std::vector<int> v(52), w;
  std::iota(v.begin(), v.end(), 0);
  w = v;
  Rng a(5), b(5);
  a.shuffle(v.begin(), v.end());
  b.shuffle(w.begin(), w.end());
  EXPECT_EQ(v, w);
  std::vector<int> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 52; ++i) EXPECT_EQ(sorted[i], i);
  int fixed = 0;
  for (int i = 0; i < 52; ++i) fixed += v[i] == i;
  EXPECT_LT(fixed, 10);
}

TEST(Rng, SampleChanceFollowsWeights) {
  ChanceList outcomes;
  outcomes.push_back({10, 1});
  outcomes.push_back({20, 3});
  Rng rng(9);
  int heavy = 0;
  for (int i = 0; i < 40000; ++i) heavy += sample_chance(outcomes, rng) == 20;
  EXPECT_NEAR(heavy / 40000.0, 0.75, 0.01);
}

// --- ChaChaRng (core/chacha_rng.h): the cryptographic generator of a server
// table's chance.

std::vector<std::uint8_t> keystream(ChaChaRng& rng, std::size_t n) {
  std::vector<std::uint8_t> out(n);
  rng.fill(out);
  return out;
}

std::vector<std::uint8_t> hex_bytes(std::string_view hex) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return out;
}

ChaChaKey key_0_to_31() {
  ChaChaKey key;
  std::iota(key.begin(), key.end(), std::uint8_t{0});
  return key;
}

// RFC 8439, 2.3.2: the block function's test vector (key 00..1f, nonce
// 00:00:00:09:00:00:00:4a:00:00:00:00, block counter 1), the serialized block.
TEST(ChaChaRng, MatchesRfc8439BlockFunctionVector) {
  ChaChaRng rng(key_0_to_31(), {0, 0, 0, 0x09, 0, 0, 0, 0x4a, 0, 0, 0, 0}, 1);
  EXPECT_EQ(keystream(rng, 64),
            hex_bytes("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                      "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"));
}

// RFC 8439, A.1, test vectors 1 and 2: the all-zero key and nonce, blocks 0
// and 1, read as one stream from block 0 on (the default nonce and counter).
TEST(ChaChaRng, MatchesRfc8439ZeroKeyVectorsAcrossBlocks) {
  ChaChaRng rng(ChaChaKey{});
  EXPECT_EQ(keystream(rng, 128),
            hex_bytes("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                      "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"
                      "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
                      "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f"));
}

// The integers are the stream's bytes, little-endian, in order, whatever the
// reads' sizes and across the generator's buffer refills.
TEST(ChaChaRng, IntegersAreTheKeystreamLittleEndian) {
  ChaChaRng bytes(key_0_to_31(), {7}), ints(key_0_to_31(), {7});
  const std::vector<std::uint8_t> stream = keystream(bytes, 4 * 300 + 8 * 300);
  std::size_t at = 0;
  auto le = [&](int n) {
    std::uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i) v = v << 8 | stream[at + static_cast<std::size_t>(i)];
    at += static_cast<std::size_t>(n);
    return v;
  };
  for (int i = 0; i < 300; ++i) ASSERT_EQ(ints.next_u32(), le(4)) << i;
  for (int i = 0; i < 300; ++i) ASSERT_EQ(ints.next_u64(), le(8)) << i;
}

TEST(ChaChaRng, SameKeySameStreamAnotherKeyOrNonceAnother) {
  ChaChaKey other = key_0_to_31();
  other[31] ^= 1;
  ChaChaRng a(key_0_to_31()), b(key_0_to_31()), c(other), d(key_0_to_31(), {1});
  const auto sa = keystream(a, 1000);
  EXPECT_EQ(sa, keystream(b, 1000));
  EXPECT_NE(sa, keystream(c, 1000));
  EXPECT_NE(sa, keystream(d, 1000));
}

// As for Rng: a bound of 3 * 2^30 would give the low third half of all draws
// by plain modulo; rejection gives it a third.
TEST(ChaChaRng, BelowIsUnbiasedForAwkwardBound) {
  ChaChaRng rng(key_0_to_31());
  const std::uint32_t bound = 0xC0000000u;
  int low = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t r = rng.below(bound);
    ASSERT_LT(r, bound);
    low += r < bound / 3 ? 1 : 0;
  }
  EXPECT_NEAR(static_cast<double>(low) / n, 1.0 / 3.0, 0.01);
}

// Chi-square of many draws with a fixed key: below(7) uniform, and
// sample_chance over weights 1:2:4 (a 3-outcome chance step) in proportion.
// The thresholds are the 0.999 quantiles (6 and 2 degrees of freedom).
TEST(ChaChaRng, DrawsFollowTheOutcomesProbabilities) {
  ChaChaRng rng(key_0_to_31(), {'t', 'e', 's', 't'});
  const int n = 70000;
  std::array<int, 7> faces{};
  for (int i = 0; i < n; ++i) ++faces[rng.below(7)];
  double chi = 0;
  for (int c : faces) chi += (c - n / 7.0) * (c - n / 7.0) / (n / 7.0);
  EXPECT_LT(chi, 22.46);

  ChanceList outcomes;
  outcomes.push_back({0, 1});
  outcomes.push_back({1, 2});
  outcomes.push_back({2, 4});
  std::array<int, 3> seen{};
  for (int i = 0; i < n; ++i) ++seen[static_cast<std::size_t>(sample_chance(outcomes, rng))];
  chi = 0;
  for (std::size_t k = 0; k < 3; ++k) {
    const double expected = n * static_cast<double>(outcomes[k].weight) / 7.0;
    chi += (seen[k] - expected) * (seen[k] - expected) / expected;
  }
  EXPECT_LT(chi, 13.82);
}

}  // namespace
}  // namespace meeple
