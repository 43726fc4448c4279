#pragma once
// Internal (not installed): the names of the lock layouts (enum_names.hpp), for lock_layout_name
// and parse_lock_layout (generator/progression/lock_layouts.cpp) and the "expected" text of
// GenerateConfig's check (pipeline/config.cpp).
#include <catacomb/generator/locks.hpp>
#include "shared/core/enum_names.hpp"

namespace catacomb::detail {

inline constexpr EnumNames<LockLayout, 3> kLockLayoutNames = {
    {{LockLayout::Chain, "chain"}, {LockLayout::Tree, "tree"}, {LockLayout::Cycles, "cycles"}}};

}  // namespace catacomb::detail
