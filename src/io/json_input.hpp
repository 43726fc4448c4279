#pragma once
/// Reading untrusted JSON with nlohmann-json, shared by the JSON map and config readers: one
/// parse that turns every failure (syntax, a number beyond double such as 1e999, nesting deeper
/// than any catacomb document has) into InvalidArgument, and a short one-line excerpt of a value
/// for messages (never a full dump of input that may be huge).
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <catacomb/core/error.hpp>
#include <catacomb/core/grid.hpp>

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

/// The width and height a JSON document declares: its top-level members "width" and "height"
/// when they are plain integers, found by one scan of the text that parses nothing (strings are
/// skipped, nesting counted), so that a map is refused by its size before its tiles are read.
/// The last of duplicate members counts, as the parser keeps it. nullopt for a member missing,
/// escaped or not a plain integer: the parser then reads it (and says what is wrong).
struct JsonDeclaredSize {
  std::optional<int64_t> width, height;
};

inline JsonDeclaredSize json_declared_size(std::string_view t) {
  JsonDeclaredSize out;
  int depth = 0;
  size_t i = 0;
  const size_t n = t.size();
  while (i < n) {
    const char c = t[i];
    if (c == '"') {
      const size_t start = i + 1;
      size_t end = start;
      for (;;) {  // the closing quote: one not escaped by an odd run of backslashes
        const void* q = std::memchr(t.data() + end, '"', n - end);
        if (!q) return out;
        end = static_cast<size_t>(static_cast<const char*>(q) - t.data());
        size_t slashes = 0;
        while (end - slashes > start && t[end - slashes - 1] == '\\') ++slashes;
        if (slashes % 2 == 0) break;
        ++end;
      }
      i = end + 1;
      const std::string_view key = t.substr(start, end - start);
      if (depth != 1 || (key != "width" && key != "height")) continue;
      while (i < n && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t')) ++i;
      if (i >= n || t[i] != ':') continue;  // a value "width", not the key
      ++i;
      while (i < n && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t')) ++i;
      int64_t v = 0;
      size_t digits = 0;
      for (; i < n && t[i] >= '0' && t[i] <= '9' && digits < 12; ++i, ++digits) v = v * 10 + (t[i] - '0');
      const bool plain = digits > 0 && digits < 12 &&
                         (i >= n || t[i] == ',' || t[i] == '}' || t[i] == ' ' || t[i] == '\n' || t[i] == '\r' ||
                          t[i] == '\t');
      (key == "width" ? out.width : out.height) = plain ? std::optional<int64_t>(v) : std::nullopt;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') --depth;
    ++i;
  }
  return out;
}

/// Calls `check` with the size json_declared_size finds in `text`, when both sides are found
/// and within 1 to kMaxSide (anything else is left for the reader to refuse by name).
inline void check_json_declared_size(std::string_view text, const MapSizeCheck& check) {
  if (!check) return;
  const JsonDeclaredSize size = json_declared_size(text);
  if (size.width && size.height && *size.width >= 1 && *size.width <= kMaxSide && *size.height >= 1 &&
      *size.height <= kMaxSide)
    check(static_cast<int>(*size.width), static_cast<int>(*size.height));
}

/// Parses `text` into a Json (detail::Json, sorted_json.hpp). Throws InvalidArgument with the
/// problem {what, value, "<expected>: <reason>"} for anything nlohmann refuses and for nesting
/// deeper than kMaxJsonDepth.
/// `callback`, when given, is nlohmann's parser callback (it may drop or replace values as they
/// are parsed, e.g. to keep a huge array out of the tree).
/// Where JSON text stops parsing, in catacomb's words (never the parser's): "the text ends early
/// at line 1, column 2" or "unexpected '}' at line 3, column 7", from the parser's 1-based byte.
inline std::string json_syntax_error(std::string_view text, size_t byte) {
  const size_t at = byte == 0 ? 0 : byte - 1;
  int line = 1, column = 1;
  for (size_t i = 0; i < at && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  const std::string where = "line " + std::to_string(line) + ", column " + std::to_string(column);
  if (at >= text.size()) return "the text ends early at " + where;
  const auto c = static_cast<unsigned char>(text[at]);
  if (c >= 0x20 && c < 0x7f) return std::string("unexpected '") + static_cast<char>(c) + "' at " + where;
  return "an unexpected byte " + std::to_string(c) + " at " + where;
}

template <class Json>
Json parse_json_input(std::string_view text, const std::string& what, const std::string& value,
                      const std::string& expected, typename Json::parser_callback_t callback = nullptr) {
  if (json_depth(text) > kMaxJsonDepth)
    throw InvalidArgument(
        FieldProblem{what, value, expected + ": nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"});
  try {
    return Json::parse(text.begin(), text.end(), std::move(callback));
  } catch (const typename Json::parse_error& e) {
    throw InvalidArgument(FieldProblem{what, value, expected + ": " + json_syntax_error(text, e.byte)});
  } catch (const typename Json::exception& e) {
    // The only other error parsing gives is a number too large for a double: name the number.
    const std::string m = e.what();
    const size_t open = m.find('\''), close = m.rfind('\'');
    const std::string number = open != std::string::npos && close > open
                                   ? " (" + m.substr(open + 1, close - open - 1) + ")"
                                   : "";
    throw InvalidArgument(FieldProblem{what, value, expected + ": a number beyond a double" + number});
  }
}

/// A value as a message shows it: its JSON text, cut to `max_chars` with "..." when longer.
template <class Json>
std::string json_excerpt(const Json& v, size_t max_chars = 60) {
  std::string s;
  try {
    s = v.dump(-1, ' ', false, Json::error_handler_t::replace);
  } catch (const typename Json::exception&) { s = v.type_name(); }
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
