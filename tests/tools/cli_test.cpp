#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>
#include <catacomb/pipeline/generate.hpp>
#include "support/test_support.hpp"
#include "tools/cli.hpp"

namespace catacomb {
namespace {

using cli::cli_message;
using cli::flag_for_field;

TEST(CliTest, ConfigFieldsBecomeFlags) {
  EXPECT_EQ(flag_for_field("room_count"), "--room-count");
  EXPECT_EQ(flag_for_field("fill"), "--fill");
  EXPECT_EQ(flag_for_field("dig_reuse"), "--dig-reuse");
}

TEST(CliTest, ALibraryFieldWhoseFlagHasAnotherNameIsMappedToThatFlag) {
  EXPECT_EQ(flag_for_field("heuristic_scale"), "--weight");
  auto r = test::run_cli({"path", "x.json", "--from", "1,1", "--to", "2,2", "--weight", "2e6"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--weight = 2e+06 (expected 0 to 1e6)"), std::string::npos) << r.err;
}

TEST(CliTest, OtherFieldsKeepTheirName) {
  EXPECT_EQ(flag_for_field("--scale"), "--scale");
  EXPECT_EQ(flag_for_field("image size"), "image size");
  EXPECT_EQ(flag_for_field("sources[2]"), "sources[2]");
  EXPECT_EQ(flag_for_field("cost at (1,2)"), "cost at (1,2)");
  EXPECT_EQ(flag_for_field(""), "");
}

TEST(CliTest, MessageMapsEveryProblemFromItsData) {
  // The value and the expectation are never rewritten, even when they look like a field.
  const InvalidArgument e(std::vector<FieldProblem>{{"room_count", "1", "2 to 100000"},
                                                    {"open_passes", "7", "0 to passes = 5"},
                                                    {"image size", "0x0", "1 to 16384; x = y"}});
  EXPECT_EQ(std::string(e.what()),
            "room_count = 1 (expected 2 to 100000); open_passes = 7 (expected 0 to passes = 5); "
            "image size = 0x0 (expected 1 to 16384; x = y)");
  EXPECT_EQ(cli_message(e),
            "--room-count = 1 (expected 2 to 100000); --open-passes = 7 (expected 0 to passes = 5); "
            "image size = 0x0 (expected 1 to 16384; x = y)");
}

TEST(CliTest, PlainMessagesAreKept) {
  // A message that is not about a field is printed as it is, even when it reads like one.
  const InvalidArgument e("fill = 3 (expected something)");
  EXPECT_TRUE(e.problems().empty());
  EXPECT_EQ(cli_message(e), "fill = 3 (expected something)");
}

TEST(CliTest, LibraryConfigErrorsNameTheFlags) {
  GenerateConfig c;
  c.rooms.room_count = 1;
  c.decor.min_blob = 0;
  try {
    c.check();
    FAIL() << "no exception";
  } catch (const InvalidArgument& e) {
    ASSERT_EQ(e.problems().size(), 2u);
    EXPECT_EQ(e.problems()[0], (FieldProblem{"room_count", "1", "2 to 100000"}));
    EXPECT_EQ(cli_message(e), "--room-count = 1 (expected 2 to 100000); --min-blob = 0 (expected 1 to 100000)");
  }
  auto r = test::run_cli({"generate", "--room-count", "1", "--min-blob", "0"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "catacomb generate: error: --room-count = 1 (expected 2 to 100000); --min-blob = 0 (expected 1 to "
            "100000)\n");
}

TEST(CliTest, RoomCountBeyondWhatTheMapTakesIsRefusedWithTheLimit) {
  auto r = test::run_cli({"generate", "--room-count", "10000"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "catacomb generate: error: --room-count = 10000 (expected 2 to 587 for the 80x50 map at 300 "
            "iterations: more rooms pile up in the middle of the map and their layout would not finish in "
            "seconds)\n");
}

}  // namespace
}  // namespace catacomb
