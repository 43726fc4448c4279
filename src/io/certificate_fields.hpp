#pragma once
// Reading a certificate's fields (verify.cpp, verify_unlosable.cpp): every field is a claim, so a
// missing, mistyped or unknown field is bad input (InvalidArgument naming it), never a guess.
#include <cstdlib>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include <catacomb/core/error.hpp>
#include <catacomb/core/grid.hpp>
#include "io/json_input.hpp"
#include "io/sorted_json.hpp"

namespace catacomb::certificate_fields {

[[noreturn]] inline void bad(const std::string& field, const detail::Json& got, const std::string& expected) {
  throw InvalidArgument("certificate " + field + " = " + detail::sorted_excerpt(got) + " (expected " + expected + ")");
}

inline const detail::Json& need(const detail::Json& obj, const char* key, const std::string& where) {
  if (!obj.is_object() || !obj.contains(key)) bad(where + key, detail::Json("missing"), "a value");
  return obj[key];
}

inline Point cell(const detail::Json& v, const std::string& where) {
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer() ||
      std::abs(v[0].get<int64_t>()) > kMaxSide * 4 || std::abs(v[1].get<int64_t>()) > kMaxSide * 4)
    bad(where, v, "[x, y], two integers");
  return {static_cast<int>(v[0].get<int64_t>()), static_cast<int>(v[1].get<int64_t>())};
}

// Refuses a field of `obj` that the format does not define: a certificate claims nothing the
// replay does not check.
inline void only_fields(const detail::Json& obj, std::initializer_list<std::string_view> fields,
                        const std::string& where) {
  for (const auto& it : detail::sorted_members(obj)) {
    bool known = false;
    std::string list;
    for (std::string_view f : fields) {
      known |= it.key() == f;
      list += (list.empty() ? "" : ", ") + std::string(f);
    }
    if (!known) bad(where + it.key(), it.value(), "only the fields " + list);
  }
}

}  // namespace catacomb::certificate_fields
