#include <catacomb/core/atomic_file.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#if !defined(_WIN32)
#include <sys/stat.h>
#endif

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

#if !defined(_WIN32)
// A FIFO (as /dev/null or /dev/stdout would be) is written through and stays a FIFO: a rename
// over it would leave a regular file in its place (as root, `generate --json /dev/null` replaced
// the machine's /dev/null). Both ways of writing: one file, and a batch.
TEST(AtomicFileTest, ADeviceOrPipeIsWrittenThroughNotReplaced) {
  test::TempDir dir;
  const std::string fifo = dir.file("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (int batch = 0; batch < 2; ++batch) {
    std::string got;
    std::thread reader([&] {
      std::ifstream in(fifo, std::ios::binary);
      got.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    });
    const std::string text(100000, batch ? 'b' : 'a');  // more than a pipe holds at once
    if (batch) {
      OutputBatch out;
      out.stage(fifo, text);
      out.commit();
    } else {
      write_file_atomic(fifo, text);
    }
    struct stat st {};
    ASSERT_EQ(::stat(fifo.c_str(), &st), 0);
    if (!S_ISFIFO(st.st_mode)) {  // replaced: the reader waits on the old pipe for ever
      reader.detach();
      FAIL() << fifo << " is no longer a pipe";
    }
    reader.join();
    EXPECT_EQ(got, text);
    EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"pipe"}));  // no temporary left
  }
}
#endif

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

namespace catacomb {
namespace {

TEST(BoundedReadTest, ReadsAFileWithinItsLimits) {
  test::TempDir dir;
  test::write_text(dir.file("a.txt"), "abc\ndef\n");
  EXPECT_EQ(read_file(dir.file("a.txt"), ReadLimits{8, 3, "x"}), "abc\ndef\n");
}

TEST(BoundedReadTest, RefusesMoreBytesThanTheLimit) {
  test::TempDir dir;
  test::write_text(dir.file("a.txt"), std::string(200000, 'a'));
  try {
    read_file(dir.file("a.txt"), ReadLimits{199999, 0, "a small file"});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), dir.file("a.txt") + ": size = more than 199999 bytes (expected a small file)");
  }
  EXPECT_EQ(read_file(dir.file("a.txt"), ReadLimits{200000, 0, ""}).size(), 200000u);
}

TEST(BoundedReadTest, RefusesALongLineNamingIt) {
  test::TempDir dir;
  test::write_text(dir.file("a.txt"), "ab\nabcd\n");
  EXPECT_THROW(read_file(dir.file("a.txt"), ReadLimits{0, 3, ""}), InvalidArgument);
  try {
    read_file(dir.file("a.txt"), ReadLimits{0, 3, "rows of 3"});
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("line 2 length = more than 3 bytes (expected rows of 3)"), std::string::npos)
        << e.what();
  }
}

#if !defined(_WIN32)
TEST(BoundedReadTest, StopsReadingAnEndlessDevice) {
  EXPECT_THROW(read_file("/dev/zero", ReadLimits{1 << 20, 0, ""}), InvalidArgument);
  EXPECT_THROW(read_file("/dev/zero", ReadLimits{0, 100, ""}), InvalidArgument);
}
#endif

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

TEST(OutputBatchTest, AFailureMidCommitPutsBackTheFilesAlreadyRenamed) {
  test::TempDir dir;
  test::write_text(dir.file("a.txt"), "old a");
  std::filesystem::create_directory(dir.file("c.txt"));  // the third rename fails
  {
    OutputBatch batch;
    batch.stage(dir.file("a.txt"), "new a");
    batch.stage(dir.file("b.txt"), "new b");
    ASSERT_NO_THROW(batch.stage(dir.file("d.txt"), "new d"));
    // c.txt is a directory: staging beside it works, the rename over it fails.
    batch.stage(dir.file("c.txt"), "new c");
    EXPECT_THROW(batch.commit(), IoError);
  }
  EXPECT_EQ(test::slurp(dir.file("a.txt")), "old a");
  EXPECT_FALSE(test::file_exists(dir.file("b.txt")));
  EXPECT_FALSE(test::file_exists(dir.file("d.txt")));
  EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"a.txt", "c.txt"}));  // no temporaries
}

TEST(OutputBatchTest, ACommitLeavesNoOldVersionsBehind) {
  test::TempDir dir;
  test::write_text(dir.file("a.txt"), "old a");
  OutputBatch batch;
  batch.stage(dir.file("a.txt"), "new a");
  batch.stage(dir.file("b.txt"), "new b");
  batch.commit();
  EXPECT_EQ(test::slurp(dir.file("a.txt")), "new a");
  EXPECT_EQ(test::list_dir(dir.path()), (std::vector<std::string>{"a.txt", "b.txt"}));
}

}  // namespace
}  // namespace catacomb
