// The enum name tables (shared/core/enum_names.hpp): the name, the lookup, the parse and the
// "expected" list every X_name / parse_X derives from one table.
#include "shared/core/enum_names.hpp"

#include <gtest/gtest.h>

#include <catacomb/core/threads.hpp>

namespace catacomb {
namespace {

enum class Colour : uint8_t { Red, Green, Blue };
constexpr detail::EnumNames<Colour, 3> kColours = {
    {{Colour::Red, "red"}, {Colour::Green, "green"}, {Colour::Blue, "blue"}}};
constexpr detail::EnumNames<Colour, 2> kTwo = {{{Colour::Red, "red"}, {Colour::Blue, "blue"}}};
constexpr detail::EnumNames<Colour, 1> kOne = {{{Colour::Green, "green"}}};

TEST(EnumNamesTest, NamesAndLookupsComeFromTheTable) {
  static_assert(detail::enum_name(kColours, Colour::Green) == "green");
  EXPECT_EQ(detail::enum_name(kColours, static_cast<Colour>(9)), "?");
  EXPECT_EQ(detail::enum_value(kColours, "blue"), Colour::Blue);
  EXPECT_FALSE(detail::enum_value(kColours, "Blue"));
  EXPECT_TRUE(detail::enum_known(kColours, Colour::Red));
  EXPECT_FALSE(detail::enum_known(kTwo, Colour::Green));
}

TEST(EnumNamesTest, TheExpectedListJoinsTheLastNameWithOr) {
  EXPECT_EQ(detail::enum_expected(kColours), "red, green or blue");
  EXPECT_EQ(detail::enum_expected(kTwo), "red or blue");
  EXPECT_EQ(detail::enum_expected(kOne), "green");
  EXPECT_EQ(detail::enum_list(kColours), "red, green, blue");
}

TEST(EnumNamesTest, ParseThrowsTheFieldTheNameAndTheList) {
  EXPECT_EQ(detail::parse_enum(kColours, "red", "colour"), Colour::Red);
  try {
    detail::parse_enum(kColours, "pink", "colour");
    FAIL() << "no throw";
  } catch (const InvalidArgument& e) {
    ASSERT_EQ(e.problems().size(), 1u);
    EXPECT_EQ(e.problems()[0], (FieldProblem{"colour", "pink", "red, green or blue"}));
  }
}

TEST(ThreadsTest, OneRangeForEveryThreadsSetting) {
  EXPECT_EQ(threads_range_text(), "1 to 256");
  EXPECT_TRUE(threads_in_range(1));
  EXPECT_TRUE(threads_in_range(kMaxThreads));
  EXPECT_FALSE(threads_in_range(0));
  EXPECT_FALSE(threads_in_range(kMaxThreads + 1));
  const int d = default_threads();
  EXPECT_TRUE(d == 1 || d == 2);
}

}  // namespace
}  // namespace catacomb
