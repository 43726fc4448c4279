#pragma once
/// One subcommand of the CLI: it declares its options on a CLI11 sub-app, then runs once parsed.
#include <CLI/CLI.hpp>
#include <iosfwd>
#include <memory>
#include <string>

namespace catacomb::cli {

class Command {
 public:
  virtual ~Command() = default;
  /// Runs after a successful parse. Returns the exit code; may throw catacomb::InvalidArgument
  /// (exit 2) or catacomb::IoError (exit 3).
  virtual int run(std::ostream& out, std::ostream& err) = 0;
};

/// Each subcommand's file defines one of these; cli.cpp registers them.
std::unique_ptr<Command> add_generate_command(CLI::App& app);
std::unique_ptr<Command> add_validate_command(CLI::App& app);
std::unique_ptr<Command> add_verify_command(CLI::App& app);
std::unique_ptr<Command> add_path_command(CLI::App& app);
std::unique_ptr<Command> add_scen_command(CLI::App& app);
std::unique_ptr<Command> add_batch_command(CLI::App& app);
std::unique_ptr<Command> add_tileset_command(CLI::App& app);
std::unique_ptr<Command> add_templates_command(CLI::App& app);

}  // namespace catacomb::cli
