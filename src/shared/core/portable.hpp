#pragma once
// Internal (not installed): the few places where catacomb uses a compiler builtin or a library
// feature not every toolchain has. Each sits behind one small function with a portable fallback,
// and every fallback is built and tested: the `*_portable` functions are always compiled (the
// unit tests compare them with the fast paths), and defining CATACOMB_FORCE_FALLBACKS makes the
// dispatching functions use them (the scalar pathing test build does).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <version>

#if defined(_MSC_VER) && !defined(__clang__) && (defined(_M_X64) || defined(_M_ARM64) || defined(_M_IX86))
#include <intrin.h>
#endif

namespace catacomb::detail {

/// A 128-bit unsigned value as two 64-bit halves.
struct U128 {
  uint64_t hi = 0;
  uint64_t lo = 0;
  friend constexpr bool operator==(const U128&, const U128&) = default;
};

/// a * b as a full 128-bit product from four 32x32->64 products (any compiler, any processor).
constexpr U128 mul64x64_128_portable(uint64_t a, uint64_t b) {
  constexpr uint64_t kLow = 0xFFFFFFFFull;
  const uint64_t al = a & kLow, ah = a >> 32, bl = b & kLow, bh = b >> 32;
  const uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  const uint64_t mid = (ll >> 32) + (lh & kLow) + (hl & kLow);  // < 3 * 2^32: no overflow
  return U128{hh + (lh >> 32) + (hl >> 32) + (mid >> 32), (mid << 32) | (ll & kLow)};
}

/// a * b as a full 128-bit product: unsigned __int128 where the compiler has it, _umul128 /
/// __umulh on MSVC, else the portable version. All give the same value.
inline U128 mul64x64_128(uint64_t a, uint64_t b) {
#if defined(CATACOMB_FORCE_FALLBACKS)
  return mul64x64_128_portable(a, b);
#elif defined(__SIZEOF_INT128__)
  __extension__ typedef unsigned __int128 u128;
  const u128 m = static_cast<u128>(a) * b;
  return U128{static_cast<uint64_t>(m >> 64), static_cast<uint64_t>(m)};
#elif defined(_MSC_VER) && defined(_M_X64)
  uint64_t hi = 0;
  const uint64_t lo = _umul128(a, b, &hi);
  return U128{hi, lo};
#elif defined(_MSC_VER) && defined(_M_ARM64)
  return U128{__umulh(a, b), a * b};
#else
  return mul64x64_128_portable(a, b);
#endif
}

/// bit_cast's fallback, always compiled (the unit tests compare it with std::bit_cast).
template <class To, class From>
inline To bit_cast_portable(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "bit_cast: both types of one size");
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

/// A hint that `p` will be read soon; does nothing where the compiler has no prefetch.
/// Never changes a result.
inline void prefetch(const void* p) {
#if defined(CATACOMB_FORCE_FALLBACKS)
  (void)p;
#elif defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
  _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0);
#else
  (void)p;
#endif
}

/// std::make_unique_for_overwrite<T[]>(n) (C++20; libc++ before 16 lacks it): an array whose
/// elements are default-initialised (left indeterminate for trivial types).
template <class T>
std::unique_ptr<T[]> make_array_for_overwrite(size_t n) {
#if defined(__cpp_lib_smart_ptr_for_overwrite) && !defined(CATACOMB_FORCE_FALLBACKS)
  return std::make_unique_for_overwrite<T[]>(n);
#else
  return std::unique_ptr<T[]>(new T[n]);
#endif
}

/// The bits of `from` as a `To` of the same size, as std::bit_cast (C++20; libc++ before 14,
/// Emscripten 3.1.6's among them, lacks it): std::bit_cast where the library has it, else
/// memcpy, which compilers turn into the same register move. Not constexpr in the fallback.
template <class To, class From>
inline To bit_cast(const From& from) {
  static_assert(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>,
                "bit_cast: both types trivially copyable, of one size");
#if defined(__cpp_lib_bit_cast) && !defined(CATACOMB_FORCE_FALLBACKS)
  return std::bit_cast<To>(from);
#else
  return bit_cast_portable<To>(from);
#endif
}

}  // namespace catacomb::detail
