// The move rules' diagonal policy names and parse, and Moves' checks of its fields
// (neighbors 4 or 8, diagonal_cost 1 to 2).
#include <catacomb/pathing/moves.hpp>

#include <catacomb/core/error.hpp>
#include "shared/core/problems.hpp"
#include "shared/pathing/search_names.hpp"

namespace catacomb {

std::string_view diagonal_policy_name(DiagonalPolicy p) { return detail::enum_name(detail::kDiagonalPolicyNames, p); }

DiagonalPolicy parse_diagonal_policy(std::string_view name, const std::string& field) {
  return detail::parse_enum(detail::kDiagonalPolicyNames, name, field);
}

std::vector<FieldProblem> Moves::problems() const {
  std::vector<FieldProblem> p;
  if (neighbors != 4 && neighbors != 8) p.push_back({"neighbors", std::to_string(neighbors), "4 or 8"});
  if (!(diagonal_cost >= 1 && diagonal_cost <= 2))
    p.push_back({"diagonal_cost", format_number(diagonal_cost), "1 to 2"});
  return p;
}

void Moves::check() const { throw_if_problems(problems()); }

}  // namespace catacomb
