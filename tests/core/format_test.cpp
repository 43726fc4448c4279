#include <catacomb/core/format.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>
#include "shared/core/format_portable.hpp"

namespace catacomb {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNan = std::numeric_limits<double>::quiet_NaN();

TEST(FormatTest, NumberIsSixSignificantDigitsLikePercentG) {
  EXPECT_EQ(format_number(0.125), "0.125");
  EXPECT_EQ(format_number(150), "150");
  EXPECT_EQ(format_number(1e6), "1e+06");
  EXPECT_EQ(format_number(123456), "123456");
  EXPECT_EQ(format_number(1234567), "1.23457e+06");
  EXPECT_EQ(format_number(1.4142135623730951), "1.41421");
  EXPECT_EQ(format_number(0.0001), "0.0001");
  EXPECT_EQ(format_number(0.00001), "1e-05");
  EXPECT_EQ(format_number(-2.5), "-2.5");
  EXPECT_EQ(format_number(0.0), "0");
  EXPECT_EQ(format_number(-0.0), "-0");
  EXPECT_EQ(format_number(kInf), "inf");
  EXPECT_EQ(format_number(-kInf), "-inf");
  EXPECT_EQ(format_number(kNan), "nan");
  EXPECT_EQ(format_number(-kNan), "-nan");
}

TEST(FormatTest, FixedRoundsTheExactValueTiesToEven) {
  EXPECT_EQ(format_fixed(3.14159265, 3), "3.142");
  EXPECT_EQ(format_fixed(2.5, 0), "2");
  EXPECT_EQ(format_fixed(3.5, 0), "4");
  EXPECT_EQ(format_fixed(0.125, 2), "0.12");  // an exact tie
  EXPECT_EQ(format_fixed(0.375, 2), "0.38");
  EXPECT_EQ(format_fixed(0.1, 20), "0.10000000000000000555");  // the double's exact digits
  EXPECT_EQ(format_fixed(1.005, 2), "1.00");                   // 1.005 is a little below
  EXPECT_EQ(format_fixed(12, 3), "12.000");
  EXPECT_EQ(format_fixed(-0.0001, 3), "-0.000");
  EXPECT_EQ(format_fixed(1e20, 1), "100000000000000000000.0");
  EXPECT_EQ(format_fixed(std::numeric_limits<double>::max(), 0).size(), 309u);
  EXPECT_EQ(format_fixed(kInf, 2), "inf");
  EXPECT_EQ(format_fixed(-kInf, 2), "-inf");
  EXPECT_EQ(format_fixed(kNan, 2), "nan");
  EXPECT_EQ(format_fixed(7.25, -3), "7");  // negative decimals: none
}

TEST(FormatTest, ShortestReadsBackAsTheSameDouble) {
  EXPECT_EQ(format_shortest(0.1), "0.1");
  EXPECT_EQ(format_shortest(1e22), "1e+22");
  EXPECT_EQ(format_shortest(100), "100");
  EXPECT_EQ(format_shortest(-0.0), "-0");
  EXPECT_EQ(format_shortest(0.30000000000000004), "0.30000000000000004");
  EXPECT_EQ(format_shortest(kInf), "inf");
  EXPECT_EQ(format_shortest(kNan), "nan");
  Rng rng(5);
  for (int i = 0; i < 20000; ++i) {
    const double v = std::bit_cast<double>(rng.next());
    if (!std::isfinite(v)) continue;
    const std::string s = format_shortest(v);
    ASSERT_EQ(std::strtod(s.c_str(), nullptr), v) << s;
    // Not longer than the shortest "%.*g" form that reads back.
    char buf[64];
    for (int digits = 1; digits <= 17; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*g", digits, v);
      if (std::strtod(buf, nullptr) == v) break;
    }
    ASSERT_LE(s.size(), std::string(buf).size()) << s << " vs " << buf;
  }
}

#if (defined(__GLIBCXX__) && _GLIBCXX_RELEASE >= 11) || (defined(_LIBCPP_VERSION) && _LIBCPP_VERSION >= 14000)
// The portable forms (format_portable.hpp: standard libraries without std::to_chars for double,
// such as Emscripten's) against std::to_chars itself, byte for byte, on values picked for their
// edges: every power of two (where the shortest digits are found above the closest ones), powers
// of ten, subnormals, the largest and smallest doubles, integers up to 2^64, short decimals, and
// random bit patterns.
std::vector<double> to_chars_values() {
  std::vector<double> v = {0.0,
                           -0.0,
                           0.1,
                           0.2,
                           0.30000000000000004,
                           1.0 / 3,
                           2.0 / 3,
                           1e22,
                           1e23,
                           9007199254740993.0,
                           std::numeric_limits<double>::max(),
                           std::numeric_limits<double>::min(),
                           std::numeric_limits<double>::denorm_min(),
                           std::numeric_limits<double>::epsilon(),
                           123456789012345680000.0,
                           5e-324,
                           1.7976931348623157e308,
                           4.9406564584124654e-324};
  for (int e = -1074; e <= 1023; ++e) v.push_back(std::ldexp(1.0, e));
  for (int e = -323; e <= 308; ++e) v.push_back(std::strtod(("1e" + std::to_string(e)).c_str(), nullptr));
  Rng rng(36);
  for (int i = 0; i < 30000; ++i) {
    const double bits = std::bit_cast<double>(rng.next());
    if (std::isfinite(bits)) v.push_back(bits);
    v.push_back(static_cast<double>(rng.next() >> rng.uniform_int(0, 63)));  // integers to 2^64
    v.push_back(static_cast<double>(rng.uniform_int(0, 99999)) / 1000.0);    // short decimals
    v.push_back(std::ldexp(rng.uniform_real(1, 2), static_cast<int>(rng.uniform_int(-60, 80))));
  }
  const size_t n = v.size();
  for (size_t i = 0; i < n; ++i) v.push_back(-v[i]);
  return v;
}

template <typename... Args>
std::string std_to_chars(double v, Args... args) {
  char buf[1400];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, args...);
  return std::string(buf, r.ptr);
}

TEST(FormatTest, PortableFormsGiveTheBytesOfToChars) {
  size_t checked = 0;
  for (const double v : to_chars_values()) {
    ASSERT_EQ(detail::to_chars_shortest_portable(v), std_to_chars(v)) << std::hexfloat << v;
    ASSERT_EQ(detail::to_chars_general_portable(v, 6), std_to_chars(v, std::chars_format::general, 6))
        << std::hexfloat << v;
    ++checked;
  }
  EXPECT_GT(checked, 240000u);
  Rng rng(37);
  for (const double v : to_chars_values()) {
    if (rng.uniform_int(0, 15) != 0) continue;  // fixed forms of the largest values are long: a sample
    const int decimals = static_cast<int>(rng.uniform_int(0, 20));
    ASSERT_EQ(detail::to_chars_fixed_portable(v, decimals), std_to_chars(v, std::chars_format::fixed, decimals))
        << std::hexfloat << v << " " << decimals;
  }
}
#endif

#if defined(__GLIBC__)
// The forms the CLI and the messages printed before they shared these functions: ostream's
// default (format_number), printf's "%.*f" and ostream's fixed (format_fixed). Byte for byte.
std::vector<double> sample_values() {
  std::vector<double> v = {0.0,      -0.0,     0.5,       1.5,  2.5,  0.125, 0.375,  1e-7,
                           123456.5, 999999.5, 9.9999995, 1e15, 1e16, 1e300, 5e-324, 2.2250738585072014e-308,
                           kInf,     -kInf};
  Rng rng(17);
  for (int i = 0; i < 20000; ++i) {
    const double bits = std::bit_cast<double>(rng.next());
    if (std::isfinite(bits)) v.push_back(bits);
    // Values in the ranges the CLI prints: costs, milliseconds, fractions, and exact ties.
    v.push_back(rng.uniform_real(0, 1000));
    v.push_back(static_cast<double>(rng.uniform_int(0, 1 << 20)) / 1024.0);
    v.push_back(-rng.uniform_real(0, 1));
  }
  return v;
}

TEST(FormatTest, SameBytesAsTheStreamsAndPrintfItReplaces) {
  for (double v : sample_values()) {
    std::ostringstream general;
    general << v;
    ASSERT_EQ(format_number(v), general.str()) << std::hexfloat << v;
    for (int decimals : {0, 1, 2, 3, 6, 8}) {
      char buf[512];
      std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
      ASSERT_EQ(format_fixed(v, decimals), buf) << std::hexfloat << v << " decimals " << decimals;
      std::ostringstream fixed;
      fixed << std::fixed << std::setprecision(decimals) << v;
      ASSERT_EQ(format_fixed(v, decimals), fixed.str());
    }
    ASSERT_EQ(format_fixed(v, 6), std::to_string(v));
  }
}
#endif

}  // namespace
}  // namespace catacomb
