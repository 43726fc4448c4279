// Error messages as one printable line (printable_text): a single pass over the bytes, escaping
// what a terminal would act on or what is not UTF-8, then a cut at a character boundary.
#include <catacomb/core/error.hpp>

namespace catacomb {
namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is not one (overlong forms,
// surrogates and values beyond U+10FFFF are not valid).
size_t utf8_length(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  size_t n = 0;
  unsigned min = 0;
  if (c >= 0xC2 && c <= 0xDF) n = 2, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, min = 0x10000;
  else return 0;
  if (i + n > s.size()) return 0;
  unsigned cp = c & (0x7Fu >> n);
  for (size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(i + k) & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace

std::string printable_text(std::string_view text, size_t max_bytes) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(std::min(text.size(), max_bytes) + 8);
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::string piece;
    size_t used = 1;
    if (c == '\n') piece = "\\n";
    else if (c == '\r') piece = "\\r";
    else if (c == '\t') piece = "\\t";
    else if (c < 0x20 || c == 0x7F) piece = std::string("\\x") + kHex[c >> 4] + kHex[c & 15];
    else if (c < 0x80) piece = std::string(1, static_cast<char>(c));
    else if ((used = utf8_length(text, i)) > 0) piece = std::string(text.substr(i, used));
    else piece = std::string("\\x") + kHex[c >> 4] + kHex[c & 15], used = 1;
    if (out.size() + piece.size() > max_bytes) {
      out += "...";
      return out;
    }
    out += piece;
    i += used;
  }
  return out;
}

}  // namespace catacomb
