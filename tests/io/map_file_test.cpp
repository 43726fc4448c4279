#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/io/tiled_read.hpp>

namespace catacomb {
namespace {

constexpr const char* kAscii = "#####\n#<.>#\n#####\n";
constexpr const char* kMovingAi = "type octile\nheight 1\nwidth 2\nmap\n..\n";

std::string error_of(std::string_view text, const std::string& name) {
  try {
    parse_map(text, name);
  } catch (const InvalidArgument& e) { return e.what(); }
  return "";
}

TEST(MapFileTest, ChoosesTheFormatByExtensionThenByContent) {
  EXPECT_EQ(parse_map(kAscii, "m.txt").objectives.size(), 2u);
  EXPECT_EQ(parse_map(kAscii, "m.TXT").tiles.width(), 5);
  EXPECT_EQ(parse_map(kMovingAi, "m.map").tiles.width(), 2);
  EXPECT_EQ(parse_map(kMovingAi, "m").tiles.width(), 2);  // no extension: by content
  EXPECT_EQ(parse_map(kAscii, "m.level").tiles.width(), 5);
  EXPECT_EQ(parse_map(kAscii).tiles.width(), 5);
}

// One parse gives the dungeon and the legend's costs, the numbers read_json_legend_costs reads.
TEST(MapFileTest, AJsonMapComesWithItsLegendsCosts) {
  const std::string with = R"({"format": "catacomb-map", "version": 1, "width": 3, "height": 1,
    "legend": {"#": {"name": "wall", "passable": false}, "~": {"name": "water", "cost": 7}, ".": {"name": "floor"}},
    "tiles": ["#~."]})";
  const MapFile f = parse_map_file(with, "m.json");
  EXPECT_EQ(f.dungeon.tiles.width(), 3);
  ASSERT_TRUE(f.legend_costs.has_value());
  EXPECT_EQ((*f.legend_costs)[Terrain::Water], 7);
  EXPECT_EQ(*f.legend_costs, *read_json_legend_costs(with, CostTable::dungeon()));
  const std::string without = R"({"format": "catacomb-map", "version": 1, "width": 1, "height": 1, "tiles": ["."]})";
  EXPECT_FALSE(parse_map_file(without, "m.json").legend_costs.has_value());
  EXPECT_FALSE(parse_map_file(kAscii, "m.txt").legend_costs.has_value());
}

TEST(MapFileTest, AContentThatContradictsTheExtensionIsAMismatch) {
  EXPECT_NE(error_of(kMovingAi, "m.txt").find("m.txt: map format = a Moving AI map by its content"), std::string::npos);
  EXPECT_NE(error_of(kAscii, "m.json").find("but the file name says a JSON map"), std::string::npos);
  EXPECT_NE(error_of("{}", "m.map").find("a JSON map by its content"), std::string::npos);
  // An ASCII-looking .map is read as Moving AI, whose reader says what it expected.
  EXPECT_NE(error_of(kAscii, "m.map").find("(expected 'type octile')"), std::string::npos);
}

TEST(MapFileTest, AByteOrderMarkIsSkipped) {
  EXPECT_EQ(parse_map("\xEF\xBB\xBF" + std::string(kAscii), "m.txt").tiles.width(), 5);
  EXPECT_EQ(parse_map("\xEF\xBB\xBF" + std::string(kMovingAi), "m").tiles.width(), 2);
  const std::string json = R"({"format":"catacomb-map","version":1,"width":1,"height":1,"tiles":["."]})";
  EXPECT_EQ(parse_map("\xEF\xBB\xBF" + json, "m").tiles.width(), 1);
}

TEST(MapFileTest, ReadLimitsFollowTheFormat) {
  EXPECT_EQ(map_read_limits("{", "m").max_line, 0u);
  EXPECT_EQ(map_read_limits("#", "m.json").max_line, 0u);
  EXPECT_EQ(map_read_limits("{", "m.txt").max_line, kMaxMapLineBytes);
  EXPECT_EQ(map_read_limits(std::string(10, '\0'), "zero").max_line, kMaxMapLineBytes);
  EXPECT_EQ(map_read_limits("#", "m").max_bytes, kMaxMapFileBytes);
}

TEST(MapFileTest, AHeaderClaimingMoreRowsThanTheFileHoldsIsRefusedBeforeAllocating) {
  EXPECT_NE(error_of("type octile\nheight 16384\nwidth 16384\nmap\n", "big.map").find("expected 16384 rows, found 0"),
            std::string::npos);
}

TEST(MapFileTest, EveryReaderGivesItsDeclaredSizeToTheCheckBeforeDecodingATile) {
  // Each map declares 16384x16000 and its tiles are broken: the check sees the size first.
  const std::pair<const char*, std::string> maps[] = {
      {"m.json", R"({"format": "catacomb-map", "version": 1, "width": 16384, "height": 16000, "tiles": [7]})"},
      {"m.map", "type octile\nheight 16000\nwidth 16384\nmap\n@@\n"},
      {"m.tmj", R"({"compressionlevel": -1, "height": 16000, "infinite": false, "layers": [{"compression": "zlib",
        "data": "AAAA*", "encoding": "base64", "height": 16000, "name": "terrain", "type": "tilelayer",
        "width": 16384}], "orientation": "orthogonal", "tileheight": 8, "tilesets": [], "tilewidth": 8,
        "type": "map", "width": 16384})"},
      {"m.tmx", R"(<map orientation="orthogonal" width="16384" height="16000" tilewidth="8" tileheight="8">
        <layer name="terrain" width="16384" height="16000"><data encoding="base64" compression="zlib">AAAA*</data>
        </layer></map>)"},
  };
  for (const auto& [name, text] : maps) {
    SCOPED_TRACE(name);
    if (std::string(name).starts_with("m.tm") && !tiled_reader_available()) continue;
    EXPECT_THROW(parse_map_file(text, name), InvalidArgument);  // the tiles themselves are refused
    std::vector<std::pair<int, int>> seen;
    try {
      parse_map_file(text, name, [&](int w, int h) {
        seen.emplace_back(w, h);
        throw InvalidArgument("over the budget");
      });
      ADD_FAILURE() << "read";
    } catch (const InvalidArgument& e) { EXPECT_EQ(std::string(e.what()), std::string(name) + ": over the budget"); }
    EXPECT_EQ(seen, (std::vector<std::pair<int, int>>{{16384, 16000}}));
  }
  // A check that lets the map through sees its size (an ASCII map's after its rows are counted).
  std::vector<std::pair<int, int>> seen;
  const MapFile f = parse_map_file("#####\n#<.>#\n#####\n", "m.txt", [&](int w, int h) { seen.emplace_back(w, h); });
  EXPECT_EQ(f.dungeon.tiles.width(), 5);
  EXPECT_EQ(seen, (std::vector<std::pair<int, int>>{{5, 3}}));
}

}  // namespace
}  // namespace catacomb
