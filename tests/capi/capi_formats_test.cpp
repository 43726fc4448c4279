#include <catacomb/catacomb.h>

#include <gtest/gtest.h>

#include "support/capi_handles.hpp"

#include <filesystem>
#include <memory>
#include <string>

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/io/tiled.hpp>
#include <catacomb/pipeline/generate.hpp>

namespace catacomb {
namespace {

template <class T>
using Owned = std::unique_ptr<T, test::CFree>;  // support/capi_handles.hpp

TEST(CApiFormatsTest, TiledAndMovingAiAreTheLibrarysBytes) {
  Owned<catacomb_config> c(catacomb_config_from_json(R"({"width": 50, "height": 30, "locks": 2, "switches": 1})"));
  ASSERT_TRUE(c) << catacomb_last_error();
  Owned<catacomb_dungeon> d(catacomb_generate(c.get(), 11));
  ASSERT_TRUE(d) << catacomb_last_error();
  GenerateConfig cfg;
  cfg.width = 50;
  cfg.height = 30;
  cfg.locks = 2;
  cfg.switches = 1;
  const GenerateResult r = generate_dungeon(cfg, 11);
  const CostTable costs = validate_options_for(cfg).costs;

  Owned<char> map(catacomb_dungeon_to_movingai(d.get()));
  ASSERT_TRUE(map);
  EXPECT_EQ(std::string(map.get()), write_movingai_map(r.dungeon.tiles, costs));

  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "catacomb-capi-formats";
  std::filesystem::create_directories(dir);
  const std::string tmj = (dir / "c.tmj").string();
  ASSERT_EQ(catacomb_dungeon_write_tmj(d.get(), tmj.c_str()), 0) << catacomb_last_error();
  const TiledExport want = make_tiled(r.dungeon, tmj, 16, costs);
  EXPECT_EQ(read_file(tmj), want.tmj);
  EXPECT_EQ(read_file(tiled_tileset_path(tmj)), want.tileset_png);

  EXPECT_EQ(catacomb_dungeon_write_tmj(d.get(), (dir / "none" / "x.tmj").string().c_str()), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_NE(std::string(catacomb_last_error()).find("does not exist"), std::string::npos) << catacomb_last_error();
  EXPECT_EQ(catacomb_dungeon_write_tmj(nullptr, tmj.c_str()), -1);
  EXPECT_EQ(catacomb_dungeon_to_movingai(nullptr), nullptr);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace catacomb
