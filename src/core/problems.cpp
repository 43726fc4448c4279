#include "core/problems.hpp"

#include <sstream>

namespace catacomb {

std::string format_number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

void throw_if_problems(const std::vector<FieldProblem>& problems) {
  if (!problems.empty()) throw InvalidArgument(problems);
}

}  // namespace catacomb
