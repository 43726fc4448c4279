// Field of view (#49): catacomb's symmetric shadowcasting (<catacomb/pathing/fov.hpp>) against
// libtcod's TCOD_map_compute_fov(..., FOV_SYMMETRIC_SHADOWCAST), first for agreement, then for speed.
//
// Agreement: the same transparency grid goes to both and the visible sets must be identical, cell
// for cell, on thousands of maps: uniformly random maps with no border (the map's edge is
// exercised), 3,000 of 1x1 to 48x48 at densities 5 % to 60 % and 100 of 100x100 to 256x256 at 2 %
// to 22 % (long rays), libtcod-style maps (open rooms with pillars, cellular caves) and generated catacomb dungeons (rooms and caves 80x50 with locked doors, gates, one-way
// and secret doors, under random player states); per map several origins (walls included), radii 0
// (unlimited), 1, 2, 3, 5, 8, 13 and a random one, light_walls on and off. Any mismatch is printed
// and the program exits 1 before timing.
//
// Timing, on a shared machine: one Google Benchmark case per map, each repetition one round in
// which the two take turns block by block (100 origins each) over the same origins, this thread's
// CPU time. The table gives each one's median time per field of view over the rounds and the median
// of the rounds' ratios (libtcod / catacomb: above 1, catacomb is faster) with their range. Both
// write into a map kept between calls (libtcod's TCOD_Map, catacomb's Grid<uint8_t>). Run (bench
// preset): build/bench/bench/fov_bench [--benchmark_repetitions=N] (default 7 rounds).
#include <benchmark/benchmark.h>
#include <libtcod/fov.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <catacomb/core/rng.hpp>
#include <catacomb/pathing/fov.hpp>
#include <catacomb/pipeline/generate.hpp>

namespace {

using namespace catacomb;

// libtcod's map, holding a transparency grid.
struct TcodMap {
  TCOD_Map* map;
  explicit TcodMap(const Grid<uint8_t>& blocks) : map(TCOD_map_new(blocks.width(), blocks.height())) {
    for (int y = 0; y < blocks.height(); ++y)
      for (int x = 0; x < blocks.width(); ++x) TCOD_map_set_properties(map, x, y, blocks(x, y) == 0, blocks(x, y) == 0);
  }
  ~TcodMap() { TCOD_map_delete(map); }
  TcodMap(const TcodMap&) = delete;
  TcodMap& operator=(const TcodMap&) = delete;
  void compute(Point o, int radius, bool light_walls) const {
    TCOD_map_compute_fov(map, o.x, o.y, radius, light_walls, FOV_SYMMETRIC_SHADOWCAST);
  }
  bool seen(int i) const { return map->cells[i].fov; }
};

int rand_int(Rng& rng, int lo, int hi) { return static_cast<int>(rng.uniform_int(lo, hi)); }

Grid<uint8_t> random_map(Rng& rng, int w, int h, double density) {
  Grid<uint8_t> g(w, h);
  for (uint8_t& c : g.cells()) c = rng.uniform_real() < density ? 1 : 0;
  return g;
}

// An open room walled round, with pillars on a lattice or scattered.
Grid<uint8_t> pillar_room(Rng& rng, int w, int h) {
  Grid<uint8_t> g(w, h);
  const int step = rand_int(rng, 2, 5);
  const bool lattice = rand_int(rng, 0, 1) == 1;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const bool edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
      const bool pillar = lattice ? x % step == 0 && y % step == 0 : rng.uniform_real() < 0.08;
      g(x, y) = edge || pillar ? 1 : 0;
    }
  return g;
}

// A cellular cave: 45 % rock, four passes of the 4-5 rule, rock outside the map.
Grid<uint8_t> cave(Rng& rng, int w, int h) {
  Grid<uint8_t> g = random_map(rng, w, h, 0.45);
  for (int pass = 0; pass < 4; ++pass) {
    Grid<uint8_t> next = g;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        int rock = 0;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) rock += !g.in_bounds(x + dx, y + dy) || g(x + dx, y + dy) != 0;
        next(x, y) = rock >= 5 ? 1 : 0;
      }
    g = std::move(next);
  }
  return g;
}

// A random player state on `d`: some locked doors opened, random switches.
PlayerState random_player(Rng& rng, const Dungeon& d) {
  PlayerState p;
  for (const LockedDoor& l : d.locks)
    if (rand_int(rng, 0, 1) == 1) p.opened.push_back(l.pos);
  p.switches = static_cast<uint32_t>(rand_int(rng, 0, (1 << kMaxSwitch) - 1));
  return p;
}

struct Tally {
  long maps = 0;
  long views = 0;
  long mismatches = 0;
};

// Compares catacomb with libtcod on `blocks` from `origins` over every radius and light_walls.
void compare(const Grid<uint8_t>& blocks, const std::vector<Point>& origins, Rng& rng, Tally& t) {
  const TcodMap tcod(blocks);
  Grid<uint8_t> ours;
  ++t.maps;
  const int radii[] = {0, 1, 2, 3, 5, 8, 13, rand_int(rng, 1, 40)};
  for (Point o : origins)
    for (int radius : radii)
      for (bool light_walls : {true, false}) {
        field_of_view(blocks, o, FovOptions{radius, light_walls}, ours);
        tcod.compute(o, radius, light_walls);
        ++t.views;
        for (int i = 0; i < static_cast<int>(ours.size()); ++i) {
          if ((ours.data()[i] != 0) == tcod.seen(i)) continue;
          if (++t.mismatches <= 10)
            std::printf(
                "mismatch: %dx%d map, origin %d,%d, radius %d, light_walls %d: cell %d,%d catacomb %d libtcod %d\n",
                blocks.width(), blocks.height(), o.x, o.y, radius, light_walls ? 1 : 0, i % blocks.width(),
                i / blocks.width(), ours.data()[i], tcod.seen(i) ? 1 : 0);
          break;
        }
      }
}

std::vector<Point> random_origins(Rng& rng, const Grid<uint8_t>& g, int n) {
  std::vector<Point> o;
  for (int i = 0; i < n; ++i) o.push_back({rand_int(rng, 0, g.width() - 1), rand_int(rng, 0, g.height() - 1)});
  return o;
}

Dungeon generated(const char* generator, uint64_t seed) {
  GenerateConfig cfg;
  cfg.generator = parse_generator_kind(generator);
  cfg.locks = 2;
  cfg.switches = 1;
  cfg.one_way = 1;
  cfg.secret_doors = 1;
  cfg.max_attempts = 200;
  return generate_dungeon(cfg, seed).dungeon;
}

// Every map family; returns the tally.
Tally agreement() {
  Tally t;
  Rng rng(20261207);
  for (int m = 0; m < 3000; ++m) {
    const Grid<uint8_t> g = random_map(rng, rand_int(rng, 1, 48), rand_int(rng, 1, 48),
                                       0.05 + 0.55 * rng.uniform_real());
    compare(g, random_origins(rng, g, 6), rng, t);
  }
  for (int m = 0; m < 100; ++m) {  // larger, sparser: long rays, where float rounding matters most
    const Grid<uint8_t> g = random_map(rng, rand_int(rng, 100, 256), rand_int(rng, 100, 256),
                                       0.02 + 0.2 * rng.uniform_real());
    compare(g, random_origins(rng, g, 3), rng, t);
  }
  for (int m = 0; m < 500; ++m) {
    const Grid<uint8_t> g = pillar_room(rng, rand_int(rng, 3, 60), rand_int(rng, 3, 60));
    compare(g, random_origins(rng, g, 6), rng, t);
  }
  for (int m = 0; m < 500; ++m) {
    const Grid<uint8_t> g = cave(rng, rand_int(rng, 8, 64), rand_int(rng, 8, 64));
    compare(g, random_origins(rng, g, 6), rng, t);
  }
  for (uint64_t seed = 1; seed <= 40; ++seed)
    for (const char* gen : {"rooms", "caves"}) {
      const Dungeon d = generated(gen, seed);
      const Grid<uint8_t> g = sight_blockers(d, random_player(rng, d));
      compare(g, random_origins(rng, g, 20), rng, t);
    }
  return t;
}

// --- timing ------------------------------------------------------------------------------------

double thread_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

struct Case {
  std::string name;
  Grid<uint8_t> blocks;
  std::vector<Point> origins;
  int radius;
  std::vector<double> ours_ns;  // per round, per field of view
  std::vector<double> tcod_ns;
};

void run_round(Case& c) {
  const TcodMap tcod(c.blocks);
  Grid<uint8_t> ours(c.blocks.width(), c.blocks.height());
  const FovOptions options{c.radius, true};
  double ours_ns = 0, tcod_ns = 0;
  constexpr size_t kBlock = 100;
  for (size_t b = 0; b < c.origins.size(); b += kBlock) {
    const size_t e = std::min(c.origins.size(), b + kBlock);
    double t0 = thread_ns();
    for (size_t i = b; i < e; ++i) field_of_view(c.blocks, c.origins[i], options, ours);
    double t1 = thread_ns();
    for (size_t i = b; i < e; ++i) tcod.compute(c.origins[i], c.radius, true);
    double t2 = thread_ns();
    ours_ns += t1 - t0;
    tcod_ns += t2 - t1;
    benchmark::DoNotOptimize(ours.data());
  }
  c.ours_ns.push_back(ours_ns / static_cast<double>(c.origins.size()));
  c.tcod_ns.push_back(tcod_ns / static_cast<double>(c.origins.size()));
}

std::vector<Point> open_cells(const Grid<uint8_t>& g, size_t most) {
  std::vector<Point> all;
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (g(x, y) == 0) all.push_back({x, y});
  std::vector<Point> out;
  const size_t stride = std::max<size_t>(1, all.size() / most);
  for (size_t i = 0; i < all.size() && out.size() < most; i += stride) out.push_back(all[i]);
  return out;
}

std::vector<std::unique_ptr<Case>> timing_cases() {
  std::vector<std::unique_ptr<Case>> cases;
  auto add = [&](std::string name, Grid<uint8_t> g, int radius, size_t most) {
    auto c = std::make_unique<Case>();
    c->name = std::move(name);
    c->origins = open_cells(g, most);
    c->blocks = std::move(g);
    c->radius = radius;
    cases.push_back(std::move(c));
  };
  const Grid<uint8_t> rooms = sight_blockers(generated("rooms", 1), PlayerState{});
  const Grid<uint8_t> caves = sight_blockers(generated("caves", 1), PlayerState{});
  Rng rng(7);
  const Grid<uint8_t> pillars = pillar_room(rng, 128, 128);
  const Grid<uint8_t> big_cave = cave(rng, 256, 256);
  add("rooms80x50 r=0", rooms, 0, 2000);
  add("rooms80x50 r=8", rooms, 8, 2000);
  add("caves80x50 r=0", caves, 0, 2000);
  add("pillars128 r=0", pillars, 0, 1000);
  add("cave256 r=0", big_cave, 0, 1000);
  add("cave256 r=10", big_cave, 10, 2000);
  return cases;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void print_table(const std::vector<std::unique_ptr<Case>>& cases) {
  std::printf("\n%-16s %7s %6s %12s %12s %14s\n", "map", "origins", "rounds", "catacomb us", "libtcod us",
              "libtcod/ours");
  for (const auto& c : cases) {
    if (c->ours_ns.empty()) continue;  // filtered out (--benchmark_filter)
    std::vector<double> ratios;
    for (size_t i = 0; i < c->ours_ns.size(); ++i) ratios.push_back(c->tcod_ns[i] / c->ours_ns[i]);
    const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
    std::printf("%-16s %7zu %6zu %12.2f %12.2f %6.2fx (%.2f-%.2f)\n", c->name.c_str(), c->origins.size(),
                c->ours_ns.size(), median(c->ours_ns) / 1e3, median(c->tcod_ns) / 1e3, median(ratios), *lo, *hi);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const Tally t = agreement();
  std::printf("agreement with libtcod: %ld maps, %ld fields of view (origin x radius x light_walls), %ld mismatches\n",
              t.maps, t.views, t.mismatches);
  if (t.mismatches != 0) return 1;
  std::vector<char*> args(argv, argv + argc);
  bool reps = false;
  for (char* a : args) reps = reps || std::string(a).rfind("--benchmark_repetitions", 0) == 0;
  std::string default_reps = "--benchmark_repetitions=7";
  if (!reps) args.push_back(default_reps.data());
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 1;
  std::vector<std::unique_ptr<Case>> cases = timing_cases();
  for (auto& c : cases)
    benchmark::RegisterBenchmark(c->name.c_str(),
                                 [p = c.get()](benchmark::State& state) {
                                   for (auto _ : state) run_round(*p);
                                 })
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  print_table(cases);
  return 0;
}
