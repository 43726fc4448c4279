#include <catacomb/catacomb.h>

#include <gtest/gtest.h>

#include "support/capi_handles.hpp"

#include <filesystem>
#include <memory>
#include <string>

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/game_formats.hpp>
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

TEST(CApiFormatsTest, GameFormatsAreTheLibrarysBytes) {
  Owned<catacomb_config> c(
      catacomb_config_from_json(R"({"locks": 2, "switches": 1, "one_way": 1, "secret_doors": 1})"));
  ASSERT_TRUE(c) << catacomb_last_error();
  Owned<catacomb_dungeon> d(catacomb_generate(c.get(), 1));
  ASSERT_TRUE(d) << catacomb_last_error();
  GenerateConfig cfg;
  cfg.locks = 2;
  cfg.switches = 1;
  cfg.one_way = 1;
  cfg.secret_doors = 1;
  const GenerateResult r = generate_dungeon(cfg, 1);

  Owned<char> des(catacomb_dungeon_to_des(d.get(), nullptr));
  ASSERT_TRUE(des) << catacomb_last_error();
  EXPECT_EQ(std::string(des.get()), write_des(r.dungeon));
  Owned<char> named(catacomb_dungeon_to_des(d.get(), "level 2"));
  ASSERT_TRUE(named);
  EXPECT_EQ(std::string(named.get()), write_des(r.dungeon, "level 2"));

  Owned<char> level(catacomb_dungeon_to_level_string(d.get(), nullptr));
  ASSERT_TRUE(level) << catacomb_last_error();
  EXPECT_EQ(std::string(level.get()), write_level_string(r.dungeon));
  Owned<char> changed(catacomb_dungeon_to_level_string(d.get(), R"({"start": "W"})"));
  ASSERT_TRUE(changed) << catacomb_last_error();
  GriddlyLegend legend;
  legend.start = "W";
  EXPECT_EQ(std::string(changed.get()), write_level_string(r.dungeon, legend));
  EXPECT_NE(std::string(changed.get()), std::string(level.get()));

  const std::string npz = write_level_npz(r.dungeon, validate_options_for(cfg));
  const long long size = catacomb_dungeon_npz(d.get(), nullptr, 0);
  ASSERT_EQ(size, static_cast<long long>(npz.size())) << catacomb_last_error();
  std::string bytes(npz.size(), '\0');
  EXPECT_EQ(catacomb_dungeon_npz(d.get(), reinterpret_cast<unsigned char*>(bytes.data()), bytes.size()), size);
  EXPECT_EQ(bytes, npz);
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "catacomb-capi-game-formats";
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "level.npz").string();
  ASSERT_EQ(catacomb_dungeon_write_npz(d.get(), file.c_str()), 0) << catacomb_last_error();
  EXPECT_EQ(read_file(file), npz);
  std::filesystem::remove_all(dir);
}

TEST(CApiFormatsTest, GameFormatsRefuseBadArgumentsWithAStatus) {
  Owned<catacomb_config> c(catacomb_config_from_json("{}"));
  Owned<catacomb_dungeon> d(catacomb_generate(c.get(), 1));
  ASSERT_TRUE(d) << catacomb_last_error();
  EXPECT_EQ(catacomb_dungeon_to_des(nullptr, nullptr), nullptr);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(catacomb_dungeon_to_des(d.get(), "a \"name\""), nullptr);
  EXPECT_NE(std::string(catacomb_last_error()).find("name = "), std::string::npos) << catacomb_last_error();
  EXPECT_EQ(catacomb_dungeon_to_level_string(d.get(), R"({"keys": "123456789"})"), nullptr);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_NE(std::string(catacomb_last_error()).find("keys = '123456789'"), std::string::npos) << catacomb_last_error();
  EXPECT_EQ(catacomb_dungeon_to_level_string(d.get(), "[1]"), nullptr);
  EXPECT_NE(std::string(catacomb_last_error()).find("legend = [1]"), std::string::npos) << catacomb_last_error();
  EXPECT_EQ(catacomb_dungeon_npz(d.get(), nullptr, 4), -1);
  EXPECT_NE(std::string(catacomb_last_error()).find("buffer = NULL"), std::string::npos) << catacomb_last_error();
  EXPECT_EQ(catacomb_dungeon_npz(nullptr, nullptr, 0), -1);
  EXPECT_EQ(catacomb_dungeon_write_npz(d.get(), nullptr), -1);
  const std::string missing = (std::filesystem::temp_directory_path() / "no-such-dir-catacomb" / "x.npz").string();
  EXPECT_EQ(catacomb_dungeon_write_npz(d.get(), missing.c_str()), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
}

}  // namespace
}  // namespace catacomb
