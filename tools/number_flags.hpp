#pragma once
/// Strict values for CLI flags: a number parses completely or is refused (no empty value, no
/// sign where none is allowed, no '+', space, hex, inf or nan, no silent saturation), and every
/// message names the flag as the user typed it: "--seed = -1 (expected an integer from 0 to
/// 18446744073709551615)". CLI11's own conversion is lenient (strtoull turns -1 into 2^64-1 and
/// saturates 2^64 to 2^64-1), so each numeric option gets this check, run on the text before it.
#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <system_error>
#include <type_traits>

#include <catacomb/core/error.hpp>
#include "shared/core/parse_number.hpp"

namespace catacomb::cli {

/// What a flag of type T accepts, for messages.
template <class T>
std::string number_expectation() {
  if constexpr (std::is_integral_v<T>)
    return "an integer from " + std::to_string(std::numeric_limits<T>::min()) + " to " +
           std::to_string(std::numeric_limits<T>::max());
  else return "a finite decimal number, e.g. 1.5";
}

/// True when all of `text` is a T: decimal digits with an optional '-' (signed types), in range;
/// for floating point, the decimal syntax of detail::parse_finite_double.
template <class T>
bool parse_strict_number(const std::string& text, T& value) {
  if constexpr (std::is_integral_v<T>) {
    if (text.empty() || text[0] == '+' || (text[0] == '-' && !std::is_signed_v<T>)) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
  } else {
    double d = 0;
    if (!detail::parse_finite_double(text, d)) return false;
    value = static_cast<T>(d);
    return true;
  }
}

/// A CLI11 check for a numeric flag: throws InvalidArgument {flag, text, what T accepts} for
/// text that is not all a T. Runs before CLI11 converts the text.
template <class T>
CLI::Validator strict_number(const std::string& flag) {
  return CLI::Validator(
      [flag](std::string& text) -> std::string {
        T value{};
        if (!parse_strict_number(text, value))
          throw InvalidArgument(FieldProblem{flag, text.empty() ? "''" : text, number_expectation<T>()});
        return {};
      },
      "", "strict number");
}

/// Adds a numeric option with its strict check and its default shown in --help.
template <class T>
CLI::Option* add_number_option(CLI::App& sub, const std::string& flag, T& target, const std::string& help) {
  return sub.add_option(flag, target, help)->check(strict_number<T>(flag))->capture_default_str();
}

}  // namespace catacomb::cli
