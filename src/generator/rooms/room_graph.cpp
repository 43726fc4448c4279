// The room graph: the Gabriel graph of the room centres (an edge a-b when no other centre lies
// strictly inside the circle on a-b as diameter), over every pair or only each point's nearest
// `neighbours` (found with a bucket grid: about O(n * neighbours^2)); then a minimum spanning
// tree (Kruskal, ties by index) over those edges, components the candidates left apart joined
// by their shortest pair, and a shuffled share of the rest kept as loops. Integer distances
// throughout, so deterministic.
#include <catacomb/generator/room_graph.hpp>

#include <algorithm>
#include <cmath>
#include <utility>
#include <numeric>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"

namespace catacomb {
namespace {

int64_t dist2(Point a, Point b) {
  const int64_t dx = a.x - b.x, dy = a.y - b.y;
  return dx * dx + dy * dy;
}

int find_root(std::vector<int>& parent, int x) {
  while (parent[static_cast<size_t>(x)] != x) {
    parent[static_cast<size_t>(x)] = parent[static_cast<size_t>(parent[static_cast<size_t>(x)])];
    x = parent[static_cast<size_t>(x)];
  }
  return x;
}

}  // namespace

namespace {

// Points bucketed on a square grid, for neighbour and box queries.
class Buckets {
 public:
  explicit Buckets(const std::vector<Point>& pts) {
    int minx = pts[0].x, miny = pts[0].y, maxx = minx, maxy = miny;
    for (const Point& p : pts) {
      minx = std::min(minx, p.x);
      miny = std::min(miny, p.y);
      maxx = std::max(maxx, p.x);
      maxy = std::max(maxy, p.y);
    }
    ox_ = minx;
    oy_ = miny;
    const double area = static_cast<double>(maxx - minx + 1) * static_cast<double>(maxy - miny + 1);
    size_ = std::max(1, static_cast<int>(std::sqrt(area / static_cast<double>(pts.size())) * 2));
    nx_ = (maxx - minx) / size_ + 1;
    ny_ = (maxy - miny) / size_ + 1;
    cells_.assign(static_cast<size_t>(nx_) * static_cast<size_t>(ny_), {});
    for (size_t i = 0; i < pts.size(); ++i) cells_[cell_of(pts[i])].push_back(static_cast<int>(i));
  }
  // Calls f(index) for every point in the box [x0, x1] x [y0, y1], in bucket order.
  template <typename F>
  void in_box(int64_t x0, int64_t y0, int64_t x1, int64_t y1, F&& f) const {
    const int bx0 = clampx(x0), bx1 = clampx(x1), by0 = clampy(y0), by1 = clampy(y1);
    for (int by = by0; by <= by1; ++by)
      for (int bx = bx0; bx <= bx1; ++bx)
        for (int i : cells_[static_cast<size_t>(by) * static_cast<size_t>(nx_) + static_cast<size_t>(bx)]) f(i);
  }
  int size() const { return size_; }

 private:
  size_t cell_of(Point p) const {
    return static_cast<size_t>((p.y - oy_) / size_) * static_cast<size_t>(nx_) +
           static_cast<size_t>((p.x - ox_) / size_);
  }
  int clampx(int64_t x) const {
    return static_cast<int>(std::clamp<int64_t>((x - ox_) / size_ - (x < ox_ ? 1 : 0), 0, nx_ - 1));
  }
  int clampy(int64_t y) const {
    return static_cast<int>(std::clamp<int64_t>((y - oy_) / size_ - (y < oy_ ? 1 : 0), 0, ny_ - 1));
  }

  int ox_ = 0, oy_ = 0, size_ = 1, nx_ = 1, ny_ = 1;
  std::vector<std::vector<int>> cells_;
};

}  // namespace

std::vector<RoomEdge> gabriel_edges(const std::vector<Point>& pts, int neighbours) {
  std::vector<RoomEdge> edges;
  const int n = static_cast<int>(pts.size());
  if (n < 2) return edges;
  const Buckets buckets(pts);
  // A point strictly inside the circle lies inside the square around its centre with half-side
  // r >= radius; the bucket query looks there only.
  auto empty_circle = [&](int i, int j) {
    const Point a = pts[static_cast<size_t>(i)], b = pts[static_cast<size_t>(j)];
    const int64_t cx2 = int64_t{a.x} + b.x, cy2 = int64_t{a.y} + b.y;  // twice the centre
    const int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(dist2(a, b)))) / 2 + 2;
    bool empty = true;
    buckets.in_box(cx2 / 2 - r, cy2 / 2 - r, cx2 / 2 + r, cy2 / 2 + r, [&](int k) {
      if (!empty || k == i || k == j) return;
      const Point c = pts[static_cast<size_t>(k)];
      const int64_t dot = int64_t{a.x - c.x} * (b.x - c.x) + int64_t{a.y - c.y} * (b.y - c.y);
      if (dot < 0) empty = false;
    });
    return empty;
  };
  std::vector<std::pair<int, int>> pairs;
  if (neighbours <= 0 || n <= neighbours + 1) {
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) pairs.push_back({i, j});
  } else {
    // The `neighbours` nearest of each point: grow a square window until it holds enough
    // points and its half-side exceeds the farthest kept distance. It starts at 1.5 bucket sides
    // (3 x the mean spacing of the points): the 12th nearest of evenly spread points lies about
    // 2 spacings away, so a window of one bucket side was doubled for most points.
    std::vector<std::pair<int64_t, int>> near;  // (squared distance, point), kept across points
    for (int i = 0; i < n; ++i) {
      const Point a = pts[static_cast<size_t>(i)];
      for (int64_t half = buckets.size() * 3 / 2;; half *= 2) {
        near.clear();
        buckets.in_box(a.x - half, a.y - half, a.x + half, a.y + half, [&](int k) {
          if (k != i) near.push_back({dist2(a, pts[static_cast<size_t>(k)]), k});
        });
        if (static_cast<int>(near.size()) >= neighbours) {
          std::partial_sort(near.begin(), near.begin() + neighbours, near.end());
          if (near[static_cast<size_t>(neighbours - 1)].first <= half * half) break;
        }
        if (static_cast<int>(near.size()) == n - 1) {
          std::sort(near.begin(), near.end());
          break;
        }
      }
      // A point strictly inside the circle on a-b is nearer to a than b is (the angle at it is
      // obtuse), so it is one of the neighbours before b: the Gabriel test looks at those only.
      const size_t keep = std::min(near.size(), static_cast<size_t>(neighbours));
      for (size_t t = 0; t < keep; ++t) {
        const int j = near[t].second;
        const Point b = pts[static_cast<size_t>(j)];
        bool empty = true;
        for (size_t u = 0; u < t && empty; ++u) {
          const Point c = pts[static_cast<size_t>(near[u].second)];
          empty = int64_t{a.x - c.x} * (b.x - c.x) + int64_t{a.y - c.y} * (b.y - c.y) >= 0;
        }
        if (empty) pairs.push_back({std::min(i, j), std::max(i, j)});
      }
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    for (const auto& [i, j] : pairs) edges.push_back({i, j, false});
    return edges;
  }
  for (const auto& [i, j] : pairs)
    if (empty_circle(i, j)) edges.push_back({i, j, false});
  return edges;
}

std::vector<RoomEdge> connect_rooms(const std::vector<Point>& pts, double loop_fraction, Rng& rng) {
  if (!(loop_fraction >= 0 && loop_fraction <= 1))
    throw InvalidArgument(FieldProblem{"loop_fraction", format_number(loop_fraction), "0 to 1"});
  std::vector<RoomEdge> cand = gabriel_edges(pts);
  std::stable_sort(cand.begin(), cand.end(), [&](const RoomEdge& x, const RoomEdge& y) {
    const int64_t dx = dist2(pts[static_cast<size_t>(x.a)], pts[static_cast<size_t>(x.b)]);
    const int64_t dy = dist2(pts[static_cast<size_t>(y.a)], pts[static_cast<size_t>(y.b)]);
    if (dx != dy) return dx < dy;
    if (x.a != y.a) return x.a < y.a;
    return x.b < y.b;
  });
  std::vector<int> parent(pts.size());
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<RoomEdge> tree, rest;
  size_t components = pts.size();
  for (const RoomEdge& e : cand) {
    const int ra = find_root(parent, e.a), rb = find_root(parent, e.b);
    if (ra != rb) {
      parent[static_cast<size_t>(ra)] = rb;
      tree.push_back(e);
      --components;
    } else {
      rest.push_back(e);
    }
  }
  // Join what the candidates left apart: the shortest pair between two components at a time.
  while (components > 1) {
    int64_t best = -1;
    RoomEdge join;
    for (size_t i = 0; i < pts.size(); ++i)
      for (size_t j = i + 1; j < pts.size(); ++j) {
        if (find_root(parent, static_cast<int>(i)) == find_root(parent, static_cast<int>(j))) continue;
        const int64_t d = dist2(pts[i], pts[j]);
        if (best < 0 || d < best) {
          best = d;
          join = {static_cast<int>(i), static_cast<int>(j), false};
        }
      }
    parent[static_cast<size_t>(find_root(parent, join.a))] = find_root(parent, join.b);
    tree.push_back(join);
    --components;
  }
  const auto loops = static_cast<size_t>(std::llround(loop_fraction * static_cast<double>(rest.size())));
  rng.shuffle(rest.data(), rest.size());
  for (size_t i = 0; i < loops && i < rest.size(); ++i) {
    RoomEdge e = rest[i];
    e.loop = true;
    tree.push_back(e);
  }
  return tree;
}

}  // namespace catacomb
