// The library's generator parameter table as CLI11 flags of `catacomb generate` and `batch`.
#include "tools/generator_flags.hpp"

#include <catacomb/core/format.hpp>

#include <algorithm>
#include <string_view>
#include <type_traits>

#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>
#include "tools/number_flags.hpp"

namespace catacomb::cli {
namespace {

// Fields given as text: the choice enums by name, the game's costs as "water=impassable,...".
template <class T>
constexpr bool kTextChoice = std::is_enum_v<T> || std::is_same_v<T, CostOverrides>;

}  // namespace

GeneratorFlags::GeneratorFlags(CLI::App& sub, uint64_t* seed) : seed_(seed) {
  sub.add_option("--config", config_path_, "JSON file of parameters (keys as the flags, '_' for '-')")
      ->type_name("FILE");
  sub.add_option("--templates", templates_path_,
                 "Room templates drawn in Tiled (.tmj or .tmx; rooms generator): see catacomb templates check")
      ->type_name("SET");
  sub.add_option("--theme", theme_, "With --templates: only the templates tagged TAG")->type_name("TAG");
  sub.add_option("--mission", mission_path_,
                 "Mission graph (JSON; rooms generator): a room per node, a passage per edge")
      ->type_name("FILE");
  GenerateConfig defaults;
  uint64_t default_seed = seed_ ? *seed_ : 0;
  const std::span<const ConfigParam> params = generate_config_params();
  flags_.reserve(params.size());  // the options keep pointers into `given`
  for (const ConfigParam& p : params) {
    if (p.is_seed() && !seed_) continue;
    Flag& f = flags_.emplace_back();
    f.param = &p;
    const std::string flag = "--" + std::string(p.name);
    const std::string help(p.help);
    std::visit(
        [&](auto* field) {
          using T = std::remove_pointer_t<decltype(field)>;
          if constexpr (std::is_same_v<T, bool>) {
            f.given = *field;
            f.option = sub.add_flag(flag, std::get<bool>(f.given), help);
          } else if constexpr (kTextChoice<T>) {
            f.given = config_choice_name(field);
            f.option = sub.add_option(flag, std::get<std::string>(f.given), help)->capture_default_str();
          } else {
            f.given = *field;
            f.option = add_number_option(sub, flag, std::get<T>(f.given), help);
          }
        },
        p.field(defaults, default_seed));
  }
}

std::string generator_flags_text(const GenerateConfig& cfg) {
  GenerateConfig given = cfg, defaults;
  uint64_t seed_a = 0, seed_b = 0;
  std::string text;
  for (const ConfigParam& p : generate_config_params()) {
    if (p.is_seed()) continue;
    const ConfigField value = p.field(given, seed_a), base = p.field(defaults, seed_b);
    std::visit(
        [&](auto* v) {
          using T = std::remove_pointer_t<decltype(v)>;
          const T& d = *std::get<T*>(base);
          if (*v == d) return;
          text += " --";
          text += p.name;
          if constexpr (std::is_same_v<T, bool>) text += *v ? "" : "=false";
          else if constexpr (kTextChoice<T>) text += " " + config_choice_name(value);
          else if constexpr (std::is_same_v<T, double>) text += " " + format_shortest(*v);
          else text += " " + std::to_string(*v);
        },
        value);
  }
  return text;
}

namespace {

// `value` as one word of a POSIX shell command: as is when it is made of characters no shell
// treats specially, else in single quotes (a quote inside as '\'').
std::string shell_word(const std::string& value) {
  const bool plain = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("-_./:+,@=").find(c) != std::string_view::npos;
  });
  if (plain) return value;
  std::string quoted = "'";
  for (char c : value) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

std::string GeneratorFlags::file_flags_text() const {
  std::string text;
  if (!templates_path_.empty()) text += " --templates " + shell_word(templates_path_);
  if (!theme_.empty()) text += " --theme " + shell_word(theme_);
  if (!mission_path_.empty()) text += " --mission " + shell_word(mission_path_);
  return text;
}

namespace {

// The set at `path`, refused (each problem named) when it has problems.
std::shared_ptr<const TemplateSet> templates_from(const std::string& path) {
  TemplateSetReading reading = load_template_set(path);
  if (!reading.problems.empty()) {
    std::vector<FieldProblem> problems;
    for (const TemplateProblem& p : reading.problems)
      problems.push_back({"--templates", path, p.text() + " (catacomb templates check lists them all)"});
    throw InvalidArgument(problems);
  }
  return std::make_shared<const TemplateSet>(std::move(reading.set));
}

}  // namespace

GenerateConfig GeneratorFlags::resolve() {
  bool width_given = false, height_given = false;
  GenerateConfig cfg = resolve_table(width_given, height_given);
  if (!templates_path_.empty()) cfg.templates = templates_from(templates_path_);
  cfg.theme = theme_;
  if (!mission_path_.empty()) {
    cfg.mission = std::make_shared<const Mission>(load_mission(mission_path_));
    // A side given neither as a flag nor in the config file is chosen from the mission.
    if (!width_given) cfg.width = 0;
    if (!height_given) cfg.height = 0;
  }
  return cfg;
}

GenerateConfig GeneratorFlags::resolve_table(bool& width_given, bool& height_given) {
  GenerateConfig cfg;
  if (!config_path_.empty()) {
    const std::string text = read_file(config_path_, {kMaxConfigFileBytes, 0, "a JSON config file of at most 1 MiB"});
    cfg = generate_config_from_json(text, cfg, seed_, config_path_);
    // Read again over a base of 0 x 0: a side the file gives reads the same over both bases.
    GenerateConfig zero;
    zero.width = zero.height = 0;
    uint64_t seed_copy = seed_ ? *seed_ : 0;
    zero = generate_config_from_json(text, zero, seed_ ? &seed_copy : nullptr, config_path_);
    width_given = zero.width == cfg.width;
    height_given = zero.height == cfg.height;
  }
  uint64_t no_seed = 0;
  for (Flag& f : flags_) {
    if (f.option->count() == 0) continue;
    width_given = width_given || f.param->name == "width";
    height_given = height_given || f.param->name == "height";
    const ConfigField field = f.param->field(cfg, seed_ ? *seed_ : no_seed);
    std::visit(
        [&](auto* target) {
          using T = std::remove_pointer_t<decltype(target)>;
          if constexpr (kTextChoice<T>) set_config_choice(field, std::get<std::string>(f.given), f.param->key());
          else *target = std::get<T>(f.given);
        },
        field);
  }
  return cfg;
}

}  // namespace catacomb::cli
