#include <catacomb/core/grid.hpp>

#include "shared/core/large_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace catacomb {
namespace {

TEST(GridTest, StoresCellsRowMajorWithXAsColumn) {
  Grid<int> g(3, 2, 0);
  g(2, 1) = 7;
  EXPECT_EQ(g.cells()[1 * 3 + 2], 7);
  EXPECT_EQ(g.index(Point{2, 1}), 5u);
  EXPECT_EQ(g.point(5), (Point{2, 1}));
  EXPECT_EQ(g.width(), 3);
  EXPECT_EQ(g.height(), 2);
  EXPECT_EQ(g.size(), 6u);
}

TEST(GridTest, InBoundsChecksBothAxes) {
  Grid<int> g(4, 3);
  EXPECT_TRUE(g.in_bounds(0, 0));
  EXPECT_TRUE(g.in_bounds(3, 2));
  EXPECT_FALSE(g.in_bounds(4, 0));
  EXPECT_FALSE(g.in_bounds(0, 3));
  EXPECT_FALSE(g.in_bounds(-1, 0));
  EXPECT_FALSE(g.in_bounds(0, -1));
}

TEST(GridTest, CheckedAccessNamesThePointAndTheShape) {
  Grid<int> g(4, 3);
  try {
    g.at(Point{5, 1});
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) { EXPECT_STREQ(e.what(), "point = 5,1 (expected inside the 4x3 grid)"); }
}

TEST(GridTest, RejectsNonPositiveAndHugeSizesWithoutAllocating) {
  EXPECT_THROW(Grid<int>(0, 5), InvalidArgument);
  EXPECT_THROW(Grid<int>(5, -1), InvalidArgument);
  EXPECT_THROW(Grid<int>(kMaxSide + 1, 1), InvalidArgument);
  try {
    Grid<uint8_t>(100000, 100000);
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "grid width = 100000 (expected 1 to 16384); grid height = 100000 (expected 1 to 16384)");
  }
}

TEST(GridTest, IsAComparableCopyableValue) {
  Grid<int> a(2, 2, 1);
  Grid<int> b = a;
  EXPECT_EQ(a, b);
  b(1, 1) = 2;
  EXPECT_NE(a, b);
  EXPECT_EQ(a(1, 1), 1);
}

#if defined(__linux__)
// Kilobytes of huge pages (AnonHugePages in /proc/self/smaps) in the mapping that holds `p`, or
// -1 when smaps cannot be read.
long huge_kb_at(const void* p) {
  std::ifstream smaps("/proc/self/smaps");
  if (!smaps) return -1;
  const auto at = reinterpret_cast<uintptr_t>(p);
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    uintptr_t lo = 0, hi = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> lo >> dash >> hi && dash == '-') {
      inside = lo <= at && at < hi;
    } else if (inside && line.rfind("AnonHugePages:", 0) == 0) {
      return std::stol(line.substr(14));
    }
  }
  return -1;
}

TEST(GridTest, ALargeGridAsksForHugePages) {
  // The control: memory advised before it is written, as large_grid does. Where even that gets
  // no huge page (huge pages switched off, qemu-user, none free), there is nothing to test.
  constexpr size_t kBytes = size_t{8} << 20;
  void* raw = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(raw, MAP_FAILED);
  detail::advise_large_pages(raw, kBytes);
  for (size_t i = 0; i < kBytes; i += 4096) static_cast<volatile char*>(raw)[i] = 1;
  const long control = huge_kb_at(static_cast<char*>(raw) + kBytes / 2);
  munmap(raw, kBytes);
  if (control <= 0) GTEST_SKIP() << "this system gives no huge pages to advised memory";

  // 32 MiB of doubles: whole 2 MiB blocks inside it come on huge pages, and the cells are the fill.
  const Grid<double> g = detail::large_grid(2048, 2048, 0.5);
  EXPECT_GT(huge_kb_at(g.data() + g.size() / 2), 0);
  EXPECT_EQ(g, Grid<double>(2048, 2048, 0.5));
}
#endif

TEST(GridTest, AdvisingLessThanAHugePageOrUnalignedMemoryChangesNothing) {
  std::vector<int> v(1000, 7);
  detail::advise_large_pages(v.data(), v.size() * sizeof(int));
  detail::advise_large_pages(v.data() + 1, 3);
  detail::advise_large_pages(nullptr, 0);
  EXPECT_EQ(v, std::vector<int>(1000, 7));
  EXPECT_EQ(detail::large_grid(3, 2, 4), Grid<int>(3, 2, 4));
  EXPECT_THROW(detail::large_grid(0, 2, 4), InvalidArgument);
}

TEST(GridTest, TakesOverCellsOfItsShapeOnly) {
  std::vector<int> cells{1, 2, 3, 4, 5, 6};
  const int* storage = cells.data();
  const Grid<int> g(3, 2, std::move(cells));
  EXPECT_EQ(g.data(), storage);  // taken over, not copied
  EXPECT_EQ(g(2, 1), 6);
  EXPECT_EQ(g(0, 1), 4);
  try {
    Grid<int>(3, 2, std::vector<int>(5, 0));
    FAIL() << "5 cells for a 3x2 grid were taken";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("5 cells"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("6 for 3x2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Grid<int>(0, 2, std::vector<int>{}), InvalidArgument);
}

TEST(RectTest, ContainsItsCellsOnly) {
  Rect r{2, 3, 4, 2};
  EXPECT_TRUE(r.contains({2, 3}));
  EXPECT_TRUE(r.contains({5, 4}));
  EXPECT_FALSE(r.contains({6, 4}));
  EXPECT_FALSE(r.contains({5, 5}));
  EXPECT_EQ(r.area(), 8);
  EXPECT_EQ(r.center(), (Point{3, 3}));
}

TEST(PointTest, OrdersRowMajor) {
  EXPECT_LT((Point{5, 0}), (Point{0, 1}));
  EXPECT_LT((Point{0, 1}), (Point{1, 1}));
}

}  // namespace
}  // namespace catacomb
