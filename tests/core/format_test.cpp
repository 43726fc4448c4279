#include <catacomb/core/format.hpp>

#include <gtest/gtest.h>

#include <bit>
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
