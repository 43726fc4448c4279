#include "core/problems.hpp"

#include <catacomb/core/error.hpp>

namespace catacomb {

void throw_if_problems(const std::vector<std::string>& problems) {
  if (problems.empty()) return;
  std::string msg;
  for (const std::string& p : problems) msg += (msg.empty() ? "" : "; ") + p;
  throw InvalidArgument(msg);
}

}  // namespace catacomb
