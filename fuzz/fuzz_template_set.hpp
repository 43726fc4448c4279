#pragma once
// The template set reader (io/template_set.hpp) on any bytes, shared by fuzz_template_set_tmj and
// fuzz_template_set_tmx: a TemplateSetReading or InvalidArgument (IoError only for an external
// tileset other than catacomb's, which the source reader serves under any .tsj name, so that
// inputs get past the tileset as the examples' sets do). What it reads: check_template_set's
// problems are among the reading's, the set's hash is stable, and each template in each
// orientation it allows keeps its sockets, spots and cell count, with sockets still on its edge
// (the templates the check passes) and orientation 0 the template itself.
#include <catacomb/core/error.hpp>
#include <catacomb/io/template_set.hpp>
#include <catacomb/io/tiled.hpp>

#include <algorithm>

#include "fuzz_common.hpp"

namespace catacomb::fuzz {

inline bool on_edge(Point p, int w, int h) { return p.x == 0 || p.y == 0 || p.x == w - 1 || p.y == h - 1; }

inline void check_orientations(const RoomTemplate& t, bool checked) {
  check(oriented(t, 0) == t, "template orientation 0 is the template itself");
  for (int o = 1; o < kOrientations; ++o) {
    if (!orientation_allowed(t, o)) continue;
    const RoomTemplate r = oriented(t, o);
    check(r.tiles.size() == t.tiles.size(), "oriented template: cell count");
    check(r.sockets.size() == t.sockets.size() && r.spots.size() == t.spots.size(),
          "oriented template: socket and spot counts");
    check((r.width() == t.width() && r.height() == t.height()) || (r.width() == t.height() && r.height() == t.width()),
          "oriented template: size turned or kept");
    if (!checked) continue;
    for (const TemplateSocket& s : r.sockets)
      check(on_edge(s.pos, r.width(), r.height()), "oriented template: a socket left the edge");
  }
}

inline int fuzz_template_set(const uint8_t* data, size_t size, TiledSyntax syntax) {
  // catacomb's own external tileset (what examples/templates/crypt refers to), under any .tsj name.
  static const std::string tileset = make_tiled_tileset("catacomb-tileset.tsj").tsj;
  const TiledSourceReader read_source = [](const std::string& source) -> std::string {
    if (source.size() >= 4 && source.compare(source.size() - 4, 4, ".tsj") == 0) return tileset;
    throw IoError("read", source, "no such tileset in the fuzzer");
  };
  TemplateSetReading reading;
  try {
    reading = read_template_set(as_text(data, size), syntax, read_source, "fuzz");
  } catch (const InvalidArgument&) { return 0; } catch (const IoError&) {
    return 0;
  }
  const TemplateSet& set = reading.set;
  check(set.hash() == set.hash(), "template set hash is stable");
  const std::vector<TemplateProblem> lint = check_template_set(set);
  for (const TemplateProblem& p : lint)
    check(std::find(reading.problems.begin(), reading.problems.end(), p) != reading.problems.end(),
          "check_template_set's problems are among the reading's");
  for (const RoomTemplate& t : set.templates) {
    const bool checked = std::none_of(reading.problems.begin(), reading.problems.end(),
                                      [&t](const TemplateProblem& p) { return p.template_name == t.name; });
    check_orientations(t, checked);
  }
  return 0;
}

}  // namespace catacomb::fuzz
