// xoshiro256** 1.0 (public-domain algorithm by D. Blackman and S. Vigna), state filled by
// SplitMix64. Bounded draws use D. Lemire's "nearly divisionless" method with exact rejection,
// so every draw is unbiased and every platform with 64-bit integers gives the same sequence.
#include <catacomb/core/rng.hpp>

#include <cassert>

#include "shared/core/portable.hpp"

namespace catacomb {

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t fnv1a64(std::string_view s) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001B3ull;
  }
  return h;
}

Rng::Rng(uint64_t seed) {
  uint64_t sm = seed;
  for (auto& w : s_) w = splitmix64(sm);
}

Rng Rng::stream(uint64_t seed, std::string_view stage) {
  uint64_t mix = seed;
  uint64_t a = splitmix64(mix);
  return Rng(a ^ fnv1a64(stage));
}

uint64_t Rng::below(uint64_t n) {
  assert(n > 0);
  detail::U128 m = detail::mul64x64_128(next(), n);
  if (m.lo < n) {
    const uint64_t threshold = (0 - n) % n;
    while (m.lo < threshold) m = detail::mul64x64_128(next(), n);
  }
  return m.hi;
}

int64_t Rng::uniform_int(int64_t lo, int64_t hi) {
  assert(lo <= hi);
  const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  if (span == UINT64_MAX) return static_cast<int64_t>(next());
  return static_cast<int64_t>(static_cast<uint64_t>(lo) + below(span + 1));
}

double Rng::uniform_real(double lo, double hi) { return lo + (hi - lo) * uniform_real(); }

bool Rng::chance(double p) {
  if (p <= 0) return false;
  if (p >= 1) return true;
  return uniform_real() < p;
}

}  // namespace catacomb
