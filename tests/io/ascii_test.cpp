#include <catacomb/io/ascii.hpp>

#include <gtest/gtest.h>

#include <catacomb/core/error.hpp>

namespace catacomb {
namespace {

const char* kMap =
    "#########\n"
    "#<..~~..#\n"
    "#.##\"\"=.#\n"
    "#.#,,+1.#\n"
    "#..2..>.#\n"
    "#########\n";

TEST(AsciiTest, ReadsTerrainAndMarkers) {
  Dungeon d = read_ascii(kMap);
  EXPECT_EQ(d.tiles.width(), 9);
  EXPECT_EQ(d.tiles.height(), 6);
  EXPECT_EQ(d.tiles(0, 0), Terrain::Wall);
  EXPECT_EQ(d.tiles(4, 1), Terrain::Water);
  EXPECT_EQ(d.tiles(4, 2), Terrain::Vegetation);
  EXPECT_EQ(d.tiles(6, 2), Terrain::Road);
  EXPECT_EQ(d.tiles(3, 3), Terrain::Corridor);
  EXPECT_EQ(d.tiles(5, 3), Terrain::Door);
  EXPECT_EQ(d.tiles(1, 1), Terrain::Floor);  // under the start marker
  ASSERT_EQ(d.objectives.size(), 4u);
  EXPECT_EQ(d.objectives[0], (Objective{ObjectiveKind::Start, {1, 1}}));
  EXPECT_EQ(d.objectives[1], (Objective{ObjectiveKind::Exit, {6, 4}}));
  EXPECT_EQ(d.objectives[2], (Objective{ObjectiveKind::Objective, {6, 3}}));
  EXPECT_EQ(d.objectives[3], (Objective{ObjectiveKind::Objective, {3, 4}}));
}

TEST(AsciiTest, RoundTripIsExact) { EXPECT_EQ(write_ascii(read_ascii(kMap)), kMap); }

TEST(AsciiTest, AcceptsCrLfAndTrailingBlankLines) {
  Dungeon d = read_ascii("###\r\n#<#\r\n###\r\n\r\n");
  EXPECT_EQ(d.tiles.height(), 3);
  EXPECT_EQ(write_ascii(d), "###\n#<#\n###\n");
}

TEST(AsciiTest, RejectsBadCharacterNamingLineAndColumn) {
  try {
    read_ascii("###\n#x#\n###\n");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "ASCII map line 2 column 2: character 'x' (expected one of # . , + ~ \" = H - < > 1-9 A-I a-i J-R j-r ^ "
              "v ) ( S)");
  }
}

TEST(AsciiTest, RejectsRaggedRowsDuplicatesAndGaps) {
  EXPECT_THROW(read_ascii("###\n##\n"), InvalidArgument);
  EXPECT_THROW(read_ascii("<.<\n"), InvalidArgument);
  EXPECT_THROW(read_ascii("1.1\n"), InvalidArgument);
  EXPECT_THROW(read_ascii("1.3\n"), InvalidArgument);
  EXPECT_THROW(read_ascii(""), InvalidArgument);
}

TEST(AsciiTest, WriteRefusesMoreThanNineObjectives) {
  Dungeon d;
  d.tiles = Grid<Terrain>(12, 1, Terrain::Floor);
  for (int i = 0; i < 10; ++i) d.objectives.push_back({ObjectiveKind::Key, {i, 0}});
  EXPECT_THROW(write_ascii(d), InvalidArgument);
}

// Two objectives on one cell: the second marker would hide the first, and the map read back
// would lack it (the fuzzer's case: two switches at 2,1 wrote only '2', and reading said "'2'
// without '1'"). Refused, naming the cell and both.
TEST(AsciiTest, WriteRefusesTwoObjectivesOnOneCell) {
  Dungeon d;
  d.tiles = Grid<Terrain>(6, 1, Terrain::Floor);
  d.objectives = {{ObjectiveKind::Start, {0, 0}}, {ObjectiveKind::Treasure, {2, 0}}, {ObjectiveKind::Key, {2, 0}, 1}};
  try {
    write_ascii(d);
    ADD_FAILURE() << "no exception";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "objectives at 2,0 = treasure and key (expected one per cell in an ASCII map)");
  }
}

const char* kLocked =
    "#########\n"
    "#<.a#.b>#\n"
    "#.1.A.#B#\n"
    "#..2#...#\n"
    "#########\n"
    "\n"
    "1: key\n"
    "2: treasure\n"
    "key-rule: consumable\n";

TEST(AsciiTest, ReadsLockedDoorsKeysKindsAndTheKeyRule) {
  Dungeon d = read_ascii(kLocked);
  EXPECT_EQ(d.tiles(4, 2), Terrain::Door);
  EXPECT_EQ(d.tiles(7, 2), Terrain::Door);
  EXPECT_EQ(d.tiles(3, 1), Terrain::Floor);  // under key a
  EXPECT_EQ(d.locks, (std::vector<LockedDoor>{{{4, 2}, 1}, {{7, 2}, 2}}));
  ASSERT_EQ(d.objectives.size(), 6u);
  EXPECT_EQ(d.objectives[2], (Objective{ObjectiveKind::Key, {2, 2}, 0}));
  EXPECT_EQ(d.objectives[3], (Objective{ObjectiveKind::Treasure, {3, 3}, 0}));
  EXPECT_EQ(d.objectives[4], (Objective{ObjectiveKind::Key, {3, 1}, 1}));
  EXPECT_EQ(d.objectives[5], (Objective{ObjectiveKind::Key, {6, 1}, 2}));
  EXPECT_EQ(d.key_rule, KeyRule::Consumable);
  EXPECT_EQ(write_ascii(d), kLocked);
}

TEST(AsciiTest, KindsSurviveARoundTripWithoutLocks) {
  Dungeon d = read_ascii("#####\n#<1>#\n#####\n");
  d.objectives[2].kind = ObjectiveKind::Treasure;
  const std::string text = write_ascii(d);
  EXPECT_EQ(text, "#####\n#<1>#\n#####\n\n1: treasure\n");
  EXPECT_EQ(read_ascii(text), d);
}

TEST(AsciiTest, RejectsABadTrailerNamingTheLine) {
  try {
    read_ascii("###\n#1#\n###\n\n1: dragon\n");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "ASCII map line 5 kind = 'dragon' (expected key, treasure, objective or switch <1-9>)");
  }
  EXPECT_THROW(read_ascii("###\n#1#\n###\n\n2: key\n"), InvalidArgument);
  EXPECT_THROW(read_ascii("###\n#1#\n###\n\nkey-rule: sticky\n"), InvalidArgument);
  try {
    read_ascii("###\n#1#\n###\n\n\xff\x01\n");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "ASCII map line 5 = '\\xFF\\x01' (expected '<digit>: <kind>' or 'key-rule: <rule>')");
  }
}

}  // namespace
}  // namespace catacomb

namespace catacomb {
namespace {

// 'H' is lock 8's door when the map shows other signs of locks, else a ladder; what is read
// writes back the same (the fuzzer's reproducer: 'H' and keys of lock 6, read as lock 8's door).
TEST(AsciiTest, HIsALadderOrLockEightsDoorAndRoundTrips) {
  const Dungeon keys = read_ascii("Hfff\n");
  ASSERT_EQ(keys.locks.size(), 1u);
  EXPECT_EQ(keys.locks[0].lock, 8);
  EXPECT_EQ(keys.tiles(0, 0), Terrain::Door);
  const Dungeon again = read_ascii(write_ascii(keys));
  EXPECT_EQ(again.tiles, keys.tiles);
  EXPECT_EQ(again.objectives, keys.objectives);
  EXPECT_EQ(again.locks, keys.locks);

  const Dungeon plain = read_ascii("#H.\n");
  EXPECT_TRUE(plain.locks.empty());
  EXPECT_EQ(plain.tiles(1, 0), Terrain::Ladder);
  EXPECT_EQ(read_ascii(write_ascii(plain)).tiles, plain.tiles);

  const Dungeon side = read_ascii("!movement=platformer\n#Ha\n");
  EXPECT_EQ(side.tiles(1, 0), Terrain::Ladder);
  EXPECT_EQ(read_ascii(write_ascii(side)).tiles, side.tiles);

  Dungeon both = plain;
  both.locks.push_back({{2, 0}, 1});
  EXPECT_THROW(write_ascii(both), InvalidArgument);  // a ladder in a top-down map with locks
}

TEST(AsciiTest, CarriesEveryDoorKindAndSwitchesBothWays) {
  Dungeon d = read_ascii(
      "###########\n"
      "#<.+.+.+.>#\n"
      "#.+.+.+...#\n"
      "###########\n");
  d.doors = {{{3, 1}, DoorKind::Gate, 1, false, {}},        {{5, 1}, DoorKind::Gate, 9, true, {}},
             {{7, 1}, DoorKind::OneWay, 0, false, {1, 0}},  {{2, 2}, DoorKind::OneWay, 0, false, {-1, 0}},
             {{4, 2}, DoorKind::OneWay, 0, false, {0, -1}}, {{6, 2}, DoorKind::Secret, 0, false, {}}};
  d.objectives.push_back({ObjectiveKind::Treasure, {8, 2}});
  d.objectives.push_back({ObjectiveKind::Switch, {1, 2}, 0, 9});
  d.objectives.push_back({ObjectiveKind::Switch, {7, 2}, 0, 1});
  const std::string text = write_ascii(d);
  EXPECT_EQ(text,
            "###########\n"
            "#<.J.r.).>#\n"
            "#2(.^.S31.#\n"
            "###########\n"
            "\n"
            "1: treasure\n"
            "2: switch 9\n"
            "3: switch 1\n");
  const Dungeon back = read_ascii(text);
  EXPECT_EQ(back.tiles, d.tiles);
  EXPECT_EQ(back.objectives, d.objectives);
  EXPECT_EQ(back.doors, d.doors);
  EXPECT_EQ(write_ascii(back), text);
  // The other one-way letter and every gate letter read as the JSON legend says.
  const Dungeon south = read_ascii("#.#\n#v#\n#.#\n");
  ASSERT_EQ(south.doors.size(), 1u);
  EXPECT_EQ(south.doors[0], (ProgressionDoor{{1, 1}, DoorKind::OneWay, 0, false, {0, 1}}));
  EXPECT_EQ(south.tiles(1, 1), Terrain::Door);
  for (int s = 1; s <= kMaxSwitch; ++s)
    for (bool off : {false, true}) {
      const ProgressionDoor g{{1, 0}, DoorKind::Gate, s, off, {}};
      const std::string row = std::string(".") + progression_door_char(g) + ".\n";
      const Dungeon one = read_ascii(row);
      ASSERT_EQ(one.doors.size(), 1u) << row;
      EXPECT_EQ(one.doors[0], g);
      EXPECT_EQ(write_ascii(one), row);
    }
}

// A map with a door or switch ASCII cannot carry is refused naming it (exit 2 in the CLI), never
// written without it; so is a bad trailer or a one-way door at the edge on reading.
TEST(AsciiTest, RefusesProgressionItCannotCarryAndBadTrailersNamingThem) {
  Dungeon d = read_ascii("#######\n#<.+.>#\n#######\n");
  d.doors.push_back({{3, 1}, DoorKind::Gate, 0, false, {}});
  try {
    (void)write_ascii(d);
    FAIL() << "written";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "gate door at 3,1 switch = 0 (expected 1 to 9)");
  }
  d.doors = {{{3, 1}, DoorKind::OneWay, 0, false, {1, 1}}};
  EXPECT_THROW((void)write_ascii(d), InvalidArgument);
  d.doors.clear();
  d.objectives.push_back({ObjectiveKind::Switch, {2, 1}, 0, 0});
  EXPECT_THROW((void)write_ascii(d), InvalidArgument);
  d.objectives.back() = {ObjectiveKind::Switch, {3, 1}, 0, 2};
  d.doors = {{{3, 1}, DoorKind::Secret, 0, false, {}}};  // a switch on a door's cell
  EXPECT_THROW((void)write_ascii(d), InvalidArgument);

  auto message = [](const std::string& text) {
    try {
      (void)read_ascii(text);
    } catch (const InvalidArgument& e) { return std::string(e.what()); }
    return std::string("read");
  };
  EXPECT_EQ(message("<1.\n\n1: switch\n"), "ASCII map line 3 kind = 'switch' (expected 'switch <1-9>')");
  EXPECT_EQ(message("<1.\n\n1: switch 0\n"), "ASCII map line 3 kind = 'switch 0' (expected 'switch <1-9>')");
  EXPECT_EQ(message("<1.\n\n1: switch 12\n"), "ASCII map line 3 kind = 'switch 12' (expected 'switch <1-9>')");
  EXPECT_EQ(message("<1.\n\n1: switchy\n"), "ASCII map line 3 kind = 'switchy' (expected 'switch <1-9>')");
  EXPECT_EQ(message("<1.\n\n1: lever\n"),
            "ASCII map line 3 kind = 'lever' (expected key, treasure, objective or switch <1-9>)");
  EXPECT_EQ(message("<.^\n"), "one-way door at 2,0 direction = north (expected cells before and after on the map)");
  EXPECT_EQ(
      message("<.T\n"),
      "ASCII map line 1 column 3: character 'T' (expected one of # . , + ~ \" = H - < > 1-9 A-I a-i J-R j-r ^ v ) "
      "( S)");
  EXPECT_EQ(read_ascii("<1.\n\n1: switch 4\n").objectives[1], (Objective{ObjectiveKind::Switch, {1, 0}, 0, 4}));
}

}  // namespace
}  // namespace catacomb
