// throw_if_problems: one InvalidArgument carrying every field problem found, or nothing.
#include "shared/core/problems.hpp"

namespace catacomb {

void throw_if_problems(const std::vector<FieldProblem>& problems) {
  if (!problems.empty()) throw InvalidArgument(problems);
}

}  // namespace catacomb
