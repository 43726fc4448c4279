// The reproducers of issue #15 (hostile input and faults), each run as a real process: every one
// must end with a documented exit code (0-3) and one readable line, never a signal.
#include <gtest/gtest.h>

#include <functional>
#include <regex>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace catacomb {
namespace {

struct Reproducer {
  const char* name;
  /// Writes the fixture files into the directory (may be empty).
  std::function<void(const test::TempDir&)> setup;
  /// Arguments; "@DIR" is replaced by the directory.
  std::vector<std::string> args;
  int code;
  /// Must be found in stderr.
  const char* pattern;
};

void PrintTo(const Reproducer& r, std::ostream* os) { *os << r.name; }

// A generated 30x20 rooms dungeon's JSON map with one tile (about row 10, column 5: rows may hold escaped
// quotes) replaced by the JSON text `c`.
void json_with_tile(const test::TempDir& dir, const std::string& file, const std::string& c) {
  const test::CliResult r = test::run_cli(
      {"generate", "--width", "60", "--height", "40", "--json", dir.file("g.json")});
  if (r.code != 0) throw std::runtime_error(r.err);
  std::string text = test::slurp(dir.file("g.json"));
  const size_t row = text.find("\"tiles\"");
  size_t at = row;
  for (int i = 0; i <= 10; ++i) at = text.find('"', text.find('"', at + 1) + 1);  // the opening quote of row 10
  text.replace(at + 1 + 5, 1, c);
  test::write_text(dir.file(file), text);
}

void nothing(const test::TempDir&) {}

class HostileInputTest : public ::testing::TestWithParam<Reproducer> {};

TEST_P(HostileInputTest, EndsWithItsExitCodeAndOneReadableLine) {
  test::TempDir dir;
  GetParam().setup(dir);
  std::vector<std::string> args;
  for (const auto& a : GetParam().args) args.push_back(std::regex_replace(a, std::regex("@DIR"), dir.path()));
  const test::CliResult r = test::run_exe(args);
  EXPECT_EQ(r.code, GetParam().code) << r.err;
  if (GetParam().code == 0) {
    EXPECT_EQ(r.err, "");
    return;
  }
  EXPECT_NE(r.err.find(GetParam().pattern), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;  // one line, cut nowhere
  EXPECT_LT(r.err.size(), 1200u);
  for (char c : r.err.substr(0, r.err.size() - 1)) EXPECT_GE(static_cast<unsigned char>(c), 0x20) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Reproducers, HostileInputTest,
    ::testing::Values(
        // D1: a number beyond double.
        Reproducer{"D1JsonMap",
                   [](auto& d) { test::write_text(d.file("m.json"), R"({"a":1e999})"); },
                   {"validate", "@DIR/m.json"},
                   2,
                   "a number beyond a double (1e999)"},
        Reproducer{"D1Config",
                   [](auto& d) { test::write_text(d.file("c.json"), "1e999"); },
                   {"generate", "--config", "@DIR/c.json"},
                   2,
                   "--config = "},
        // D2: nesting 100,000 deep.
        Reproducer{"D2DeepNesting",
                   [](auto& d) {
                     test::write_text(d.file("n.json"),
                                      "{\"format\":" + std::string(100000, '[') + std::string(100000, ']') + "}");
                   },
                   {"validate", "@DIR/n.json"},
                   2,
                   "nested deeper than 64 levels"},
        Reproducer{
            "D2DeepConfig",
            [](auto& d) { test::write_text(d.file("c.json"), std::string(100000, '[') + std::string(100000, ']')); },
            {"generate", "--config", "@DIR/c.json"},
            2,
            "nested deeper than 64 levels"},
        // D3: unbounded reads, claimed sizes.
        Reproducer{"D3ValidateDevZero",
                   nothing,
                   {"validate", "/dev/zero"},
                   2,
                   "/dev/zero: line 1 length = more than 16385 bytes"},
        Reproducer{
            "D3ConfigDevZero", nothing, {"generate", "--config", "/dev/zero"}, 2, "size = more than 1048576 bytes"},
        Reproducer{"D3PathDevZero",
                   nothing,
                   {"path", "/dev/zero", "--from", "1,1", "--to", "2,2"},
                   2,
                   "/dev/zero: line 1 length"},
        Reproducer{"D3ScenMapDevZero",
                   [](auto& d) { test::write_text(d.file("x.scen"), "version 1\n"); },
                   {"scen", "@DIR/x.scen", "--map", "/dev/zero"},
                   2,
                   "/dev/zero: line 1 length"},
        Reproducer{
            "D3ScenDevZero", nothing, {"scen", "/dev/zero"}, 2, "/dev/zero: line 1 length = more than 4096 bytes"},
        Reproducer{
            "D3HugeClaimedMap",
            [](auto& d) { test::write_text(d.file("big.map"), "type octile\nheight 16384\nwidth 16384\nmap\n"); },
            {"validate", "@DIR/big.map"},
            2,
            "expected 16384 rows, found 0"},
        Reproducer{"D3HugeClaimedJson",
                   [](auto& d) {
                     std::string rows;
                     for (int i = 0; i < 16384; ++i) rows += std::string(i ? "," : "") + "\"\"";
                     test::write_text(d.file("big.json"),
                                      R"({"format":"catacomb-map","version":1,"width":16384,"height":16384,"tiles":[)" +
                                          rows + "]}");
                   },
                   {"validate", "@DIR/big.json"},
                   2,
                   "tiles[0] = 0 characters (expected 16384 characters"},
        Reproducer{"D3LongLine",
                   [](auto& d) { test::write_text(d.file("long.txt"), std::string(1 << 20, '#')); },
                   {"validate", "@DIR/long.txt"},
                   2,
                   "line 1 length = more than 16385 bytes"},
        // D4: requests beyond the memory budget are refused up front, saying what they need.
        Reproducer{"D4GenerateHuge",
                   nothing,
                   {"generate", "--width", "16384", "--height", "16384", "--max-memory", "1024"},
                   2,
                   "--max-memory = 1024 MiB (expected at least 16384 MiB: generate needs about 64 bytes per cell x "
                   "268435456 cells"},
        Reproducer{
            "D4GenerateHugeCaves",
            nothing,
            {"generate", "--generator", "caves", "--width", "16384", "--height", "16384", "--max-memory", "1024"},
            2,
            "--max-memory = 1024 MiB (expected at least 10240 MiB: generate needs about 40 bytes per cell x 268435456 "
            "cells"},
        Reproducer{"D4BatchThreads",
                   nothing,
                   {"batch", "--seeds", "1..2", "--width", "2000", "--height", "2000", "--threads", "4", "--max-memory",
                    "500", "--out", "@DIR/o"},
                   2,
                   "(expected at least 977 MiB: generate needs about 64 bytes per cell x 4000000 cells x 4 threads"},
        Reproducer{"D4PathBig",
                   [](auto& d) {
                     std::string row(1024, '.');
                     std::string map;
                     for (int i = 0; i < 40; ++i) map += row + "\n";
                     test::write_text(d.file("m.txt"), map);
                   },
                   {"path", "@DIR/m.txt", "--from", "0,0", "--to", "5,5", "--max-memory", "1"},
                   2,
                   "(expected at least 2 MiB: path needs about 48 bytes per cell x 40960 cells"},
        Reproducer{"D4PathBigJps",
                   [](auto& d) {
                     std::string row(1024, '.');
                     std::string map;
                     for (int i = 0; i < 40; ++i) map += row + "\n";
                     test::write_text(d.file("m.txt"), map);
                   },
                   {"path", "@DIR/m.txt", "--from", "0,0", "--to", "5,5", "--algorithm", "jps", "--max-memory", "2"},
                   2,
                   "(expected at least 3 MiB: path needs about 64 bytes per cell x 40960 cells"},
        Reproducer{"D4ValidateBig",
                   [](auto& d) {
                     std::string map;
                     for (int i = 0; i < 40; ++i) map += std::string(1024, '#') + "\n";
                     test::write_text(d.file("m.txt"), map);
                   },
                   {"validate", "@DIR/m.txt", "--max-memory", "1"},
                   2,
                   "(expected at least 2 MiB: validate needs about 32 bytes per cell x 40960 cells"},
        // D8: numbers parse completely or are refused, naming the flag as typed.
        Reproducer{"D8SeedMinusOne",
                   nothing,
                   {"generate", "--seed", "-1"},
                   2,
                   "--seed = -1 (expected an integer from 0 to 18446744073709551615)"},
        Reproducer{"D8SeedTwoTo64",
                   nothing,
                   {"generate", "--seed", "18446744073709551616"},
                   2,
                   "--seed = 18446744073709551616 (expected"},
        Reproducer{"D8SeedHuge",
                   nothing,
                   {"generate", "--seed", "99999999999999999999"},
                   2,
                   "--seed = 99999999999999999999 (expected"},
        Reproducer{"D8SeedEmpty", nothing, {"generate", "--seed", ""}, 2, "--seed = '' (expected"},
        Reproducer{"D8SeedHex", nothing, {"generate", "--seed", "0x10"}, 2, "--seed = 0x10 (expected"},
        Reproducer{"D8WidthEmpty", nothing, {"generate", "--width", ""}, 2, "--width = '' (expected"},
        Reproducer{"D8FillEmpty",
                   nothing,
                   {"generate", "--generator", "caves", "--fill", ""},
                   2,
                   "--fill = '' (expected a finite decimal"},
        Reproducer{"D8FromSpace",
                   nothing,
                   {"path", "@DIR/x.json", "--from", " 3,4", "--to", "5,5"},
                   2,
                   "--from =  3,4 (expected X,Y"},
        Reproducer{"D8FromPlus",
                   nothing,
                   {"path", "@DIR/x.json", "--from", "+3,+4", "--to", "5,5"},
                   2,
                   "--from = +3,+4 (expected X,Y"},
        Reproducer{"D8PngEmpty", nothing, {"generate", "--png", ""}, 2, "--png = '' (expected a non-empty value)"},
        Reproducer{"D8ConfigWidthHuge",
                   [](auto& d) { test::write_text(d.file("w.json"), R"({"width": 18446744073709551615})"); },
                   {"generate", "--config", "@DIR/w.json"},
                   2,
                   "config key \"width\" = 18446744073709551615 (expected an integer)"},
        Reproducer{"D8WeightNan",
                   nothing,
                   {"path", "@DIR/x.json", "--from", "3,4", "--to", "5,5", "--weight", "nan"},
                   2,
                   "--weight = nan (expected"},
        Reproducer{"D8CostsName",
                   nothing,
                   {"generate", "--costs", "x"},
                   2,
                   "--costs = x (expected dungeon, tutorial or uniform)"},
        Reproducer{"D8ThreadsHex",
                   nothing,
                   {"batch", "--seeds", "1..2", "--threads", "0x2", "--out", "@DIR/o"},
                   2,
                   "--threads = 0x2 (expected"},
        // D10: control bytes and NUL quoted, a BOM accepted, extension and content agree.
        Reproducer{"D10NulInJson",
                   [](auto& d) { json_with_tile(d, "nul.json", "\\u0000"); },
                   {"validate", "@DIR/nul.json"},
                   2,
                   "] = '\\x00' (expected a character of the legend)"},
        Reproducer{"D10ControlByteInAscii",
                   [](auto& d) { test::write_text(d.file("c.txt"), "#####\n#<\x01>#\n#####\n"); },
                   {"validate", "@DIR/c.txt"},
                   2,
                   "line 2 column 3: character '\\x01'"},
        Reproducer{"D10NulInAscii",
                   [](auto& d) { test::write_text(d.file("c.txt"), std::string("#####\n#<\0>#\n#####\n", 18)); },
                   {"validate", "@DIR/c.txt"},
                   2,
                   "line 2 column 3: character '\\x00' (expected one of"},
        Reproducer{"D10Bom",
                   [](auto& d) {
                     json_with_tile(d, "bom.json", "#");
                     test::write_text(d.file("bom.json"), "\xEF\xBB\xBF" + test::slurp(d.file("bom.json")));
                   },
                   {"validate", "@DIR/bom.json", "--json"},
                   0,
                   ""},
        Reproducer{"D10JsonNamedTxt",
                   [](auto& d) { json_with_tile(d, "m.txt", "#"); },
                   {"validate", "@DIR/m.txt"},
                   2,
                   "map format = a JSON map by its content"},
        Reproducer{"D10AsciiNamedJson",
                   [](auto& d) { test::write_text(d.file("m.json"), "#####\n#<.>#\n#####\n"); },
                   {"validate", "@DIR/m.json"},
                   2,
                   "but the file name says a JSON map"}),
    [](const ::testing::TestParamInfo<Reproducer>& p) { return std::string(p.param.name); });

}  // namespace
}  // namespace catacomb
