// The C API's configs: from and to JSON, and every parameter of the library's one table by key
// (catacomb_config_set/get iterate generate_config_params(); no parameter is listed here), plus
// "threads".
#include "capi_internal.hpp"

#include <tuple>

using namespace catacomb;
using namespace catacomb::capi;

namespace {

// The keys catacomb_config_set takes: the parameter table's (iterated, never listed here) but
// the seed, then "threads", then the sources: "templates", "theme", "mission".
const std::vector<std::string>& config_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> out;
    for (const ConfigParam& p : generate_config_params())
      if (!p.is_seed()) out.push_back(p.key());
    for (const char* k : {"threads", "time_limit_ms", "templates", "theme", "mission"}) out.emplace_back(k);
    return out;
  }();
  return keys;
}

// The set at `path`, refused with its problems, as `catacomb generate --templates` refuses it.
std::shared_ptr<const TemplateSet> templates_from(const std::string& path) {
  TemplateSetReading reading = load_template_set(path);
  if (!reading.problems.empty()) {
    std::vector<FieldProblem> problems;
    for (const TemplateProblem& p : reading.problems)
      problems.push_back({"templates", path, p.text() + " (catacomb templates check lists them all)"});
    throw InvalidArgument(problems);
  }
  return std::make_shared<const TemplateSet>(std::move(reading.set));
}

// Loads the template set and the mission `sources` name into `config` (none for "").
void load_sources(GenerateConfig& config, const ConfigSources& sources) {
  config.templates = sources.templates.empty() ? nullptr : templates_from(sources.templates);
  if (!sources.mission_json.empty())
    config.mission = std::make_shared<const Mission>(read_mission(sources.mission_json, "mission"));
  else if (!sources.mission_path.empty())
    config.mission = std::make_shared<const Mission>(load_mission(sources.mission_path));
  else config.mission = nullptr;
}

// catacomb_config_set of a source key: "templates" a set's path, "theme" a tag, "mission" a
// mission file's path or, starting with '{', the mission's JSON text; "" for none.
void set_source(GenerateConfig& config, ConfigSources& sources, const std::string& key, const std::string& value) {
  if (key == "theme") {
    config.theme = value;
    return;
  }
  if (key == "templates") {
    sources.templates = value;
  } else {
    const size_t first = value.find_first_not_of(" \t\r\n");
    const bool inline_json = first != std::string::npos && value[first] == '{';
    sources.mission_json = inline_json ? value : "";
    sources.mission_path = inline_json ? "" : value;
  }
  load_sources(config, sources);
}

std::string source_text(const GenerateConfig& config, const ConfigSources& sources, const std::string& key) {
  if (key == "theme") return config.theme;
  if (key == "templates") return sources.templates;
  return sources.mission_json.empty() ? sources.mission_path : sources.mission_json;
}

// The size of a config whose width or height was not given: with a mission, chosen from it
// (GenerateConfig::map_size), as `catacomb generate --mission` chooses it; without, the default.
void fit_size(catacomb_config& h) {
  const GenerateConfig defaults;
  const bool mission = h.config.mission && !h.config.mission->empty();
  if (!h.width_given) h.config.width = mission ? 0 : defaults.width;
  if (!h.height_given) h.config.height = mission ? 0 : defaults.height;
  std::tie(h.config.width, h.config.height) = h.config.map_size();
}

bool is_source_key(const std::string& key) { return key == "templates" || key == "theme" || key == "mission"; }

std::string key_of(const char* key) {
  std::string k = key;
  std::replace(k.begin(), k.end(), '-', '_');
  return k;
}

const ConfigParam& param_of(const std::string& key) {
  for (const ConfigParam& p : generate_config_params())
    if (!p.is_seed() && p.key() == key) return p;
  std::string all;
  for (const std::string& k : config_keys()) all += (all.empty() ? "" : ", ") + k;
  throw InvalidArgument(FieldProblem{"key", key, "one of " + all});
}

int parse_int_value(const std::string& key, const char* text) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0' || errno != 0 || v < -1000000000LL || v > 1000000000LL)
    throw InvalidArgument(FieldProblem{key, text, "an integer"});
  return static_cast<int>(v);
}

double parse_double_value(const std::string& key, const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(v)) throw InvalidArgument(FieldProblem{key, text, "a number"});
  return v;
}

void set_param(const ConfigField& field, const std::string& key, const char* text) {
  if (auto* i = std::get_if<int*>(&field)) {
    **i = parse_int_value(key, text);
  } else if (auto* d = std::get_if<double*>(&field)) {
    **d = parse_double_value(key, text);
  } else if (auto* b = std::get_if<bool*>(&field)) {
    const std::string t = text;
    if (t != "true" && t != "false") throw InvalidArgument(FieldProblem{key, t, "true or false"});
    **b = t == "true";
  } else {
    set_config_choice(field, text, key);
  }
}

std::string param_text(const ConfigField& field) {
  if (auto* i = std::get_if<int*>(&field)) return std::to_string(**i);
  if (auto* d = std::get_if<double*>(&field)) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", **d);
    return buf;
  }
  if (auto* b = std::get_if<bool*>(&field)) return **b ? "true" : "false";
  return config_choice_name(field);
}

}  // namespace

extern "C" {

catacomb_config* catacomb_config_from_json(const char* json) {
  return guarded<catacomb_config*>(nullptr, [&] {
    need(json, "json", "a JSON object");
    auto h = std::make_unique<catacomb_config>();
    h->config = generate_config_and_sources_from_json(json, h->sources);
    // A side the JSON gives reads the same over a base of 0 x 0 (0 with a mission: chosen from it).
    GenerateConfig zero;
    zero.width = zero.height = 0;
    ConfigSources ignored;
    const GenerateConfig probe = generate_config_and_sources_from_json(json, ignored, zero);
    h->width_given = probe.width == h->config.width;
    h->height_given = probe.height == h->config.height;
    load_sources(h->config, h->sources);
    fit_size(*h);
    h->config.check();
    return h.release();
  });
}

char* catacomb_config_to_json(const catacomb_config* config) {
  return guarded<char*>(nullptr, [&] {
    need(config, "config", "a config handle");
    return copy_string(generate_config_and_sources_to_json(config->config, config->sources));
  });
}

void catacomb_config_free(catacomb_config* config) { delete config; }

catacomb_config* catacomb_config_new(void) {
  return guarded<catacomb_config*>(nullptr, [&] { return std::make_unique<catacomb_config>().release(); });
}

int catacomb_config_param_count(void) { return static_cast<int>(config_keys().size()); }

const char* catacomb_config_param_key(int index) {
  return guarded<const char*>(nullptr, [&] {
    const std::vector<std::string>& keys = config_keys();
    need_range("index", index, 0, static_cast<int>(keys.size()) - 1);
    return keys[static_cast<size_t>(index)].c_str();
  });
}

int catacomb_config_set(catacomb_config* config, const char* key, const char* value) {
  return guarded<int>(-1, [&] {
    need(config, "config", "a config handle");
    need(key, "key", "a parameter name");
    need(value, "value", "the parameter's value as text");
    catacomb_config next = *config;
    uint64_t seed = 0;
    const std::string k = key_of(key);
    if (k == "threads") {
      next.config.threads = parse_int_value(k, value);
    } else if (k == "time_limit_ms") {
      next.time_limit_ms = parse_int_value(k, value);
      if (next.time_limit_ms < 0) throw InvalidArgument(FieldProblem{k, value, "0 (no limit) or more milliseconds"});
    } else if (is_source_key(k)) {
      set_source(next.config, next.sources, k, value);
    } else {
      set_param(param_of(k).field(next.config, seed), k, value);
      next.width_given = next.width_given || k == "width";  // 0 with a mission: chosen from it
      next.height_given = next.height_given || k == "height";
    }
    fit_size(next);
    next.config.check();
    *config = std::move(next);
    return 0;
  });
}

char* catacomb_config_get(const catacomb_config* config, const char* key) {
  return guarded<char*>(nullptr, [&] {
    need(config, "config", "a config handle");
    need(key, "key", "a parameter name");
    const std::string k = key_of(key);
    if (k == "threads") return copy_string(std::to_string(config->config.threads));
    if (k == "time_limit_ms") return copy_string(std::to_string(config->time_limit_ms));
    if (is_source_key(k)) return copy_string(source_text(config->config, config->sources, k));
    GenerateConfig copy = config->config;
    uint64_t seed = 0;
    return copy_string(param_text(param_of(k).field(copy, seed)));
  });
}

}  // extern "C"
