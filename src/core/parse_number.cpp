// Parsing a finite double from decimal text: std::from_chars where the library has it, else
// (or with CATACOMB_FORCE_FALLBACKS) a syntax check of from_chars' general format followed by
// strtod with the C locale's decimal point put in, so both accept the same strings whatever the
// locale. Not a stream: an istringstream pulls every locale facet of libc++ (money, time,
// codecvt...) into the WebAssembly binary, 75 kB of code (docs/browser.md, "Sizes").
#include "shared/core/parse_number.hpp"

#include <cerrno>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdlib>
#include <string>
#include <system_error>

namespace catacomb::detail {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The general-format syntax of std::from_chars: -?(D+(.D*)?|.D+)([eE][+-]?D+)?
bool is_decimal_number(std::string_view s) {
  size_t i = 0;
  const size_t n = s.size();
  auto digits = [&] {
    const size_t start = i;
    while (i < n && is_digit(s[i])) ++i;
    return i - start;
  };
  if (i < n && s[i] == '-') ++i;
  size_t mantissa = digits();
  if (i < n && s[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == n;
}

}  // namespace

bool parse_finite_double_portable(std::string_view s, double& v) {
  if (!is_decimal_number(s)) return false;
  // strtod reads the locale's decimal point: '.' is spelled so (the only character of the
  // checked syntax a locale changes).
  const char* point = std::localeconv()->decimal_point;
  std::string text;
  for (char c : s) {
    if (c == '.') text += point;
    else text += c;
  }
  errno = 0;
  char* end = nullptr;
  const double d = std::strtod(text.c_str(), &end);
  // As from_chars: a subnormal result is kept, one that underflows to zero is out of range.
  const bool underflow = errno == ERANGE && d == 0;
  if (end != text.c_str() + text.size() || underflow || !std::isfinite(d)) return false;
  v = d;
  return true;
}

bool parse_finite_double(std::string_view s, double& v) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L && !defined(CATACOMB_FORCE_FALLBACKS)
  if (s.empty()) return false;
  double d = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
  if (ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(d)) return false;
  v = d;
  return true;
#else
  return parse_finite_double_portable(s, v);
#endif
}

}  // namespace catacomb::detail
