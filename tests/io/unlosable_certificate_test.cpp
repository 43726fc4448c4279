// The certificate of unlosability (issue #48): the states a certificate lists for a map proven
// unlosable, and what verify_certificate makes of them when they are right, when a state is left
// out, when a rank does not fall, and when they are not a certificate at all.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <catacomb/core/error.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/validate/solver.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb {
namespace {

using json = nlohmann::json;

// Three consumable keys and doors in a row, a treasure off the corridor, a gate and its switch:
// every order of play finishes.
Dungeon chain() {
  Dungeon d = read_ascii(
      "###############\n"
      "#<a.Ab.Bc.C..>#\n"
      "###.###########\n"
      "###1###########\n"
      "###############\n");
  d.key_rule = KeyRule::Consumable;
  for (Objective& o : d.objectives)
    if (o.pos == Point{3, 3}) o.kind = ObjectiveKind::Switch, o.switch_id = 1;  // the '1' below the corridor
  d.tiles[Point{12, 1}] = Terrain::Door;
  d.doors.push_back({Point{12, 1}, DoorKind::Gate, 1, false, {}});
  return d;
}

json certificate_of(const Dungeon& d) {
  const ValidateOptions rules = map_rules(d);
  const ValidationReport r = validate_dungeon(d, rules);
  EXPECT_TRUE(r.valid);
  return json::parse(write_certificate(d, *r.solution, rules));
}

Verdict verify(const Dungeon& d, const json& c) { return verify_certificate(d, c.dump(), map_rules(d)); }

// The list with state r left out, the states whose next it was moved on to its next.
json without(const json& c, size_t r) {
  json out = c;
  json& list = out["unlosable"]["list"];
  const int64_t after = list[r][6].get<int64_t>();
  auto moved = [&](int64_t n) { return n > static_cast<int64_t>(r) ? n - 1 : n; };
  list.erase(r);
  for (json& s : list) {
    const int64_t n = s[6].get<int64_t>();
    s[6] = n == static_cast<int64_t>(r) ? moved(after) : moved(n);
  }
  out["unlosable"]["states"] = list.size();
  return out;
}

TEST(UnlosableCertificateTest, TheStatesOfAnUnlosableMapAreListedAndAccepted) {
  const Dungeon d = chain();
  const json c = certificate_of(d);
  ASSERT_TRUE(c.contains("unlosable"));
  const json& list = c["unlosable"]["list"];
  EXPECT_EQ(c["unlosable"]["states"], list.size());
  // Play begins at the start, nothing on, opened, found or taken.
  EXPECT_EQ(list[0][0], 1);
  EXPECT_EQ(list[0][1], 1);
  EXPECT_EQ(list[0][2], 0);
  EXPECT_EQ(list[0][3], "0");
  EXPECT_EQ(list[0][4], "0");
  EXPECT_EQ(list[0][5], "0");
  // Each next state is listed with a rank one lower, down to 0 with no next.
  for (const json& s : list) {
    if (s[7] == 0) {
      EXPECT_EQ(s[6], -1);
      continue;
    }
    ASSERT_GE(s[6].get<int64_t>(), 0);
    EXPECT_EQ(list[s[6].get<size_t>()][7].get<int64_t>(), s[7].get<int64_t>() - 1);
  }
  const ReachableStates states = reachable_states(d, solve_options(map_rules(d)));
  EXPECT_EQ(states.status, LossStatus::Unlosable);
  EXPECT_EQ(states.states.size(), list.size());
  EXPECT_LE(static_cast<int64_t>(list.size()), states.searched);
  const Verdict v = verify(d, c);
  EXPECT_TRUE(v.accepted) << v.reason;
  EXPECT_TRUE(v.unlosable);
  EXPECT_NE(v.summary.find("; cannot be lost: " + std::to_string(list.size()) +
                           " states a player can reach, each with a way to finish"),
            std::string::npos)
      << v.summary;
}

TEST(UnlosableCertificateTest, AStateLeftOutIsRejectedNamingIt) {
  const Dungeon d = chain();
  const json c = certificate_of(d);
  const json& list = c["unlosable"]["list"];
  // A state no other state's way to finish goes through: only the moves into it can miss it.
  size_t r = 0;
  for (size_t i = list.size() - 1; i > 0 && r == 0; --i) {
    bool someones_next = false;
    for (const json& s : list) someones_next |= s[6] == static_cast<int64_t>(i);
    if (!someones_next) r = i;
  }
  ASSERT_GT(r, 0u);
  const Verdict v = verify(d, without(c, r));
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.step, 0);
  EXPECT_GE(v.state, 0);
  EXPECT_NE(v.reason.find("leads to a state the certificate leaves out"), std::string::npos) << v.reason;
  EXPECT_EQ(v.reason.substr(0, 17), "unlosable: state ") << v.reason;
}

TEST(UnlosableCertificateTest, ARankThatDoesNotFallIsRejected) {
  const Dungeon d = chain();
  json c = certificate_of(d);
  json& list = c["unlosable"]["list"];
  const size_t next = list[0][6].get<size_t>();
  list[0][7] = list[next][7];
  const Verdict v = verify(d, c);
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.state, 0);
  EXPECT_NE(v.reason.find("its rank " + list[0][7].dump() + " does not fall (its next state " + std::to_string(next) +
                          " has rank " + list[0][7].dump() + ")"),
            std::string::npos)
      << v.reason;
}

TEST(UnlosableCertificateTest, ARankZeroStateMustBeFinished) {
  const Dungeon d = chain();
  json c = certificate_of(d);
  c["unlosable"]["list"][0][6] = -1;
  c["unlosable"]["list"][0][7] = 0;
  const Verdict v = verify(d, c);
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.state, 0);
  EXPECT_NE(v.reason.find("has rank 0 but is not finished: "), std::string::npos) << v.reason;
  EXPECT_NE(v.reason.find(") is not taken"), std::string::npos) << v.reason;
}

TEST(UnlosableCertificateTest, ANextStateMustBeOneFinishingMoveAway) {
  const Dungeon d = chain();
  json c = certificate_of(d);
  json& list = c["unlosable"]["list"];
  // State 0's next state's next: two moves away, of lower rank.
  const size_t next = list[0][6].get<size_t>();
  list[0][6] = list[next][6];
  const Verdict v = verify(d, c);
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.state, 0);
  EXPECT_NE(v.reason.find("is not one move away by a move a finishing playthrough may take"), std::string::npos)
      << v.reason;
}

TEST(UnlosableCertificateTest, PlayBeginsAtTheFirstStateListedOnce) {
  const Dungeon d = chain();
  const json c = certificate_of(d);
  json swapped = c;
  json& list = swapped["unlosable"]["list"];
  std::swap(list[0], list[1]);
  for (json& s : list) {
    if (s[6] == 0) s[6] = 1;
    else if (s[6] == 1) s[6] = 0;
  }
  Verdict v = verify(d, swapped);
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.state, 0);
  EXPECT_NE(v.reason.find("is not where play begins (at 1,1, switches on: none"), std::string::npos) << v.reason;
  json twice = c;
  twice["unlosable"]["list"].push_back(c["unlosable"]["list"][0]);
  twice["unlosable"]["states"] = twice["unlosable"]["list"].size();
  v = verify(d, twice);
  EXPECT_FALSE(v.accepted);
  EXPECT_EQ(v.state, static_cast<int64_t>(c["unlosable"]["list"].size()));
  EXPECT_NE(v.reason.find("repeats state 0"), std::string::npos) << v.reason;
}

// Not a certificate: InvalidArgument naming the field and what was expected, before any state
// past the cap is read.
TEST(UnlosableCertificateTest, MalformedStatesAreBadInput) {
  const Dungeon d = chain();
  const json c = certificate_of(d);
  const size_t n = c["unlosable"]["list"].size();
  auto why = [&](const json& bad, int64_t cap = kDefaultMaxSolverStates) {
    try {
      verify_certificate(d, bad.dump(), map_rules(d), cap);
    } catch (const InvalidArgument& e) { return std::string(e.what()); }
    return std::string("accepted as input");
  };
  EXPECT_EQ(why(c, static_cast<int64_t>(n) - 1), "certificate unlosable.states = " + std::to_string(n) +
                                                     " (expected a count of states, 1 to " + std::to_string(n - 1) +
                                                     " (verify's cap, --max-states))");
  json bits = c;
  bits["unlosable"]["list"][0][3] = "10";  // bit 4: the map has 3 locked doors
  EXPECT_EQ(why(bits),
            "certificate unlosable.list[0][3] = \"10\" (expected a set of the map's locked doors (3) as hex digits "
            "0-9a-f, bit i for the i-th, \"0\" for none)");
  json rank = c;
  rank["unlosable"]["list"][1][7] = static_cast<int64_t>(n);
  EXPECT_EQ(why(rank), "certificate unlosable.list[1][7] = " + std::to_string(n) + " (expected a rank, 0 to " +
                           std::to_string(n - 1) + ")");
  json next = c;
  next["unlosable"]["list"][1][6] = -2;
  EXPECT_EQ(why(next).substr(0, 44), "certificate unlosable.list[1][6] = -2 (expec");
  json short_entry = c;
  short_entry["unlosable"]["list"][2].erase(7);
  EXPECT_NE(why(short_entry).find("(expected [x, y, switches, opened, found, taken, next, rank], eight values)"),
            std::string::npos)
      << why(short_entry);
  json count = c;
  count["unlosable"]["states"] = n + 1;
  EXPECT_EQ(why(count).substr(0, 36), "certificate unlosable.list = \"" + std::to_string(n) + " sta");
  json extra = c;
  extra["unlosable"]["hint"] = true;
  EXPECT_EQ(why(extra), "certificate unlosable.hint = true (expected only the fields states, list)");
}

// A map a player can lose gets no states: the certificate proves it completable only.
TEST(UnlosableCertificateTest, AMapThatCanBeLostHasNoStates) {
  Dungeon d = read_ascii(
      "##########\n"
      "#1aA<.aA>#\n"
      "##########\n"
      "\n"
      "1: treasure\n"
      "key-rule: consumable\n");
  ValidateOptions rules = map_rules(d);
  rules.allow_softlocks = true;
  const ValidationReport r = validate_dungeon(d, rules);
  ASSERT_TRUE(r.valid);
  EXPECT_EQ(r.solution->loss, LossStatus::Losable);
  EXPECT_EQ(reachable_states(d, solve_options(rules)).status, LossStatus::Losable);
  const std::string c = write_certificate(d, *r.solution, rules);
  EXPECT_EQ(json::parse(c).count("unlosable"), 0u);
  const Verdict v = verify_certificate(d, c, map_rules(d));
  EXPECT_TRUE(v.accepted) << v.reason;
  EXPECT_FALSE(v.unlosable);
}

}  // namespace
}  // namespace catacomb
