#pragma once
// Internal (not installed): the names of the search options' enums (enum_names.hpp), the
// algorithms, heuristics and diagonal policies, for their name and parse functions
// (search_options.cpp, moves.cpp), the "expected" lists of SearchOptions::problems and the CLI's
// choices and help texts (tools/path_command.cpp, scen_command.cpp, validate_command.cpp).
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/search.hpp>
#include "shared/core/enum_names.hpp"

namespace catacomb::detail {

inline constexpr EnumNames<Algorithm, 5> kAlgorithmNames = {{{Algorithm::AStar, "astar"},
                                                             {Algorithm::Dijkstra, "dijkstra"},
                                                             {Algorithm::Bfs, "bfs"},
                                                             {Algorithm::Greedy, "greedy"},
                                                             {Algorithm::Jps, "jps"}}};

inline constexpr EnumNames<Heuristic, 5> kHeuristicNames = {{{Heuristic::Manhattan, "manhattan"},
                                                             {Heuristic::Octile, "octile"},
                                                             {Heuristic::Chebyshev, "chebyshev"},
                                                             {Heuristic::Euclidean, "euclidean"},
                                                             {Heuristic::Zero, "zero"}}};

inline constexpr EnumNames<DiagonalPolicy, 4> kDiagonalPolicyNames = {{{DiagonalPolicy::Never, "never"},
                                                                       {DiagonalPolicy::NoCornerCut, "no-corner-cut"},
                                                                       {DiagonalPolicy::OneFree, "one-free"},
                                                                       {DiagonalPolicy::Always, "always"}}};

}  // namespace catacomb::detail
