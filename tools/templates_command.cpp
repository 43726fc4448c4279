// catacomb templates check SET: lints a room template set drawn in Tiled before it is used
// (io/template_set.hpp reads it, check_template_set lints it): every problem on its own line,
// naming the template and the map cell, so a designer finds it in Tiled. With --mission, also a
// template for every type the mission asks for, and what rules the mission out whatever the seed.
#include <algorithm>
#include <memory>
#include <ostream>
#include <string>

#include <catacomb/core/error.hpp>
#include <catacomb/core/mission.hpp>
#include <catacomb/generator/template_layout.hpp>
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/template_set.hpp>
#include "tools/cli.hpp"
#include "tools/command.hpp"

namespace catacomb::cli {
namespace {

class TemplatesCommand : public Command {
 public:
  explicit TemplatesCommand(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("templates", "Room template sets drawn in Tiled");
    sub->require_subcommand(1);
    CLI::App* check = sub->add_subcommand("check", "Lint a template set before it is used");
    check->footer(
        "Examples:\n"
        "  catacomb templates check examples/templates/crypt.tmj\n"
        "  catacomb templates check examples/templates/crypt.tmx --mission examples/missions/two-cycles.json\n"
        "  catacomb templates check examples/templates/crypt.tmj --theme garden   (only the templates tagged garden)\n"
        "Checks: every template named (uniquely), its properties of the right types, at least one socket, each\n"
        "socket on the template's edge (not a corner) and reachable from every other socket and spot inside it\n"
        "(chance cells counted as wall), no overlapping templates, a template for each type the mission needs,\n"
        "tags separated by commas; with --theme, on the templates tagged TAG only.\n"
        "Each problem is printed on its own line, naming the template and the cell of the set's map.\n"
        "Exit codes: 0 no problem, 1 problems found, 2 bad input (not a Tiled map painted with catacomb's\n"
        "tileset, a bad mission, a theme no template has), 3 I/O error.\n");
    check->add_option("SET", set_path_, "The template set (.tmj or .tmx)")->required();
    check->add_option("--mission", mission_path_, "A mission whose node types the set must have")->type_name("FILE");
    check
        ->add_option("--theme", theme_,
                     "Check the templates tagged TAG only, as generate --theme uses them (with --mission: a "
                     "template for every node among them)")
        ->type_name("TAG");
  }

  int run(std::ostream& out, std::ostream&) override {
    TemplateSetReading reading = load_template_set(set_path_);
    std::vector<std::string> lines;
    for (const TemplateProblem& p : reading.problems) lines.push_back(p.text());
    const TemplateSet themed = reading.set.with_theme(theme_);
    if (!theme_.empty() && themed.templates.empty() && reading.problems.empty())
      throw InvalidArgument(
          FieldProblem{"--theme", theme_, "a tag of at least one template of set " + reading.set.name});
    const std::string tagged = theme_.empty() ? "" : " tagged " + theme_;
    if (!mission_path_.empty()) {
      const Mission mission = load_mission(mission_path_);
      std::vector<std::string> types;
      for (const MissionNode& n : mission.nodes)
        if (!n.type.empty() && std::find(types.begin(), types.end(), n.type) == types.end()) types.push_back(n.type);
      for (const std::string& type : types)
        if (themed.of_type(type).empty())
          lines.push_back("template set: no template of type " + type + tagged + " (mission " + mission.name +
                          " needs one)");
      for (const FieldProblem& why : mission_layout_problems(mission, themed, theme_))
        lines.push_back("mission " + mission.name + ": " + why.value + ": expected " + why.expected);
    }
    for (const std::string& line : lines) out << line << "\n";
    if (!lines.empty()) {
      out << set_path_ << ": " << lines.size() << (lines.size() == 1 ? " problem" : " problems") << "\n";
      return kExitFailed;
    }
    int sockets = 0, spots = 0;
    for (const RoomTemplate& t : themed.templates) {
      sockets += static_cast<int>(t.sockets.size());
      spots += static_cast<int>(t.spots.size());
    }
    out << set_path_ << ": ok, " << themed.templates.size() << " templates" << tagged << " (" << sockets << " sockets, "
        << spots << " spots)" << (reading.set.side_view ? ", side view" : "") << "\n";
    return kExitOk;
  }

 private:
  std::string set_path_, mission_path_, theme_;
};

}  // namespace

std::unique_ptr<Command> add_templates_command(CLI::App& app) { return std::make_unique<TemplatesCommand>(app); }

}  // namespace catacomb::cli
