#pragma once
// Internal (not installed): locale-independent parsing of decimal numbers in text formats.
#include <string_view>

namespace catacomb::detail {

/// Parses all of `s` as a finite decimal number, as std::from_chars does in its general format:
/// an optional '-', digits with an optional '.', an optional exponent; no space, '+', hex, inf or
/// nan. Returns false on anything else and on values out of double's range. Correctly rounded and
/// independent of the C and C++ locales. Uses std::from_chars where the standard library has it
/// for double, else parse_finite_double_portable.
bool parse_finite_double(std::string_view s, double& v);

/// The same for standard libraries without std::from_chars for double (libc++ before 17): the
/// syntax is checked here, then the number is read by strtod with the locale's decimal point.
bool parse_finite_double_portable(std::string_view s, double& v);

}  // namespace catacomb::detail
