#pragma once
// Adler-32 the slow way, the checksum the zlib streams of the PNG writer are checked against
// (tests/render/deflate_test.cpp).
#include <cstdint>
#include <vector>

namespace catacomb::test {

/// Adler-32 of `d` (RFC 1950, section 9), one byte and two modulo operations at a time.
uint32_t reference_adler(const std::vector<uint8_t>& d);

}  // namespace catacomb::test
