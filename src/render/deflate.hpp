#pragma once
// A fast zlib stream (RFC 1950 around RFC 1951 deflate) for the PNG writer: greedy LZ77 with one
// hash candidate plus runs of the previous byte, written with the fixed Huffman codes. Written for
// catacomb's previews (flat-coloured tiles, whose PNG-filtered rows are mostly runs of zeros), it
// compresses them several times faster than stb_image_write's own deflate, and to about the same
// size. Plain integer code with no dependency: the same input gives the same bytes on every
// machine and compiler.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace catacomb::detail {

/// The zlib stream of `data` (header, one fixed-Huffman deflate block, Adler-32).
std::vector<uint8_t> zlib_compress(const uint8_t* data, size_t size);

}  // namespace catacomb::detail
