// catacomb generate: make a valid dungeon from a seed and write it as PNG, JSON and/or ASCII.
//
// Every generator parameter is a flag and a key of the optional JSON config file (--config);
// flags given on the command line override the file (tools/generator_flags.hpp: the table batch
// shares).
#include <memory>
#include <tuple>
#include <ostream>

#include <catacomb/core/error.hpp>
#include <catacomb/core/threads.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/core/atomic_file.hpp>
#include "tools/generator_flags.hpp"
#include "tools/cli.hpp"
#include "tools/command.hpp"
#include "tools/memory_budget.hpp"
#include "tools/number_flags.hpp"
#include "tools/outputs.hpp"

namespace catacomb::cli {
namespace {

class GenerateCommand : public Command {
 public:
  explicit GenerateCommand(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("generate", "Generate a valid dungeon from a seed");
    sub->footer(
        "Examples:\n"
        "  catacomb generate --seed 7 --png dungeon.png --json dungeon.json\n"
        "  catacomb generate --generator caves --seed 7 --width 80 --height 50 --png cave.png --json cave.json\n"
        "  catacomb generate --config recipe.json --seed 3 --txt map.txt   (flags override the file)\n"
        "  catacomb generate --generator platformer --seed 7 --jump-height 3 --png level.png --txt level.txt\n"
        "With no --png/--json/--txt, the ASCII map is printed to standard output.\n"
        "ASCII legend: # wall  . floor  , corridor  + door  ~ water  \" vegetation  = road  H ladder  - platform\n"
        "              < start  > exit  1-9 further objectives\n"
        "Exit codes: 0 ok, 1 no valid dungeon within --max-attempts or --time-limit, 2 bad input, 3 I/O error.\n");
    flags_ = std::make_unique<GeneratorFlags>(*sub, &seed_);
    add_output_options(*sub, outputs_);
    memory_.add_option(*sub);
    add_number_option(*sub, "--threads", threads_,
                      "Threads one map may use (" + threads_range_text() +
                          "; default 2, 1 on a one-core machine); the same files for any");
    add_number_option(*sub, "--time-limit", time_limit_ms_,
                      "Start no attempt after MS milliseconds (exit 1 with the reason; 0: no limit). "
                      "The first attempt always runs; a dungeon made is the same with any limit")
        ->type_name("MS");
    sub->add_flag("--partial", partial_,
                  "With --mission: when no attempt lays it out, write the best partial layout (the attempt "
                  "that placed the most rooms) to the outputs asked for; the exit code is still 1");
  }

  int run(std::ostream& out, std::ostream&) override {
    cfg_ = flags_->resolve();
    if (!threads_in_range(threads_))
      throw InvalidArgument(FieldProblem{"--threads", std::to_string(threads_), threads_range_text()});
    cfg_.threads = threads_;
    if (time_limit_ms_ < 0)
      throw InvalidArgument(FieldProblem{"--time-limit", std::to_string(time_limit_ms_), "0 (none) or more ms"});
    cfg_.check();
    std::tie(cfg_.width, cfg_.height) = cfg_.map_size();  // a size chosen from the mission, when left out
    check_outputs(outputs_, cfg_.width, cfg_.height);
    memory_.check("generate", uint64_t(cfg_.width) * uint64_t(cfg_.height), generate_bytes_per_cell(cfg_.generator));
    // Overlays draw validation's region and distance maps: the pipeline keeps them.
    cfg_.keep_maps = !outputs_.png.empty() && outputs_.annotated();
    GenerateResult r = generate_within_limit(out);
    write_outputs(r.dungeon, outputs_, out, validate_options_for(cfg_), &r.report);
    if (outputs_.any()) {
      const Dungeon& d = r.dungeon;
      out << d.generator << " " << d.tiles.width() << "x" << d.tiles.height() << " seed " << d.seed << ": ";
      if (!d.rooms.empty()) out << d.rooms.size() << " rooms, ";
      out << d.objectives.size() << " objectives, valid after " << d.attempts
          << (d.attempts == 1 ? " attempt" : " attempts") << "\n";
      for (const std::string& fix : r.repairs) out << "  repaired: " << fix << "\n";
    }
    return kExitOk;
  }

 private:
  static constexpr int kDefaultTimeLimitMs = 30000;

  // generate_dungeon under --time-limit (asked between attempts), writing the best partial layout
  // on failure when --partial asks for it.
  GenerateResult generate_within_limit(std::ostream& out) {
    cfg_.keep_partial = partial_;
    try {
      return generate_dungeon_within(cfg_, seed_, time_limit_ms_);
    } catch (const PartialLayoutError& e) {
      write_outputs(e.partial(), outputs_, out, validate_options_for(cfg_), nullptr);
      out << "wrote the best partial layout (" << e.summary() << ")\n";
      throw;
    }
  }

  GenerateConfig cfg_;
  uint64_t seed_ = 1;
  int threads_ = default_threads();
  int time_limit_ms_ = kDefaultTimeLimitMs;
  bool partial_ = false;
  std::unique_ptr<GeneratorFlags> flags_;
  OutputOptions outputs_;
  MemoryBudget memory_;
};

}  // namespace

std::unique_ptr<Command> add_generate_command(CLI::App& app) { return std::make_unique<GenerateCommand>(app); }

}  // namespace catacomb::cli
