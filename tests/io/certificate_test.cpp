#include <catacomb/io/certificate.hpp>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
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
    EXPECT_EQ(v.summary, "7 steps, 10 moves, cost 10.0");
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
