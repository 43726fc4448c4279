#include "shared/core/parse_number.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>

namespace catacomb {
namespace {

// Both parsers on one text: the same verdict and, when accepted, the same bits.
void expect_same(const std::string& s) {
  double fast = -1, portable = -1;
  const bool a = detail::parse_finite_double(s, fast);
  const bool b = detail::parse_finite_double_portable(s, portable);
  EXPECT_EQ(a, b) << "'" << s << "'";
  if (a && b) { EXPECT_EQ(std::bit_cast<uint64_t>(fast), std::bit_cast<uint64_t>(portable)) << "'" << s << "'"; }
}

TEST(ParseNumberTest, AcceptsTheFromCharsSyntaxOnly) {
  double v = 0;
  for (const char* ok : {"0", "-0", "1", "1.5", "-2.25", ".5", "5.", "1e3", "1E-3", "2.5e+2", "0001.100"}) {
    EXPECT_TRUE(detail::parse_finite_double_portable(ok, v)) << ok;
    EXPECT_TRUE(detail::parse_finite_double(ok, v)) << ok;
  }
  for (const char* bad : {"",     " 1",  "1 ",   "+1",  "--1",      ".",   "-",     "e5",     "1e",     "1e+", "1.2.3",
                          "0x10", "inf", "-inf", "nan", "infinity", "1,5", "1e400", "-1e400", "1e-400", "1..", "1-"}) {
    EXPECT_FALSE(detail::parse_finite_double_portable(bad, v)) << bad;
    EXPECT_FALSE(detail::parse_finite_double(bad, v)) << bad;
  }
  // Subnormals are in range (as from_chars has it); what underflows to zero ("1e-400") is not.
  for (const char* tiny : {"1e-310", "4.9e-324", "-2.2250738585072011e-308"}) {
    EXPECT_TRUE(detail::parse_finite_double_portable(tiny, v)) << tiny;
    EXPECT_TRUE(detail::parse_finite_double(tiny, v)) << tiny;
  }
  ASSERT_TRUE(detail::parse_finite_double_portable("1234.5678", v));
  EXPECT_EQ(v, 1234.5678);
}

TEST(ParseNumberTest, PortableParseGivesTheSameBitsAsFromChars) {
  Rng rng(5);
  char buf[64];
  for (int i = 0; i < 20000; ++i) {
    // Round-trip precision of random doubles of every magnitude, and short decimals such as a
    // Moving AI scenario's distances.
    const double d = std::bit_cast<double>(rng.next() & 0x7FEFFFFFFFFFFFFFull);
    std::snprintf(buf, sizeof buf, "%.17g", d);
    expect_same(buf);
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(rng.below(9)),
                  static_cast<double>(rng.below(100000000)) / 1e4);
    expect_same(buf);
  }
  // Halfway cases and long mantissas, where a naive parse rounds wrongly.
  for (const char* s : {"9007199254740993", "9007199254740992.5", "2.2250738585072014e-308", "1.7976931348623157e308",
                        "0.1", "0.30000000000000004", "123456789012345678901234567890",
                        "1.00000000000000011102230246251565404236316680908203125",
                        "1.0000000000000001110223024625156540423631668090820312500000000001"})
    expect_same(s);
}

}  // namespace
}  // namespace catacomb
