#pragma once
/// Helpers for the "<field> = <value> (expected <limit>)" messages every config's problems()
/// writes, and for turning a list of problems into one InvalidArgument.
#include <string>
#include <vector>

namespace catacomb {

/// A number as the messages print it: shortest form, no trailing zeros ("0.125", "150", "1e+06").
std::string format_number(double v);

/// Throws InvalidArgument with every problem joined by "; ", unless the list is empty.
void throw_if_problems(const std::vector<std::string>& problems);

}  // namespace catacomb
