#include <catacomb/core/grid.hpp>

#include <gtest/gtest.h>

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
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "point = 5,1 (expected inside the 4x3 grid)");
  }
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
