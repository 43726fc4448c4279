#pragma once
// Encoding a Tiled tile layer the ways Tiled does (base64 of little-endian 32-bit gids, zlib or
// gzip compressed), for the Tiled reader's tests. Header-only: only the test files that include
// it need zlib.
#include <zlib.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace catacomb::test {

inline std::string base64(const std::string& bytes) {
  static const char* a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t v = uint32_t{static_cast<unsigned char>(bytes[i])} << 16;
    if (i + 1 < bytes.size()) v |= uint32_t{static_cast<unsigned char>(bytes[i + 1])} << 8;
    if (i + 2 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 2]);
    out += a[(v >> 18) & 63];
    out += a[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? a[(v >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? a[v & 63] : '=';
  }
  return out;
}

/// The gids as Tiled's binary layer data: 4 bytes each, little-endian.
inline std::string gid_bytes(const std::vector<uint32_t>& gids) {
  std::string raw;
  for (uint32_t v : gids)
    for (int k = 0; k < 4; ++k) raw += static_cast<char>((v >> (8 * k)) & 0xFF);
  return raw;
}

/// zlib (window bits 15) or gzip (15 + 16) compression, as Tiled writes them.
inline std::string deflate_bytes(const std::string& raw, bool gzip) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, gzip ? 31 : 15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2 failed");
  std::string out(deflateBound(&z, static_cast<uLong>(raw.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(raw.data()));
  z.avail_in = static_cast<uInt>(raw.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (rc != Z_STREAM_END) throw std::runtime_error("deflate failed");
  return out;
}

}  // namespace catacomb::test
