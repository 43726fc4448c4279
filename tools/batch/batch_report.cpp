// Summary rows and aggregates of a batch. Numbers go through one fixed-precision formatter
// (format_fixed, <catacomb/core/format.hpp>), and the JSON values are those same decimal strings
// read back, so the CSV and JSON agree digit for digit. Keys keep column order
// (nlohmann::ordered_json).
#include "tools/batch/batch_report.hpp"

#include <nlohmann/json.hpp>

#include <cassert>
#include <cmath>
#include <cstdlib>

#include <catacomb/core/format.hpp>
#include "tools/batch/json_numbers.hpp"

namespace catacomb::cli {
namespace {

using Json = nlohmann::ordered_json;

// format_fixed, with 0 for a value that is not finite and no sign on a zero ("-0.000").
std::string fixed(double v, int decimals) {
  if (!std::isfinite(v)) return "0";
  std::string s = format_fixed(v, decimals);
  if (s.starts_with("-") && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);  // "-0.000"
  return s;
}

Json fixed_json(double v, int decimals) { return Json(std::strtod(fixed(v, decimals).c_str(), nullptr)); }

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

// One row's fields in column order, as text (CSV) and as JSON values.
std::vector<std::pair<std::string, Json>> fields(const SeedRow& r, const BatchColumns& c) {
  std::vector<std::pair<std::string, Json>> f = {
      {std::to_string(r.seed), Json(r.seed)},
      {r.valid ? "true" : "false", Json(r.valid)},
      {std::to_string(r.attempts), Json(r.attempts)},
      {fixed(r.open_fraction, 6), fixed_json(r.open_fraction, 6)},
      {std::to_string(r.rooms), Json(r.rooms)},
      {std::to_string(r.objectives), Json(r.objectives)},
      {fixed(r.route_cost, 3), fixed_json(r.route_cost, 3)},
      {std::to_string(r.route_length), Json(r.route_length)},
      {std::to_string(r.loops), Json(r.loops)},
      {std::to_string(r.dead_ends), Json(r.dead_ends)},
      {std::to_string(r.chokepoints), Json(r.chokepoints)},
  };
  if (c.locks) {
    f.emplace_back(std::to_string(r.critical_length), Json(r.critical_length));
    f.emplace_back(fixed(r.critical_cost, 3), fixed_json(r.critical_cost, 3));
    f.emplace_back(std::to_string(r.keys_on_critical_path), Json(r.keys_on_critical_path));
    f.emplace_back(std::to_string(r.backtracking), Json(r.backtracking));
    f.emplace_back(std::to_string(r.optional_objectives), Json(r.optional_objectives));
  }
  if (c.progression) {
    f.emplace_back(fixed(r.branchiness, 6), fixed_json(r.branchiness, 6));
    f.emplace_back(std::to_string(r.cycles), Json(r.cycles));
    f.emplace_back(fixed(r.critical_share, 6), fixed_json(r.critical_share, 6));
  }
  std::vector<std::pair<std::string, Json>> rest = {
      {fixed(r.generate_ms, 3), fixed_json(r.generate_ms, 3)},
      {csv_field(r.error), Json(r.error)},
      {csv_field(r.png), Json(r.png)},
      {csv_field(r.json), Json(r.json)},
      {csv_field(r.txt), Json(r.txt)},
  };
  f.insert(f.end(), rest.begin(), rest.end());
  if (c.tmj) f.emplace_back(csv_field(r.tmj), Json(r.tmj));
  if (c.map) f.emplace_back(csv_field(r.map), Json(r.map));
  if (c.design)
    for (const std::string* v : {&r.templates, &r.theme, &r.mission}) f.emplace_back(csv_field(*v), Json(*v));
  return f;
}

Json param_json(const ParamValue& v) {
  return std::visit([](const auto& x) { return Json(x); }, v);
}

Json percentiles_json(StreamPercentiles& values, int decimals) {
  if (values.count() == 0) return Json(nullptr);
  const Percentiles p = values.result();
  auto num = [&](double v) {
    return decimals == 0 ? Json(static_cast<int64_t>(std::llround(v))) : fixed_json(v, decimals);
  };
  Json j = Json::object();
  j["min"] = num(p.min);
  j["p50"] = num(p.p50);
  j["p90"] = num(p.p90);
  j["p99"] = num(p.p99);
  j["max"] = num(p.max);
  return j;
}

// The recipe and output options of a run: what makes two runs write the same files.
Json parameters_json(const BatchRunInfo& info) {
  Json params = Json::object();
  params["generator"] = info.generator;
  for (const auto& [name, value] : info.parameters) params[name] = param_json(value);
  params["scale"] = info.scale;
  params["overlay"] = info.overlay;
  params["tmj"] = info.columns.tmj;
  params["map"] = info.columns.map;
  if (!info.outputs.empty()) params["outputs"] = info.outputs;
  return params;
}

}  // namespace

std::string batch_journal_header(const BatchRunInfo& info) {
  Json j = Json::object();
  j["catacomb_batch_journal"] = 1;
  j["range"] = std::to_string(info.first_seed) + ".." + std::to_string(info.last_seed);
  j["shard"] = std::to_string(info.shard_index) + "/" + std::to_string(info.shard_count);
  j["parameters"] = parameters_json(info);
  return j.dump();
}

std::vector<std::string> batch_column_names(const BatchColumns& columns) {
  std::vector<std::string> names = {"seed",  "valid",      "attempts",   "open_fraction",
                                    "rooms", "objectives", "route_cost", "route_length",
                                    "loops", "dead_ends",  "chokepoints"};
  if (columns.locks)
    names.insert(names.end(), {"critical_path_length", "critical_path_cost", "keys_on_critical_path", "backtracking",
                               "optional_objectives"});
  if (columns.progression) names.insert(names.end(), {"branchiness", "cycles", "critical_path_share"});
  names.insert(names.end(), {"generate_ms", "error", "png", "json", "txt"});
  if (columns.tmj) names.emplace_back("tmj");
  if (columns.map) names.emplace_back("map");
  if (columns.design) names.insert(names.end(), {"templates", "theme", "mission"});
  return names;
}

std::string batch_csv_header(const BatchColumns& columns) {
  std::string line;
  for (const std::string& n : batch_column_names(columns)) line += (line.empty() ? "" : ",") + n;
  return line + "\n";
}

std::string batch_csv_row(const SeedRow& row, const BatchColumns& columns) {
  std::string line;
  bool first = true;
  for (const auto& f : fields(row, columns)) {
    if (!first) line += ',';
    line += f.first;
    first = false;
  }
  return line + "\n";
}

namespace {

Json row_object(const SeedRow& row, const BatchColumns& columns) {
  const std::vector<std::string> names = batch_column_names(columns);
  const auto f = fields(row, columns);
  assert(names.size() == f.size());
  Json j = Json::object();
  for (size_t i = 0; i < f.size(); ++i) j[names[i]] = f[i].second;
  return j;
}

}  // namespace

std::string batch_jsonl_row(const SeedRow& row, const BatchColumns& columns) {
  return row_object(row, columns).dump() + "\n";
}

std::string batch_journal_row(const SeedRow& row, const BatchColumns& columns) {
  Json j = row_object(row, columns);
  auto exact = [](double v) { return std::isfinite(v) ? v : 0.0; };
  j["open_fraction_exact"] = exact(row.open_fraction);
  j["route_cost_exact"] = exact(row.route_cost);
  j["generate_ms_exact"] = exact(row.generate_ms);
  return j.dump() + "\n";
}

bool batch_row_from_jsonl(std::string_view line, SeedRow& row) {
  try {
    const Json j = Json::parse(line.begin(), line.end());
    if (!j.is_object() || !j.contains("seed") || !j["seed"].is_number_unsigned()) return false;
    row = SeedRow{};
    row.seed = j.at("seed").get<uint64_t>();
    row.valid = j.at("valid").get<bool>();
    row.attempts = whole<int>(j.at("attempts"));
    // A journal line's values in full, where it has them.
    auto value = [&j](const char* exact, const char* rounded) {
      return j.at(j.contains(exact) ? exact : rounded).get<double>();
    };
    row.open_fraction = value("open_fraction_exact", "open_fraction");
    row.rooms = whole<int>(j.at("rooms"));
    row.objectives = whole<int>(j.at("objectives"));
    row.route_cost = value("route_cost_exact", "route_cost");
    row.route_length = whole<int64_t>(j.at("route_length"));
    row.loops = whole<int>(j.at("loops"));
    row.dead_ends = whole<int>(j.at("dead_ends"));
    row.chokepoints = whole<int>(j.at("chokepoints"));
    if (j.contains("critical_path_length")) {
      row.critical_length = whole<int64_t>(j.at("critical_path_length"));
      row.critical_cost = j.at("critical_path_cost").get<double>();
      row.keys_on_critical_path = whole<int>(j.at("keys_on_critical_path"));
      row.backtracking = whole<int>(j.at("backtracking"));
      row.optional_objectives = whole<int>(j.at("optional_objectives"));
    }
    if (j.contains("cycles")) {
      row.branchiness = j.at("branchiness").get<double>();
      row.cycles = whole<int>(j.at("cycles"));
      row.critical_share = j.at("critical_path_share").get<double>();
    }
    row.generate_ms = value("generate_ms_exact", "generate_ms");
    row.error = j.at("error").get<std::string>();
    row.png = j.at("png").get<std::string>();
    row.json = j.at("json").get<std::string>();
    row.txt = j.at("txt").get<std::string>();
    if (j.contains("tmj")) row.tmj = j.at("tmj").get<std::string>();
    if (j.contains("map")) row.map = j.at("map").get<std::string>();
    if (j.contains("templates")) {
      row.templates = j.at("templates").get<std::string>();
      row.theme = j.at("theme").get<std::string>();
      row.mission = j.at("mission").get<std::string>();
    }
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  } catch (const BadNumber&) {  // a count that is not a whole number in range
    return false;
  }
}

BatchSummary::BatchSummary(const std::string& spill_beside, size_t percentile_chunk)
    : lengths_(spill_beside, percentile_chunk),
      costs_(spill_beside, percentile_chunk),
      ms_(spill_beside, percentile_chunk) {}

void BatchSummary::add(const SeedRow& r) {
  if (seeds_ == 0) first_seed_ = r.seed;
  last_seed_ = r.seed;
  ++seeds_;
  ms_.add(r.generate_ms);
  if (!r.valid) return;
  ++valid_;
  lengths_.add(static_cast<double>(r.route_length));
  costs_.add(r.route_cost);
  open_ += r.open_fraction;
  rooms_ += r.rooms;
  objectives_ += r.objectives;
  loops_ += r.loops;
  dead_ends_ += r.dead_ends;
  chokepoints_ += r.chokepoints;
}

std::string BatchSummary::json(const BatchRunInfo& info) {
  const double n = static_cast<double>(valid_);
  auto mean = [&](double sum) { return valid_ == 0 ? Json(nullptr) : fixed_json(sum / n, 6); };

  Json j = Json::object();
  j["generator"] = info.generator;
  j["seeds"] = seeds_;
  j["first_seed"] = seeds_ == 0 ? Json(nullptr) : Json(first_seed_);
  j["last_seed"] = seeds_ == 0 ? Json(nullptr) : Json(last_seed_);
  j["valid"] = valid_;
  j["failed"] = seeds_ - valid_;
  j["validity_rate"] = seeds_ == 0 ? Json(nullptr) : fixed_json(n / static_cast<double>(seeds_), 6);
  j["percentile_method"] = "nearest-rank";
  j["route_length"] = percentiles_json(lengths_, 0);
  j["route_cost"] = percentiles_json(costs_, 3);
  j["generate_ms"] = percentiles_json(ms_, 3);
  Json means = Json::object();
  means["open_fraction"] = mean(open_);
  means["rooms"] = mean(rooms_);
  means["objectives"] = mean(objectives_);
  means["loops"] = mean(loops_);
  means["dead_ends"] = mean(dead_ends_);
  means["chokepoints"] = mean(chokepoints_);
  j["mean"] = means;
  j["elapsed_s"] = fixed_json(info.elapsed_s, 3);
  j["maps_per_s"] = info.elapsed_s > 0 ? fixed_json(static_cast<double>(seeds_) / info.elapsed_s, 3) : Json(nullptr);
  j["threads"] = info.threads;
  j["shard"] = std::to_string(info.shard_index) + "/" + std::to_string(info.shard_count);
  j["range"] = std::to_string(info.first_seed) + ".." + std::to_string(info.last_seed);
  j["parameters"] = parameters_json(info);
  if (!info.themes.empty()) j["themes"] = info.themes;
  Json files = Json::object();
  files["csv"] = "summary.csv";
  files["jsonl"] = "seeds.jsonl";
  files["contact_sheets"] = info.contact_sheets;
  files["html"] = info.html.empty() ? Json(nullptr) : Json(info.html);
  j["files"] = files;
  j["columns"] = batch_column_names(info.columns);
  if (!info.generate_command.empty()) {
    Json commands = Json::object();
    commands["generate"] = info.generate_command;
    commands["picks"] = info.picks_command;
    j["commands"] = commands;
  }
  return j.dump(2) + "\n";
}

}  // namespace catacomb::cli
