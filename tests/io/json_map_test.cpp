#include <catacomb/io/json_map.hpp>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <catacomb/core/error.hpp>
#include <catacomb/generator/caves.hpp>
#include <catacomb/io/ascii.hpp>

namespace catacomb {
namespace {

Dungeon sample() {
  Dungeon d = read_ascii(
      "######\n"
      "#<.~.#\n"
      "#.\"=>#\n"
      "######\n");
  d.objectives.push_back({ObjectiveKind::Treasure, {2, 1}});
  d.rooms.push_back({1, 1, 4, 2});
  d.seed = 18446744073709551615ull;
  d.generator = "rooms";
  d.params = {{"count", int64_t{12}}, {"loop_fraction", 0.125}, {"mode", std::string("connect")}, {"on", true}};
  return d;
}

TEST(JsonMapTest, HasTheDocumentedKeysInOrder) {
  auto j = nlohmann::ordered_json::parse(write_json_map(sample()));
  std::vector<std::string> keys;
  for (auto& [k, v] : j.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"format", "version", "width", "height", "seed", "generator", "params",
                                            "legend", "tiles", "objectives", "rooms"}));
  EXPECT_EQ(j["format"], "catacomb-map");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["tiles"][1], "#..~.#");  // markers are not in the tiles
  EXPECT_EQ(j["legend"]["#"]["passable"], false);
  EXPECT_TRUE(j["legend"]["#"]["cost"].is_null());
  EXPECT_EQ(j["legend"]["~"]["name"], "water");
  EXPECT_EQ(j["objectives"][2]["kind"], "treasure");
  EXPECT_EQ(j["rooms"][0]["width"], 4);
  EXPECT_EQ(j["params"]["loop_fraction"], 0.125);
}

TEST(JsonMapTest, RoundTripKeepsEverything) {
  Dungeon d = sample();
  Dungeon back = read_json_map(write_json_map(d));
  EXPECT_EQ(back, d);
  EXPECT_EQ(write_json_map(back), write_json_map(d));
}

TEST(JsonMapTest, RoundTripOfAGeneratedCave) {
  Dungeon d = generate_caves(80, 50, CaveConfig{}, 3);
  EXPECT_EQ(read_json_map(write_json_map(d)), d);
}

// JSON has one kind of number: a map parsed and written again by another program (JavaScript's
// JSON.parse + JSON.stringify) spells "fill": 45.0 as 45. Read back, the generators' fractional
// params are doubles again, so the map is written with the generator's bytes; other whole
// numbers stay integers.
TEST(JsonMapTest, WholeFractionalParamsReadBackAsDoubles) {
  Dungeon d = generate_caves(80, 50, CaveConfig{}, 3);
  d.params.emplace_back("dig_cost", 5.0);
  d.params.emplace_back("loop_fraction", 0.0);
  const std::string text = write_json_map(d);
  ASSERT_NE(text.find("\"fill\": 45.0,"), std::string::npos);
  ASSERT_NE(text.find("\"dig_cost\": 5.0,"), std::string::npos);
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(text);
  j["params"]["fill"] = 45;  // as JSON.stringify writes them
  j["params"]["dig_cost"] = 5;
  j["params"]["loop_fraction"] = 0;
  ASSERT_TRUE(j["params"]["fill"].is_number_integer());
  const Dungeon back = read_json_map(j.dump(2) + "\n");
  EXPECT_EQ(back, d);
  EXPECT_EQ(write_json_map(back), text);
  for (const auto& [name, value] : back.params) {  // passes, width...: integers as before
    if (name != "fill" && name != "dig_cost" && name != "loop_fraction") {
      EXPECT_TRUE(std::holds_alternative<int64_t>(value)) << name;
    }
  }
}

TEST(JsonMapTest, DecodesTilesThroughTheFilesLegend) {
  const char* text = R"({"format": "catacomb-map", "version": 1, "width": 3, "height": 1,
    "legend": {"X": {"name": "wall"}, "o": {"name": "water"}}, "tiles": ["XoX"]})";
  Dungeon d = read_json_map(text);
  EXPECT_EQ(d.tiles(1, 0), Terrain::Water);
  EXPECT_EQ(d.tiles(0, 0), Terrain::Wall);
}

void expect_error(const std::string& text, const std::string& message) {
  try {
    read_json_map(text);
    FAIL() << "expected InvalidArgument: " << message;
  } catch (const InvalidArgument& e) { EXPECT_EQ(std::string(e.what()), message); }
}

TEST(JsonMapTest, MalformedInputIsRefusedWithTheKeyNamed) {
  expect_error(R"({"format": "other"})", R"(JSON map format = "other" (expected "catacomb-map"))");
  expect_error(R"({"format": "catacomb-map", "version": 2})", "JSON map version = 2 (expected 1)");
  expect_error(R"({"format": "catacomb-map", "version": 1, "width": 0, "height": 1})",
               "JSON map width = 0 (expected 1 to 16384)");
  expect_error(R"({"format": "catacomb-map", "version": 1, "width": 2, "height": 1, "tiles": ["###"]})",
               "JSON map tiles[0] = 3 characters (expected 2 characters (the width))");
  expect_error(R"({"format": "catacomb-map", "version": 1, "width": 2, "height": 1, "tiles": ["#?"]})",
               "JSON map tiles[0][1] = '?' (expected a character of the legend)");
  expect_error(R"({"format": "catacomb-map", "version": 1, "width": 2, "height": 1, "tiles": ["##"],
                  "objectives": [{"kind": "dragon", "x": 0, "y": 0}]})",
               R"(JSON map objectives[0].kind = "dragon" (expected start, exit, key, treasure, objective or switch))");
  EXPECT_THROW(read_json_map("{not json"), InvalidArgument);
}

// The reader takes the "tiles" rows straight from the text when they are plain strings (escapes
// \" \\ \/ only) and the key appears once at the top level; anything else is parsed whole. Both
// ways must read the same map, and refuse bad input with the whole text's message.
TEST(JsonMapTest, ReadsTheRowsInPlaceOrWholeAlike) {
  const Dungeon d = generate_caves(70, 40, CaveConfig{}, 11);  // vegetation: '"', written \"
  const std::string text = write_json_map(d);
  ASSERT_NE(text.find("\\\""), std::string::npos);
  EXPECT_EQ(read_json_map(text), d);
  // The same map with its first floor cell spelled \u002e, which only the whole parse decodes.
  std::string spelled = text;
  spelled.replace(spelled.find('.', spelled.find("\"tiles\"")), 1, "\\u002e");
  EXPECT_EQ(read_json_map(spelled), d);
  // \/ and \\ in rows, through a legend that names them; compact text without spaces.
  const char* escaped = R"({"format":"catacomb-map","version":1,"width":3,"height":2,)"
                        R"("legend":{"/":{"name":"floor"},"\\":{"name":"water"},"#":{"name":"wall"}},)"
                        R"("tiles":["\/\\#","#\/\/"]})";
  const Dungeon e = read_json_map(escaped);
  EXPECT_EQ(e.tiles(0, 0), Terrain::Floor);
  EXPECT_EQ(e.tiles(1, 0), Terrain::Water);
  EXPECT_EQ(e.tiles(2, 0), Terrain::Wall);
  EXPECT_EQ(e.tiles(2, 1), Terrain::Floor);
  // "tiles" as a value, inside params, and twice at the top level: the whole parse decides.
  const std::string head = R"({"format": "catacomb-map", "version": 1, "width": 2, "height": 1, )";
  EXPECT_EQ(read_json_map(head + R"("generator": "tiles", "params": {"tiles": ["??"]}, "tiles": ["#."]})").tiles(1, 0),
            Terrain::Floor);
  EXPECT_EQ(read_json_map(head + R"("tiles": ["##"], "tiles": ["#."]})"),
            read_json_map(nlohmann::ordered_json::parse(head + R"("tiles": ["##"], "tiles": ["#."]})").dump()));
  // Bad input anywhere: the message of the text parsed whole.
  for (const std::string& bad : {head + R"("tiles": ["#."], "objectives": [})", head + R"("tiles": ["#.", "..")",
                                 head + "\"tiles\": [\"#\t\"]}", head + R"("tiles": ["#."]} 7)"}) {
    // The whole text's error, in catacomb's words: where it stops, never the parser's message.
    size_t byte = 0;
    try {
      const auto parsed = nlohmann::ordered_json::parse(bad);  // (never succeeds: each is bad JSON)
      ADD_FAILURE() << "parsed: " << parsed.dump();
    } catch (const nlohmann::json::parse_error& error) { byte = error.byte; }
    ASSERT_GT(byte, 0u) << bad;
    std::string message;
    try {
      read_json_map(bad);
    } catch (const InvalidArgument& error) { message = error.what(); }
    EXPECT_EQ(message.rfind("JSON map = unparsable (expected JSON: ", 0), 0u) << message;
    EXPECT_EQ(message.find("json.exception"), std::string::npos) << message;
    EXPECT_NE(message.find(" at line 1, column " + std::to_string(byte > bad.size() ? bad.size() + 1 : byte)),
              std::string::npos)
        << message;
  }
  expect_error(head + R"("tiles": ["#.", ".."]})", "JSON map tiles = 2 rows (expected 1 rows (the height))");
  expect_error(head + R"("tiles": [7]})", "JSON map tiles[0] = number (expected 2 characters (the width))");
}

Dungeon locked_sample() {
  return read_ascii(
      "#######\n"
      "#<a.A>#\n"
      "#.b.B.#\n"
      "#######\n"
      "\n"
      "key-rule: consumable\n");
}

TEST(JsonMapTest, LocksKeysAndTheKeyRuleSurviveARoundTrip) {
  const Dungeon d = locked_sample();
  const std::string text = write_json_map(d);
  const auto j = nlohmann::ordered_json::parse(text);
  EXPECT_EQ(j["key_rule"], "consumable");
  EXPECT_EQ(j["tiles"][1], "#...A.#");
  EXPECT_EQ(j["legend"]["A"]["lock"], 1);
  EXPECT_EQ(j["legend"]["A"]["name"], "door");
  EXPECT_EQ(j["legend"]["B"]["lock"], 2);
  EXPECT_FALSE(j["legend"].contains("C"));
  EXPECT_EQ(j["objectives"][2].dump(), R"({"kind":"key","lock":1,"x":2,"y":1})");
  EXPECT_EQ(read_json_map(text), d);
}

TEST(JsonMapTest, AMapWithoutLocksHasNoLockFields) {
  const std::string text = write_json_map(sample());
  EXPECT_EQ(text.find("lock"), std::string::npos);
  EXPECT_EQ(text.find("key_rule"), std::string::npos);
}

TEST(JsonMapTest, RejectsBadLockFields) {
  auto j = nlohmann::ordered_json::parse(write_json_map(locked_sample()));
  auto bad_lock = j;
  bad_lock["legend"]["A"]["lock"] = 10;
  EXPECT_THROW(read_json_map(bad_lock.dump()), InvalidArgument);
  auto lock_on_treasure = j;
  lock_on_treasure["objectives"][0]["lock"] = 1;
  EXPECT_THROW(read_json_map(lock_on_treasure.dump()), InvalidArgument);
  auto bad_rule = j;
  bad_rule["key_rule"] = "sticky";
  try {
    read_json_map(bad_rule.dump());
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "JSON map key_rule = \"sticky\" (expected \"reusable\" or \"consumable\")");
  }
}

}  // namespace

// Found by fuzz_json_map: a map read with a recipe no rules come from (neighbors 6) is written
// (the legend's costs from "costs", the rest of the recipe as it was) and reads back the same.
TEST(JsonMapTest, AMapWithAMalformedRecipeIsStillWritten) {
  Dungeon d;
  d.tiles = Grid<Terrain>(4, 3, Terrain::Floor);
  d.params = {{"neighbors", int64_t{6}}, {"costs", std::string("tutorial")}};
  const Dungeon back = read_json_map(write_json_map(d));
  EXPECT_EQ(back.tiles, d.tiles);
  EXPECT_EQ(back.params, d.params);
  EXPECT_NE(write_json_map(d).find("\"cost\": 3.0"), std::string::npos);  // tutorial floor
  d.params = {{"costs", std::string("no-such-preset")}};
  EXPECT_EQ(read_json_map(write_json_map(d)).tiles, d.tiles);
}

namespace {

// A corridor with one door of every progression kind and a switch.
Dungeon progression_sample() {
  Dungeon d = read_ascii("############\n#<.+.+.+.+>#\n############\n");
  d.doors = {{{3, 1}, DoorKind::Gate, 2, false, {}},
             {{5, 1}, DoorKind::Gate, 9, true, {}},
             {{7, 1}, DoorKind::OneWay, 0, false, {1, 0}},
             {{9, 1}, DoorKind::Secret, 0, false, {}}};
  d.objectives.push_back({ObjectiveKind::Switch, {2, 1}, 0, 2});
  return d;
}

TEST(JsonMapTest, CarriesGatesOneWayAndSecretDoorsAndSwitches) {
  const Dungeon d = progression_sample();
  const std::string text = write_json_map(d);
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(text);
  EXPECT_EQ(j["tiles"][1], "#..K.r.).S.#");
  EXPECT_EQ(j["legend"]["K"]["gate"], 2);
  EXPECT_EQ(j["legend"]["r"]["open_when"], "off");
  EXPECT_EQ(j["legend"][")"]["one_way"], "east");
  EXPECT_EQ(j["legend"]["S"]["secret"], true);
  EXPECT_EQ(j["objectives"][2]["switch"], 2);
  const Dungeon back = read_json_map(text);
  EXPECT_EQ(back.doors, d.doors);
  EXPECT_EQ(back.objectives, d.objectives);
  EXPECT_EQ(back.tiles, d.tiles);
  EXPECT_EQ(map_hash(back), map_hash(d));
}

TEST(JsonMapTest, RefusesBadProgressionFieldsNamingThem) {
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(write_json_map(progression_sample()));
  j["legend"]["K"]["gate"] = 10;
  EXPECT_THROW(
      {
        try {
          read_json_map(j.dump());
        } catch (const InvalidArgument& e) {
          EXPECT_EQ(std::string(e.what()), "JSON map legend[\"K\"].gate = 10 (expected a switch id 1 to 9)");
          throw;
        }
      },
      InvalidArgument);
  j = nlohmann::ordered_json::parse(write_json_map(progression_sample()));
  j["objectives"][2].erase("switch");
  EXPECT_THROW(read_json_map(j.dump()), InvalidArgument);
  j = nlohmann::ordered_json::parse(write_json_map(progression_sample()));
  j["legend"][")"]["one_way"] = "up";
  EXPECT_THROW(read_json_map(j.dump()), InvalidArgument);
}

// Found by fuzz_certificate: a start on a gate shut at the start left the walkthrough standing on
// a closed cell. No objective of any kind stands on a gate, one-way or secret door.
TEST(JsonMapTest, RefusesAnObjectiveOfAnyKindOnADoor) {
  for (const int x : {3, 7, 9}) {  // the gate, the one-way door, the secret door
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(write_json_map(progression_sample()));
    j["objectives"][0]["x"] = x;
    const std::string kind = j["objectives"][0]["kind"];
    try {
      read_json_map(j.dump());
      ADD_FAILURE() << kind << " on the door at " << x << ",1 was read";
    } catch (const InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find(kind + " at " + std::to_string(x) + ",1 = on a door"), std::string::npos)
          << e.what();
    }
  }
}

}  // namespace

}  // namespace catacomb
