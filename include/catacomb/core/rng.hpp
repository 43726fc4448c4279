#pragma once
/// Rng: catacomb's own random number generator and distributions.
///
/// xoshiro256** (Blackman & Vigna) seeded through SplitMix64, with our own bounded integer draw
/// (Lemire's multiply-and-reject) and real draw (53 high bits). No std:: distributions: the
/// standard leaves their algorithms to each library, so the same seed would give different
/// dungeons on libstdc++, libc++ and MSVC. Always passed as Rng&; there is no global instance.
#include <catacomb/export.hpp>
#include <cstddef>
#include <cstdint>
#include <string_view>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// SplitMix64 step: advances `state` and returns the next output. Also used as a 64-bit mixer.
uint64_t splitmix64(uint64_t& state);
/// 64-bit FNV-1a hash of a string (stable across platforms; used to name streams).
uint64_t fnv1a64(std::string_view s);

/// The name of every stream a generation attempt draws from, one per stage, in one place. The
/// pipeline derives each from the attempt's seed (Rng::stream(seed, name)) and passes it down to
/// its stage as Rng&; the seed-taking conveniences of the stages (generate_caves(..., seed), ...)
/// derive the same stream from the same name. Renaming one changes that stage's maps (and only
/// that stage's): the golden hashes say so.
namespace streams {
inline constexpr std::string_view kCavesFill = "caves.fill";                ///< caves: the random fill
inline constexpr std::string_view kRoomsLayout = "rooms.layout";            ///< rooms: sizes and places
inline constexpr std::string_view kRoomsGraph = "rooms.graph";              ///< rooms: the loops added
inline constexpr std::string_view kObjectives = "objectives";               ///< start, exit and the rest
inline constexpr std::string_view kDecor = "decor";                         ///< water and vegetation
inline constexpr std::string_view kLocks = "locks";                         ///< locked doors and keys
inline constexpr std::string_view kPlatformerLayout = "platformer.layout";  ///< side view: rooms, links, furniture
inline constexpr std::string_view kPlatformerObjectives = "platformer.objectives";  ///< side view: objectives
inline constexpr std::string_view kTemplatesLayout = "templates.layout";  ///< templates: which, turned how, where
inline constexpr std::string_view kTemplatesJoin = "templates.join";      ///< templates: passages, chance cells
inline constexpr std::string_view kSwitches = "switches";                 ///< switches and their gates
inline constexpr std::string_view kOneWayDoors = "one-way";               ///< one-way doors
inline constexpr std::string_view kSecretDoors = "secret-doors";          ///< secret doors
}  // namespace streams

/// catacomb's own random number generator: xoshiro256** seeded through SplitMix64, with its own
/// distributions, so a seed gives the same numbers on every platform and standard library. For one
/// thread at a time; passed as Rng&, never global.
class Rng {
 public:
  /// A generator seeded with `seed` (any 64-bit value, 0 included).
  explicit Rng(uint64_t seed);
  /// An independent stream for one stage, derived from (seed, stage name): tuning one stage
  /// does not reshuffle another. Rng::stream(7, "caves") differs from Rng::stream(7, "rooms").
  static Rng stream(uint64_t seed, std::string_view stage);

  /// Next raw 64-bit output (inline: the generators draw once per cell).
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// Uniform integer in [lo, hi], both inclusive. Requires lo <= hi.
  int64_t uniform_int(int64_t lo, int64_t hi);
  /// Uniform integer in [0, n). Requires n > 0.
  uint64_t below(uint64_t n);
  /// below(n) as an index into a container of n elements (the same draw; a size_t on 32-bit
  /// targets such as WebAssembly too). Requires n > 0.
  size_t index_below(size_t n) { return static_cast<size_t>(below(n)); }
  /// Uniform real in [0, 1), a multiple of 2^-53.
  double uniform_real() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  /// Uniform real in [lo, hi).
  double uniform_real(double lo, double hi);
  /// True with probability p (p <= 0: never, p >= 1: always).
  bool chance(double p);
  /// Shuffles [first, first + n) in place (Fisher-Yates, from the back).
  template <typename T>
  void shuffle(T* first, uint64_t n) {
    for (uint64_t i = n; i > 1; --i) {
      uint64_t j = below(i);
      T tmp = first[i - 1];
      first[i - 1] = first[j];
      first[j] = tmp;
    }
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
