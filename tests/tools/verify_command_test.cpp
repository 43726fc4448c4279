#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <catacomb/core/atomic_file.hpp>
#include "support/test_support.hpp"

namespace catacomb {
namespace {

using test::run_cli;

const char* kChain =
    "#############\n"
    "#<a.Ab.Bc.C>#\n"
    "#############\n";

TEST(VerifyCommandTest, ValidateWritesACertificateThatVerifyAccepts) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), kChain);
  auto v = run_cli({"validate", dir.file("m.txt"), "--certificate", dir.file("c.json")});
  ASSERT_EQ(v.code, 0) << v.err;
  EXPECT_NE(v.out.find("    1. take key 1 at 2,1: 1 move, cost 1\n"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("    7. reach the exit at 11,1: 1 move, cost 1\n"), std::string::npos) << v.out;
  auto r = test::run_exe({"verify", dir.file("m.txt"), dir.file("c.json")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("accepted (7 steps, 10 moves, cost 10.0; cannot be lost: "), std::string::npos) << r.out;
  EXPECT_EQ(test::run_exe({"verify", dir.file("m.txt"), dir.file("c.json"), "--unlosable"}).code, 0);
  // More states than --max-states: bad input, refused before they are read.
  r = test::run_exe({"verify", dir.file("m.txt"), dir.file("c.json"), "--max-states", "1"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unlosable.states = "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(expected a count of states, 1 to 1 (verify's cap, --max-states))"), std::string::npos)
      << r.err;
}

// A map that can be lost (the first key spent on the east door strands the treasure and the
// second key behind the west one) gets a certificate of its walkthrough only: verify accepts it
// as completable, and --unlosable rejects it.
TEST(VerifyCommandTest, UnlosableRejectsACertificateOfAMapThatCanBeLost) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), "##########\n#1aA<.aA>#\n##########\n\n1: treasure\nkey-rule: consumable\n");
  EXPECT_EQ(run_cli({"validate", dir.file("m.txt"), "--certificate", dir.file("c.json")}).code, 1);
  EXPECT_FALSE(test::file_exists(dir.file("c.json")));
  auto v = run_cli({"validate", dir.file("m.txt"), "--allow-softlocks", "--certificate", dir.file("c.json")});
  ASSERT_EQ(v.code, 0) << v.err;
  EXPECT_NE(v.out.find("softlock"), std::string::npos) << v.out;
  EXPECT_EQ(nlohmann::json::parse(test::slurp(dir.file("c.json"))).count("unlosable"), 0u);
  auto r = test::run_exe({"verify", dir.file("m.txt"), dir.file("c.json")});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.find("cannot be lost"), std::string::npos) << r.out;
  r = test::run_exe({"verify", dir.file("m.txt"), dir.file("c.json"), "--unlosable"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("REJECTED: it proves the dungeon can be completed but not that it cannot be lost"),
            std::string::npos)
      << r.out;
}

TEST(VerifyCommandTest, ATamperedCertificateExitsOneNamingTheStep) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), kChain);
  ASSERT_EQ(run_cli({"validate", dir.file("m.txt"), "--certificate", dir.file("c.json")}).code, 0);
  auto c = nlohmann::json::parse(test::slurp(dir.file("c.json")));
  c["steps"][1]["route"].erase(1);
  write_file_atomic(dir.file("bad.json"), c.dump());
  auto r = test::run_exe({"verify", dir.file("m.txt"), dir.file("bad.json")});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("REJECTED at step 2: the move 2,1 -> 4,1 is not a step to a neighbouring cell"),
            std::string::npos)
      << r.out;
}

TEST(VerifyCommandTest, FalseClaimsExitOneNamingTheFieldAndTheTruth) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), kChain);
  ASSERT_EQ(run_cli({"validate", dir.file("m.txt"), "--certificate", dir.file("c.json")}).code, 0);
  const auto c = nlohmann::json::parse(test::slurp(dir.file("c.json")));
  auto total = c;
  total["total_cost"] = 1.0;
  write_file_atomic(dir.file("total.json"), total.dump());
  auto r = test::run_exe({"verify", dir.file("m.txt"), dir.file("total.json")});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("REJECTED at the end: the certificate claims total_cost 1.0, its steps cost 10.0"),
            std::string::npos)
      << r.out;
  auto lock = c;
  lock["steps"][3]["lock"] = 1;
  write_file_atomic(dir.file("lock.json"), lock.dump());
  r = test::run_exe({"verify", dir.file("m.txt"), dir.file("lock.json")});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("REJECTED at step 4: the step claims lock 1, the door at 7,1 is lock 2"), std::string::npos)
      << r.out;
  auto order = c;
  std::swap(order["steps"][0]["step"], order["steps"][1]["step"]);
  write_file_atomic(dir.file("order.json"), order.dump());
  r = test::run_exe({"verify", dir.file("m.txt"), dir.file("order.json")});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("REJECTED at step 1: the step claims step 2, it is step 1"), std::string::npos) << r.out;
}

TEST(VerifyCommandTest, BadInputExitsTwo) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), kChain);
  write_file_atomic(dir.file("c.json"), "{\"format\": 3}");
  auto r = run_cli({"verify", dir.file("m.txt"), dir.file("c.json")});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("certificate format = 3 (expected \"catacomb-certificate\")"), std::string::npos) << r.err;
}

TEST(VerifyCommandTest, NoCertificateForAMapThatCannotBeFinished) {
  test::TempDir dir;
  write_file_atomic(dir.file("m.txt"), "#########\n#<..A.a>#\n#########\n");
  auto v = run_cli({"validate", dir.file("m.txt"), "--certificate", dir.file("c.json")});
  EXPECT_EQ(v.code, 1);
  EXPECT_NE(v.out.find("key 1 at 6,1 lies behind door 1 at 4,1, the door it opens"), std::string::npos) << v.out;
  EXPECT_FALSE(test::file_exists(dir.file("c.json")));
}

TEST(VerifyCommandTest, ValidateUsesTheMapsOwnRulesAndNotesAnOverride) {
  test::TempDir dir;
  // Recorded deep water: the exit behind the pool cannot be reached.
  write_file_atomic(dir.file("m.json"), R"({"format": "catacomb-map", "version": 1, "width": 5, "height": 1,
    "params": {"deep_water": true}, "tiles": ["..~.."], "objectives": [{"kind": "start", "x": 0, "y": 0},
    {"kind": "exit", "x": 4, "y": 0}]})");
  EXPECT_EQ(run_cli({"validate", dir.file("m.json")}).code, 1);
  auto r = run_cli({"validate", dir.file("m.json"), "--costs", "dungeon"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.err, "note: --costs overrides the rules the map states for itself\n");
  // A legend that makes floor impassable is obeyed.
  write_file_atomic(dir.file("l.json"), R"({"format": "catacomb-map", "version": 1, "width": 3, "height": 1,
    "legend": {".": {"name": "floor", "passable": false, "cost": null}, ",": {"name": "corridor", "passable": true, "cost": 1}},
    "tiles": [",.,"], "objectives": [{"kind": "start", "x": 0, "y": 0}, {"kind": "exit", "x": 2, "y": 0}]})");
  EXPECT_EQ(run_cli({"validate", dir.file("l.json")}).code, 1);
}

}  // namespace
}  // namespace catacomb
