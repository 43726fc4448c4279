#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>

namespace catacomb {
namespace {

TEST(PrintableTextTest, EscapesControlBytesAndNul) {
  EXPECT_EQ(printable_text(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(printable_text("tab\there\nnew\rline\x7F"), "tab\\there\\nnew\\rline\\x7F");
  EXPECT_EQ(printable_text("\x1B[31mred"), "\\x1B[31mred");
}

TEST(PrintableTextTest, KeepsValidUtf8AndEscapesInvalidBytes) {
  EXPECT_EQ(printable_text("caf\xC3\xA9 \xE2\x82\xAC"), "caf\xC3\xA9 \xE2\x82\xAC");
  EXPECT_EQ(printable_text("\xEF\xBB\xBF{"), "\xEF\xBB\xBF{");   // a BOM is valid UTF-8
  EXPECT_EQ(printable_text("\xEF{"), "\\xEF{");                  // a lone lead byte
  EXPECT_EQ(printable_text("\xC0\xAF"), "\\xC0\\xAF");           // overlong
  EXPECT_EQ(printable_text("\xED\xA0\x80"), "\\xED\\xA0\\x80");  // a surrogate
}

TEST(PrintableTextTest, CutsLongTextAtACharacterBoundary) {
  EXPECT_EQ(printable_text(std::string(2000, 'x')).size(), kMaxErrorMessageBytes + 3);
  EXPECT_EQ(printable_text("abcdef", 4), "abcd...");
  EXPECT_EQ(printable_text("ab\xC3\xA9", 3), "ab...");            // never half of a character
  EXPECT_EQ(printable_text(std::string("ab\0", 3), 4), "ab...");  // never half of an escape
}

TEST(ErrorTest, MessagesAreOneReadableLine) {
  const InvalidArgument e(std::string("tiles[1][2] = '\0' (expected a character)", 40));
  EXPECT_STREQ(e.what(), "tiles[1][2] = '\\x00' (expected a character)");
  const InvalidArgument field(FieldProblem{"--from", "3\n4", "X,Y"});
  EXPECT_STREQ(field.what(), "--from = 3\\n4 (expected X,Y)");
  EXPECT_EQ(field.problems()[0].value, "3\n4");  // the data keeps the bytes
}

}  // namespace
}  // namespace catacomb
