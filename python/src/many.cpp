// generate_many: one config, many seeds, the maps written straight into one (N, H, W) uint8
// numpy array, with a per-seed report row. The C++ work runs on its own threads with the GIL
// released (generate_batch: each worker takes the next seed and writes only its own rows), so the
// result is the same for any thread count: row i is generate(seeds[i]).
// Memory: N * H * W bytes for the array, one dungeon per worker at a time, and each level's
// objectives and doors (a few int32 each), gathered into (N, M, k) arrays padded with -1 at the
// end. A seed whose attempts all fail leaves its row zero (walls) and says why in its report.
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <span>
#include <thread>

#include "binding.hpp"

namespace catacomb::python {
namespace {

// One report row (a numpy structured array's record).
struct LevelReport {
  uint64_t seed;
  bool ok;
  int32_t attempts;
  int32_t start_x, start_y, exit_x, exit_y;
  int32_t objectives, locks, rooms;
  int32_t keys, switches, doors;
  double exit_cost;
  int64_t exit_length;
  int64_t passable_cells;
};

LevelReport report_of(const GenerateResult& r, uint64_t seed) {
  const Dungeon& d = r.dungeon;
  LevelReport row{};
  row.seed = seed;
  row.ok = true;
  row.attempts = d.attempts;
  const Point start = d.find(ObjectiveKind::Start).value_or(Point{-1, -1});
  const Point exit = d.find(ObjectiveKind::Exit).value_or(Point{-1, -1});
  row.start_x = start.x, row.start_y = start.y, row.exit_x = exit.x, row.exit_y = exit.y;
  row.objectives = static_cast<int32_t>(d.objectives.size());
  row.locks = static_cast<int32_t>(d.locks.size());
  row.rooms = static_cast<int32_t>(d.rooms.size());
  row.keys = static_cast<int32_t>(std::count_if(d.objectives.begin(), d.objectives.end(),
                                                [](const Objective& o) { return o.kind == ObjectiveKind::Key; }));
  row.switches = static_cast<int32_t>(std::count_if(
      d.objectives.begin(), d.objectives.end(), [](const Objective& o) { return o.kind == ObjectiveKind::Switch; }));
  row.doors = static_cast<int32_t>(d.doors.size());
  row.exit_cost = -1;
  row.exit_length = -1;
  for (const ObjectiveReport& o : r.report.objectives)
    if (o.objective.kind == ObjectiveKind::Exit && o.reachable) row.exit_cost = o.cost, row.exit_length = o.length;
  row.passable_cells = r.report.passable_cells;
  return row;
}

// One level's objectives (kind index, x, y, lock, switch), locked doors (x, y, lock) and
// progression doors (x, y, kind index in ("gate", "one-way", "secret"), switch, open_when_off,
// dx, dy): catacomb.exporters.level_arrays' rows, flattened.
struct LevelItems {
  std::vector<int32_t> objectives, locks, doors;
};
constexpr size_t kObjectiveFields = 5, kLockFields = 3, kDoorFields = 7;

int32_t door_kind_index(DoorKind k) {
  switch (k) {
    case DoorKind::OneWay: return 1;
    case DoorKind::Secret: return 2;
    default: return 0;  // a gate: the only other kind in Dungeon::doors
  }
}

LevelItems items_of(const Dungeon& d) {
  LevelItems out;
  for (const Objective& o : d.objectives)
    out.objectives.insert(out.objectives.end(),
                          {static_cast<int32_t>(o.kind), o.pos.x, o.pos.y, int32_t{o.lock}, int32_t{o.switch_id}});
  for (const LockedDoor& l : d.locks) out.locks.insert(out.locks.end(), {l.pos.x, l.pos.y, int32_t{l.lock}});
  for (const ProgressionDoor& g : d.doors) {
    const Point step = g.kind == DoorKind::OneWay ? g.dir : Point{0, 0};
    out.doors.insert(out.doors.end(), {g.pos.x, g.pos.y, door_kind_index(g.kind), int32_t{g.switch_id},
                                       int32_t{g.open_when_off}, step.x, step.y});
  }
  return out;
}

// (N, M, fields) int32 from each level's flattened rows, M the most rows of a level (at least
// 0), the rest of each level's rows -1.
py::array_t<int32_t> padded(const std::vector<LevelItems>& items, std::vector<int32_t> LevelItems::*field,
                            size_t fields) {
  size_t most = 0;
  for (const LevelItems& it : items) most = std::max(most, (it.*field).size() / fields);
  py::array_t<int32_t> a(
      {static_cast<py::ssize_t>(items.size()), static_cast<py::ssize_t>(most), static_cast<py::ssize_t>(fields)});
  int32_t* out = a.mutable_data();
  for (size_t i = 0; i < items.size(); ++i) {
    const std::vector<int32_t>& v = items[i].*field;
    int32_t* row = out + i * most * fields;
    std::copy(v.begin(), v.end(), row);
    std::fill(row + v.size(), row + most * fields, -1);
  }
  return a;
}

// Generates seeds[i] for every i on `threads` threads; failures[i] is set for a seed that failed.
void run(const GenerateConfig& cfg, const uint64_t* seeds, size_t n, int threads, uint8_t* tiles, LevelReport* reports,
         std::vector<std::string>& failures, std::vector<LevelItems>& items) {
  const size_t cells = size_t(cfg.width) * size_t(cfg.height);
  // generate_batch hands each seed to one worker; each writes only row i.
  generate_batch(cfg, std::span<const uint64_t>(seeds, n), threads, [&](size_t i, BatchItem&& item) {
    if (item.result) {
      std::memcpy(tiles + i * cells, item.result->dungeon.tiles.data(), cells);
      reports[i] = report_of(*item.result, seeds[i]);
      items[i] = items_of(item.result->dungeon);
      return;
    }
    failures[i] = item.failure;                // why the seed's attempts all failed
    std::memset(tiles + i * cells, 0, cells);  // walls: the array is not zeroed beforehand
    LevelReport row{};
    row.seed = seeds[i];
    row.start_x = row.start_y = row.exit_x = row.exit_y = -1;
    row.exit_cost = -1;
    row.exit_length = -1;
    reports[i] = row;
  });
}

py::tuple generate_many(GenerateConfig cfg,
                        const py::array_t<uint64_t, py::array::c_style | py::array::forcecast>& seeds, int threads) {
  cfg.threads = 1;  // the workers share the machine; one map's output is the same for any count
  if (threads < 0 || threads > kMaxThreads)
    throw InvalidArgument(
        FieldProblem{"threads", std::to_string(threads), "0 (every core) or " + threads_range_text()});
  if (seeds.ndim() != 1)
    throw InvalidArgument(
        FieldProblem{"seeds", std::to_string(seeds.ndim()) + " dimensions", "a 1-D sequence of seeds"});
  const size_t n = static_cast<size_t>(seeds.shape(0));
  const uint64_t cells = uint64_t(cfg.width) * uint64_t(cfg.height);
  if (n > 0 && cells > uint64_t(std::numeric_limits<py::ssize_t>::max()) / n)
    throw InvalidArgument(FieldProblem{"seeds", std::to_string(n) + " levels of " + std::to_string(cells) + " cells",
                                       "an array that fits in memory"});
  if (threads == 0)
    threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, unsigned(kMaxThreads)));
  threads = static_cast<int>(std::min<size_t>(size_t(threads), std::max<size_t>(n, 1)));
  py::array_t<uint8_t> tiles({static_cast<py::ssize_t>(n), py::ssize_t{cfg.height}, py::ssize_t{cfg.width}});
  py::array_t<LevelReport> reports(static_cast<py::ssize_t>(n));
  std::vector<std::string> failures(n);
  std::vector<LevelItems> items(n);
  {
    py::gil_scoped_release release;
    run(cfg, seeds.data(), n, threads, tiles.mutable_data(), reports.mutable_data(), failures, items);
  }
  py::dict failed;
  for (size_t i = 0; i < n; ++i)
    if (!failures[i].empty()) failed[py::int_(i)] = failures[i];
  return py::make_tuple(tiles, reports, failed, padded(items, &LevelItems::objectives, kObjectiveFields),
                        padded(items, &LevelItems::locks, kLockFields), padded(items, &LevelItems::doors, kDoorFields));
}

}  // namespace

void bind_many(py::module_& m) {
  PYBIND11_NUMPY_DTYPE(LevelReport, seed, ok, attempts, start_x, start_y, exit_x, exit_y, objectives, locks, rooms,
                       keys, switches, doors, exit_cost, exit_length, passable_cells);
  m.def("generate_many", &generate_many, py::arg("config"), py::arg("seeds"), py::arg("threads"),
        "(tiles (N, H, W) uint8, reports (N,) structured, {index: why it failed}, objectives (N, M, 5), "
        "locks (N, L, 3), doors (N, D, 7) int32 padded with -1) for the seeds.");
}

}  // namespace catacomb::python
