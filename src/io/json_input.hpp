#pragma once
/// Reading untrusted JSON with nlohmann-json, shared by the JSON map and config readers: one
/// parse that turns every failure (syntax, a number beyond double such as 1e999, nesting deeper
/// than any catacomb document has) into InvalidArgument, and a short one-line excerpt of a value
/// for messages (never a full dump of input that may be huge).
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>

#include <catacomb/core/error.hpp>

namespace catacomb {

/// Deepest nesting of arrays and objects accepted. catacomb's own documents nest 3 levels; the
/// limit keeps any recursion over a parsed value (dump, comparison) far from the stack's end.
inline constexpr int kMaxJsonDepth = 64;

/// The deepest nesting of '[' and '{' in `text`, outside strings (stops counting past `limit`).
inline int json_depth(std::string_view text, int limit = kMaxJsonDepth) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

/// Parses `text` into a Json (nlohmann::json or ordered_json). Throws InvalidArgument with the
/// problem {what, value, "<expected>: <reason>"} for anything nlohmann refuses and for nesting
/// deeper than kMaxJsonDepth.
/// `callback`, when given, is nlohmann's parser callback (it may drop or replace values as they
/// are parsed, e.g. to keep a huge array out of the tree).
template <class Json>
Json parse_json_input(std::string_view text, const std::string& what, const std::string& value,
                      const std::string& expected, typename Json::parser_callback_t callback = nullptr) {
  if (json_depth(text) > kMaxJsonDepth)
    throw InvalidArgument(
        FieldProblem{what, value, expected + ": nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"});
  try {
    return Json::parse(text.begin(), text.end(), std::move(callback));
  } catch (const nlohmann::json::exception& e) {
    throw InvalidArgument(FieldProblem{what, value, expected + ": " + e.what()});
  }
}

/// A value as a message shows it: its JSON text, cut to `max_chars` with "..." when longer.
template <class Json>
std::string json_excerpt(const Json& v, size_t max_chars = 60) {
  std::string s;
  try {
    s = v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  } catch (const nlohmann::json::exception&) { s = v.type_name(); }
  if (s.size() > max_chars) {
    s.resize(max_chars);
    // Not half a UTF-8 character: drop continuation bytes, then the lead byte they followed.
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
    if (!s.empty() && static_cast<unsigned char>(s.back()) >= 0xC0) s.pop_back();
    s += "...";
  }
  return s;
}

}  // namespace catacomb
