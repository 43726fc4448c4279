// catacomb's Python extension module, catacomb._catacomb: the error mapping (InvalidArgument is
// ValueError, IoError is OSError, GenerationError its own RuntimeError), the parameter table as
// data for catacomb.Config, and generate. A thin layer: every rule and message is the library's;
// the parameters reach it as a JSON config (generate_config_from_json), so a parameter added to
// the table is a keyword argument in Python with no edit here. The GIL is released around the
// C++ work. Deterministic as the library is: the same seed and parameters give the same bytes.
#include <pybind11/stl.h>

#include <tuple>
#include <type_traits>

#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>
#include "binding.hpp"

namespace catacomb::python {

GenerateConfig config_from_json(const std::string& json) {
  GenerateConfig cfg = generate_config_from_json(json, {}, nullptr, "parameters");
  cfg.check();
  return cfg;
}

namespace {

// The parameter table as (name, key, help, kind, default): kind is "int", "float", "bool",
// "choice", "seed", or "text" for any other field type the table may gain.
py::list config_params() {
  py::list out;
  GenerateConfig defaults;
  uint64_t seed = 1;
  for (const ConfigParam& p : generate_config_params()) {
    std::visit(
        [&](auto* f) {
          using T = std::remove_pointer_t<decltype(f)>;
          py::object value;
          const char* kind = "int";
          if constexpr (std::is_same_v<T, bool>) kind = "bool", value = py::bool_(*f);
          else if constexpr (std::is_enum_v<T>) kind = "choice", value = py::str(config_choice_name(f));
          else if constexpr (std::is_same_v<T, uint64_t>) kind = "seed", value = py::int_(*f);
          else if constexpr (std::is_same_v<T, double>) kind = "float", value = py::float_(*f);
          else if constexpr (std::is_same_v<T, int>) value = py::int_(*f);
          else if constexpr (std::is_same_v<T, CostOverrides>) kind = "text", value = py::str(cost_overrides_text(*f));
          else kind = "text", value = py::cast(*f);  // a field type added to the table later
          out.append(py::make_tuple(std::string(p.name), p.key(), std::string(p.help), kind, value));
        },
        p.field(defaults, seed));
  }
  return out;
}

// `cfg` with a template set, a theme and a mission read from files (each "" for none): what
// the CLI's --templates, --theme and --mission give, outside the parameter table.
// With a mission, a side not given (`fit_width`, `fit_height`) is chosen from it, as the CLI
// chooses it when --width or --height is left out.
GenerateConfig with_files(const GenerateConfig& cfg, const std::string& templates, const std::string& theme,
                          const std::string& mission, bool fit_width, bool fit_height) {
  GenerateConfig out = cfg;
  if (!templates.empty()) out.templates = std::make_shared<const TemplateSet>(load_template_set(templates).set);
  out.theme = theme;
  if (!mission.empty()) {
    out.mission = std::make_shared<const Mission>(load_mission(mission));
    if (fit_width) out.width = 0;
    if (fit_height) out.height = 0;
  }
  out.check();
  std::tie(out.width, out.height) = out.map_size();
  return out;
}

std::shared_ptr<PyDungeon> generate(const GenerateConfig& cfg, uint64_t seed, int64_t time_limit_ms) {
  auto out = std::make_shared<PyDungeon>();
  {
    py::gil_scoped_release release;
    GenerateResult r = generate_dungeon_within(cfg, seed, time_limit_ms);
    out->dungeon = std::move(r.dungeon);
    out->report = std::move(r.report);
  }
  return out;
}

void register_errors(py::module_& m) {
  static py::exception<GenerationError> generation_error(m, "GenerationError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InvalidArgument& e) { PyErr_SetString(PyExc_ValueError, e.what()); } catch (const IoError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    } catch (const GenerationError& e) { PyErr_SetString(generation_error.ptr(), e.what()); }
  });
}

}  // namespace

}  // namespace catacomb::python

PYBIND11_MODULE(_catacomb, m) {
  namespace cp = catacomb::python;
  namespace py = pybind11;
  m.doc() = "catacomb's C++ library, bound with pybind11 (use the catacomb package, not this module)";
  m.attr("version") = CATACOMB_VERSION;
  cp::register_errors(m);
  m.def("config_params", &cp::config_params, "The generator parameter table: (name, key, help, kind, default).");
  // A checked config, parsed once: what catacomb.Config holds, so a call costs no parsing.
  py::class_<catacomb::GenerateConfig>(m, "GenerateConfig", "A checked GenerateConfig (use catacomb.Config).")
      .def(py::init(&cp::config_from_json), py::arg("json"),
           "From the parameters as a JSON object; ValueError names a bad one.")
      .def("to_json", [](const catacomb::GenerateConfig& c) { return catacomb::generate_config_to_json(c); })
      .def("with_files", &cp::with_files, py::arg("templates"), py::arg("theme"), py::arg("mission"),
           py::arg("fit_width") = false, py::arg("fit_height") = false,
           "A copy with a template set, theme and mission from files (\"\" for none); OSError, ValueError.")
      .def("generate", &cp::generate, py::arg("seed"), py::arg("time_limit_ms") = 0,
           "A valid dungeon for the seed (the GIL released), giving up after time_limit_ms (0: none).");
  m.def(
      "terrains",
      [] {
        py::list out;
        for (catacomb::Terrain t : catacomb::kAllTerrains)
          out.append(py::make_tuple(static_cast<int>(t), std::string(catacomb::terrain_name(t)),
                                    std::string(1, catacomb::terrain_char(t))));
        return out;
      },
      "Every terrain as (value, name, ASCII character), in value order.");
  m.def("default_threads", &catacomb::default_threads, "The CLI's default thread count for one map.");
  cp::bind_dungeon(m);
  cp::bind_many(m);
  cp::bind_player(m);
}
