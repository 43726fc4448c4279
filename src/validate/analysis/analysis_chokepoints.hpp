#pragma once
// Chokepoints and the cells the start reaches (internal to validate/; pass 1 of analysis.cpp).
//
// Chokepoints without a search of the whole map. A cell whose removal cuts an objective off
// from the start lies on every route from the start to it, so on any one of them. The tree T is
// the start and the cells of one route in G to each objective the start reaches: the report's
// routes (a diagonal step becomes its free corner and the step on from it), or, for an objective
// whose route the report lacks or that is no route in G, one found by a breadth-first search.
// The passable cells off T fall into the connected components of G - T. Contracting each
// component to one node gives a graph H of T's cells and the components next to them; as no
// component holds a cell of T, a cell of T separates the start from an objective in G exactly
// when it does in H. H is small (a few nodes per cell of T), and an iterative Tarjan search of
// it gives the articulation points whose removal cuts off an objective: when a child c of v is
// finished, v separates c's subtree from the start exactly when low[c] >= disc[v], and v is a
// chokepoint if that subtree holds an objective (passed up as children finish).
//
// The components of G - T come from runs and union-find over bit rows of the flags (64 cells a
// word), as pathing/flood/regions.cpp labels regions, in two bands of rows joined along the seam; the
// cells the start reaches are T and the components next to it (every route from the start
// reaches T from a component next to it).
// Memory: 16 bytes per run of passable cells off T (its columns, its union-find parent, its
// root) and O(|T|) for H.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/validate/validate.hpp>

namespace catacomb::detail::analysis {

/// Flags, in the padded grid of `d` (width pw, kPassable and kEdge set): its objectives
/// (kObjective, the start's own cell excepted), T (kOnTree), the cells the start reaches
/// (kReached) and the chokepoints (kChokepoint), under `moves` (G: see analysis.cpp). `start`
/// is a passable cell of the map; `report` gives the routes T is made of where they are routes
/// of G. The bands of rows on two threads when `two`.
void mark_chokepoints(std::vector<uint8_t>& flags, size_t pw, const Dungeon& d, const ValidationReport& report,
                      Point start, const Moves& moves, bool two);

}  // namespace catacomb::detail::analysis
