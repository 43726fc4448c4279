#pragma once
/// Room template sets drawn in Tiled (.tmj or .tmx, as Tiled saves them), for
/// `catacomb generate --templates SET` and `catacomb templates check SET`.
///
/// A set is a Tiled map painted with catacomb's terrain tileset (`catacomb tileset --out DIR`
/// writes it) in its tile layer, and objects in any object layer:
///   - `template`: a rectangle enclosing one template's cells (rounded to whole cells). Its name
///     is the template's name. Properties: `type` (text: start, exit, treasure, boss, corridor,
///     any, ...; default any), `weight` (number > 0, default 1), `min` and `max` (integers: how
///     many per dungeon; default 0 and no limit), `rotate` and `mirror` (booleans, default true;
///     false for side-view sets), `tags` (text, comma separated).
///   - `socket`: a point or tile object on an edge cell of a template (not a corner): a door.
///   - `spot`: a point inside a template where an objective may stand; property `kind` (start,
///     exit, key, treasure, objective, or any: the default).
///   - `chance`: a rectangle inside a template whose cells are wall with probability `wall` (a
///     number 0 to 1) and otherwise their painted terrain (Spelunky's probabilistic tiles).
/// Map properties: `name` (the set's name; default the file's name without extension) and
/// `view` ("top" or "side"; side-view templates are never turned).
/// An object's cell is where it is drawn (a point's cell, a tile object's centre). Other classes
/// and layers are ignored.
///
/// Reading is lenient where a designer's mistake is the set's problem (a property of the wrong
/// type, a socket off its template's edge, an object outside every template): those come back
/// as TemplateProblems, with check_template_set's, so that `templates check` lists them all.
/// What is not a Tiled map at all is refused as read_tiled_map refuses it (InvalidArgument).
#include <catacomb/export.hpp>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/room_templates.hpp>
#include <catacomb/io/tiled_read.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// A set as read, with every problem found in it (reading's and check_template_set's).
struct TemplateSetReading {
  TemplateSet set;                        ///< the templates (those with problems included)
  std::vector<TemplateProblem> problems;  ///< empty when the set is good to use
};

/// Parses a template set. `name` is the set's name unless the map has a `name` property.
/// Throws InvalidArgument for a map that is not a Tiled map painted with catacomb's tileset.
TemplateSetReading read_template_set(std::string_view text, TiledSyntax syntax,
                                     const TiledSourceReader& read_source = {}, const std::string& name = "");
/// Reads the set at `path` (.tmj or .json: JSON, otherwise XML; external tilesets beside it).
/// Throws IoError when it cannot be read, InvalidArgument as read_template_set.
TemplateSetReading load_template_set(const std::string& path);

}  // namespace catacomb
CATACOMB_PUBLIC_END
