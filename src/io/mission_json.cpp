// Mission graphs as JSON: every field read with its type and range checked and named in the
// error, unknown fields refused, sizes checked before anything is built (at most
// kMaxMissionNodes nodes and 4 x as many edges), then Mission::problems(). Writing keeps the
// order read (nodes, then edges), so a mission written and read back is equal.
#include <catacomb/io/mission_json.hpp>

#include <filesystem>

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include "io/json_input.hpp"
#include "io/mission_value.hpp"
#include "shared/core/problems.hpp"

namespace catacomb {
namespace detail {
namespace {

using ojson = nlohmann::ordered_json;

[[noreturn]] void bad(const std::string& field, const std::string& value, const std::string& expected) {
  throw InvalidArgument(FieldProblem{field, value, expected});
}

void only_fields(const ojson& o, std::initializer_list<const char*> allowed, const std::string& where) {
  for (auto it = o.begin(); it != o.end(); ++it) {
    bool known = false;
    for (const char* a : allowed) known = known || it.key() == a;
    if (!known) {
      std::string list;
      for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      bad(where + "." + it.key(), "an unknown field", "one of " + list);
    }
  }
}

std::string need_text(const ojson& o, const char* key, const std::string& where, bool required) {
  auto it = o.find(key);
  if (it == o.end()) {
    if (required) bad(where + "." + key, "missing", "a string");
    return {};
  }
  if (!it->is_string()) bad(where + "." + key, json_excerpt(*it), "a string");
  const std::string s = it->get<std::string>();
  if (s.size() > 200) bad(where + "." + key, json_excerpt(*it), "at most 200 characters");
  return s;
}

MissionObjective objective_of(const ojson& v, const std::string& where) {
  MissionObjective o;
  std::string kind;
  if (v.is_string()) {
    kind = v.get<std::string>();
  } else if (v.is_object()) {
    only_fields(v, {"kind", "lock", "switch"}, where);
    kind = need_text(v, "kind", where, true);
    if (auto it = v.find("lock"); it != v.end()) {
      if (!it->is_number_integer() || *it < 1 || *it > kMaxLock) bad(where + ".lock", json_excerpt(*it), "1 to 9");
      o.lock = it->get<int>();
    }
    if (auto it = v.find("switch"); it != v.end()) {
      if (!it->is_number_integer() || *it < 1 || *it > kMaxSwitch) bad(where + ".switch", json_excerpt(*it), "1 to 9");
      o.switch_id = it->get<int>();
    }
  } else {
    bad(where, json_excerpt(v), "an objective kind or {\"kind\": ..., \"lock\": ...}");
  }
  const std::optional<ObjectiveKind> k = objective_kind_from_name(kind);
  if (!k) bad(where, "\"" + kind + "\"", "start, exit, key, treasure, objective or switch");
  o.kind = *k;
  if (o.kind == ObjectiveKind::Key && o.lock == 0)
    bad(where, "a key without a lock", "{\"kind\": \"key\", \"lock\": L}");
  if (o.kind != ObjectiveKind::Key && o.lock != 0) bad(where + ".lock", std::to_string(o.lock), "a lock only on a key");
  if (o.kind == ObjectiveKind::Switch && o.switch_id == 0)
    bad(where, "a switch without its id", "{\"kind\": \"switch\", \"switch\": S}");
  if (o.kind != ObjectiveKind::Switch && o.switch_id != 0)
    bad(where + ".switch", std::to_string(o.switch_id), "a switch id only on a switch");
  return o;
}

std::vector<std::string> texts(const ojson& o, const char* key, const std::string& where) {
  std::vector<std::string> out;
  auto it = o.find(key);
  if (it == o.end()) return out;
  if (!it->is_array() || it->size() > 32) bad(where + "." + key, json_excerpt(*it), "an array of at most 32 strings");
  for (const ojson& t : *it) {
    if (!t.is_string()) bad(where + "." + key, json_excerpt(t), "strings");
    out.push_back(t.get<std::string>());
  }
  return out;
}

MissionNode node_of(const ojson& v, const std::string& where) {
  if (!v.is_object()) bad(where, json_excerpt(v), "an object");
  only_fields(v, {"id", "type", "tags", "objectives"}, where);
  MissionNode n;
  n.id = need_text(v, "id", where, true);
  n.type = need_text(v, "type", where, false);
  n.tags = texts(v, "tags", where);
  if (auto it = v.find("objectives"); it != v.end()) {
    if (!it->is_array() || it->size() > 16) bad(where + ".objectives", json_excerpt(*it), "an array of at most 16");
    for (size_t i = 0; i < it->size(); ++i)
      n.objectives.push_back(objective_of((*it)[i], where + ".objectives[" + std::to_string(i) + "]"));
  }
  return n;
}

MissionEdge edge_of(const ojson& v, const Mission& m, const std::string& where) {
  if (!v.is_object()) bad(where, json_excerpt(v), "an object");
  only_fields(v, {"a", "b", "door", "lock", "switch"}, where);
  MissionEdge e;
  for (const char* end : {"a", "b"}) {
    const std::string id = need_text(v, end, where, true);
    const int i = m.node_index(id);
    if (i < 0) bad(where + "." + end, "\"" + id + "\"", "the id of a node");
    (end[0] == 'a' ? e.a : e.b) = i;
  }
  if (auto it = v.find("lock"); it != v.end()) {
    if (!it->is_number_integer() || *it < 1 || *it > kMaxLock) bad(where + ".lock", json_excerpt(*it), "1 to 9");
    e.lock = it->get<int>();
    e.door = DoorKind::Locked;
  }
  if (v.contains("door")) {
    const std::string door = need_text(v, "door", where, true);
    const std::optional<DoorKind> k = door_kind_from_name(door);
    if (!k) bad(where + ".door", "\"" + door + "\"", "open, locked, gate, one-way or secret");
    e.door = *k;
  }
  if (auto it = v.find("switch"); it != v.end()) {
    if (!it->is_number_integer() || *it < 1 || *it > kMaxSwitch) bad(where + ".switch", json_excerpt(*it), "1 to 9");
    e.switch_id = it->get<int>();
  }
  return e;
}

}  // namespace

Mission mission_from_value(const ojson& j, const std::string& name, const std::string& where) {
  if (!j.is_object()) bad(where, json_excerpt(j), "an object with nodes and edges");
  only_fields(j, {"name", "nodes", "edges"}, where);
  Mission m;
  m.name = j.contains("name") ? need_text(j, "name", where, true) : name;
  const auto nodes = j.find("nodes");
  if (nodes == j.end() || !nodes->is_array() || nodes->empty() || nodes->size() > kMaxMissionNodes)
    bad(where + " nodes", nodes == j.end() ? "missing" : json_excerpt(*nodes),
        "an array of 1 to " + std::to_string(kMaxMissionNodes) + " nodes");
  for (size_t i = 0; i < nodes->size(); ++i)
    m.nodes.push_back(node_of((*nodes)[i], where + " nodes[" + std::to_string(i) + "]"));
  if (auto edges = j.find("edges"); edges != j.end()) {
    if (!edges->is_array() || edges->size() > 4 * static_cast<size_t>(kMaxMissionNodes))
      bad(where + " edges", json_excerpt(*edges), "an array of at most " + std::to_string(4 * kMaxMissionNodes));
    for (size_t i = 0; i < edges->size(); ++i)
      m.edges.push_back(edge_of((*edges)[i], m, where + " edges[" + std::to_string(i) + "]"));
  }
  throw_if_problems(m.problems());
  return m;
}

ojson mission_value(const Mission& m) {
  ojson j;
  j["name"] = m.name;
  ojson nodes = ojson::array();
  for (const MissionNode& n : m.nodes) {
    ojson v{{"id", n.id}};
    if (!n.type.empty()) v["type"] = n.type;
    if (!n.tags.empty()) v["tags"] = n.tags;
    ojson objs = ojson::array();
    for (const MissionObjective& o : n.objectives) {
      if (o.lock != 0) objs.push_back(ojson{{"kind", objective_kind_name(o.kind)}, {"lock", o.lock}});
      else if (o.switch_id != 0) objs.push_back(ojson{{"kind", objective_kind_name(o.kind)}, {"switch", o.switch_id}});
      else objs.push_back(objective_kind_name(o.kind));
    }
    if (!objs.empty()) v["objectives"] = std::move(objs);
    nodes.push_back(std::move(v));
  }
  j["nodes"] = std::move(nodes);
  ojson edges = ojson::array();
  for (const MissionEdge& e : m.edges) {
    ojson v{{"a", m.nodes[static_cast<size_t>(e.a)].id}, {"b", m.nodes[static_cast<size_t>(e.b)].id}};
    if (e.door == DoorKind::Locked) v["lock"] = e.lock;
    else v["door"] = door_kind_name(e.door);
    if (e.switch_id != 0) v["switch"] = e.switch_id;
    edges.push_back(std::move(v));
  }
  j["edges"] = std::move(edges);
  return j;
}

}  // namespace detail

Mission read_mission(std::string_view text, const std::string& name) {
  const auto j = parse_json_input<nlohmann::ordered_json>(text, "mission", "the file", "a JSON mission");
  return detail::mission_from_value(j, name, "mission");
}

Mission load_mission(const std::string& path) {
  ReadLimits limits;
  limits.max_bytes = uint64_t{16} << 20;
  limits.what = "a JSON mission of at most 16 MB";
  return read_mission(read_file(path, limits), std::filesystem::path(path).stem().string());
}

std::string mission_to_json(const Mission& m) { return detail::mission_value(m).dump(2) + "\n"; }

}  // namespace catacomb
