#pragma once
// Internal (not installed): a mission as a JSON value, for mission_json.cpp and for the JSON map
// (json_map.cpp), which carries its dungeon's mission as "mission".
#include <nlohmann/json.hpp>
#include <string>

#include <catacomb/core/mission.hpp>

namespace catacomb::detail {

nlohmann::ordered_json mission_value(const Mission& m);
// Reads a mission value; `where` prefixes field names in messages ("mission", "JSON map mission").
Mission mission_from_value(const nlohmann::ordered_json& j, const std::string& name, const std::string& where);

}  // namespace catacomb::detail
