#include <catacomb/catacomb.h>

#include <gtest/gtest.h>

#include "support/capi_handles.hpp"

#include <memory>
#include <string>

#include <catacomb/io/certificate.hpp>
#include <catacomb/io/config_json.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb {
namespace {

template <class T>
using Owned = std::unique_ptr<T, test::CFree>;  // support/capi_handles.hpp

Owned<catacomb_dungeon> generated(const char* json, uint64_t seed) {
  Owned<catacomb_config> c(catacomb_config_from_json(json));
  EXPECT_TRUE(c) << catacomb_last_error();
  Owned<catacomb_dungeon> d(catacomb_generate(c.get(), seed));
  EXPECT_TRUE(d) << catacomb_last_error();
  return d;
}

TEST(CApiCertificateTest, WritesTheLibrarysCertificateAndVerifiesIt) {
  const char* json = R"({"generator": "caves", "width": 60, "height": 40, "locks": 2, "switches": 1})";
  for (uint64_t seed : {1u, 2u, 3u}) {
    Owned<catacomb_dungeon> d = generated(json, seed);
    Owned<char> cert(catacomb_certificate(d.get()));
    ASSERT_TRUE(cert) << catacomb_last_error();
    // The library's own certificate of the same dungeon, byte for byte.
    const GenerateConfig cfg = generate_config_from_json(json);
    const GenerateResult r = generate_dungeon(cfg, seed);
    ValidateOptions o = validate_options_for(cfg);
    o.solve = true;
    const ValidationReport rep = validate_dungeon(r.dungeon, o);
    ASSERT_TRUE(rep.solution);
    EXPECT_EQ(std::string(cert.get()), write_certificate(r.dungeon, *rep.solution, o)) << "seed " << seed;
    int unlosable = -1;
    EXPECT_EQ(catacomb_verify(d.get(), cert.get(), &unlosable), 1) << catacomb_last_error();
    EXPECT_EQ(catacomb_last_error_code(), CATACOMB_OK);
    EXPECT_EQ(unlosable, rep.solution->loss == LossStatus::Unlosable ? 1 : 0) << "seed " << seed;
    EXPECT_EQ(catacomb_verify(d.get(), cert.get(), nullptr), 1);
  }
}

TEST(CApiCertificateTest, AForgedCertificateIsRejectedNamingWhere) {
  Owned<catacomb_dungeon> d = generated(R"({"width": 60, "height": 40, "locks": 1})", 5);
  Owned<char> cert(catacomb_certificate(d.get()));
  ASSERT_TRUE(cert);
  std::string forged = cert.get();
  // The first step takes its key somewhere else: still a certificate, but not a true one.
  const size_t at = forged.find("\"at\":[");
  ASSERT_NE(at, std::string::npos);
  forged.replace(at, forged.find(']', at) - at, "\"at\":[1,1");
  int unlosable = 7;
  EXPECT_EQ(catacomb_verify(d.get(), forged.c_str(), &unlosable), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_REJECTED);
  EXPECT_EQ(std::string(catacomb_last_error()).rfind("REJECTED at ", 0), 0u) << catacomb_last_error();
  EXPECT_EQ(unlosable, 0);
  // Another dungeon's certificate: its hash differs.
  Owned<catacomb_dungeon> other = generated(R"({"width": 60, "height": 40, "locks": 1})", 6);
  EXPECT_EQ(catacomb_verify(other.get(), cert.get(), nullptr), 0);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_REJECTED);
  // Text that is no certificate at all is bad input, as `catacomb verify` exits 2 for it.
  EXPECT_EQ(catacomb_verify(d.get(), "{\"format\": ", nullptr), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
}

TEST(CApiCertificateTest, NullsAndUnfinishableMapsAreErrors) {
  EXPECT_EQ(catacomb_certificate(nullptr), nullptr);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  Owned<catacomb_dungeon> d = generated(R"({"width": 40, "height": 30})", 1);
  EXPECT_EQ(catacomb_verify(d.get(), nullptr, nullptr), -1);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_INVALID_ARGUMENT);
  EXPECT_EQ(catacomb_verify(nullptr, "{}", nullptr), -1);
  // The exit walled over: no certificate, and the message says why.
  int x = -1, y = -1;
  for (int i = 0, n = catacomb_dungeon_objective_count(d.get()); i < n; ++i) {
    const char* kind = nullptr;
    ASSERT_EQ(catacomb_dungeon_objective(d.get(), i, &kind, &x, &y), 0);
    if (std::string(kind) == "exit") break;
  }
  ASSERT_EQ(catacomb_dungeon_set_terrain(d.get(), x, y, CATACOMB_TERRAIN_WALL), 0) << catacomb_last_error();
  EXPECT_EQ(catacomb_certificate(d.get()), nullptr);
  EXPECT_EQ(catacomb_last_error_code(), CATACOMB_NOT_COMPLETABLE);
  EXPECT_NE(std::string(catacomb_last_error()).find("no certificate"), std::string::npos) << catacomb_last_error();
}

}  // namespace
}  // namespace catacomb
