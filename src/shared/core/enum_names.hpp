#pragma once
// Internal (not installed): the names of an enum's values, written once as a table of
// {value, name}, and everything derived from it: the name of a value (the X_name functions), the
// value of a name (parse_X, and the lookups that return an optional), whether a value is one of
// the enum's (an enum holds any value of its underlying type: a cast from an integer is a bad
// config) and the "a, b or c" list an error message expects. Each table sits beside its enum's
// name function, or here (core's enums) and in a shared header of its module where another
// module's messages list the names too. Linear scans: the tables hold at most a dozen entries.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/terrain.hpp>

namespace catacomb::detail {

/// One row of an enum's name table.
template <typename E>
struct EnumName {
  E value;
  std::string_view name;
};

/// An enum's names, in the order messages list them.
template <typename E, size_t N>
using EnumNames = std::array<EnumName<E>, N>;

/// The name of `v`, or "?" for a value that is none of the table's.
template <typename E, size_t N>
constexpr std::string_view enum_name(const EnumNames<E, N>& names, E v) {
  for (const EnumName<E>& e : names)
    if (e.value == v) return e.name;
  return "?";
}

/// The value named `name`, or nothing.
template <typename E, size_t N>
constexpr std::optional<E> enum_value(const EnumNames<E, N>& names, std::string_view name) {
  for (const EnumName<E>& e : names)
    if (e.name == name) return e.value;
  return std::nullopt;
}

/// True when `v` is one of the table's values.
template <typename E, size_t N>
constexpr bool enum_known(const EnumNames<E, N>& names, E v) {
  for (const EnumName<E>& e : names)
    if (e.value == v) return true;
  return false;
}

/// Every name, separated by ", ": "a, b, c".
template <typename E, size_t N>
std::string enum_list(const EnumNames<E, N>& names) {
  std::string s;
  for (size_t i = 0; i < N; ++i) {
    if (i > 0) s += ", ";
    s += names[i].name;
  }
  return s;
}

/// The names as a message expects them: "a, b or c" ("a or b" for two, "a" for one).
template <typename E, size_t N>
std::string enum_expected(const EnumNames<E, N>& names) {
  static_assert(N >= 1);
  std::string s;
  for (size_t i = 0; i < N; ++i) {
    if (i > 0) s += i + 1 == N ? " or " : ", ";
    s += names[i].name;
  }
  return s;
}

/// The value named `name`; throws InvalidArgument {field, name, enum_expected(names)} for any
/// other name.
template <typename E, size_t N>
E parse_enum(const EnumNames<E, N>& names, std::string_view name, const std::string& field) {
  if (const std::optional<E> v = enum_value(names, name)) return *v;
  throw InvalidArgument(FieldProblem{field, std::string(name), enum_expected(names)});
}

// --- core's enums, whose names other modules' messages list too -------------------------------

inline constexpr EnumNames<ObjectiveKind, 6> kObjectiveKindNames = {{{ObjectiveKind::Start, "start"},
                                                                     {ObjectiveKind::Exit, "exit"},
                                                                     {ObjectiveKind::Key, "key"},
                                                                     {ObjectiveKind::Treasure, "treasure"},
                                                                     {ObjectiveKind::Objective, "objective"},
                                                                     {ObjectiveKind::Switch, "switch"}}};

inline constexpr EnumNames<KeyRule, 2> kKeyRuleNames = {
    {{KeyRule::Reusable, "reusable"}, {KeyRule::Consumable, "consumable"}}};

inline constexpr EnumNames<CostPreset, 3> kCostPresetNames = {
    {{CostPreset::Dungeon, "dungeon"}, {CostPreset::Tutorial, "tutorial"}, {CostPreset::Uniform, "uniform"}}};

}  // namespace catacomb::detail
