// The Tiled reader on any bytes as a .tmx (XML) map; see fuzz_tiled.hpp.
#include "fuzz_tiled.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return catacomb::fuzz::fuzz_tiled(data, size, catacomb::TiledSyntax::Xml);
}
