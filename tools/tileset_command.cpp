// catacomb tileset: writes catacomb's terrain tileset for Tiled (catacomb-tileset.tsj and its
// image catacomb-tileset.png) into a directory, so that a designer paints maps and room templates
// with the tiles catacomb reads back: one tile per terrain (its "terrain" name, and its cost under
// the chosen cost table), a marker per objective kind and a locked door per lock. The same bytes
// as the tileset a batch shares with its maps (make_tiled_tileset).
#include <filesystem>
#include <string>
#include <ostream>

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/io/tiled.hpp>
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "tools/number_flags.hpp"
#include "tools/out_dir.hpp"
#include "tools/outputs.hpp"
#include "shared/core/enum_names.hpp"

namespace catacomb::cli {
namespace {

// The tileset's file name in --out; its image is "<stem>.png" beside it.
constexpr const char* kTilesetFile = "catacomb-tileset.tsj";

class TilesetCommand : public Command {
 public:
  explicit TilesetCommand(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("tileset", "Write catacomb's terrain tileset for Tiled");
    sub->footer(
        "Examples:\n"
        "  catacomb tileset --out tiles\n"
        "  catacomb tileset --out tiles --tile-size 32 --costs tutorial\n"
        "Writes OUT/catacomb-tileset.tsj and its image OUT/catacomb-tileset.png: one tile per terrain (a\n"
        "string property \"terrain\", the name catacomb reads back, and its cost), a marker per objective kind\n"
        "and a locked door per lock. Add it to a map in Tiled (Map > Add External Tileset) to paint maps and\n"
        "room templates that catacomb reads.\n"
        "OUT is created when it does not exist (its parent must).\n"
        "Exit codes: 0 written, 2 bad input, 3 I/O error.\n");
    sub->add_option("--out", dir_, "Directory to write the tileset into (created if missing)")->required();
    add_number_option(*sub, "--tile-size", tile_size_, "Pixels per tile side (1 to 64)")->capture_default_str();
    sub->add_option("--costs", costs_,
                    "Cost table the tiles' cost properties show: " + detail::enum_expected(detail::kCostPresetNames))
        ->capture_default_str();
  }

  int run(std::ostream& out, std::ostream&) override {
    if (tile_size_ < 1 || tile_size_ > kMaxTiledTileSize)
      throw InvalidArgument(
          FieldProblem{"--tile-size", std::to_string(tile_size_), "1 to " + std::to_string(kMaxTiledTileSize)});
    const CostTable costs = CostTable::preset(parse_cost_preset(costs_, "--costs"));
    const bool create = check_out_dir(dir_);
    const std::string tsj_path = (std::filesystem::path(dir_) / kTilesetFile).string();
    // Made before anything is written: a bad tile size is refused with nothing created.
    const TiledTileset tileset = make_tiled_tileset(tsj_path, tile_size_, costs);
    if (create) create_out_dir(dir_);
    const std::string png_path = (std::filesystem::path(dir_) / tileset.image_file).string();
    OutputBatch files;
    files.stage(tsj_path, tileset.tsj);
    files.stage(png_path, tileset.png);
    files.commit();
    out << "wrote " << tsj_path << " and " << png_path << " (tiles of " << tile_size_ << "x" << tile_size_
        << " pixels)\n";
    return kExitOk;
  }

 private:
  std::string dir_;
  int tile_size_ = kTiledTileSize;
  std::string costs_ = "dungeon";
};

}  // namespace

std::unique_ptr<Command> add_tileset_command(CLI::App& app) { return std::make_unique<TilesetCommand>(app); }

}  // namespace catacomb::cli
