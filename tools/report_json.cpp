// The entries both reports of `catacomb validate --json` share (report_json.hpp). Plain
// nlohmann::ordered_json objects: the keys come out in the order written here.
#include "tools/report_json.hpp"

namespace catacomb::cli {

using ojson = nlohmann::ordered_json;

ojson objective_json(const Objective& o) {
  return ojson{{"kind", objective_kind_name(o.kind)}, {"x", o.pos.x}, {"y", o.pos.y}};
}

ojson problem_json(std::string_view kind, const std::string& message, int objective) {
  ojson e{{"kind", kind}, {"message", message}};
  e["objective"] = objective >= 0 ? ojson(objective) : ojson(nullptr);
  return e;
}

}  // namespace catacomb::cli
