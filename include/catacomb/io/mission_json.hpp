#pragma once
/// Mission graphs in JSON, for `catacomb generate --mission FILE.json` (and inside a JSON map, as
/// its "mission"):
///
///     {"name": "two-cycles",
///      "nodes": [{"id": "entry", "type": "start", "tags": ["crypt"], "objectives": ["start"]},
///                {"id": "vault", "objectives": [{"kind": "key", "lock": 1}, "treasure"]}, ...],
///      "edges": [{"a": "entry", "b": "hall"}, {"a": "hall", "b": "boss", "lock": 1}, ...]}
///
/// A node's `type` (text) asks for a template of that type, `tags` (texts) for a template with
/// all of them; both may be left out. `objectives` lists kinds (start, exit, key, treasure,
/// objective) as names or as {"kind": ..., "lock": L} (a key's lock). An edge joins nodes `a` and
/// `b` by id; `door` is a door kind (core/mission.hpp: "open", "locked"), "locked" when it has a
/// `lock` and "open" otherwise. `name` defaults to the file's name. Unknown fields are refused
/// (a typo is not silently ignored). At most kMaxMissionNodes nodes and 4 x as many edges.
#include <catacomb/export.hpp>
#include <string>
#include <string_view>

#include <catacomb/core/mission.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Most nodes a mission may have.
inline constexpr int kMaxMissionNodes = 1000;

/// Parses a mission. Throws InvalidArgument naming the field ("mission nodes[2].id = ... (expected
/// ...)") for bad JSON or fields, and for a mission whose Mission::problems() are not empty.
Mission read_mission(std::string_view text, const std::string& name = "");
/// Reads the mission at `path` (its name defaults to the file's name without extension). Throws
/// IoError when it cannot be read, InvalidArgument as read_mission.
Mission load_mission(const std::string& path);
/// The mission as JSON text (the form read_mission reads), indented by 2.
std::string mission_to_json(const Mission& m);

}  // namespace catacomb
CATACOMB_PUBLIC_END
