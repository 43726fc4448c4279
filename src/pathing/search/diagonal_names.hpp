#pragma once
// Internal to pathing/: the names of the diagonal policies (enum_names.hpp), for
// diagonal_policy_name and parse_diagonal_policy (moves.cpp) and the "expected" list of
// SearchOptions::problems (search_options.cpp).
#include <catacomb/pathing/moves.hpp>
#include "shared/core/enum_names.hpp"

namespace catacomb::detail {

inline constexpr EnumNames<DiagonalPolicy, 4> kDiagonalPolicyNames = {{{DiagonalPolicy::Never, "never"},
                                                                       {DiagonalPolicy::NoCornerCut, "no-corner-cut"},
                                                                       {DiagonalPolicy::OneFree, "one-free"},
                                                                       {DiagonalPolicy::Always, "always"}}};

}  // namespace catacomb::detail
