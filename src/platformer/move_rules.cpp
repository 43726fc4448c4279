// The platformer moves (see move_rules.hpp). fall_landing scans one column downward: O(rows
// fallen). for_each_move (in the header, so the graph builder's emit is inlined) tries at most
// 2 walks or falls, 2 climbs or drops and H * (2D + 3) jump arcs per node.
#include <catacomb/platformer/move_rules.hpp>

#include "shared/core/enum_names.hpp"

namespace catacomb {

namespace {
constexpr detail::EnumNames<MoveKind, 5> kMoveKindNames = {{{MoveKind::Walk, "walk"},
                                                            {MoveKind::Fall, "fall"},
                                                            {MoveKind::Climb, "climb"},
                                                            {MoveKind::Drop, "drop"},
                                                            {MoveKind::Jump, "jump"}}};
}  // namespace

std::string_view move_kind_name(MoveKind k) { return detail::enum_name(kMoveKindNames, k); }

// A cell that fits the body and is no node has air (or a platform it is not on) below, so the
// body fits one row lower too: the scan ends at the map's bottom row at the latest.
std::optional<Point> fall_landing(const SideView& view, Point top, int max_fall) {
  Point p = top;
  while (!view.node(p)) {
    ++p.y;
    if (max_fall > 0 && p.y - top.y > max_fall) return std::nullopt;
  }
  return p;
}

std::vector<Point> move_cells(const Move& m) {
  std::vector<Point> cells;
  Point p = m.from;
  auto go = [&](int dx, int dy) {
    p.x += dx;
    p.y += dy;
    cells.push_back(p);
  };
  switch (m.kind) {
    case MoveKind::Walk:
    case MoveKind::Fall: go(m.dir, 0); break;
    case MoveKind::Climb: go(0, m.to.y > m.from.y ? 1 : -1); return cells;
    case MoveKind::Drop: go(0, 1); break;
    case MoveKind::Jump:
      for (int i = 0; i < m.rise; ++i) go(0, -1);
      for (int i = 0; i < m.glide; ++i) go(m.dir, 0);
      break;
  }
  while (p.y < m.to.y) go(0, 1);
  return cells;
}

}  // namespace catacomb
