// Number formatting with std::to_chars (locale-independent, the same digits on every standard
// library): general with 6 significant digits, fixed with capped decimals, and the shortest
// form that reads back the same double. NaN and infinities are spelled here, not by the library.
//
// Standard libraries without std::to_chars for double (libc++ before 14: Emscripten 3.1.6's)
// get the same text from the portable versions (format_portable.hpp): printf in the "C" locale's
// spelling for the general and fixed forms, and for the shortest form the fewest digits of
// "%.*e" (1 to 17, each read back) that give the double again, laid out fixed or scientific as
// std::to_chars lays them out. At most 17 printf/parse rounds per number: slower than Ryu, never
// on a hot path (reports, JSON). CATACOMB_FORCE_FALLBACKS uses them everywhere.
#include <catacomb/core/format.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <system_error>
#include <version>

#include "shared/core/format_portable.hpp"
#include "shared/core/parse_number.hpp"

// std::to_chars for double: libstdc++ 11 and later, MSVC, libc++ 14 and later.
#if !defined(CATACOMB_FORCE_FALLBACKS) &&                                                                          \
    ((defined(_LIBCPP_VERSION) && _LIBCPP_VERSION >= 14000) || (defined(__GLIBCXX__) && _GLIBCXX_RELEASE >= 11) || \
     (defined(_MSC_VER) && !defined(_LIBCPP_VERSION)))
#define CATACOMB_FP_TO_CHARS 1
#endif

namespace catacomb {
namespace {

// Room for any of the forms: fixed notation of the largest double has 309 digits before the
// point, and `decimals` after it are capped below.
constexpr int kMaxDecimals = 1000;
constexpr size_t kBuffer = 320 + kMaxDecimals;

// printf's text with the locale's decimal point (the only character of "%e", "%f" and "%g" that
// a locale changes) spelled '.'.
std::string printf_c_locale(const char* format, int precision, double v) {
  char buf[kBuffer];
  const int n = std::snprintf(buf, sizeof buf, format, precision, v);
  if (n < 0 || static_cast<size_t>(n) >= sizeof buf) return "?";  // not reached: the buffer holds every form
  std::string out;
  bool in_point = false;
  for (int i = 0; i < n; ++i) {
    const char c = buf[i];
    const bool plain = (c >= '0' && c <= '9') || c == '-' || c == '+' || c == 'e' || c == 'E';
    if (!plain && !in_point) out += '.';
    if (plain) out += c;
    in_point = !plain;
  }
  return out;
}

// Non-finite values are spelled here, not by the library: libc++ writes a negative NaN as
// "-nan(ind)" where libstdc++ writes "-nan".
const char* non_finite(double v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  return nullptr;
}

#if defined(CATACOMB_FP_TO_CHARS)
template <typename... Args>
std::string to_chars_text(double v, Args... args) {
  char buf[kBuffer];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, args...);
  if (r.ec != std::errc()) return "?";  // not reached: the buffer holds every form
  return std::string(buf, r.ptr);
}
#endif

// Significant digits and the decimal exponent of the first one (1.25e+03: "125", 3).
struct Decimal {
  std::string digits;
  int exponent = 0;
};

// "%.*e" text ("-1.2500e+03", radix already '.') as its digits and exponent.
Decimal split_scientific(std::string_view s) {
  Decimal d;
  size_t i = s[0] == '-' ? 1 : 0;
  for (; i < s.size() && s[i] != 'e'; ++i)
    if (s[i] != '.') d.digits += s[i];
  double e = 0;
  detail::parse_finite_double(s.substr(i + 1 + (s[i + 1] == '+' ? 1 : 0)), e);
  d.exponent = static_cast<int>(e);
  return d;
}

Decimal trimmed(Decimal d) {
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  return d;
}

// The p digits one unit in their last place up ("1.99" -> "2.00"), carrying as far as needed.
Decimal next_up(Decimal d) {
  size_t i = d.digits.size();
  while (i > 0 && d.digits[i - 1] == '9') d.digits[--i] = '0';
  if (i == 0) {
    d.digits.insert(d.digits.begin(), '1');
    d.digits.pop_back();
    ++d.exponent;
  } else {
    ++d.digits[i - 1];
  }
  return d;
}

// (Built with append: GCC 12 warns falsely, -Wrestrict, about chains of operator+ here.)
std::string scientific_text(const Decimal& d) {
  std::string s(1, d.digits[0]);
  if (d.digits.size() > 1) s.append(".").append(d.digits, 1);
  const int e = d.exponent < 0 ? -d.exponent : d.exponent;
  s.append(d.exponent < 0 ? "e-" : "e+");
  if (e < 10) s.append("0");
  return s.append(std::to_string(e));
}

bool reads_back(const Decimal& d, bool negative, double v) {
  std::string text = negative ? "-" : "";
  text.append(scientific_text(d));
  double back = 0;
  return detail::parse_finite_double(text, back) && back == v;
}

// The length of the fixed form of `d` (without sign).
size_t fixed_length(const Decimal& d) {
  const auto n = static_cast<int>(d.digits.size());
  if (d.exponent >= n - 1) return static_cast<size_t>(d.exponent + 1);
  if (d.exponent >= 0) return static_cast<size_t>(n + 1);
  return static_cast<size_t>(2 - d.exponent - 1 + n);
}

std::string fixed_text(const Decimal& d, double v) {
  const auto n = static_cast<int>(d.digits.size());
  if (d.exponent >= n - 1) {
    // An integer: std::to_chars writes its exact value (all of that length are as short, and
    // the exact one is the closest).
    return printf_c_locale("%.*f", 0, std::fabs(v));
  }
  if (d.exponent >= 0) {
    const auto point = static_cast<size_t>(d.exponent + 1);
    std::string s = d.digits.substr(0, point);
    return s.append(".").append(d.digits, point);
  }
  std::string s = "0.";
  return s.append(static_cast<size_t>(-d.exponent - 1), '0').append(d.digits);
}

}  // namespace

std::string format_number(double v) {
  if (const char* s = non_finite(v)) return s;
#if defined(CATACOMB_FP_TO_CHARS)
  return to_chars_text(v, std::chars_format::general, 6);
#else
  return detail::to_chars_general_portable(v, 6);
#endif
}

std::string format_fixed(double v, int decimals) {
  if (const char* s = non_finite(v)) return s;
  const int d = decimals < 0 ? 0 : decimals > kMaxDecimals ? kMaxDecimals : decimals;
#if defined(CATACOMB_FP_TO_CHARS)
  return to_chars_text(v, std::chars_format::fixed, d);
#else
  return detail::to_chars_fixed_portable(v, d);
#endif
}

std::string format_shortest(double v) {
  if (const char* s = non_finite(v)) return s;
#if defined(CATACOMB_FP_TO_CHARS)
  return to_chars_text(v);
#else
  return detail::to_chars_shortest_portable(v);
#endif
}

namespace detail {

std::string to_chars_general_portable(double v, int precision) { return printf_c_locale("%.*g", precision, v); }

std::string to_chars_fixed_portable(double v, int decimals) { return printf_c_locale("%.*f", decimals, v); }

std::string to_chars_shortest_portable(double v) {
  const bool negative = std::signbit(v);
  if (v == 0) return negative ? "-0" : "0";
  Decimal best;
  for (int p = 1; p <= 17; ++p) {
    const Decimal closest = split_scientific(printf_c_locale("%.*e", p - 1, v));
    if (reads_back(closest, negative, v)) {
      best = trimmed(closest);
      break;
    }
    // At a power of two the doubles below are twice as dense as those above: the closest p
    // digits can miss below while the next p digits up (in magnitude) still read back.
    const Decimal up = next_up(closest);
    if (reads_back(up, negative, v)) {
      best = trimmed(up);
      break;
    }
  }
  std::string out = negative ? "-" : "";
  const std::string sci = scientific_text(best);
  return out.append(fixed_length(best) <= sci.size() ? fixed_text(best, v) : sci);
}

}  // namespace detail

}  // namespace catacomb
