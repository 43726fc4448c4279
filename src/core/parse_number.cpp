// Parsing a finite double from decimal text: std::from_chars where the library has it, else
// (or with CATACOMB_FORCE_FALLBACKS) a syntax check of from_chars' general format followed by
// an istream read in the classic locale, so both accept the same strings whatever the locale.
#include "shared/core/parse_number.hpp"

#include <charconv>
#include <cmath>
#include <locale>
#include <sstream>
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
  std::istringstream in{std::string(s)};
  in.imbue(std::locale::classic());
  double d = 0;
  in >> d;
  if (in.fail() || !std::isfinite(d)) return false;
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
