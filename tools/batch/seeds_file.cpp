// Seeds files. Linear in the text; duplicates are found with a sorted copy (n log n), so the
// order of the file is kept for the run.
#include "tools/batch/seeds_file.hpp"

#include <algorithm>
#include <charconv>

#include <catacomb/core/error.hpp>

namespace catacomb::cli {
namespace {

// A line as a message shows it: printable ASCII, at most 40 characters.
std::string shown(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size() && i < 40; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    out += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '?';
  }
  if (s.size() > 40) out += "...";
  return out + "\"";
}

}  // namespace

std::vector<uint64_t> parse_seeds_file(std::string_view text, const std::string& name, uint64_t max_seeds) {
  std::vector<uint64_t> seeds;
  std::vector<uint64_t> lines;  // the line of each seed, for the duplicate message
  uint64_t line_no = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    ++line_no;
    const size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    if (const size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.empty()) continue;
    uint64_t seed = 0;
    auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), seed);
    if (ec != std::errc() || end != line.data() + line.size())
      throw InvalidArgument(
          FieldProblem{name + " line " + std::to_string(line_no), shown(line),
                       "one seed per line, an unsigned 64-bit decimal integer; '#' starts a comment"});
    if (seeds.size() == max_seeds)
      throw InvalidArgument(
          FieldProblem{name, "more than " + std::to_string(max_seeds) + " seeds",
                       "at most " + std::to_string(max_seeds) + " seeds; split it into several runs"});
    seeds.push_back(seed);
    lines.push_back(line_no);
  }
  if (seeds.empty())
    throw InvalidArgument(FieldProblem{name, "no seed", "at least one seed, one per line ('#' starts a comment)"});
  std::vector<size_t> order(seeds.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return seeds[a] < seeds[b]; });
  for (size_t i = 1; i < order.size(); ++i)
    if (seeds[order[i]] == seeds[order[i - 1]])
      throw InvalidArgument(
          FieldProblem{name + " line " + std::to_string(lines[order[i]]), std::to_string(seeds[order[i]]),
                       "each seed once (it is on line " + std::to_string(lines[order[i - 1]]) + " too)"});
  return seeds;
}

}  // namespace catacomb::cli
