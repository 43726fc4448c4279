// catacomb generate: make a dungeon from a seed and write it as PNG, JSON and/or ASCII.
#include <ostream>

#include "core/error.hpp"
#include "generator/caves.hpp"
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "tools/outputs.hpp"

namespace catacomb::cli {
namespace {

class GenerateCommand : public Command {
 public:
  explicit GenerateCommand(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("generate", "Generate a dungeon from a seed");
    sub->footer(
        "Example:\n"
        "  catacomb generate --generator caves --seed 7 --width 80 --height 50 --png cave.png --json cave.json\n"
        "With no --png/--json/--txt, the ASCII map is printed to standard output.\n"
        "ASCII legend: # wall  . floor  , corridor  + door  ~ water  \" vegetation  = road\n"
        "              < start  > exit  1-9 further objectives\n");
    sub->add_option("--generator", generator_, "Generator to use")
        ->check(CLI::IsMember({"caves"}))
        ->capture_default_str();
    sub->add_option("--seed", seed_, "64-bit seed: the same seed and parameters give the same files")
        ->capture_default_str();
    sub->add_option("--width", caves_.width, "Map width in tiles (3 to 16384)")->capture_default_str();
    sub->add_option("--height", caves_.height, "Map height in tiles (3 to 16384)")->capture_default_str();
    sub->add_option("--fill", caves_.fill, "caves: percent of cells that start as wall (0 to 100)")
        ->capture_default_str();
    sub->add_option("--passes", caves_.passes, "caves: smoothing passes (0 to 100)")->capture_default_str();
    sub->add_option("--wall-threshold", caves_.wall_threshold,
                    "caves: walls in the 3x3 block that make a wall (0 to 9; 5 is the 4-5 rule)")
        ->capture_default_str();
    sub->add_option("--open-passes", caves_.open_passes,
                    "caves: first passes that also open cells with few walls within two steps (0 to --passes)")
        ->capture_default_str();
    sub->add_option("--open-threshold", caves_.open_threshold,
                    "caves: in those passes, a cell with at most this many walls in its 5x5 block becomes wall "
                    "(0 to 25)")
        ->capture_default_str();
    add_output_options(*sub, outputs_);
  }

  int run(std::ostream& out, std::ostream&) override {
    caves_.check();
    check_outputs(outputs_, caves_.width, caves_.height);
    Dungeon d = generate_caves(caves_, seed_);
    write_outputs(d, outputs_, out);
    return kExitOk;
  }

 private:
  std::string generator_ = "caves";
  uint64_t seed_ = 1;
  CaveConfig caves_;
  OutputOptions outputs_;
};

}  // namespace

std::unique_ptr<Command> add_generate_command(CLI::App& app) { return std::make_unique<GenerateCommand>(app); }

}  // namespace catacomb::cli
