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

/// A zlib stream of `repeats` copies of `chunk` (a "zip bomb"): the chunk is compressed once
/// (raw deflate ended by a full flush, so that it is a byte-aligned run of blocks that refer to
/// nothing before them) and those bytes repeated, then an empty final block and the Adler-32 of
/// the whole. 1 GiB of a repeated gid in about 1 MB, made in milliseconds.
inline std::string repeated_zlib(const std::string& chunk, size_t repeats) {
  z_stream z{};
  if (deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK) throw std::runtime_error("deflateInit2");
  std::string block(deflateBound(&z, static_cast<uLong>(chunk.size())) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(chunk.data()));
  z.avail_in = static_cast<uInt>(chunk.size());
  z.next_out = reinterpret_cast<Bytef*>(block.data());
  z.avail_out = static_cast<uInt>(block.size());
  const int rc = deflate(&z, Z_FULL_FLUSH);
  block.resize(z.total_out);
  deflateEnd(&z);
  if (rc != Z_OK || z.avail_in != 0) throw std::runtime_error("deflate failed");
  const uLong one = adler32(1, reinterpret_cast<const Bytef*>(chunk.data()), static_cast<uInt>(chunk.size()));
  uLong adler = one;
  for (size_t i = 1; i < repeats; ++i) adler = adler32_combine(adler, one, static_cast<z_off_t>(chunk.size()));
  std::string out = "\x78\xDA";  // zlib header: deflate, 32 KiB window, best compression
  out.reserve(2 + block.size() * repeats + 6);
  for (size_t i = 0; i < repeats; ++i) out += block;
  out += std::string("\x03\x00", 2);  // an empty final block (fixed Huffman: end of block only)
  for (int k = 3; k >= 0; --k) out += static_cast<char>((adler >> (8 * k)) & 0xFF);
  return out;
}

/// A Tiled XML map of side x side cells, all floor, a start at (1, 1) and an exit at (side - 2,
/// side - 2), its terrain layer base64 of a zlib stream from repeated_zlib: a 16384x16384 map
/// in about 1.4 MB of text that inflates to 1 GiB of tile ids.
inline std::string floor_bomb_tmx(int side) {
  const std::string chunk = gid_bytes(std::vector<uint32_t>(size_t{1} << 16, 2));  // 256 KiB of gid 2 (floor)
  const size_t bytes = size_t(side) * size_t(side) * 4;
  if (bytes % chunk.size() != 0) throw std::runtime_error("floor_bomb_tmx: side must be a multiple of 256");
  const std::string s = std::to_string(side), far = std::to_string((side - 2) * 8 + 4);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" "
         "renderorder=\"right-down\" width=\"" +
         s + "\" height=\"" + s +
         "\" tilewidth=\"8\" tileheight=\"8\" infinite=\"0\">\n"
         " <tileset firstgid=\"1\" name=\"terrain\" tilewidth=\"8\" tileheight=\"8\" tilecount=\"2\" columns=\"2\">\n"
         "  <tile id=\"0\"><properties><property name=\"terrain\" value=\"wall\"/></properties></tile>\n"
         "  <tile id=\"1\"><properties><property name=\"terrain\" value=\"floor\"/></properties></tile>\n"
         " </tileset>\n <layer id=\"1\" name=\"terrain\" width=\"" +
         s + "\" height=\"" + s + "\">\n  <data encoding=\"base64\" compression=\"zlib\">" +
         base64(repeated_zlib(chunk, bytes / chunk.size())) +
         "</data>\n </layer>\n <objectgroup id=\"2\" name=\"objectives\">\n"
         "  <object id=\"1\" name=\"start\" class=\"start\" x=\"12\" y=\"12\"><point/></object>\n"
         "  <object id=\"2\" name=\"exit\" class=\"exit\" x=\"" +
         far + "\" y=\"" + far +
         "\"><point/></object>\n"
         " </objectgroup>\n</map>\n";
}

}  // namespace catacomb::test
