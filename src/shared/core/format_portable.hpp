#pragma once
// Internal (not installed): number formatting for standard libraries without std::to_chars for
// double (libc++ before 14, Emscripten 3.1.6's among them). Each function gives the same text as
// the std::to_chars form it stands in for (format.cpp uses them there, or everywhere with
// CATACOMB_FORCE_FALLBACKS); the unit tests compare them with std::to_chars on many values.
#include <string>

namespace catacomb::detail {

/// As std::to_chars(v, std::chars_format::general, precision): printf's "%.*g" in the "C"
/// locale. `v` finite.
std::string to_chars_general_portable(double v, int precision);

/// As std::to_chars(v, std::chars_format::fixed, decimals): printf's "%.*f" in the "C" locale.
/// `v` finite, `decimals` from 0 to 1000.
std::string to_chars_fixed_portable(double v, int decimals);

/// As std::to_chars(v) with no format: the fewest significant digits that read back as `v`
/// (the closest such digits to `v`, ties to even), written fixed or scientific, whichever is
/// shorter (fixed on a tie); an integer written fixed is its exact value. `v` finite.
std::string to_chars_shortest_portable(double v);

}  // namespace catacomb::detail
