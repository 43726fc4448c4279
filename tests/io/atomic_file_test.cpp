#include <catacomb/io/atomic_file.hpp>

#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

TEST(AtomicFileTest, WritesAndReplacesLeavingNoTemporaryFiles) {
  test::TempDir dir;
  write_file_atomic(dir.file("a.txt"), "one");
  write_file_atomic(dir.file("a.txt"), "two");
  EXPECT_EQ(read_file(dir.file("a.txt")), "two");
  EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"a.txt"}));
}

TEST(AtomicFileTest, FailureLeavesTheOldFileIntact) {
  test::TempDir dir;
  write_file_atomic(dir.file("a.txt"), "keep");
  EXPECT_THROW(write_file_atomic(dir.file("missing/a.txt"), "x"), IoError);
  EXPECT_EQ(read_file(dir.file("a.txt")), "keep");
}

TEST(AtomicFileTest, BatchWritesNothingUntilCommitAndCleansUp) {
  test::TempDir dir;
  {
    OutputBatch b;
    b.stage(dir.file("x"), "1");
    b.stage(dir.file("y"), "2");
    EXPECT_FALSE(test::file_exists(dir.file("x")));
  }  // not committed: temporaries removed
  EXPECT_TRUE(test::list_dir(dir.path()).empty());
  OutputBatch b;
  b.stage(dir.file("x"), "1");
  b.stage(dir.file("y"), "2");
  b.commit();
  EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"x", "y"}));
}

TEST(AtomicFileTest, CheckWritablePathNamesTheFlag) {
  test::TempDir dir;
  EXPECT_NO_THROW(check_writable_path("--png", dir.file("ok.png")));
  try {
    check_writable_path("--png", "/nonexistent-dir/x.png");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "--png = /nonexistent-dir/x.png (expected a file path in an existing, writable directory; "
              "directory '/nonexistent-dir' does not exist)");
  }
  EXPECT_THROW(check_writable_path("--png", dir.path()), InvalidArgument);
}

TEST(AtomicFileTest, ReadingAMissingFileNamesIt) {
  try {
    read_file("/nonexistent-dir/map.txt");
    FAIL();
  } catch (const IoError& e) {
    EXPECT_EQ(e.path(), "/nonexistent-dir/map.txt");
    EXPECT_NE(std::string(e.what()).find("cannot read '/nonexistent-dir/map.txt'"), std::string::npos);
  }
}

}  // namespace
}  // namespace catacomb
