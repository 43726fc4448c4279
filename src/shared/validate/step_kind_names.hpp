#pragma once
// Internal (not installed): the names of a walkthrough's step kinds (enum_names.hpp), for
// step_kind_name (solver.cpp) and the certificate reader's "expected" list (io/verify.cpp).
#include <catacomb/validate/solver.hpp>
#include "shared/core/enum_names.hpp"

namespace catacomb::detail {

inline constexpr EnumNames<StepKind, 6> kStepKindNames = {{{StepKind::TakeKey, "take-key"},
                                                           {StepKind::OpenDoor, "open-door"},
                                                           {StepKind::Take, "take"},
                                                           {StepKind::ReachExit, "reach-exit"},
                                                           {StepKind::Toggle, "toggle"},
                                                           {StepKind::OneWay, "one-way"}}};

}  // namespace catacomb::detail
