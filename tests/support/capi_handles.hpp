#pragma once
// The C API's handles owned by std::unique_ptr in the tests: one deleter for every kind.
#include <catacomb/catacomb.h>

#include <memory>

namespace catacomb::test {

struct CFree {
  void operator()(catacomb_config* h) const { catacomb_config_free(h); }
  void operator()(catacomb_dungeon* h) const { catacomb_dungeon_free(h); }
  void operator()(char* h) const { catacomb_string_free(h); }
  void operator()(catacomb_player* h) const { catacomb_player_free(h); }
  void operator()(catacomb_navigator* h) const { catacomb_navigator_free(h); }
  void operator()(catacomb_report* h) const { catacomb_report_free(h); }
  void operator()(catacomb_graph* h) const { catacomb_graph_free(h); }
  void operator()(catacomb_path* h) const { catacomb_path_free(h); }
};

using ConfigPtr = std::unique_ptr<catacomb_config, CFree>;
using DungeonPtr = std::unique_ptr<catacomb_dungeon, CFree>;
using StringPtr = std::unique_ptr<char, CFree>;
using PlayerPtr = std::unique_ptr<catacomb_player, CFree>;
using NavigatorPtr = std::unique_ptr<catacomb_navigator, CFree>;
using ReportPtr = std::unique_ptr<catacomb_report, CFree>;
using GraphPtr = std::unique_ptr<catacomb_graph, CFree>;
using PathPtr = std::unique_ptr<catacomb_path, CFree>;

}  // namespace catacomb::test
