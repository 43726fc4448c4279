// Template sets from Tiled maps: the map is read by the Tiled front ends into their model and
// its terrain by the same back end as any Tiled map (tiled_model.hpp), so a set saves and
// re-saves exactly as a map does; then the objects of class template, socket, spot and chance are
// turned into RoomTemplates, each object belonging to the template whose rectangle holds its
// cell. O(cells + objects x templates). Problems are collected in object order, then the lint's.
#include <catacomb/io/template_set.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/io/map_file.hpp>
#include "shared/core/bounded_input.hpp"

#if CATACOMB_TILED_JSON
#include "io/tiled_model.hpp"
#endif

namespace catacomb {

#if !CATACOMB_TILED_JSON

TemplateSetReading read_template_set(std::string_view, TiledSyntax, const TiledSourceReader&, const std::string&) {
  throw InvalidArgument(
      FieldProblem{"template set", "not readable by this build",
                   "a catacomb built with the Tiled reader (CATACOMB_TILED_READER=ON or CATACOMB_TILED_JSON=ON)"});
}

#else

namespace {

using detail::tiled::Model;
using detail::tiled::Object;
using detail::tiled::Property;

std::string where_of(const Object& o) {
  return "object " + std::to_string(o.id) + (o.name.empty() ? std::string() : " (" + o.name + ")");
}

// The cell an object is drawn at (where the map reader puts an objective), kept near the map.
Point object_cell(const Object& o, const Model& m) {
  const auto [cx, cy] = detail::tiled::object_centre(o);
  const double x = std::floor(cx / m.tile_width), y = std::floor(cy / m.tile_height);
  constexpr double kLimit = 4.0 * kMaxSide;
  return {static_cast<int>(std::clamp(x, -kLimit, kLimit)), static_cast<int>(std::clamp(y, -kLimit, kLimit))};
}

struct Reader {
  const Model& m;
  TemplateSetReading& out;

  void problem(const std::string& name, std::optional<Point> cell, std::string message) {
    out.problems.push_back({name, cell, std::move(message)});
  }

  // Property `name` of `o` as a number; problems for another type.
  std::optional<double> number(const Object& o, const char* name, const std::string& who) {
    const Property* p = detail::tiled::find_property(o.props, name);
    if (!p) return std::nullopt;
    if (const auto* i = std::get_if<int64_t>(&p->value)) return static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&p->value)) return *d;
    problem(who, std::nullopt,
            std::string("property ") + name + " is not a number (expected an int or float property)");
    return std::nullopt;
  }
  std::optional<int> integer(const Object& o, const char* name, const std::string& who) {
    const Property* p = detail::tiled::find_property(o.props, name);
    if (!p) return std::nullopt;
    if (const auto* i = std::get_if<int64_t>(&p->value); i && *i >= -1000000 && *i <= 1000000)
      return static_cast<int>(*i);
    problem(who, std::nullopt, std::string("property ") + name + " is not a whole number (expected an int property)");
    return std::nullopt;
  }
  std::optional<bool> boolean(const Object& o, const char* name, const std::string& who) {
    const Property* p = detail::tiled::find_property(o.props, name);
    if (!p) return std::nullopt;
    if (const auto* b = std::get_if<bool>(&p->value)) return *b;
    problem(who, std::nullopt, std::string("property ") + name + " is not true or false (expected a bool property)");
    return std::nullopt;
  }
  std::optional<std::string> text(const Object& o, const char* name, const std::string& who) {
    const Property* p = detail::tiled::find_property(o.props, name);
    if (!p) return std::nullopt;
    if (const auto* s = std::get_if<std::string>(&p->value)) return *s;
    problem(who, std::nullopt, std::string("property ") + name + " is not text (expected a string property)");
    return std::nullopt;
  }

  void add_template(const Object& o, const Grid<Terrain>& tiles) {
    RoomTemplate t;
    t.name = o.name;
    const std::string who = o.name.empty() ? where_of(o) : o.name;
    t.source = detail::tiled::object_cells(o, m);
    if (t.source.width == 0) {
      problem(who, object_cell(o, m), "template rectangle off the map or empty (expected cells of the map)");
      t.source = {0, 0, 0, 0};
    }
    t.tiles = Grid<Terrain>(t.source.width, t.source.height, Terrain::Wall);
    for (int y = 0; y < t.source.height; ++y)
      for (int x = 0; x < t.source.width; ++x) t.tiles(x, y) = tiles(t.source.x + x, t.source.y + y);
    t.type = text(o, "type", who).value_or("any");
    if (t.type.empty()) t.type = "any";
    t.weight = number(o, "weight", who).value_or(1.0);
    t.min_count = integer(o, "min", who).value_or(0);
    t.max_count = integer(o, "max", who).value_or(-1);
    t.rotate = boolean(o, "rotate", who).value_or(!out.set.side_view);
    t.mirror = boolean(o, "mirror", who).value_or(true);
    const std::string tags = text(o, "tags", who).value_or("");
    size_t at = 0;
    while (at <= tags.size()) {
      size_t end = tags.find(',', at);
      if (end == std::string::npos) end = tags.size();
      std::string tag = tags.substr(at, end - at);
      tag.erase(0, tag.find_first_not_of(" \t"));
      tag.erase(tag.find_last_not_of(" \t") + 1);
      // "crypt garden" is two tags written without a comma, not one tag with a space.
      if (tag.find_first_of(" \t") != std::string::npos)
        problem(who, std::nullopt,
                "property tags = \"" + tags + "\" has a tag with a space, \"" + tag +
                    "\" (expected tags separated by commas, each without spaces: \"crypt, garden\")");
      else if (!tag.empty()) t.tags.push_back(tag);
      at = end + 1;
    }
    out.set.templates.push_back(std::move(t));
  }

  // The template whose rectangle holds `cell`, or nullptr.
  RoomTemplate* holder(Point cell) {
    for (RoomTemplate& t : out.set.templates) {
      const Rect& r = t.source;
      if (cell.x >= r.x && cell.x < r.right() && cell.y >= r.y && cell.y < r.bottom()) return &t;
    }
    return nullptr;
  }

  void add_part(const Object& o) {
    const Point cell = object_cell(o, m);
    RoomTemplate* t = holder(cell);
    if (!t) {
      problem("", cell, o.cls + " " + where_of(o) + " outside every template (expected inside a template's rectangle)");
      return;
    }
    const Point local{cell.x - t->source.x, cell.y - t->source.y};
    if (o.cls == "socket") {
      const int h = t->height();
      const Side side = local.y == 0       ? Side::North
                        : local.y == h - 1 ? Side::South
                        : local.x == 0     ? Side::West
                                           : Side::East;
      t->sockets.push_back({local, side});  // one not on the edge is the lint's to report
    } else if (o.cls == "spot") {
      const std::string kind = text(o, "kind", t->name).value_or("any");
      std::optional<ObjectiveKind> k = objective_kind_from_name(kind);
      if (!k && kind != "any")
        problem(t->name, cell, "spot kind " + kind + " (expected start, exit, key, treasure, objective or any)");
      t->spots.push_back({local, k});
    } else {  // chance
      const double p = number(o, "wall", t->name).value_or(0.5);
      if (!(p >= 0 && p <= 1)) problem(t->name, cell, "chance wall = " + format_number(p) + " (expected 0 to 1)");
      if (t->wall_chance.size() == 0) t->wall_chance = Grid<uint8_t>(t->width(), t->height(), 0);
      const Rect r = detail::tiled::object_cells(o, m);
      const auto v = static_cast<uint8_t>(std::lround(std::clamp(p, 0.0, 1.0) * 255));
      for (int y = r.y; y < r.bottom(); ++y)
        for (int x = r.x; x < r.right(); ++x)
          if (t->wall_chance.in_bounds(x - t->source.x, y - t->source.y))
            t->wall_chance(x - t->source.x, y - t->source.y) = v;
    }
  }
};

}  // namespace

TemplateSetReading read_template_set(std::string_view text, TiledSyntax syntax, const TiledSourceReader& read_source,
                                     const std::string& name) {
  Model m = syntax == TiledSyntax::Json ? detail::tiled::read_json(text, read_source)
                                        : detail::tiled::read_xml(text, read_source);
  const Dungeon d = detail::tiled::to_dungeon(m);
  TemplateSetReading out;
  out.set.name = name;
  Reader r{m, out};
  for (const Property& p : m.props) {
    if (p.name == "name" && std::holds_alternative<std::string>(p.value)) out.set.name = std::get<std::string>(p.value);
    if (p.name == "view") {
      const std::string view = detail::tiled::property_text(&p);
      if (view != "top" && view != "side")
        r.problem("", std::nullopt, "map property view = " + view + " (expected top or side)");
      out.set.side_view = view == "side";
    }
  }
  for (const Object& o : m.objects)
    if (o.cls == "template" && o.gid == 0 && !o.point) r.add_template(o, d.tiles);
  for (const Object& o : m.objects)
    if (o.cls == "socket" || o.cls == "spot" || (o.cls == "chance" && o.gid == 0 && !o.point)) r.add_part(o);
  for (TemplateProblem& p : check_template_set(out.set)) out.problems.push_back(std::move(p));
  return out;
}

#endif  // CATACOMB_TILED_JSON

TemplateSetReading load_template_set(const std::string& path) {
  const std::string text = detail::read_bounded(path,
                                                [&](std::string_view head) { return map_read_limits(head, path); });
  const std::filesystem::path file(path);
  const std::filesystem::path dir = file.parent_path();
  const TiledSourceReader read_source = [&dir](const std::string& source) {
    ReadLimits limits;
    limits.max_bytes = kMaxMapFileBytes;
    limits.what = "a Tiled tileset";
    return read_file((dir / std::filesystem::path(source)).generic_string(), limits);
  };
  const std::string ext = file.extension().string();
  const TiledSyntax syntax = ext == ".tmj" || ext == ".json" ? TiledSyntax::Json : TiledSyntax::Xml;
  return read_template_set(text, syntax, read_source, file.stem().string());
}

}  // namespace catacomb
