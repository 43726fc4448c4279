#include <catacomb/io/config_json.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>

#include <catacomb/core/error.hpp>

namespace catacomb {
namespace {

std::string error_of(std::string_view json, uint64_t* seed = nullptr) {
  try {
    generate_config_from_json(json, {}, seed, "c.json");
  } catch (const InvalidArgument& e) { return e.what(); }
  return "no error";
}

TEST(ConfigJsonTest, TableHasEveryParameterOnceWithHelp) {
  std::set<std::string> keys;
  for (const ConfigParam& p : generate_config_params()) {
    EXPECT_FALSE(p.help.empty()) << p.name;
    EXPECT_EQ(p.name.find('_'), std::string_view::npos) << p.name;  // flags use '-'
    EXPECT_TRUE(keys.insert(p.key()).second) << p.name;
  }
  // 33, 4 of locks (count, key rule, layout, one-way return), 10 of the platformer generator, the game's cost,
  // 3 of progression doors, allow-softlocks
  EXPECT_EQ(keys.size(), 52u);
  EXPECT_EQ(generate_config_params()[0].name, "generator");
  EXPECT_TRUE(generate_config_params()[1].is_seed());
  EXPECT_EQ(generate_config_params().back().key(), "max_attempts");
}

TEST(ConfigJsonTest, FieldsPointIntoTheConfigAndTheSeed) {
  GenerateConfig c;
  uint64_t seed = 0;
  for (const ConfigParam& p : generate_config_params()) {
    const ConfigField f = p.field(c, seed);
    if (p.is_seed()) EXPECT_EQ(std::get<uint64_t*>(f), &seed);
    else
      std::visit(
          [&](auto* ptr) {
            const auto* at = reinterpret_cast<const char*>(ptr);
            EXPECT_GE(at, reinterpret_cast<const char*>(&c)) << p.name;
            EXPECT_LT(at, reinterpret_cast<const char*>(&c + 1)) << p.name;
          },
          f);
  }
  // A few by name.
  auto field = [&](std::string_view name) {
    for (const ConfigParam& p : generate_config_params())
      if (p.name == name) return p.field(c, seed);
    ADD_FAILURE() << name;
    return ConfigField{};
  };
  EXPECT_EQ(std::get<int*>(field("room-count")), &c.rooms.room_count);
  EXPECT_EQ(std::get<double*>(field("dig-turn")), &c.dig.turn);
  EXPECT_EQ(std::get<GeneratorKind*>(field("generator")), &c.generator);
  EXPECT_EQ(std::get<DiagonalPolicy*>(field("diagonal")), &c.moves.diagonal);
}

TEST(ConfigJsonTest, ReadsKeysWithDashOrUnderscoreOverTheBase) {
  GenerateConfig base;
  base.width = 33;
  uint64_t seed = 1;
  GenerateConfig c = generate_config_from_json(
      R"({"generator": "caves", "room-count": 7, "min_side": 8, "loop_fraction": 0.5, "deep-water": true,
          "costs": "uniform", "connect": "largest", "diagonal": "one-free", "seed": 42, "dig_rock": 4})",
      base, &seed);
  EXPECT_EQ(c.generator, GeneratorKind::Caves);
  EXPECT_EQ(c.width, 33);  // left out: the base's
  EXPECT_EQ(c.height, 50);
  EXPECT_EQ(c.rooms.room_count, 7);
  EXPECT_EQ(c.rooms.min_side, 8);
  EXPECT_EQ(c.loop_fraction, 0.5);
  EXPECT_TRUE(c.deep_water);
  EXPECT_EQ(c.costs, CostPreset::Uniform);
  EXPECT_EQ(c.cave_regions.connect, CaveConnect::Largest);
  EXPECT_EQ(c.moves.diagonal, DiagonalPolicy::OneFree);
  EXPECT_EQ(c.dig.rock, 4.0);
  EXPECT_EQ(seed, 42u);
}

TEST(ConfigJsonTest, SeedIsIgnoredWithoutASeedToSet) {
  GenerateConfig c = generate_config_from_json(R"({"seed": 42, "width": 40})");
  EXPECT_EQ(c.width, 40);
  // Not an unsigned integer: then it is an unknown key, listed without "seed".
  const std::string m = error_of(R"({"seed": "x"})");
  EXPECT_EQ(m.rfind("config key \"seed\" (expected one of generator, width, height, objectives, ", 0), 0u) << m;
}

TEST(ConfigJsonTest, SourcesAndTheSeedAreReadTogetherWhenASeedIsGiven) {
  ConfigSources sources;
  uint64_t seed = 1;
  const GenerateConfig c = generate_config_and_sources_from_json(
      R"({"seed": 18446744073709551615, "templates": "set.tmj", "theme": "crypt", "mission": {"nodes": []}})", sources,
      {}, &seed);
  EXPECT_EQ(seed, 18446744073709551615u);
  EXPECT_EQ(sources.templates, "set.tmj");
  EXPECT_EQ(c.theme, "crypt");
  EXPECT_EQ(sources.mission_json, R"({"nodes":[]})");
  // Without a seed to set, a seed is skipped as before; with one, a typo lists seed and the sources.
  uint64_t unused = 0;
  try {
    generate_config_and_sources_from_json(R"({"room_cout": 3})", sources, {}, &unused);
    FAIL() << "no error";
  } catch (const InvalidArgument& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind("config key \"room_cout\" (expected one of generator, seed, width, ", 0), 0u) << m;
    EXPECT_NE(m.find("max_attempts, templates, theme, mission)"), std::string::npos) << m;
  }
}

TEST(ConfigJsonTest, ErrorsNameTheKeyTheValueAndTheExpectation) {
  uint64_t seed = 0;
  EXPECT_EQ(error_of("{\"width\": \"wide\"}"), "config key \"width\" = \"wide\" (expected an integer)");
  EXPECT_EQ(error_of("{\"width\": 2.5}"), "config key \"width\" = 2.5 (expected an integer)");
  EXPECT_EQ(error_of("{\"width\": 10000000000}"), "config key \"width\" = 10000000000 (expected an integer)");
  EXPECT_EQ(error_of("{\"width\": 18446744073709551615}"),
            "config key \"width\" = 18446744073709551615 (expected an integer)");
  EXPECT_EQ(error_of("{\"deep_water\": 1}"), "config key \"deep_water\" = 1 (expected true or false)");
  EXPECT_EQ(error_of("{\"water\": \"lots\"}"), "config key \"water\" = \"lots\" (expected a number)");
  EXPECT_EQ(error_of("{\"generator\": 1}"), "config key \"generator\" = 1 (expected a string)");
  EXPECT_EQ(error_of("{\"seed\": -1}", &seed), "config key \"seed\" = -1 (expected an integer from 0 to 2^64-1)");
  EXPECT_EQ(error_of("{\"generator\": \"lava\"}"), "generator = lava (expected rooms, caves or platformer)");
  EXPECT_EQ(error_of("{\"costs\": \"lava\"}"), "costs = lava (expected dungeon, tutorial or uniform)");
  EXPECT_EQ(error_of("{\"diagonal\": \"lava\"}"),
            "diagonal = lava (expected never, no-corner-cut, one-free or always)");
  EXPECT_EQ(error_of("[1]"), "config = c.json (expected a JSON object)");
  const std::string unknown = error_of("{\"colour\": 1}", &seed);
  EXPECT_EQ(unknown.rfind("config key \"colour\" (expected one of generator, seed, width, height, ", 0), 0u) << unknown;
  EXPECT_NE(unknown.find(", max_attempts)"), std::string::npos) << unknown;
  const std::string syntax = error_of("{\"width\": ");
  EXPECT_EQ(syntax, "config = c.json (expected a JSON object: the text ends early at line 1, column 11)");
}

// Keys are read in sorted order whatever the text's order (as a std::map-keyed json read them):
// the first bad key named is the first in sorted order, and a mission object is kept with its
// keys sorted, at every depth, and written back so.
TEST(ConfigJsonTest, KeysAreReadInSortedOrder) {
  EXPECT_EQ(error_of("{\"zz_unknown\": 1, \"width\": \"wide\"}").rfind("config key \"width\" = \"wide\"", 0), 0u);
  EXPECT_EQ(error_of("{\"width\": \"wide\", \"deep_water\": 1}"),
            "config key \"deep_water\" = 1 (expected true or false)");
  EXPECT_EQ(error_of("{\"width\": {\"b\": 1, \"a\": [{\"d\": 2, \"c\": 3}]}}"),
            "config key \"width\" = {\"a\":[{\"c\":3,\"d\":2}],\"b\":1} (expected an integer)");
  ConfigSources sources;
  uint64_t seed = 1;
  const GenerateConfig c = generate_config_and_sources_from_json(
      R"({"mission": {"nodes": [], "edges": [], "a": {"z": 1, "y": 2}}})", sources, {}, &seed);
  EXPECT_EQ(sources.mission_json, R"({"a":{"y":2,"z":1},"edges":[],"nodes":[]})");
  const std::string back = generate_config_and_sources_to_json(c, sources);
  EXPECT_LT(back.find("\"edges\""), back.find("\"nodes\"")) << back;
}

TEST(ConfigJsonTest, HostileInputIsInvalidArgumentNeverACrash) {
  // A number beyond a double.
  const std::string overflow = error_of("{\"water\": 1e999}");
  EXPECT_EQ(overflow.rfind("config = c.json (expected a JSON object: ", 0), 0u) << overflow;
  EXPECT_NE(overflow.find("1e999"), std::string::npos) << overflow;
  // Nesting a recursive dump would overflow the stack on.
  const std::string deep = "{\"width\": " + std::string(500000, '[') + std::string(500000, ']') + "}";
  EXPECT_EQ(error_of(deep), "config = c.json (expected a JSON object: nested deeper than 64 levels)");
  // Brackets inside strings do not count.
  EXPECT_EQ(error_of("{\"generator\": \"" + std::string(100, '[') + "\"}"),
            "generator = " + std::string(100, '[') + " (expected rooms, caves or platformer)");
  // Nesting within the limit still gets a message of bounded length.
  const std::string nested = "{\"width\": " + std::string(60, '[') + std::string(60, ']') + "}";
  const std::string m = error_of(nested);
  EXPECT_EQ(m.rfind("config key \"width\" = [[[[", 0), 0u) << m;
  EXPECT_NE(m.find("... (expected an integer)"), std::string::npos) << m;
  EXPECT_LT(m.size(), 120u);
  // A long key is cut short too; a multi-byte character is never cut in half.
  const std::string key(200, 'k');
  EXPECT_LT(error_of("{\"" + key + "\": 1}").find("k..."), 100u);
  const std::string accents = error_of("{\"water\": \"" + std::string(40, 'a') + std::string(40, '\xc3') + "\"}");
  EXPECT_NE(accents, "no error");
  std::string utf8;
  for (int i = 0; i < 40; ++i) utf8 += "\xc3\xa9";  // e acute
  // The excerpt is the quote and 59 bytes: the 30th character would be cut in half.
  const std::string cut = error_of("{\"water\": \"" + utf8 + "\"}");
  const size_t dots = cut.find("...");
  ASSERT_NE(dots, std::string::npos) << cut;
  EXPECT_EQ(dots - (cut.find("= \"") + 3), 58u) << cut;
}

TEST(ConfigJsonTest, WritesEveryParameterAndReadsItBack) {
  GenerateConfig c;
  c.generator = GeneratorKind::Caves;
  c.width = 61;
  c.loop_fraction = 0.3;
  c.costs = CostPreset::Tutorial;
  c.moves.diagonal = DiagonalPolicy::Always;
  c.cave_regions.connect = CaveConnect::Largest;
  c.deep_water = true;
  const std::string json = generate_config_to_json(c);
  EXPECT_EQ(json.rfind("{\n  \"generator\": \"caves\",\n  \"width\": 61,\n", 0), 0u) << json;
  EXPECT_EQ(json.find("seed"), std::string::npos);
  EXPECT_NE(json.find("\"costs\": \"tutorial\""), std::string::npos);
  EXPECT_NE(json.find("\"loop_fraction\": 0.3,"), std::string::npos);
  GenerateConfig back = generate_config_from_json(json);
  EXPECT_EQ(generate_config_to_json(back), json);
  EXPECT_EQ(back.params(), c.params());
  const uint64_t seed = 18446744073709551615ull;
  uint64_t read = 0;
  generate_config_from_json(generate_config_to_json(c, &seed), {}, &read);
  EXPECT_EQ(read, seed);
}

TEST(ConfigJsonTest, TheGamesCostsAreOneKeyWrittenOnlyWhenSet) {
  GenerateConfig c;
  EXPECT_EQ(generate_config_to_json(c).find("\"cost\""), std::string::npos);
  const GenerateConfig read = generate_config_from_json(R"({"cost": "vegetation=7.5,water=impassable"})");
  EXPECT_EQ(cost_overrides_text(read.cost), "water=impassable,vegetation=7.5");
  const std::string json = generate_config_to_json(read);
  EXPECT_NE(json.find("\"cost\": \"water=impassable,vegetation=7.5\""), std::string::npos) << json;
  EXPECT_EQ(generate_config_from_json(json).cost, read.cost);
  try {
    generate_config_from_json(R"({"cost": "lava=1"})");
    ADD_FAILURE() << "no error";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("cost = lava=1 (expected a terrain name"), std::string::npos) << e.what();
  }
  EXPECT_THROW(generate_config_from_json(R"({"cost": 7.5})"), InvalidArgument);
}

TEST(ConfigJsonTest, ChoiceNamesReadAndWrite) {
  GenerateConfig c;
  uint64_t seed = 0;
  for (const ConfigParam& p : generate_config_params()) {
    const ConfigField f = p.field(c, seed);
    const bool choice = std::visit(
        [](auto* ptr) {
          using T = std::remove_pointer_t<decltype(ptr)>;
          return std::is_enum_v<T> || std::is_same_v<T, CostOverrides>;  // the game's costs: text
        },
        f);
    if (!choice) {
      EXPECT_THROW(config_choice_name(f), InvalidArgument) << p.name;
      EXPECT_THROW(set_config_choice(f, "1", p.key()), InvalidArgument) << p.name;
      continue;
    }
    const std::string name = config_choice_name(f);
    set_config_choice(f, name, p.key());
    EXPECT_EQ(config_choice_name(f), name);
    EXPECT_THROW(set_config_choice(f, "lava", p.key()), InvalidArgument) << p.name;
  }
  EXPECT_EQ(generator_kind_name(GeneratorKind::Caves), "caves");
  EXPECT_EQ(parse_generator_kind("rooms"), GeneratorKind::Rooms);
  EXPECT_EQ(cost_preset_name(CostPreset::Tutorial), "tutorial");
  EXPECT_EQ(parse_cost_preset("uniform"), CostPreset::Uniform);
  EXPECT_EQ(CostTable::preset(CostPreset::Tutorial), CostTable::tutorial());
  EXPECT_THROW(CostTable::preset(static_cast<CostPreset>(9)), InvalidArgument);
}

// The lock layout and its one-way return: written only when not the default (a chain config keeps
// its bytes), read back by name.
TEST(ConfigJsonTest, TheLockLayoutIsWrittenOnlyWhenNotAChain) {
  GenerateConfig c;
  const std::string chain = generate_config_to_json(c);
  EXPECT_EQ(chain.find("lock_layout"), std::string::npos);
  EXPECT_EQ(chain.find("cycle_one_way"), std::string::npos);
  const GenerateConfig read = generate_config_from_json(R"({"lock_layout": "cycles", "cycle_one_way": true})");
  EXPECT_EQ(read.lock_layout, LockLayout::Cycles);
  EXPECT_TRUE(read.cycle_one_way);
  const std::string json = generate_config_to_json(read);
  EXPECT_NE(json.find("\"lock_layout\": \"cycles\""), std::string::npos) << json;
  EXPECT_EQ(generate_config_from_json(json).lock_layout, LockLayout::Cycles);
  EXPECT_THROW(generate_config_from_json(R"({"lock_layout": "spiral"})"), InvalidArgument);
}

}  // namespace
}  // namespace catacomb
