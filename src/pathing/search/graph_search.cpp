// GraphSearchOptions checks; the search itself is the template in graph_search.hpp.
#include <catacomb/pathing/graph_search.hpp>

#include "shared/core/problems.hpp"

namespace catacomb {

std::vector<FieldProblem> GraphSearchOptions::problems() const {
  std::vector<FieldProblem> p;
  if (!(weight >= 0 && weight <= 1e6)) p.push_back({"weight", format_number(weight), "0 to 1e6"});
  if (budget < 0) p.push_back({"budget", std::to_string(budget), ">= 0"});
  return p;
}

void GraphSearchOptions::check() const { throw_if_problems(problems()); }

}  // namespace catacomb
