#pragma once
/// Numbers as text, for people and for files: the one place catacomb turns a double into
/// characters (messages, CLI reports, CSV, JSON summaries, the review page). Every form is
/// written by std::to_chars (or, where the standard library lacks it for double, by printf in the
/// "C" locale's spelling to the same bytes): independent of the locale, the same on every platform.
#include <catacomb/export.hpp>
#include <string>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Six significant digits, no trailing zeros, as printf's "%g" writes them ("0.125", "150",
/// "1e+06", "inf", "-nan"): how messages print a number ("diagonal_cost = 2.5 (expected 1 to 2)").
std::string format_number(double v);

/// `decimals` (>= 0) digits after the point, as printf's "%.*f" writes them ("3.142" for pi and
/// 3): correctly rounded from the double's exact value (ties to even); "-0.0" keeps its sign;
/// "inf", "-inf", "nan" or "-nan" when not finite.
std::string format_fixed(double v, int decimals);

/// The shortest text that reads back as the same double ("0.1", "1e+22", "-0", "inf", "nan").
std::string format_shortest(double v);

}  // namespace catacomb
CATACOMB_PUBLIC_END
