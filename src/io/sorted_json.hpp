#pragma once
// Internal to io: the one JSON type of the module, nlohmann::ordered_json (keys in the order
// written or read), and the sorted view of it where a format or a message has keys sorted (Tiled's
// files, the certificate's and the config's messages, which a std::map-keyed nlohmann::json gave
// before). One instantiation of nlohmann's templates, not two: the other was 80 kB of code in the
// WebAssembly binary (docs/browser.md, "Sizes").
#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/json_input.hpp"

namespace catacomb::detail {

using Json = nlohmann::ordered_json;

/// The members of object `obj` in sorted key order (std::less<std::string>, a std::map's order).
inline std::vector<Json::const_iterator> sorted_members(const Json& obj) {
  std::vector<Json::const_iterator> members;
  members.reserve(obj.size());
  for (auto it = obj.begin(); it != obj.end(); ++it) members.push_back(it);
  std::sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.key() < b.key(); });
  return members;
}

/// `v` with the keys of every object in it sorted, as a std::map-keyed json holds and dumps them.
inline Json sorted_json(const Json& v) {
  if (v.is_array()) {
    Json out = Json::array();
    for (const Json& e : v) out.push_back(sorted_json(e));
    return out;
  }
  if (!v.is_object()) return v;
  Json out = Json::object();
  auto& members = out.get_ref<Json::object_t&>();
  members.reserve(v.size());
  for (const auto& it : sorted_members(v)) members.emplace_back(it.key(), sorted_json(it.value()));
  return out;
}

/// json_excerpt of `v` with its objects' keys sorted.
inline std::string sorted_excerpt(const Json& v) { return json_excerpt(v.is_structured() ? sorted_json(v) : v); }

}  // namespace catacomb::detail
