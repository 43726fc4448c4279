#pragma once
// Shared by the Python binding's sources: the dungeon object Python holds, and the functions
// each source defines on the module. The binding sees catacomb's public headers only.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <catacomb/catacomb.hpp>
#include <catacomb/io/certificate.hpp>

namespace catacomb::python {

namespace py = pybind11;

/// What a Python `Dungeon` holds: the dungeon, and the costs its JSON legend stated when it was
/// read from a file (as `catacomb validate` uses them).
struct PyDungeon {
  /// The dungeon itself; `tiles` is a view of dungeon.tiles' memory.
  Dungeon dungeon;
  /// The legend's costs of a map read from JSON; empty for a generated one.
  std::optional<CostTable> legend;
  /// The report of the generation that made it (generate only), validated under its recipe.
  std::optional<ValidationReport> report;
};

/// A GenerateConfig from the parameters as a JSON object (the one parameter table's keys), checked.
/// Throws InvalidArgument naming the field.
GenerateConfig config_from_json(const std::string& json);

/// (K, 2) int32 array of x, y.
py::array_t<int32_t> points_array(const std::vector<Point>& points);
/// The rules `catacomb validate` uses for the map: its recipe's, or its JSON legend's costs.
ValidateOptions rules_of(const PyDungeon& d);
/// A path as {"status", "path" (K, 2), "cost", "expanded", "doors_opened" [(x, y, lock)]}.
py::dict path_dict(const PathResult& r);
/// A player's route (find_path with `state` under the map's rules), as path_dict; the GIL is
/// released while it searches. Throws InvalidArgument for a cell off the map or a bad state.
py::dict state_path(const PyDungeon& d, std::pair<int, int> from, std::pair<int, int> to, const PlayerState& state);

/// Defines the Dungeon class and the functions over one dungeon (from_json, load, verify).
void bind_dungeon(py::module_& m);
/// Defines generate_many.
void bind_many(py::module_& m);
/// Defines the PlayerState and Navigator classes.
void bind_player(py::module_& m);

}  // namespace catacomb::python
