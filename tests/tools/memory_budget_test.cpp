// --max-memory checked from a map's header, before its tiles are decoded (#37): a 1.5 MB Tiled
// map that declares 16384x16384 and inflates to 1 GiB of tile ids is refused with its exit code
// and message, and a smaller one of the same kind validates. Run as real processes. Their time
// and peak memory are measured by hand (/usr/bin/time -v, docs/performance.md), not here: a
// child's ru_maxrss on Linux starts from the RSS of the test process it was forked from (kept
// across exec), so it measures the test runner as much as the child.
#include <gtest/gtest.h>

#include <string>

#include <catacomb/core/atomic_file.hpp>
#include "support/layer_encoding.hpp"
#include "support/test_support.hpp"

namespace catacomb {
namespace {

TEST(MemoryBudgetTest, ATiledBombIsRefusedFromItsHeaderBeforeItsLayerIsInflated) {
  test::TempDir dir;
  const std::string bomb = test::floor_bomb_tmx(16384);
  EXPECT_LT(bomb.size(), 2u << 20);  // 1 GiB of tile ids in under 2 MB
  write_file_atomic(dir.file("bomb.tmx"), bomb);
  const test::CliResult r = test::run_exe({"validate", dir.file("bomb.tmx"), "--max-memory", "1000"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err,
            "catacomb validate: error: --max-memory = 1000 MiB (expected at least 8192 MiB: validate needs about 32 "
            "bytes per cell x 268435456 cells; ask for a smaller map or raise --max-memory)\n");
  // path refuses it the same way.
  const test::CliResult p = test::run_exe(
      {"path", dir.file("bomb.tmx"), "--from", "1,1", "--to", "5,5", "--max-memory", "1000"});
  EXPECT_EQ(p.code, 2) << p.err;
  EXPECT_NE(p.err.find("--max-memory = 1000 MiB (expected at least 12288 MiB: path needs about 48 bytes per cell"),
            std::string::npos)
      << p.err;
}

TEST(MemoryBudgetTest, ASmallerTiledBombWithinTheBudgetValidates) {
  // The same kind of file at 1024x1024 (4 MiB of tile ids from a few kB): decoded straight to
  // one byte per cell, it validates.
  test::TempDir dir;
  write_file_atomic(dir.file("bomb.tmx"), test::floor_bomb_tmx(1024));
  const test::CliResult r = test::run_exe({"validate", dir.file("bomb.tmx"), "--max-memory", "1000"});
  EXPECT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("exit at 1022,1022"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace catacomb
