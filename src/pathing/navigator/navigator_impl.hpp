#pragma once
// Internal to pathing/: the Navigator's state (navigator.hpp), shared by its build
// (navigator_build.cpp: cost indices, doors, landmarks, the engine) and its queries and doors
// (navigator.cpp). See navigator.cpp for the whole design.
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <catacomb/pathing/jps.hpp>
#include <catacomb/pathing/navigator.hpp>
#include "pathing/navigator/landmarks.hpp"
#include "pathing/search/open_list.hpp"

namespace catacomb {
namespace navigator_detail {

inline constexpr uint8_t kBlocked = 255;
// What a Navigator may keep per cell (the 16 bytes at 1024²); what a jump point map
// takes (10 bits of lines and 2 bytes of masks, jps_map.hpp) and a weighted one more (a cost code
// and a cost-edge bit). Beside its landmarks, the cost edges' table of steps gets what is left of
// the 16, or is not kept.
inline constexpr double kMaxBytesPerCell = 16.0;
inline constexpr double kJpsMapBytesPerCell = 10.0 / 8.0 + 2.0;
inline constexpr double kWeightedJpsBytesPerCell = 1.0 + 1.0 / 8.0;
// The heaviest step of the landmark graph, in integer units, and the ring of buckets of its
// Dijkstra (a power of two above it).
inline constexpr uint32_t kLandmarkMaxStep = 4096;
inline constexpr size_t kRing = 8192;
static_assert(kRing > kLandmarkMaxStep && (kRing & (kRing - 1)) == 0);
inline constexpr uint64_t kFar = ~uint64_t{0};
// The A* scratch: g of a cell not reached yet, and of a blocked one (below every cost).
inline constexpr double kUnseen = std::numeric_limits<double>::infinity();
inline constexpr double kWall = -1.0;
// A cell's state byte: the direction of the move in (low 3 bits), then flags.
inline constexpr uint8_t kDirection = 7, kFromStart = 8, kSeen = 16, kClosed = 32;

struct Door {
  uint32_t cell = 0;  // y * width + x
  Point pos;
  uint8_t code = 0;  // its cost index when open
  bool open = true;
  int lock = 0;                 // the dungeon's lock id (0: not a locked door of a dungeon)
  bool already_opened = false;  // in the state's opened list (not reported as opened by a route)
};

}  // namespace navigator_detail

struct CATACOMB_HIDDEN Navigator::Impl {
  int width = 0, height = 0, padded_width = 0;
  Moves moves;
  DiagonalPolicy policy = DiagonalPolicy::NoCornerCut;
  std::array<double, 256> palette{};          // cost per index; kBlocked: kImpassable
  std::vector<uint8_t> code;                  // padded: (x + 1) + (y + 1) * padded_width
  std::vector<navigator_detail::Door> doors;  // by cell
  double min_cost = 1;
  detail::LandmarkTable landmarks;
  bool use_jps = false;
  bool weighted_jps = false;  // use_jps on a map of more than one cost, or of one cost but 1
  JumpPointSearch jps;
  bool from_dungeon = false;

  // The A* scratch, padded as `code`: g per cell (kUnseen until reached, kWall where blocked,
  // so that a wall never improves), and a byte of state (kSeen, kClosed, the direction of the
  // move in, kFromStart); `touched` lists the cells a query reached, set back after it.
  std::vector<double> g_cost;
  std::vector<uint8_t> state;
  std::vector<uint32_t> touched;
  // An open-list entry: f, g and padded cell << 32 | row, in the search engine's bucket queue
  // (open_list.hpp), which pops by (lower f, larger g, lower cell) like a heap would.
  struct Entry {
    double f;
    double gv;
    uint64_t ik;
  };
  detail::BucketQueue<Entry> open_list;
  detail::LandmarkGoal goal_view;
  std::array<int, 8> offset{};  // padded index step per direction

  size_t padded(int x, int y) const {
    return static_cast<size_t>(y + 1) * static_cast<size_t>(padded_width) + static_cast<size_t>(x + 1);
  }
  size_t cells() const { return static_cast<size_t>(width) * static_cast<size_t>(height); }

  // Refuses declared doors outside the map, on a blocked cell or listed twice; keeps the rest.
  void check_doors(const std::vector<Point>& list);
  // Everything after the cost indices are set: doors, landmarks, the engine, the scratch.
  void finish(const std::vector<Point>& door_list);

  static void bind_shape(Impl& s, int width, int height);
  static void bind_terrain(Impl& s, const Grid<Terrain>& tiles, const CostTable& costs);
  static void bind_costs(Impl& s, const CostGrid& costs);
  static navigator_detail::Door* find_door(Impl& s, Point p);
  struct LandmarkWeights {
    std::array<uint32_t, 256> half{}, diagonal{};  // by cost index; kBlocked: 0, never read
    double cost_per_unit = 0;                      // 1 / scale, rounded down
  };
  void landmark_weights(LandmarkWeights& w) const;
  // The landmarks, as many as fit beside `others_per_cell` bytes a cell in kMaxBytesPerCell.
  void build_landmarks(double others_per_cell);
  // Its steps (navigator_build.cpp): each cell's legal steps, a bit per direction; the quantum of
  // the stored distances, from the weights and the seed's eccentricity; how many landmarks fit;
  // landmark k's distances packed into the table, `nearest` lowered to them.
  std::vector<uint8_t> landmark_steps() const;
  int64_t landmark_quantum(const LandmarkWeights& w, uint64_t eccentricity) const;
  int landmark_count(int64_t area, size_t blocks, double others_per_cell) const;
  void pack_landmark(int k, const std::vector<uint64_t>& dist, std::vector<uint64_t>& nearest);
  void landmark_distances(Point from, const LandmarkWeights& w, const std::vector<uint8_t>& steps_of,
                          std::vector<uint64_t>& dist, std::vector<std::vector<uint32_t>>& ring) const;
  PathResult search(Point start, Point goal);
  void forget_touched();  // sets the cells a query reached back to unseen
  void build_path(uint32_t start_cell, uint32_t goal_cell, PathResult& r) const;
  void report_doors(PathResult& r) const;
};

}  // namespace catacomb
