// Moving AI map and scenario files: line-oriented readers that name the first bad line, and the
// map writer. Linear in the text size; no state outside the returned values.
#include <catacomb/io/movingai.hpp>

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <system_error>

#include <catacomb/core/error.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/map_file.hpp>
#include "shared/core/parse_number.hpp"
#include "io/text_lines.hpp"

namespace catacomb {
namespace {

bool is_blank(std::string_view s) { return s.find_first_not_of(" \t") == std::string_view::npos; }

// Fields separated by tabs when the line has any (map names may hold spaces), else by spaces.
std::vector<std::string_view> split_fields(std::string_view line) {
  const bool tabs = line.find('\t') != std::string_view::npos;
  const std::string_view seps = tabs ? "\t" : " ";
  std::vector<std::string_view> fields;
  size_t pos = 0;
  while (pos <= line.size()) {
    size_t end = line.find_first_of(seps, pos);
    if (end == std::string_view::npos) end = line.size();
    std::string_view f = line.substr(pos, end - pos);
    if (tabs) {  // trim stray spaces around tab-separated fields
      while (!f.empty() && f.front() == ' ') f.remove_prefix(1);
      while (!f.empty() && f.back() == ' ') f.remove_suffix(1);
    }
    if (!f.empty() || tabs) fields.push_back(f);
    pos = end + 1;
  }
  if (tabs)  // a trailing tab leaves an empty last field
    while (!fields.empty() && fields.back().empty()) fields.pop_back();
  return fields;
}

// A line for an error message: quoted, cut to a readable length.
std::string quote(std::string_view s) {
  constexpr size_t kMax = 40;
  if (s.size() <= kMax) return "'" + std::string(s) + "'";
  return "'" + std::string(s.substr(0, kMax)) + "...'";
}

bool parse_int(std::string_view s, int& v) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && ptr == s.data() + s.size();
}

bool parse_double(std::string_view s, double& v) { return detail::parse_finite_double(s, v); }

// "height 209" style header line: returns the number, or throws naming the line.
int header_number(std::string_view line, size_t line_no, std::string_view key) {
  auto fields = split_fields(line);
  int v = 0;
  if (fields.size() != 2 || fields[0] != key || !parse_int(fields[1], v) || v < 1 || v > kMaxSide)
    throw InvalidArgument("movingai map line " + std::to_string(line_no) + " = " + quote(line) + " (expected '" +
                          std::string(key) + " N' with N from 1 to " + std::to_string(kMaxSide) + ")");
  return v;
}

// Passable characters and blocked characters of the format.
bool map_char(char c, Terrain& t) {
  switch (c) {
    case '.':
    case 'G':
    case 'S': t = Terrain::Floor; return true;
    case '@':
    case 'O':
    case 'T':
    case 'W': t = Terrain::Wall; return true;
    default: return false;
  }
}

}  // namespace

Grid<Terrain> read_movingai_map(std::string_view text, const MapSizeCheck& check_size) {
  const std::vector<std::string_view> lines = split_lines(text);
  auto line_at = [&](size_t i) { return i < lines.size() ? lines[i] : std::string_view{}; };
  auto where = [](size_t i) { return "movingai map line " + std::to_string(i + 1); };

  if (split_fields(line_at(0)) != std::vector<std::string_view>{"type", "octile"})
    throw InvalidArgument(where(0) + " = " + (lines.empty() ? std::string("end of file") : quote(line_at(0))) +
                          " (expected 'type octile')");
  // "height H" then "width W" as every known tool writes them; the other order is read too.
  int height = 0, width = 0;
  for (size_t i = 1; i <= 2; ++i) {
    const auto fields = split_fields(line_at(i));
    const bool says_width = !fields.empty() && fields[0] == "width" && width == 0;
    const std::string_view key = (height == 0 && !says_width) ? "height" : "width";
    (key == "width" ? width : height) = header_number(line_at(i), i + 1, key);
  }
  if (split_fields(line_at(3)) != std::vector<std::string_view>{"map"})
    throw InvalidArgument(where(3) + " = " + (lines.size() <= 3 ? std::string("end of file") : quote(line_at(3))) +
                          " (expected 'map')");
  if (check_size) check_size(width, height);  // the header's size, before any row is read

  // Every row is checked against the header's claim before the grid is allocated: a 41-byte file
  // claiming 16384x16384 is refused without allocating 268 MB.
  const size_t first = 4;
  for (int y = 0; y < height; ++y) {
    const size_t i = first + static_cast<size_t>(y);
    if (i >= lines.size())
      throw InvalidArgument(where(i) + " = end of file (expected " + std::to_string(height) + " rows, found " +
                            std::to_string(y) + ")");
    if (lines[i].size() != static_cast<size_t>(width))
      throw InvalidArgument(where(i) + " length = " + std::to_string(lines[i].size()) + " (expected " +
                            std::to_string(width) + ", the width)");
  }
  Grid<Terrain> tiles(width, height, Terrain::Wall);
  for (int y = 0; y < height; ++y) {
    const size_t i = first + static_cast<size_t>(y);
    const std::string_view row = lines[i];
    Terrain* out = tiles.row(y);
    for (size_t x = 0; x < row.size(); ++x)
      if (!map_char(row[x], out[x]))
        throw InvalidArgument(where(i) + " column " + std::to_string(x + 1) + " = '" + std::string(1, row[x]) +
                              "' (expected one of . G S @ O T W)");
  }
  for (size_t i = first + static_cast<size_t>(height); i < lines.size(); ++i)
    if (!is_blank(lines[i]))
      throw InvalidArgument(where(i) + " = " + quote(lines[i]) + " (expected the end of the file after " +
                            std::to_string(height) + " rows)");
  return tiles;
}

std::string write_movingai_map(const Grid<Terrain>& tiles, const CostTable& costs) {
  const int w = tiles.width(), h = tiles.height();
  std::string out = "type octile\nheight " + std::to_string(h) + "\nwidth " + std::to_string(w) + "\nmap\n";
  out.reserve(out.size() + static_cast<size_t>(w + 1) * static_cast<size_t>(h));
  for (int y = 0; y < h; ++y) {
    const Terrain* row = tiles.row(y);
    for (int x = 0; x < w; ++x) out.push_back(costs.passable(row[x]) ? '.' : '@');
    out.push_back('\n');
  }
  return out;
}

std::vector<Scenario> read_scenarios(std::string_view text) {
  const std::vector<std::string_view> lines = split_lines(text);
  size_t i = 0;
  while (i < lines.size() && is_blank(lines[i])) ++i;
  {
    auto fields = i < lines.size() ? split_fields(lines[i]) : std::vector<std::string_view>{};
    if (fields.size() != 2 || fields[0] != "version" || (fields[1] != "1" && fields[1] != "1.0"))
      throw InvalidArgument("movingai scenario line " + std::to_string(i + 1) + " = " +
                            (i < lines.size() ? quote(lines[i]) : std::string("end of file")) +
                            " (expected 'version 1')");
  }
  std::vector<Scenario> out;
  out.reserve(lines.size() - i);
  for (++i; i < lines.size(); ++i) {
    if (is_blank(lines[i])) continue;
    const std::string where = "movingai scenario line " + std::to_string(i + 1);
    const auto f = split_fields(lines[i]);
    if (f.size() != 9)
      throw InvalidArgument(where + " fields = " + std::to_string(f.size()) +
                            " (expected 9: bucket, map, width, height, start x, start y, goal x, goal y, "
                            "optimal length)");
    Scenario s;
    auto number = [&](size_t k, const char* name, int lo, int hi) {
      int v = 0;
      if (!parse_int(f[k], v) || v < lo || v > hi)
        throw InvalidArgument(where + " " + name + " = " + quote(f[k]) + " (expected an integer from " +
                              std::to_string(lo) + " to " + std::to_string(hi) + ")");
      return v;
    };
    s.bucket = number(0, "bucket", 0, std::numeric_limits<int>::max());
    s.map = std::string(f[1]);
    if (s.map.empty()) throw InvalidArgument(where + " map = '' (expected a map file name)");
    s.map_width = number(2, "width", 1, kMaxSide);
    s.map_height = number(3, "height", 1, kMaxSide);
    s.start.x = number(4, "start_x", 0, s.map_width - 1);
    s.start.y = number(5, "start_y", 0, s.map_height - 1);
    s.goal.x = number(6, "goal_x", 0, s.map_width - 1);
    s.goal.y = number(7, "goal_y", 0, s.map_height - 1);
    if (!parse_double(f[8], s.optimal_length) || s.optimal_length < 0)
      throw InvalidArgument(where + " optimal_length = " + quote(f[8]) + " (expected a finite number >= 0)");
    out.push_back(std::move(s));
  }
  return out;
}

Grid<Terrain> load_movingai_map(const std::string& path) {
  const std::string text = read_file(path, map_read_limits("type octile", ".map"));
  try {
    return read_movingai_map(text);
  } catch (const InvalidArgument& e) { throw InvalidArgument(path + ": " + e.what()); }
}

std::vector<Scenario> load_scenarios(const std::string& path) {
  const std::string text = read_file(path,
                                     {kMaxScenarioFileBytes, kMaxScenarioLineBytes,
                                      "a Moving AI scenario file of at most 64 MiB, lines of at most 4096 bytes"});
  try {
    return read_scenarios(text);
  } catch (const InvalidArgument& e) { throw InvalidArgument(path + ": " + e.what()); }
}

}  // namespace catacomb
