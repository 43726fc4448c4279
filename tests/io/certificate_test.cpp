#include <catacomb/io/certificate.hpp>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb {
namespace {

using json = nlohmann::json;

const char* kChain =
    "#############\n"
    "#<a.Ab.Bc.C>#\n"
    "#############\n";

std::string certificate_of(const Dungeon& d) {
  const ValidateOptions rules = map_rules(d);
  const ValidationReport r = validate_dungeon(d, rules);
  EXPECT_TRUE(r.valid);
  return write_certificate(d, *r.solution, rules);
}

TEST(CertificateTest, ItsOwnCertificateIsAccepted) {
  for (KeyRule rule : {KeyRule::Reusable, KeyRule::Consumable}) {
    Dungeon d = read_ascii(kChain);
    d.key_rule = rule;
    const Verdict v = verify_certificate(d, certificate_of(d), map_rules(d));
    EXPECT_TRUE(v.accepted) << v.reason;
    EXPECT_TRUE(v.unlosable);
    EXPECT_EQ(v.summary.substr(0, 44), "7 steps, 10 moves, cost 10.0; cannot be lost") << v.summary;
  }
}

TEST(CertificateTest, ADroppedCellIsRejected) {
  const Dungeon d = read_ascii(kChain);
  json c = json::parse(certificate_of(d));
  auto& route = c["steps"][3]["route"];  // open door 2: (5,1) (6,1) (7,1)
  ASSERT_EQ(route.size(), 3u);
  route.erase(1);
  const Verdict v = verify_certificate(d, c.dump(), map_rules(d));
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.step, 4);
  EXPECT_EQ(v.reason, "the move 5,1 -> 7,1 is not a step to a neighbouring cell");
}

TEST(CertificateTest, AStepThroughAWallIsRejected) {
  const Dungeon d = read_ascii(kChain);
  json c = json::parse(certificate_of(d));
  c["steps"][0]["route"] = json::array({json::array({1, 1}), json::array({1, 2}), json::array({2, 1})});
  const Verdict v = verify_certificate(d, c.dump(), map_rules(d));
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.step, 1);
  EXPECT_EQ(v.reason, "the move 1,1 -> 1,2 enters wall, which is impassable");
}

TEST(CertificateTest, ADoorOpenedWithoutItsKeyIsRejected) {
  const Dungeon d = read_ascii(kChain);
  json c = json::parse(certificate_of(d));
  // Skip key 1: walk from the start straight to door 1.
  c["steps"].erase(0);
  c["steps"][0]["route"] = json::array(
      {json::array({1, 1}), json::array({2, 1}), json::array({3, 1}), json::array({4, 1})});
  c["steps"][0]["cost"] = 3;
  for (size_t i = 0; i < c["steps"].size(); ++i) c["steps"][i]["step"] = i + 1;
  Dungeon no_key = d;
  const Verdict ok_so_far = verify_certificate(d, c.dump(), map_rules(d));
  EXPECT_TRUE(ok_so_far.accepted) << "walking over key 1 picks it up: " << ok_so_far.reason;
  // Remove the key from the map (and so its hash) and the door no longer opens.
  no_key.objectives.erase(no_key.objectives.begin() + 2);
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(map_hash(no_key)));
  c["map_hash"] = hash;
  const Verdict v = verify_certificate(no_key, c.dump(), map_rules(no_key));
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.step, 1);
  EXPECT_EQ(v.reason, "the move 3,1 -> 4,1 opens door 1 without a key 1");
}

TEST(CertificateTest, ACertificateForAnotherMapOrWithOtherRulesIsRejected) {
  const Dungeon d = read_ascii(kChain);
  const std::string c = certificate_of(d);
  Dungeon other = d;
  other.locks[0].lock = 2;
  EXPECT_EQ(verify_certificate(other, c, map_rules(other)).reason.substr(0, 36),
            "the certificate is for another map (");
  json always = json::parse(c);
  always["rules"]["diagonal"] = "always";
  EXPECT_EQ(verify_certificate(d, always.dump(), map_rules(d)).reason,
            "the certificate's rules (costs, moves) are not the map's own");
  EXPECT_TRUE(verify_certificate(d, always.dump(), std::nullopt).accepted);
}

TEST(CertificateTest, AnIncompleteWalkIsRejected) {
  const Dungeon d = read_ascii(kChain);
  json c = json::parse(certificate_of(d));
  c["steps"].erase(c["steps"].size() - 1);
  const Verdict v = verify_certificate(d, c.dump(), map_rules(d));
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.reason, "exit at 11,1 is never visited");
}

TEST(CertificateTest, AFalseTotalCostIsRejected) {
  const Dungeon d = read_ascii(kChain);
  json c = json::parse(certificate_of(d));
  ASSERT_EQ(c["total_cost"], 10.0);
  c["total_cost"] = 1.0;
  const Verdict v = verify_certificate(d, c.dump(), map_rules(d));
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.step, 0);
  EXPECT_EQ(v.reason, "the certificate claims total_cost 1.0, its steps cost 10.0");
}

TEST(CertificateTest, AFalseLockIsRejected) {
  const Dungeon d = read_ascii(kChain);
  const json c = json::parse(certificate_of(d));
  ASSERT_EQ(c["steps"][3]["action"], "open-door");  // door 2 at 7,1
  ASSERT_EQ(c["steps"][3]["lock"], 2);
  json door = c;
  door["steps"][3]["lock"] = 1;
  Verdict v = verify_certificate(d, door.dump(), map_rules(d));
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.step, 4);
  EXPECT_EQ(v.reason, "the step claims lock 1, the door at 7,1 is lock 2");
  json key = c;  // key 1 at 2,1
  key["steps"][0]["lock"] = 3;
  v = verify_certificate(d, key.dump(), map_rules(d));
  EXPECT_EQ(v.step, 1);
  EXPECT_EQ(v.reason, "the step claims lock 3, the key at 2,1 is lock 1");
  json none = c;
  none["steps"][3].erase("lock");
  EXPECT_EQ(verify_certificate(d, none.dump(), map_rules(d)).reason,
            "the step claims no lock, the door at 7,1 is lock 2");
  json exit = c;  // the exit has no lock
  exit["steps"][6]["lock"] = 3;
  EXPECT_EQ(verify_certificate(d, exit.dump(), map_rules(d)).reason,
            "the step claims lock 3, the exit at 11,1 has no lock");
}

TEST(CertificateTest, AFalseActionIsRejected) {
  const Dungeon d = read_ascii(kChain);
  const json c = json::parse(certificate_of(d));
  json take = c;  // a key of a lock is taken with take-key, not take
  take["steps"][0]["action"] = "take";
  EXPECT_EQ(verify_certificate(d, take.dump(), map_rules(d)).reason, "there is no take target at 2,1");
  // Door 1 is walked through on the way to key 2 and only then claimed opened.
  json late = c;
  late["steps"].erase(1);  // open-door 1
  late["steps"][1]["route"] = json::array(
      {json::array({2, 1}), json::array({3, 1}), json::array({4, 1}), json::array({5, 1})});
  late["steps"][1]["cost"] = 3;
  for (size_t i = 0; i < late["steps"].size(); ++i) late["steps"][i]["step"] = i + 1;
  late["steps"].insert(late["steps"].begin() + 2,
                       json{{"step", 3},
                            {"action", "open-door"},
                            {"at", {4, 1}},
                            {"lock", 1},
                            {"cost", 1},
                            {"route", json::array({json::array({5, 1}), json::array({4, 1})})}});
  const Verdict v = verify_certificate(d, late.dump(), map_rules(d));
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.step, 3);
  EXPECT_EQ(v.reason, "the door at 4,1 was opened before this step, not by it");
}

TEST(CertificateTest, StepsOutOfOrderAreRejected) {
  const Dungeon d = read_ascii(kChain);
  const json c = json::parse(certificate_of(d));
  json swapped = c;
  std::swap(swapped["steps"][1]["step"], swapped["steps"][2]["step"]);
  Verdict v = verify_certificate(d, swapped.dump(), map_rules(d));
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.step, 2);
  EXPECT_EQ(v.reason, "the step claims step 3, it is step 2");
  json zero = c;
  zero["steps"][0]["step"] = 0;
  EXPECT_EQ(verify_certificate(d, zero.dump(), map_rules(d)).reason, "the step claims step 0, it is step 1");
}

TEST(CertificateTest, ItsOwnCertificatesVerifyOverGeneratedMaps) {
  // Both generators with locks, both key rules: every claim catacomb writes is what the replay
  // finds (take steps, keys walked over before their step, doors, total).
  int checked = 0;
  for (GeneratorKind g : {GeneratorKind::Rooms, GeneratorKind::Caves})
    for (KeyRule rule : {KeyRule::Reusable, KeyRule::Consumable})
      for (uint64_t seed = 1; seed <= 6; ++seed) {
        GenerateConfig c;
        c.generator = g;
        c.width = 48;
        c.height = 32;
        c.locks = 3;
        c.key_rule = rule;
        const Dungeon d = generate_dungeon(c, seed).dungeon;
        const ValidateOptions rules = map_rules(d);
        const ValidationReport r = validate_dungeon(d, rules);
        if (!r.valid || !r.solution || r.solution->status != SolveStatus::Completable) continue;
        const Verdict v = verify_certificate(d, write_certificate(d, *r.solution, rules), rules);
        EXPECT_TRUE(v.accepted) << "seed " << seed << ", step " << v.step << ": " << v.reason;
        ++checked;
      }
  EXPECT_GE(checked, 20);
}

TEST(CertificateTest, FieldsTheFormatDoesNotDefineAreBadInput) {
  const Dungeon d = read_ascii(kChain);
  const json c = json::parse(certificate_of(d));
  json extra = c;
  extra["steps"][2]["moves"] = 1;
  try {
    verify_certificate(d, extra.dump(), map_rules(d));
    FAIL() << "an unknown step field is accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "certificate steps[2].moves = 1 (expected only the fields step, action, at, lock, switch, cost, route)");
  }
  json top = c;
  top["total_moves"] = 10;
  EXPECT_THROW(verify_certificate(d, top.dump(), map_rules(d)), InvalidArgument);
  json no_total = c;
  no_total.erase("total_cost");
  EXPECT_THROW(verify_certificate(d, no_total.dump(), map_rules(d)), InvalidArgument);
  json no_number = c;
  no_number["steps"][0].erase("step");
  EXPECT_THROW(verify_certificate(d, no_number.dump(), map_rules(d)), InvalidArgument);
  json bad_lock = c;
  bad_lock["steps"][0]["lock"] = 10;
  EXPECT_THROW(verify_certificate(d, bad_lock.dump(), map_rules(d)), InvalidArgument);
}

TEST(CertificateTest, MalformedCertificatesAreBadInput) {
  const Dungeon d = read_ascii(kChain);
  EXPECT_THROW(verify_certificate(d, "{", std::nullopt), InvalidArgument);
  EXPECT_THROW(verify_certificate(d, R"({"format": "catacomb-map"})", std::nullopt), InvalidArgument);
  json c = json::parse(certificate_of(d));
  c["steps"][0]["route"][0] = "here";
  EXPECT_THROW(verify_certificate(d, c.dump(), std::nullopt), InvalidArgument);
}

}  // namespace
}  // namespace catacomb
