#pragma once
/// Grid<T>: a width x height array of cells in one row-major vector (index = y * width + x).
/// x = column, y = row, origin top-left. A plain value: copyable, comparable, no virtuals.
#include <catacomb/export.hpp>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/geometry.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Largest accepted side of any grid. [Units: cells] Larger requests are refused with
/// InvalidArgument before any allocation, instead of failing with an out-of-memory crash.
inline constexpr int kMaxSide = 16384;

/// A check of a map's size that a map reader calls as soon as it knows the width and height the
/// map declares (its header), before it decodes the tiles or allocates anything per cell; it
/// throws to refuse the map (the CLI's --max-memory budget does). Empty: no check.
using MapSizeCheck = std::function<void(int width, int height)>;

/// Throws InvalidArgument unless 1 <= width, height <= kMaxSide. `what` names the request
/// ("grid", "--width", ...) in the message.
inline void check_grid_size(int width, int height, const std::string& what = "grid") {
  std::vector<FieldProblem> problems;
  auto add = [&](const char* field, int v) {
    if (v < 1 || v > kMaxSide)
      problems.push_back({what + " " + field, std::to_string(v), "1 to " + std::to_string(kMaxSide)});
  };
  add("width", width);
  add("height", height);
  if (!problems.empty()) throw InvalidArgument(problems);
}

template <typename T>
/// A row-major grid of cells (index = y * width + x; x the column, y the row, origin top-left).
/// A plain value: copyable, comparable, no virtuals; at most kMaxSide cells per side.
class Grid {
 public:
  /// The cell type.
  using value_type = T;

  /// An empty 0 x 0 grid (the moved-from and default state).
  Grid() = default;
  /// A width x height grid filled with `fill`. Throws InvalidArgument for sides outside
  /// [1, kMaxSide].
  Grid(int width, int height, const T& fill = T{}) : width_(width), height_(height) {
    check_grid_size(width, height);
    cells_.assign(static_cast<size_t>(width) * static_cast<size_t>(height), fill);
  }

  /// A width x height grid holding `cells`, row-major, which it takes over (no copy). Throws
  /// InvalidArgument for sides outside [1, kMaxSide], or unless there are width * height cells.
  Grid(int width, int height, std::vector<T>&& cells) : width_(width), height_(height) {
    check_grid_size(width, height);
    const size_t n = static_cast<size_t>(width) * static_cast<size_t>(height);
    if (cells.size() != n)
      throw InvalidArgument(
          FieldProblem{"cells", std::to_string(cells.size()) + " cells",
                       std::to_string(n) + " for " + std::to_string(width) + "x" + std::to_string(height)});
    cells_ = std::move(cells);
  }

  /// Columns. [Units: cells]
  int width() const { return width_; }
  /// Rows. [Units: cells]
  int height() const { return height_; }
  /// Number of cells, width * height.
  size_t size() const { return cells_.size(); }
  /// True when `p` lies on the grid.
  bool in_bounds(Point p) const { return p.x >= 0 && p.y >= 0 && p.x < width_ && p.y < height_; }
  /// True when (x, y) lies on the grid.
  bool in_bounds(int x, int y) const { return in_bounds(Point{x, y}); }
  /// Row-major index of an in-bounds point.
  size_t index(Point p) const {
    assert(in_bounds(p));
    return static_cast<size_t>(p.y) * static_cast<size_t>(width_) + static_cast<size_t>(p.x);
  }
  /// The point at a row-major index.
  Point point(size_t i) const {
    return {static_cast<int>(i % static_cast<size_t>(width_)), static_cast<int>(i / static_cast<size_t>(width_))};
  }

  /// Unchecked access (asserts in debug builds).
  T& operator[](Point p) { return cells_[index(p)]; }
  /// Unchecked read access (asserts in debug builds).
  const T& operator[](Point p) const { return cells_[index(p)]; }
  /// Unchecked access to (x, y) (asserts in debug builds).
  T& operator()(int x, int y) { return (*this)[Point{x, y}]; }
  /// Unchecked read access to (x, y) (asserts in debug builds).
  const T& operator()(int x, int y) const { return (*this)[Point{x, y}]; }

  /// Checked access: throws InvalidArgument naming the point and the shape.
  T& at(Point p) {
    check(p);
    return cells_[index(p)];
  }
  /// Checked read access: throws InvalidArgument naming the point and the shape.
  const T& at(Point p) const {
    check(p);
    return cells_[index(p)];
  }

  /// Sets every cell to `v`.
  void fill(const T& v) { cells_.assign(cells_.size(), v); }

  /// The cells in row-major order.
  std::vector<T>& cells() { return cells_; }
  /// The cells in row-major order, read-only.
  const std::vector<T>& cells() const { return cells_; }
  /// Pointer to the first cell (row-major).
  T* data() { return cells_.data(); }
  /// Pointer to the first cell (row-major), read-only.
  const T* data() const { return cells_.data(); }
  /// Pointer to the first cell of row y.
  T* row(int y) { return cells_.data() + static_cast<size_t>(y) * static_cast<size_t>(width_); }
  /// Pointer to the first cell of row y, read-only.
  const T* row(int y) const { return cells_.data() + static_cast<size_t>(y) * static_cast<size_t>(width_); }

  /// Equal when the shapes and every cell are equal.
  friend bool operator==(const Grid&, const Grid&) = default;

 private:
  void check(Point p) const {
    if (!in_bounds(p))
      throw InvalidArgument(FieldProblem{
          "point", to_string(p), "inside the " + std::to_string(width_) + "x" + std::to_string(height_) + " grid"});
  }

  int width_ = 0;
  int height_ = 0;
  std::vector<T> cells_;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
