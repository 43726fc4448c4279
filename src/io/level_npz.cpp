// The .npz level buffer: the level arrays as .npy v1.0 files (their headers as numpy 1.24's
// format.write_array writes them: the dict, spare space for the first axis to grow, padding to
// 64 bytes) in a zip of stored entries with CRC-32 and a fixed date, so the same dungeon gives
// the same bytes (numpy.savez dates its entries from the clock). Linear in the arrays' bytes.
#include <catacomb/io/game_formats.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <utility>

namespace catacomb {
namespace {

// One array: its name in the archive, numpy's descr, shape and little-endian data.
struct NpyArray {
  std::string name;
  std::string descr;
  std::vector<size_t> shape;
  std::string data;
};

void put_le(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

std::string int32_data(const std::vector<int32_t>& values) {
  std::string out;
  out.reserve(values.size() * 4);
  for (const int32_t v : values) put_le(out, static_cast<uint32_t>(v), 4);
  return out;
}

NpyArray int32_array(std::string name, std::vector<int32_t> values, size_t columns) {
  std::vector<size_t> shape = {columns == 0 ? values.size() : values.size() / columns};
  if (columns != 0) shape.push_back(columns);
  return {std::move(name), "<i4", std::move(shape), int32_data(values)};
}

// The shape as Python's repr of a tuple: "()", "(2,)", "(50, 80)".
std::string shape_repr(const std::vector<size_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

// numpy's _write_array_header for version 1.0: magic, header length, the dict, spaces and '\n'.
std::string npy_file(const NpyArray& a) {
  constexpr size_t kGrowthAxisMaxDigits = 21, kArrayAlign = 64, kPrefix = 10;
  std::string header = "{'descr': '" + a.descr + "', 'fortran_order': False, 'shape': " + shape_repr(a.shape) + ", }";
  if (!a.shape.empty()) header.append(kGrowthAxisMaxDigits - std::to_string(a.shape[0]).size(), ' ');
  const size_t padding = kArrayAlign - (kPrefix + header.size() + 1) % kArrayAlign;
  header.append(padding, ' ');
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  put_le(out, header.size(), 2);
  return out + header + a.data;
}

constexpr std::array<uint32_t, 256> kCrcTable = [] {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}();

uint32_t crc32(const std::string& bytes) {
  uint32_t c = 0xFFFFFFFFu;
  for (const char b : bytes) c = kCrcTable[(c ^ static_cast<unsigned char>(b)) & 0xff] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

// A zip of stored entries, each dated 1980-01-01 00:00 (DOS date 0x21, time 0), made on Unix
// (version 2.0) with mode 0600 as Python's zipfile marks what it writes.
std::string zip_archive(const std::vector<std::pair<std::string, std::string>>& files) {
  constexpr uint64_t kLimit = std::numeric_limits<uint32_t>::max();
  std::string out, central;
  for (const auto& file : files) {
    const std::string& name = file.first;  // not structured bindings: the lambda below captures them
    const std::string& data = file.second;
    if (data.size() >= kLimit || out.size() + data.size() + 30 + name.size() >= kLimit)
      throw InvalidArgument(FieldProblem{"npz " + name, std::to_string(data.size()) + " bytes",
                                         "an archive under 4 GiB (a zip without zip64)"});
    const uint32_t crc = crc32(data);
    const uint64_t offset = out.size();
    const auto common = [&](std::string& s) {
      put_le(s, 20, 2);    // version needed: 2.0
      put_le(s, 0, 2);     // flags
      put_le(s, 0, 2);     // stored
      put_le(s, 0, 2);     // time 00:00:00
      put_le(s, 0x21, 2);  // date 1980-01-01
      put_le(s, crc, 4);
      put_le(s, data.size(), 4);
      put_le(s, data.size(), 4);
      put_le(s, name.size(), 2);
      put_le(s, 0, 2);  // extra field length
    };
    put_le(out, 0x04034b50, 4);
    common(out);
    out += name;
    out += data;
    put_le(central, 0x02014b50, 4);
    put_le(central, 0x0314, 2);  // made by: Unix, 2.0
    common(central);
    put_le(central, 0, 2);            // comment length
    put_le(central, 0, 2);            // disk
    put_le(central, 0, 2);            // internal attributes
    put_le(central, 0600u << 16, 4);  // external attributes: -rw-------
    put_le(central, offset, 4);
    central += name;
  }
  const uint64_t directory = out.size();
  out += central;
  put_le(out, 0x06054b50, 4);
  put_le(out, 0, 4);  // this disk, the directory's disk
  put_le(out, files.size(), 2);
  put_le(out, files.size(), 2);
  put_le(out, central.size(), 4);
  put_le(out, directory, 4);
  put_le(out, 0, 2);  // comment length
  return out;
}

std::vector<NpyArray> level_arrays(const Dungeon& d, const std::vector<Point>& route) {
  std::vector<NpyArray> arrays;
  arrays.push_back({"tiles",
                    "|u1",
                    {size_t(d.tiles.height()), size_t(d.tiles.width())},
                    std::string(reinterpret_cast<const char*>(d.tiles.data()), d.tiles.cells().size())});
  for (const auto& [name, kind] : {std::pair{"start", ObjectiveKind::Start}, std::pair{"goal", ObjectiveKind::Exit}}) {
    const Point p = d.find(kind).value_or(Point{-1, -1});
    arrays.push_back(int32_array(name, {p.x, p.y}, 0));
  }
  std::vector<int32_t> cells, objectives, locks, doors;
  for (const Point p : route) cells.insert(cells.end(), {p.x, p.y});
  for (const Objective& o : d.objectives)
    objectives.insert(objectives.end(), {static_cast<int32_t>(o.kind), o.pos.x, o.pos.y, o.lock, o.switch_id});
  for (const LockedDoor& l : d.locks) locks.insert(locks.end(), {l.pos.x, l.pos.y, l.lock});
  for (const ProgressionDoor& g : d.doors) {
    const int32_t kind = g.kind == DoorKind::Gate     ? 0
                         : g.kind == DoorKind::OneWay ? 1
                         : g.kind == DoorKind::Secret ? 2
                                                      : -1;
    if (kind < 0)
      throw InvalidArgument(FieldProblem{"doors kind", std::string(door_kind_name(g.kind)), "gate, one-way or secret"});
    const Point step = g.kind == DoorKind::OneWay && !direction_name(g.dir).empty() ? g.dir : Point{0, 0};
    doors.insert(doors.end(), {g.pos.x, g.pos.y, kind, g.switch_id, g.open_when_off ? 1 : 0, step.x, step.y});
  }
  arrays.push_back(int32_array("route", std::move(cells), 2));
  arrays.push_back(int32_array("objectives", std::move(objectives), 5));
  arrays.push_back(int32_array("locks", std::move(locks), 3));
  arrays.push_back(int32_array("doors", std::move(doors), 7));
  const std::string_view rule = key_rule_name(d.key_rule);
  std::string utf32;
  for (const char c : rule) put_le(utf32, static_cast<unsigned char>(c), 4);  // ASCII names
  arrays.push_back({"key_rule", "<U" + std::to_string(rule.size()), {}, std::move(utf32)});
  std::string seed;
  put_le(seed, d.seed, 8);
  arrays.push_back({"seed", "<u8", {}, std::move(seed)});
  return arrays;
}

}  // namespace

std::vector<Point> walkthrough_cells(const Solution& solution) {
  std::vector<Point> cells;
  for (size_t i = 0; i < solution.walkthrough.size(); ++i) {
    const std::vector<Point>& route = solution.walkthrough[i].route;
    cells.insert(cells.end(), route.begin() + (i == 0 || route.empty() ? 0 : 1), route.end());
  }
  return cells;
}

std::string write_level_npz(const Dungeon& dungeon, const ValidateOptions& rules) {
  ValidateOptions options = rules;
  options.solve = true;  // the route is the solver's walkthrough
  options.keep_maps = false;
  const ValidationReport report = validate_dungeon(dungeon, options);
  const std::vector<Point> route = report.solution ? walkthrough_cells(*report.solution) : std::vector<Point>{};
  std::vector<std::pair<std::string, std::string>> files;
  for (const NpyArray& a : level_arrays(dungeon, route)) files.emplace_back(a.name + ".npy", npy_file(a));
  return zip_archive(files);
}

}  // namespace catacomb
