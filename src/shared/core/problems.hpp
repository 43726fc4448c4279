#pragma once
/// Helpers for the FieldProblem lists every config's problems() builds ("<field> = <value>
/// (expected <limit>)" once formatted), and for turning a list of problems into one InvalidArgument.
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>  // format_number: a number as the messages print it

namespace catacomb {

/// Throws InvalidArgument carrying every problem, unless the list is empty.
void throw_if_problems(const std::vector<FieldProblem>& problems);

/// Appends `more` to `to`.
inline void append_problems(std::vector<FieldProblem>& to, const std::vector<FieldProblem>& more) {
  to.insert(to.end(), more.begin(), more.end());
}

}  // namespace catacomb
