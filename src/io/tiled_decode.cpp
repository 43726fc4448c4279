// Tiled layer data. Base64 is decoded by a table (strict: a character outside the alphabet is
// an error, '=' only at the end); zlib and gzip streams are inflated by zlib in 64 KiB steps
// into a buffer that never grows past the 4 * count bytes the layer needs, so a "zip bomb" is
// refused after at most that many bytes. Time and memory are linear in the data.
#include "io/tiled_decode.hpp"

#include <array>
#include <cstring>

#include <catacomb/core/error.hpp>

#if CATACOMB_TILED_READER
#include <zlib.h>
#endif

namespace catacomb::detail {
namespace {

[[noreturn]] void bad(const std::string& what, const std::string& value, const std::string& expected) {
  throw InvalidArgument(FieldProblem{what, value, expected});
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A byte of the input as a message shows it: 'x' when printable ASCII, else its value.
std::string shown_char(char ch) {
  const auto c = static_cast<unsigned char>(ch);
  std::string s;
  if (c >= 0x20 && c < 0x7F) {
    s += '\'';
    s += ch;
    s += '\'';
  } else {
    s += "byte ";
    s += std::to_string(c);
  }
  return s;
}

std::string at_character(std::string what, size_t index) {
  what += " at character ";
  what += std::to_string(index + 1);
  return what;
}

std::string decode_base64(std::string_view text, size_t max_bytes, const std::string& what) {
  static const std::array<int8_t, 256> table = [] {
    std::array<int8_t, 256> t{};
    t.fill(-1);
    const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(alphabet[i])] = static_cast<int8_t>(i);
    return t;
  }();
  std::string out;
  out.reserve(std::min(max_bytes, text.size() / 4 * 3 + 3));
  uint32_t acc = 0;
  int bits = 0;
  size_t padding = 0, position = 0;
  for (char ch : text) {
    ++position;
    if (is_space(ch)) continue;
    if (ch == '=') {
      ++padding;
      continue;
    }
    const int v = table[static_cast<unsigned char>(ch)];
    if (v < 0 || padding > 0) {
      std::string got = v < 0 ? shown_char(ch) : std::string("data after '='");
      got += " at character ";
      got += std::to_string(position);
      bad(what, got, "base64 text (A-Z, a-z, 0-9, +, /, '=' only at the end)");
    }
    acc = (acc << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (out.size() >= max_bytes)
        bad(what, "more than " + std::to_string(max_bytes) + " bytes",
            std::to_string(max_bytes) + " bytes of layer data");
      out.push_back(static_cast<char>((acc >> bits) & 0xFFu));
    }
  }
  if (bits >= 6 || padding > 2) bad(what, "truncated base64 text", "complete base64 groups of 4 characters");
  return out;
}

std::vector<uint32_t> gids_from_bytes(std::string_view bytes, size_t count, const std::string& what) {
  if (bytes.size() != 4 * count)
    bad(what, std::to_string(bytes.size()) + " bytes",
        std::to_string(4 * count) + " bytes (4 per tile, width * height tiles)");
  std::vector<uint32_t> gids(count);
  for (size_t i = 0; i < count; ++i) {
    const auto* b = reinterpret_cast<const unsigned char*>(bytes.data() + 4 * i);
    gids[i] = (uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24) & ~kTiledGidFlags;
  }
  return gids;
}

#if CATACOMB_TILED_READER
std::string inflate_bounded(std::string_view in, bool gzip, size_t max_bytes, const std::string& what) {
  z_stream z{};
  // 15 window bits: a zlib stream; + 16: a gzip stream (what Tiled writes for "gzip").
  if (inflateInit2(&z, gzip ? 15 + 16 : 15) != Z_OK) throw Error(what + ": zlib could not start (out of memory)");
  std::string out;
  int rc = Z_OK;
  size_t in_pos = 0;
  constexpr size_t kStep = 64 * 1024;
  do {
    if (z.avail_in == 0 && in_pos < in.size()) {
      const size_t n = std::min<size_t>(in.size() - in_pos, 1u << 30);
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data() + in_pos));
      z.avail_in = static_cast<uInt>(n);
      in_pos += n;
    }
    // One byte more than allowed, so that too much data is seen rather than cut silently.
    const size_t room = std::min(kStep, max_bytes + 1 - out.size());
    const size_t at = out.size();
    out.resize(at + room);
    z.next_out = reinterpret_cast<Bytef*>(out.data() + at);
    z.avail_out = static_cast<uInt>(room);
    rc = inflate(&z, Z_NO_FLUSH);
    out.resize(at + (room - z.avail_out));
    if (out.size() > max_bytes) {
      inflateEnd(&z);
      bad(what, "more than " + std::to_string(max_bytes) + " bytes when inflated",
          std::to_string(max_bytes) + " bytes (4 per tile, width * height tiles)");
    }
    if (rc == Z_BUF_ERROR && z.avail_in == 0 && in_pos >= in.size()) break;  // input ended early
  } while (rc == Z_OK);
  const std::string msg = z.msg ? z.msg : "";
  inflateEnd(&z);
  if (rc != Z_STREAM_END)
    bad(what,
        std::string(gzip ? "gzip" : "zlib") + " data that does not inflate (" +
            (msg.empty() ? std::string(rc == Z_BUF_ERROR ? "truncated" : "corrupt") : msg) + ")",
        std::string("a complete ") + (gzip ? "gzip" : "zlib") + " stream");
  return out;
}
#endif

}  // namespace

std::vector<uint32_t> tiled_gids_from_csv(std::string_view text, size_t count, const std::string& what) {
  std::vector<uint32_t> gids;
  gids.reserve(count);
  size_t i = 0;
  const size_t n = text.size();
  while (true) {
    while (i < n && is_space(text[i])) ++i;
    if (i == n) break;
    if (text[i] < '0' || text[i] > '9') bad(what, at_character(shown_char(text[i]), i), "comma-separated tile ids");
    uint64_t v = 0;
    while (i < n && text[i] >= '0' && text[i] <= '9') {
      v = v * 10 + static_cast<uint64_t>(text[i] - '0');
      if (v > 0xFFFFFFFFu) bad(what, at_character("a tile id above 2^32 - 1", i), "32-bit tile ids");
      ++i;
    }
    if (gids.size() == count)
      bad(what, "more than " + std::to_string(count) + " tile ids", std::to_string(count) + " (width * height)");
    gids.push_back(static_cast<uint32_t>(v) & ~kTiledGidFlags);
    while (i < n && is_space(text[i])) ++i;
    if (i == n) break;
    if (text[i] != ',') bad(what, at_character(shown_char(text[i]), i), "',' between tile ids");
    ++i;
  }
  if (gids.size() != count)
    bad(what, std::to_string(gids.size()) + " tile ids", std::to_string(count) + " (width * height)");
  return gids;
}

std::vector<uint32_t> tiled_gids_from_base64(std::string_view text, std::string_view compression, size_t count,
                                             const std::string& what) {
  const size_t bytes = 4 * count;
  if (compression.empty()) return gids_from_bytes(decode_base64(text, bytes, what), count, what);
  if (compression != "zlib" && compression != "gzip") {
    std::string got(1, '"');
    for (char c : compression.substr(0, 20))
      got += static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7F ? c : '?';
    got += '"';
    bad(what + " compression", got,
        "none, zlib or gzip (in Tiled: Map > Map Properties > Tile Layer Format, e.g. CSV or Base64 (zlib "
        "compressed))");
  }
#if CATACOMB_TILED_READER
  // A compressed stream is at most a little larger than its data (deflate's stored blocks add 5
  // bytes per 64 KiB), so the base64 text may not decode to more than that either.
  const std::string packed = decode_base64(text, bytes + bytes / 1000 + 1024, what);
  return gids_from_bytes(inflate_bounded(packed, compression == "gzip", bytes, what), count, what);
#else
  bad(what + " compression", std::string(compression.substr(0, 20)),
      "uncompressed data: this catacomb was built without zlib");
#endif
}

}  // namespace catacomb::detail
