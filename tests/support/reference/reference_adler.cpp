// Adler-32 the slow way (RFC 1950, section 9): two running sums, each reduced modulo 65521
// after every byte. O(bytes); shares nothing with the deflate writer's blocked sums.
#include "support/reference/reference_adler.hpp"

namespace catacomb::test {

uint32_t reference_adler(const std::vector<uint8_t>& d) {
  uint64_t a = 1, b = 0;
  for (uint8_t c : d) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  return static_cast<uint32_t>(b << 16 | a);
}

}  // namespace catacomb::test
