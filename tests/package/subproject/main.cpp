// The parent's own code: valid C++, but not clean under -Wconversion (size_t -> int). It must
// build as it is: catacomb's warnings and -Werror stay on catacomb's targets.
#include <catacomb/catacomb.hpp>

#include <cstdio>
#include <vector>

int main() {
  std::vector<int> v(3);
  int n = v.size();
  catacomb::GenerateConfig config;
  const catacomb::GenerateResult result = catacomb::generate_dungeon(config, 11);
  const bool valid = catacomb::validate_dungeon(result.dungeon).valid;
  std::printf("subproject game: %d, dungeon %dx%d %s\n", n, result.dungeon.tiles.width(), result.dungeon.tiles.height(),
              valid ? "valid" : "INVALID");
  return valid ? 0 : 1;
}
