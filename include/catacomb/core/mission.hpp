#pragma once
/// A mission graph: the rooms a designer wants (nodes, each with a type or tags and the
/// objectives inside it) and the passages between them (edges, each a door of a kind: open, or
/// locked with a lock id). `catacomb generate --mission FILE` lays one out
/// (generator/template_layout.hpp), the dungeon records it (Dungeon::mission, and each room's
/// node in Dungeon::room_labels), and validation checks the result keeps its intent
/// (validate/mission_check.hpp). Cycles are allowed. The JSON form is read by io/mission_json.hpp.
#include <catacomb/export.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <catacomb/core/error.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

enum class ObjectiveKind : uint8_t;

/// What kind of door a passage has: the one list of door kinds every part of catacomb reads
/// (missions, maps, the solver); a new kind is added here.
enum class DoorKind : uint8_t {
  Open,    ///< a plain door: always passable
  Locked,  ///< a locked door: passable once opened with a key of its lock id
  Gate,    ///< a gate of a switch: passable while open (when its switch is on, or off per gate)
  OneWay,  ///< a one-way door: passed in one direction only (a drop, a valve)
  Secret,  ///< a secret door: passable, drawn as wall; never a required step of a proof
};
/// "open", "locked", "gate", "one-way", "secret".
std::string_view door_kind_name(DoorKind k);
/// The door kind called `name`, if any.
std::optional<DoorKind> door_kind_from_name(std::string_view name);

/// One objective a node holds.
struct MissionObjective {
  ObjectiveKind kind{};  ///< start, exit, key, treasure, objective or switch
  int lock = 0;          ///< for a key: the lock it opens (1 to kMaxLock); 0 otherwise
  int switch_id = 0;     ///< for a switch: the switch it toggles (1 to kMaxSwitch); 0 otherwise
  /// Equal when every field is equal.
  friend bool operator==(const MissionObjective&, const MissionObjective&) = default;
};

/// One room of the mission.
struct MissionNode {
  std::string id;                            ///< unique in the mission
  std::string type;                          ///< the template type it wants ("" = any template)
  std::vector<std::string> tags;             ///< tags its template must all have
  std::vector<MissionObjective> objectives;  ///< what stands in it
  /// Equal when every field is equal.
  friend bool operator==(const MissionNode&, const MissionNode&) = default;
};

/// One passage of the mission, between nodes a and b (by index in Mission::nodes).
struct MissionEdge {
  int a = 0;                       ///< a node index
  int b = 0;                       ///< a node index, not a
  DoorKind door = DoorKind::Open;  ///< the door's kind
  int lock = 0;                    ///< a locked door's lock id (1 to kMaxLock); 0 otherwise
  int switch_id = 0;               ///< a gate's switch (1 to kMaxSwitch); 0 otherwise
  /// Equal when every field is equal. A one-way edge is passed from a to b only.
  friend bool operator==(const MissionEdge&, const MissionEdge&) = default;
};

/// A mission graph. Empty (no nodes) means "no mission".
struct Mission {
  std::string name;                ///< its name (a file's name without extension)
  std::vector<MissionNode> nodes;  ///< in the order written
  std::vector<MissionEdge> edges;  ///< in the order written
  /// True when there is no mission.
  bool empty() const { return nodes.empty(); }
  /// The index of the node called `id`, or -1.
  int node_index(std::string_view id) const;
  /// Edges at node `n` (by index in edges).
  std::vector<int> edges_at(int n) const;
  /// Every bad field ({"mission <field>", "<value>", "<expected>"}): ids unique and not empty,
  /// edges between two different existing nodes and not twice, locks 1 to kMaxLock, exactly one
  /// start and one exit, keys for existing locked edges and one key per lock, a switch objective
  /// for every gate edge's switch and a gate edge for every switch objective's, every node joined
  /// to the start. Empty when it is good.
  std::vector<FieldProblem> problems() const;
  /// Equal when every field is equal.
  friend bool operator==(const Mission&, const Mission&) = default;
};

/// The node and template a room was made for (empty strings when it was not).
struct RoomLabel {
  std::string node;           ///< the mission node's id
  std::string template_name;  ///< the room template's name
  /// Equal when both are equal.
  friend bool operator==(const RoomLabel&, const RoomLabel&) = default;
};

}  // namespace catacomb
CATACOMB_PUBLIC_END
