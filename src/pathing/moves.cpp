// The move rules' diagonal policy names and parse, and Moves' checks of its fields
// (neighbors 4 or 8, diagonal_cost 1 to 2).
#include <catacomb/pathing/moves.hpp>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"

namespace catacomb {

std::string_view diagonal_policy_name(DiagonalPolicy p) {
  switch (p) {
    case DiagonalPolicy::Never: return "never";
    case DiagonalPolicy::NoCornerCut: return "no-corner-cut";
    case DiagonalPolicy::OneFree: return "one-free";
    case DiagonalPolicy::Always: return "always";
  }
  return "?";
}

DiagonalPolicy parse_diagonal_policy(std::string_view name, const std::string& field) {
  for (DiagonalPolicy p : {DiagonalPolicy::Never, DiagonalPolicy::NoCornerCut, DiagonalPolicy::OneFree,
                           DiagonalPolicy::Always})
    if (diagonal_policy_name(p) == name) return p;
  throw InvalidArgument(FieldProblem{field, std::string(name), "never, no-corner-cut, one-free or always"});
}

std::vector<FieldProblem> Moves::problems() const {
  std::vector<FieldProblem> p;
  if (neighbors != 4 && neighbors != 8) p.push_back({"neighbors", std::to_string(neighbors), "4 or 8"});
  if (!(diagonal_cost >= 1 && diagonal_cost <= 2)) p.push_back({"diagonal_cost", format_number(diagonal_cost), "1 to 2"});
  return p;
}

void Moves::check() const { throw_if_problems(problems()); }

}  // namespace catacomb
