// The template set reader on any bytes as a .tmj (JSON) Tiled map; see fuzz_template_set.hpp.
#include "fuzz_template_set.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return catacomb::fuzz::fuzz_template_set(data, size, catacomb::TiledSyntax::Json);
}
