#pragma once
/// How a unit moves on a grid: the neighbourhood, the diagonal policy and the diagonal cost, and
/// the move rule, the one place that decides whether a step is legal (step_allowed). The search
/// engine, jump point search, distance maps, region labeling, path checks and map analysis all
/// call it or use tables built from it, so that "reachable" means the same thing everywhere.
/// A rule that depends on more than passability (locked doors, jumps) belongs here too.
#include <catacomb/export.hpp>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/geometry.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// When a diagonal move is allowed (with 8 neighbours).
enum class DiagonalPolicy : uint8_t {
  Never,        ///< no diagonal moves (same as 4 neighbours)
  NoCornerCut,  ///< both orthogonal neighbours passable: the Moving AI convention, the default
  OneFree,      ///< at least one orthogonal neighbour passable
  Always,       ///< any diagonal whose destination is passable
};

/// "never", "no-corner-cut", "one-free", "always".
std::string_view diagonal_policy_name(DiagonalPolicy p);
/// Parses a policy name; throws InvalidArgument naming `field` otherwise.
DiagonalPolicy parse_diagonal_policy(std::string_view name, const std::string& field = "diagonal");

/// sqrt(2) rounded to the nearest double: the default diagonal cost factor.
inline constexpr double kSqrt2 = 1.4142135623730951;

/// How a player or a search may step from a cell: 4 or 8 neighbours, the diagonal policy and the
/// diagonal cost.
struct Moves {
  /// 4 or 8. [Limit: 4 or 8]
  int neighbors = 8;
  /// Diagonal policy with 8 neighbours (ignored with 4).
  DiagonalPolicy diagonal = DiagonalPolicy::NoCornerCut;
  /// A diagonal move costs the destination's cost times this. [Limit: 1 to 2]
  double diagonal_cost = kSqrt2;

  /// True when diagonal moves can happen at all.
  constexpr bool diagonals() const { return neighbors == 8 && diagonal != DiagonalPolicy::Never; }
  /// Every bad field ("neighbors = 6 (expected 4 or 8)"); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
};

/// The 8 directions in a fixed order: E, S, W, N (orthogonal, indices 0-3), then SE, SW, NW, NE
/// (diagonal, 4-7). Diagonal d's orthogonal components are kDiagonalParts[d - 4].
inline constexpr Point kDirections[8] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
/// The two orthogonal directions (indices into kDirections) a diagonal is made of:
/// kDiagonalParts[d - 4] for diagonal d.
inline constexpr int kDiagonalParts[4][2] = {{0, 1}, {2, 1}, {2, 3}, {0, 3}};

/// The index in kDirections of the step (dx, dy), or -1 when it is not one of the 8 steps.
constexpr int direction_index(int dx, int dy) {
  for (int d = 0; d < 8; ++d)
    if (kDirections[d].x == dx && kDirections[d].y == dy) return d;
  return -1;
}

// --- the move rule ---------------------------------------------------------------------------

/// The number of DiagonalPolicy values (Never to Always): tables per policy have this many rows.
inline constexpr size_t kDiagonalPolicyCount = 4;

/// The diagonal policy in effect under `m`: m.diagonal with 8 neighbours, Never with 4 (or an
/// invalid policy). Two Moves with the same effective policy allow the same steps, so it is the
/// key of anything cached per set of legal moves.
constexpr DiagonalPolicy effective_diagonal(const Moves& m) {
  if (m.neighbors != 8) return DiagonalPolicy::Never;
  switch (m.diagonal) {
    case DiagonalPolicy::NoCornerCut:
    case DiagonalPolicy::OneFree:
    case DiagonalPolicy::Always: return m.diagonal;
    case DiagonalPolicy::Never: break;
  }
  return DiagonalPolicy::Never;
}

/// Whether `policy` allows a diagonal step whose two side cells (the cells one straight step
/// along each of its components, kDiagonalParts) are passable as given. The destination must be
/// passable too (step_allowed).
constexpr bool diagonal_allowed(DiagonalPolicy policy, bool side_a_open, bool side_b_open) {
  switch (policy) {
    case DiagonalPolicy::Never: return false;
    case DiagonalPolicy::NoCornerCut: return side_a_open && side_b_open;
    case DiagonalPolicy::OneFree: return side_a_open || side_b_open;
    case DiagonalPolicy::Always: return true;
  }
  return false;
}

/// The move rule: may a unit on a passable cell step in `direction` (0-7, kDirections) under
/// `m`, given whether the destination is passable and, for a diagonal step (4-7), whether its
/// side cells kDiagonalParts[direction - 4][0] and [1] are (ignored for straight steps)? The
/// answer is the same from either end of a step (legal moves are symmetric), so connected means
/// reachable. Every other test of a step's legality is derived from this function.
constexpr bool step_allowed(const Moves& m, int direction, bool to_open, bool side_a_open = false,
                            bool side_b_open = false) {
  if (!to_open || direction < 0 || direction > 7) return false;
  if (direction < 4) return true;
  return diagonal_allowed(effective_diagonal(m), side_a_open, side_b_open);
}

/// step_allowed for the step from `from` in `direction` on a grid where `open(Point)` says
/// whether a cell is passable (false off the map); the side cells are only read for diagonals.
template <typename Open>
constexpr bool step_allowed_at(const Moves& m, Point from, int direction, const Open& open) {
  if (direction < 0 || direction > 7) return false;
  const Point to{from.x + kDirections[direction].x, from.y + kDirections[direction].y};
  if (direction < 4) return step_allowed(m, direction, open(to));
  const Point a = kDirections[kDiagonalParts[direction - 4][0]], b = kDirections[kDiagonalParts[direction - 4][1]];
  return step_allowed(m, direction, open(to), open(Point{from.x + a.x, from.y + a.y}),
                      open(Point{from.x + b.x, from.y + b.y}));
}

/// The legal moves out of a passable cell (bit d = direction d of kDirections) whose neighbours
/// are passable as `open_neighbours` says (bit d = the neighbour in direction d): step_allowed
/// for each direction.
constexpr uint8_t legal_moves(const Moves& m, unsigned open_neighbours) {
  const auto open = [open_neighbours](int d) { return (open_neighbours >> d & 1u) != 0; };
  unsigned bits = 0;
  for (int d = 0; d < 8; ++d) {
    const bool ok = d < 4 ? step_allowed(m, d, open(d))
                          : step_allowed(m, d, open(d), open(kDiagonalParts[d - 4][0]), open(kDiagonalParts[d - 4][1]));
    if (ok) bits |= 1u << d;
  }
  return static_cast<uint8_t>(bits);
}

/// legal_moves for every neighbourhood (the index) under each effective policy (the row, by
/// its DiagonalPolicy value): for loops that compute a cell's open neighbours as one byte.
inline constexpr std::array<std::array<uint8_t, 256>, kDiagonalPolicyCount> kLegalMoves = [] {
  std::array<std::array<uint8_t, 256>, kDiagonalPolicyCount> t{};
  for (size_t p = 0; p < kDiagonalPolicyCount; ++p)
    for (unsigned open = 0; open < 256; ++open)
      t[p][open] = legal_moves(Moves{8, static_cast<DiagonalPolicy>(p), kSqrt2}, open);
  return t;
}();

/// The legal moves out of a passable cell under `m`, from the byte of its open neighbours
/// (legal_moves, through kLegalMoves).
constexpr uint8_t legal_moves_lookup(const Moves& m, uint8_t open_neighbours) {
  return kLegalMoves[static_cast<size_t>(effective_diagonal(m))][open_neighbours];
}

/// True unless `m` allows a diagonal step with both side cells blocked (policy Always): then
/// every legal diagonal step has a passable side cell, through which two straight steps join its
/// ends, so the cells connected under `m` are the 4-connected ones.
constexpr bool diagonal_needs_open_side(const Moves& m) {
  for (int d = 4; d < 8; ++d)
    if (step_allowed(m, d, true, false, false)) return false;
  return true;
}

}  // namespace catacomb
CATACOMB_PUBLIC_END
