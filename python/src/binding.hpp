#pragma once
// Shared by the Python binding's sources: the dungeon object Python holds, and the functions
// each source defines on the module. The binding sees catacomb's public headers only.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <string>

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

/// Defines the Dungeon class and the functions over one dungeon (from_json, load, verify).
void bind_dungeon(py::module_& m);
/// Defines generate_many.
void bind_many(py::module_& m);

}  // namespace catacomb::python
