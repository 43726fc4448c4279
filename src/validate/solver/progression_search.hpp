#pragma once
// The two state searches of the progression solver (internal to validate/), the states they
// reach and how those link, for the solver's answer, its reasons and its softlock pass. See
// progression_search_exact.cpp and progression_search_closed.cpp.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "validate/solver/progression_model.hpp"

namespace catacomb::solving {

// A state, packed: node (4 bytes), switches (2), opened locked doors, visited groups (bits).
struct Packed {
  int lock_bytes = 0, group_bytes = 0;
  explicit Packed(const PModel& m) : lock_bytes(m.locks / 8 + 1), group_bytes(m.groups / 8 + 1) {}
  size_t size() const { return 6 + static_cast<size_t>(lock_bytes + group_bytes); }
  static int node(const std::string& s) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
      v |= static_cast<uint32_t>(static_cast<unsigned char>(s[static_cast<size_t>(i)])) << (8 * i);
    return static_cast<int>(v);
  }
  static void set_node(std::string& s, int n) {
    for (int i = 0; i < 4; ++i)
      s[static_cast<size_t>(i)] = static_cast<char>((static_cast<uint32_t>(n) >> (8 * i)) & 0xFF);
  }
  static uint32_t switches(const std::string& s) {
    return static_cast<uint32_t>(static_cast<unsigned char>(s[4])) |
           (static_cast<uint32_t>(static_cast<unsigned char>(s[5])) << 8);
  }
  static void set_switches(std::string& s, uint32_t v) {
    s[4] = static_cast<char>(v & 0xFF);
    s[5] = static_cast<char>((v >> 8) & 0xFF);
  }
  static bool bit(const std::string& s, size_t at, int b) {
    const unsigned byte = static_cast<unsigned char>(s[at + static_cast<size_t>(b / 8)]);
    return ((byte >> (b % 8)) & 1u) != 0;
  }
  static void set_bit(std::string& s, size_t at, int b) {
    s[at + static_cast<size_t>(b / 8)] = static_cast<char>(s[at + static_cast<size_t>(b / 8)] | (1 << (b % 8)));
  }
  size_t locks_at() const { return 6; }
  size_t groups_at() const { return 6 + static_cast<size_t>(lock_bytes); }
  // The keys held in state s, per lock id: those of the visited groups, less (consumable keys)
  // one per locked door opened.
  std::array<int, kMaxLock + 1> held(const PModel& m, const std::string& s) const;
  int count_groups(const PModel& m, const std::string& s) const {
    int c = 0;
    for (int g = 0; g < m.groups; ++g) c += bit(s, groups_at(), g) ? 1 : 0;
    return c;
  }
};

// One move of a plan: the move, and the node it starts from (for a toggle, the node toggled in;
// -1 where the plan moves node by node).
struct Step {
  Move mv;
  int from = -1;
};

// What a search leaves: the states it reached, packed, and their links.
struct SearchGraph {
  std::vector<std::string> states;
  std::vector<int> parent;  // -1 for the first
  std::vector<Step> via;    // the move from the parent
  std::vector<std::vector<int>> next;
  std::vector<uint8_t> at_goal;    // everything visited, the exit reachable as it stands
  std::vector<int> visited_count;  // groups visited
  std::vector<int> order;          // the states in the order the search settled them
  std::vector<uint8_t> reach;      // per node: the player can stand in it in some state
  int goal = -1;                   // the goal state the plan ends in (-1: none)
  bool capped = false;             // stopped at the state cap: the rest is incomplete

  virtual ~SearchGraph() = default;
  std::vector<Step> plan_to(int q) const {
    std::vector<Step> steps;
    for (; parent[static_cast<size_t>(q)] >= 0; q = parent[static_cast<size_t>(q)])
      steps.push_back(via[static_cast<size_t>(q)]);
    return std::vector<Step>(steps.rbegin(), steps.rend());
  }
  // The node moves from the first state to state q, for the walk on the grid; `finish`: and what
  // state q still has to walk (its tour, and to the exit's node when it is a goal state).
  virtual std::vector<Move> moves_to(int q, bool finish) const = 0;
};

// Every order: node x switches x opened locked doors x visited groups, breadth first, so the
// plan has the fewest node moves. Exponential in the groups; for maps whose states stay few.
std::unique_ptr<SearchGraph> search_every_order(const PModel& m, int64_t cap);

// Closed states: what can be done and undone inside the player's strongly connected component is
// done at once (its objectives visited, with reusable keys its doors opened), so a state is a
// component's closing; Dijkstra on the node moves between them. Polynomial in practice where
// every order explodes; its plans walk somewhat further.
std::unique_ptr<SearchGraph> search_closed(const PModel& m, int64_t cap);

}  // namespace catacomb::solving
