// Number formatting with std::to_chars (locale-independent, the same digits on every standard
// library): general with 6 significant digits, fixed with capped decimals, and the shortest
// form that reads back the same double. NaN and infinities are spelled here, not by the library.
#include <catacomb/core/format.hpp>

#include <charconv>
#include <cmath>
#include <system_error>

namespace catacomb {
namespace {

// Room for any of the forms: fixed notation of the largest double has 309 digits before the
// point, and `decimals` after it are capped below.
constexpr int kMaxDecimals = 1000;
constexpr size_t kBuffer = 320 + kMaxDecimals;

template <typename... Args>
std::string chars(double v, Args... args) {
  // Non-finite values are spelled here, not by the library: libc++ writes a negative NaN as
  // "-nan(ind)" where libstdc++ writes "-nan".
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[kBuffer];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, args...);
  if (r.ec != std::errc()) return "?";  // not reached: the buffer holds every form
  return std::string(buf, r.ptr);
}

}  // namespace

std::string format_number(double v) { return chars(v, std::chars_format::general, 6); }

std::string format_fixed(double v, int decimals) {
  const int d = decimals < 0 ? 0 : decimals > kMaxDecimals ? kMaxDecimals : decimals;
  return chars(v, std::chars_format::fixed, d);
}

std::string format_shortest(double v) { return chars(v); }

}  // namespace catacomb
