// The tests' child-process runner (tests/support/test_support.hpp): the CLI's tests, the Tiled
// round trip and the shared-benchmark checks all run programs through it, some from several
// threads at once.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "support/test_support.hpp"

namespace catacomb {
namespace {

TEST(RunProgramTest, FindsAProgramOnPathAndItsEnvironmentOverridesThisProcesssOwn) {
  // HOME is set in this process (ctest and a login shell both have it): the given value must
  // replace it, not follow it (printenv lists every entry of a name; getenv would read the first).
  ASSERT_NE(std::getenv("HOME"), nullptr);
  const test::CliResult r = test::run_program("printenv", {"HOME", "CATACOMB_RUN_PROGRAM_TEST"},
                                              {"HOME=/nowhere/home", "CATACOMB_RUN_PROGRAM_TEST=given"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "/nowhere/home\ngiven\n");
}

TEST(RunProgramTest, CapturesBothStreamsAndTheExitCodeWithStdinClosed) {
  const test::CliResult r = test::run_program("sh", {"-c", "printf out; printf err >&2; cat; exit 7"});
  EXPECT_EQ(r.code, 7);
  EXPECT_EQ(r.out, "out");  // cat read /dev/null: nothing
  EXPECT_EQ(r.err, "err");
}

TEST(RunProgramTest, AMissingProgramExits127) {
  EXPECT_EQ(test::run_program("catacomb-no-such-program", {}).code, 127);
  EXPECT_EQ(test::run_program("/nonexistent/catacomb", {}).code, 127);
}

// Children started from several threads at once each hold their own three streams and none of
// another run's files (the runner's descriptors are close-on-exec), and every run's output is
// its own.
TEST(RunProgramTest, ChildrenStartedFromSeveralThreadsKeepToTheirOwnFiles) {
  constexpr int kThreads = 3, kRuns = 20;
  std::vector<std::vector<std::string>> problems(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([t, &problems] {
      for (int k = 0; k < kRuns; ++k) {
        const std::string tag = std::to_string(t) + "-" + std::to_string(k);
        // Prints the tag, then what each of the shell's open descriptors names that is a test's
        // temporary file.
        const test::CliResult r = test::run_program(
            "sh", {"-c", "printf '%s\\n' \"$0\"; readlink /proc/$$/fd/* | grep catacomb-test- | sort -u", tag});
        const std::string want_first = tag + "\n";
        if (r.code != 0 || r.out.compare(0, want_first.size(), want_first) != 0) {
          problems[static_cast<size_t>(t)].push_back(tag + ": exit " + std::to_string(r.code) + ", out " + r.out);
          continue;
        }
        // Its own stdout and stderr (one directory), nothing else.
        const std::string files = r.out.substr(want_first.size());
        size_t lines = 0, dirs = 0;
        std::string dir;
        for (size_t at = 0; at < files.size();) {
          const size_t end = files.find('\n', at);
          const std::string line = files.substr(at, end - at);
          const std::string parent = line.substr(0, line.rfind('/'));
          if (parent != dir) ++dirs;
          dir = parent;
          ++lines;
          at = end == std::string::npos ? files.size() : end + 1;
        }
        if (lines != 2 || dirs != 1) problems[static_cast<size_t>(t)].push_back(tag + " holds:\n" + files);
      }
    });
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t)
    for (const std::string& p : problems[static_cast<size_t>(t)]) ADD_FAILURE() << p;
}

}  // namespace
}  // namespace catacomb
