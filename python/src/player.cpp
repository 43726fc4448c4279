// A player's state and the navigator, for Python: catacomb::PlayerState bound as a plain value
// (keys held per lock, locked doors opened, switches on) with the steps a game takes on it
// (a key picked up, a key spent on a door under the consumable key rule, a switch toggled, a door
// opened), and catacomb::Navigator built for one dungeon (its locked doors and gates set for a
// state), answering many exact queries. The catacomb package wraps both (catacomb.PlayerState,
// catacomb.Navigator). No rule of its own: every check and message is the library's.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <memory>
#include <mutex>

#include "binding.hpp"
#include <catacomb/pathing/navigator.hpp>

namespace catacomb::python {
namespace {

void need_lock(int lock) {
  if (lock < 1 || lock > kMaxLock)
    throw InvalidArgument(FieldProblem{"lock", std::to_string(lock), "1 to " + std::to_string(kMaxLock)});
}

void need_switch(int id) {
  if (id < 1 || id > kMaxSwitch)
    throw InvalidArgument(FieldProblem{"switch", std::to_string(id), "1 to " + std::to_string(kMaxSwitch)});
}

// Spends one key of `lock`, as catacomb_player_remove_key: InvalidArgument when none is held.
void spend_key(PlayerState& s, int lock) {
  need_lock(lock);
  int& held = s.keys[static_cast<size_t>(lock)];
  if (held == 0)
    throw InvalidArgument(
        FieldProblem{"lock", std::to_string(lock), "a lock the player holds a key of (it holds none)"});
  --held;
}

void set_switch(PlayerState& s, int id, bool on) {
  need_switch(id);
  const uint32_t bit = 1u << (id - 1);
  s.switches = on ? s.switches | bit : s.switches & ~bit;
}

// The key lying at `cell` picked up: one more key of its lock. Returns the lock id (0 for a key
// that opens nothing: nothing is added). InvalidArgument when no key objective stands there.
int pick_up(PlayerState& s, const PyDungeon& d, std::pair<int, int> cell) {
  const Point p{cell.first, cell.second};
  for (const Objective& o : d.dungeon.objectives)
    if (o.kind == ObjectiveKind::Key && o.pos == p) {
      if (o.lock != 0) s.add_key(o.lock);
      return o.lock;
    }
  throw InvalidArgument(FieldProblem{"cell", to_string(p), "a key objective of the map"});
}

py::dict keys_dict(const PlayerState& s) {
  py::dict out;
  for (int lock = 1; lock <= kMaxLock; ++lock)
    if (s.keys[static_cast<size_t>(lock)] != 0) out[py::int_(lock)] = s.keys[static_cast<size_t>(lock)];
  return out;
}

std::vector<int> switches_on(const PlayerState& s) {
  std::vector<int> out;
  for (int id = 1; id <= kMaxSwitch; ++id)
    if ((s.switches >> (id - 1)) & 1u) out.push_back(id);
  return out;
}

std::vector<std::string> problems(const PlayerState& s, const PyDungeon& d) {
  std::vector<std::string> out;
  for (const FieldProblem& p : s.problems(d.dungeon))
    out.push_back(p.field + " = " + p.value + " (expected " + p.expected + ")");
  return out;
}

void bind_state(py::module_& m) {
  py::class_<PlayerState>(m, "PlayerState", "catacomb::PlayerState (use catacomb.PlayerState).")
      .def(py::init<>())
      .def_static(
          "all_keys", [](const PyDungeon& d) { return all_keys_state(d.dungeon); }, py::arg("dungeon"))
      .def("keys", &keys_dict)
      .def(
          "key_count",
          [](const PlayerState& s, int lock) {
            need_lock(lock);
            return s.keys[static_cast<size_t>(lock)];
          },
          py::arg("lock"))
      .def("add_key", &PlayerState::add_key, py::arg("lock"), py::arg("count"))
      .def("spend_key", &spend_key, py::arg("lock"))
      .def("pick_up", &pick_up, py::arg("dungeon"), py::arg("cell"))
      .def("switches", &switches_on)
      .def("switch_bits", [](const PlayerState& s) { return s.switches; })
      .def("set_switch", &set_switch, py::arg("switch"), py::arg("on"))
      .def("opened",
           [](const PlayerState& s) {
             std::vector<std::pair<int, int>> out;
             for (Point p : s.opened) out.emplace_back(p.x, p.y);
             return out;
           })
      .def(
          "open_door",
          [](PlayerState& s, std::pair<int, int> cell) {
            if (!s.is_opened({cell.first, cell.second})) s.opened.push_back({cell.first, cell.second});
          },
          py::arg("cell"))
      .def(
          "is_opened",
          [](const PlayerState& s, std::pair<int, int> c) {
            return s.is_opened({c.first, c.second});
          },
          py::arg("cell"))
      .def("problems", &problems, py::arg("dungeon"))
      .def(
          "check", [](const PlayerState& s, const PyDungeon& d) { s.check(d.dungeon); }, py::arg("dungeon"))
      .def("copy", [](const PlayerState& s) { return s; })
      .def(py::self == py::self);  // NOLINT(misc-redundant-expression): the operator, bound
}

// A Navigator over one dungeon, which it keeps alive (set_state and doors_opened read it). The
// navigator owns its query scratch, so calls from several Python threads (find_path runs without
// the GIL) take turns on `busy` instead of racing on it.
struct PyNavigator {
  std::shared_ptr<PyDungeon> dungeon;
  Navigator navigator;
  mutable std::mutex busy;
};

py::dict navigator_stats(const NavigatorStats& s) {
  py::dict out;
  out["engine"] = std::string(s.engine);
  out["landmarks"] = s.landmarks;
  out["bytes_per_cell"] = s.bytes_per_cell;
  out["scratch_bytes_per_cell"] = s.scratch_bytes_per_cell;
  out["doors"] = s.doors;
  return out;
}

void bind_navigator(py::module_& m) {
  py::class_<PyNavigator>(m, "Navigator", "catacomb::Navigator for one dungeon (use catacomb.Navigator).")
      .def(py::init([](std::shared_ptr<PyDungeon> d, const PlayerState& state) {
             py::gil_scoped_release release;  // the landmark tables: a few Dijkstra searches
             Navigator nav(d->dungeon, state);
             return std::unique_ptr<PyNavigator>(new PyNavigator{std::move(d), std::move(nav), {}});
           }),
           py::arg("dungeon"), py::arg("state"))
      .def(
          "set_state",
          [](PyNavigator& n, const PlayerState& s) {
            py::gil_scoped_release release;  // take turns without holding the GIL (find_path may run)
            const std::lock_guard<std::mutex> lock(n.busy);
            n.navigator.set_state(n.dungeon->dungeon, s);
          },
          py::arg("state"))
      .def(
          "set_door",
          [](PyNavigator& n, std::pair<int, int> c, bool open) {
            n.navigator.set_door({c.first, c.second}, open);
          },
          py::arg("cell"), py::arg("open"))
      .def(
          "door_open",
          [](const PyNavigator& n, std::pair<int, int> c) {
            return n.navigator.door_open({c.first, c.second});
          },
          py::arg("cell"))
      .def(
          "find_path",
          [](PyNavigator& n, std::pair<int, int> from, std::pair<int, int> to) {
            PathResult r;
            {
              py::gil_scoped_release release;
              const std::lock_guard<std::mutex> lock(n.busy);
              r = n.navigator.find_path({from.first, from.second}, {to.first, to.second});
            }
            return path_dict(r);
          },
          py::arg("start"), py::arg("goal"))
      .def_property_readonly("width", [](const PyNavigator& n) { return n.navigator.width(); })
      .def_property_readonly("height", [](const PyNavigator& n) { return n.navigator.height(); })
      .def("stats", [](const PyNavigator& n) {
        py::gil_scoped_release release;
        const std::lock_guard<std::mutex> lock(n.busy);
        const NavigatorStats s = n.navigator.stats();
        py::gil_scoped_acquire acquire;
        return navigator_stats(s);
      });
}

}  // namespace

void bind_player(py::module_& m) {
  bind_state(m);
  bind_navigator(m);
}

}  // namespace catacomb::python
