// GraphSearchOptions checks; the search itself is the template in graph_search.hpp.
#include "pathing/graph_search.hpp"

#include <sstream>

namespace catacomb {

std::vector<std::string> GraphSearchOptions::problems() const {
  std::vector<std::string> p;
  if (!(weight >= 0 && weight <= 1e6)) {
    std::ostringstream s;
    s << "weight = " << weight << " (expected 0 to 1e6)";
    p.push_back(s.str());
  }
  if (budget < 0) p.push_back("budget = " + std::to_string(budget) + " (expected >= 0)");
  return p;
}

void GraphSearchOptions::check() const {
  const std::vector<std::string> p = problems();
  if (p.empty()) return;
  std::string msg;
  for (const std::string& s : p) msg += (msg.empty() ? "" : "; ") + s;
  throw InvalidArgument(msg);
}

}  // namespace catacomb
