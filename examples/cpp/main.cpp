// A game's view of catacomb: generate a dungeon from a seed, check that it can be played, route
// from the start to the exit, and write a preview with the route drawn on it.
//
//   example-cpp [SEED] [PNG]      (defaults: 7, example.png)
//
// Exit codes follow the CLI's: 0 ok, 1 no valid dungeon, 2 bad input, 3 I/O error.
#include <catacomb/catacomb.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 7;
  const std::string png = argc > 2 ? argv[2] : "example.png";
  try {
    catacomb::GenerateConfig config;  // the rooms generator's defaults, on a 60x40 map
    config.width = 60;
    config.height = 40;
    const catacomb::GenerateResult result = catacomb::generate_dungeon(config, seed);
    const catacomb::Dungeon& dungeon = result.dungeon;

    // generate_dungeon already validated it; a game can re-check any map the same way.
    const catacomb::ValidationReport report = catacomb::validate_dungeon(dungeon);
    std::printf("seed %llu: %dx%d, %zu objectives, %s after %d attempt(s)\n", static_cast<unsigned long long>(seed),
                dungeon.tiles.width(), dungeon.tiles.height(), dungeon.objectives.size(),
                report.valid ? "valid" : "INVALID", dungeon.attempts);

    const catacomb::Point start = *dungeon.find(catacomb::ObjectiveKind::Start);
    const catacomb::Point exit = *dungeon.find(catacomb::ObjectiveKind::Exit);
    const catacomb::PathResult route = catacomb::find_path(dungeon, start, exit);
    std::printf("route (%d,%d) -> (%d,%d): %zu cells, cost %.2f\n", start.x, start.y, exit.x, exit.y, route.path.size(),
                route.cost);

    const int scale = 6;
    catacomb::Image image = catacomb::render_preview(dungeon, {scale});
    for (const catacomb::Point& p : route.path)
      image.fill_rect(p.x * scale + scale / 3, p.y * scale + scale / 3, scale / 3, scale / 3, {255, 255, 255});
    catacomb::write_png(png, image);
    std::printf("wrote %s\n", png.c_str());
    return report.valid && route.found() ? 0 : 1;
  } catch (const catacomb::InvalidArgument& e) {
    std::fprintf(stderr, "example-cpp: %s\n", e.what());
    return 2;
  } catch (const catacomb::IoError& e) {
    std::fprintf(stderr, "example-cpp: %s\n", e.what());
    return 3;
  } catch (const catacomb::Error& e) {  // GenerationError: no valid dungeon within the attempts
    std::fprintf(stderr, "example-cpp: %s\n", e.what());
    return 1;
  }
}
