// Tiled layer data. Base64 is decoded by a table (strict: a character outside the alphabet is
// an error, '=' only at the end); zlib and gzip streams are inflated by zlib in 64 KiB steps
// into one 64 KiB buffer, each step's bytes read as gids into LayerCells at once, and refused
// as soon as they pass the 4 * count bytes the layer needs, so a "zip bomb" costs at most one
// byte per cell of the size its map declares. Time is linear in the data; memory is the cells
// (one byte each) and the compressed bytes.
#include "io/tiled_decode.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

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

// Decodes base64 `text`, giving each byte to `sink`; at most `max_bytes` of them.
template <class Sink>
void decode_base64(std::string_view text, size_t max_bytes, const std::string& what, Sink&& sink) {
  static const std::array<int8_t, 256> table = [] {
    std::array<int8_t, 256> t{};
    t.fill(-1);
    const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(alphabet[i])] = static_cast<int8_t>(i);
    return t;
  }();
  size_t produced = 0;
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
      if (produced >= max_bytes)
        bad(what, "more than " + std::to_string(max_bytes) + " bytes",
            std::to_string(max_bytes) + " bytes of layer data");
      sink(static_cast<unsigned char>((acc >> bits) & 0xFFu));
      ++produced;
    }
  }
  if (bits >= 6 || padding > 2) bad(what, "truncated base64 text", "complete base64 groups of 4 characters");
}

// Little-endian 32-bit gids from bytes as they come, into a LayerCells; counts the bytes.
class GidBytes {
 public:
  explicit GidBytes(LayerCells& out) : out_(out) {}
  void put(unsigned char b) {
    acc_ |= uint32_t{b} << (8 * n_);
    ++bytes_;
    if (++n_ == 4) {
      out_.push(acc_ & ~kTiledGidFlags);
      acc_ = 0;
      n_ = 0;
    }
  }
  void put(const unsigned char* p, size_t n) {
    size_t i = 0;
    for (; i < n && n_ != 0; ++i) put(p[i]);  // the end of a gid begun in the last step
    for (; i + 4 <= n; i += 4) {
      out_.push((uint32_t{p[i]} | uint32_t{p[i + 1]} << 8 | uint32_t{p[i + 2]} << 16 | uint32_t{p[i + 3]} << 24) &
                ~kTiledGidFlags);
      bytes_ += 4;
    }
    for (; i < n; ++i) put(p[i]);
  }
  // The layer's bytes must be exactly 4 per cell.
  void finish(size_t count, const std::string& what) const {
    if (bytes_ != 4 * count)
      bad(what, std::to_string(bytes_) + " bytes",
          std::to_string(4 * count) + " bytes (4 per tile, width * height tiles)");
  }

 private:
  LayerCells& out_;
  uint32_t acc_ = 0;
  int n_ = 0;
  size_t bytes_ = 0;
};

#if CATACOMB_TILED_READER
// Inflates `in` in 64 KiB steps, each step's bytes given to `gids` at once: refused as soon as
// more than `max_bytes` come out.
void inflate_bounded(std::string_view in, bool gzip, size_t max_bytes, const std::string& what, GidBytes& gids) {
  z_stream z{};
  // 15 window bits: a zlib stream; + 16: a gzip stream (what Tiled writes for "gzip").
  if (inflateInit2(&z, gzip ? 15 + 16 : 15) != Z_OK) throw Error(what + ": zlib could not start (out of memory)");
  constexpr size_t kStep = 64 * 1024;
  std::vector<unsigned char> buffer(kStep);
  size_t produced = 0, in_pos = 0;
  int rc = Z_OK;
  do {
    if (z.avail_in == 0 && in_pos < in.size()) {
      const size_t n = std::min<size_t>(in.size() - in_pos, 1u << 30);
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data() + in_pos));
      z.avail_in = static_cast<uInt>(n);
      in_pos += n;
    }
    // One byte more than allowed, so that too much data is seen rather than cut silently.
    const size_t room = std::min(kStep, max_bytes + 1 - produced);
    z.next_out = buffer.data();
    z.avail_out = static_cast<uInt>(room);
    rc = inflate(&z, Z_NO_FLUSH);
    const size_t got = room - z.avail_out;
    produced += got;
    if (produced > max_bytes) {
      inflateEnd(&z);
      bad(what, "more than " + std::to_string(max_bytes) + " bytes when inflated",
          std::to_string(max_bytes) + " bytes (4 per tile, width * height tiles)");
    }
    gids.put(buffer.data(), got);
    if (rc == Z_BUF_ERROR && z.avail_in == 0 && in_pos >= in.size()) break;  // input ended early
  } while (rc == Z_OK);
  const std::string msg = z.msg ? z.msg : "";
  inflateEnd(&z);
  if (rc != Z_STREAM_END)
    bad(what,
        std::string(gzip ? "gzip" : "zlib") + " data that does not inflate (" +
            (msg.empty() ? std::string(rc == Z_BUF_ERROR ? "truncated" : "corrupt") : msg) + ")",
        std::string("a complete ") + (gzip ? "gzip" : "zlib") + " stream");
}
#endif

}  // namespace

void LayerCells::start(size_t count, std::string what) {
  clear();
  what_ = std::move(what);
  count_ = count;
  narrow_.reserve(count);
}

void LayerCells::clear() {
  std::vector<uint8_t>().swap(narrow_);
  std::vector<uint32_t>().swap(wide_);
  palette_.clear();
  slot_of_.clear();
  have_last_ = false;
}

void LayerCells::push_new(uint32_t gid) {
  auto [it, added] = slot_of_.try_emplace(gid, static_cast<uint32_t>(palette_.size()));
  if (added) {
    if (palette_.size() >= kMaxLayerGids)
      bad(what_, "more than " + std::to_string(kMaxLayerGids) + " different tile ids",
          "at most the tiles of the map's tilesets (2^20) and the empty cell");
    palette_.push_back(gid);
    if (palette_.size() == 257 && wide_.empty()) {  // a 257th gid: four bytes per cell from now on
      wide_.reserve(count_);
      wide_.assign(narrow_.begin(), narrow_.end());
      std::vector<uint8_t>().swap(narrow_);
    }
  }
  last_gid_ = gid;
  last_slot_ = it->second;
  have_last_ = true;
  append(last_slot_);
}

void tiled_gids_from_csv(std::string_view text, size_t count, const std::string& what, LayerCells& gids) {
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
    gids.push(static_cast<uint32_t>(v) & ~kTiledGidFlags);
    while (i < n && is_space(text[i])) ++i;
    if (i == n) break;
    if (text[i] != ',') bad(what, at_character(shown_char(text[i]), i), "',' between tile ids");
    ++i;
  }
  if (gids.size() != count)
    bad(what, std::to_string(gids.size()) + " tile ids", std::to_string(count) + " (width * height)");
}

void tiled_gids_from_base64(std::string_view text, std::string_view compression, size_t count, const std::string& what,
                            LayerCells& out) {
  const size_t bytes = 4 * count;
  GidBytes gids(out);
  if (compression.empty()) {
    decode_base64(text, bytes, what, [&](unsigned char b) { gids.put(b); });
    gids.finish(count, what);
    return;
  }
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
  std::string packed;
  packed.reserve(std::min(bytes + bytes / 1000 + 1024, text.size() / 4 * 3 + 3));
  decode_base64(text, bytes + bytes / 1000 + 1024, what,
                [&](unsigned char b) { packed.push_back(static_cast<char>(b)); });
  inflate_bounded(packed, compression == "gzip", bytes, what, gids);
  gids.finish(count, what);
#else
  bad(what + " compression", std::string(compression.substr(0, 20)),
      "uncompressed data: this catacomb was built without zlib");
#endif
}

}  // namespace catacomb::detail
