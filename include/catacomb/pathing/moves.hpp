#pragma once
/// How a unit moves on a grid: the neighbourhood, the diagonal policy and the diagonal cost.
/// Shared by the search engine, the region labeler and distance maps, so that "reachable" means
/// the same thing everywhere.
#include <catacomb/export.hpp>
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

struct Moves {
  /// 4 or 8. [Limit: 4 or 8]
  int neighbors = 8;
  /// Diagonal policy with 8 neighbours (ignored with 4).
  DiagonalPolicy diagonal = DiagonalPolicy::NoCornerCut;
  /// A diagonal move costs the destination's cost times this. [Limit: 1 to 2]
  double diagonal_cost = kSqrt2;

  /// True when diagonal moves can happen at all.
  bool diagonals() const { return neighbors == 8 && diagonal != DiagonalPolicy::Never; }
  /// Every bad field ("neighbors = 6 (expected 4 or 8)"); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
};

/// The 8 directions in a fixed order: E, S, W, N (orthogonal, indices 0-3), then SE, SW, NW, NE
/// (diagonal, 4-7). Diagonal d's orthogonal components are kDiagonalParts[d - 4].
inline constexpr Point kDirections[8] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
inline constexpr int kDiagonalParts[4][2] = {{0, 1}, {2, 1}, {2, 3}, {0, 3}};

}  // namespace catacomb
CATACOMB_PUBLIC_END
