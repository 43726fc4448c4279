// Cellular-automata caves.
//
// Fill: one uniform_real draw per cell in row-major order from the "caves.fill" stream.
// Smoothing: each pass reads one buffer and writes the other (double-buffered), so a cell's new
// value never depends on a neighbour's new value. Out-of-map cells count as wall, and the border
// is forced to wall after every pass. O(width * height) per pass, two byte buffers.
// Determinism: integers only after the fill; the fill compares a 53-bit draw with fill / 100.
#include "generator/caves.hpp"

#include <algorithm>
#include <sstream>
#include <utility>

#include "core/error.hpp"

namespace catacomb {
namespace {

std::string num(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

void force_border(WallMask& m) {
  const int w = m.width(), h = m.height();
  for (int x = 0; x < w; ++x) m(x, 0) = m(x, h - 1) = 1;
  for (int y = 0; y < h; ++y) m(0, y) = m(w - 1, y) = 1;
}

int walls_in_block(const WallMask& m, int cx, int cy, int r) {
  int n = 0;
  for (int y = cy - r; y <= cy + r; ++y)
    for (int x = cx - r; x <= cx + r; ++x) n += m.in_bounds(x, y) ? m(x, y) : 1;
  return n;
}

}  // namespace

std::vector<std::string> CaveConfig::problems() const {
  std::vector<std::string> p;
  auto side = [&](const char* name, int v) {
    if (v < 3 || v > kMaxSide)
      p.push_back(std::string(name) + " = " + std::to_string(v) + " (expected 3 to " + std::to_string(kMaxSide) + ")");
  };
  side("width", width);
  side("height", height);
  if (!(fill >= 0 && fill <= 100)) p.push_back("fill = " + num(fill) + " (expected 0 to 100)");
  if (passes < 0 || passes > 100) p.push_back("passes = " + std::to_string(passes) + " (expected 0 to 100)");
  if (wall_threshold < 0 || wall_threshold > 9)
    p.push_back("wall_threshold = " + std::to_string(wall_threshold) + " (expected 0 to 9)");
  if (open_passes < 0 || open_passes > std::max(passes, 0))
    p.push_back("open_passes = " + std::to_string(open_passes) + " (expected 0 to passes = " +
                std::to_string(passes) + ")");
  if (open_threshold < 0 || open_threshold > 25)
    p.push_back("open_threshold = " + std::to_string(open_threshold) + " (expected 0 to 25)");
  return p;
}

void CaveConfig::check() const {
  auto p = problems();
  if (p.empty()) return;
  std::string msg;
  for (auto& s : p) msg += (msg.empty() ? "" : "; ") + s;
  throw InvalidArgument(msg);
}

Params CaveConfig::params() const {
  return {{"width", int64_t{width}},
          {"height", int64_t{height}},
          {"fill", fill},
          {"passes", int64_t{passes}},
          {"wall_threshold", int64_t{wall_threshold}},
          {"open_passes", int64_t{open_passes}},
          {"open_threshold", int64_t{open_threshold}}};
}

WallMask random_fill(int width, int height, double fill_percent, Rng& rng) {
  WallMask m(width, height, 0);
  const double p = fill_percent / 100.0;
  for (uint8_t& c : m.cells()) c = rng.uniform_real() < p ? 1 : 0;
  force_border(m);
  return m;
}

void smooth_pass_reference(const WallMask& src, WallMask& dst, int wall_threshold, int open_threshold) {
  for (int y = 0; y < src.height(); ++y)
    for (int x = 0; x < src.width(); ++x) {
      bool wall = walls_in_block(src, x, y, 1) >= wall_threshold;
      if (!wall && open_threshold >= 0) wall = walls_in_block(src, x, y, 2) <= open_threshold;
      dst(x, y) = wall ? 1 : 0;
    }
  force_border(dst);
}

void smooth_pass(const WallMask& src, WallMask& dst, int wall_threshold, int open_threshold) {
  // Row-sum version of the reference: three running column sums per row, no bounds checks in
  // the interior. Same result as smooth_pass_reference (tests compare them on many seeds).
  if (open_threshold >= 0) {
    smooth_pass_reference(src, dst, wall_threshold, open_threshold);
    return;
  }
  const int w = src.width(), h = src.height();
  std::vector<uint8_t> colsum(static_cast<size_t>(w) + 2);
  for (int y = 0; y < h; ++y) {
    const uint8_t* up = y > 0 ? src.row(y - 1) : nullptr;
    const uint8_t* mid = src.row(y);
    const uint8_t* dn = y + 1 < h ? src.row(y + 1) : nullptr;
    colsum[0] = colsum[static_cast<size_t>(w) + 1] = 3;  // out-of-map columns
    for (int x = 0; x < w; ++x)
      colsum[static_cast<size_t>(x) + 1] =
          static_cast<uint8_t>((up ? up[x] : 1) + mid[x] + (dn ? dn[x] : 1));
    uint8_t* out = dst.row(y);
    for (int x = 0; x < w; ++x) {
      const int n = colsum[static_cast<size_t>(x)] + colsum[static_cast<size_t>(x) + 1] + colsum[static_cast<size_t>(x) + 2];
      out[x] = n >= wall_threshold ? 1 : 0;
    }
  }
  force_border(dst);
}

WallMask cave_mask(const CaveConfig& config, uint64_t seed) {
  config.check();
  Rng rng = Rng::stream(seed, "caves.fill");
  WallMask a = random_fill(config.width, config.height, config.fill, rng);
  WallMask b(config.width, config.height, 1);
  for (int pass = 0; pass < config.passes; ++pass) {
    smooth_pass(a, b, config.wall_threshold, pass < config.open_passes ? config.open_threshold : -1);
    std::swap(a, b);
  }
  return a;
}

Dungeon generate_caves(const CaveConfig& config, uint64_t seed) {
  WallMask m = cave_mask(config, seed);
  Dungeon d;
  d.tiles = Grid<Terrain>(config.width, config.height, Terrain::Wall);
  for (size_t i = 0; i < m.size(); ++i) d.tiles.cells()[i] = m.cells()[i] ? Terrain::Wall : Terrain::Floor;
  d.seed = seed;
  d.generator = "caves";
  d.params = config.params();
  return d;
}

}  // namespace catacomb
