#pragma once
/// Helpers for the "<field> = <value> (expected <limit>)" messages every config's problems()
/// writes, and for turning a list of problems into one InvalidArgument.
#include <string>
#include <vector>

#include <catacomb/core/format.hpp>  // format_number: a number as the messages print it

namespace catacomb {

/// Throws InvalidArgument with every problem joined by "; ", unless the list is empty.
void throw_if_problems(const std::vector<std::string>& problems);

}  // namespace catacomb
