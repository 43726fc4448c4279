#include <catacomb/io/game_formats.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <catacomb/core/error.hpp>

namespace catacomb {
namespace {

// A 9x6 map with every door kind and objective kind: a locked door (4,1), a gate open while its
// switch is off (4,2), a plain door (6,2), a one-way door passed east (4,3), a secret door (2,4).
const char* kRows[] = {"#########", "#...+...#", "#.~.+.+,#", "#...+...#", "##+######", "#########"};

Dungeon every_kind() {
  Dungeon d;
  d.tiles = Grid<Terrain>(9, 6);
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 9; ++x) {
      const char c = kRows[y][x];
      d.tiles[Point{x, y}] = c == '#'   ? Terrain::Wall
                             : c == '+' ? Terrain::Door
                             : c == '~' ? Terrain::Water
                             : c == ',' ? Terrain::Corridor
                                        : Terrain::Floor;
    }
  d.objectives = {{ObjectiveKind::Start, {1, 1}},    {ObjectiveKind::Exit, {7, 3}},
                  {ObjectiveKind::Key, {2, 1}, 1},   {ObjectiveKind::Key, {1, 3}},
                  {ObjectiveKind::Treasure, {5, 1}}, {ObjectiveKind::Switch, {3, 3}, 0, 1},
                  {ObjectiveKind::Objective, {6, 1}}};
  d.locks = {{{4, 1}, 1}};
  d.doors = {
      {{4, 2}, DoorKind::Gate, 1, true}, {{4, 3}, DoorKind::OneWay, 0, false, {1, 0}}, {{2, 4}, DoorKind::Secret}};
  d.seed = 42;
  return d;
}

template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const InvalidArgument& e) { return e.what(); }
  return "";
}

TEST(DesTest, WritesEveryDoorAndObjectiveKind) {
  EXPECT_EQ(write_des(every_kind(), "tiny"),
            "MAZE: \"tiny\", ' '\nFLAGS: premapped\nGEOMETRY:center,center\nMAP\n"
            "---------\n|...+...|\n|.}.+.+#|\n|...+...|\n-|S|-----\n ---     \nENDMAP\n"
            "REGION:(0,0,8,5),lit,\"ordinary\"\n"
            "# catacomb: locked door at (4,1) lock 1\nDOOR:locked,(4,1)\n"
            "# catacomb: gate at (4,2) switch 1 open when off\nDOOR:open,(4,2)\n"
            "DOOR:closed,(6,2)\n"
            "# catacomb: one-way door at (4,3) east\nDOOR:closed,(4,3)\n"
            "# catacomb: secret door at (2,4)\n"
            "BRANCH:(1,1,1,1),(0,0,0,0)\nSTAIR:(7,3),down\n"
            "OBJECT:('(',\"skeleton key\"),(2,1),name:\"key of lock 1\"\n"
            "OBJECT:('(',\"skeleton key\"),(1,3)\n"
            "OBJECT:('$',\"gold piece\"),(5,1)\n"
            "ENGRAVING:(3,3),burn,\"switch 1\"\nENGRAVING:(6,1),burn,\"objective\"\n");
}

TEST(DesTest, RefusesANameThatWouldBreakTheQuotes) {
  EXPECT_NE(error_of([] { write_des(every_kind(), "a\"b"); }).find("name = a\"b"), std::string::npos);
  EXPECT_NE(error_of([] { write_des(every_kind(), "a\nb"); }).find("control characters"), std::string::npos);
}

TEST(LevelStringTest, DrawsEveryKindOverTheTerrainWithItsId) {
  const std::string want =
      "w w w w w w w w w\nw A b . B t o . w\nw . ~ . n . d . w\nw k . @ > . . x w\nw w ? w w w w w w\n"
      "w w w w w w w w w\n";
  EXPECT_EQ(write_level_string(every_kind()), want);
  const GriddlyLegend legend = read_griddly_legend(R"({"start": "W", "secret": "'", "terrain": "w.,d~;_HP"})");
  EXPECT_EQ(legend.start, "W");
  EXPECT_EQ(write_level_string(every_kind(), legend),
            "w w w w w w w w w\nw W b . B t o . w\nw . ~ . n . d , w\nw k . @ > . . x w\nw w ' w w w w w w\n"
            "w w w w w w w w w\n");
  EXPECT_NE(error_of([] { read_griddly_legend(R"({"one_way": "NESW"})"); }).find("'N' is also one_way"),
            std::string::npos);
}

TEST(LevelStringTest, LegendProblemsNameEveryBadEntry) {
  GriddlyLegend legend;
  legend.keys = "123456789";
  legend.locked = "D";
  legend.start = "@";
  const std::string message = error_of([&] { legend.check(); });
  EXPECT_NE(message.find("keys = '123456789' (expected 9 characters, one per lock id 1 to 9, printable ASCII"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("locked = 'D' (expected 9 characters"), std::string::npos) << message;
  EXPECT_NE(message.find("legend switch = '@#$%&*+=:' (expected characters of their own: '@' is also start)"),
            std::string::npos)
      << message;
  EXPECT_NE(error_of([] { read_griddly_legend(R"({"colour": "r"})"); })
                .find("legend key = 'colour' (expected one of "
                      "terrain, start"),
            std::string::npos);
  EXPECT_NE(error_of([] { read_griddly_legend("[]"); }).find("legend = []"), std::string::npos);
  EXPECT_NE(error_of([] { read_griddly_legend(R"({"start": 1})"); }).find("start = 1"), std::string::npos);
  EXPECT_TRUE(GriddlyLegend{}.problems().empty());
  EXPECT_EQ(griddly_legend_names().size(), 13u);
  for (const std::string_view name : griddly_legend_names()) EXPECT_NE(GriddlyLegend{}.entry(name), nullptr);
}

TEST(LevelStringTest, RefusesAnObjectiveOffTheMapOrAnIdOutOfRange) {
  Dungeon d = every_kind();
  d.objectives[6].pos = {9, 1};
  EXPECT_NE(error_of([&] { write_level_string(d); }).find("objectives[6] = 9,1"), std::string::npos);
  d = every_kind();
  d.tiles[Point{0, 0}] = static_cast<Terrain>(12);
  EXPECT_NE(error_of([&] { write_level_string(d); }).find("tiles[0] = 12 (expected a terrain from 0 to 8)"),
            std::string::npos);
  d = every_kind();
  d.locks[0].lock = 0;
  EXPECT_NE(error_of([&] { write_level_string(d); }).find("locks[0] lock = 0 (expected 1 to 9)"), std::string::npos);
}

// A zip's stored entries as (name, data), each checked: stored, dated 1980-01-01, CRC-32 right.
uint32_t le(const std::string& s, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(s[at + static_cast<size_t>(i)]);
  return v;
}

uint32_t bitwise_crc32(const std::string& s) {
  uint32_t c = 0xFFFFFFFFu;
  for (const char b : s) {
    c ^= static_cast<unsigned char>(b);
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return ~c;
}

std::vector<std::pair<std::string, std::string>> stored_entries(const std::string& zip) {
  std::vector<std::pair<std::string, std::string>> out;
  size_t at = 0;
  while (le(zip, at, 4) == 0x04034b50) {
    EXPECT_EQ(le(zip, at + 8, 2), 0u);      // stored
    EXPECT_EQ(le(zip, at + 12, 2), 0x21u);  // 1980-01-01
    const size_t size = le(zip, at + 18, 4), name = le(zip, at + 26, 2);
    EXPECT_EQ(le(zip, at + 22, 4), size);
    out.emplace_back(zip.substr(at + 30, name), zip.substr(at + 30 + name, size));
    EXPECT_EQ(le(zip, at + 14, 4), bitwise_crc32(out.back().second)) << out.back().first;
    at += 30 + name + size;
  }
  EXPECT_EQ(le(zip, zip.size() - 22, 4), 0x06054b50u);           // the end of the central directory
  EXPECT_EQ(le(zip, zip.size() - 10, 4), zip.size() - 22 - at);  // the directory's size ...
  EXPECT_EQ(le(zip, zip.size() - 6, 4), at);                     // ... and where it starts
  return out;
}

TEST(LevelNpzTest, IsAStoredZipOfNpyFilesWithNumpysHeaders) {
  const Dungeon d = every_kind();
  const std::string npz = write_level_npz(d, ValidateOptions{});
  EXPECT_EQ(npz, write_level_npz(d, ValidateOptions{}));
  const auto entries = stored_entries(npz);
  std::vector<std::string> names;
  for (const auto& e : entries) names.push_back(e.first);
  EXPECT_EQ(names, (std::vector<std::string>{"tiles.npy", "start.npy", "goal.npy", "route.npy", "objectives.npy",
                                             "locks.npy", "doors.npy", "key_rule.npy", "seed.npy"}));
  // numpy 1.24's header: the dict, 21 - len("2") spaces for the axis to grow, padding to 64 bytes.
  std::string header = "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }" + std::string(20, ' ');
  header += std::string(128 - 10 - header.size() - 1, ' ') + "\n";
  EXPECT_EQ(entries[1].second,
            std::string("\x93NUMPY\x01\x00\x76\x00", 10) + header + std::string("\x01\x00\x00\x00\x01\x00\x00\x00", 8));
  EXPECT_NE(entries[0].second.find("'descr': '|u1', 'fortran_order': False, 'shape': (6, 9), }"), std::string::npos);
  EXPECT_EQ(entries[0].second.size(), 128u + 54u);
  EXPECT_NE(entries[6].second.find("'shape': (3, 7), }"), std::string::npos);
  const std::string doors = entries[6].second.substr(128);
  EXPECT_EQ(le(doors, 28 + 8, 4), 1u);   // the second door's kind: one-way ...
  EXPECT_EQ(le(doors, 28 + 20, 4), 1u);  // ... passed east (dx 1)
  EXPECT_NE(entries[7].second.find("'descr': '<U8', 'fortran_order': False, 'shape': (), }"), std::string::npos);
  EXPECT_EQ(entries[7].second.substr(128), std::string("r\0\0\0e\0\0\0u\0\0\0s\0\0\0a\0\0\0b\0\0\0l\0\0\0e\0\0\0", 32));
  EXPECT_EQ(le(entries[8].second, 128, 4), 42u);
  const ValidationReport report = validate_dungeon(d, ValidateOptions{});
  ASSERT_TRUE(report.solution);
  const std::vector<Point> route = walkthrough_cells(*report.solution);
  ASSERT_FALSE(route.empty());
  EXPECT_EQ(route.front(), (Point{1, 1}));
  EXPECT_EQ(entries[3].second.size(), 128 + route.size() * 8);
}

TEST(LevelNpzTest, WalkthroughCellsDropEachLaterStepsFirstCell) {
  Solution s;
  s.walkthrough.resize(2);
  s.walkthrough[0].route = {{1, 1}, {2, 1}};
  s.walkthrough[1].route = {{2, 1}, {3, 1}, {3, 2}};
  EXPECT_EQ(walkthrough_cells(s), (std::vector<Point>{{1, 1}, {2, 1}, {3, 1}, {3, 2}}));
}

}  // namespace
}  // namespace catacomb
