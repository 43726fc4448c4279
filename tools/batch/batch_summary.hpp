#pragma once
/// One row of a batch run's summary (one seed), shared by the summary files (CSV, JSON), the
/// contact sheet and the HTML review page.
#include <cstdint>
#include <string>
#include <vector>

namespace catacomb::cli {

struct SeedRow {
  uint64_t seed = 0;
  /// A valid dungeon was generated within the attempt budget.
  bool valid = false;
  /// Attempts used (the budget when none succeeded).
  int attempts = 0;
  /// Passable cells / all cells.
  double open_fraction = 0;
  int rooms = 0;
  int objectives = 0;
  /// Route from the start to the exit: cost and moves (0 when invalid).
  double route_cost = 0;
  int64_t route_length = 0;
  int loops = 0;
  int dead_ends = 0;
  int chokepoints = 0;
  /// The solver's walkthrough metrics (batches with locks): critical path moves and cost, keys
  /// on it, backtracking, optional objectives.
  int64_t critical_length = 0;
  double critical_cost = 0;
  int keys_on_critical_path = 0;
  int backtracking = 0;
  int optional_objectives = 0;
  /// The progression's shape (batches with locks, from the room graph and the critical path:
  /// validate/room_graph.hpp's progression_metrics): the share of room graph nodes off the
  /// critical path, the graph's independent cycles, and the critical path's distinct cells over
  /// the passable cells.
  double branchiness = 0;
  int cycles = 0;
  double critical_share = 0;
  /// Wall-clock time of generation and validation, in milliseconds (the only field that varies
  /// from run to run).
  double generate_ms = 0;
  /// Why generation failed, when not valid; empty otherwise.
  std::string error;
  /// This seed's files, relative to the output directory (empty when not written).
  std::string png, json, txt, tmj, map;
  /// What the seed was generated from besides the parameters: the template set's name (--templates),
  /// the theme (--theme) and the mission's name (--mission); each empty when the batch had none.
  /// The same for every row of one batch; rows of a merge of batches with different themes
  /// (batch --merge) tell them apart.
  std::string templates, theme, mission;
};

}  // namespace catacomb::cli
