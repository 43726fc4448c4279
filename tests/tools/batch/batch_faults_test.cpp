// A batch under faults (issue #15: D5, D6, D7, D9), run as real processes: a later seed's path
// in the way, a second batch into the same folder, Ctrl-C, kill -9 and --resume.
#include <gtest/gtest.h>

#if !defined(_WIN32)
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "support/test_support.hpp"
#include "tools/batch/batch_guard.hpp"

namespace catacomb {
namespace {

#if !defined(_WIN32)

namespace fs = std::filesystem;

// Small caves: a few hundred maps a second, so a batch of 300 runs for one or two seconds.
std::vector<std::string> batch_args(const std::string& dir, const std::string& seeds = "1..300") {
  return {"batch",       "--seeds", seeds,     "--threads", "2",        "--out", dir,
          "--generator", "caves",   "--width", "32",        "--height", "24"};
}

// Starts the executable with stdout and stderr in files; returns its pid.
pid_t spawn(const std::vector<std::string>& args, const std::string& out, const std::string& err) {
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    std::vector<std::string> copy = args;
    std::string exe = CATACOMB_EXE;
    std::vector<char*> argv{exe.data()};
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (!std::freopen("/dev/null", "r", stdin) || !std::freopen(out.c_str(), "w", stdout) ||
        !std::freopen(err.c_str(), "w", stderr))
      ::_exit(127);
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

// Waits until `dir` holds at least `n` seed JSON files (at most 20 s).
void wait_for_seeds(const std::string& dir, size_t n) {
  for (int i = 0; i < 2000; ++i) {
    size_t count = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (std::regex_match(e.path().filename().string(), std::regex(R"(seed-\d+\.json)"))) ++count;
    if (count >= n) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  FAIL() << "the batch wrote fewer than " << n << " seeds in 20 s";
}

int wait_exit(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// A summary file without the columns and keys that hold timings (generate_ms, elapsed_s,
// maps_per_s), which differ between any two runs.
std::string without_timings(const std::string& text, bool locks = false) {
  std::string s = std::regex_replace(
      text, std::regex(R"re("(generate_ms|elapsed_s|maps_per_s)": ?(\{[^}]*\}|[0-9.e+-]+|null))re"), "");
  // CSV: the generate_ms column is the 12th (the 20th with the lock and progression columns).
  s = std::regex_replace(
      s, std::regex(locks ? R"(^((?:[^,\n]*,){19})[^,\n]*)" : R"(^((?:[^,\n]*,){11})[^,\n]*)", std::regex::multiline),
      "$1");
  // The review page: the time of each card.
  s = std::regex_replace(s, std::regex(R"re( data-generate-ms="[^"]*"|<dt>time</dt><dd>[^<]*</dd>)re"), "");
  return s;
}

// Every file of `a` is in `b` with the same bytes (summaries without their timings), and no other.
void expect_same_files(const std::string& a, const std::string& b) {
  ASSERT_EQ(test::list_dir(a), test::list_dir(b));
  const bool locks = test::slurp(a + "/summary.csv").find(",critical_path_length,") != std::string::npos;
  for (const std::string& name : test::list_dir(a)) {
    const bool summary = name.starts_with("summary.") || name == "seeds.jsonl" || name == "index.html";
    const std::string x = test::slurp(a + "/" + name), y = test::slurp(b + "/" + name);
    if (summary) EXPECT_EQ(without_timings(x, locks), without_timings(y, locks)) << name;
    else EXPECT_TRUE(x == y) << name << " differs";
  }
}

bool has_temporaries(const std::string& dir) {
  for (const std::string& name : test::list_dir(dir))
    if (name.find(".tmp-") != std::string::npos) return true;
  return false;
}

TEST(BatchFaultsTest, ALaterSeedsPathInTheWayIsRefusedBeforeAnyFileIsWritten) {  // D5
  test::TempDir dir;
  fs::create_directories(dir.file("out/seed-2.json"));
  const test::CliResult r = test::run_exe({"batch", "--seeds", "1..3", "--out", dir.file("out")});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("seed-2.json (seed 2) is not a regular file"), std::string::npos) << r.err;
  EXPECT_EQ(test::list_dir(dir.file("out")), std::vector<std::string>{"seed-2.json"});
}

TEST(BatchFaultsTest, ASecondBatchIntoTheSameFolderIsRefusedNamingTheHolder) {  // D6
  test::TempDir dir;
  fs::create_directories(dir.file("out"));
  test::write_text(dir.file("out/.catacomb-batch.lock"), std::to_string(::getpid()) + "\n");  // alive: this test
  const test::CliResult r = test::run_exe({"batch", "--seeds", "1..3", "--out", dir.file("out")});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("process " + std::to_string(::getpid()) + " holds"), std::string::npos) << r.err;
  EXPECT_EQ(test::list_dir(dir.file("out")), std::vector<std::string>{".catacomb-batch.lock"});
}

TEST(BatchFaultsTest, TwoBatchesAtOnceNeverBothWrite) {  // D6, as it happens
  test::TempDir dir;
  const pid_t first = spawn(batch_args(dir.file("out")), dir.file("out1"), dir.file("err1"));
  wait_for_seeds(dir.file("out"), 2);
  const test::CliResult second = test::run_exe(batch_args(dir.file("out"), "1..5"));
  EXPECT_EQ(second.code, 2) << second.err;
  EXPECT_NE(second.err.find("process " + std::to_string(first) + " holds"), std::string::npos) << second.err;
  EXPECT_EQ(wait_exit(first), 0) << test::slurp(dir.file("err1"));
  EXPECT_FALSE(test::file_exists(dir.file("out/.catacomb-batch.lock")));
}

TEST(BatchFaultsTest, AStaleLockAndTemporariesOfAKilledRunAreCleanedUp) {  // D6, D9
  test::TempDir dir;
  fs::create_directories(dir.file("out"));
  const pid_t gone = ::fork();
  if (gone == 0) ::_exit(0);
  wait_exit(gone);
  test::write_text(dir.file("out/.catacomb-batch.lock"), std::to_string(gone) + "\n");
  test::write_text(dir.file("out/seed-2.png.tmp-a1b2c3"), "partial");
  test::write_text(dir.file("out/summary.csv.tmp-XYZ789"), "partial");
  test::write_text(dir.file("out/notes.txt.tmp-a1b2c3"), "not ours");
  const test::CliResult r = test::run_exe({"batch", "--seeds", "1..2", "--out", dir.file("out")});
  EXPECT_EQ(r.code, 0) << r.err;
  const auto files = test::list_dir(dir.file("out"));
  EXPECT_EQ(std::count(files.begin(), files.end(), "notes.txt.tmp-a1b2c3"), 1);
  EXPECT_EQ(std::count_if(files.begin(), files.end(),
                          [](const std::string& f) { return f.find(".tmp-") != std::string::npos; }),
            1);
  EXPECT_EQ(std::count(files.begin(), files.end(), ".catacomb-batch.lock"), 0);
}

TEST(BatchFaultsTest, CtrlCWritesTheSummaryOfTheFinishedSeedsAndExits130) {  // D7
  test::TempDir dir;
  const pid_t pid = spawn(batch_args(dir.file("out")), dir.file("stdout"), dir.file("stderr"));
  wait_for_seeds(dir.file("out"), 5);
  ::kill(pid, SIGINT);
  EXPECT_EQ(wait_exit(pid), 130);
  const std::string err = test::slurp(dir.file("stderr"));
  EXPECT_TRUE(std::regex_search(err, std::regex(R"(^catacomb batch: interrupted: \d+ of 300 seeds finished)"))) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_FALSE(has_temporaries(dir.file("out")));
  // The summary has a row for each seed whose files were written, and only those.
  size_t seeds = 0;
  for (const std::string& name : test::list_dir(dir.file("out")))
    seeds += name.ends_with(".json") && name.starts_with("seed-");
  const std::string csv = test::slurp(dir.file("out/summary.csv"));
  EXPECT_EQ(static_cast<size_t>(std::count(csv.begin(), csv.end(), '\n')), seeds + 1);  // and the header
  EXPECT_LT(seeds, 300u);
  EXPECT_FALSE(test::file_exists(dir.file("out/.catacomb-batch.lock")));
}

TEST(BatchFaultsTest, AKilledBatchResumedEndsWithTheFilesOfAnUninterruptedOne) {  // D9
  test::TempDir dir;
  ASSERT_EQ(test::run_exe(batch_args(dir.file("whole"))).code, 0);
  const pid_t pid = spawn(batch_args(dir.file("out")), dir.file("stdout"), dir.file("stderr"));
  wait_for_seeds(dir.file("out"), 20);
  ::kill(pid, SIGKILL);
  EXPECT_EQ(wait_exit(pid), 128 + SIGKILL);
  std::vector<std::string> resume = batch_args(dir.file("out"));
  resume.push_back("--resume");
  const test::CliResult r = test::run_exe(resume);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_same_files(dir.file("whole"), dir.file("out"));
}

TEST(BatchFaultsTest, AnInterruptedBatchWithLocksResumedKeepsItsDesignColumns) {
  // The rows of a resumed batch come from its journal: the lock columns (critical path, keys,
  // backtracking) and the values in full must survive it, and a torn last line (a kill
  // mid-write) must not swallow the first row the resumed run appends.
  test::TempDir dir;
  auto args = [&](const std::string& out) {
    return std::vector<std::string>{"batch",   "--seeds", "1..120",   "--threads", "2",       "--out", dir.file(out),
                                    "--width", "40",      "--height", "30",        "--locks", "2",     "--html"};
  };
  ASSERT_EQ(test::run_exe(args("whole")).code, 0);
  const pid_t pid = spawn(args("out"), dir.file("stdout"), dir.file("stderr"));
  wait_for_seeds(dir.file("out"), 10);
  ::kill(pid, SIGINT);
  ASSERT_EQ(wait_exit(pid), 130) << test::slurp(dir.file("stderr"));
  {
    std::FILE* f = std::fopen(dir.file("out/.catacomb-batch.journal").c_str(), "ab");
    ASSERT_NE(f, nullptr);
    std::fputs("{\"seed\":119,\"valid\":tr", f);
    std::fclose(f);
  }
  std::vector<std::string> resume = args("out");
  resume.push_back("--resume");
  const test::CliResult r = test::run_exe(resume);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_same_files(dir.file("whole"), dir.file("out"));
}

TEST(BatchFaultsTest, AReviewPageOfTooManySeedsIsRefusedBeforeAnyWork) {
  test::TempDir dir;
  const test::CliResult r = test::run_exe({"batch", "--seeds", "1..20001", "--out", dir.file("out"), "--html"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("--html = 20001 seeds (expected at most 20000 seeds in one run for the review page"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(test::file_exists(dir.file("out")));
}

TEST(BatchFaultsTest, ResumeRefusesTheJournalOfAnotherBatch) {
  test::TempDir dir;
  fs::create_directories(dir.file("out"));
  test::write_text(dir.file("out/.catacomb-batch.journal"), "{\"catacomb_batch_journal\":1,\"range\":\"7..9\"}\n");
  std::vector<std::string> args = batch_args(dir.file("out"), "1..3");
  args.push_back("--resume");
  const test::CliResult r = test::run_exe(args);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("--resume = "), std::string::npos) << r.err;
}

TEST(BatchFaultsTest, TemporaryNamesAreRecognisedOnlyForCatacombsOwnFiles) {
  EXPECT_TRUE(cli::is_batch_temporary("seed-12.png.tmp-a1B2c3"));
  EXPECT_TRUE(cli::is_batch_temporary("seed-12-tileset.png.tmp-a1B2c3"));
  EXPECT_TRUE(cli::is_batch_temporary("contact-sheet-3.png.tmp-zzzzzz"));
  EXPECT_TRUE(cli::is_batch_temporary(".catacomb-batch.lock.tmp-000001"));
  EXPECT_FALSE(cli::is_batch_temporary("seed-12.png"));
  EXPECT_FALSE(cli::is_batch_temporary("seed-12.png.tmp-a1b2c"));
  EXPECT_FALSE(cli::is_batch_temporary("notes.txt.tmp-a1b2c3"));
  EXPECT_FALSE(cli::is_batch_temporary("seed-x.png.tmp-a1b2c3"));
}

#endif

}  // namespace
}  // namespace catacomb
