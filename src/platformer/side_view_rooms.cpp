// The built-in side-view room templates, drawn here as text (one string per row, '#' rock, '.'
// air, '-' a one-way platform, 'H' a ladder, '?' rock by chance (one in two)), parsed once into
// a TemplateSet. Each is 9 x 7: the inside of the default 10 x 8 room pitch. Sockets mark where
// the grid may open the room (the lower cells of the side columns, the middle of the top and
// bottom rows), so the set passes check_template_set like a set drawn in Tiled.
#include <catacomb/platformer/side_view_rooms.hpp>

#include <array>
#include <string_view>

namespace catacomb {
namespace {

struct Drawing {
  std::string_view name, type;
  double weight;
  std::array<std::string_view, 7> rows;
};

// Jump height 3 and body height 1: a platform's top stands at most 3 rows above the floor a jump
// starts from; blocks are one or two rows high.
constexpr Drawing kDrawings[] = {
    {"hall", "lr", 2, {".........", ".........", ".........", ".........", ".........", ".........", "........."}},
    {"step", "lr", 2, {".........", ".........", ".........", ".........", "...---...", ".........", "...#....."}},
    {"pillars", "lr", 1, {".........", ".........", "..?...?..", "..#...#..", ".........", ".........", "...#.#..."}},
    {"bridge", "lr", 1, {".........", ".........", ".........", "..-----..", ".........", ".........", "....#...."}},
    {"shaft", "drop", 2, {".........", ".........", ".--...--.", ".........", ".........", ".........", "........."}},
    {"ledges", "drop", 1, {".........", ".........", "##.......", ".........", "......---", ".........", "........."}},
    {"tower", "climb", 2, {".........", ".........", ".---.....", ".........", ".....---.", ".........", "........."}},
    {"terrace", "climb", 1, {".........", ".........", "......###", ".........", "..---....", ".........", "#........"}},
    {"den", "side", 2, {".........", ".........", ".........", "???...???", ".........", ".........", "..#...#.."}},
    {"loft", "side", 1, {".........", "...---...", ".........", ".........", ".---.---.", ".........", "....#...."}},
    {"nook", "side", 1, {".........", ".........", ".........", ".........", ".........", "..-----..", "........."}},
    {"plain", "any", 1, {".........", ".........", ".........", ".........", ".........", ".........", "........."}},
};

RoomTemplate parse(const Drawing& d) {
  RoomTemplate t;
  t.name = d.name;
  t.type = d.type;
  t.weight = d.weight;
  t.rotate = false;
  t.mirror = true;
  const int w = static_cast<int>(d.rows[0].size()), h = static_cast<int>(d.rows.size());
  t.tiles = Grid<Terrain>(w, h, Terrain::Floor);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const char c = d.rows[static_cast<size_t>(y)][static_cast<size_t>(x)];
      t.tiles(x, y) = c == '#'   ? Terrain::Wall
                      : c == '-' ? Terrain::Platform
                      : c == 'H' ? Terrain::Ladder
                                 : Terrain::Floor;
      if (c == '?') {  // painted air, rock by chance
        if (t.wall_chance.size() == 0) t.wall_chance = Grid<uint8_t>(w, h, 0);
        t.wall_chance(x, y) = 128;
      }
    }
  t.sockets = {
      {{0, h - 2}, Side::West}, {{w - 1, h - 2}, Side::East}, {{w / 2, 0}, Side::North}, {{w / 2, h - 1}, Side::South}};
  t.source = {0, 0, w, h};
  return t;
}

TemplateSet make_set() {
  TemplateSet set;
  set.name = "side-view";
  set.side_view = true;
  int x = 0;
  for (const Drawing& d : kDrawings) {
    RoomTemplate t = parse(d);
    t.source.x = x;  // apart, as if drawn side by side (the lint's overlap test)
    x += t.width() + 1;
    set.templates.push_back(std::move(t));
  }
  return set;
}

}  // namespace

const TemplateSet& default_side_view_rooms() {
  static const TemplateSet set = make_set();
  return set;
}

}  // namespace catacomb
