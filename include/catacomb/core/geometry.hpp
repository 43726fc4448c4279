#pragma once
/// Plain geometric values: a cell position and an axis-aligned rectangle of cells.
/// Coordinates: x = column, y = row, origin at the top-left cell (0, 0).
#include <catacomb/export.hpp>
#include <compare>
#include <cstdint>
#include <string>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// A cell position. [Units: cells]
struct Point {
  int x = 0;  ///< column
  int y = 0;  ///< row
  /// Equal when both coordinates are equal.
  friend constexpr bool operator==(Point, Point) = default;
  /// Row-major order (y, then x): the order in which cells are scanned everywhere in catacomb.
  friend constexpr auto operator<=>(Point a, Point b) {
    if (auto c = a.y <=> b.y; c != 0) return c;
    return a.x <=> b.x;
  }
};

/// "x,y", as the CLI reads and prints points.
inline std::string to_string(Point p) { return std::to_string(p.x) + "," + std::to_string(p.y); }

/// A rectangle of cells: columns [x, x + width), rows [y, y + height).
struct Rect {
  /// First column. [Units: cells]
  int x = 0;
  /// First row. [Units: cells]
  int y = 0;
  int width = 0;   ///< [Limit: >= 0] [Units: cells]
  int height = 0;  ///< [Limit: >= 0] [Units: cells]
  /// Equal when position and size are equal.
  friend constexpr bool operator==(const Rect&, const Rect&) = default;

  /// The first column, x.
  constexpr int left() const { return x; }
  /// The first row, y.
  constexpr int top() const { return y; }
  constexpr int right() const { return x + width; }    ///< one past the last column
  constexpr int bottom() const { return y + height; }  ///< one past the last row
  /// True when `p` lies inside the rectangle.
  constexpr bool contains(Point p) const { return p.x >= x && p.x < x + width && p.y >= y && p.y < y + height; }
  /// Number of cells, width * height (64-bit: no overflow).
  constexpr int64_t area() const { return int64_t{width} * height; }
  /// Cell nearest the middle (rounded towards the top-left).
  constexpr Point center() const { return {x + (width - 1) / 2, y + (height - 1) / 2}; }
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
