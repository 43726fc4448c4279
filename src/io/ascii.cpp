#include <catacomb/io/ascii.hpp>

#include <array>
#include <optional>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/platformer/movement_model.hpp>
#include "io/text_lines.hpp"

namespace catacomb {

std::vector<char> objective_markers(const std::vector<Objective>& objectives) {
  std::vector<char> markers;
  markers.reserve(objectives.size());
  int starts = 0, exits = 0, others = 0;
  for (const Objective& o : objectives) {
    if (o.kind == ObjectiveKind::Start) markers.push_back(++starts == 1 ? '<' : '\0');
    else if (o.kind == ObjectiveKind::Exit) markers.push_back(++exits == 1 ? '>' : '\0');
    else markers.push_back(++others <= kMaxAsciiObjectives ? static_cast<char>('0' + others) : '\0');
  }
  return markers;
}

namespace {

// Bytes outside printable ASCII shown as '?', so a message stays readable.
std::string printable(std::string_view text) {
  std::string out(text.substr(0, 64));
  for (char& c : out)
    if (c < 0x20 || c > 0x7e) c = '?';
  return out;
}

// The side-view header: "!key=value key=value ...\n" with the movement keys the params hold,
// in movement_param_keys() order; empty for a map that records no platformer movement.
std::string movement_header(const Params& params) {
  if (!recorded_movement(params)) return {};
  std::string line = "!";
  for (const std::string& key : movement_param_keys())
    for (const auto& [k, v] : params) {
      if (k != key) continue;
      if (line.size() > 1) line += ' ';
      line += k + "=";
      if (const auto* i = std::get_if<int64_t>(&v)) line += std::to_string(*i);
      else if (const auto* s = std::get_if<std::string>(&v)) line += *s;
      break;
    }
  return line + "\n";
}

// Parses the header line (without its '!') into params.
void read_movement_header(std::string_view line, Params& params) {
  const std::vector<std::string> keys = movement_param_keys();
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ') {
      ++i;
      continue;
    }
    size_t end = line.find(' ', i);
    if (end == std::string_view::npos) end = line.size();
    const std::string_view token = line.substr(i, end - i);
    i = end;
    const size_t eq = token.find('=');
    const std::string key(token.substr(0, eq == std::string_view::npos ? token.size() : eq));
    bool known = false;
    for (const std::string& k : keys) known = known || k == key;
    if (eq == std::string_view::npos || !known)
      throw InvalidArgument(FieldProblem{"ASCII map header", "'" + printable(token) + "'",
                                         "key=value with a key among movement, jump_height, jump_distance, "
                                         "body_height, max_fall, jump_penalty"});
    const std::string_view value = token.substr(eq + 1);
    bool digits = !value.empty() && value.size() <= 9;
    for (char c : value) digits = digits && c >= '0' && c <= '9';
    if (digits) params.emplace_back(key, static_cast<int64_t>(std::stoll(std::string(value))));
    else params.emplace_back(key, printable(value));
  }
  recorded_movement(params);  // throws for a bad value, naming it
}

}  // namespace

std::string write_ascii(const Dungeon& d) {
  const int w = d.tiles.width(), h = d.tiles.height();
  const std::string header = movement_header(d.params);
  std::string out = header;
  out.reserve(header.size() + static_cast<size_t>(w + 1) * static_cast<size_t>(h));
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) out.push_back(terrain_char(d.tiles(x, y)));
    out.push_back('\n');
  }
  const std::vector<char> markers = objective_markers(d.objectives);
  for (size_t i = 0; i < d.objectives.size(); ++i) {
    const Objective& o = d.objectives[i];
    if (!d.tiles.in_bounds(o.pos))
      throw InvalidArgument("objective " + std::string(objective_kind_name(o.kind)) + " at " + to_string(o.pos) +
                            " (expected inside the map)");
    if (markers[i] == '\0') {
      if (o.kind == ObjectiveKind::Start) throw InvalidArgument("start objectives = 2 (expected at most 1 in an ASCII map)");
      if (o.kind == ObjectiveKind::Exit) throw InvalidArgument("exit objectives = 2 (expected at most 1 in an ASCII map)");
      throw InvalidArgument("further objectives = " + std::to_string(kMaxAsciiObjectives + 1) +
                            " (expected at most 9 in an ASCII map)");
    }
    out[header.size() + static_cast<size_t>(o.pos.y) * static_cast<size_t>(w + 1) + static_cast<size_t>(o.pos.x)] =
        markers[i];
  }
  return out;
}

Dungeon read_ascii(std::string_view text) {
  std::vector<std::string_view> lines = split_lines(text);
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  Params header;
  size_t first_row = 0;  // the line number of the first row of tiles, minus one
  if (!lines.empty() && lines.front().starts_with('!')) {
    read_movement_header(lines.front().substr(1), header);
    lines.erase(lines.begin());
    first_row = 1;
  }
  if (lines.empty()) throw InvalidArgument("ASCII map = empty (expected at least one row of tiles)");
  const size_t w = lines[0].size();
  if (w == 0) throw InvalidArgument("ASCII map line " + std::to_string(first_row + 1) + " = empty (expected a row of tiles)");
  if (w > static_cast<size_t>(kMaxSide) || lines.size() > static_cast<size_t>(kMaxSide))
    throw InvalidArgument("ASCII map size = " + std::to_string(w) + "x" + std::to_string(lines.size()) +
                          " (expected at most " + std::to_string(kMaxSide) + " per side)");
  Dungeon d;
  d.params = std::move(header);
  d.tiles = Grid<Terrain>(static_cast<int>(w), static_cast<int>(lines.size()), Terrain::Wall);
  std::optional<Point> start, exit;
  std::array<std::optional<Point>, 10> digits{};
  for (size_t y = 0; y < lines.size(); ++y) {
    if (lines[y].size() != w)
      throw InvalidArgument("ASCII map line " + std::to_string(first_row + y + 1) + " length = " + std::to_string(lines[y].size()) +
                            " (expected " + std::to_string(w) + ", the length of the first row)");
    for (size_t x = 0; x < w; ++x) {
      const char c = lines[y][x];
      const Point p{static_cast<int>(x), static_cast<int>(y)};
      auto where = [&] { return "ASCII map line " + std::to_string(first_row + y + 1) + " column " + std::to_string(x + 1); };
      Terrain t = Terrain::Floor;
      if (c == '<' || c == '>') {
        auto& slot = c == '<' ? start : exit;
        if (slot)
          throw InvalidArgument(where() + ": second '" + std::string(1, c) + "' (expected one, the first is at " +
                                to_string(*slot) + ")");
        slot = p;
      } else if (c >= '1' && c <= '9') {
        auto& slot = digits[static_cast<size_t>(c - '0')];
        if (slot)
          throw InvalidArgument(where() + ": second '" + std::string(1, c) + "' (expected each digit once)");
        slot = p;
      } else if (auto tt = terrain_from_char(c)) {
        t = *tt;
      } else {
        throw InvalidArgument(where() + ": character '" + std::string(1, c) +
                              "' (expected one of # . , + ~ \" = H - < > 1-9)");
      }
      d.tiles[p] = t;
    }
  }
  if (start) d.objectives.push_back({ObjectiveKind::Start, *start});
  if (exit) d.objectives.push_back({ObjectiveKind::Exit, *exit});
  int last = 0;
  for (int k = 1; k <= 9; ++k) {
    if (!digits[static_cast<size_t>(k)]) continue;
    if (k != last + 1)
      throw InvalidArgument("ASCII map objective '" + std::to_string(k) + "' without '" + std::to_string(last + 1) +
                            "' (expected objectives numbered 1 to n without gaps)");
    last = k;
    d.objectives.push_back({ObjectiveKind::Objective, *digits[static_cast<size_t>(k)]});
  }
  return d;
}

}  // namespace catacomb
